import { describe, expect, it } from 'vitest';
import type { AutoPress, NassauBet, NassauConfig, NassauHoleWinner, NassauResult, PressRequest } from '../../../shared/domain/games/nassau.js';
import { computeNassau } from '../../../shared/domain/games/nassau.js';
import { autoPressTriggers, playMatch } from '../../../shared/domain/games/nassau-match.js';
import { PLAYER_IDS, rng, sum } from './random.js';

const [A, B, C, D] = ['anna01', 'bert02', 'cara03', 'dave04'] as const;

/** Pairwise scores from one letter per hole: `a` (A wins), `b` (B wins), `h` (halved), `.` (nobody scored yet). */
function pairScores(holes: string): Record<string, Record<number, number>> {
  const scores: Record<string, Record<number, number>> = { [A]: {}, [B]: {} };
  [...holes.replaceAll(' ', '')].forEach((c, i) => {
    if (c === '.') return;
    scores[A]![i + 1] = c === 'a' ? 4 : 5;
    scores[B]![i + 1] = c === 'b' ? 4 : 5;
  });
  return scores;
}

function run(config: NassauConfig): NassauResult {
  const r = computeNassau(config);
  if (!r.ok) throw new Error(r.failure.message);
  return r.value;
}
const pair = (holes: string, extra: Partial<NassauConfig> = {}) => run({ sides: { a: [A], b: [B] }, scores: pairScores(holes), stakeCents: 500, ...extra });
const bet = (r: NassauResult, id: string): NassauBet => {
  const found = r.bets.find((b) => b.id === id);
  if (!found) throw new Error(`no bet ${id}; bets: ${r.bets.map((b) => b.id).join(', ')}`);
  return found;
};
const summary = (r: NassauResult) => r.bets.map((b) => `${b.id}:${b.holes[0]}-${b.holes.at(-1)}:${b.result}`);

