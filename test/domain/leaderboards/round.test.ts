import { describe, expect, it } from 'vitest';
import { fromDocs, roundLeaderboard, type RoundLeaderboard } from '../../../shared/domain/leaderboards/index.js';
import { card, player, round, scorecard, score } from './fixtures.js';

/**
 * A 9-hole round, par 36, hand-checked. Playing Handicaps at 95 %: ann, dan, eve, fay 0; bob index 10 → Course
 * Handicap 5 → 4.75 → 5 (a stroke on holes 4, 6, 1, 8, 5); cat index 20 → 10 → 9.5 → 10 (one a hole, two on hole 4).
 *
 *        gross  net  Stableford  thru
 * ann     36    36     18         9   all pars
 * bob     45    40     14         9   a bogey on every hole
 * cat     44    34     20         9   bogeys on 1–8, par on 9
 * dan     36    36     18         9   birdie 2, bogey 8
 * eve     15    15      9         4   4, 4, 3, 4 (birdie 4): 1 under par of the 4 holes played
 * fay      –     –      –         0
 */
const docs = [
  player('ann001', 'Ann', 'USA'),
  player('bob001', 'Bob', 'USA'),
  player('cat001', 'Cat', 'Europe'),
  player('dan001', 'Dan', 'Europe'),
  player('eve001', 'Eve'),
  player('fay001', 'Fay'),
  round('rnd001', ['ann001', 'bob001', 'cat001', 'dan001', 'eve001', 'fay001']),
  scorecard('rnd001', 'ann001', 0),
  scorecard('rnd001', 'bob001', 10),
  scorecard('rnd001', 'cat001', 20),
  scorecard('rnd001', 'dan001', 0),
  scorecard('rnd001', 'eve001', 0),
  scorecard('rnd001', 'fay001', 0),
  ...card('rnd001', 'ann001', [4, 4, 3, 5, 4, 4, 3, 5, 4]),
  ...card('rnd001', 'bob001', [5, 5, 4, 6, 5, 5, 4, 6, 5]),
  ...card('rnd001', 'cat001', [5, 5, 4, 6, 5, 5, 4, 6, 4]),
  ...card('rnd001', 'dan001', [4, 3, 3, 5, 4, 4, 3, 6, 4]),
  ...card('rnd001', 'eve001', [4, 4, 3, 4, null, null, null, null, null]),
  { _id: 'trip:t1', type: 'trip', name: 'ignored' },
];
const snapshot = fromDocs(docs);

function board(options: Parameters<typeof roundLeaderboard>[2]): RoundLeaderboard {
  const result = roundLeaderboard(snapshot, 'rnd001', options);
  if (!result.ok) throw new Error(result.failure.message);
  return result.value;
}
const rows = (b: RoundLeaderboard) => b.entries.map((e) => [e.playerId.slice(0, 3), e.label]);

describe('fromDocs', () => {
  it('picks players, rounds, scorecards, scores and competitions by type and ignores the rest', () => {
    expect(snapshot.players.map((p) => p.id)).toEqual(['ann001', 'bob001', 'cat001', 'dan001', 'eve001', 'fay001']);
    expect(snapshot.players[0]).toEqual({ id: 'ann001', name: 'Ann', team: 'USA' });
    expect(snapshot.rounds).toHaveLength(1);
    expect(snapshot.rounds[0]!.holes[3]).toEqual({ number: 4, par: 5, strokeIndex: 1 });
    expect(snapshot.scorecards).toHaveLength(6);
    expect(snapshot.scores).toHaveLength(40);
    expect(snapshot.scores[0]).toEqual({ id: 'score:rnd001-ann001:1', scorecardId: 'rnd001-ann001', hole: 1, strokes: 4 });
  });

  it('a later version replaces an earlier one, a deletion removes it, a malformed one is ignored', () => {
    const s = fromDocs([
      score('rnd001', 'ann001', 1, 5),
      score('rnd001', 'ann001', 1, 4),
      score('rnd001', 'ann001', 2, 4),
      { _id: 'score:rnd001-ann001:2', _deleted: true },
      { ...score('rnd001', 'ann001', 1, 0) },
      { type: 'scorecard', id: 'broken' },
    ]);
    expect(s.scores).toEqual([{ id: 'score:rnd001-ann001:1', scorecardId: 'rnd001-ann001', hole: 1, strokes: 4 }]);
    expect(s.scorecards).toEqual([]);
  });
});

