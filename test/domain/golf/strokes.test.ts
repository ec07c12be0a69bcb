import { describe, expect, it } from 'vitest';
import { adjustedGross, netDoubleBogey, strokeIndexOrder, strokesPerHole } from '../../../shared/domain/golf/strokes.js';
import { HOLES_18, SI_18, int, mulberry32, randomHoles, range } from './generators.js';

/** Strokes on the hole with stroke index `si` of the 18-hole card. */
function onIndex(strokes: number[], si: number): number {
  return strokes[SI_18.indexOf(si)]!;
}

function allocate(ph: number, holes: readonly { strokeIndex: number }[] = HOLES_18): number[] {
  const r = strokesPerHole(ph, holes);
  if (!r.ok) throw new Error(r.failure.message);
  return r.value;
}

describe('strokes per hole by stroke index, WHS Appendix E and C', () => {
  it('handicap 20: SI 1 repeats as SI 19, so 2 strokes on SI 1 and 2, 1 on the rest', () => {
    const s = allocate(20);
    expect(onIndex(s, 1)).toBe(2);
    expect(onIndex(s, 2)).toBe(2);
    for (const si of range(3, 18)) expect(onIndex(s, si)).toBe(1);
  });

  it('Course Handicap 24 (Rivermont WGA example): 2 strokes on SI 1–6, 1 on SI 7–18', () => {
    const s = allocate(24);
    for (const si of range(1, 6)) expect(onIndex(s, si)).toBe(2);
    for (const si of range(7, 18)) expect(onIndex(s, si)).toBe(1);
  });

  it.each([
    [0, 0, 0],
    [9, 1, 0],
    [18, 1, 1],
    [36, 2, 2],
    [40, 3, 2],
    [54, 3, 3],
  ])('handicap %d: %d on SI 1, %d on SI 18', (ph, onFirst, onLast) => {
    const s = allocate(ph);
    expect(onIndex(s, 1)).toBe(onFirst);
    expect(onIndex(s, 18)).toBe(onLast);
  });

  it('plus 2 gives strokes back on SI 18 and 17 (Appendix C example)', () => {
    const s = allocate(-2);
    expect(onIndex(s, 18)).toBe(-1);
    expect(onIndex(s, 17)).toBe(-1);
    expect(s.filter((x) => x !== 0)).toHaveLength(2);
  });

  it('plus 20 gives 2 back on SI 18 and 17, 1 on every other hole', () => {
    const s = allocate(-20);
    expect(onIndex(s, 18)).toBe(-2);
    expect(onIndex(s, 17)).toBe(-2);
    expect(onIndex(s, 1)).toBe(-1);
  });

  it('9 holes with the odd indexes of an 18-hole card: by order among the nine (Appendix E, 9-hole play)', () => {
    const nine = [3, 15, 1, 9, 17, 5, 13, 7, 11].map((strokeIndex) => ({ strokeIndex }));
    // Handicap 4 → the four lowest indexes of the nine: 1, 3, 5, 7.
    expect(allocate(4, nine)).toEqual([1, 0, 1, 0, 0, 1, 0, 1, 0]);
    // Handicap 11 → one everywhere, a second on SI 1 and 3.
    expect(allocate(11, nine)).toEqual([2, 1, 2, 1, 1, 1, 1, 1, 1]);
    // Plus 1 gives back on the highest index of the nine (17).
    expect(allocate(-1, nine)).toEqual([0, 0, 0, 0, -1, 0, 0, 0, 0]);
  });

  it('9 holes with stroke indexes 1–9 and with even indexes allocate alike', () => {
    const oneToNine = [2, 8, 1, 5, 9, 3, 7, 4, 6].map((strokeIndex) => ({ strokeIndex }));
    const even = oneToNine.map((h) => ({ strokeIndex: h.strokeIndex * 2 }));
    for (const ph of [-3, 0, 5, 12, 27]) expect(allocate(ph, even)).toEqual(allocate(ph, oneToNine));
  });

  it('refuses stroke indexes that are not a set (unprocessable)', () => {
    const dup = HOLES_18.map((h, i) => ({ strokeIndex: i === 3 ? 2 : h.strokeIndex }));
    const r = strokesPerHole(10, dup);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.failure).toMatchObject({ code: 'unprocessable', message: expect.stringContaining('stroke index 2') });
    expect(strokeIndexOrder([{ strokeIndex: 0 }]).ok).toBe(false);
    expect(strokeIndexOrder([{ strokeIndex: 19 }]).ok).toBe(false);
    expect(strokeIndexOrder([{ strokeIndex: 1.5 }]).ok).toBe(false);
    expect(strokeIndexOrder([]).ok).toBe(false);
    expect(strokesPerHole(10.5, HOLES_18).ok).toBe(false);
  });

  it('ranks holes by stroke index', () => {
    expect(strokeIndexOrder([{ strokeIndex: 5 }, { strokeIndex: 1 }, { strokeIndex: 17 }])).toEqual({ ok: true, value: [1, 0, 2] });
  });

  it('sums to the Playing Handicap for any handicap -10…54 and any stroke index permutation (property)', () => {
    const rng = mulberry32(18);
    const sets = [range(1, 18), range(1, 9), range(1, 9).map((i) => 2 * i - 1), range(1, 9).map((i) => 2 * i)];
    for (let n = 0; n < 1500; n++) {
      const holes = randomHoles(rng, sets[n % sets.length]!);
      const ph = int(rng, -10, 54);
      const s = allocate(ph, holes);
      expect(s.reduce((a, b) => a + b, 0)).toBe(ph);
      // Fair spread: no two holes differ by more than one stroke, and a harder hole never gets fewer.
      expect(Math.max(...s) - Math.min(...s)).toBeLessThanOrEqual(1);
      for (const a of holes.keys()) {
        for (const b of holes.keys()) {
          if (holes[a]!.strokeIndex < holes[b]!.strokeIndex) expect(s[a]!).toBeGreaterThanOrEqual(s[b]!);
        }
      }
    }
  });
});

