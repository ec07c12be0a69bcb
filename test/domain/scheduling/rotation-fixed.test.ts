/**
 * Rotating a round against the trip's rounds already paired (issue 34, test 5): Day 3 rotated with Days 1–2 kept as
 * they are. The counts answered are the whole trip's (checked by brute force), the kept rounds are untouched, every
 * player is placed once per round in the usual group sizes, and the repeats are no more than the best of 200 random
 * draws of Day 3 (drawn here with the seeded generator).
 */
import { describe, expect, it } from 'vitest';
import { groupSizes } from '../../../shared/domain/scheduling/groups.js';
import { createRng, type Rng } from '../../../shared/domain/scheduling/random.js';
import { multiRoundPairings, pairMeetings, type RotationResult } from '../../../shared/domain/scheduling/rotation.js';
import type { Groups, SchedRule } from '../../../shared/domain/scheduling/types.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${String(i + 1).padStart(3, '0')}`);

function sizesOf(n: number, groupSize: number): number[] {
  const sized = groupSizes(n, groupSize);
  if ('problem' in sized) throw new Error(sized.problem);
  return sized.sizes;
}

/** A draw: the players shuffled and dealt into groups of the usual sizes. */
function draw(players: readonly string[], groupSize: number, rng: Rng): Groups {
  const order = rng.shuffle(players);
  const out: Groups = [];
  let at = 0;
  for (const size of sizesOf(players.length, groupSize)) {
    out.push(order.slice(at, at + size));
    at += size;
  }
  return out;
}

/** A hand-made Day 1: the players in list order, four by four. */
const handMade = (players: readonly string[], groupSize: number): Groups => draw(players, groupSize, { seed: 0, next: () => 0, int: () => 0, shuffle: (x) => [...x] });

/** Meetings beyond the first over the rounds, and the most meetings of a pair: counted from scratch. */
function recount(rounds: readonly Groups[]) {
  const m = [...pairMeetings(rounds).values()];
  return { repeated: m.reduce((s, c) => s + Math.max(0, c - 1), 0), max: Math.max(...m) };
}

function rotate(players: string[], groupSize: number, rounds: number, fixed: Groups[], seed: number, rules: SchedRule[] = []): RotationResult {
  const result = multiRoundPairings({ playerIds: players, groupSize, rounds, mode: 'rotating', rules, fixed }, createRng(seed));
  if ('problem' in result) throw new Error(result.problem);
  return result;
}

function expectWellFormed(round: Groups, players: readonly string[], groupSize: number) {
  expect([...round.flat()].sort()).toEqual([...players].sort());
  expect(round.map((g) => g.length).sort((a, b) => b - a)).toEqual(sizesOf(players.length, groupSize));
}

