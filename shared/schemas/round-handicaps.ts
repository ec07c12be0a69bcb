import { z } from 'zod';
import { Id } from './common.js';
import { Hole } from './course.js';
import { RoundState } from './round.js';

/**
 * One player's handicaps in a round and the holes where their strokes fall (issue 23): the Course Handicap, the
 * allowance and the Playing Handicap, and the strokes received per hole as a scorecard's lines give them
 * (`scorecardLines` in `shared/domain/leaderboards/hole-lines.ts`). Once a round is ready they are those frozen on
 * the player's scorecard; in a draft round a preview computed from the player's Handicap Index now, by the same
 * functions that will freeze them (`handicapSnapshot` in `shared/domain/rounds.ts`).
 */
export const RoundHandicapPlayer = z.object({
  playerId: Id,
  name: z.string().describe("The player's name, or '(removed player)' for a scorecard whose player left the trip"),
  groupId: z.string().nullable().describe("The player's group in the round, or null"),
  scorecardId: z.string().nullable().describe('The scorecard the figures are frozen on; null in a draft round (a preview)'),
  tee: z.string().nullable().describe('The tee played; null when the round does not say yet (see `problem`)'),
  handicapIndex: z.number().nullable(),
  courseHandicap: z.number().nullable().describe('WHS Rule 6.1 Course Handicap, unrounded; null without a Handicap Index or a tee'),
  allowancePercent: z.number().describe('WHS Appendix C allowance of the round format the Playing Handicap is taken at'),
  playingHandicap: z.number().int().nullable().describe('WHS Rule 6.2 Playing Handicap; null without a Handicap Index (off scratch) or a tee'),
  strokesReceived: z
    .array(z.number().int())
    .describe("Per hole of the course, in card order: strokes received (WHS Appendix E); negative where a plus handicap gives strokes back"),
  problem: z.string().optional().describe('Why the figures cannot be computed yet (no course, no tee)'),
});
export type RoundHandicapPlayer = z.infer<typeof RoundHandicapPlayer>;

export const RoundHandicaps = z.object({
  roundId: Id,
  state: RoundState,
  source: z.enum(['scorecards', 'preview']).describe("`scorecards`: frozen when the round became ready; `preview`: a draft round's figures as they would freeze now"),
  holes: z.array(Hole).describe("The round's course holes (empty without a course)"),
  players: z.array(RoundHandicapPlayer).describe("Every player of the round, in the round's order"),
});
export type RoundHandicaps = z.infer<typeof RoundHandicaps>;