describe('net double bogey and adjusted gross, WHS Rules 3.1 and 3.3', () => {
  it('Rivermont WGA example, Course Handicap 24: par 4 with 2 strokes → 8, par 3 with 1 stroke → 6', () => {
    expect(netDoubleBogey(4, 2)).toBe(8);
    expect(netDoubleBogey(3, 1)).toBe(6);
  });

  it('a par 5 with two strokes → 9; a plus handicap giving a stroke back lowers it', () => {
    expect(netDoubleBogey(5, 2)).toBe(9);
    expect(netDoubleBogey(4, -1)).toBe(5);
  });

  it('caps each hole at net double bogey, counts a pick-up at net double bogey and skips holes not played', () => {
    expect(adjustedGross([9, 4, 'pickup', null], [4, 4, 3, 5], [1, 1, 0, 0])).toBe(7 + 4 + 5);
    expect(adjustedGross([], [], [])).toBe(0);
    expect(() => adjustedGross([4], [4, 4], [0, 0])).toThrow(RangeError);
  });

  it('never exceeds the gross score and never exceeds the sum of the caps (property)', () => {
    const rng = mulberry32(31);
    for (let n = 0; n < 500; n++) {
      const pars = Array.from({ length: 18 }, () => int(rng, 3, 5));
      const strokes = Array.from({ length: 18 }, () => int(rng, -1, 3));
      const scores = pars.map((p) => int(rng, Math.max(1, p - 2), p + 7));
      const adjusted = adjustedGross(scores, pars, strokes);
      expect(adjusted).toBeLessThanOrEqual(scores.reduce((a, b) => a + b, 0));
      expect(adjusted).toBeLessThanOrEqual(pars.reduce((a, p, i) => a + netDoubleBogey(p, strokes[i]!), 0));
    }
  });
});
