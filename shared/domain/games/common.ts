import type { ErrorDetail, Result } from '../../errors.js';
import { fail, ok } from '../../errors.js';

/*
 * Shared pieces of the side games (issue 4, "Side games"): reading per-hole scores and splitting integer cents.
 * Everything here is pure: no clock, no randomness, no I/O.
 */

/** A player's identifier as used in the trip (see `Id` in `shared/schemas/common.ts`). */
export type PlayerId = string;

/**
 * A picked-up hole (WHS Rule 3.1b; `strokes: null` on the score document): the player started the hole and did not
 * hole out. It never wins a hole: no skin, and a lost hole in a match unless the other side also picked up.
 */
export const PICKED_UP = 'pickup' as const;

/** A score to compare on one hole: gross or net, as the caller chose, or {@link PICKED_UP}. A missing value means
 * the player has no score on the hole; `null` is read the same way. */
export type HoleScore = number | typeof PICKED_UP | null | undefined;

/**
 * Scores per player per hole number: a `Map` of `Map`s or a plain record of records (as in a JSON document).
 * @example { alice1: { 1: 4, 2: 5 }, bobby2: { 1: 5 } } // bobby2 has no score on hole 2
 */
export type HoleScores =
  | ReadonlyMap<PlayerId, ReadonlyMap<number, HoleScore>>
  | Readonly<Record<PlayerId, Readonly<Record<number, HoleScore>> | undefined>>;

/**
 * The score `player` has on `hole`, or `undefined` when there is none or the hole was picked up.
 * @example scoreOf({ alice1: { 1: 4 } }, 'alice1', 2) // undefined
 */
export function scoreOf(scores: HoleScores, player: PlayerId, hole: number): number | undefined {
  const value = rawScoreOf(scores, player, hole);
  return value === PICKED_UP ? undefined : value;
}

/**
 * Whether `player` picked up on `hole` ({@link PICKED_UP}).
 * @example pickedUp({ alice1: { 1: 'pickup' } }, 'alice1', 1) // true
 */
export function pickedUp(scores: HoleScores, player: PlayerId, hole: number): boolean {
  return rawScoreOf(scores, player, hole) === PICKED_UP;
}

function rawScoreOf(scores: HoleScores, player: PlayerId, hole: number): number | typeof PICKED_UP | undefined {
  const row = scores instanceof Map ? scores.get(player) : (scores as Record<PlayerId, Record<number, HoleScore> | undefined>)[player];
  if (row === undefined) return undefined;
  const value = row instanceof Map ? row.get(hole) : (row as Record<number, HoleScore>)[hole];
  return value ?? undefined;
}

/**
 * Compares player ids by UTF-16 code units (not the locale), the order every remainder rule uses.
 * @example ['bert02', 'anna01'].sort(compareIds) // ['anna01', 'bert02']
 */
export function compareIds(a: PlayerId, b: PlayerId): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Whether `n` is a whole, non-negative, safe number of cents.
 * @example isCents(1050) // true; isCents(10.5) // false
 */
export function isCents(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}

/**
 * Checks a game's players and the scores it will read: at least `minPlayers` distinct players, hole numbers that are
 * distinct positive integers, and every present score a finite number or {@link PICKED_UP}. Lists every problem in the failure.
 */
export function checkPlayersAndScores(players: readonly PlayerId[], holes: readonly number[], scores: HoleScores, minPlayers: number): Result<true> {
  const details: ErrorDetail[] = [];
  if (players.length < minPlayers) details.push({ path: ['players'], message: `at least ${minPlayers} players are needed` });
  const seen = new Set<PlayerId>();
  for (const p of players) {
    if (seen.has(p)) details.push({ path: ['players'], message: `player ${p} is listed twice`, playerId: p });
    seen.add(p);
  }
  const seenHoles = new Set<number>();
  for (const h of holes) {
    if (!Number.isInteger(h) || h < 1) details.push({ path: ['holes'], message: `hole ${h} is not a hole number` });
    if (seenHoles.has(h)) details.push({ path: ['holes'], message: `hole ${h} is listed twice` });
    seenHoles.add(h);
  }
  for (const p of seen) {
    for (const h of seenHoles) {
      const s = rawScoreOf(scores, p, h);
      if (s !== undefined && s !== PICKED_UP && (typeof s !== 'number' || !Number.isFinite(s))) {
        details.push({ path: ['scores', p, h], message: `score of ${p} on hole ${h} is not a number` });
      }
    }
  }
  if (details.length > 0) return fail('validation_failed', details[0]!.message, details);
  return ok(true);
}

/**
 * Splits `totalCents` between ids in proportion to integer `weights`, exactly: the parts always sum to the total.
 * Rule (largest remainder, Hamilton's method): each id first gets floor(total × weight ÷ Σweights); the cents left
 * over (fewer than the number of ids with a positive weight) go one each to the ids with the largest fractional
 * remainders, ties broken by the lowest player id first ({@link compareIds}). Ids with weight 0 get 0. With every
 * weight 0 nobody can be paid and the function throws: callers decide that case before splitting. Ids must be distinct.
 * @example splitCents(10000, [['b', 1], ['a', 1], ['c', 1]]) // Map { b → 3333, a → 3334, c → 3333 }
 */
export function splitCents(totalCents: number, weights: readonly (readonly [PlayerId, number])[]): Map<PlayerId, number> {
  if (!isCents(totalCents)) throw new RangeError(`not a whole number of cents: ${totalCents}`);
  const sumWeights = weights.reduce((s, [, w]) => {
    if (!Number.isSafeInteger(w) || w < 0) throw new RangeError(`not a whole, non-negative weight: ${w}`);
    return s + BigInt(w);
  }, 0n);
  const out = new Map<PlayerId, number>();
  if (new Set(weights.map(([id]) => id)).size !== weights.length) throw new RangeError('ids must be distinct');
  if (totalCents === 0) {
    for (const [id] of weights) out.set(id, 0);
    return out;
  }
  if (sumWeights === 0n) throw new RangeError('cannot split cents between zero weights');
  const total = BigInt(totalCents);
  const parts = weights.map(([id, w]) => {
    const exact = total * BigInt(w);
    return { id, base: exact / sumWeights, rest: exact % sumWeights, weight: w };
  });
  let left = total - parts.reduce((s, p) => s + p.base, 0n);
  const order = parts
    .filter((p) => p.weight > 0)
    .sort((a, b) => (a.rest === b.rest ? compareIds(a.id, b.id) : a.rest > b.rest ? -1 : 1));
  const extra = new Set<PlayerId>();
  for (const p of order) {
    if (left === 0n) break;
    extra.add(p.id);
    left -= 1n;
  }
  for (const p of parts) out.set(p.id, (out.get(p.id) ?? 0) + Number(p.base) + (extra.has(p.id) ? 1 : 0));
  return out;
}

/** Adds `cents` to `id`'s entry in `ledger`. */
export function credit(ledger: Map<PlayerId, number>, id: PlayerId, cents: number): void {
  ledger.set(id, (ledger.get(id) ?? 0) + cents);
}
