import { z } from 'zod';
import { DocBase, Email, HandicapIndex, Id, Phone } from './common.js';

export const PlayerRole = z.enum(['player', 'organizer']);

const Label = z.string().trim().min(1).max(60);
/** Up to 20 organizer-defined fields: a name (1–40 characters) and a text or number value. */
export const CustomFields = z
  .record(z.string().trim().min(1).max(40), z.union([z.string().trim().max(120), z.number().finite()]))
  .refine((f) => Object.keys(f).length <= 20, 'at most 20 fields');
export type PlayerRole = z.infer<typeof PlayerRole>;

const playerFields = {
  name: z.string().trim().min(1).max(120),
  email: Email.optional(),
  phone: Phone.optional(),
  handicapIndex: HandicapIndex.optional(),
  role: PlayerRole.default('player'),
  /** Team name for team competitions (e.g. "USA", "Europe"); players with the same name form a team. */
  team: z.string().trim().min(1).max(60).optional(),
  /** Division and flight, for placing players in waves by division or by flight (e.g. "Seniors", "A"). */
  division: Label.optional(),
  flight: Label.optional(),
  /** Fields the organizer defines (e.g. `{"club": "North"}`), for placing players in waves by a custom field. */
  fields: CustomFields.optional(),
};

/** Body of `POST /trips/:tripId/players`, and one row of the bulk body. */
export const PlayerInput = z.strictObject(playerFields);
export type PlayerInput = z.infer<typeof PlayerInput>;

const PatchPlayerFields = z
  .strictObject({
    name: playerFields.name,
    email: Email.nullable(),
    phone: Phone.nullable(),
    handicapIndex: HandicapIndex.nullable(),
    role: PlayerRole,
    team: playerFields.team.unwrap().nullable(),
    division: Label.nullable(),
    flight: Label.nullable(),
    fields: CustomFields.nullable(),
  })
  .partial();

export const PatchPlayerBody = PatchPlayerFields.refine((b) => Object.keys(b).length > 0, 'give at least one field to change');
export type PatchPlayerBody = z.infer<typeof PatchPlayerBody>;

/** One change of a bulk body: the player's id and the fields to change, as in a PATCH (null removes a field). */
export const PlayerUpdate = PatchPlayerFields.extend({ id: Id });
export type PlayerUpdate = z.infer<typeof PlayerUpdate>;

/**
 * Body of `POST /trips/:tripId/players/bulk`: players to add and players to change, written all or nothing (a
 * roster import adds the new golfers and merges the rows that match players already on the trip in one request).
 */
export const BulkPlayersBody = z
  .strictObject({
    players: z.array(PlayerInput).max(500).default([]),
    updates: z.array(PlayerUpdate).max(500).default([]),
  })
  .refine((b) => b.players.length + b.updates.length > 0, { message: 'give at least one player to add or to change', path: ['players'] })
  .refine((b) => new Set(b.updates.map((u) => u.id)).size === b.updates.length, { message: 'each player at most once in updates', path: ['updates'] });
export type BulkPlayersBody = z.infer<typeof BulkPlayersBody>;

/** The player document, `player:<playerId>`. */
export const PlayerDoc = DocBase.extend({
  type: z.literal('player'),
  id: Id,
  ...playerFields,
  role: PlayerRole,
  /**
   * The player's place in the request that added them (a pasted roster's row, 0-based): players added by one request
   * share `createdAt`, and this keeps them in the order given. Absent on players added before it was kept.
   */
  addedIndex: z.number().int().min(0).optional(),
});
export type PlayerDoc = z.infer<typeof PlayerDoc>;

export const Player = z.object({
  id: Id,
  tripId: Id,
  name: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
  handicapIndex: z.number().optional(),
  role: PlayerRole,
  team: z.string().optional(),
  division: z.string().optional(),
  flight: z.string().optional(),
  fields: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Player = z.infer<typeof Player>;

export const PlayerParams = z.strictObject({ tripId: Id, playerId: Id });
