import { describe, expect, it } from 'vitest';
import { countbackSegments, rank, type RankEntry } from '../../../shared/domain/golf/ranking.js';
import { int, mulberry32, shuffle } from './generators.js';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const labels = (ranked: ReturnType<typeof rank>) => Object.fromEntries(ranked.map((r) => [r.id, r.label]));

describe('leaderboard positions with shared ties', () => {
  it('strokes, lower first: 1, T2, T2, 4', () => {
    const r = rank(
      [
        { id: 'cara', score: 70 },
        { id: 'ann', score: 68 },
        { id: 'bea', score: 70 },
        { id: 'dot', score: 72 },
      ],
      { direction: 'lower' },
    );
    expect(r.map((e) => [e.id, e.position, e.label, e.tied])).toEqual([
      ['ann', 1, '1', false],
      ['bea', 2, 'T2', true],
      ['cara', 2, 'T2', true],
      ['dot', 4, '4', false],
    ]);
  });

  it('points, higher first; entries without a score come last without a position', () => {
    const r = rank(
      [
        { id: 'a', score: 36 },
        { id: 'b', score: null },
        { id: 'c', score: 40 },
        { id: 'd', score: 36 },
      ],
      { direction: 'higher' },
    );
    expect(labels(r)).toEqual({ c: '1', a: 'T2', d: 'T2', b: '-' });
    expect(r.at(-1)).toMatchObject({ id: 'b', position: null });
  });

  it('duplicate ids and handicap fractions on points are programmer errors', () => {
    expect(() => rank([{ id: 'a', score: 1 }, { id: 'a', score: 2 }], { direction: 'lower' })).toThrow();
    expect(() => rank([{ id: 'a', score: 1 }], { direction: 'higher', countback: { holeScores: {}, handicaps: { a: 3 } } })).toThrow();
  });
});

