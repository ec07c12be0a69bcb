import type { Rivalries, Rivalry } from '../../schemas/analytics.js';
import type { DocsByType } from '../leaderboards/index.js';
import { playerRef, prepare, round2 } from './cards.js';
import { comparePair } from './head-to-head.js';

/**
 * Rivalries (issue 8): every pair of players with at least `minRounds` rounds together (both completed the round),
 * A and B in name order, with the head-to-head record (see `comparePair`).
 *
 * - **Average margin**: the mean over the shared rounds of each round's |net A − net B|, rounded to 2 decimals: a
 *   pair 4 strokes apart one day and 3 the other (either way round) averages 3.5; margins of opposite signs never
 *   cancel. (`netMargin` is the signed total, A − B.)
 * - **Closest**: smallest average margin first; then the smaller record difference |winsA − winsB|; then more rounds
 *   together; then names.
 * - **Most played**: most rounds together first; then the smaller average margin; then names.
 */

export interface RivalriesOptions {
  /** Pairs per list. */
  limit: number;
  /** Rounds together a pair needs. */
  minRounds: number;
}

/**
 * The closest and the most played rivalries.
 * @example rivalries(docs, { limit: 5, minRounds: 1 }).closest[0] // { playerA: { name: 'Al' }, playerB: { name: 'Cy' }, averageMargin: 1.5, … }
 */
export function rivalries(docs: DocsByType, options: RivalriesOptions): Rivalries {
  const trip = prepare(docs);
  const pairs: Rivalry[] = [];
  trip.players.forEach((a, i) => {
    for (const b of trip.players.slice(i + 1)) {
      const pair = comparePair(trip, a.id, b.id);
      const n = pair.rounds.length;
      if (n === 0 || n < options.minRounds) continue;
      pairs.push({
        playerA: playerRef(a),
        playerB: playerRef(b),
        roundsTogether: n,
        netMargin: pair.strokes.netMargin,
        averageMargin: round2(pair.rounds.reduce((sum, r) => sum + Math.abs(r.netA - r.netB), 0) / n),
        record: pair.record,
      });
    }
  });
  // `pairs` is in name order (A, then B), and the sorts are stable, so names break the remaining ties.
  const spread = (r: Rivalry) => Math.abs(r.record.winsA - r.record.winsB);
  const closest = [...pairs].sort((x, y) => x.averageMargin - y.averageMargin || spread(x) - spread(y) || y.roundsTogether - x.roundsTogether);
  const mostPlayed = [...pairs].sort((x, y) => y.roundsTogether - x.roundsTogether || x.averageMargin - y.averageMargin);
  return { minRounds: options.minRounds, closest: closest.slice(0, options.limit), mostPlayed: mostPlayed.slice(0, options.limit) };
}
