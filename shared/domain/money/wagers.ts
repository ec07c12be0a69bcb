import { splitEvenly } from './allocate.js';

/** Who won a settled wager: side A, side B, or nobody (a push returns every stake). */
export type WagerOutcome = 'A' | 'B' | 'push';

export interface WagerMoney {
  status: string;
  outcome: WagerOutcome | null;
  sideA: string[];
  sideB: string[];
  stakeCents: number;
}

/**
 * What one settled wager moves, per player: the losing side together pays `stakeCents`, the winning side together
 * receives it, each side split evenly with the odd cents to the players listed first. A push, or a wager still
 * open, moves nothing. The nets sum to zero.
 *
 * @example wagerMoney({ status: 'settled', outcome: 'A', sideA: ['ann', 'bob'], sideB: ['cy'], stakeCents: 1001 })
 * // { ann: 501, bob: 500, cy: -1001 }
 */
export function wagerMoney(wager: WagerMoney): Record<string, number> {
  const nets: Record<string, number> = {};
  if (wager.status !== 'settled' || (wager.outcome !== 'A' && wager.outcome !== 'B')) return nets;
  const [winners, losers] = wager.outcome === 'A' ? [wager.sideA, wager.sideB] : [wager.sideB, wager.sideA];
  if (winners.length === 0 || losers.length === 0 || wager.stakeCents === 0) return nets;
  splitEvenly(wager.stakeCents, winners.length).forEach((cents, i) => add(nets, winners[i]!, cents));
  splitEvenly(wager.stakeCents, losers.length).forEach((cents, i) => add(nets, losers[i]!, -cents));
  return nets;
}

/**
 * Each player's net over settled wagers (positive: is owed money). Open wagers and pushes count nothing; the nets
 * sum to zero.
 */
export function wagerNets(wagers: readonly WagerMoney[]): Record<string, number> {
  const nets: Record<string, number> = {};
  for (const w of wagers) for (const [id, cents] of Object.entries(wagerMoney(w))) add(nets, id, cents);
  return nets;
}

function add(nets: Record<string, number>, id: string, cents: number): void {
  nets[id] = (nets[id] ?? 0) + cents;
}
