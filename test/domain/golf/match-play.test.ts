import { describe, expect, it } from 'vitest';
import type { HoleScore } from '../../../shared/domain/golf/card.js';
import { bestNetBall, holeOutcome, matchState, type MatchState } from '../../../shared/domain/golf/match-play.js';
import { int, mulberry32 } from './generators.js';

/** Side scores from a string of hole winners: a = A wins, b = B wins, h = halved, . = not played. */
function play(pattern: string): [HoleScore[], HoleScore[]] {
  const a: HoleScore[] = [];
  const b: HoleScore[] = [];
  for (const c of pattern) {
    a.push(c === '.' ? null : c === 'a' ? 3 : c === 'b' ? 5 : 4);
    b.push(c === '.' ? null : 4);
  }
  return [a, b];
}

function state(pattern: string, holes = 18): MatchState {
  const [a, b] = play(pattern);
  return matchState(a, b, { holes });
}

describe('match play state, Rules of Golf Rule 3.2', () => {
  it.each([
    ['not started', '', 'not_started', null, 0, 'AS'],
    ['all square', 'abhh', 'in_progress', null, 0, 'AS'],
    ['2 up after 5', 'aahhh', 'in_progress', 'A', 2, '2 up'],
    ['B 1 up', 'hhb', 'in_progress', 'B', 1, '1 up'],
    ['dormie: 2 up with 2 to play', 'aa' + 'h'.repeat(14), 'dormie', 'A', 2, '2 up (dormie)'],
    ['closed out 3&2 on the 16th', 'aaa' + 'h'.repeat(13), 'won', 'A', 3, '3&2'],
    ['closed out 5&4 by B on the 14th', 'bbbbb' + 'h'.repeat(9), 'won', 'B', 5, '5&4'],
    ['won 2&1: dormie 2, halved the 17th', 'aa' + 'h'.repeat(15), 'won', 'A', 2, '2&1'],
    ['1 up at the last', 'a' + 'h'.repeat(17), 'won', 'A', 1, '1 up'],
    ['2 up at the last after dormie 1', 'a' + 'h'.repeat(16) + 'a', 'won', 'A', 2, '2 up'],
    ['halved', 'ab' + 'h'.repeat(16), 'halved', null, 0, 'halved'],
    ['halved after B won the last', 'a' + 'h'.repeat(16) + 'b', 'halved', null, 0, 'halved'],
  ])('%s', (_name, pattern, status, leader, up, summary) => {
    const s = state(pattern);
    expect(s).toMatchObject({ status, leader, up, summary });
  });

  it('counts remaining holes and the deciding hole, and ignores holes after the match is decided', () => {
    const [a, b] = play('a'.repeat(18));
    const s = matchState(a, b);
    expect(s).toMatchObject({ played: 10, remaining: 8, decidedAt: 10, summary: '10&8' });
    expect(s.holes.slice(10).every((h) => h === null)).toBe(true);
  });

  it('a hole not yet entered is skipped; later holes still count', () => {
    const s = state('a.a');
    expect(s).toMatchObject({ played: 2, remaining: 16, up: 2, leader: 'A' });
    expect(s.holes.slice(0, 3)).toEqual(['A', null, 'A']);
  });

  it('a 9-hole match: 3&2 on the 7th', () => {
    expect(state('aaahhhh', 9)).toMatchObject({ status: 'won', summary: '3&2', decidedAt: 7 });
  });

  it('hole outcomes on net scores, picked-up balls lose the hole', () => {
    expect(holeOutcome(4, 5)).toBe('A');
    expect(holeOutcome(5, 4)).toBe('B');
    expect(holeOutcome(4, 4)).toBe('halved');
    expect(holeOutcome('pickup', 7)).toBe('B');
    expect(holeOutcome(7, 'pickup')).toBe('A');
    expect(holeOutcome('pickup', 'pickup')).toBe('halved');
    expect(holeOutcome(4, null)).toBeNull();
    expect(holeOutcome(undefined, 4)).toBeNull();
  });

  it('refuses a match without holes (programmer error)', () => {
    expect(() => matchState([], [], { holes: 0 })).toThrow(RangeError);
  });

  it('swapping the sides flips the result and nothing else (property)', () => {
    const rng = mulberry32(32);
    const flip = { A: 'B', B: 'A', halved: 'halved' } as const;
    for (let n = 0; n < 1000; n++) {
      const holes = rng() < 0.5 ? 18 : 9;
      const pick = (): HoleScore => {
        const r = rng();
        return r < 0.1 ? null : r < 0.15 ? 'pickup' : int(rng, 2, 7);
      };
      const a = Array.from({ length: holes }, pick);
      const b = Array.from({ length: holes }, pick);
      const ab = matchState(a, b);
      const ba = matchState(b, a);
      expect(ba.leader).toBe(ab.leader === null ? null : ab.leader === 'A' ? 'B' : 'A');
      expect(ba.holes).toEqual(ab.holes.map((h) => (h === null ? null : flip[h])));
      expect({ ...ba, leader: null, holes: [] }).toEqual({ ...ab, leader: null, holes: [] });
      // The match is over exactly when the lead exceeds the holes remaining.
      expect(ab.status === 'won').toBe(ab.up > ab.remaining);
    }
  });
});

describe('four-ball match play: best net ball of each side (Rule 23)', () => {
  it('takes the lowest net score of the partners, pickup only when both picked up', () => {
    expect(bestNetBall([[4, 'pickup', null, 'pickup'], [5, 'pickup', 6, null]])).toEqual([4, 'pickup', 6, null]);
    expect(bestNetBall([])).toEqual([]);
  });

  it('plays the match on the better balls', () => {
    const sideA = bestNetBall([[4, 5, 4], [5, 3, 6]]);
    const sideB = bestNetBall([[4, 4, 5], [4, 4, 5]]);
    expect(sideA).toEqual([4, 3, 4]);
    expect(matchState(sideA, sideB, { holes: 3 })).toMatchObject({ leader: 'A', up: 2, status: 'won', summary: '2 up' });
  });
});
