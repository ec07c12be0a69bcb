import { fail, ok, type Result } from '../../errors.js';
import { PICKUP, type HoleScores } from './card.js';

/**
 * Team "best n of m" scoring: four-ball / better ball (Rules of Golf Rule 23: the better score of the partners counts
 * on each hole) generalised to the n best of m team members per hole, e.g. best 2 of 4. Scores may be net or gross
 * strokes (lower is better) or Stableford points (higher is better). WHS Appendix C recommends the allowances (e.g.
 * best 2 of 4 stroke play 85 %): see `ALLOWANCES.bestOfFourStrokePlay`.
 */

/** One hole of the team card: the sum of the counted scores (`null` when too few members have a score yet). */
export interface TeamHole {
  value: number | null;
  /** Indexes (into `members`) of the scores counted, best first. */
  counted: number[];
  /** Whether a counted score is a picked-up ball's (see {@link BestOfOptions.pickup}). */
  pickedUp: boolean;
}

/** The team card: per-hole values and totals over the holes with a value. */
export interface TeamTotals {
  holes: TeamHole[];
  /** Sum of the holes with a value. */
  total: number;
  /** Holes with a value. */
  thru: number;
  /** Total minus n × par of the holes with a value, when `pars` were given. */
  toPar: number | null;
}

/** How many scores count per hole, which way is better, and pars for to-par. */
export interface BestOfOptions {
  /** How many scores count on each hole (n of "best n of m"). */
  count: number;
  /** `lower` for strokes (default), `higher` for Stableford points. */
  direction?: 'lower' | 'higher';
  /** Par per hole, for `toPar` (stroke formats). */
  pars?: readonly number[];
  /**
   * What a picked-up ball of `member` on hole index `hole` counts when the team needs it, e.g. its net double bogey
   * (WHS Rule 3.1b). Without it a picked-up ball never counts.
   */
  pickup?: (member: number, hole: number) => number;
}

/**
 * The best `count` scores of the team on each hole, and totals. Unplayed holes of a member give no score. A
 * picked-up ball gives none either unless `pickup` values it: then the team's holed balls count first (the team's
 * other balls count, WHS Rule 3.1b) and picked-up balls, best value first, only fill the places left, so a hole where
 * every ball was picked up counts the best picked-up values. A hole where fewer than `count` members have a score
 * has no team value (yet). Equal scores are taken in member order, so the result never depends on anything but the
 * input. Fails (`unprocessable`) when `count` is not
 * between 1 and the team size.
 * @example
 * bestOfTeam([[4, 5], [5, 'pickup'], [6, 4], [3, null]], { count: 2, pars: [4, 4] })
 * // ok({ holes: [{ value: 7, counted: [3, 0], pickedUp: false }, { value: 9, counted: [2, 0], pickedUp: false }], total: 16, thru: 2, toPar: 0 })
 */
export function bestOfTeam(members: readonly HoleScores[], options: BestOfOptions): Result<TeamTotals> {
  const { count, direction = 'lower', pars, pickup } = options;
  if (!Number.isInteger(count) || count < 1 || count > members.length) {
    return fail('unprocessable', `best ${count} of ${members.length} is not possible: count 1 to ${members.length} scores`);
  }
  const length = Math.max(0, ...members.map((m) => m.length));
  if (pars && pars.length !== length) throw new RangeError(`pars has ${pars.length} holes but the cards have ${length}`);
  const sign = direction === 'lower' ? 1 : -1;
  let total = 0;
  let thru = 0;
  let parPlayed = 0;
  const holes = Array.from({ length }, (_, i): TeamHole => {
    const scored: { member: number; score: number }[] = [];
    const picked: { member: number; score: number }[] = [];
    members.forEach((m, member) => {
      const s = m[i];
      if (typeof s === 'number') scored.push({ member, score: s });
      else if (s === PICKUP && pickup) picked.push({ member, score: pickup(member, i) });
    });
    if (scored.length + picked.length < count) return { value: null, counted: [], pickedUp: false };
    const order = (a: { member: number; score: number }, b: { member: number; score: number }) => sign * (a.score - b.score) || a.member - b.member;
    const best = [...scored.sort(order), ...picked.sort(order)].slice(0, count);
    const value = best.reduce((sum, b) => sum + b.score, 0);
    total += value;
    thru += 1;
    if (pars) parPlayed += count * pars[i]!;
    return { value, counted: best.map((b) => b.member), pickedUp: scored.length < count };
  });
  return ok({ holes, total, thru, toPar: pars ? total - parPlayed : null });
}
