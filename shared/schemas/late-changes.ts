/**
 * What marking a player out of a round's play answers (`POST /rounds/:id/out-of-play`, and putting them back): who,
 * how, and each game's money before and after, in cents. One schema for the route, the server and the dashboard.
 */
import { z } from 'zod';
import { Id } from './common.js';

const Money = z.record(z.string(), z.number().int());

/** One game's money before and after the change, per player, in cents. */
export const GameEffect = z.object({
  gameId: z.string(),
  name: z.string(),
  kind: z.enum(['skins', 'nassau']),
  before: Money,
  after: Money,
  /** Nassau: the match ends with this change (`forfeit` or `void`); null when it goes on. */
  ends: z.enum(['forfeit', 'void']).nullable(),
  potCents: z.number().int().nullable(),
  /** Skins: the players in the game after the change. */
  players: z.number().int(),
});
export type GameEffect = z.infer<typeof GameEffect>;

export const OutOfPlayAnswer = z.object({
  playerId: Id,
  name: z.string(),
  kind: z.enum(['no_show', 'withdrawn']),
  afterHole: z.number().int(),
  /** The group they leave (a group keeps 2 players: otherwise they stay listed in it, marked). */
  leavesGroup: z.number().int().nullable(),
  games: z.array(GameEffect),
  applied: z.boolean(),
});
export type OutOfPlayAnswer = z.infer<typeof OutOfPlayAnswer>;
