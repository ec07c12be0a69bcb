import { scorecardLines } from '../../shared/domain/leaderboards/hole-lines.js';
import { formatAllowance, handicapSnapshot, roundPlayerIds, teeFor } from '../../shared/domain/rounds.js';
import type { PlayerDoc } from '../../shared/schemas/player.js';
import { RoundHandicaps, type RoundHandicapPlayer } from '../../shared/schemas/round-handicaps.js';
import { RoundParams, type RoundDoc, type ScorecardDoc } from '../../shared/schemas/round.js';
import { defineRoute } from '../http/route.js';
import { listPlayers } from '../players/players.service.js';
import type { StoredDoc } from '../store/docstore.js';
import { docsWithPrefix } from '../store/docs.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { getRound } from './rounds.service.js';

/**
 * The round's players with their frozen scorecard handicaps (ready and later), or a draft round's preview made by the
 * same functions that freeze them (`handicapSnapshot`, then `scorecardLines` for the strokes per hole).
 */
export function roundHandicaps(round: RoundDoc, players: PlayerDoc[], cards: ScorecardDoc[]): RoundHandicaps {
  const holes = round.course?.holes ?? [];
  const byId = new Map(players.map((p) => [p.id, p] as const));
  const groupOf = new Map(round.groups.flatMap((g) => g.playerIds.map((p) => [p, g.id] as const)));
  const allowancePercent = formatAllowance(round.format);
  const name = (id: string) => byId.get(id)?.name ?? '(removed player)';
  if (round.state !== 'draft') {
    const cardOf = new Map(cards.map((c) => [c.playerId, c] as const));
    const order = [...roundPlayerIds(round), ...cards.map((c) => c.playerId)];
    const rows = [...new Set(order)].flatMap((pid): RoundHandicapPlayer[] => {
      const card = cardOf.get(pid);
      if (!card) return [];
      const lines = scorecardLines(holes, card.handicap, []);
      return [
        {
          playerId: pid,
          name: name(pid),
          groupId: card.groupId,
          scorecardId: card.id,
          tee: card.handicap.tee,
          handicapIndex: card.handicap.handicapIndex,
          courseHandicap: lines.courseHandicap,
          allowancePercent: lines.allowancePercent,
          playingHandicap: lines.playingHandicap,
          strokesReceived: lines.perHole.map((l) => l.strokesReceived),
        },
      ];
    });
    return { roundId: round.id, state: round.state, source: 'scorecards', holes, players: rows };
  }
  const rows = roundPlayerIds(round).map((pid): RoundHandicapPlayer => {
    const index = byId.get(pid)?.handicapIndex ?? null;
    const base = { playerId: pid, name: name(pid), groupId: groupOf.get(pid) ?? null, scorecardId: null, handicapIndex: index, allowancePercent };
    const none = { courseHandicap: null, playingHandicap: null, strokesReceived: holes.map(() => 0) };
    if (!round.course) return { ...base, ...none, tee: null, problem: 'the round has no course yet' };
    // As `readinessProblems`: with several tees, a player needs their own or the round's default.
    const tee = !round.playerTees[pid] && !round.defaultTee && round.course.tees.length > 1 ? undefined : teeFor(round, pid);
    if (!tee) return { ...base, ...none, tee: null, problem: 'no tee yet: choose a default tee or one for this player' };
    const lines = scorecardLines(holes, handicapSnapshot(round, pid, index ?? undefined), []);
    return { ...base, tee: tee.name, courseHandicap: lines.courseHandicap, playingHandicap: lines.playingHandicap, strokesReceived: lines.perHole.map((l) => l.strokesReceived) };
  });
  return { roundId: round.id, state: round.state, source: 'preview', holes, players: rows };
}

export const roundHandicapRoutes = [
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/rounds/:roundId/handicaps',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Every player's Course and Playing Handicap in a round, and the holes where their strokes fall",
    description:
      'One call for what the dashboard shows and prints per player (handicap table, scorecards with stroke dots). Once the round is ready: ' +
      "the handicaps frozen on each scorecard and the strokes received per hole, as the scorecard's lines give them " +
      '(`GET /trips/:tripId/scorecards/:scorecardId/scores`, `perHole[].strokesReceived`). In a draft round (`source: "preview"`): the same figures ' +
      "computed from each player's Handicap Index now, by the functions that freeze them when the round becomes ready; a player whose tee " +
      'is not known yet (or a round without course) has null handicaps and a `problem`. Negative strokes are strokes a plus handicap gives back.',
    tags: ['Rounds'],
    params: RoundParams,
    responses: { 200: { description: 'The handicaps', schema: RoundHandicaps } },
    errors: ['round_not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const round = await getRound(db, params.roundId);
      const [players, cards] = await Promise.all([listPlayers(db), docsWithPrefix<ScorecardDoc & StoredDoc>(db, `scorecard:${round.id}-`)]);
      return { body: roundHandicaps(round, players, cards) };
    },
  }),
];
