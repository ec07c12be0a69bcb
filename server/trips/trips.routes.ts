import { z } from 'zod';
import { Page, PageQuery } from '../../shared/schemas/common.js';
import { CreateTripBody, PatchTripBody, Trip, TripContents, TripIdParams } from '../../shared/schemas/trip.js';
import { defineRoute } from '../http/route.js';
import { CopyTemplate, buildCopyTemplate } from './copy.js';
import { loadTripDoc } from './trip-db.js';
import { tripsOrganizedBy } from './trip-index.js';
import { presentSummary, presentTrip, TripSummary } from './trips.presenter.js';
import { createTrip, patchTrip, removeTrip, tripContents } from './trips.service.js';

const tags = ['Trips'];

export const tripRoutes = [
  defineRoute({
    method: 'post',
    path: '/trips',
    auth: 'dashboard',
    summary: 'Create a trip, optionally as a copy of another',
    description:
      'With `copyFromTripId` the source trip\'s settings, players, teams and round templates are copied (no scores, no money, no pairings); ' +
      'fields given here override the copied settings and round dates keep their offset from the start date. `include` leaves parts out.',
    tags,
    body: CreateTripBody,
    responses: { 201: { description: 'The trip', schema: Trip } },
    errors: ['copy_source_not_found'],
    handler: async ({ auth, body, deps }) => {
      const trip = await createTrip(deps, auth, body);
      return { status: 201, headers: { Location: `/trips/${trip.id}` }, body: presentTrip(trip) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips',
    auth: 'dashboard',
    summary: 'List the trips the caller owns or co-organizes',
    description: 'Newest start date first; `limit` (1–200, default 50) and `offset` page through them.',
    tags,
    query: PageQuery,
    responses: { 200: { description: 'A page of trips', schema: Page(TripSummary) } },
    handler: async ({ auth, query, deps }) => {
      const all = await tripsOrganizedBy(deps, auth);
      const items = all.slice(query.offset, query.offset + query.limit).map((t) => presentSummary(t, auth.sub));
      return { body: { items, total: all.length, limit: query.limit, offset: query.offset } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/copyable',
    auth: 'dashboard',
    summary: 'Trips the caller may copy',
    description: 'Every finished-creating trip the caller organizes, with its player and round counts.',
    tags,
    responses: {
      200: {
        description: 'Copyable trips',
        schema: z.object({ items: z.array(TripSummary.extend({ playerCount: z.number().int(), roundCount: z.number().int() })) }),
      },
    },
    handler: async ({ auth, deps }) => {
      const trips = (await tripsOrganizedBy(deps, auth)).filter((t) => t.status === 'active');
      const items = await Promise.all(
        trips.map(async (t) => {
          const db = deps.store.trip(t.tripId);
          const [players, rounds] = await Promise.all([
            db.allDocs({ startKey: 'player:', endKey: 'player:\ufff0' }),
            db.allDocs({ startKey: 'round:', endKey: 'round:\ufff0' }),
          ]);
          return { ...presentSummary(t, auth.sub), playerCount: players.rows.length, roundCount: rounds.rows.length };
        }),
      );
      return { body: { items } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Read a trip',
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'The trip', schema: Trip } },
    errors: ['trip_not_ready'],
    handler: async ({ trip, deps }) => ({ body: presentTrip((await loadTripDoc(deps, trip)).trip) }),
  }),
  defineRoute({
    method: 'patch',
    path: '/trips/:tripId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Change a trip's settings",
    description: 'Null removes destination or description. Dates are checked against each other after the change.',
    tags,
    params: TripIdParams,
    body: PatchTripBody,
    responses: { 200: { description: 'The trip', schema: Trip } },
    errors: ['trip_not_ready'],
    handler: async ({ trip, body, deps }) => {
      await loadTripDoc(deps, trip);
      return { body: presentTrip(await patchTrip(deps, trip, body)) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/trips/:tripId',
    auth: 'dashboard',
    trip: 'owner',
    summary: 'Delete a trip and everything in it',
    description: 'Owner only. Removes the trip database and its index entry; the trip then answers 404.',
    tags,
    params: TripIdParams,
    responses: { 204: { description: 'Deleted' } },
    handler: async ({ trip, deps }) => {
      await removeTrip(deps, trip.tripId);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/contents',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'How many records of each kind the trip holds',
    description:
      'Players, rounds, per-hole scores, expenses, receipts, settlements, wagers, reports, activities, competitions, travel bookings and ' +
      'co-organizers: what `DELETE /trips/:tripId` would remove, so a confirmation can name it.',
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'The counts', schema: TripContents } },
    errors: ['trip_not_ready'],
    handler: async ({ trip, deps }) => {
      await loadTripDoc(deps, trip);
      return { headers: { 'Cache-Control': 'no-store' }, body: await tripContents(deps, trip) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/copy',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'A copy template of the trip',
    description: 'Settings, players, teams and round templates with courses: what POST /trips with copyFromTripId copies.',
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'The template', schema: CopyTemplate } },
    errors: ['trip_not_ready'],
    handler: async ({ trip, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: await buildCopyTemplate(db, trip.tripId) };
    },
  }),
];
