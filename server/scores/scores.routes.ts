import { z } from 'zod';
import { scorecardLines } from '../../shared/domain/leaderboards/hole-lines.js';
import {
  OrganizerBulkScoresBody,
  OrganizerScore,
  OrganizerScoreBody,
  ScorecardHoleParams,
  ScorecardScores,
  ScorecardScoresParams,
} from '../../shared/schemas/score-corrections.js';
import { ScoreDoc, scoreDocId, type RoundDoc, type ScorecardDoc } from '../../shared/schemas/round.js';
import { AppError } from '../http/errors.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { copyState, sharedDoc, sharedDocsWithPrefix } from '../store/docs.js';
import { loadTripDoc, tripDocId } from '../trips/trip-db.js';
import { presentScore } from '../portal/portal.service.js';
import { holesOf, loadScorecard, organizerEnterScores } from './corrections.service.js';
import { tripDayRoutes } from '../tripday/tripday.routes.js';

type Stored<T> = T & StoredDoc;

/** A score's hole is at most this (its schema), so a card's scores are the documents `score:<card>:1` up to it. */
const MAX_HOLES = ScoreDoc.shape.hole.maxValue!;

const tags = ['Scores'];

/**
 * The trip, the card, its round and the card's scores, in two store requests side by side: one read by ids (the trip,
 * the card and the card's 18 possible score ids, `score:<card>:<hole>`) and the round, named by the card's id
 * (`<roundId>-<playerId>`), read shared. On CouchDB that is one request deep instead of two, and two requests instead
 * of four: the organizer's read of a card is most of what CouchDB is asked during a trip day (bench:tripday). The
 * answer and its errors are those of reading them in turn: the trip's first (`trip_not_ready`, `trip_not_found`),
 * then the card's (`not_found`). Where this server keeps a copy of the trip (its boards are read), all of it comes from
 * the copy after one catch-up (one request).
 */
async function readCardAtOnce(deps: Parameters<typeof loadTripDoc>[0], trip: Parameters<typeof loadTripDoc>[1], scorecardId: string) {
  if (trip.status === 'creating') await loadTripDoc(deps, trip); // throws trip_not_ready before the trip's database is opened
  const db = deps.store.trip(trip.tripId);
  const roundId = scorecardId.split('-')[0]!;
  const scoreIds = Array.from({ length: MAX_HOLES }, (_, i) => scoreDocId(scorecardId, i + 1));
  const at = await copyState(db);
  const [[tripRow, cardRow, ...scoreRows], sharedRound] = at !== undefined ? await fromCopy(db, at) : await fromStore();
  async function fromStore() {
    const [{ rows }, round] = await Promise.all([
      db.allDocs({ keys: [tripDocId(trip.tripId), `scorecard:${scorecardId}`, ...scoreIds], includeDocs: true }),
      sharedDoc<Stored<RoundDoc>>(db, `round:${roundId}`),
    ]);
    return [rows.map((r) => (r.doc && !r.value?.deleted ? r.doc : undefined)), round] as const;
  }
  // The trip's copy on this server, caught up once for the request (couch-mirror.ts): the same documents as of its state.
  async function fromCopy(copied: Database, at: string | number) {
    const [tripDoc, cardDoc, scoreDocs, round] = await Promise.all([
      sharedDoc(copied, tripDocId(trip.tripId), at),
      sharedDoc(copied, `scorecard:${scorecardId}`, at),
      sharedDocsWithPrefix<Stored<ScoreDoc>>(copied, `score:${scorecardId}:`, at),
      sharedDoc<Stored<RoundDoc>>(copied, `round:${roundId}`, at),
    ]);
    const byId = new Map(scoreDocs.map((d) => [d._id, d]));
    return [[tripDoc, cardDoc, ...scoreIds.map((id) => byId.get(id))], round] as const;
  }
  if (!tripRow) throw new AppError('trip_not_found', `no trip ${trip.tripId}`);
  const card = cardRow as Stored<ScorecardDoc> | undefined;
  if (!card || card.type !== 'scorecard') throw new AppError('not_found', `no scorecard ${scorecardId} on this trip`);
  // A card always names the round of its id; were it another, that round is the one read in turn.
  const round = card.roundId === roundId ? sharedRound : await sharedDoc<Stored<RoundDoc>>(db, `round:${card.roundId}`);
  if (!round) throw new AppError('not_found', `no scorecard ${scorecardId} on this trip`);
  const scores = (scoreRows.filter((d) => d !== undefined) as Stored<ScoreDoc>[]).sort((a, b) => a.hole - b.hole);
  return { db, card, round, scores };
}

