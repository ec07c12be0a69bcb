import { fail, ok, type Result } from '../../errors.js';
import type { HeadToHead, HeadToHeadMatch, HeadToHeadMatrix, HeadToHeadRecord, MatrixCell, Outcome, SharedRound } from '../../schemas/analytics.js';
import type { DocsByType } from '../leaderboards/index.js';
import { playerRef, prepare, type PlayedCard, type TripAnalytics } from './cards.js';

/**
 * Head-to-head between two players, and the matrix of every pair (issue 8).
 *
 * - **Rounds together**: rounds both players completed (a score on every hole).
 * - **Strokes**: gross and net totals of each over those rounds; a margin is A − B (negative: A took fewer).
 * - **A shared round** is won by the lower net total (95 % allowance), halved on equal nets.
 * - **Matches**: finished matches of `team_match` competitions with the two on opposite sides (singles or
 *   four-ball), scored as the competition's leaderboard scores them (net match play).
 * - **Record**: the match results when the two have at least one finished match against each other
 *   (`source: "matches"`), else the shared rounds' winners (`source: "rounds"`).
 */

/** Everything known about one pair, A's view. */
export interface PairComparison {
  rounds: SharedRound[];
  strokes: HeadToHead['strokes'];
  matches: HeadToHeadMatch[];
  record: HeadToHeadRecord;
}

const outcome = (a: number, b: number): Outcome => (a < b ? 'A' : a > b ? 'B' : 'halved');

/**
 * Compares two players of a prepared trip (A's view).
 * @example comparePair(prepare(docs), 'ann001', 'bob001').record // { source: 'rounds', winsA: 1, winsB: 0, halved: 1 }
 */
export function comparePair(trip: TripAnalytics, a: string, b: string): PairComparison {
  const cardsOf = (p: string) => new Map(trip.cards.filter((c) => c.playerId === p).map((c) => [c.roundId, c] as const));
  const [cardsA, cardsB] = [cardsOf(a), cardsOf(b)];
  const rounds: SharedRound[] = [];
  const strokes = { grossA: 0, grossB: 0, netA: 0, netB: 0, grossMargin: 0, netMargin: 0 };
  for (const [roundId, ca] of cardsA) {
    const cb: PlayedCard | undefined = cardsB.get(roundId);
    if (!cb) continue;
    rounds.push({ roundId, roundName: ca.roundName, date: ca.date, grossA: ca.gross, grossB: cb.gross, netA: ca.net, netB: cb.net, winner: outcome(ca.net, cb.net) });
    strokes.grossA += ca.gross;
    strokes.grossB += cb.gross;
    strokes.netA += ca.net;
    strokes.netB += cb.net;
  }
  strokes.grossMargin = strokes.grossA - strokes.grossB;
  strokes.netMargin = strokes.netA - strokes.netB;

  const matches: HeadToHeadMatch[] = [];
  for (const { competitionId, competitionName, result: m } of trip.matches) {
    const sideOfA = m.sideA.playerIds.includes(a) ? 'A' : m.sideB.playerIds.includes(a) ? 'B' : null;
    const sideOfB = m.sideA.playerIds.includes(b) ? 'A' : m.sideB.playerIds.includes(b) ? 'B' : null;
    if (!sideOfA || !sideOfB || sideOfA === sideOfB) continue;
    const winner: Outcome = m.leader === null ? 'halved' : m.leader === sideOfA ? 'A' : 'B';
    matches.push({ matchId: m.id, competitionId, competitionName, roundId: m.roundId, format: m.format, status: m.status, winner });
  }
  const count = (list: readonly { winner: Outcome }[], source: HeadToHeadRecord['source']): HeadToHeadRecord => ({
    source,
    winsA: list.filter((x) => x.winner === 'A').length,
    winsB: list.filter((x) => x.winner === 'B').length,
    halved: list.filter((x) => x.winner === 'halved').length,
  });
  return { rounds, strokes, matches, record: matches.length > 0 ? count(matches, 'matches') : count(rounds, 'rounds') };
}

/**
 * Head-to-head between two players of the trip. Fails with `validation_failed` for the same player twice and with
 * `player_not_found` (details name each unknown id) for a player not on the trip.
 * @example headToHead(docs, 'ann001', 'bob001') // ok({ roundsTogether: 2, strokes: { netMargin: -3, … }, record: { … } })
 */
export function headToHead(docs: DocsByType, playerA: string, playerB: string): Result<HeadToHead> {
  if (playerA === playerB) return fail('validation_failed', 'playerA and playerB must be different players', [{ path: ['query', 'playerB'], message: 'same as playerA' }]);
  const trip = prepare(docs);
  const players = new Map(trip.players.map((p) => [p.id, p]));
  const unknown = (['playerA', 'playerB'] as const).filter((k) => !players.has(k === 'playerA' ? playerA : playerB));
  if (unknown.length > 0) {
    const ids = unknown.map((k) => (k === 'playerA' ? playerA : playerB));
    return fail('player_not_found', `no player ${ids.join(', ')} on this trip`, unknown.map((k, i) => ({ path: ['query', k], message: `no player ${ids[i]}`, playerId: ids[i] })));
  }
  const pair = comparePair(trip, playerA, playerB);
  return ok({ playerA: playerRef(players.get(playerA)!), playerB: playerRef(players.get(playerB)!), roundsTogether: pair.rounds.length, ...pair });
}

/**
 * The matrix: every player of the trip (by name) against every other, each cell from the row player's side.
 * @example headToHeadMatrix(docs).rows[0].cells // [null, { opponentId: 'bob001', roundsTogether: 2, won: 1, … }, …]
 */
export function headToHeadMatrix(docs: DocsByType): HeadToHeadMatrix {
  const trip = prepare(docs);
  const rows = trip.players.map((row) => ({
    ...playerRef(row),
    cells: trip.players.map((col): MatrixCell | null => {
      if (col.id === row.id) return null;
      const pair = comparePair(trip, row.id, col.id);
      return {
        opponentId: col.id,
        roundsTogether: pair.rounds.length,
        grossMargin: pair.strokes.grossMargin,
        netMargin: pair.strokes.netMargin,
        won: pair.record.winsA,
        lost: pair.record.winsB,
        halved: pair.record.halved,
        source: pair.record.source,
      };
    }),
  }));
  return { players: trip.players.map(playerRef), rows };
}