describe('countback (matching scorecards), Committee Procedures 5A(6)', () => {
  it('segments: 18 holes → last 9, 6, 3, 1 then the first nine’s last 6, 3, 1; 9 holes → last 6, 3, 1', () => {
    expect(countbackSegments(18)).toEqual([
      { from: 10, to: 18 },
      { from: 13, to: 18 },
      { from: 16, to: 18 },
      { from: 18, to: 18 },
      { from: 4, to: 9 },
      { from: 7, to: 9 },
      { from: 9, to: 9 },
    ]);
    expect(countbackSegments(9)).toEqual([
      { from: 4, to: 9 },
      { from: 7, to: 9 },
      { from: 9, to: 9 },
    ]);
    expect(countbackSegments(12)).toEqual([
      { from: 7, to: 12 },
      { from: 9, to: 12 },
      { from: 11, to: 12 },
      { from: 12, to: 12 },
    ]);
  });

  it('gross: the better back nine wins a tie', () => {
    const holeScores = {
      amy: [5, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 3],
      ben: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4],
    };
    const entries = Object.entries(holeScores).map(([id, card]) => ({ id, score: sum(card) }));
    const r = rank(entries, { direction: 'lower', countback: { holeScores } });
    expect(r.map((e) => [e.id, e.label, e.decidedByCountback])).toEqual([
      ['amy', '1', true],
      ['ben', '2', true],
    ]);
  });

  it('net: deducts one-half, one-third … of the handicap, fractions kept (A 40 − 5 = B 42 − 7 on the back nine; last six A 27 − 3⅓ > B 28 − 4⅔)', () => {
    const holeScores = {
      a: [5, 4, 5, 4, 5, 4, 5, 4, 4, 4, 4, 5, 4, 5, 4, 5, 4, 5],
      b: [5, 5, 5, 5, 4, 4, 5, 4, 5, 5, 5, 4, 5, 5, 4, 5, 4, 5],
    };
    const handicaps = { a: 10, b: 14 };
    expect([sum(holeScores.a) - handicaps.a, sum(holeScores.b) - handicaps.b]).toEqual([70, 70]);
    const r = rank(
      [
        { id: 'a', score: 70 },
        { id: 'b', score: 70 },
      ],
      { direction: 'lower', countback: { holeScores, handicaps } },
    );
    expect(labels(r)).toEqual({ b: '1', a: '2' });
  });

  it('net: the exact half handicap can decide on the back nine where whole handicaps would not (A 40 − 5 < B 42 − 6)', () => {
    const holeScores = {
      a: [5, 4, 5, 4, 5, 4, 5, 4, 4, 4, 4, 5, 4, 5, 4, 5, 4, 5],
      b: [5, 4, 5, 4, 5, 4, 5, 4, 4, 5, 5, 6, 4, 4, 5, 4, 4, 5],
    };
    const handicaps = { a: 10, b: 12 };
    expect([sum(holeScores.a) - handicaps.a, sum(holeScores.b) - handicaps.b]).toEqual([70, 70]);
    const r = rank([{ id: 'b', score: 70 }, { id: 'a', score: 70 }], { direction: 'lower', countback: { holeScores, handicaps } });
    expect(labels(r)).toEqual({ a: '1', b: '2' });
  });

  it('net: fractions are not disregarded (last six: A 27 − 3⅔ > B 27 − 4⅓, though both round to 4)', () => {
    const holeScores = {
      a: [5, 4, 5, 4, 5, 4, 5, 4, 4, 4, 4, 5, 5, 4, 5, 4, 5, 4],
      b: [5, 4, 5, 4, 5, 4, 5, 4, 5, 5, 4, 5, 4, 5, 4, 5, 4, 5],
    };
    const handicaps = { a: 11, b: 13 };
    expect([sum(holeScores.a) - handicaps.a, sum(holeScores.b) - handicaps.b]).toEqual([69, 69]);
    const r = rank([{ id: 'a', score: 69 }, { id: 'b', score: 69 }], { direction: 'lower', countback: { holeScores, handicaps } });
    expect(labels(r)).toEqual({ b: '1', a: '2' });
  });

  it('falls back to the first nine when the whole back nine matches', () => {
    const back = [4, 4, 4, 4, 4, 4, 4, 4, 4];
    const holeScores = { x: [4, 4, 4, 4, 4, 4, 4, 5, 3, ...back], y: [4, 4, 4, 4, 4, 4, 4, 4, 4, ...back] };
    const r = rank([{ id: 'x', score: 72 }, { id: 'y', score: 72 }], { direction: 'lower', countback: { holeScores } });
    // Last 6 of the first nine equal (24 = 24), last 3: x 12 = y 12, last hole: x 3 < y 4.
    expect(labels(r)).toEqual({ x: '1', y: '2' });
  });

  it('separates part of a tie and keeps the rest shared: 1, 2, T3, T3', () => {
    const even = Array.from({ length: 18 }, () => 4);
    const better = [...even.slice(0, 17), 3];
    better[0] = 5;
    const holeScores = { lead: even, p: better, q: even, r: even };
    const r = rank(
      [
        { id: 'q', score: 72 },
        { id: 'lead', score: 70 },
        { id: 'r', score: 72 },
        { id: 'p', score: 72 },
      ],
      { direction: 'lower', countback: { holeScores } },
    );
    expect(r.map((e) => [e.id, e.label])).toEqual([
      ['lead', '1'],
      ['p', '2'],
      ['q', 'T3'],
      ['r', 'T3'],
    ]);
  });

  it('an incomplete card keeps the tie shared', () => {
    const holeScores = { a: [4, 4, 4, 4, 4, 4, 4, 4, 3], b: [4, 4, 4, 4, 4, 4, 4, 4, null] };
    const r = rank([{ id: 'a', score: 35 }, { id: 'b', score: 35 }], { direction: 'lower', countback: { holeScores } });
    expect(labels(r)).toEqual({ a: 'T1', b: 'T1' });
    expect(r.every((e) => !e.decidedByCountback)).toBe(true);
  });

  it('a tied entry without a card, or with a card of another length, keeps the tie shared', () => {
    const holeScores = { a: [4, 4, 4, 4, 4, 4, 4, 4, 3], c: [4, 4, 4, 4, 4, 4, 4, 4] };
    const entries = [{ id: 'a', score: 35 }, { id: 'b', score: 35 }];
    expect(labels(rank(entries, { direction: 'lower', countback: { holeScores } }))).toEqual({ a: 'T1', b: 'T1' });
    const other = [{ id: 'a', score: 35 }, { id: 'c', score: 35 }];
    expect(labels(rank(other, { direction: 'lower', countback: { holeScores } }))).toEqual({ a: 'T1', c: 'T1' });
  });

  it('Stableford on 9 holes: more points over the last 6 wins', () => {
    const holeScores = { s: [3, 3, 2, 2, 2, 2, 2, 2, 0], t: [2, 2, 2, 2, 2, 2, 2, 2, 2] };
    const r = rank([{ id: 's', score: 18 }, { id: 't', score: 18 }], { direction: 'higher', countback: { holeScores } });
    expect(labels(r)).toEqual({ t: '1', s: '2' });
  });

  it('a segment outside the card is a programmer error', () => {
    const holeScores = { a: [4, 4], b: [4, 4] };
    expect(() => rank([{ id: 'a', score: 8 }, { id: 'b', score: 8 }], { direction: 'lower', countback: { holeScores, segments: [{ from: 2, to: 3 }] } })).toThrow(RangeError);
  });

  it('gives the same positions whatever order the entries arrive in (property)', () => {
    const rng = mulberry32(5_6);
    for (let n = 0; n < 300; n++) {
      const holes = rng() < 0.5 ? 18 : 9;
      const size = int(rng, 1, 24);
      const direction = rng() < 0.5 ? 'lower' : 'higher';
      const holeScores: Record<string, number[]> = {};
      const handicaps: Record<string, number> = {};
      const entries: RankEntry[] = [];
      for (let i = 0; i < size; i++) {
        const id = `p${i}`;
        holeScores[id] = Array.from({ length: holes }, () => int(rng, 3, 5));
        handicaps[id] = int(rng, 0, 3);
        entries.push({ id, score: rng() < 0.1 ? null : int(rng, 68, 71) });
      }
      const countback = rng() < 0.3 ? undefined : direction === 'lower' ? { holeScores, handicaps } : { holeScores };
      const expected = rank(entries, { direction, countback });
      for (let k = 0; k < 3; k++) expect(rank(shuffle(rng, entries), { direction, countback })).toEqual(expected);
      // Positions respect the scores: nobody is placed ahead of a better score.
      for (const e of expected) {
        if (e.position === null) continue;
        const better = expected.filter((o) => o.score !== null && (direction === 'lower' ? o.score < e.score! : o.score > e.score!)).length;
        const same = expected.filter((o) => o.score === e.score).length;
        expect(e.position).toBeGreaterThanOrEqual(better + 1);
        expect(e.position).toBeLessThanOrEqual(better + same);
        if (!countback) expect(e.position).toBe(better + 1);
      }
    }
  });
});
