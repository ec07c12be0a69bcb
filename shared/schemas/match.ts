import { z } from 'zod';
import { DocBase, Id } from './common.js';

/**
 * A team match of a `team_match` competition (Ryder Cup style): singles is one player against one, four-ball two
 * against two (Rules of Golf Rule 23, better ball of the partners). Each side comes from one team (players with the
 * same `team` name), the two sides from different teams.
 */
export const MatchFormat = z.enum(['singles', 'fourball']);
export type MatchFormat = z.infer<typeof MatchFormat>;

/** Players each side has in a match of each format. */
export const SIDE_SIZE: Record<MatchFormat, number> = { singles: 1, fourball: 2 };

/** What winning the match is worth, in half points (a halved match gives each side half of it). */
export const MatchPoints = z.number().min(0.5).max(10).multipleOf(0.5, 'points go in steps of 0.5');

/** One side of a match. Its size is checked against the format (422), so only the shape is limited here. */
const Side = z.array(Id).max(10);

const matchFields = {
  /** One of the competition's rounds. */
  roundId: Id,
  format: MatchFormat,
  sideA: Side,
  sideB: Side,
  points: MatchPoints,
};

/** Body of `POST /trips/:tripId/competitions/:competitionId/matches`. */
export const CreateMatchBody = z.strictObject({ ...matchFields, points: MatchPoints.default(1) });
export type CreateMatchBody = z.infer<typeof CreateMatchBody>;

/** Body of `PATCH …/matches/:matchId`: any field; the match as changed is checked again as a whole. */
export const PatchMatchBody = z
  .strictObject(matchFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');
export type PatchMatchBody = z.infer<typeof PatchMatchBody>;

/** The match document, `match:<id>`. */
export const MatchDoc = DocBase.extend({
  type: z.literal('match'),
  id: Id,
  competitionId: Id,
  roundId: Id,
  format: MatchFormat,
  sideA: z.array(Id),
  sideB: z.array(Id),
  points: z.number(),
});
export type MatchDoc = z.infer<typeof MatchDoc>;

/** A match as the dashboard reads it. */
export const Match = MatchDoc.omit({ _id: true, _rev: true, type: true }).extend({ tripId: Id });
export type Match = z.infer<typeof Match>;

export const MatchParams = z.strictObject({ tripId: Id, competitionId: Id, matchId: Id });
export const MatchListQuery = z.object({ roundId: Id.optional() });
