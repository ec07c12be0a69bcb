import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { baseRoundCollisions, cyclicPlayers, developCyclic, findCyclicBaseRound, pairOrbits } from '../../../shared/domain/scheduling/cyclic.js';
import { CYCLIC_ROWS, knownDesign, knownFields } from '../../../shared/domain/scheduling/designs.js';
import { socialGolfer32 } from '../../../shared/domain/scheduling/published-designs.js';
import { groupSizes } from '../../../shared/domain/scheduling/groups.js';
import { createRng } from '../../../shared/domain/scheduling/random.js';
import { multiRoundPairings, pairMeetings, rotationStats, type RotationResult } from '../../../shared/domain/scheduling/rotation.js';
import type { Groups, SchedRule } from '../../../shared/domain/scheduling/types.js';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);

function rotate(n: number, groupSize: number, rounds: number, seed = 1, rules: SchedRule[] = []): RotationResult {
  const result = multiRoundPairings({ playerIds: ids(n), groupSize, rounds, mode: 'rotating', rules }, createRng(seed));
  if ('problem' in result) throw new Error(result.problem);
  return result;
}

/** Every round places every player exactly once, in groups of the sizes single pairings use. */
function expectWellFormed(rounds: Groups[], n: number, groupSize: number) {
  const sizes = groupSizes(n, groupSize);
  if ('problem' in sizes) throw new Error(sizes.problem);
  for (const round of rounds) {
    expect(round.flat().sort()).toEqual(ids(n));
    expect(round.map((g) => g.length).sort((a, b) => b - a)).toEqual(sizes.sizes);
  }
}

/** Brute-force: the greatest number of meetings of any pair, and meetings beyond the first. */
function countRepeats(rounds: Groups[]) {
  const m = pairMeetings(rounds);
  return { repeated: [...m.values()].reduce((s, c) => s + Math.max(0, c - 1), 0), max: Math.max(...m.values()) };
}

