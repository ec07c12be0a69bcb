import { z } from 'zod';
import { ActivitiesByDate, Activity, ActivityExpenseBody, ActivityList, ActivityParams, ActivityPlayerParams, ActivityStats, CreateActivityBody, PatchActivityBody, RsvpBody } from '../../shared/schemas/activity.js';
import { Expense } from '../../shared/schemas/money.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { listPlayers } from '../players/players.service.js';
import { portalTripAccess, type PortalTripAccess } from '../portal/session.js';
import { actingFor } from '../travel/travel.access.js';
import { loadTripDoc } from '../trips/trip-db.js';
import {
  activityExpense,
  byDate,
  createActivity,
  deleteActivity,
  getActivity,
  patchActivity,
  presentActivity,
  presentAll,
  setRsvp,
  statsOf,
} from './activities.service.js';

const tags = ['Activities'];
const RULES =
  '`start` and `end` are local date-times in the trip\'s time zone (`YYYY-MM-DDTHH:MM`); the day of `start` is the activity\'s day and must be ' +
  'a day of the trip (422). `end` after `start` (400). `capacity` caps the players who say yes; `costPerPersonCents` is integer cents in the trip currency.';
const RSVP_RULE =
  'yes, no or maybe; only yes takes a place. A yes past the capacity is 409 `activity_full` (checked and written in one optimistic write, so ' +
  'concurrent yeses never pass it); a player who already said yes keeps their place.';
const portalErrors = ['forbidden', 'trip_not_found', 'player_not_found', 'token_revoked'] as const;
const one = (description: string) => ({ 200: { description, schema: Activity } });
const list = { 200: { description: 'The trip\'s activities in order of start', schema: ActivityList } };
const days = { 200: { description: 'The activities grouped by their day in the trip\'s time zone, days in order', schema: ActivitiesByDate } };
const ActivityWithExpense = z.object({ activity: Activity, expense: Expense });
const STATS =
  'Per activity: yes, no, maybe and unanswered among the trip\'s players, fill (yes ÷ capacity) and total cost (cost per person × yes). ' +
  'Totals: yes, attendance (yes ÷ (players × activities)) and cost. Per player: yes, maybe and what their yeses cost.';
const stats = { 200: { description: 'The stats', schema: ActivityStats } };
const PORTAL_RSVP_RULE = `${RSVP_RULE} A player answers for themselves; naming another player is 403 \`forbidden\` unless their role on the trip is organizer.`;

/** The player a portal request may answer for: the one named when it is the session's own, or anyone for a player-organizer. */
const portalActsFor = (a: PortalTripAccess, playerId: string) => actingFor({ kind: 'player', playerId: a.playerId, organizer: a.player.role === 'organizer' }, playerId);

