import { describe, expect, it } from 'vitest';
import {
  fromDocs,
  multiRoundLeaderboard,
  tournamentLeaderboard,
  type MultiRoundLeaderboard,
} from '../../../shared/domain/leaderboards/index.js';
import { card, competition, player, round, scorecard } from './fixtures.js';

/**
 * Two nines, hand-checked. Ann and Dan are scratch; Bob's index 10 gives Playing Handicap 5 at 95 % (strokes on
 * holes 4, 6, 1, 8, 5).
 *
 *         round 1 gross/net/pts   round 2 gross/net/pts   total gross/net/pts
 * ann        36 / 36 / 18            37 / 37 / 17            73 / 73 / 35
 * dan        36 / 36 / 18            37 / 37 / 17            73 / 73 / 35
 * bob        41 / 36 / 18            40 / 35 / 19            81 / 71 / 37
 *
 * Countback on round 2: last 6 holes Ann 26, Dan 26 (points 11 each); last 3 Ann 13, Dan 12 (points 5 and 6): Dan.
 */
const docs = [
  player('ann001', 'Ann'),
  player('bob001', 'Bob'),
  player('dan001', 'Dan'),
  round('rnd001', ['ann001', 'bob001', 'dan001'], { date: '2025-05-01' }),
  round('rnd002', ['ann001', 'bob001', 'dan001'], { date: '2025-05-02' }),
  ...['rnd001', 'rnd002'].flatMap((r) => [scorecard(r, 'ann001', 0), scorecard(r, 'bob001', 10), scorecard(r, 'dan001', 0)]),
  ...card('rnd001', 'ann001', [4, 4, 3, 5, 4, 4, 3, 5, 4]),
  ...card('rnd001', 'dan001', [4, 3, 3, 5, 4, 4, 3, 6, 4]),
  ...card('rnd001', 'bob001', [5, 4, 3, 6, 5, 5, 3, 6, 4]),
  ...card('rnd002', 'ann001', [4, 4, 3, 5, 4, 4, 3, 5, 5]),
  ...card('rnd002', 'dan001', [4, 4, 3, 5, 5, 4, 3, 5, 4]),
  ...card('rnd002', 'bob001', [5, 4, 3, 6, 4, 5, 3, 6, 4]),
  competition('gross1', 'stroke_gross', ['rnd001', 'rnd002']),
  competition('gross2', 'stroke_gross', ['rnd001', 'rnd002'], true),
  competition('netcmp', 'stroke_net', ['rnd001', 'rnd002']),
  competition('stable', 'stableford', ['rnd001', 'rnd002'], true),
  competition('ryder1', 'team_match', ['rnd001']),
];
const snapshot = fromDocs(docs);

function tournament(id: string) {
  const r = tournamentLeaderboard(snapshot, id);
  if (!r.ok) throw new Error(r.failure.message);
  return r.value;
}
const rows = (b: MultiRoundLeaderboard) => b.entries.map((e) => [e.playerId.slice(0, 3), e.label]);

describe('tournament leaderboard', () => {
  it('stroke_gross sums the rounds; Ann and Dan share first without countback', () => {
    const b = tournament('gross1');
    expect(rows(b)).toEqual([['ann', 'T1'], ['dan', 'T1'], ['bob', '3']]);
    expect(b.entries.map((e) => [e.gross, e.toPar, e.toParLabel])).toEqual([[73, 1, '+1'], [73, 1, '+1'], [81, 9, '+9']]);
    expect(b).toMatchObject({ competitionId: 'gross1', name: 'Cup gross1', format: 'stroke_gross', basis: 'gross', countback: false, roundIds: ['rnd001', 'rnd002'] });
  });

  it('the competition countback breaks the tie on the last round: Dan 12 over the last 3 holes, Ann 13', () => {
    expect(rows(tournament('gross2'))).toEqual([['dan', '1'], ['ann', '2'], ['bob', '3']]);
  });

  it('stroke_net: Bob 71 leads, net order differs from gross', () => {
    const b = tournament('netcmp');
    expect(rows(b)).toEqual([['bob', '1'], ['ann', 'T2'], ['dan', 'T2']]);
    expect(b.entries.map((e) => [e.net, e.toPar])).toEqual([[71, -1], [73, 1], [73, 1]]);
  });

  it('stableford: higher is better, countback on points of the last round', () => {
    const b = tournament('stable');
    expect(rows(b)).toEqual([['bob', '1'], ['dan', '2'], ['ann', '3']]);
    expect(b.entries.map((e) => e.points)).toEqual([37, 35, 35]);
  });

  it('fails for an unknown competition and for match formats', () => {
    expect(tournamentLeaderboard(snapshot, 'nosuch')).toMatchObject({ ok: false, failure: { code: 'not_found' } });
    expect(tournamentLeaderboard(snapshot, 'ryder1')).toMatchObject({ ok: false, failure: { code: 'unprocessable' } });
  });
});

describe('multi-round leaderboard', () => {
  it('per-round columns and a total', () => {
    const r = multiRoundLeaderboard(snapshot, ['rnd001', 'rnd002'], 'net');
    if (!r.ok) throw new Error(r.failure.message);
    const bob = r.value.entries[0]!;
    expect(bob).toMatchObject({ playerId: 'bob001', name: 'Bob', label: '1', gross: 81, net: 71, points: 37, thru: 9, holesPlayed: 18, toPar: -1 });
    // Bob, Handicap Index 10 on the test nine: 9-hole Course Handicap 10 ÷ 2 × 113/113 + (36 − 36) = 5 (WHS Rule 6.1b).
    expect(bob.rounds).toEqual([
      { roundId: 'rnd001', thru: 9, gross: 41, net: 36, points: 18, toPar: 0, playingHandicap: 5, courseHandicap: 5 },
      { roundId: 'rnd002', thru: 9, gross: 40, net: 35, points: 19, toPar: -1, playingHandicap: 5, courseHandicap: 5 },
    ]);
  });

  it('a player missing from a round has an empty column there; thru is the latest round started', () => {
    const s = fromDocs([
      ...docs,
      player('eve001', 'Eve'),
      scorecard('rnd002', 'eve001', 0),
      ...card('rnd002', 'eve001', [4, 4, 3, null, null, null, null, null, null]),
    ]);
    const r = multiRoundLeaderboard(s, ['rnd001', 'rnd002'], 'gross');
    if (!r.ok) throw new Error(r.failure.message);
    const eve = r.value.entries.find((e) => e.playerId === 'eve001')!;
    expect(eve).toMatchObject({ thru: 3, holesPlayed: 3, gross: 11, toPar: 0, label: '1' });
    expect(eve.rounds[0]).toBeNull();
  });

  it('the order of rounds sets the columns, and a round listed twice fails', () => {
    const r = multiRoundLeaderboard(snapshot, ['rnd002', 'rnd001'], 'gross');
    expect(r.ok && r.value.entries[0]!.rounds.map((c) => c?.roundId)).toEqual(['rnd002', 'rnd001']);
    expect(multiRoundLeaderboard(snapshot, ['rnd001', 'rnd001'], 'gross')).toMatchObject({ ok: false, failure: { code: 'unprocessable' } });
  });
});
