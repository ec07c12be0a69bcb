import { PlayerLinkInfo } from '../../shared/schemas/portal.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { PageOf, PageQuery, paginate } from '../http/paginate.js';
import { defineRoute } from '../http/route.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { playerLinks } from './links.service.js';

/**
 * The Links view of a trip in one request: each player with their link's state, when it was opened and when their
 * phone was last heard from. Listed beside the token routes (`portalTokenRoutes`), which the app registers.
 */
export const portalLinkRoutes = [
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/portal-links',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Each player's portal link: working or not, opened, phone last heard from",
    description:
      'One item per player, in the order of `GET /trips/:tripId/players`, `limit` at a time (follow `nextCursor`). No secrets: a link is shown ' +
      'only when it is issued. `openedAt` is the first time any of the player\'s links was exchanged for a session; `lastSeenAt` the last ' +
      'request of their phone (replication or the portal\'s API), recorded at most once a minute per player, so another server of a CouchDB ' +
      'deployment may show it up to a minute late.',
    tags: ['Portal tokens'],
    params: TripIdParams,
    query: PageQuery,
    responses: { 200: { description: 'A page of players with their link', schema: PageOf(PlayerLinkInfo) } },
    handler: async ({ trip, query, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const rows = await playerLinks(deps, trip, db);
      const page = paginate(rows, (r) => [r.createdAt, r.item.playerName, r.item.playerId], query);
      return { body: { items: page.items.map((r) => r.item), nextCursor: page.nextCursor } };
    },
  }),
];
