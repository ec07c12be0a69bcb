import { z } from 'zod';
import { DocBase, Id, Instant, IsoDate } from './common.js';

/**
 * Availability: which days of the trip a player can come, and which rounds they can play. One document per player,
 * `availability:<playerId>`, in the trip database, so phones have it offline and a player can change their own there.
 */

/** What a player says: the days they can come (any others of the trip they cannot), and per round yes or no. */
const answerFields = {
  /** Trip days the player can come; days of the trip not listed are days they cannot. Left out: not answered. */
  days: z.array(IsoDate).max(60).refine((d) => new Set(d).size === d.length, 'each day once').optional(),
  /** Per round id: can play (true) or cannot (false). A round left out follows the answer for its day. */
  rounds: z.record(Id, z.boolean()).optional(),
  note: z.string().trim().max(500).optional(),
};

export const AvailabilityBody = z
  .strictObject(answerFields)
  .refine((b) => b.days !== undefined || b.rounds !== undefined || b.note !== undefined, 'give days, rounds or a note');
export type AvailabilityBody = z.infer<typeof AvailabilityBody>;

export const BulkAvailabilityBody = z.strictObject({
  entries: z
    .array(z.strictObject({ playerId: Id, ...answerFields }))
    .min(1)
    .max(200)
    .refine((e) => new Set(e.map((x) => x.playerId)).size === e.length, 'each player once'),
});
export type BulkAvailabilityBody = z.infer<typeof BulkAvailabilityBody>;

export const AvailabilityDoc = DocBase.extend({
  type: z.literal('availability'),
  id: Id,
  playerId: Id,
  ...answerFields,
  updatedBy: z.object({ kind: z.enum(['organizer', 'player']), id: z.string() }),
});
export type AvailabilityDoc = z.infer<typeof AvailabilityDoc>;

export const Availability = z.object({
  playerId: Id,
  /** False until the player (or an organizer) answered. */
  answered: z.boolean(),
  days: z.array(IsoDate).nullable(),
  rounds: z.record(z.string(), z.boolean()),
  note: z.string().nullable(),
  updatedAt: Instant.nullable(),
});
export type Availability = z.infer<typeof Availability>;

export const AvailabilityList = z.object({ items: z.array(Availability) });

const Who = z.object({ available: z.array(Id), unavailable: z.array(Id), unanswered: z.array(Id) });
export const AvailabilitySummary = z.object({
  days: z.array(Who.extend({ date: IsoDate })),
  rounds: z.array(Who.extend({ roundId: Id, name: z.string(), date: IsoDate })),
});
export type AvailabilitySummary = z.infer<typeof AvailabilitySummary>;
