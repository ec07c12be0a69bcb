import { describe, expect, it } from 'vitest';
import { splitCents } from '../../../shared/domain/games/common.js';
import type { SkinsConfig, SkinsLeftoverRule, SkinsResult } from '../../../shared/domain/games/skins.js';
import { computeSkins, SKINS_LEFTOVER_RULES } from '../../../shared/domain/games/skins.js';
import { PLAYER_IDS, rng, sum } from './random.js';

const [A, B, C, D] = ['anna01', 'bert02', 'cara03', 'dave04'] as const;

function run(config: SkinsConfig): SkinsResult {
  const r = computeSkins(config);
  if (!r.ok) throw new Error(r.failure.message);
  return r.value;
}
const nets = (r: SkinsResult) => Object.fromEntries(r.players.map((p) => [p.playerId, p.netCents]));

describe('splitCents (remainder rule)', () => {
  it('gives the odd cents to the largest remainders, then the lowest ids', () => {
    expect(Object.fromEntries(splitCents(10000, [['c', 1], ['b', 1], ['a', 1]]))).toEqual({ a: 3334, b: 3333, c: 3333 });
    expect(Object.fromEntries(splitCents(10, [['a', 1], ['b', 2]]))).toEqual({ a: 3, b: 7 });
    expect(Object.fromEntries(splitCents(5, [['a', 0], ['z', 1], ['y', 1]]))).toEqual({ a: 0, y: 3, z: 2 });
  });
  it('refuses zero weights, duplicate ids and fractions of a cent', () => {
    expect(() => splitCents(1, [['a', 0]])).toThrow();
    expect(() => splitCents(1, [['a', 1], ['a', 1]])).toThrow();
    expect(() => splitCents(1.5, [['a', 1]])).toThrow();
  });
  it('always sums exactly (seeded)', () => {
    const g = rng(7);
    for (let i = 0; i < 500; i++) {
      const weights = g.sample(PLAYER_IDS, g.int(1, 8)).map((p): [string, number] => [p, g.int(0, 20)]);
      if (weights.every(([, w]) => w === 0)) weights[0]![1] = 1;
      const total = g.int(0, 1_000_000);
      const parts = splitCents(total, weights);
      expect(sum(parts.values())).toBe(total);
      for (const [p, w] of weights) if (w === 0) expect(parts.get(p)).toBe(0);
    }
  });
});

