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
      'For every player of the trip (or of `playerIds`) with an email: a new portal token (expiring a week after the trip ends), its link mailed to them. ' +
      'Sending rotates: once a player\'s mail is sent, their earlier tokens are revoked, so only the newest link works (a phone on an old link asks for the new one). ' +
      'Players without an email are skipped (`no_email`), and so are those whose mail could not be sent (`mail_failed`; their earlier links keep working).',
    tags: ['Portal tokens'],
    params: TripIdParams,
    body: SendPortalLinksBody,
    responses: { 200: { description: 'Who was sent a link and who was skipped, with why', schema: SendReport } },
    errors: ['player_not_found', 'trip_not_ready', 'unprocessable'],
    handler: async ({ trip, auth, body, deps }) => ({ body: await sendPortalLinks(deps, trip, auth, body.playerIds) }),
  }),
];
