/**
 * Splitting one expense between participants, exactly: every way sums to the amount, and the cents that do not
 * divide follow allocate()'s rule (largest remainder, then the participant listed first).
 */
import { allocate } from './allocate.js';

export type SplitInput =
  | { mode: 'equal'; playerIds: string[] }
  | { mode: 'exact'; amounts: { playerId: string; cents: number }[] }
  | { mode: 'shares'; shares: { playerId: string; shares: number }[] }
  | { mode: 'percentages'; percentages: { playerId: string; percent: number }[] };

/**
 * Why a split cannot apply to an amount (exact amounts not summing to it, percentages not summing to 100, duplicate
 * players, empty list, bad numbers), or undefined. User-facing English.
 *
 * @example splitProblem(1000, { mode: 'percentages', percentages: [{ playerId: 'a', percent: 50 }, { playerId: 'b', percent: 49.99 }] })
 * // 'the percentages add up to 99.99, not 100'
 */
export function splitProblem(amountCents: number, split: SplitInput): string | undefined {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0) return 'the amount must be a whole, non-negative number of cents';
  const ids = participantIds(split);
  if (ids === undefined) return 'unknown split mode';
  if (ids.length === 0) return 'the split needs at least one participant';
  if (ids.some((id) => typeof id !== 'string' || id.length === 0)) return 'every participant needs a player id';
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return `player ${id} is listed twice in the split`;
    seen.add(id);
  }
  switch (split.mode) {
    case 'equal':
      return undefined;
    case 'exact': {
      const bad = split.amounts.find((a) => !Number.isSafeInteger(a.cents) || a.cents < 0);
      if (bad) return `the amount of player ${bad.playerId} must be a whole, non-negative number of cents`;
      const sum = split.amounts.reduce((s, a) => s + a.cents, 0);
      if (sum !== amountCents) return `the exact amounts add up to ${sum} cents, not the expense's ${amountCents} cents`;
      return undefined;
    }
    case 'shares': {
      const bad = split.shares.find((s) => !Number.isSafeInteger(s.shares) || s.shares < 1);
      if (bad) return `player ${bad.playerId} must have a whole number of shares, at least 1`;
      return undefined;
    }
    case 'percentages': {
      let total = 0;
      for (const p of split.percentages) {
        const bp = basisPoints(p.percent);
        if (bp === undefined) return `the percentage of player ${p.playerId} must be between 0 and 100 with at most 2 decimals`;
        total += bp;
      }
      if (total !== 10000) return `the percentages add up to ${formatBasisPoints(total)}, not 100`;
      return undefined;
    }
  }
}

/**
 * Each participant's share, in the order listed, summing exactly to amountCents (remainder rule: allocate()'s).
 * Percentages are converted to basis points exactly (33.33 → 3333, no float error). Throws RangeError when
 * splitProblem would answer.
 *
 * @example splitExpense(1000, { mode: 'equal', playerIds: ['a', 'b', 'c'] }) // a 334, b 333, c 333
 */
export function splitExpense(amountCents: number, split: SplitInput): { playerId: string; cents: number }[] {
  const problem = splitProblem(amountCents, split);
  if (problem !== undefined) throw new RangeError(problem);
  switch (split.mode) {
    case 'equal':
      return zip(split.playerIds, allocate(amountCents, split.playerIds.map(() => 1)));
    case 'exact':
      return split.amounts.map((a) => ({ playerId: a.playerId, cents: a.cents }));
    case 'shares':
      return zip(split.shares.map((s) => s.playerId), allocate(amountCents, split.shares.map((s) => s.shares)));
    case 'percentages':
      return zip(split.percentages.map((p) => p.playerId), allocate(amountCents, split.percentages.map((p) => basisPoints(p.percent)!)));
  }
}

/**
 * The shares of an expense paid in another currency, in the trip's currency, given its total converted once
 * (`convertMinor`: exact decimal arithmetic, the one rounding half away from zero). The converted total is split,
 * not each converted share, so an equal split stays equal after conversion: equal, shares and percentages apply
 * their own rule to the converted total (largest remainder, equal remainders to the participant listed first);
 * exact amounts keep their proportions, allocate(converted total, amounts). The shares sum to the converted total.
 * Throws RangeError when splitProblem would answer for the original amount or the converted total is not whole,
 * non-negative cents.
 *
 * @example splitConverted(1000, 1086, { mode: 'equal', playerIds: ['a', 'b', 'c'] }) // 362 each: 10.00 EUR at 1.0857
 * @example splitConverted(1000, 1086, { mode: 'exact', amounts: [{ playerId: 'a', cents: 500 }, { playerId: 'b', cents: 500 }] }) // 543 each
 */
export function splitConverted(amountCents: number, convertedCents: number, split: SplitInput): { playerId: string; cents: number }[] {
  const problem = splitProblem(amountCents, split);
  if (problem !== undefined) throw new RangeError(problem);
  if (!Number.isSafeInteger(convertedCents) || convertedCents < 0) throw new RangeError('the converted amount must be a whole, non-negative number of cents');
  if (split.mode !== 'exact') return splitExpense(convertedCents, split);
  const weights = split.amounts.map((a) => a.cents);
  if (weights.every((w) => w === 0)) return split.amounts.map((a) => ({ playerId: a.playerId, cents: 0 }));
  return zip(split.amounts.map((a) => a.playerId), allocate(convertedCents, weights));
}

function participantIds(split: SplitInput): string[] | undefined {
  switch (split.mode) {
    case 'equal':
      return Array.isArray(split.playerIds) ? split.playerIds : [];
    case 'exact':
      return Array.isArray(split.amounts) ? split.amounts.map((a) => a.playerId) : [];
    case 'shares':
      return Array.isArray(split.shares) ? split.shares.map((s) => s.playerId) : [];
    case 'percentages':
      return Array.isArray(split.percentages) ? split.percentages.map((p) => p.playerId) : [];
    default:
      return undefined;
  }
}

/**
 * A percentage with at most 2 decimals as whole basis points, read from its shortest decimal form (the digits the
 * user typed): 33.33 → 3333, while 0.1 + 0.2 (0.30000000000000004) has more than 2 decimals and is refused.
 */
function basisPoints(percent: number): number | undefined {
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100) return undefined;
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(String(percent));
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function formatBasisPoints(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const fraction = bp % 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

function zip(ids: readonly string[], cents: readonly number[]): { playerId: string; cents: number }[] {
  return ids.map((playerId, i) => ({ playerId, cents: cents[i]! }));
}
