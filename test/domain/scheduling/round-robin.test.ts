import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  roundRobin,
  roundRobinTeeSheet,
  seedParticipants,
  type RRParticipant,
  type RoundRobinSchedule,
} from '../../../shared/domain/scheduling/round-robin.js';

const people = (n: number): RRParticipant[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, name: `P${i + 1}`, order: i + 1 }));
const show = (s: RoundRobinSchedule) => s.rounds.map((r) => [r.matches.map(([h, a]) => `${h}-${a}`).join(' '), r.bye]);

describe('round robin by the circle method', () => {
  it('4 participants: 3 rounds, seed 1 meets the last seed first', () => {
    const s = roundRobin(people(4), 'team_order');
    expect(s.participants).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(show(s)).toEqual([
      ['p1-p4 p2-p3', null],
      ['p4-p3 p1-p2', null],
      ['p2-p4 p3-p1', null],
    ]);
  });

  it('5 participants: 5 rounds, one bye each', () => {
    expect(show(roundRobin(people(5), 'team_order'))).toEqual([
      ['p2-p5 p4-p3', 'p1'],
      ['p1-p4 p3-p2', 'p5'],
      ['p5-p3 p2-p1', 'p4'],
      ['p4-p2 p1-p5', 'p3'],
      ['p3-p1 p5-p4', 'p2'],
    ]);
  });

  it('2 participants play once; 1 participant has a single round with the bye; none have no rounds', () => {
    expect(show(roundRobin(people(2), 'team_order'))).toEqual([['p1-p2', null]]);
    expect(show(roundRobin(people(1), 'team_order'))).toEqual([['', 'p1']]);
    expect(roundRobin([], 'alphabetical')).toEqual({ participants: [], rounds: [] });
  });

  it('refuses repeated ids', () => {
    expect(() => roundRobin([{ id: 'a', name: 'A' }, { id: 'a', name: 'B' }], 'alphabetical')).toThrow(RangeError);
  });
});

describe('seeding', () => {
  const field: RRParticipant[] = [
    { id: 'c', name: 'cara', handicapIndex: 12.4, order: 2 },
    { id: 'a', name: 'Ann', handicapIndex: null, order: 3 },
    { id: 'd', name: 'Dot 10', handicapIndex: -1.2 },
    { id: 'b', name: 'Dot 9', handicapIndex: 12.4, order: 1 },
  ];
  it.each([
    ['team_order', ['b', 'c', 'a', 'd']],
    ['custom', ['b', 'c', 'a', 'd']],
    ['alphabetical', ['a', 'c', 'b', 'd']],
    ['handicap', ['d', 'c', 'b', 'a']],
  ] as const)('%s', (seeding, ids) => {
    expect(seedParticipants(field, seeding).map((p) => p.id)).toEqual(ids);
    expect(roundRobin(field, seeding).participants).toEqual(ids);
  });
});

describe('round robin properties', () => {
  it('every pair exactly once, one match per participant per round, byes one each for odd n, home/away balanced', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.constantFrom('team_order', 'alphabetical', 'handicap', 'custom' as const), (n, seeding) => {
        const s = roundRobin(people(n), seeding);
        expect(s.rounds).toHaveLength(n === 0 ? 0 : n % 2 === 0 ? n - 1 : n);
        const met = new Map<string, number>();
        const home = new Map<string, number>();
        const away = new Map<string, number>();
        const byes = new Map<string, number>();
        s.rounds.forEach((r, k) => {
          expect(r.round).toBe(k + 1);
          const playing = r.matches.flat();
          expect(new Set(playing).size).toBe(playing.length);
          expect(playing.length + (r.bye === null ? 0 : 1)).toBe(n);
          if (r.bye !== null) {
            expect(playing).not.toContain(r.bye);
            byes.set(r.bye, (byes.get(r.bye) ?? 0) + 1);
          }
          for (const [h, a] of r.matches) {
            const key = [h, a].sort().join('|');
            met.set(key, (met.get(key) ?? 0) + 1);
            home.set(h, (home.get(h) ?? 0) + 1);
            away.set(a, (away.get(a) ?? 0) + 1);
          }
        });
        expect(met.size).toBe(n < 2 ? 0 : (n * (n - 1)) / 2);
        expect([...met.values()].every((c) => c === 1)).toBe(true);
        if (n % 2 === 1) expect(s.participants.every((p) => byes.get(p) === 1)).toBe(true);
        else expect(byes.size).toBe(0);
        for (const p of s.participants) {
          expect(Math.abs((home.get(p) ?? 0) - (away.get(p) ?? 0))).toBeLessThanOrEqual(n % 2 === 1 ? 0 : 1);
        }
      }),
      { numRuns: 120 },
    );
  });
});

describe('round robin tee sheet', () => {
  const round = { round: 1, matches: [['a', 'b'], ['c', 'd'], ['e', 'f'], ['g', 'h']] as [string, string][], bye: 'x' };

  it.each([
    ['twosomes', [['a', 'b'], ['c', 'd'], ['e', 'f'], ['g', 'h']]],
    ['foursomes', [['a', 'b', 'c', 'd'], ['e', 'f', 'g', 'h']]],
    ['sixsomes', [['a', 'b', 'c', 'd', 'e', 'f'], ['g', 'h']]],
  ] as const)('individuals in %s, the bye not teeing off', (format, groups) => {
    expect(roundRobinTeeSheet(round, format)).toEqual(groups);
  });

  it('teams become their players, opponents side by side', () => {
    const members = new Map([
      ['a', ['a1', 'a2']],
      ['b', ['b1', 'b2']],
      ['c', ['c1', 'c2']],
      ['d', ['d1', 'd2']],
    ]);
    const r = { round: 1, matches: [['a', 'b'], ['c', 'd']] as [string, string][], bye: null };
    expect(roundRobinTeeSheet(r, 'foursomes', members)).toEqual([['a1', 'b1', 'a2', 'b2'], ['c1', 'd1', 'c2', 'd2']]);
    expect(roundRobinTeeSheet(r, 'sixsomes', members)).toEqual([['a1', 'b1', 'a2', 'b2'], ['c1', 'd1', 'c2', 'd2']]);
    // A match bigger than the format is split into groups that hold both sides.
    expect(roundRobinTeeSheet(r, 'twosomes', members)).toEqual([['a1', 'b1'], ['a2', 'b2'], ['c1', 'd1'], ['c2', 'd2']]);
  });

  it('a team missing from the members plays as itself; uneven teams interleave then finish', () => {
    const members = new Map([['a', ['a1', 'a2', 'a3']]]);
    const r = { round: 1, matches: [['a', 'b'], ['c', 'd']] as [string, string][], bye: null };
    expect(roundRobinTeeSheet(r, 'sixsomes', members)).toEqual([['a1', 'b', 'a2', 'a3', 'c', 'd']]);
  });

  it('every player of a round tees off once, in groups no larger than the format', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 25 }), fc.constantFrom('twosomes', 'foursomes', 'sixsomes' as const), (n, format) => {
        const size = { twosomes: 2, foursomes: 4, sixsomes: 6 }[format];
        for (const r of roundRobin(people(n), 'team_order').rounds) {
          const groups = roundRobinTeeSheet(r, format);
          expect(groups.flat().sort()).toEqual(r.matches.flat().sort());
          expect(groups.every((g) => g.length > 0 && g.length <= size)).toBe(true);
          expect(groups.slice(0, -1).every((g) => g.length === size)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  });
});