describe('skins worked examples', () => {
  it('carries a tie: hole 1 tied, hole 2 won by A for 2 skins (per skin, every other player pays)', () => {
    const r = run({
      players: [A, B, C],
      holes: [1, 2],
      scores: { [A]: { 1: 4, 2: 3 }, [B]: { 1: 4, 2: 5 }, [C]: { 1: 5, 2: 4 } },
      mode: { kind: 'per_skin', valueCents: 500 },
      carryover: true,
      leftover: 'refund',
    });
    expect(r.holes[0]).toMatchObject({ hole: 1, outcome: 'tied', leaders: [A, B], winner: null, skinsAtStake: 1, carried: 1 });
    expect(r.holes[1]).toMatchObject({ hole: 2, outcome: 'won', winner: A, skinsAtStake: 2, skinsWon: 2, centsFromEachOpponent: 1000 });
    expect(nets(r)).toEqual({ [A]: 2000, [B]: -1000, [C]: -1000 });
    expect(r.players.find((p) => p.playerId === A)).toMatchObject({ skins: 2, receivedCents: 2000, paidCents: 0 });
  });

  it('splits a pot of 10000 cents by 1/1/1 skins, the odd cent to the lowest id whatever the list order', () => {
    const scores = { [A]: { 1: 3, 2: 5, 3: 5 }, [B]: { 1: 4, 2: 4, 3: 5 }, [C]: { 1: 4, 2: 5, 3: 4 }, [D]: { 1: 5, 2: 5, 3: 5 } };
    const r = run({ players: [C, D, B, A], holes: [1, 2, 3], scores, mode: { kind: 'pot', potCents: 10000 }, carryover: true, leftover: 'refund' });
    expect(r.players.map((p) => [p.playerId, p.skins, p.paidCents, p.receivedCents])).toEqual([
      [C, 1, 2500, 3333],
      [D, 0, 2500, 0],
      [B, 1, 2500, 3333],
      [A, 1, 2500, 3334],
    ]);
    expect(nets(r)).toEqual({ [A]: 834, [B]: 833, [C]: 833, [D]: -2500 });
    expect(r.paidOutCents).toBe(10000);
  });

  it('kills tied skins without carryover (pot split by skins won only)', () => {
    const scores = { [A]: { 1: 4, 2: 3 }, [B]: { 1: 4, 2: 5 } };
    const r = run({ players: [A, B], holes: [1, 2], scores, mode: { kind: 'pot', potCents: 1000 }, carryover: false, leftover: 'split_among_winners' });
    expect(r.holes.map((h) => [h.outcome, h.skinsWon, h.dead, h.carried])).toEqual([['tied', 0, 1, 0], ['won', 1, 0, 0]]);
    expect(nets(r)).toEqual({ [A]: 500, [B]: -500 });
  });

  it('lets a player with the only score win; a hole nobody scored carries', () => {
    const scores = { [A]: { 2: 9 }, [B]: { 2: undefined }, [C]: { 2: null } };
    const r = run({ players: [A, B, C], holes: [1, 2], scores, mode: { kind: 'per_skin', valueCents: 100 }, carryover: true, leftover: 'refund' });
    expect(r.holes.map((h) => [h.outcome, h.winner, h.skinsWon])).toEqual([['no_scores', null, 0], ['won', A, 2]]);
    expect(nets(r)).toEqual({ [A]: 400, [B]: -200, [C]: -200 });
  });

  it('validation: a winner who loses the next hole does not keep the skin, it carries', () => {
    const scores = { [A]: { 1: 3, 2: 5, 3: 4 }, [B]: { 1: 4, 2: 4, 3: 4 } };
    const base = { players: [A, B], holes: [1, 2, 3], scores, mode: { kind: 'per_skin', valueCents: 100 } as const, leftover: 'refund' as const };
    const v = run({ ...base, carryover: true, validation: true });
    // Hole 1: A wins but loses hole 2, so the skin carries; hole 2: B wins 2 skins and ties hole 3 (validated).
    expect(v.holes.map((h) => [h.outcome, h.winner, h.skinsAtStake, h.skinsWon])).toEqual([
      ['not_validated', null, 1, 0],
      ['won', B, 2, 2],
      ['tied', null, 1, 0],
    ]);
    expect(v.leftover).toMatchObject({ skins: 1, appliedRule: 'refund' });
    expect(nets(v)).toEqual({ [A]: -200, [B]: 200 });
    const dead = run({ ...base, carryover: false, validation: true });
    expect(dead.holes.map((h) => h.dead)).toEqual([1, 0, 1]);
    expect(nets(dead)).toEqual({ [A]: -100, [B]: 100 });
    const plain = run({ ...base, carryover: true });
    expect(nets(plain)).toEqual({ [A]: 0, [B]: 0 });
  });

  it('validation: tying the next hole validates; the last hole needs no validation', () => {
    const scores = { [A]: { 1: 3, 2: 4, 3: 5 }, [B]: { 1: 4, 2: 4, 3: 4 } };
    const r = run({ players: [A, B], holes: [1, 2, 3], scores, mode: { kind: 'per_skin', valueCents: 100 }, carryover: true, validation: true, leftover: 'refund' });
    expect(r.holes.map((h) => [h.outcome, h.winner, h.skinsWon])).toEqual([['won', A, 1], ['tied', null, 0], ['won', B, 2]]);
    expect(nets(r)).toEqual({ [A]: -100, [B]: 100 });
  });

  it('validation follows play order, not hole numbers (a start on the 10th)', () => {
    const scores = { [A]: { 18: 3, 1: 5 }, [B]: { 18: 4, 1: 4 } };
    const r = run({ players: [A, B], holes: [18, 1], scores, mode: { kind: 'per_skin', valueCents: 100 }, carryover: true, validation: true, leftover: 'refund' });
    expect(r.holes.map((h) => [h.hole, h.outcome])).toEqual([[18, 'not_validated'], [1, 'won']]);
    expect(r.holes[1]).toMatchObject({ winner: B, skinsWon: 2 });
  });

  it('adds skins carried in from an earlier round to the first hole', () => {
    const r = run({ players: [A, B], holes: [1], scores: { [A]: { 1: 3 }, [B]: { 1: 4 } }, mode: { kind: 'per_skin', valueCents: 100 }, carryover: true, leftover: 'refund', carriedIn: 2 });
    expect(r.holes[0]).toMatchObject({ skinsAtStake: 3, skinsWon: 3 });
    expect(nets(r)).toEqual({ [A]: 300, [B]: -300 });
  });
});