describe('round leaderboard', () => {
  it('gross: ties share a position, thru counts the holes played, a player without a score comes last', () => {
    const b = board({ basis: 'gross' });
    expect(rows(b)).toEqual([['eve', '1'], ['ann', 'T2'], ['dan', 'T2'], ['cat', '4'], ['bob', '5'], ['fay', '-']]);
    expect(b.entries.map((e) => [e.thru, e.gross, e.toPar, e.toParLabel])).toEqual([
      [4, 15, -1, '-1'],
      [9, 36, 0, 'E'],
      [9, 36, 0, 'E'],
      [9, 44, 8, '+8'],
      [9, 45, 9, '+9'],
      [0, 0, null, '-'],
    ]);
    expect(b.entries[0]).toMatchObject({ playerId: 'eve001', name: 'Eve', position: 1, tied: false, holes: [4, 4, 3, 4, null, null, null, null, null] });
    expect(b.entries[0]).not.toHaveProperty('team');
    expect(b.entries[1]).toMatchObject({ name: 'Ann', team: 'USA', position: 2, tied: true });
    expect(b.entries[5]).toMatchObject({ position: null, label: '-' });
    expect(b).toMatchObject({ par: 36, allowancePercent: 95, countback: false });
  });

  it('countback (last 6, 3, 1 on nine holes) breaks the tie: Ann 25 over holes 4–9, Dan 26', () => {
    const b = board({ basis: 'gross', countback: true });
    expect(rows(b)).toEqual([['eve', '1'], ['ann', '2'], ['dan', '3'], ['cat', '4'], ['bob', '5'], ['fay', '-']]);
  });

  it('net orders differently from gross: Cat 44 − 10 = 34 leads, Bob 45 − 5 = 40', () => {
    const b = board({ basis: 'net' });
    expect(rows(b)).toEqual([['cat', '1'], ['eve', '2'], ['ann', 'T3'], ['dan', 'T3'], ['bob', '5'], ['fay', '-']]);
    expect(b.entries.map((e) => [e.net, e.toPar, e.playingHandicap])).toEqual([
      [34, -2, 10],
      [15, -1, 0],
      [36, 0, 0],
      [36, 0, 0],
      [40, 4, 5],
      [0, null, 0],
    ]);
  });

  it('Stableford: higher is better, points from net scores against par', () => {
    const b = board({ basis: 'stableford' });
    expect(rows(b)).toEqual([['cat', '1'], ['ann', 'T2'], ['dan', 'T2'], ['bob', '4'], ['eve', '5'], ['fay', '-']]);
    expect(b.entries.map((e) => e.points)).toEqual([20, 18, 18, 14, 9, 0]);
  });

  it('the allowance sets the Playing Handicaps: 50 % gives Bob 2.5 → 3 and Cat 5', () => {
    const b = board({ basis: 'net', allowancePercent: 50 });
    const ph = Object.fromEntries(b.entries.map((e) => [e.playerId, e.playingHandicap]));
    expect(ph).toMatchObject({ bob001: 3, cat001: 5, ann001: 0 });
    expect(b.entries.find((e) => e.playerId === 'cat001')!.net).toBe(39);
  });

  it('fails for an unknown round and for an allowance outside 0–100', () => {
    expect(roundLeaderboard(snapshot, 'nosuch', { basis: 'net' })).toMatchObject({ ok: false, failure: { code: 'round_not_found' } });
    expect(roundLeaderboard(snapshot, 'rnd001', { basis: 'net', allowancePercent: 120 })).toMatchObject({ ok: false, failure: { code: 'unprocessable' } });
  });

  it('a player without a Handicap Index plays off scratch in net', () => {
    const s = fromDocs([round('rnd002', ['gus001']), scorecard('rnd002', 'gus001', null), score('rnd002', 'gus001', 1, 5)]);
    const r = roundLeaderboard(s, 'rnd002', { basis: 'net' });
    expect(r.ok && r.value.entries[0]).toMatchObject({ name: 'gus001', playingHandicap: null, gross: 5, net: 5, toPar: 1 });
  });
});
