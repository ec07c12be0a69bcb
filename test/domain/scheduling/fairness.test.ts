import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fairnessReport, optimizeFairness, type FairnessRound, type Start } from '../../../shared/domain/scheduling/fairness.js';
import { createRng } from '../../../shared/domain/scheduling/random.js';
import { assignTeeTimes } from '../../../shared/domain/scheduling/tee-times.js';
import type { Groups } from '../../../shared/domain/scheduling/types.js';

const starts = (groupCount: number, format: 'single' | 'two_tee' | 'shotgun'): Start[] => {
  const answer = assignTeeTimes({ groupCount, format, firstTime: '08:00', intervalMinutes: 10 });
  if ('problem' in answer) throw new Error(answer.problem);
  return answer.slots.map((s) => ({ time: s.time, hole: s.hole }));
};
const field = (groups: number, size: number): Groups => Array.from({ length: groups }, (_, g) => Array.from({ length: size }, (_, i) => `p${g * size + i + 1}`));

describe('fairness report', () => {
  it('counts early/late by the half of the round\'s tee times and front/back by the starting hole', () => {
    const groups: Groups = [['a'], ['b'], ['c']];
    const report = fairnessReport([{ groups, starts: [{ time: '08:00', hole: 1 }, { time: '08:10', hole: 10 }, { time: '08:20', hole: 1 }] }]);
    expect(report.players).toEqual([
      { playerId: 'a', rounds: 1, early: 1, late: 0, front: 1, back: 0, score: 0 },
      // the middle time of three is neither early nor late
      { playerId: 'b', rounds: 1, early: 0, late: 0, front: 0, back: 1, score: 50 },
      { playerId: 'c', rounds: 1, early: 0, late: 1, front: 1, back: 0, score: 0 },
    ]);
    expect(report.overall).toBe(16.7);
  });

  it('a shotgun has no early or late start; two even rounds score 100', () => {
    const groups: Groups = [['a', 'b'], ['c', 'd']];
    const report = fairnessReport([
      { groups, starts: [{ time: '08:00', hole: 1 }, { time: '08:00', hole: 12 }] },
      { groups, starts: [{ time: '08:00', hole: 14 }, { time: '08:00', hole: 3 }] },
    ]);
    expect(report.players.every((p) => p.early === 0 && p.late === 0 && p.front === 1 && p.back === 1 && p.score === 100)).toBe(true);
    expect(report.overall).toBe(100);
  });

  it('starts without a time or hole count as neither', () => {
    const report = fairnessReport([{ groups: [['a'], ['b']], starts: [{ time: null, hole: null }, { time: null, hole: null }] }]);
    expect(report.players.map((p) => [p.early, p.late, p.front, p.back, p.score])).toEqual([[0, 0, 0, 0, 100], [0, 0, 0, 0, 100]]);
  });
});

describe('optimize fairness', () => {
  it('consistent groups over 4 single-tee rounds: everyone ends with 2 early and 2 late starts', () => {
    const groups = field(4, 4);
    const rounds: FairnessRound[] = Array.from({ length: 4 }, () => ({ groups, starts: starts(4, 'single') }));
    expect(fairnessReport(rounds).overall).toBe(0); // unoptimised: the same group first every time
    const optimized = optimizeFairness(rounds, createRng(1));
    const report = fairnessReport(optimized.map((g, i) => ({ groups: g, starts: rounds[i]!.starts })));
    expect(report.players.every((p) => p.early === 2 && p.late === 2)).toBe(true);
    // single tee: every start on hole 1, so front 4, back 0 for everyone: 100 − 50 × 4 / 4
    expect(report.overall).toBe(50);
  });

  it('two-tee over 2 rounds: every group gets one front and one back start', () => {
    const groups = field(6, 4);
    const rounds: FairnessRound[] = [0, 1].map(() => ({ groups, starts: starts(6, 'two_tee') }));
    const optimized = optimizeFairness(rounds, createRng(5));
    const report = fairnessReport(optimized.map((g, i) => ({ groups: g, starts: rounds[i]!.starts })));
    expect(report.players.every((p) => p.front === 1 && p.back === 1)).toBe(true);
  });

  it('property: keeps each round\'s groups, only reorders them, and never scores worse than the order given', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 10 }), fc.integer({ min: 1, max: 5 }), fc.constantFrom('single' as const, 'two_tee' as const), fc.nat(), (groupCount, roundCount, format, seed) => {
        const rng = createRng(seed);
        const ids = Array.from({ length: groupCount * 3 }, (_, i) => `p${i}`);
        const rounds: FairnessRound[] = Array.from({ length: roundCount }, () => {
          const shuffled = rng.shuffle(ids);
          return { groups: Array.from({ length: groupCount }, (_, g) => shuffled.slice(g * 3, g * 3 + 3)), starts: starts(groupCount, format) };
        });
        const optimized = optimizeFairness(rounds, createRng(seed + 1));
        optimized.forEach((groups, r) => {
          const key = (gs: Groups) => gs.map((g) => [...g].sort().join()).sort().join('/');
          expect(key(groups)).toBe(key(rounds[r]!.groups));
        });
        const imbalance = (rs: FairnessRound[]) => fairnessReport(rs).players.reduce((s, p) => s + (p.late - p.early) ** 2 + (p.back - p.front) ** 2, 0);
        const before = imbalance(rounds);
        const after = imbalance(optimized.map((g, i) => ({ groups: g, starts: rounds[i]!.starts })));
        expect(after).toBeLessThanOrEqual(before);
      }),
      { numRuns: 80 },
    );
  });
});
