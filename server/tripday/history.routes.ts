import { ScorecardHoleParams } from '../../shared/schemas/score-corrections.js';
import { ScoreHistory } from '../../shared/schemas/trip-day.js';
import { scoreDocId, type ScoreDoc } from '../../shared/schemas/round.js';
import { entryOfScore } from '../../shared/domain/score-corrections.js';
import { getAccount } from '../auth/accounts.js';
import { AppError } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { listPlayers } from '../players/players.service.js';
import { loadScorecard } from '../scores/corrections.service.js';
import type { StoredDoc } from '../store/docstore.js';
import { loadTripDoc } from '../trips/trip-db.js';

const ORGANIZER = 'organizer:';

export const historyRoutes = [
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/scorecards/:scorecardId/scores/:hole/history',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "A hole's full history, with who entered each value",
    description:
      'Every value the hole had, oldest first, the one that counts now last (`current`): strokes (`null`: picked up), when, on which device, ' +
      'why (organizer corrections and settled disputes carry a reason), and who, by name: a player of the trip or an organizer (their ' +
      'account name). Values that lost a conflict between two phones are here too. `GET …/scorecards/:scorecardId/scores` answers the same ' +
      'for every hole, with ids only. 404 when the hole has no score.',
    tags: ['Trip day'],
    params: ScorecardHoleParams,
    responses: { 200: { description: 'The history', schema: ScoreHistory } },
    errors: ['not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const { card } = await loadScorecard(db, params.scorecardId);
      const score = await db.get<ScoreDoc & StoredDoc>(scoreDocId(card.id, params.hole));
      if (!score) throw new AppError('not_found', `no score for hole ${params.hole} on scorecard ${params.scorecardId}`);
      const players = new Map((await listPlayers(db)).map((p) => [p.id, p.name] as const));
      const values = [...(score.history ?? []), entryOfScore(score)];
      const organizers = new Map<string, string | null>();
      for (const v of values) {
        if (v.enteredBy.startsWith(ORGANIZER) && !organizers.has(v.enteredBy)) {
          organizers.set(v.enteredBy, (await getAccount(deps, v.enteredBy.slice(ORGANIZER.length)))?.name ?? null);
        }
      }
      const entries = values.map((v, i) => {
        const organizer = v.enteredBy.startsWith(ORGANIZER);
        const id = organizer ? v.enteredBy.slice(ORGANIZER.length) : v.enteredBy;
        return {
          strokes: v.strokes,
          enteredAt: v.enteredAt,
          deviceId: v.deviceId,
          enteredBy: v.enteredBy,
          by: { kind: organizer ? ('organizer' as const) : ('player' as const), id, name: organizer ? (organizers.get(v.enteredBy) ?? null) : (players.get(id) ?? null) },
          reason: v.reason ?? null,
          current: i === values.length - 1,
        };
      });
      return { body: { scorecardId: card.id, roundId: card.roundId, playerId: card.playerId, playerName: players.get(card.playerId) ?? '(removed player)', hole: params.hole, disputed: score.disputed ?? false, entries } };
    },
  }),
];
