import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/ids.js';

/** Pearson's chi-square statistic of observed counts against a uniform distribution over `symbols`. */
function chiSquare(counts: Map<string, number>, symbols: string): number {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const expected = total / symbols.length;
  return [...symbols].reduce((sum, s) => sum + ((counts.get(s) ?? 0) - expected) ** 2 / expected, 0);
}

const count = (into: Map<string, number>, c: string) => into.set(c, (into.get(c) ?? 0) + 1);

describe('newId', () => {
  it('is a letter then 19 characters of a-z0-9, and does not repeat', () => {
    const ids = Array.from({ length: 5000 }, () => newId());
    for (const id of ids) expect(id).toMatch(/^[a-z][a-z0-9]{19}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // 100,000 ids. With `byte % 36` the characters a-d come 8/7 times as often as the rest, which gives a statistic
  // near 3,700 on the 1.9 million tail characters, and `byte % 26` on the first gives about 130-230. The thresholds
  // are far above what a uniform source reaches (35 and 25 degrees of freedom: P(χ² > 100) and P(χ² > 90) are both
  // below one in ten million), so the test does not flake.
  const first = new Map<string, number>();
  const rest = new Map<string, number>();
  beforeAll(() => {
    for (let n = 0; n < 100_000; n++) {
      const id = newId();
      count(first, id[0]!);
      for (let i = 1; i < id.length; i++) count(rest, id[i]!);
    }
  });

  it('draws the first character uniformly from the 26 letters (chi-square)', () => {
    expect(first.size).toBe(26);
    expect(chiSquare(first, 'abcdefghijklmnopqrstuvwxyz')).toBeLessThan(90);
  });

  it('draws the other 19 characters uniformly from a-z0-9 (chi-square)', () => {
    expect(rest.size).toBe(36);
    expect(chiSquare(rest, 'abcdefghijklmnopqrstuvwxyz0123456789')).toBeLessThan(100);
  });
});
