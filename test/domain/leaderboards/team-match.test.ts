import { describe, expect, it } from 'vitest';
import { fromDocs, statusText, teamMatchLeaderboard, type TeamMatch } from '../../../shared/domain/leaderboards/index.js';
import { card, player, round, scorecard } from './fixtures.js';

/**
 * Ryder Cup style, on the 9-hole test round (hand-checked):
 * - m1 singles Ann (USA) v Cat (Europe), both scratch: Ann wins 1, 3 and 5, halves 6 and 7: 3 up with 2 to play, 3&2.
 * - m2 singles Bob (USA, index 4 → Course Handicap 2, 100 %) v Dan (scratch): Bob receives 2 strokes (holes 4 and 6,
 *   SI 1 and 2) and bogeys exactly those holes; every hole is halved: halved.
 * - m3 four-ball Eve + Fay (USA) v Gus + Hal (Europe): Fay index 8 → Course Handicap 4 → 90 % = 3.6 → 4 strokes
 *   (holes 4, 6, 1, 8). Her net 4 on hole 1 halves it; Gus's birdie wins hole 2: Europe 1 up thru 5.
 * Points won: USA 1 + 0.5 = 1.5, Europe 0.5; projected: USA 1.5, Europe 1.5.
 */
const base = [
  player('ann001', 'Ann', 'USA'),
  player('bob001', 'Bob', 'USA'),
  player('eve001', 'Eve', 'USA'),
  player('fay001', 'Fay', 'USA'),
  player('cat001', 'Cat', 'Europe'),
  player('dan001', 'Dan', 'Europe'),
  player('gus001', 'Gus', 'Europe'),
  player('hal001', 'Hal', 'Europe'),
  round('rnd001', ['ann001', 'bob001', 'eve001', 'fay001', 'cat001', 'dan001', 'gus001', 'hal001']),
  scorecard('rnd001', 'ann001', 0),
  scorecard('rnd001', 'cat001', 0),
  scorecard('rnd001', 'bob001', 4),
  scorecard('rnd001', 'dan001', 0),
  scorecard('rnd001', 'eve001', 0),
  scorecard('rnd001', 'fay001', 8),
  scorecard('rnd001', 'gus001', 0),
  scorecard('rnd001', 'hal001', 0),
  ...card('rnd001', 'ann001', [4, 4, 3, 5, 4, 4, 3]),
  ...card('rnd001', 'cat001', [5, 4, 4, 5, 5, 4, 3]),
  ...card('rnd001', 'bob001', [4, 4, 3, 6, 4, 5, 3, 5, 4]),
  ...card('rnd001', 'dan001', [4, 4, 3, 5, 4, 4, 3, 5, 4]),
  ...card('rnd001', 'eve001', [5, 4, 3, 5, 4]),
  ...card('rnd001', 'fay001', [5, 5, 4, 6, 5]),
  ...card('rnd001', 'gus001', [4, 3, 3, 5, 4]),
  ...card('rnd001', 'hal001', [4, 4, 3, 5, 4]),
];
const matches: TeamMatch[] = [
  { id: 'm1', roundId: 'rnd001', format: 'singles', sideA: ['ann001'], sideB: ['cat001'] },
  { id: 'm2', roundId: 'rnd001', format: 'singles', sideA: ['bob001'], sideB: ['dan001'] },
  { id: 'm3', roundId: 'rnd001', format: 'fourball', sideA: ['eve001', 'fay001'], sideB: ['gus001', 'hal001'] },
];

function board(docs: readonly unknown[], ms: readonly TeamMatch[] = matches) {
  const r = teamMatchLeaderboard(fromDocs(docs), ms);
  if (!r.ok) throw new Error(r.failure.message);
  return r.value;
}

