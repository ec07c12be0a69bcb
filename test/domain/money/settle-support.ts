/**
 * Helpers for the settlement tests, written apart from the planner so that they check it rather than repeat it:
 * net generators, applying a plan, an independent exact minimum and an independent greedy.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Transfer } from '../../../shared/domain/money/settle.js';

export const pid = (i: number) => `p${String(i).padStart(3, '0')}`;

/** Nets that sum to zero over `min`–`max` players, from a small value range so that zero-sum subgroups are common. */
export function netsArb(min: number, max: number, range = 6, unit = 100): fc.Arbitrary<Record<string, number>> {
  return fc.array(fc.integer({ min: -range, max: range }), { minLength: min - 1, maxLength: max - 1 }).map((values) => {
    const all = [...values.map((v) => v * unit), -values.reduce((s, v) => s + v * unit, 0)];
    return Object.fromEntries(all.map((v, i) => [pid(i), v]));
  });
}

/**
 * Irregular nets as a trip's expenses give them: `min`–`max` players, each expense paid by one player and split
 * equally (odd cents to the first listed) between a subset of them, amounts to the cent.
 */
export function expenseNetsArb(min: number, max: number): fc.Arbitrary<Record<string, number>> {
  return fc.integer({ min, max }).chain((n) =>
    fc
      .array(fc.record({ payer: fc.nat(n - 1), cents: fc.integer({ min: 1, max: 90_000 }), among: fc.array(fc.nat(n - 1), { minLength: 1, maxLength: n }) }), { minLength: 1, maxLength: 2 * n })
      .map((expenses) => {
        const nets: Record<string, number> = Object.fromEntries(Array.from({ length: n }, (_, i) => [pid(i), 0]));
        for (const e of expenses) {
          const among = [...new Set(e.among)];
          nets[pid(e.payer)]! += e.cents;
          const base = Math.floor(e.cents / among.length);
          among.forEach((p, k) => (nets[pid(p)]! -= base + (k < e.cents - base * among.length ? 1 : 0)));
        }
        return nets;
      }),
  );
}

export function applied(nets: Record<string, number>, transfers: Transfer[]): Record<string, number> {
  const left = { ...nets };
  for (const t of transfers) {
    left[t.fromPlayerId] = (left[t.fromPlayerId] ?? 0) + t.cents;
    left[t.toPlayerId] = (left[t.toPlayerId] ?? 0) - t.cents;
  }
  return left;
}

/** Players whose balance a plan leaves non-zero. */
export function unsettled(nets: Record<string, number>, transfers: Transfer[]): string[] {
  return Object.entries(applied(nets, transfers))
    .filter(([, v]) => v !== 0)
    .map(([id]) => id);
}

/** Every balance ends at zero; transfers are positive whole cents between two different players on the trip, sorted. */
export function expectSettles(nets: Record<string, number>, transfers: Transfer[]): void {
  expect(unsettled(nets, transfers)).toEqual([]);
  for (const t of transfers) {
    expect(Number.isSafeInteger(t.cents) && t.cents > 0).toBe(true);
    expect(t.fromPlayerId).not.toBe(t.toPlayerId);
    expect(Object.hasOwn(nets, t.fromPlayerId) && Object.hasOwn(nets, t.toPlayerId)).toBe(true);
  }
  const keys = transfers.map((t) => [t.fromPlayerId, t.toPlayerId].join('\u0000'));
  expect(keys).toEqual([...keys].sort());
}

/**
 * The fewest transfers, by brute force over subsets: a plan is a forest whose trees each sum to zero, and a tree of
 * k players has k − 1 transfers, so the minimum is (non-zero players) − (the most disjoint zero-sum subsets that
 * cover them). best[mask] = the most zero-sum groups that exactly cover `mask`, trying every zero-sum subset that
 * holds the lowest member of `mask`. 3^n steps: fine up to about 14 players.
 */
export function minimumBySubsets(nets: Record<string, number>): number {
  const v = Object.values(nets).filter((x) => x !== 0);
  const n = v.length;
  const size = 1 << n;
  const sum = new Array<number>(size).fill(0);
  for (let mask = 1; mask < size; mask++) {
    const i = 31 - Math.clz32(mask & -mask);
    sum[mask] = sum[mask & (mask - 1)]! + v[i]!;
  }
  const best = new Array<number>(size).fill(-1);
  best[0] = 0;
  for (let mask = 1; mask < size; mask++) {
    if (sum[mask] !== 0) continue;
    const low = mask & -mask;
    const others = mask ^ low;
    // Every subset `sub` of the others: the group is sub + low, the rest must be covered by groups too.
    for (let sub = others; ; sub = (sub - 1) & others) {
      const group = sub | low;
      const rest = mask ^ group;
      if (sum[group] === 0 && best[rest]! >= 0) best[mask] = Math.max(best[mask]!, 1 + best[rest]!);
      if (sub === 0) break;
    }
  }
  return n - best[size - 1]!;
}

/**
 * The greedy as its rule reads, by plain search instead of heaps: the largest debt pays the largest credit
 * min(debt, credit); among equal amounts the smaller player id goes first, on both sides.
 */
export function referenceGreedy(nets: Record<string, number>): Transfer[] {
  const debtors = Object.entries(nets).filter(([, v]) => v < 0).map(([id, v]) => ({ id, c: -v }));
  const creditors = Object.entries(nets).filter(([, v]) => v > 0).map(([id, v]) => ({ id, c: v }));
  const top = (list: { id: string; c: number }[]) => list.reduce((a, b) => (b.c > a.c || (b.c === a.c && b.id < a.id) ? b : a));
  const out: Transfer[] = [];
  while (debtors.length > 0 && creditors.length > 0) {
    const d = top(debtors);
    const c = top(creditors);
    const cents = Math.min(d.c, c.c);
    out.push({ fromPlayerId: d.id, toPlayerId: c.id, cents });
    d.c -= cents;
    c.c -= cents;
    if (d.c === 0) debtors.splice(debtors.indexOf(d), 1);
    if (c.c === 0) creditors.splice(creditors.indexOf(c), 1);
  }
  return out.sort((a, b) => (a.fromPlayerId < b.fromPlayerId ? -1 : a.fromPlayerId > b.fromPlayerId ? 1 : a.toPlayerId < b.toPlayerId ? -1 : a.toPlayerId > b.toPlayerId ? 1 : 0));
}

export function shuffledKeys(nets: Record<string, number>, seed: number): Record<string, number> {
  const entries = Object.entries(nets);
  let s = seed >>> 0 || 1;
  for (let i = entries.length - 1; i > 0; i--) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    const j = s % (i + 1);
    [entries[i], entries[j]] = [entries[j]!, entries[i]!];
  }
  return Object.fromEntries(entries);
}