const RULES =
  'Writes the same score documents phones replicate, so every phone pulls the new value. Any scorecard of the trip, in a round that is ready, ' +
  'in progress (the first score starts a ready round) or completed. The previous value moves into the hole\'s `history` with who entered it, ' +
  'when and why; the new value carries the organizer (`organizer:<account id>`), the time and the `reason`, and settles any dispute. ' +
  'A completed round is corrected only with a `reason` (422 `correction_reason_required`); a hole past the course\'s last is 422 `unprocessable`, ' +
  'a draft round 422 `round_not_ready`. Leaderboards and games read the stored scores, so they follow at once; a pending unified (or ' +
  'per-organizer) settlement plan is planned again, replacing only pending settlements: paid and confirmed ones are never rewritten and the new ' +
  'plan is net of them. A hole given its current strokes (and not disputed) is left unchanged.';
const errors = ['not_found', 'unprocessable', 'round_not_ready', 'correction_reason_required', 'revision_conflict'] as const;

export const scoreRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/scorecards/:scorecardId/scores',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "A scorecard's scores hole by hole, each with its whole history",
    description:
      'Every value a hole had, oldest first in `history`, with who entered it, on which device, when and (for corrections) why; and the card as ' +
      'the portal shows it: Course and Playing Handicap frozen on the scorecard, per hole par, stroke index, gross, strokes received, net, ' +
      'Stableford points and net double bogey, and the totals.',
    tags,
    params: ScorecardScoresParams,
    responses: { 200: { description: 'The scores', schema: ScorecardScores } },
    errors: ['not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db, card, round, scores } = await readCardAtOnce(deps, trip, params.scorecardId);
      const lines = scorecardLines(round.course?.holes ?? [], card.handicap, scores);
      return { body: { ...lines, scorecardId: card.id, roundId: card.roundId, playerId: card.playerId, roundState: round.state, holes: holesOf(round), items: scores.map(presentScore) } };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/trips/:tripId/scorecards/:scorecardId/scores/:hole',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Enter or correct one hole of any scorecard',
    description: RULES,
    tags,
    params: ScorecardHoleParams,
    body: OrganizerScoreBody,
    responses: { 200: { description: 'The score', schema: OrganizerScore } },
    errors: [...errors],
    handler: async ({ trip, params, body, auth, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      const { card, round } = await loadScorecard(db, params.scorecardId);
      const [score] = await organizerEnterScores(deps, db, { ...tripDoc, id: trip.tripId }, auth, card, round, [{ hole: params.hole, strokes: body.strokes, reason: body.reason }]);
      return { body: presentScore(score!) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/scorecards/:scorecardId/scores/bulk',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Enter or correct several holes of any scorecard, all or nothing',
    description: `${RULES} A top-level \`reason\` applies to every hole that gives none. Nothing is written unless every hole may be.`,
    tags,
    params: ScorecardScoresParams,
    body: OrganizerBulkScoresBody,
    responses: { 200: { description: 'The scores, in the order asked', schema: z.object({ items: z.array(OrganizerScore) }) } },
    errors: [...errors],
    handler: async ({ trip, params, body, auth, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      const { card, round } = await loadScorecard(db, params.scorecardId);
      const entries = body.scores.map((s) => ({ hole: s.hole, strokes: s.strokes, reason: s.reason ?? body.reason }));
      const scores = await organizerEnterScores(deps, db, { ...tripDoc, id: trip.tripId }, auth, card, round, entries);
      return { body: { items: scores.map(presentScore) } };
    },
  }),
  // The organizer's trip day (issue 24): control room, consequences preview, a hole's history.
  ...tripDayRoutes,
];
