import { z } from 'zod';
import { BulkScoresBody, PortalRound, PortalTripOverview, PortalTripRef, Score, ScorecardParams, ScoreInput } from '../../shared/schemas/portal.js';
import { scorecardLines } from '../../shared/domain/leaderboards/hole-lines.js';
import type { RoundDoc, ScorecardDoc, ScoreDoc } from '../../shared/schemas/round.js';
import { ScorecardLines } from '../../shared/schemas/scorecard-view.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import type { PortalPrincipal } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { enterScores } from '../scores/scores.service.js';
import type { StoredDoc } from '../store/docstore.js';
import { sharedDoc } from '../store/docs.js';
import { localDate, portalRounds, presentScore } from './portal.service.js';
import { portalTripAccess, type PortalTripAccess } from './session.js';
import { publicBase } from '../http/origin.js';

type Stored<T> = T & StoredDoc;
const tags = ['Portal'];

/** The scorecard and the trip it belongs to, among the trips of the session (404 when none has it). */
async function findScorecard(deps: AppDeps, who: PortalPrincipal, id: string): Promise<{ access: PortalTripAccess; card: Stored<ScorecardDoc>; round: Readonly<Stored<RoundDoc>> }> {
  for (const t of who.trips) {
    const db = deps.store.trip(t.tripId);
    const card = await db.get<Stored<ScorecardDoc>>(`scorecard:${id}`).catch(() => undefined);
    if (!card) continue;
    const access = await portalTripAccess(deps, who, t.tripId);
    // Read only (its holes), on every score a golfer enters or reads: shared, not parsed again for each.
    const round = await sharedDoc<Stored<RoundDoc>>(db, `round:${card.roundId}`);
    if (!round) break;
    return { access, card, round };
  }
  throw new AppError('not_found', `no scorecard ${id} on your trips`);
}

const writerOf = (access: PortalTripAccess) => ({ playerId: access.playerId, role: access.player.role, enteredBy: access.playerId });

export const portalRoutes = [
  defineRoute({
    method: 'get',
    path: '/trip-portal/my-trips',
    auth: 'portal',
    summary: 'The trips this portal session covers',
    description: 'Trips whose token was revoked or expired since are left out.',
    tags,
    responses: { 200: { description: 'Trips', schema: z.object({ items: z.array(PortalTripRef.extend({ startDate: z.string(), endDate: z.string() })) }) } },
    handler: async ({ auth, deps }) => {
      const items = [];
      for (const t of auth.trips) {
        try {
          const a = await portalTripAccess(deps, auth, t.tripId);
          items.push({ tripId: a.tripId, playerId: a.playerId, tripName: a.trip.name, playerName: a.player.name, startDate: a.trip.startDate, endDate: a.trip.endDate });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
        }
      }
      return { body: { items } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId',
    sharedPerState: true,
    auth: 'portal',
    summary: 'Trip overview for the player: the trip, me, today and the rounds',
    description: '"Today" is the date in the trip\'s time zone. Draft rounds are not shown to players.',
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'Overview', schema: PortalTripOverview } },
    errors: ['forbidden', 'trip_not_found', 'token_revoked'],
    handler: async ({ auth, params, deps, ctx }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const rounds = await portalRounds(deps, a.tripId, a.playerId);
      const today = localDate(deps.now(), a.trip.timezone);
      const { trip, player } = a;
      return {
        body: {
          trip: { id: trip.id, name: trip.name, startDate: trip.startDate, endDate: trip.endDate, timezone: trip.timezone, currency: trip.currency, ...(trip.destination ? { destination: trip.destination } : {}) },
          me: { id: player.id, name: player.name, role: player.role, ...(player.team ? { team: player.team } : {}), ...(player.handicapIndex !== undefined ? { handicapIndex: player.handicapIndex } : {}) },
          today: { date: today, rounds: rounds.filter((r) => r.date === today) },
          rounds,
          syncUrl: `${publicBase(deps, ctx)}/sync/trips/${trip.id}`,
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/rounds',
    auth: 'portal',
    summary: 'Rounds of the trip with their state, my scorecard and my group',
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'Rounds', schema: z.object({ items: z.array(PortalRound) }) } },
    errors: ['forbidden', 'trip_not_found'],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      return { body: { items: await portalRounds(deps, a.tripId, a.playerId) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/scorecards/:scorecardId/scores',
    auth: 'portal',
    summary: 'Scores of a scorecard, hole by hole',
    description:
      'The score documents (`items`), and the card as it is shown: the Course and Playing Handicap frozen on the scorecard when the round ' +
      'became ready (at the allowance of its format), and per hole par, stroke index, gross, strokes received, net and Stableford points ' +
      '(`null` while not played; a picked-up hole has `gross: null`, `pickedUp: true`, net double bogey and 0 points).',
    tags,
    params: ScorecardParams,
    responses: { 200: { description: 'Scores', schema: ScorecardLines.extend({ items: z.array(Score) }) } },
    errors: ['not_found'],
    handler: async ({ auth, params, deps }) => {
      const { access, card, round } = await findScorecard(deps, auth, params.scorecardId);
      const db = deps.store.trip(access.tripId);
      const { rows } = await db.allDocs({ startKey: `score:${card.id}:`, endKey: `score:${card.id}:\ufff0`, includeDocs: true });
      const docs = rows.map((r) => r.doc as Stored<ScoreDoc>).filter(Boolean).sort((a, b) => a.hole - b.hole);
      return { body: { ...scorecardLines(round.course?.holes ?? [], card.handicap, docs), items: docs.map(presentScore) } };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/trip-portal/scorecards/:scorecardId/scores',
    auth: 'portal',
    summary: 'Enter one hole',
    description:
      'Writes the same score document a phone syncs, under the same rules: a player scores their own group\'s cards while the round is ready or ' +
      'in progress (403 otherwise); the first score starts the round. A hole entered again keeps the earlier value in its history.',
    tags,
    params: ScorecardParams,
    body: ScoreInput,
    responses: { 200: { description: 'The score', schema: Score } },
    errors: ['not_found', 'forbidden', 'unprocessable', 'revision_conflict'],
    handler: async ({ auth, params, body, deps }) => {
      const { access, card, round } = await findScorecard(deps, auth, params.scorecardId);
      const [score] = await enterScores(deps, deps.store.trip(access.tripId), writerOf(access), card, [body], round.course?.holes.length ?? 18);
      return { body: presentScore(score!) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trip-portal/scorecards/:scorecardId/scores/bulk',
    auth: 'portal',
    summary: 'Enter several holes, all or nothing',
    tags,
    params: ScorecardParams,
    body: BulkScoresBody,
    responses: { 200: { description: 'The scores', schema: z.object({ items: z.array(Score) }) } },
    errors: ['not_found', 'forbidden', 'unprocessable', 'revision_conflict'],
    handler: async ({ auth, params, body, deps }) => {
      const { access, card, round } = await findScorecard(deps, auth, params.scorecardId);
      const scores = await enterScores(deps, deps.store.trip(access.tripId), writerOf(access), card, body.scores, round.course?.holes.length ?? 18);
      return { body: { items: scores.map(presentScore) } };
    },
  }),
];
