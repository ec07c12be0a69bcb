import { z } from 'zod';
import { AmountCents, Cents, DocBase, Id, Instant } from './common.js';

/**
 * The tournament pot of a trip: every participant pays `entryCents` in, and the pot pays out by place in a
 * competition's final standings, as percentages of the total or as fixed amounts. Integer minor units throughout.
 */

export const PayoutMode = z.enum(['percentages', 'amounts']);
export type PayoutMode = z.infer<typeof PayoutMode>;

const Place = z.number().int().min(1).max(200);

/** A place's payout: `{place, percent}` (up to 2 decimals) or `{place, cents}`. */
export const PotPayout = z.union([
  z.strictObject({
    place: Place,
    percent: z
      .number()
      .min(0)
      .max(100)
      .refine((p) => Math.abs(p * 100 - Math.round(p * 100)) < 1e-6, 'at most 2 decimals'),
  }),
  z.strictObject({ place: Place, cents: AmountCents.min(0, 'must not be negative') }),
]);
export type PotPayout = z.infer<typeof PotPayout>;

/** Payouts by place: each place once, consecutive from 1 (in any order). */
export const PotPayouts = z
  .array(PotPayout)
  .max(200)
  .refine((rows) => {
    const places = rows.map((r) => r.place).sort((a, b) => a - b);
    return places.every((p, i) => p === i + 1);
  }, 'places must be unique and consecutive from 1');

/** Body of `PATCH /trips/:tripId/tournament-pot`: any field. `participants: null` returns to every player of the trip. */
export const PatchPotBody = z.strictObject({
  entryCents: AmountCents.min(0, 'must not be negative').optional(),
  participants: z
    .array(Id)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, 'a player is listed twice')
    .nullable()
    .optional(),
  payoutMode: PayoutMode.optional(),
  payouts: PotPayouts.optional(),
  competitionId: Id.nullable().optional(),
}).refine((b) => Object.keys(b).length > 0, 'give at least one field to change');
export type PatchPotBody = z.infer<typeof PatchPotBody>;

const PlayerCents = z.object({ playerId: Id, cents: z.number().int() });

/** The result of applying the pot to a competition's final standings. */
export const PotApplied = z.object({
  at: Instant,
  competitionId: Id,
  /** The participants ranked in the final standings, in order; tied players share a place (1, 1, 3). */
  standings: z.array(z.object({ playerId: Id, place: z.number().int().min(1) })),
  payouts: z.array(PlayerCents),
  entries: z.array(PlayerCents),
});
export type PotApplied = z.infer<typeof PotApplied>;

/**
 * The pot document, `pot:<tripId>`. `participants` is the field the `trip/player_refs` view indexes: it always holds
 * the participants as of the last write, also when `everyPlayer` says the list follows the trip's players.
 */
export const PotDoc = DocBase.extend({
  type: z.literal('pot'),
  id: Id,
  entryCents: AmountCents.min(0),
  everyPlayer: z.boolean(),
  participants: z.array(Id),
  payoutMode: PayoutMode,
  payouts: z.array(PotPayout),
  competitionId: Id.nullable(),
  applied: PotApplied.nullable(),
});
export type PotDoc = z.infer<typeof PotDoc>;

/** `GET /trips/:tripId/tournament-pot`. */
export const Pot = z.object({
  tripId: Id,
  currency: z.string(),
  /** False until the pot is first changed: the answer shows the defaults. */
  configured: z.boolean(),
  entryCents: z.number().int(),
  /** True when every player of the trip takes part (the default), false for an explicit list. */
  everyPlayer: z.boolean(),
  participants: z.array(Id),
  payoutMode: PayoutMode,
  payouts: z.array(PotPayout),
  competitionId: Id.nullable(),
  /** entryCents × the number of participants. */
  totalCents: z.number().int(),
  applied: PotApplied.nullable(),
  createdAt: Instant.nullable(),
  updatedAt: Instant.nullable(),
});
export type Pot = z.infer<typeof Pot>;
