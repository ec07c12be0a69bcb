import type { Mvp, MvpEntry } from '../../schemas/analytics.js';
import { rank } from '../golf/ranking.js';
import { competitionBoard, type DocsByType } from '../leaderboards/index.js';
import { prepare, round2 } from './cards.js';

/**
 * MVP (issue 8): points over the trip's competitions, as their leaderboards stand.
 *
 * - Stroke play and Stableford competitions (`stroke_gross`, `stroke_net`, `stableford`): points by place on the
 *   competition's leaderboard, {@link PLACE_POINTS} for 1st to 5th, 0 after. Tied players share the points of the
 *   places they occupy equally (two tied 2nd: (7 + 5) / 2 = 6 each). Players without a score have no place and 0.
 * - Team match competitions: {@link MATCH_WON} per finished match won and {@link MATCH_HALVED} per finished match
 *   halved, to every player of the side, whatever the match is worth to the team.
 * - `match_play` competitions have no results in the data (no board), so they count nothing (`counted: false`).
 * - The MVP is the most points; equal totals share a position. Every player of the trip is listed.
 */

/** Points for 1st, 2nd, 3rd, 4th and 5th place. */
export const PLACE_POINTS: readonly number[] = [10, 7, 5, 3, 1];
export const MATCH_WON = 1;
export const MATCH_HALVED = 0.5;

export const MVP_FORMULA =
  'Per stroke play or Stableford competition, points by place on its leaderboard: 10, 7, 5, 3, 1 for 1st to 5th, 0 after; ' +
  'tied players share the points of the places they occupy equally. Per team match competition, 1 point per finished match ' +
  'won and 0.5 per finished match halved. The MVP has the most points; match_play competitions have no results and count nothing.';

/**
 * Points each of `k` players tied at `position` receives.
 * @example sharedPlacePoints(2, 2) // 6 ((7 + 5) / 2); sharedPlacePoints(5, 2) // 0.5 ((1 + 0) / 2)
 */
export function sharedPlacePoints(position: number, k: number): number {
  let sum = 0;
  for (let p = position; p < position + k; p++) sum += PLACE_POINTS[p - 1] ?? 0;
  return sum / k;
}

/**
 * The MVP table.
 * @example mvp(docs).entries[0] // { name: 'Al', label: '1', points: 11, placePoints: 10, matchPoints: 1, … }
 */
export function mvp(docs: DocsByType): Mvp {
  const trip = prepare(docs);
  const lines = new Map(
    trip.players.map((p) => [p.id, { playerId: p.id, name: p.name, placePoints: 0, matchPoints: 0, competitions: [] as MvpEntry['competitions'] }]),
  );
  const competitions: Mvp['competitions'] = [];
  for (const c of trip.competitions) {
    const id = c.id;
    const board = competitionBoard(docs, id);
    if (!board.ok) {
      competitions.push({ competitionId: id, name: c.name, format: c.format, counted: false });
      continue;
    }
    const b = board.value;
    competitions.push({ competitionId: id, name: b.name, format: b.format, counted: true });
    if (b.kind === 'tournament') {
      const tied = new Map<number, number>();
      for (const e of b.entries) if (e.position !== null) tied.set(e.position, (tied.get(e.position) ?? 0) + 1);
      for (const e of b.entries) {
        const line = lines.get(e.playerId);
        if (!line) continue;
        const points = e.position === null ? 0 : sharedPlacePoints(e.position, tied.get(e.position)!);
        line.placePoints += points;
        line.competitions.push({ competitionId: id, label: e.label, matchesWon: 0, matchesHalved: 0, points: round2(points) });
      }
    } else {
      const tally = new Map<string, { won: number; halved: number }>();
      for (const m of b.matches) {
        for (const [side, ids] of [['A', m.sideA.playerIds], ['B', m.sideB.playerIds]] as const) {
          for (const pid of ids) {
            const t = tally.get(pid) ?? { won: 0, halved: 0 };
            if (m.finished && m.leader === side) t.won += 1;
            if (m.finished && m.leader === null) t.halved += 1;
            tally.set(pid, t);
          }
        }
      }
      for (const [pid, t] of [...tally].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) {
        const line = lines.get(pid);
        if (!line) continue;
        const points = t.won * MATCH_WON + t.halved * MATCH_HALVED;
        line.matchPoints += points;
        line.competitions.push({ competitionId: id, label: null, matchesWon: t.won, matchesHalved: t.halved, points });
      }
    }
  }
  const totals = [...lines.values()].map((l) => ({ ...l, placePoints: round2(l.placePoints), points: round2(l.placePoints + l.matchPoints) }));
  const ranked = rank(totals.map((l) => ({ id: l.playerId, score: l.points })), { direction: 'higher' });
  const byId = new Map(totals.map((l) => [l.playerId, l]));
  const nameOrder = new Map(trip.players.map((p, i) => [p.id, i]));
  const entries: MvpEntry[] = ranked
    .map((r) => {
      const l = byId.get(r.id)!;
      return { playerId: l.playerId, name: l.name, position: r.position!, label: r.label, tied: r.tied, points: l.points, placePoints: l.placePoints, matchPoints: l.matchPoints, competitions: l.competitions };
    })
    .sort((a, b) => a.position - b.position || nameOrder.get(a.playerId)! - nameOrder.get(b.playerId)!);
  return {
    formula: { placePoints: [...PLACE_POINTS], matchWon: MATCH_WON, matchHalved: MATCH_HALVED, description: MVP_FORMULA },
    competitions,
    entries,
  };
}
