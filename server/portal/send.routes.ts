import { SendPortalLinksBody, SendReport } from '../../shared/schemas/identity.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { defineRoute } from '../http/route.js';
import { sendPortalLinks } from './send.service.js';

export const portalSendRoutes = [
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/portal-tokens/send',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Mail each player their own portal link',
    description:
      'For every player of the trip (or of `playerIds`) with an email: their working link mailed to them, the one they already have (mailing revokes nothing: ' +
      'a link mailed before or printed on a QR card keeps working). A player with no working link that can be shown gets a new one (expiring a week after the trip ends); ' +
      'two sends at once, on any servers, store one such link and mail that one. To make a link stop working, replace it (`POST /trip-portal/token` with `replace`). ' +
      'Players without an email are skipped (`no_email`), and so are those whose mail could not be sent (`mail_failed`; a link made for that mail is revoked, an existing one is left as it was); ' +
      'each skipped player is named (`name`), so the answer can be told to the organizer as it is.',
    tags: ['Portal tokens'],
    params: TripIdParams,
    body: SendPortalLinksBody,
    responses: { 200: { description: 'Who was sent a link and who was skipped, with why', schema: SendReport } },
    errors: ['player_not_found', 'trip_not_ready', 'unprocessable'],
    handler: async ({ trip, auth, body, deps }) => ({ body: await sendPortalLinks(deps, trip, auth, body.playerIds) }),
  }),
];
