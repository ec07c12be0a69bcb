import { describe, expect, it } from 'vitest';
import { teamRoundBoard, teamRoundLeaderboard, type DocsByType } from '../../../shared/domain/leaderboards/index.js';
import { card, player, round, scorecard, type Doc } from './fixtures.js';

/**
 * Hand-checked: the test nine (par 4, 4, 3 on holes 1–3; SI 3, 7, 9), 9-hole Course Handicap = index / 2.
 * Al index 12 → CH 6 → PH 6 (95 %): a stroke on hole 1 (SI 3). Bo no index: scratch. Cy index 8 → CH 4 → PH 4: a
 * stroke on hole 1. Di index 0: scratch.
 */
function teamcard(roundId: string, key: string, format: 'best_ball' | 'scramble', playerIds: string[], extra: Doc = {}): Doc {
  const id = `${roundId}-${key}`;
  return { _id: `teamcard:${id}`, type: 'teamcard', id, roundId, key, name: key.toUpperCase(), source: 'groups', format, playerIds, ...extra };
}
function teamscore(teamcardId: string, roundId: string, hole: number, strokes: number): Doc {
  return { _id: `teamscore:${teamcardId}:${hole}`, type: 'teamscore', id: `${teamcardId}:${hole}`, teamcardId, roundId, hole, strokes, enteredBy: 'org', enteredAt: '2025-05-01T09:00:00Z', history: [] };
}

const ids = ['al', 'bo', 'cy', 'di'];
const docs: DocsByType = {
  player: [player('al', 'Al'), player('bo', 'Bo'), player('cy', 'Cy'), player('di', 'Di')],
  round: [round('r1', ids), round('r2', ids), round('r3', ids)],
  scorecard: [scorecard('r1', 'al', 12), scorecard('r1', 'bo', null), scorecard('r1', 'cy', 8), scorecard('r1', 'di', 0)],
  score: [...card('r1', 'al', [5, 5, 4]), ...card('r1', 'bo', [4, 6, 3]), ...card('r1', 'cy', [5, 4, 4]), ...card('r1', 'di', [5, 5, 3])],
  teamcard: [
    teamcard('r1', 'g1', 'best_ball', ['al', 'bo'], { bestOf: 1 }),
    teamcard('r1', 'g2', 'best_ball', ['cy', 'di'], { bestOf: 1 }),
    teamcard('r2', 'red', 'scramble', ['al', 'bo'], { handicap: { courseHandicaps: { al: 6, bo: 1 }, teamHandicap: 3 } }),
    teamcard('r2', 'blue', 'scramble', ['cy', 'di'], { handicap: { courseHandicaps: { cy: 4, di: null }, teamHandicap: null } }),
    { ...teamcard('r3', 'gone', 'scramble', ['al', 'bo']), _deleted: true },
    { type: 'teamcard', roundId: 'r1' }, // malformed: skipped
  ],
  teamscore: [
    teamscore('r2-red', 'r2', 1, 4),
    teamscore('r2-red', 'r2', 2, 4),
    teamscore('r2-red', 'r2', 3, 3),
    teamscore('r2-blue', 'r2', 1, 4),
    teamscore('r2-blue', 'r2', 2, 4),
    { ...teamscore('r2-blue', 'r2', 3, 0) }, // invalid strokes: skipped
  ],
};

const brief = (e: { teamcardId: string; label: string; thru: number; gross: number; net: number; toPar: number | null }) => [e.teamcardId, e.label, e.thru, e.gross, e.net, e.toPar];

