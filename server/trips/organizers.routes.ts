import { z } from 'zod';
import { AcceptedInvite, AcceptInviteBody, Invite, InviteBody, InviteParams, IssuedInvite, Organizer, OrganizerParams } from '../../shared/schemas/identity.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { defineRoute } from '../http/route.js';
import { acceptInvite, issueInvite, listInvites, listOrganizers, removeCoOrganizer, revokeInvite } from './organizers.service.js';

const tags = ['Organizers'];

export const organizerRoutes = [
  defineRoute({
    method: 'post',
    path: '/organizer-invites/accept',
    auth: 'dashboard',
    summary: 'Accept a co-organizer invite with the signed-in account',
    description:
      'The code from the invite mail makes the signed-in account a co-organizer of the trip, by account id (whatever its email). ' +
      'A code works once: a wrong, unknown or revoked code is 400 `code_invalid`, a used one 409 `code_used`, an expired one 410 `code_expired`; ' +
      'an account that already organizes the trip gets 409 `already_organizer` and the invite stays unused.',
    tags,
    body: AcceptInviteBody,
    responses: { 200: { description: 'The trip the account now co-organizes', schema: AcceptedInvite } },
    errors: ['code_invalid', 'code_used', 'code_expired', 'already_organizer'],
    handler: async ({ auth, body, deps }) => ({ body: await acceptInvite(deps, auth, body.code) }),
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/organizer-invites',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Invite someone to co-organize the trip',
    description:
      'Mails a single-use code, valid 7 days, to `email`; only its hash is stored. The answer carries the code once, for the issuer ' +
      '(`mailed: false` when the mail could not be sent). Whoever accepts it with their own account co-organizes the trip.',
    tags,
    params: TripIdParams,
    body: InviteBody,
    responses: { 201: { description: 'The invite, with its code', schema: IssuedInvite } },
    handler: async ({ trip, auth, body, deps }) => ({ status: 201, headers: { 'Cache-Control': 'no-store' }, body: await issueInvite(deps, trip, auth, body.email) }),
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/organizer-invites',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "List the trip's co-organizer invites (no codes)",
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'Invites with their status, oldest first', schema: z.object({ items: z.array(Invite) }) } },
    handler: async ({ trip, deps }) => ({ body: { items: await listInvites(deps, trip) } }),
  }),
  defineRoute({
    method: 'delete',
    path: '/trips/:tripId/organizer-invites/:inviteId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Revoke a pending invite',
    description: 'The code stops working at once. Revoking twice is harmless; an accepted invite is 409 (remove the co-organizer instead).',
    tags,
    params: InviteParams,
    responses: { 204: { description: 'Revoked' } },
    errors: ['not_found', 'conflict'],
    handler: async ({ trip, params, deps }) => {
      await revokeInvite(deps, trip, params.inviteId);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/organizers',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "The trip's owner and co-organizer accounts",
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'The owner first, then co-organizers in the order they joined', schema: z.object({ items: z.array(Organizer) }) } },
    handler: async ({ trip, deps }) => ({ body: { items: await listOrganizers(deps, trip) } }),
  }),
  defineRoute({
    method: 'delete',
    path: '/trips/:tripId/organizers/:accountId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Remove a co-organizer (the owner), or leave the trip (a co-organizer removing themselves)',
    description:
      'Access ends at the removed account\'s next request. The pending invites it issued for the trip are revoked with it. ' +
      'Removing another co-organizer is for the owner only (403); the owner is not a co-organizer (404).',
    tags,
    params: OrganizerParams,
    responses: { 204: { description: 'Removed' } },
    errors: ['forbidden', 'not_found'],
    handler: async ({ trip, auth, params, deps }) => {
      await removeCoOrganizer(deps, trip, auth, params.accountId);
      return { status: 204 };
    },
  }),
];
