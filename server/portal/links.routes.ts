import { PlayerLinkInfo, ShowLinksBody, ShownLinks } from '../../shared/schemas/portal.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { PageOf, PageQuery, paginate } from '../http/paginate.js';
import { defineRoute } from '../http/route.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { publicBase } from '../http/origin.js';
import { playerLinks } from './links.service.js';
import { showLinks } from './tokens.service.js';

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
      'One item per player, in the order of `GET /trips/:tripId/players`, `limit` at a time (follow `nextCursor`). No secrets (the links ' +
      'themselves are shown by `POST /trips/:tripId/portal-links/show`). `openedAt` is the first time any of the player\'s links was exchanged for a session; `lastSeenAt` the last ' +
      'request of their phone (replication or the portal\'s API), recorded at most every 20 s per player, so another server of a CouchDB ' +
      'deployment may show it up to 20 s late.',
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
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/portal-links/show',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Show the players' working links again (organizers), to copy or print",
    description:
      'Each player of the trip (or of `playerIds`) with their newest working link, secret included, to copy into a message or print as a QR code. ' +
      'Showing revokes nothing: the link is the one already handed over (mailed, printed). The secrets are kept sealed (AES-256-GCM, a key derived ' +
      'from the server\'s secret) and only while the link works. With `make`, a player with no working link that can be shown gets a new one (listed in ' +
      '`made`); without it, they are listed in `notShown` (`no_link`, or `not_kept` for a working link made before links were kept to be shown again). ' +
      'For the trip\'s organizers only; answered with `Cache-Control: no-store`.',
    tags: ['Portal tokens'],
    params: TripIdParams,
    body: ShowLinksBody,
    responses: { 200: { description: 'The working links, and who has none to show', schema: ShownLinks } },
    errors: ['player_not_found', 'unprocessable'],
    handler: async ({ trip, auth, body, deps, ctx }) => {
      const shown = await showLinks(deps, trip, auth.sub, { make: body.make, ...(body.playerIds ? { playerIds: body.playerIds } : {}) }, publicBase(deps, ctx));
      return { headers: { 'Cache-Control': 'no-store' }, body: shown };
    },
  }),
];
