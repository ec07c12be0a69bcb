import { z } from 'zod';
import { AmountCents, Cents, DocBase, Id, Instant } from './common.js';
import { Creator } from './money.js';

/**
 * Wagers between players or teams of a trip. The losing side together pays `stakeCents` (integer minor units of
 * the trip's currency) to the winning side together; each side's part is split evenly in the order listed, the odd
 * cents to the players listed first. A push moves nothing.
 */

export const WagerStatus = z.enum(['open', 'settled']);
export type WagerStatus = z.infer<typeof WagerStatus>;
export const WagerOutcome = z.enum(['A', 'B', 'push']);
export type WagerOutcome = z.infer<typeof WagerOutcome>;

const PlayerIds = z
  .array(Id)
  .min(1, 'a side needs at least one player')
  .max(100)
  .refine((ids) => new Set(ids).size === ids.length, 'a player is listed twice on this side');

/** A side: player ids of the trip, or `{ team }`: every player of the trip whose `team` is that name. */
export const WagerSideInput = z.union([PlayerIds, z.strictObject({ team: z.string().trim().min(1).max(60) })]);
export type WagerSideInput = z.infer<typeof WagerSideInput>;

/** Body of `POST /trips/:tripId/wagers`. */
export const CreateWagerBody = z.strictObject({
  sideA: WagerSideInput,
  sideB: WagerSideInput,
  /** What the losing side pays the winning side in total, in cents of the trip's currency. */
  stakeCents: AmountCents.min(1, 'must be at least 1 cent'),
  terms: z.string().trim().min(1).max(500),
  /** A round of the trip the wager is about. */
  roundId: Id.optional(),
  /** A side game of the trip the wager is about. */
  sideGameId: Id.optional(),
});
export type CreateWagerBody = z.infer<typeof CreateWagerBody>;

/** Body of `PATCH …/wagers/:wagerId/settle`. */
export const SettleWagerBody = z.strictObject({ winner: WagerOutcome });
export type SettleWagerBody = z.infer<typeof SettleWagerBody>;

/**
 * The wager document, `wager:<id>`. `sideA`, `sideB` and `winnerPlayerId` are the field names the `trip/player_refs`
 * view indexes, so a player with a wager cannot be deleted.
 */
export const WagerDoc = DocBase.extend({
  type: z.literal('wager'),
  id: Id,
  sideA: z.array(Id).min(1),
  sideB: z.array(Id).min(1),
  /** The team name a side was given by, else null. */
  teamA: z.string().nullable(),
  teamB: z.string().nullable(),
  stakeCents: AmountCents.min(1),
  terms: z.string().min(1).max(500),
  roundId: Id.nullable(),
  sideGameId: Id.nullable(),
  status: WagerStatus,
  outcome: WagerOutcome.nullable(),
  /** The winner when one player wins alone; null otherwise (open, push, or a side of several). */
  winnerPlayerId: Id.nullable(),
  settledAt: Instant.nullable(),
  createdBy: Creator,
});
export type WagerDoc = z.infer<typeof WagerDoc>;

const PlayerCents = z.object({ playerId: Id, cents: z.number().int() });

/** A wager as the dashboard reads it, with the money it moves per player (empty while open, or for a push). */
export const Wager = WagerDoc.omit({ _id: true, _rev: true, type: true }).extend({
  tripId: Id,
  currency: z.string(),
  amounts: z.array(PlayerCents),
});
export type Wager = z.infer<typeof Wager>;

export const WagerParams = z.strictObject({ tripId: Id, wagerId: Id });
export const WagerListQuery = z.strictObject({ status: WagerStatus.optional(), roundId: Id.optional() });