describe('team match leaderboard', () => {
  it('3 matches: a win, a halved match and one in progress → USA 1.5, Europe 0.5; projected 1.5 each', () => {
    const b = board(base);
    expect(b.matches.map((m) => [m.id, m.status, m.leaderTeam, m.finished, m.pointsA, m.pointsB, m.projectedA, m.projectedB])).toEqual([
      ['m1', '3&2', 'USA', true, 1, 0, 1, 0],
      ['m2', 'halved', null, true, 0.5, 0.5, 0.5, 0.5],
      ['m3', '1 up thru 5', 'Europe', false, 0, 0, 0, 1],
    ]);
    expect(b.teams).toEqual([
      { team: 'USA', points: 1.5, projected: 1.5, won: 1, halved: 1, lost: 0 },
      { team: 'Europe', points: 0.5, projected: 1.5, won: 0, halved: 1, lost: 1 },
    ]);
  });

  it('match strokes relative to the lowest in the match (singles 100 %, four-ball 90 %)', () => {
    const b = board(base);
    expect(b.matches[1]!.sideA).toEqual({ team: 'USA', playerIds: ['bob001'], names: ['Bob'], strokes: [2] });
    expect(b.matches[1]!.sideB.strokes).toEqual([0]);
    expect(b.matches[2]!.sideA.strokes).toEqual([0, 4]);
    expect(b.matches[2]!.holes.slice(0, 6)).toEqual(['halved', 'B', 'halved', 'halved', 'halved', null]);
  });

  it('finishing the four-ball level from 6 to 9 gives Europe the match 1 up: 1.5 each', () => {
    const b = board([...base, ...card('rnd001', 'eve001', [null, null, null, null, null, 4, 3, 5, 4]), ...card('rnd001', 'fay001', [null, null, null, null, null, 6, 4, 7, 5]), ...card('rnd001', 'gus001', [null, null, null, null, null, 4, 3, 5, 4]), ...card('rnd001', 'hal001', [null, null, null, null, null, 4, 3, 5, 4])]);
    expect(b.matches[2]).toMatchObject({ status: '1 up', leader: 'B', finished: true, pointsB: 1, thru: 9 });
    expect(b.teams.map((t) => [t.team, t.points, t.projected])).toEqual([['Europe', 1.5, 1.5], ['USA', 1.5, 1.5]]);
  });

  it('a match worth 2 and one not started: the leader projects all of it, nothing before the first hole', () => {
    const b = board(base, [{ ...matches[2]!, points: 2 }]);
    expect(b.matches[0]).toMatchObject({ projectedA: 0, projectedB: 2, points: 2 });
    expect(b.teams).toEqual([
      { team: 'Europe', points: 0, projected: 2, won: 0, halved: 0, lost: 0 },
      { team: 'USA', points: 0, projected: 0, won: 0, halved: 0, lost: 0 },
    ]);
    const m4 = teamMatchLeaderboard(fromDocs(base.filter((d) => d.playerId !== 'eve001')), [{ id: 'm4', roundId: 'rnd001', format: 'singles', sideA: ['eve001'], sideB: ['dan001'] }]);
    expect(m4.ok && m4.value.matches[0]).toMatchObject({ status: 'not started', projectedA: 0, projectedB: 0 });
  });

  it('status text', () => {
    expect(statusText('in_progress', 2, 14, '2 up')).toBe('2 up thru 14');
    expect(statusText('in_progress', 0, 3, 'AS')).toBe('AS thru 3');
    expect(statusText('dormie', 2, 16, '2 up (dormie)')).toBe('2 up thru 16 (dormie)');
    expect(statusText('won', 3, 16, '3&2')).toBe('3&2');
  });

  it('fails for an unknown round, wrong side sizes, a player on both sides, a match listed twice', () => {
    const s = fromDocs(base);
    const m = matches[0]!;
    expect(teamMatchLeaderboard(s, [{ ...m, roundId: 'nosuch' }])).toMatchObject({ ok: false, failure: { code: 'round_not_found' } });
    expect(teamMatchLeaderboard(s, [{ ...m, sideA: ['ann001', 'bob001'] }])).toMatchObject({ ok: false, failure: { code: 'unprocessable' } });
    expect(teamMatchLeaderboard(s, [{ ...m, sideB: ['ann001'] }])).toMatchObject({ ok: false, failure: { code: 'unprocessable' } });
    expect(teamMatchLeaderboard(s, [m, m])).toMatchObject({ ok: false, failure: { code: 'unprocessable' } });
  });
});
