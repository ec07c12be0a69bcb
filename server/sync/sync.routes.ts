import { z } from 'zod';
import { overrideScore } from '../../shared/domain/scores.js';
import { Id } from '../../shared/schemas/common.js';
import { Score } from '../../shared/schemas/portal.js';
import { ScoreEntry, scoreDocId, type ScoreDoc } from '../../shared/schemas/round.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { AppError } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { presentScore } from '../portal/portal.service.js';
import type { StoredDoc } from '../store/docstore.js';
import { docsOfType, updateDoc } from '../store/docs.js';
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
    description: 'Nothing a phone sent disappears silently: each refused document is kept here, newest first.',
    tags: ['Sync'],
    params: TripIdParams,
    responses: { 200: { description: 'Refused documents', schema: z.object({ items: z.array(Rejection) }) } },
    handler: async ({ trip, deps }) => {
      const { rows } = await deps.store.registry.query('registry/rejections_by_trip', { startKey: [trip.tripId], endKey: [trip.tripId, {}], includeDocs: true });
      const items = rows
        .reverse()
        .map((r) => r.doc as unknown as SyncRejectionDoc)
        .map((d) => ({ id: d.id, playerId: d.playerId, docId: d.docId, docType: d.docType, reason: d.reason, at: d.at, doc: d.doc as Record<string, unknown> }));
      return { body: { items } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/score-disputes',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Holes whose values from different phones disagreed',
    description: 'The value shown is the one every device picked by the shared rule (latest entry, then device id); the others are in history.',
    tags: ['Sync'],
    params: TripIdParams,
    responses: { 200: { description: 'Disputed scores', schema: z.object({ items: z.array(Score) }) } },
    handler: async ({ trip, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const scores = await docsOfType<Stored<ScoreDoc>>(db, 'score');
      return { body: { items: scores.filter((s) => s.disputed).sort((a, b) => a._id.localeCompare(b._id)).map(presentScore) } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/score-disputes/:scorecardId/:hole/resolve',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Settle a disputed hole with the right value',
    description: 'Writes the organizer\'s value as the current one, keeps every earlier value in history and clears the dispute. It syncs to every phone.',
    tags: ['Sync'],
    params: DisputeParams,
    body: z.strictObject({ strokes: ScoreEntry.shape.strokes }),
    responses: { 200: { description: 'The score', schema: Score } },
    errors: ['not_found'],
    handler: async ({ trip, params, body, auth, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const id = scoreDocId(params.scorecardId, params.hole);
      const now = deps.now().toISOString();
      const updated = await updateDoc<Stored<ScoreDoc>>(db, id, (s) => ({
        ...overrideScore(s, { strokes: body.strokes, enteredBy: `organizer:${auth.sub}`, deviceId: 'dashboard', enteredAt: now }),
        updatedAt: now,
      }));
      if (!updated) throw new AppError('not_found', `no score for hole ${params.hole} on scorecard ${params.scorecardId}`);
      return { body: presentScore(updated) };
    },
  }),
];
