import { createHash } from 'node:crypto';
import { strongEtag } from '../../shared/domain/display/index.js';
import { ControlRoom, ControlRoomParams } from '../../shared/schemas/trip-day.js';
import { notModified } from '../http/files.js';
import { defineRoute } from '../http/route.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { roundControlRoom } from './control-room.service.js';

export const controlRoomRoutes = [
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/rounds/:roundId/control-room',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'The control room of a round in play: groups, holes missing, phones last heard from, disputes',
    description:
      'One call per poll of the trip-day screen. Per group: its players, `thru` (holes every player of the group has a score on), per player ' +
      'the holes still missing (while playing: holes the group has played that the player has no score on; once the round is over: every hole ' +
      'without one), and `lastHeardAt`, when the group\'s phones were last heard from (the most recent portal or sync request of its players, ' +
      'the same tracking as the Links tab; `null` when never). Per round: `openDisputes`, and once `roundOver` (completed, or every group past ' +
      'its last hole) `missingScores`, each with who should have entered it (the group\'s players). Computed once per state of the trip ' +
      'database (`updateSeq`). Poll cheaply: the answer carries a strong `ETag`, and `If-None-Match` with it answers 304 without a body ' +
      'while nothing changed (a phone heard from changes it too).',
    tags: ['Trip day'],
    params: ControlRoomParams,
    responses: {
      200: { description: 'The control room', schema: ControlRoom },
      304: { description: 'Not modified: the copy named by If-None-Match is current' },
    },
    errors: ['round_not_found'],
    handler: async ({ ctx, trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip, { read: 'state' });
      const body = await roundControlRoom(deps, db, trip.tripId, params.roundId);
      const etag = strongEtag(createHash('sha256').update(JSON.stringify(body)).digest('base64url'));
      const headers = { ETag: etag, 'Cache-Control': 'private, no-cache' };
      if (notModified(ctx, { etag })) return { status: 304, headers };
      return { headers, body };
    },
  }),
];
