import { z } from 'zod';
import { DocBase, Id } from './common.js';

/** How a competition ranks players across its rounds; the scoring rules themselves are the golf scoring domain's. */
export const CompetitionFormat = z.enum(['stroke_gross', 'stroke_net', 'stableford', 'match_play', 'team_match']);

export const CompetitionInput = z.strictObject({
  name: z.string().trim().min(1).max(120),
  format: CompetitionFormat,
  /** Break ties by the last 9, 6, 3 and 1 holes (card countback) instead of sharing the place. */
  countback: z.boolean().default(false),
});

/** The competition document, `competition:<id>`. */
export const CompetitionDoc = DocBase.extend({
  type: z.literal('competition'),
  id: Id,
  name: z.string(),
  format: CompetitionFormat,
  countback: z.boolean(),
  roundIds: z.array(Id),
});
export type CompetitionDoc = z.infer<typeof CompetitionDoc>;