export const activityRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/activities',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Add an activity',
    description: RULES,
    tags,
    params: TripIdParams,
    body: CreateActivityBody,
    responses: { 201: { description: 'The activity', schema: Activity } },
    errors: ['unprocessable'],
    handler: async ({ trip, body, auth, deps }) => {
      const { db, trip: t } = await loadTripDoc(deps, trip);
      const doc = await createActivity(deps, db, t, body, auth.sub);
      const ids = (await listPlayers(db)).map((p) => p.id);
      return { status: 201, headers: { Location: `/trips/${trip.tripId}/activities/${doc.id}` }, body: presentActivity(trip.tripId, doc, ids) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/activities',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "The trip's activities",
    tags,
    params: TripIdParams,
    responses: list,
    handler: async ({ trip, deps }) => ({ body: { items: await presentAll((await loadTripDoc(deps, trip)).db, trip.tripId) } }),
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/activities/by-date',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Activities grouped by day',
    tags,
    params: TripIdParams,
    responses: days,
    handler: async ({ trip, deps }) => ({ body: await byDate((await loadTripDoc(deps, trip)).db, trip.tripId) }),
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/activities/stats',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Attendance and cost of the activities',
    description: STATS,
    tags,
    params: TripIdParams,
    responses: stats,
    handler: async ({ trip, deps }) => ({ body: await statsOf((await loadTripDoc(deps, trip)).db) }),
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/activities/:activityId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'One activity with its RSVPs',
    tags,
    params: ActivityParams,
    responses: one('The activity'),
    errors: ['not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const ids = (await listPlayers(db)).map((p) => p.id);
      return { body: presentActivity(trip.tripId, await getActivity(db, params.activityId), ids) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/trips/:tripId/activities/:activityId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Change an activity',
    description: `${RULES} \`null\` clears an optional field. A capacity below the yeses already given is 409 \`conflict\`.`,
    tags,
    params: ActivityParams,
    body: PatchActivityBody,
    responses: one('The changed activity'),
    errors: ['not_found', 'unprocessable', 'conflict'],
    handler: async ({ trip, params, body, deps }) => {
      const { db, trip: t } = await loadTripDoc(deps, trip);
      const doc = await patchActivity(deps, db, t, params.activityId, body);
      return { body: presentActivity(trip.tripId, doc, (await listPlayers(db)).map((p) => p.id)) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/trips/:tripId/activities/:activityId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Delete an activity',
    description: 'An expense made from it stays (it is money already booked); delete that with the expenses.',
    tags,
    params: ActivityParams,
    responses: { 204: { description: 'Deleted' } },
    errors: ['not_found'],
    handler: async ({ trip, params, deps }) => {
      await deleteActivity((await loadTripDoc(deps, trip)).db, params.activityId);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/trips/:tripId/activities/:activityId/rsvps/:playerId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Set a player's RSVP",
    description: RSVP_RULE,
    tags,
    params: ActivityPlayerParams,
    body: RsvpBody,
    responses: one('The activity with the RSVP'),
    errors: ['not_found', 'player_not_found', 'activity_full'],
    handler: async ({ trip, params, body, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const { doc, playerIds } = await setRsvp(deps, db, params.activityId, params.playerId, body.response);
      return { body: presentActivity(trip.tripId, doc, playerIds) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/trips/:tripId/activities/:activityId/rsvps/:playerId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Remove a player's RSVP (back to not answered)",
    tags,
    params: ActivityPlayerParams,
    responses: one('The activity without the RSVP'),
    errors: ['not_found', 'player_not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const { doc, playerIds } = await setRsvp(deps, db, params.activityId, params.playerId, null);
      return { body: presentActivity(trip.tripId, doc, playerIds) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/activities/:activityId/expense',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Book the activity's cost as an expense",
    description:
      'Cost per person × the players who said yes, paid by `payerId`, split equally among them, category `activities`, on the activity\'s day, ' +
      'in the trip currency. Once per activity (409 `conflict` after). 422 without a cost or with nobody saying yes; 422 `unknown_player` for a payer not on the trip.',
    tags,
    params: ActivityParams,
    body: ActivityExpenseBody,
    responses: { 201: { description: 'The activity (with `expenseId`) and the expense', schema: ActivityWithExpense } },
    errors: ['not_found', 'conflict', 'unprocessable', 'unknown_player'],
    handler: async ({ trip, params, body, auth, deps }) => {
      const { db, trip: t } = await loadTripDoc(deps, trip);
      const { activity, expense } = await activityExpense(deps, db, t, params.activityId, body, auth.sub);
      const ids = (await listPlayers(db)).map((p) => p.id);
      return { status: 201, headers: { Location: `/trips/${trip.tripId}/expenses/${expense.id}` }, body: { activity: presentActivity(trip.tripId, activity, ids), expense } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/activities',
    auth: 'portal',
    summary: "The trip's activities",
    tags: ['Portal', ...tags],
    params: TripIdParams,
    responses: list,
    errors: [...portalErrors],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      return { body: { items: await presentAll(deps.store.trip(a.tripId), a.tripId) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/activities/by-date',
    auth: 'portal',
    summary: 'Activities grouped by day',
    tags: ['Portal', ...tags],
    params: TripIdParams,
    responses: days,
    errors: [...portalErrors],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      return { body: await byDate(deps.store.trip(a.tripId), a.tripId) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/activities/stats',
    auth: 'portal',
    summary: 'Attendance and cost of the activities',
    description: STATS,
    tags: ['Portal', ...tags],
    params: TripIdParams,
    responses: stats,
    errors: [...portalErrors],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      return { body: await statsOf(deps.store.trip(a.tripId)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/activities/:activityId',
    auth: 'portal',
    summary: 'One activity with its RSVPs',
    tags: ['Portal', ...tags],
    params: ActivityParams,
    responses: one('The activity'),
    errors: [...portalErrors, 'not_found'],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const db = deps.store.trip(a.tripId);
      return { body: presentActivity(a.tripId, await getActivity(db, params.activityId), (await listPlayers(db)).map((p) => p.id)) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/trip-portal/trips/:tripId/activities/:activityId/rsvp',
    auth: 'portal',
    summary: 'My RSVP',
    description: RSVP_RULE,
    tags: ['Portal', ...tags],
    params: ActivityParams,
    body: RsvpBody,
    responses: one('The activity with my RSVP'),
    errors: [...portalErrors, 'not_found', 'activity_full'],
    handler: async ({ auth, params, body, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const { doc, playerIds } = await setRsvp(deps, deps.store.trip(a.tripId), params.activityId, a.playerId, body.response);
      return { body: presentActivity(a.tripId, doc, playerIds) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/trip-portal/trips/:tripId/activities/:activityId/rsvp',
    auth: 'portal',
    summary: 'Withdraw my RSVP',
    tags: ['Portal', ...tags],
    params: ActivityParams,
    responses: one('The activity without my RSVP'),
    errors: [...portalErrors, 'not_found'],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const { doc, playerIds } = await setRsvp(deps, deps.store.trip(a.tripId), params.activityId, a.playerId, null);
      return { body: presentActivity(a.tripId, doc, playerIds) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/trip-portal/trips/:tripId/activities/:activityId/rsvps/:playerId',
    auth: 'portal',
    summary: "A player's RSVP (mine, or anyone's for a player-organizer)",
    description: PORTAL_RSVP_RULE,
    tags: ['Portal', ...tags],
    params: ActivityPlayerParams,
    body: RsvpBody,
    responses: one('The activity with the RSVP'),
    errors: [...portalErrors, 'not_found', 'activity_full'],
    handler: async ({ auth, params, body, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const playerId = portalActsFor(a, params.playerId);
      const { doc, playerIds } = await setRsvp(deps, deps.store.trip(a.tripId), params.activityId, playerId, body.response);
      return { body: presentActivity(a.tripId, doc, playerIds) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/trip-portal/trips/:tripId/activities/:activityId/rsvps/:playerId',
    auth: 'portal',
    summary: "Remove a player's RSVP (mine, or anyone's for a player-organizer)",
    description: 'Back to not answered. A player removes only their own; naming another player is 403 `forbidden` unless their role on the trip is organizer.',
    tags: ['Portal', ...tags],
    params: ActivityPlayerParams,
    responses: one('The activity without the RSVP'),
    errors: [...portalErrors, 'not_found'],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const playerId = portalActsFor(a, params.playerId);
      const { doc, playerIds } = await setRsvp(deps, deps.store.trip(a.tripId), params.activityId, playerId, null);
      return { body: presentActivity(a.tripId, doc, playerIds) };
    },
  }),
];