describe('skins leftover rules', () => {
  // Hole 1 won by A; holes 2 and 3 tied by A and C: 2 skins are left after the last hole.
  const scores = { [A]: { 1: 3, 2: 4, 3: 4 }, [B]: { 1: 4, 2: 5, 3: 5 }, [C]: { 1: 4, 2: 4, 3: 4 } };
  const game = (leftover: SkinsLeftoverRule, kind: 'per_skin' | 'pot') =>
    run({ players: [A, B, C], holes: [1, 2, 3], scores, carryover: true, leftover, mode: kind === 'pot' ? { kind, potCents: 900 } : { kind, valueCents: 100 } });
  const table: [SkinsLeftoverRule, 'per_skin' | 'pot', Record<string, number>, string[], number][] = [
    ['refund', 'per_skin', { [A]: 200, [B]: -100, [C]: -100 }, [], 0],
    ['carry_to_next_round', 'per_skin', { [A]: 200, [B]: -100, [C]: -100 }, [], 2],
    ['split_among_winners', 'per_skin', { [A]: 600, [B]: -300, [C]: -300 }, [A], 0],
    ['last_hole_playoff_none', 'per_skin', { [A]: 300, [B]: -300, [C]: 0 }, [A, C], 0],
    ['refund', 'pot', { [A]: 200, [B]: -100, [C]: -100 }, [], 0],
    ['carry_to_next_round', 'pot', { [A]: 600, [B]: -300, [C]: -300 }, [], 2],
    ['split_among_winners', 'pot', { [A]: 600, [B]: -300, [C]: -300 }, [A], 0],
    ['last_hole_playoff_none', 'pot', { [A]: 300, [B]: -300, [C]: 0 }, [A, C], 0],
  ];
  it.each(table)('%s in %s mode', (rule, kind, expected, recipients, carried) => {
    const r = game(rule, kind);
    expect(r.leftover).toEqual({ skins: 2, rule, appliedRule: rule, recipients, carriedToNextRound: carried });
    expect(nets(r)).toEqual(expected);
  });

  it('refund: the part for skins won is rounded down, the refund takes the odd cents (lowest ids first)', () => {
    const r = run({ players: [C, B, A], holes: [1, 2, 3], scores, carryover: true, leftover: 'refund', mode: { kind: 'pot', potCents: 1000 } });
    // 1 skin won, 2 left over: A gets ⌊1000 × 1 ÷ 3⌋ = 333; 667 goes back as 223 (A), 222 (B), 222 (C).
    expect(r.paidOutCents).toBe(333);
    expect(r.players.map((p) => [p.playerId, p.paidCents, p.receivedCents])).toEqual([
      [C, 333, 222],
      [B, 333, 222],
      [A, 334, 556],
    ]);
  });

  it('falls back to refund when nobody won a skin or nobody scored on the last hole', () => {
    const tied = { [A]: { 1: 4 }, [B]: { 1: 4 } };
    const r = run({ players: [A, B], holes: [1], scores: tied, mode: { kind: 'pot', potCents: 1001 }, carryover: true, leftover: 'split_among_winners' });
    expect(r.leftover).toMatchObject({ skins: 1, appliedRule: 'refund', recipients: [] });
    expect(r.players.map((p) => [p.paidCents, p.receivedCents, p.netCents])).toEqual([[501, 501, 0], [500, 500, 0]]);
    const unplayed = run({ players: [A, B], holes: [1, 2], scores: { [A]: { 1: 3 }, [B]: { 1: 4 } }, mode: { kind: 'per_skin', valueCents: 100 }, carryover: true, leftover: 'last_hole_playoff_none' });
    expect(unplayed.leftover).toMatchObject({ skins: 1, appliedRule: 'refund' });
    expect(nets(unplayed)).toEqual({ [A]: 100, [B]: -100 });
  });
});