describe('cyclic designs', () => {
  it('every kept row develops into rounds where no pair meets twice', () => {
    for (const row of CYCLIC_ROWS) {
      const n = cyclicPlayers(row.shape);
      const rounds = row.shape.modulus * (row.shape.bases ?? 1) + (row.shape.transversals ?? 0);
      expect(baseRoundCollisions(row.shape, row.base)).toBe(0);
      const developed = developCyclic(row.shape, row.base, rounds);
      expect(developed).toHaveLength(rounds);
      for (const round of developed) expect(round.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
      const asIds = developed.map((round) => round.map((g) => g.map(String)));
      expect(countRepeats(asIds).max).toBe(1);
      // Every player meets (groupSize − 1) new partners a round: the design uses up as many partners as it can.
      expect(pairMeetings(asIds).size).toBe((rounds * n * (row.shape.blockSize - 1)) / 2);
    }
  });

  it('the pair orbits are symmetric and name the two pairs a base round may never hold', () => {
    const shape = { modulus: 4, levels: 2, fixed: 2, blockSize: 2 };
    const { orbit } = pairOrbits(shape);
    const n = cyclicPlayers(shape);
    for (let p = 0; p < n; p++) for (let q = 0; q < n; q++) if (p !== q) expect(orbit[p * n + q]).toBe(orbit[q * n + p]);
    expect(orbit[8 * n + 9]).toBe(-1); // two fixed players would meet every round
    expect(orbit[0 * n + 2]).toBe(-1); // seats 0 and 2 of 4 are half the ring apart: they would meet twice
    expect(orbit[0 * n + 1]).toBe(orbit[2 * n + 3]); // same row, seat difference 1: one orbit
  });

  it('a transversal block turns into one whole round more', () => {
    const shape = { modulus: 4, levels: 2, fixed: 0, blockSize: 2, transversals: 1 };
    expect(developCyclic(shape, [[0, 1], [2, 4], [3, 5], [6, 7], [0, 5]], 5)[4]).toEqual([[0, 5], [1, 6], [2, 7], [3, 4]]);
    const found = findCyclicBaseRound(shape, createRng(2), 5_000);
    expect(found).not.toBeNull();
    const rounds = developCyclic(shape, found!, 5).map((round) => round.map((g) => g.map(String)));
    expect(rounds).toHaveLength(5);
    for (const round of rounds) expect(round.flat().sort()).toEqual(['0', '1', '2', '3', '4', '5', '6', '7']);
    expect(countRepeats(rounds)).toEqual({ repeated: 0, max: 1 });
  });

  it('the search finds the Kirkman base round again from a seed, and answers null when the step budget is too small', () => {
    const shape = { modulus: 7, levels: 2, fixed: 1, blockSize: 3 };
    const base = findCyclicBaseRound(shape, createRng(3), 50_000);
    expect(base).not.toBeNull();
    expect(baseRoundCollisions(shape, base!)).toBe(0);
    expect(findCyclicBaseRound({ modulus: 10, levels: 3, fixed: 2, blockSize: 4 }, createRng(1), 2)).toBeNull();
  });
});

describe('known designs', () => {
  it('include the affine plane for 16 in foursomes (5 rounds), Kirkman for 15 in threesomes (7) and the 8-4-10 social golfer solution for 32 in foursomes', () => {
    expect(knownDesign(16, 4)).toMatchObject({ name: 'affine plane of order 4', maxRounds: 5 });
    expect(knownDesign(15, 3)).toMatchObject({ name: 'Kirkman schoolgirl design', maxRounds: 7 });
    expect(knownDesign(32, 4)).toMatchObject({ name: 'social golfer 8-4-10 solution', maxRounds: 10 });
    expect(knownDesign(17, 4)).toBeUndefined();
    // Each design reaches the counting bound: (players − 1) / (groupSize − 1) rounds, rounded down.
    for (const f of knownFields()) expect(f.maxRounds).toBeLessThanOrEqual(Math.floor((f.players - 1) / (f.groupSize - 1)));
  });

  it('twosomes of an even field: the circle method meets everyone once in n − 1 rounds', () => {
    const design = knownDesign(8, 2)!;
    const rounds = design.rounds(7).map((r) => r.map((g) => g.map(String)));
    expect(countRepeats(rounds)).toEqual({ repeated: 0, max: 1 });
    expect(pairMeetings(rounds).size).toBe(28);
  });
});

describe('multi-round pairings', () => {
  it.each([
    [16, 4, 5],
    [15, 3, 7],
    [32, 4, 10],
    [32, 4, 9],
    [32, 4, 8],
    [20, 4, 5],
    [24, 4, 4],
    [9, 3, 4],
    [12, 2, 11],
  ])('%i players in groups of %i over %i rounds: nobody meets anyone twice', (n, size, rounds) => {
    const result = rotate(n, size, rounds);
    expectWellFormed(result.rounds, n, size);
    expect(result).toMatchObject({ repeatedPairs: 0, maxMeetings: 1, roundsWithoutRepeat: rounds, repeats: [] });
    expect(countRepeats(result.rounds)).toEqual({ repeated: 0, max: 1 });
  });

  it('past the design: a 6th round of 16 in foursomes repeats exactly the 24 pairs counting forces, none three times', () => {
    // 16 × 3 partners × 6 rounds / 2 = 144 meetings, 120 pairs: at least 24 repeats.
    const result = rotate(16, 4, 6);
    expect(result.method).toBe('affine plane of order 4 + search');
    expect(result).toMatchObject({ repeatedPairs: 24, maxMeetings: 2, roundsWithoutRepeat: 5 });
    expect(result.repeats).toHaveLength(24);
    expect(countRepeats(result.rounds)).toEqual({ repeated: 24, max: 2 });
  });

  it('32 in foursomes over 10 rounds (the counting bound): the published 8-4-10 design, every round a partition and no pair twice', () => {
    // Checked here from the table itself, not from rotate(): 8 foursomes a round, each player once, 480 distinct pairs.
    const table = socialGolfer32();
    expect(table).toHaveLength(10);
    const pairs = new Set<string>();
    for (const round of table) {
      expect(round).toHaveLength(8);
      expect(new Set(round.flat())).toEqual(new Set(Array.from({ length: 32 }, (_, i) => i)));
      for (const group of round) {
        expect(group).toHaveLength(4);
        for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) pairs.add([group[i], group[j]].sort((a, b) => a! - b!).join('-'));
      }
    }
    expect(pairs.size).toBe(10 * 8 * 6);
    const result = rotate(32, 4, 10);
    expect(result.method).toBe('social golfer 8-4-10 solution');
    expect(result).toMatchObject({ repeatedPairs: 0, maxMeetings: 1, roundsWithoutRepeat: 10 });
  });

  it('32 in foursomes past the bound: an 11th round repeats pairs (3 × 11 > 31), none three times', () => {
    const result = rotate(32, 4, 11);
    expectWellFormed(result.rounds, 32, 4);
    expect(result.roundsWithoutRepeat).toBe(10);
    expect(result.repeatedPairs).toBeGreaterThan(0);
    expect(result.maxMeetings).toBe(2);
  });

  it('fields without a design use the search; uneven fields keep group sizes within one', () => {
    const result = rotate(18, 4, 4);
    expect(result.method).toBe('search');
    expectWellFormed(result.rounds, 18, 4);
    expect(result.repeatedPairs).toBe(0);
    const odd = rotate(13, 4, 3, 9);
    expectWellFormed(odd.rounds, 13, 4);
    expect(odd.repeatedPairs).toBe(0);
  });

  it('reports repeats per pair, matching a recount, most meetings first', () => {
    const result = rotate(6, 3, 6, 4); // 6 players in threesomes: 2 partners a round, 5 others: repeats from round 3 on
    const recount = pairMeetings(result.rounds);
    for (const r of result.repeats) expect(recount.get(`${r.a}|${r.b}`)).toBe(r.meetings);
    expect(result.repeats.map((r) => r.meetings)).toEqual([...result.repeats.map((r) => r.meetings)].sort((a, b) => b - a));
    expect(result.repeatedPairs).toBe(countRepeats(result.rounds).repeated);
    // 6 rounds × 6 pairs = 36 meetings over 15 pairs: at least 21 repeats. An exhaustive check of all 5,005 choices
    // of 6 of the 10 splits into two threesomes: 21 repeats is reachable only with some pair meeting 4 times (a
    // most of 3 costs a pair never met, so 22 repeats). Repeats come first, then the most meetings.
    expect(result.repeatedPairs).toBe(21);
    expect(result.maxMeetings).toBe(4);
  });

  it('consistent: the same groups every round', () => {
    const result = multiRoundPairings({ playerIds: ids(10), groupSize: 4, rounds: 3, mode: 'consistent' }, createRng(2));
    if ('problem' in result) throw new Error(result.problem);
    expect(result.method).toBe('consistent');
    const sets = result.rounds.map((round) => round.map((g) => [...g].sort().join()).sort().join('/'));
    expect(new Set(sets).size).toBe(1);
    expect(result.maxMeetings).toBe(3);
  });

  it('the same seed gives the same schedule; another seed another one', () => {
    expect(rotate(20, 4, 5, 11).rounds).toEqual(rotate(20, 4, 5, 11).rounds);
    expect(rotate(16, 4, 5, 11).rounds).not.toEqual(rotate(16, 4, 5, 12).rounds);
  });

  it('keeps a keep-apart rule in every round and a keep-together pair together, listing nothing broken', () => {
    const rules: SchedRule[] = [
      { id: 'r1', kind: 'keep_apart', playerIds: ['p01', 'p02'], priority: 8 },
      { id: 'r2', kind: 'keep_together', playerIds: ['p03', 'p04'], priority: 5 },
    ];
    const result = rotate(16, 4, 4, 3, rules);
    expect(result.brokenRules).toEqual([]);
    for (const round of result.rounds) {
      expect(round.some((g) => g.includes('p01') && g.includes('p02'))).toBe(false);
      expect(round.some((g) => g.includes('p03') && g.includes('p04'))).toBe(true);
    }
  });

  it('a rule that cannot hold is listed per round with the reason', () => {
    // Three players kept apart in a field of two twosomes… of 4 players: two of them must share a group.
    const rules: SchedRule[] = [{ id: 'r1', kind: 'keep_apart', playerIds: ['p01', 'p02', 'p03'], priority: 5 }];
    const result = rotate(4, 2, 2, 1, rules);
    expect(result.brokenRules.map((b) => b.round)).toEqual([1, 2]);
    expect(result.brokenRules[0]!.rules[0]).toMatchObject({ ruleId: 'r1', kind: 'keep_apart' });
  });

  it('answers a problem for sizes and rounds out of range', () => {
    expect(multiRoundPairings({ playerIds: ids(8), groupSize: 7, rounds: 2, mode: 'rotating' }, createRng(1))).toHaveProperty('problem');
    expect(multiRoundPairings({ playerIds: ids(8), groupSize: 4, rounds: 0, mode: 'rotating' }, createRng(1))).toHaveProperty('problem');
    expect(multiRoundPairings({ playerIds: ids(8), groupSize: 4, rounds: 21, mode: 'rotating' }, createRng(1))).toHaveProperty('problem');
    expect(multiRoundPairings({ playerIds: ['a', 'a', 'b'], groupSize: 2, rounds: 1, mode: 'rotating' }, createRng(1))).toHaveProperty('problem');
  });

  it('property: every player in every round exactly once, sizes within one, stats equal a recount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 26 }), fc.integer({ min: 2, max: 6 }), fc.integer({ min: 1, max: 6 }), fc.nat(), fc.boolean(), (n, size, rounds, seed, rotating) => {
        const result = multiRoundPairings({ playerIds: ids(n), groupSize: size, rounds, mode: rotating ? 'rotating' : 'consistent', maxSteps: 200 }, createRng(seed));
        if ('problem' in result) throw new Error(result.problem);
        expect(result.rounds).toHaveLength(rounds);
        expectWellFormed(result.rounds, n, size);
        expect(rotationStats(result.rounds)).toEqual({ repeats: result.repeats, repeatedPairs: result.repeatedPairs, maxMeetings: result.maxMeetings, roundsWithoutRepeat: result.roundsWithoutRepeat });
      }),
      { numRuns: 60 },
    );
  });
});
