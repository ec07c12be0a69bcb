import { z } from 'zod';
import { Id } from '../../shared/schemas/common.js';
import { Score } from '../../shared/schemas/portal.js';
import { ScoreEntry, scoreDocId, type ScoreDoc } from '../../shared/schemas/round.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { AppError } from '../http/errors.js';
import { PageOf, PageQuery, paginate } from '../http/paginate.js';
import { defineRoute } from '../http/route.js';
import { presentScore } from '../portal/portal.service.js';
import type { StoredDoc } from '../store/docstore.js';
import { docsOfType } from '../store/docs.js';
import { loadScorecard, organizerEnterScores } from '../scores/corrections.service.js';
import { loadTripDoc } from '../trips/trip-db.js';
import type { SyncRejectionDoc } from './sync.policy.js';

type Stored<T> = T & StoredDoc;

const Rejection = z.object({
  id: z.string(),
  playerId: z.string(),
  docId: z.string(),
  docType: z.string().nullable(),
  reason: z.string(),
  at: z.string(),
  doc: z.record(z.string(), z.unknown()),
});

const DisputeParams = z.strictObject({
  tripId: Id,
  scorecardId: z.string().regex(/^[a-z][a-z0-9]{5,39}-[a-z][a-z0-9]{5,39}$/, 'not a scorecard id'),
  hole: z.coerce.number().int().min(1).max(18),
});

export const syncRoutes = [
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/sync/rejections',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Documents the sync gateway refused, with their content and reason',
    description:
      'Nothing a phone sent disappears silently: each refused document is kept here, newest first (then by id), `limit` at a time; follow `nextCursor` for the next page.',
    tags: ['Sync'],
    params: TripIdParams,
    query: PageQuery,
    responses: { 200: { description: 'A page of refused documents', schema: PageOf(Rejection) } },
    handler: async ({ trip, query, deps }) => {
      const { rows } = await deps.store.registry.query('registry/rejections_by_trip', { startKey: [trip.tripId], endKey: [trip.tripId, {}], includeDocs: true });
      const items = rows
        .reverse()
        .map((r) => r.doc as unknown as SyncRejectionDoc)
        .map((d) => ({ id: d.id, playerId: d.playerId, docId: d.docId, docType: d.docType, reason: d.reason, at: d.at, doc: d.doc as Record<string, unknown> }));
      const page = paginate(items, (r) => [r.at, r.id], query, [true, true]);
      return { body: { items: page.items, nextCursor: page.nextCursor } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/score-disputes',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Holes whose values from different phones disagreed',
    description:
      'The value shown is the one every device picked by the shared rule (latest entry, then device id); the others are in history. By scorecard, then hole, `limit` at a time; follow `nextCursor` for the next page.',
    tags: ['Sync'],
    params: TripIdParams,
    query: PageQuery,
    responses: { 200: { description: 'A page of disputed scores', schema: PageOf(Score) } },
    handler: async ({ trip, query, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const scores = await docsOfType<Stored<ScoreDoc>>(db, 'score');
      const page = paginate(scores.filter((s) => s.disputed), (s) => [s._id], query);
      return { body: { items: page.items.map(presentScore), nextCursor: page.nextCursor } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/score-disputes/:scorecardId/:hole/resolve',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Settle a disputed hole with the right value',
    description:
      'Writes the organizer\'s value as the current one, keeps every earlier value in history and clears the dispute; it syncs to every phone. ' +
      'The same write as an organizer correction (`PUT /trips/:tripId/scorecards/:scorecardId/scores/:hole`): `strokes: null` settles the hole as ' +
      'picked up, the `reason` (default "dispute settled") is kept with the value, and pending game money is planned again.',
    tags: ['Sync'],
    params: DisputeParams,
    body: z.strictObject({ strokes: ScoreEntry.shape.strokes, reason: ScoreEntry.shape.reason }),
    responses: { 200: { description: 'The score', schema: Score } },
    errors: ['not_found', 'unprocessable', 'round_not_ready', 'revision_conflict'],
    handler: async ({ trip, params, body, auth, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      const { card, round } = await loadScorecard(db, params.scorecardId);
      if (!(await db.get<Stored<ScoreDoc>>(scoreDocId(card.id, params.hole)))) {
        throw new AppError('not_found', `no score for hole ${params.hole} on scorecard ${params.scorecardId}`);
      }
      const entry = { hole: params.hole, strokes: body.strokes, reason: body.reason ?? 'dispute settled' };
      const [score] = await organizerEnterScores(deps, db, { ...tripDoc, id: trip.tripId }, auth, card, round, [entry]);
      return { body: presentScore(score!) };
    },
  }),
];
