import { z } from 'zod';
import { HoleLine } from './leaderboards.js';

/**
 * A player's scorecard as it is shown (issue 14): the handicaps it plays off, frozen when its round became ready,
 * a line per hole and the running totals — `scorecardLines` in `shared/domain/leaderboards/hole-lines.ts`, field for
 * field, so the portal, the dashboard and the device show the same numbers.
 */
export const ScorecardLines = z.object({
  courseHandicap: z.number().nullable().describe('WHS Rule 6.1 Course Handicap, unrounded, as frozen on the scorecard; null without a Handicap Index'),
  allowancePercent: z.number().describe("Handicap allowance (WHS Appendix C) of the round's format the Playing Handicap was taken at"),
  playingHandicap: z.number().int().nullable().describe('WHS Rule 6.2 Playing Handicap the strokes received come from; null without a Handicap Index (off scratch)'),
  /** Per hole: par, stroke index, gross, strokes received, net, Stableford points. */
  perHole: z.array(HoleLine),
  thru: z.number().int().describe('Holes played, picked-up holes included'),
  gross: z.number().int().describe('Gross over the holes played, a picked-up hole at net double bogey'),
  net: z.number().int(),
  points: z.number().int().describe('Stableford points over the holes played'),
});
export type ScorecardLines = z.infer<typeof ScorecardLines>;
