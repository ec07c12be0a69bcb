import { z } from 'zod';
import { ActivitiesByDate, Activity, ActivityExpenseBody, ActivityList, ActivityParams, ActivityPlayerParams, ActivityStats, CreateActivityBody, PatchActivityBody, RsvpBody } from '../../shared/schemas/activity.js';
import { Expense } from '../../shared/schemas/money.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { nextCursorField, PageQuery, paginate } from '../http/paginate.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { listPlayers } from '../players/players.service.js';
import { portalTripAccess } from '../portal/session.js';
import { actingFor, tripRoutePairs, PORTAL_TRIP_ERRORS } from '../http/trip-routes.js';
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
const one = (description: string) => ({ 200: { description, schema: Activity } });
const list = { 200: { description: 'A page of the trip\'s activities in order of start', schema: ActivityList.extend({ nextCursor: nextCursorField }) } };
const days = { 200: { description: 'The activities grouped by their day in the trip\'s time zone, days in order', schema: ActivitiesByDate } };
const ActivityWithExpense = z.object({ activity: Activity, expense: Expense });
const STATS =
  'Per activity: yes, no, maybe and unanswered among the trip\'s players, fill (yes ÷ capacity) and total cost (cost per person × yes). ' +
  'Totals: yes, attendance (yes ÷ (players × activities)) and cost. Per player: yes, maybe and what their yeses cost.';
const stats = { 200: { description: 'The stats', schema: ActivityStats } };
const BY_ID =
  'Organizers answer for anyone (an unknown player is 404 `player_not_found`); on the portal a player answers for themselves, and naming ' +
  'another player is 403 `forbidden` unless their role on the trip is organizer.';
const pair = tripRoutePairs(tags);
const playerIdsOf = async (db: Parameters<typeof listPlayers>[0]) => (await listPlayers(db)).map((p) => p.id);

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
  ...pair({
    method: 'get',
    path: 'activities',
    summary: "The trip's activities",
    description: 'In order of start (then name and id), `limit` at a time; follow `nextCursor` for the next page.',
    params: TripIdParams,
    query: PageQuery,
    responses: list,
    handler: async ({ db, tripId, query }) => {
      const page = paginate(await presentAll(db, tripId), (a) => [a.start, a.name, a.id], query);
      return { body: { items: page.items, nextCursor: page.nextCursor } };
    },
  }),
  ...pair({
    method: 'get',
    path: 'activities/by-date',
    summary: 'Activities grouped by day',
    params: TripIdParams,
    responses: days,
    handler: async ({ db, tripId }) => ({ body: await byDate(db, tripId) }),
  }),
  ...pair({
    method: 'get',
    path: 'activities/stats',
    summary: 'Attendance and cost of the activities',
    description: STATS,
    params: TripIdParams,
    responses: stats,
    handler: async ({ db }) => ({ body: await statsOf(db) }),
  }),
  ...pair({
    method: 'get',
    path: 'activities/:activityId',
    summary: 'One activity with its RSVPs',
    params: ActivityParams,
    responses: one('The activity'),
    errors: ['not_found'],
    handler: async ({ db, tripId, params }) => ({ body: presentActivity(tripId, await getActivity(db, params.activityId), await playerIdsOf(db)) }),
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
  ...pair({
    method: 'put',
    path: 'activities/:activityId/rsvps/:playerId',
    summary: "Set a player's RSVP",
    description: `${RSVP_RULE} ${BY_ID}`,
    params: ActivityPlayerParams,
    body: RsvpBody,
    responses: one('The activity with the RSVP'),
    errors: ['not_found', 'player_not_found', 'activity_full'],
    handler: async ({ deps, db, tripId, actor, params, body }) => {
      const { doc, playerIds } = await setRsvp(deps, db, params.activityId, actingFor(actor, params.playerId), body.response);
      return { body: presentActivity(tripId, doc, playerIds) };
    },
  }),
  ...pair({
    method: 'delete',
    path: 'activities/:activityId/rsvps/:playerId',
    summary: "Remove a player's RSVP (back to not answered)",
    description: BY_ID,
    params: ActivityPlayerParams,
    responses: one('The activity without the RSVP'),
    errors: ['not_found', 'player_not_found'],
    handler: async ({ deps, db, tripId, actor, params }) => {
      const { doc, playerIds } = await setRsvp(deps, db, params.activityId, actingFor(actor, params.playerId), null);
      return { body: presentActivity(tripId, doc, playerIds) };
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
    method: 'put',
    path: '/trip-portal/trips/:tripId/activities/:activityId/rsvp',
    auth: 'portal',
    summary: 'My RSVP',
    description: RSVP_RULE,
    tags: ['Portal', ...tags],
    params: ActivityParams,
    body: RsvpBody,
    responses: one('The activity with my RSVP'),
    errors: [...PORTAL_TRIP_ERRORS, 'not_found', 'activity_full'],
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
    errors: [...PORTAL_TRIP_ERRORS, 'not_found'],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const { doc, playerIds } = await setRsvp(deps, deps.store.trip(a.tripId), params.activityId, a.playerId, null);
      return { body: presentActivity(a.tripId, doc, playerIds) };
    },
  }),
];
