import { allocate } from './allocate.js';

/** A payout by place: a percentage of the pot (up to 2 decimals) or a fixed amount in cents. */
export type PotPayoutRule = { place: number; percent: number } | { place: number; cents: number };
export type PayoutMode = 'percentages' | 'amounts';

export interface PlayerCents {
  playerId: string;
  cents: number;
}

/**
 * The cents each place pays: percentages of the total, divided exactly (largest remainder, ties to the earlier
 * place), or the amounts as given. Index 0 is place 1.
 *
 * @example placeAmounts(1001, 'percentages', [{ place: 1, percent: 50 }, { place: 2, percent: 50 }]) // [501, 500]
 */
export function placeAmounts(totalCents: number, mode: PayoutMode, payouts: readonly PotPayoutRule[]): number[] {
  const sorted = [...payouts].sort((a, b) => a.place - b.place);
  if (mode === 'amounts') return sorted.map((p) => ('cents' in p ? p.cents : 0));
  // Percent with up to 2 decimals as whole basis points, so the weights are integers.
  const weights = sorted.map((p) => ('percent' in p ? Math.round(p.percent * 100) : 0));
  if (sorted.length === 0 || weights.every((w) => w === 0)) return sorted.map(() => 0);
  return allocate(totalCents, weights);
}

/**
 * What each ranked player receives from the pot. `standings` are the ranked participants in standing order, with
 * tied players sharing a place (competition ranking: two tied for 1st, the next is 3rd). Tied players share the
 * payouts of every place they occupy together (two tied for 1st split places 1 and 2), divided with `allocate` in
 * standing order (the odd cent to the one listed first). Places beyond the payouts pay nothing; a player who pays
 * nothing is left out. The result lists payees in standing order.
 *
 * @example potPayouts({ totalCents: 1000, mode: 'percentages', payouts: [{ place: 1, percent: 70 }, { place: 2, percent: 30 }],
 *   standings: [{ playerId: 'ann', place: 1 }, { playerId: 'bob', place: 1 }, { playerId: 'cy', place: 3 }] })
 * // [{ playerId: 'ann', cents: 500 }, { playerId: 'bob', cents: 500 }]
 */
export function potPayouts(input: {
  totalCents: number;
  mode: PayoutMode;
  payouts: PotPayoutRule[];
  standings: { playerId: string; place: number }[];
}): PlayerCents[] {
  const amounts = placeAmounts(input.totalCents, input.mode, input.payouts);
  const result: PlayerCents[] = [];
  // Groups of tied players in standing order; the group at index i occupies places i+1 … i+size.
  let i = 0;
  while (i < input.standings.length) {
    let j = i + 1;
    while (j < input.standings.length && input.standings[j]!.place === input.standings[i]!.place) j++;
    const group = input.standings.slice(i, j);
    const pool = amounts.slice(i, j).reduce((a, b) => a + b, 0);
    if (pool !== 0) {
      allocate(pool, group.map(() => 1)).forEach((cents, k) => {
        if (cents !== 0) result.push({ playerId: group[k]!.playerId, cents });
      });
    }
    i = j;
  }
  return result;
}

/**
 * Each player's net from an applied pot (positive: is owed money): minus each entry, plus each payout. An applied
 * pot pays out exactly what entered it, so the nets sum to zero. No applied pot: no money moves.
 */
export function potNets(applied: { payouts: PlayerCents[]; entries: PlayerCents[] } | null | undefined): Record<string, number> {
  const nets: Record<string, number> = {};
  if (!applied) return nets;
  for (const e of applied.entries) nets[e.playerId] = (nets[e.playerId] ?? 0) - e.cents;
  for (const p of applied.payouts) nets[p.playerId] = (nets[p.playerId] ?? 0) + p.cents;
  return nets;
}
