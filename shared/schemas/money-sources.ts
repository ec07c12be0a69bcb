import { z } from 'zod';
import { SettlementKind } from './money.js';

/**
 * Where each player's net of a settlement plan comes from, item by item: each expense (what they paid and their
 * share), each side game of a completed round, each settled wager, the pot's entry and payout, and each settlement
 * already paid. A player's items add up exactly to their net in the plan of the same kind.
 */
export const MoneySourceKind = z.enum(['expense', 'side_game', 'wager', 'pot_entry', 'pot_payout', 'settled']);
export type MoneySourceKind = z.infer<typeof MoneySourceKind>;

export const MoneySourceItem = z.object({
  source: MoneySourceKind,
  /** The expense, side game, wager or settlement id; the trip id for the pot. */
  refId: z.string(),
  /** What a person calls it: the expense's description, the game's and its round's names, the wager's terms… */
  label: z.string(),
  /** This item's part of the player's net, in cents of the trip currency (positive: is owed money). */
  cents: z.number().int(),
  /** Expenses only: what the player paid and their share of it. */
  paidCents: z.number().int().optional(),
  shareCents: z.number().int().optional(),
});
export type MoneySourceItem = z.infer<typeof MoneySourceItem>;

export const MoneySourcesQuery = z.strictObject({ kind: SettlementKind.default('unified') });

export const MoneySources = z.object({
  kind: SettlementKind,
  currency: z.string(),
  players: z.array(
    z.object({
      playerId: z.string(),
      name: z.string(),
      /** The sum of `items`: the player's net in the plan of this kind. */
      netCents: z.number().int(),
      items: z.array(MoneySourceItem),
    }),
  ),
});
export type MoneySources = z.infer<typeof MoneySources>;
