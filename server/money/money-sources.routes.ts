import { MoneySources, MoneySourcesQuery } from '../../shared/schemas/money-sources.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { moneySources } from './money-sources.service.js';

export const moneySourceRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/money-sources',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Where each player's net comes from, item by item",
    description:
      'For the plan of `kind` (default `unified`; `organizer` counts as `unified`): every expense the player paid or shares in (paid − share, ' +
      'with both), and for `unified` and `organizer` each side game of a completed round, each settled wager, the pot\'s entry and payout once ' +
      'applied; in every kind each settlement already paid or confirmed. A player\'s items add up to `netCents`, which is their net in ' +
      '`GET …/settlements/unified` (or the plain plan\'s for `plain`). Cents of the trip currency; positive: is owed money.',
    tags: ['Settlements'],
    params: TripIdParams,
    query: MoneySourcesQuery,
    responses: { 200: { description: 'Every player with the items of their net', schema: MoneySources } },
    handler: async ({ trip, query, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      return { body: await moneySources(db, { ...tripDoc, id: trip.tripId }, query.kind) };
    },
  }),
];