describe('skins configuration', () => {
  const ok = { players: [A, B], holes: [1], scores: {}, mode: { kind: 'per_skin', valueCents: 100 }, carryover: true, leftover: 'refund' } as const;
  it.each([
    ['one player', { ...ok, players: [A] }],
    ['a player twice', { ...ok, players: [A, A] }],
    ['a hole twice', { ...ok, holes: [1, 1] }],
    ['fractional cents', { ...ok, mode: { kind: 'pot', potCents: 10.5 } }],
    ['negative cents', { ...ok, mode: { kind: 'per_skin', valueCents: -1 } }],
    ['a score that is not a number', { ...ok, scores: { [A]: { 1: Number.NaN } } }],
    ['an unknown leftover rule', { ...ok, leftover: 'lottery' }],
  ])('refuses %s', (_, config) => {
    const r = computeSkins(config as unknown as SkinsConfig);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.failure.code).toBe('validation_failed');
  });
  it('reads Map scores like records', () => {
    const record = { [A]: { 1: 3, 2: 4 }, [B]: { 1: 4, 2: 4 } };
    const map = new Map(Object.entries(record).map(([p, row]) => [p, new Map(Object.entries(row).map(([h, s]) => [Number(h), s]))]));
    const base = { players: [A, B], holes: [1, 2], mode: { kind: 'per_skin', valueCents: 100 }, carryover: true, leftover: 'refund' } as const;
    expect(run({ ...base, scores: map })).toEqual(run({ ...base, scores: record }));
  });
});

describe('skins properties (seeded)', () => {
  function randomGame(seed: number): SkinsConfig {
    const g = rng(seed);
    const players = g.sample(PLAYER_IDS, g.int(2, 6));
    const holes = g.sample(Array.from({ length: 18 }, (_, i) => i + 1), g.int(0, 18));
    const scores: Record<string, Record<number, number>> = {};
    for (const p of players) {
      scores[p] = {};
      for (const h of holes) if (!g.chance(0.1)) scores[p][h] = g.int(2, 6);
    }
    return {
      players,
      holes,
      scores,
      mode: g.chance(0.5) ? { kind: 'pot', potCents: g.int(0, 200_000) } : { kind: 'per_skin', valueCents: g.int(0, 5000) },
      carryover: g.chance(0.7),
      validation: g.chance(0.4),
      leftover: g.pick(SKINS_LEFTOVER_RULES),
      carriedIn: g.chance(0.2) ? g.int(1, 4) : 0,
    };
  }

  it('conserves money, skins and the pot in 2000 random games', () => {
    for (let seed = 1; seed <= 2000; seed++) {
      const config = randomGame(seed);
      const r = run(config);
      const where = `seed ${seed}`;
      expect(sum(r.players.map((p) => p.netCents)), where).toBe(0);
      for (const p of r.players) {
        expect(Number.isSafeInteger(p.paidCents) && p.paidCents >= 0, where).toBe(true);
        expect(Number.isSafeInteger(p.receivedCents) && p.receivedCents >= 0, where).toBe(true);
      }
      const dead = sum(r.holes.map((h) => h.dead));
      expect(r.skinsWon + dead + r.leftover.skins, where).toBe(config.holes.length + (config.carriedIn ?? 0));
      if (config.mode.kind === 'pot') {
        expect(r.paidOutCents!, where).toBeLessThanOrEqual(config.mode.potCents);
        expect(sum(r.players.map((p) => p.paidCents)), where).toBe(config.mode.potCents);
        expect(sum(r.players.map((p) => p.receivedCents)), where).toBe(config.mode.potCents);
        if (r.skinsWon === 0 && r.leftover.appliedRule !== 'last_hole_playoff_none') expect(r.paidOutCents, where).toBe(0);
      }
      for (const h of r.holes) {
        if (h.winner !== null) expect(h.leaders, where).toEqual([h.winner]);
        else expect(h.skinsWon, where).toBe(0);
      }
    }
  });

  it('does not depend on the order players are listed in', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const config = randomGame(seed);
      const reordered = { ...config, players: rng(seed + 99).shuffle(config.players) };
      expect(nets(run(reordered)), `seed ${seed}`).toEqual(nets(run(config)));
    }
  });
});
