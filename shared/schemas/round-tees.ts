import { z } from 'zod';
import { Id } from './common.js';
import { Round } from './round.js';

/** A tee of the round's course, by name as the round's copy of the course names it. */
const TeeName = z.string().trim().min(1).max(40);

/**
 * Body of `PATCH /trips/:tripId/rounds/:roundId/tees` (issue 34): who plays which tees. A player without tees of
 * their own plays the round's default tees. `everyone` is the bulk "everyone on these tees": the default becomes it
 * and every player's own tees are cleared; it stands alone.
 */
export const SetRoundTeesBody = z
  .strictObject({
    defaultTee: TeeName.nullable().optional().describe("The round's default tees (null: none; with several tees every player then needs their own)"),
    players: z
      .record(Id, TeeName.nullable())
      .optional()
      .describe("Tees per player of the round: a tee name gives the player those tees, null takes them back to the round's default"),
    everyone: TeeName.optional().describe("Every player of the round on these tees: they become the default and players' own tees are cleared"),
  })
  .refine((b) => b.defaultTee !== undefined || b.everyone !== undefined || Object.keys(b.players ?? {}).length > 0, 'give defaultTee, players or everyone')
  .refine((b) => b.everyone === undefined || (b.defaultTee === undefined && b.players === undefined), {
    message: 'everyone stands alone: it sets the default and clears every player’s own tees',
    path: ['everyone'],
  });
export type SetRoundTeesBody = z.infer<typeof SetRoundTeesBody>;

/** Body of `POST /trips/:tripId/rounds/:roundId/tees/copy`: take the tees of another round of the trip. */
export const CopyRoundTeesBody = z.strictObject({
  fromRoundId: Id.describe('The round whose tees are copied (its default, and each player’s own tees for the players of both rounds)'),
});
export type CopyRoundTeesBody = z.infer<typeof CopyRoundTeesBody>;

/** A player whose tees changed, with the handicaps they now play off. */
export const TeeChange = z.object({
  playerId: Id,
  name: z.string(),
  from: z.string().nullable().describe('The tees played before (null: none chosen yet)'),
  tee: z.string().nullable().describe('The tees played now (null: none chosen yet)'),
  courseHandicap: z.number().nullable().describe('WHS Rule 6.1 Course Handicap off the new tees, unrounded; null without a Handicap Index or tees'),
  playingHandicap: z.number().int().nullable().describe('WHS Rule 6.2 Playing Handicap off the new tees; null without a Handicap Index or tees'),
  holesEntered: z.number().int().describe('Holes the player already has scores on: they stay as entered, and their net results are counted anew'),
});
export type TeeChange = z.infer<typeof TeeChange>;

export const RoundTeesResult = z.object({
  round: Round,
  changed: z.array(TeeChange).describe('Every player whose tees changed: a ready or started round’s scorecards now carry these handicaps'),
  notCopied: z
    .array(z.object({ playerId: Id.nullable(), tee: z.string(), message: z.string() }))
    .describe('Copy only: tees of the other round this course does not have (playerId null for its default); those players keep theirs'),
});
export type RoundTeesResult = z.infer<typeof RoundTeesResult>;