describe('team round leaderboard', () => {
  it('best ball, best 1 of 2 net: per hole the better net score', () => {
    // G1 net: Al 4 5 4, Bo 4 6 3 → 4 5 3 = 12 (+1 on par 11). G2 net: Cy 4 4 4, Di 5 5 3 → 4 4 3 = 11 (E).
    const board = teamRoundLeaderboard(docs, 'r1', { basis: 'net' });
    expect(board.ok).toBe(true);
    if (!board.ok) return;
    expect(board.value).toMatchObject({ roundId: 'r1', name: 'Round r1', basis: 'net', par: 36 });
    expect(board.value.entries.map(brief)).toEqual([
      ['r1-g2', '1', 3, 12, 11, 0],
      ['r1-g1', '2', 3, 12, 12, 1],
    ]);
    const g2 = board.value.entries[0]!;
    expect(g2).toMatchObject({ key: 'g2', name: 'G2', format: 'best_ball', playerIds: ['cy', 'di'], bestOf: 1, teamHandicap: null, position: 1, toParLabel: 'E' });
    expect(g2.holes.slice(0, 4)).toEqual([
      { hole: 1, gross: 5, net: 4, pickedUp: false },
      { hole: 2, gross: 4, net: 4, pickedUp: false },
      { hole: 3, gross: 3, net: 3, pickedUp: false },
      { hole: 4, gross: null, net: null, pickedUp: false },
    ]);
  });

  it('best ball gross: the better gross score, both teams +1 and tied', () => {
    // G1 gross: 4 5 3 = 12; G2 gross: 5 4 3 = 12; par 11.
    const board = teamRoundBoard(docs, 'r1', { basis: 'gross' });
    expect(board.ok && board.value.entries.map(brief)).toEqual([
      ['r1-g1', 'T1', 3, 12, 12, 1],
      ['r1-g2', 'T1', 3, 12, 11, 1],
    ]);
  });

  it('scramble: team gross less the team handicap strokes by stroke index', () => {
    // Red, team handicap 3: strokes on SI 1–3, so on hole 1 (SI 3) of holes 1–3: 4 4 3 = 11 gross, 3 4 3 = 10 net (-1).
    // Blue, no team handicap, through 2: 4 4 = 8 on par 8 (E).
    const net = teamRoundBoard(docs, 'r2', {});
    expect(net.ok && net.value.basis).toBe('net');
    expect(net.ok && net.value.entries.map(brief)).toEqual([
      ['r2-red', '1', 3, 11, 10, -1],
      ['r2-blue', '2', 2, 8, 8, 0],
    ]);
    expect(net.ok && net.value.entries[0]).toMatchObject({ format: 'scramble', bestOf: null, teamHandicap: 3, toParLabel: '-1' });
    const gross = teamRoundLeaderboard(docs, 'r2', { basis: 'gross' });
    expect(gross.ok && gross.value.entries.map(brief)).toEqual([
      ['r2-blue', 'T1', 2, 8, 8, 0],
      ['r2-red', 'T1', 3, 11, 10, 0],
    ]);
  });

  it('uses the Playing Handicap frozen on a scorecard when there is one', () => {
    // Cy frozen at PH 0 (no stroke on hole 1): G2 net = Cy 5 4 4, Di 5 5 3 → 5 4 3 = 12, tied with G1 at +1.
    const frozen = (d: unknown) => {
      const doc = d as Doc;
      return doc.id === 'r1-cy' ? { ...doc, handicap: { ...(doc.handicap as Doc), playingHandicap: 0 } } : doc;
    };
    const board = teamRoundLeaderboard({ ...docs, scorecard: docs.scorecard!.map(frozen) }, 'r1', { basis: 'net' });
    expect(board.ok && board.value.entries.map(brief)).toEqual([
      ['r1-g1', 'T1', 3, 12, 12, 1],
      ['r1-g2', 'T1', 3, 12, 12, 1],
    ]);
  });

  it('fails for an unknown round and a round without team cards; a team without scores comes last', () => {
    const unknown = teamRoundLeaderboard(docs, 'nope', { basis: 'net' });
    expect(!unknown.ok && unknown.failure.code).toBe('round_not_found');
    const none = teamRoundLeaderboard(docs, 'r3', { basis: 'net' });
    expect(!none.ok && none.failure.code).toBe('not_found');
    const blank = teamRoundLeaderboard({ ...docs, teamscore: [] }, 'r2', { basis: 'net' });
    expect(blank.ok && blank.value.entries.map(brief)).toEqual([
      ['r2-blue', '-', 0, 0, 0, null],
      ['r2-red', '-', 0, 0, 0, null],
    ]);
  });
});