describe('rotating against the rounds already paired', () => {
  for (const [n, groupSize, day2] of [
    [24, 4, 'drawn'],
    [24, 4, 'same as Day 1'],
    [30, 4, 'drawn'],
    [48, 4, 'drawn'],
    [36, 3, 'drawn'],
    [144, 4, 'drawn'],
  ] as const) {
    it(`${n} players in groups of ${groupSize}, Day 2 ${day2}: Day 3's repeats over the trip are what it says, at most the best of 200 draws`, () => {
      const players = ids(n);
      const day1 = handMade(players, groupSize);
      const day2Groups = day2 === 'drawn' ? draw(players, groupSize, createRng(n)) : day1.map((g) => [...g]);
      const fixed = [day1, day2Groups];
      const before = JSON.stringify(fixed);
      const started = performance.now();
      const result = rotate(players, groupSize, 1, fixed, 7);
      const took = performance.now() - started;
      expect(JSON.stringify(fixed)).toBe(before); // Days 1–2 as they were
      expect(result.rounds).toHaveLength(1);
      const day3 = result.rounds[0]!;
      expectWellFormed(day3, players, groupSize);
      // What it claims is the whole trip's count.
      const trip = recount([day1, day2Groups, day3]);
      expect(result.repeatedPairs).toBe(trip.repeated);
      expect(result.maxMeetings).toBe(trip.max);
      expect(result.fixedRepeatedPairs).toBe(recount([day1, day2Groups]).repeated);
      expect(result.repeats.reduce((s, r) => s + r.meetings - 1, 0)).toBe(trip.repeated);
      for (const r of result.repeats) {
        const shared = [day1, day2Groups, day3].flatMap((round, i) => (round.some((g) => g.includes(r.a) && g.includes(r.b)) ? [i] : []));
        expect(r.rounds).toEqual(shared);
      }
      // No worse than the best of 200 random Day 3s.
      const rng = createRng(1000 + n);
      let bestDraw = Infinity;
      for (let i = 0; i < 200; i++) bestDraw = Math.min(bestDraw, recount([day1, day2Groups, draw(players, groupSize, rng)]).repeated);
      expect(trip.repeated).toBeLessThanOrEqual(bestDraw);
      // Day 3 itself adds no repeat where the field leaves room (each player meets far fewer than all the others).
      expect(trip.repeated).toBe(recount([day1, day2Groups]).repeated);
      if (n === 24) expect(took).toBeLessThan(1000);
    });
  }

  it('is deterministic for a seed', () => {
    const players = ids(24);
    const fixed = [handMade(players, 4), draw(players, 4, createRng(3))];
    expect(rotate(players, 4, 1, fixed, 11).rounds).toEqual(rotate(players, 4, 1, fixed, 11).rounds);
  });

  it('a chosen subset of rounds (Days 2 and 3 against a hand-made Day 1) avoids Day 1 and each other', () => {
    const players = ids(24);
    const day1 = handMade(players, 4);
    const result = rotate(players, 4, 2, [day1], 5);
    for (const round of result.rounds) expectWellFormed(round, players, 4);
    const trip = recount([day1, ...result.rounds]);
    expect(trip.repeated).toBe(0);
    expect(result.repeatedPairs).toBe(0);
    expect(result.roundsWithoutRepeat).toBe(3);
  });

  it('where repeats cannot be avoided, they are spread: nobody plays together in every round when twice each will do', () => {
    // 8 players in fours over 4 rounds: 48 meetings over 28 pairs, so 20 repeats at least.
    const players = ids(8);
    const day1 = handMade(players, 4);
    const day2 = [[...day1[0]!.slice(0, 2), ...day1[1]!.slice(0, 2)], [...day1[0]!.slice(2), ...day1[1]!.slice(2)]];
    const result = rotate(players, 4, 2, [day1, day2], 3);
    const trip = recount([day1, day2, ...result.rounds]);
    expect(result.repeatedPairs).toBe(trip.repeated);
    expect(trip.max).toBeLessThanOrEqual(3);
    const rng = createRng(99);
    let bestDraw = Infinity;
    for (let i = 0; i < 200; i++) bestDraw = Math.min(bestDraw, recount([day1, day2, draw(players, 4, rng), draw(players, 4, rng)]).repeated);
    expect(trip.repeated).toBeLessThanOrEqual(bestDraw);
  });

  it('keep-apart and keep-together rules still hold against the kept rounds', () => {
    const players = ids(24);
    const day1 = handMade(players, 4); // p001–p004 together
    const day2 = day1.map((g) => [...g]);
    const rules: SchedRule[] = [
      { id: 'r1', kind: 'keep_together', playerIds: ['p001', 'p002'], priority: 5 },
      { id: 'r2', kind: 'keep_apart', playerIds: ['p005', 'p009'], priority: 5 },
    ];
    const result = rotate(players, 4, 1, [day1, day2], 2, rules);
    const day3 = result.rounds[0]!;
    expectWellFormed(day3, players, 4);
    expect(result.brokenRules).toEqual([]);
    expect(day3.some((g) => g.includes('p001') && g.includes('p002'))).toBe(true);
    expect(day3.some((g) => g.includes('p005') && g.includes('p009'))).toBe(false);
    // The pair kept together is the only new repeat: three rounds together.
    const trip = recount([day1, day2, day3]);
    expect(result.repeatedPairs).toBe(trip.repeated);
    expect(trip.repeated).toBe(recount([day1, day2]).repeated + 1);
  });

  it('kept rounds may hold players who are not in the new round: they count, and nobody is placed twice', () => {
    const players = ids(24);
    const day1 = handMade([...players.slice(0, 20), 'x01', 'x02', 'x03', 'x04'], 4);
    const result = rotate(players, 4, 1, [day1], 4);
    expectWellFormed(result.rounds[0]!, players, 4);
    expect(result.repeatedPairs).toBe(recount([day1, result.rounds[0]!]).repeated);
    expect(result.repeatedPairs).toBe(0);
  });
});
