import { z } from 'zod';
import { roundPlayerIds } from '../../shared/domain/rounds.js';
import { CreateRoundRequest } from '../../shared/schemas/course-library.js';
import { PatchRoundBody, ReadyBody, Round, RoundParams, RoundState, type RoundDoc } from '../../shared/schemas/round.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { resolveRoundCourse } from '../courses/courses.service.js';
import { defineRoute } from '../http/route.js';
import { loadTripDoc, stripDoc } from '../trips/trip-db.js';
import { roundHandicapRoutes } from './round-handicaps.routes.js';
import { lateChangeRoutes } from './late-changes.routes.js';
import { roundTeeRoutes } from './round-tees.routes.js';
import { completeRound, createRound, deleteRound, getRound, listRounds, patchRound, resetRound, setReady } from './rounds.service.js';

const tags = ['Rounds'];

/** A round as REST shows it. `playerIds` is every player of the round, also for rounds stored with `[]` beside groups. */
export function presentRound(tripId: string, doc: RoundDoc): z.infer<typeof Round> {
  return { ...stripDoc(doc), playerIds: roundPlayerIds(doc), tripId };
}

const COMPOSITION_ERRORS = ['unknown_player', 'duplicate_player', 'group_size_out_of_range', 'unknown_tee'] as const;

export const roundRoutes = [
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/rounds',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Create a round (draft)',
    description:
      'Groups hold 2 to 6 players (400 `validation_failed` otherwise) and players must be on the trip (422); tees are checked against the course. ' +
      "`playerIds` in the answer are all the round's players: those listed, then each grouped player not listed (with groups alone, the groups' players in group order). The course is given " +
      'inline (`course`) or taken from your library (`courseId`: all its tees, or the one `teeName` and `teeGender` pick, which is then the ' +
      'default tee); its copy is frozen on the round, so later edits or deletion of the saved course change nothing here. An unknown course ' +
      'answers 404 `course_not_found`, an unknown tee 422 `unknown_tee`, a tee name rated for several genders without `teeGender` 422 `tee_ambiguous`.',
    tags,
    params: TripIdParams,
    body: CreateRoundRequest,
    responses: { 201: { description: 'The round', schema: Round } },
    errors: [...COMPOSITION_ERRORS, 'course_not_found', 'tee_ambiguous', 'unprocessable'],
    handler: async ({ trip, auth, body, deps }) => {
      await loadTripDoc(deps, trip);
      const round = await createRound(deps, trip.tripId, await resolveRoundCourse(deps, auth, body));
      return { status: 201, headers: { Location: `/trips/${trip.tripId}/rounds/${round.id}` }, body: presentRound(trip.tripId, round) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/rounds',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "List the trip's rounds by date",
    tags,
    params: TripIdParams,
    query: z.object({ state: RoundState.optional() }),
    responses: { 200: { description: 'Rounds', schema: z.object({ items: z.array(Round) }) } },
    handler: async ({ trip, query, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const rounds = (await listRounds(db)).filter((r) => !query.state || r.state === query.state);
      return { body: { items: rounds.map((r) => presentRound(trip.tripId, r)) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/rounds/:roundId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Read a round',
    tags,
    params: RoundParams,
    responses: { 200: { description: 'The round', schema: Round } },
    errors: ['round_not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: presentRound(trip.tripId, await getRound(db, params.roundId)) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/trips/:tripId/rounds/:roundId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Change a round',
    description:
      'A draft round can change anything. Once ready, only name, date, start time and groups; in progress, name and groups; completed, the name. ' +
      'Groups of a round with scorecards change group by group: a group with no score yet may change freely (players moved, added with a new ' +
      'scorecard, taken out without scores); a started group keeps its players with scores, its tee time and hole, and takes nobody new ' +
      '(409 `group_started`, saying what to do instead). A score arriving for a changed group while the change is written: 409 `revision_conflict`, nothing changed. ' +
      'Other changes answer 409 `round_not_editable`. ' +
      "`playerIds` stay the round's players whatever changes: new `playerIds` are kept with every grouped player added; new `groups` alone " +
      'bring their players and drop those of the old groups they leave out (players assigned without a group stay). ' +
      'The scheduling routes write groups by these rules too. Tees per player, also once ready or in play, are set with `PATCH …/rounds/:roundId/tees`; ' +
      'a player who leaves the round takes their own tees along.',
    tags,
    params: RoundParams,
    body: PatchRoundBody,
    responses: { 200: { description: 'The round', schema: Round } },
    errors: ['round_not_found', 'round_not_editable', 'group_started', 'revision_conflict', ...COMPOSITION_ERRORS],
    handler: async ({ trip, params, body, deps }) => {
      await loadTripDoc(deps, trip);
      return { body: presentRound(trip.tripId, await patchRound(deps, trip.tripId, params.roundId, body)) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/trips/:tripId/rounds/:roundId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Delete a round without scores',
    description: 'A round with scores answers 409 `round_has_scores`: reset it (which archives the scores) first.',
    tags,
    params: RoundParams,
    responses: { 204: { description: 'Deleted' } },
    errors: ['round_not_found', 'round_has_scores'],
    handler: async ({ trip, params, deps }) => {
      await loadTripDoc(deps, trip);
      await deleteRound(deps, trip.tripId, params.roundId);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/trips/:tripId/rounds/:roundId/ready',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Mark a round ready (or back to draft)',
    description:
      'Ready needs a course and assigned players, and creates one scorecard per player with their handicap inputs frozen. ' +
      '`{"ready": false}` takes a ready round without scores back to draft. No body means ready.',
    tags,
    params: RoundParams,
    body: ReadyBody,
    responses: { 200: { description: 'The round', schema: Round } },
    errors: ['round_not_found', 'round_state_conflict', 'round_not_ready', 'round_has_scores', ...COMPOSITION_ERRORS],
    handler: async ({ trip, params, body, deps }) => {
      await loadTripDoc(deps, trip);
      return { body: presentRound(trip.tripId, await setReady(deps, trip.tripId, params.roundId, body.ready)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/rounds/:roundId/reset',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Reset a started or completed round to ready',
    description: 'Scores are archived in a score archive document of the trip, not destroyed; the answer says how many and where.',
    tags,
    params: RoundParams,
    responses: {
      200: { description: 'The round and the archive', schema: z.object({ round: Round, archivedScores: z.number().int(), archiveId: z.string().nullable() }) },
    },
    errors: ['round_not_found', 'round_state_conflict'],
    handler: async ({ trip, params, deps }) => {
      await loadTripDoc(deps, trip);
      const r = await resetRound(deps, trip.tripId, params.roundId);
      return { body: { round: presentRound(trip.tripId, r.round), archivedScores: r.archivedScores, archiveId: r.archiveId } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/rounds/:roundId/complete',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Complete a round; its scores are locked',
    tags,
    params: RoundParams,
    responses: { 200: { description: 'The round', schema: Round } },
    errors: ['round_not_found', 'round_state_conflict'],
    handler: async ({ trip, params, deps }) => {
      await loadTripDoc(deps, trip);
      return { body: presentRound(trip.tripId, await completeRound(deps, trip.tripId, params.roundId)) };
    },
  }),
  ...roundHandicapRoutes,
  ...roundTeeRoutes,
  ...lateChangeRoutes,
];
