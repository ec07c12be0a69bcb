import { z } from 'zod';
import { DocBase, Id } from './common.js';

/** How a competition ranks players across its rounds; the scoring rules themselves are the golf scoring domain's. */
export const CompetitionFormat = z.enum(['stroke_gross', 'stroke_net', 'stableford', 'match_play', 'team_match']);
export type CompetitionFormat = z.infer<typeof CompetitionFormat>;

/** The fields the trip wizard takes for a competition (its rounds are given by reference, see `WizardCompetition`). */
export const CompetitionInput = z.strictObject({
  name: z.string().trim().min(1).max(120),
  format: CompetitionFormat,
  /** Break ties by the last 9, 6, 3 and 1 holes (card countback) instead of sharing the place. */
  countback: z.boolean().default(false),
});

/**
 * A handicap allowance in percent (WHS Rules of Handicapping, Appendix C: the Committee may set its own in the terms
 * of the competition). Without one, a competition plays at the WHS default of its format.
 */
export const AllowancePercent = z.number().min(0).max(100);

/** The rounds a competition counts, each of the trip, each once. */
const CompetitionRoundIds = z
  .array(Id)
  .min(1)
  .max(60)
  .refine((ids) => new Set(ids).size === ids.length, 'a round is listed twice');

/** Body of `POST /trips/:tripId/competitions`. Rounds must be rounds of the trip (422 otherwise). */
export const CreateCompetitionBody = CompetitionInput.extend({
  roundIds: CompetitionRoundIds,
  allowancePercent: AllowancePercent.optional(),
});
export type CreateCompetitionBody = z.infer<typeof CreateCompetitionBody>;

/** Body of `PATCH /trips/:tripId/competitions/:competitionId`: any field; `allowancePercent: null` removes the override. */
export const PatchCompetitionBody = z
  .strictObject({
    name: CompetitionInput.shape.name,
    format: CompetitionFormat,
    countback: z.boolean(),
    roundIds: CompetitionRoundIds,
    allowancePercent: AllowancePercent.nullable(),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');
export type PatchCompetitionBody = z.infer<typeof PatchCompetitionBody>;

/** The competition document, `competition:<id>`. */
export const CompetitionDoc = DocBase.extend({
  type: z.literal('competition'),
  id: Id,
  name: z.string(),
  format: CompetitionFormat,
  countback: z.boolean(),
  roundIds: z.array(Id),
  /** The Committee's handicap allowance for this competition, overriding the WHS default of its format. */
  allowancePercent: AllowancePercent.optional(),
});
export type CompetitionDoc = z.infer<typeof CompetitionDoc>;

/** A competition as the dashboard reads it. */
export const Competition = CompetitionDoc.omit({ _id: true, _rev: true, type: true }).extend({ tripId: Id });
export type Competition = z.infer<typeof Competition>;

export const CompetitionParams = z.strictObject({ tripId: Id, competitionId: Id });
