import { z } from 'zod';
import { scoreDocId, ScoreEntry, type ScoreDoc } from '../../shared/schemas/round.js';
import { OrganizerBulkScoresBody, OrganizerScoreBody, ScorecardHoleParams, ScorecardScoresParams } from '../../shared/schemas/score-corrections.js';
import { CorrectionPreview } from '../../shared/schemas/trip-day.js';
import { Id } from '../../shared/schemas/common.js';
import { AppError } from '../http/errors.js';
import { defineRoute } from '../http/route.js';
import { loadScorecard } from '../scores/corrections.service.js';
import type { StoredDoc } from '../store/docstore.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { previewCorrection } from './preview.service.js';

const tags = ['Trip day'];
const WHAT =
  'A dry run: nothing is written. Takes the same body as the write it previews, checks it the same way (422 `correction_reason_required` on ' +
  'a completed round without a reason, `unprocessable` past the last hole, `round_not_ready` on a draft) and answers, before → after, only ' +
  'what would change: the hole values, the round board (position, gross, net, points, to par), skins holes, Nassau bets (a result that changes, or who is up in a bet still being played) with each ' +
  "game's money, point-game totals, each player's money from the round's games, and the unified plan's nets (games of completed rounds, the " +
  'tournament pot applied again when it counts this round). Computed with the same shared functions as the boards and games, on the trip\'s ' +
  'documents with the corrected score substituted. Applying is the write itself; paid and confirmed settlements are never rewritten, the next ' +
  'plan is net of them (`settlements`).';
const errors = ['not_found', 'unprocessable', 'round_not_ready', 'correction_reason_required'] as const;
const responses = { 200: { description: 'What the write would change', schema: CorrectionPreview } };

const DisputeParams = z.strictObject({
  tripId: Id,
  scorecardId: z.string().regex(/^[a-z][a-z0-9]{5,39}-[a-z][a-z0-9]{5,39}$/, 'not a scorecard id'),
  hole: z.coerce.number().int().min(1).max(18),
});

export const previewRoutes = [
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/scorecards/:scorecardId/scores/bulk/preview',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'What a correction of several holes would change (`POST …/scores/bulk`), without writing it',
    description: WHAT,
    tags,
    params: ScorecardScoresParams,
    body: OrganizerBulkScoresBody,
    responses,
    errors: [...errors],
    handler: async ({ trip, params, body, auth, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      const { card, round } = await loadScorecard(db, params.scorecardId);
      const entries = body.scores.map((s) => ({ hole: s.hole, strokes: s.strokes, reason: s.reason ?? body.reason }));
      return { body: await previewCorrection(deps, db, { ...tripDoc, id: trip.tripId }, auth, card, round, entries) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/scorecards/:scorecardId/scores/:hole/preview',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'What a correction of one hole would change (`PUT …/scores/:hole`), without writing it',
    description: WHAT,
    tags,
    params: ScorecardHoleParams,
    body: OrganizerScoreBody,
    responses,
    errors: [...errors],
    handler: async ({ trip, params, body, auth, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      const { card, round } = await loadScorecard(db, params.scorecardId);
      const entries = [{ hole: params.hole, strokes: body.strokes, reason: body.reason }];
      return { body: await previewCorrection(deps, db, { ...tripDoc, id: trip.tripId }, auth, card, round, entries) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/score-disputes/:scorecardId/:hole/resolve/preview',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'What settling a disputed hole with a value would change, without writing it',
    description: `The dry run of \`POST /trips/:tripId/score-disputes/:scorecardId/:hole/resolve\`, same body (the \`reason\` defaults to "dispute settled"). ${WHAT}`,
    tags,
    params: DisputeParams,
    body: z.strictObject({ strokes: ScoreEntry.shape.strokes, reason: ScoreEntry.shape.reason }),
    responses,
    errors: [...errors],
    handler: async ({ trip, params, body, auth, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      const { card, round } = await loadScorecard(db, params.scorecardId);
      if (!(await db.get<ScoreDoc & StoredDoc>(scoreDocId(card.id, params.hole)))) {
        throw new AppError('not_found', `no score for hole ${params.hole} on scorecard ${params.scorecardId}`);
      }
      const entries = [{ hole: params.hole, strokes: body.strokes, reason: body.reason ?? 'dispute settled' }];
      return { body: await previewCorrection(deps, db, { ...tripDoc, id: trip.tripId }, auth, card, round, entries) };
    },
  }),
];