describe('Nassau worked examples', () => {
  it('plays front, back and overall as three match-play bets', () => {
    const r = pair('aahhhhhhh bhhhhhhhh', { stakeCents: { front: 500, back: 300, overall: 1000 } });
    expect(summary(r)).toEqual(['front:1-9:a', 'back:10-18:b', 'overall:1-18:a']);
    expect(bet(r, 'front')).toMatchObject({ aUp: 2, moneyCents: { [A]: 500, [B]: -500 } });
    expect(bet(r, 'back')).toMatchObject({ aUp: -1, moneyCents: { [A]: -300, [B]: 300 } });
    expect(r.totals).toEqual({ [A]: 1200, [B]: -1200 });
  });

  it('halves a level bet and moves no money for it', () => {
    const r = pair('abhhhhhhh hhhhhhhhh');
    expect(summary(r)).toEqual(['front:1-9:halved', 'back:10-18:halved', 'overall:1-18:halved']);
    expect(r.totals).toEqual({ [A]: 0, [B]: 0 });
  });

  it('presses automatically when a side becomes 2 down, from the next hole to the end of the bet', () => {
    // B wins 1 and 2: A is 2 down in the front nine and the overall, so both are pressed from hole 3.
    const r = pair('bbaaahhhh hhhhhhhhh', { autoPress: 'original_bets' });
    expect(summary(r)).toEqual(['front:1-9:a', 'back:10-18:halved', 'overall:1-18:a', 'front/a3:3-9:a', 'overall/a3:3-18:a']);
    expect(bet(r, 'front').status.slice(0, 3).map((s) => s.aUp)).toEqual([-1, -2, -1]);
    expect(bet(r, 'front/a3')).toMatchObject({ kind: 'press', pressOf: 'front', pressedBy: 'a', automatic: true, stakeCents: 500, aUp: 3 });
    expect(r.totals).toEqual({ [A]: 2000, [B]: -2000 });
    expect(pair('bbaaahhhh hhhhhhhhh').bets.map((b) => b.id)).toEqual(['front', 'back', 'overall']);
  });

  it('does not press on the last hole of a bet', () => {
    // A goes 2 down on hole 9, the front nine's last hole: no front press, but the overall is pressed from 10.
    const r = pair('hhhhhhhbb hhhhhhhhh', { autoPress: 'original_bets' });
    expect(summary(r)).toEqual(['front:1-9:b', 'back:10-18:halved', 'overall:1-18:b', 'overall/a10:10-18:halved']);
    const late = pair('hhhhhhhhh hhhhhhhbb', { autoPress: 'presses_on_presses' });
    expect(late.bets.map((b) => b.id)).toEqual(['front', 'back', 'overall']);
  });

  it('presses again each time a side falls from 1 down to 2 down, not when it recovers from 3 down', () => {
    const r = pair('bbabhhhhh hhhhhhhhh', { autoPress: 'original_bets' });
    expect(r.bets.filter((b) => b.pressOf === 'front').map((b) => b.id)).toEqual(['front/a3', 'front/a5']);
    const stay = pair('bbhhhhhhh hhhhhhhhh', { autoPress: 'original_bets' });
    expect(stay.bets.filter((b) => b.pressOf === 'front').map((b) => b.id)).toEqual(['front/a3']);
    const recover = pair('bbbahhhhh hhhhhhhhh', { autoPress: 'original_bets' });
    expect(recover.bets.filter((b) => b.pressOf === 'front').map((b) => b.id)).toEqual(['front/a3']);
  });

  it('presses presses when enabled', () => {
    // B wins 1–4: the front press from hole 3 is itself 2 down after hole 4 and is pressed from hole 5.
    const holes = 'bbbbhhhhh hhhhhhhhh';
    const on = pair(holes, { autoPress: 'presses_on_presses' });
    expect(on.bets.map((b) => b.id)).toEqual(['front', 'back', 'overall', 'front/a3', 'overall/a3', 'front/a3/a5', 'overall/a3/a5']);
    expect(bet(on, 'front/a3/a5')).toMatchObject({ pressOf: 'front/a3', holes: [5, 6, 7, 8, 9], result: 'halved' });
    expect(on.totals).toEqual({ [A]: -2000, [B]: 2000 });
    const off = pair(holes, { autoPress: 'original_bets' });
    expect(off.bets.map((b) => b.id)).toEqual(['front', 'back', 'overall', 'front/a3', 'overall/a3']);
  });

  it('takes manual presses, including a press of a press', () => {
    const presses: PressRequest[] = [
      { side: 'a', startHole: 5 },
      { side: 'a', startHole: 7, bet: 'front/m5' },
      { side: 'b', startHole: 12 },
      { side: 'a', startHole: 16, bet: 'overall' },
    ];
    const r = pair('bbbbaaaaa hhhhhhhhh', { manualPresses: presses });
    expect(summary(r)).toEqual([
      'front:1-9:a',
      'back:10-18:halved',
      'overall:1-18:a',
      'front/m5:5-9:a',
      'back/m12:12-18:halved',
      'overall/m16:16-18:halved',
      'front/m5/m7:7-9:a',
    ]);
    expect(bet(r, 'back/m12')).toMatchObject({ pressedBy: 'b', automatic: false });
    expect(r.totals).toEqual({ [A]: 2000, [B]: -2000 });
  });

  it.each([
    ['a press on the first hole of its bet', [{ side: 'a', startHole: 10 }]],
    ['a press outside its bet', [{ side: 'a', startHole: 12, bet: 'front' }]],
    ['a press of an unknown bet', [{ side: 'a', startHole: 6, bet: 'front/m4' }]],
    ['the same press twice', [{ side: 'a', startHole: 4 }, { side: 'b', startHole: 4 }]],
    ['a start hole that is not a hole', [{ side: 'a', startHole: 19 }]],
  ])('refuses %s', (_, presses) => {
    const r = computeNassau({ sides: { a: [A], b: [B] }, scores: {}, stakeCents: 100, manualPresses: presses as PressRequest[] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.failure.code).toBe('validation_failed');
  });

  it('plays teams on best ball, each player winning or losing the stake', () => {
    const scores = {
      [A]: { 1: 4, 2: 6, 3: 5 },
      [B]: { 1: 5, 2: 3 },
      [C]: { 1: 4, 2: 4, 3: 5 },
      [D]: { 1: 6, 2: 4 },
    };
    const r = run({ sides: { a: [A, B], b: [C, D] }, scores, stakeCents: 200, roundComplete: true });
    expect(r.holes.slice(0, 4)).toEqual([
      { hole: 1, a: 4, b: 4, winner: 'halved' },
      { hole: 2, a: 3, b: 4, winner: 'a' },
      { hole: 3, a: 5, b: 5, winner: 'halved' },
      { hole: 4, a: null, b: null, winner: 'halved' },
    ]);
    expect(r.totals).toEqual({ [A]: 400, [B]: 400, [C]: -400, [D]: -400 });
  });

  it('gives a hole to the side with a score when the other side picked up', () => {
    const r = run({ sides: { a: [A], b: [B] }, scores: { [A]: { 1: 9 }, [B]: { 2: 9 } }, stakeCents: 100 });
    expect(r.holes.slice(0, 3).map((h) => h.winner)).toEqual(['a', 'b', 'unplayed']);
  });

  it('keeps unfinished bets in progress until decided, and closes out a match', () => {
    const r = pair('aaaaa.... .........');
    expect(bet(r, 'front')).toMatchObject({ result: 'a', closedOutAfterHole: 5, holesToPlay: 4, moneyCents: { [A]: 500, [B]: -500 } });
    expect(bet(r, 'overall')).toMatchObject({ result: 'in_progress', closedOutAfterHole: null, moneyCents: { [A]: 0, [B]: 0 } });
    expect(bet(r, 'back')).toMatchObject({ result: 'in_progress', holesToPlay: 9 });
    expect(bet(pair('aaaaa.... .........', { roundComplete: true }), 'back').result).toBe('halved');
  });

  it.each([
    ['sides of different sizes', { sides: { a: [A, B], b: [C] } }],
    ['a player on both sides', { sides: { a: [A], b: [A] } }],
    ['an empty side', { sides: { a: [], b: [] } }],
    ['a stake in fractions of a cent', { stakeCents: 0.5 }],
    ['a negative stake', { stakeCents: { front: 100, back: -1, overall: 100 } }],
    ['an unknown auto press mode', { autoPress: 'always' }],
  ])('refuses %s', (_, change) => {
    const r = computeNassau({ sides: { a: [A], b: [B] }, scores: {}, stakeCents: 100, ...change } as unknown as NassauConfig);
    expect(r.ok).toBe(false);
  });
});

describe('Nassau match helpers', () => {
  it('finds the press triggers of a status line', () => {
    const m = playMatch([1, 2, 3, 4, 5], new Map<number, NassauHoleWinner>([[1, 'a'], [2, 'a'], [3, 'b'], [4, 'a'], [5, 'a']]));
    expect(m.status.map((s) => s.aUp)).toEqual([1, 2, 1, 2, 3]);
    expect(autoPressTriggers(m.status)).toEqual([
      { side: 'b', afterHole: 2, startHole: 3 },
      { side: 'b', afterHole: 4, startHole: 5 },
    ]);
    expect(m).toMatchObject({ result: 'a', closedOutAfterHole: 4 });
  });
});

describe('Nassau properties (seeded)', () => {
  function randomGame(seed: number): NassauConfig {
    const g = rng(seed);
    const size = g.int(1, 3);
    const players = g.sample(PLAYER_IDS, size * 2);
    const scores: Record<string, Record<number, number>> = {};
    const thru = g.chance(0.3) ? g.int(0, 18) : 18;
    for (const p of players) {
      scores[p] = {};
      for (let h = 1; h <= thru; h++) if (!g.chance(0.08)) scores[p][h] = g.int(3, 6);
    }
    const manualPresses: PressRequest[] = [];
    for (let i = g.int(0, 3); i > 0; i--) {
      const startHole = g.int(2, 18);
      if (startHole === 10 || manualPresses.some((p) => p.startHole === startHole)) continue;
      manualPresses.push({ side: g.pick(['a', 'b'] as const), startHole });
    }
    return {
      sides: { a: players.slice(0, size), b: players.slice(size) },
      scores,
      stakeCents: g.chance(0.5) ? g.int(0, 2000) : { front: g.int(0, 2000), back: g.int(0, 2000), overall: g.int(0, 4000) },
      autoPress: g.pick<AutoPress>(['off', 'original_bets', 'presses_on_presses']),
      manualPresses,
      roundComplete: g.chance(0.3),
    };
  }

  it('sums to zero per bet and in total, with presses that fit their bets (1500 games)', () => {
    for (let seed = 1; seed <= 1500; seed++) {
      const config = randomGame(seed);
      const r = run(config);
      const where = `seed ${seed}`;
      expect(sum(Object.values(r.totals)), where).toBe(0);
      for (const b of r.bets) {
        expect(sum(Object.values(b.moneyCents)), where).toBe(0);
        if (b.pressOf === null) continue;
        const parent = bet(r, b.pressOf);
        expect(b.holes.length, where).toBeGreaterThan(0);
        expect(parent.holes.slice(parent.holes.length - b.holes.length), where).toEqual(b.holes);
        expect(b.holes[0], where).not.toBe(parent.holes[0]);
        if (b.automatic) {
          // The pressing side became 2 down on the hole before the press: it was 1 down the hole before that.
          const at = parent.holes.indexOf(b.holes[0]!);
          const down = b.pressedBy === 'a' ? -1 : 1;
          expect(parent.status[at - 1]!.aUp, where).toBe(2 * down);
          expect(parent.status[at - 2]!.aUp, where).toBe(down);
        }
      }
    }
  });

  it('flips every result and money sign when the sides are swapped (pairwise and team)', () => {
    const flip = { a: 'b', b: 'a', halved: 'halved', in_progress: 'in_progress' } as const;
    for (let seed = 1; seed <= 1000; seed++) {
      const config = randomGame(seed);
      const swapped: NassauConfig = {
        ...config,
        sides: { a: config.sides.b, b: config.sides.a },
        manualPresses: config.manualPresses?.map((p) => ({ ...p, side: p.side === 'a' ? 'b' : 'a' })),
      };
      const r = run(config);
      const s = run(swapped);
      const where = `seed ${seed}`;
      expect(s.bets.map((b) => b.id), where).toEqual(r.bets.map((b) => b.id));
      s.bets.forEach((b, i) => {
        const o = r.bets[i]!;
        expect(b.result, where).toBe(flip[o.result]);
        expect(b.aUp + o.aUp, where).toBe(0);
        expect(b.pressedBy, where).toBe(o.pressedBy === null ? null : flip[o.pressedBy]);
      });
      expect(s.totals, where).toEqual(r.totals);
      // Side A's winnings become side B's: the money of side A flips sign.
      const sideA = (res: NassauResult, c: NassauConfig) => sum(c.sides.a.map((p) => res.totals[p] ?? 0));
      expect(sideA(s, swapped) + sideA(r, config), where).toBe(0);
    }
  });
});
