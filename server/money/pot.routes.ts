import { PatchPotBody, Pot } from '../../shared/schemas/pot.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { applyPot, getPot, patchPot, presentPot } from './pot.service.js';

const tags = ['Tournament pot'];
const POT_RULE =
  'Money is in cents of the trip currency. Every participant pays `entryCents`; `totalCents` = entryCents × participants. Payouts go by ' +
  'place: `percentages` mode takes {place, percent} rows (up to 2 decimals, adding up to exactly 100; the cents that do not divide go by ' +
  'largest remainder, ties to the better place), `amounts` mode takes {place, cents} rows that must add up to the total when applied. ' +
  'Places are unique and consecutive from 1.';

export const potRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/tournament-pot',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "The trip's tournament pot: configuration, total and applied result",
    description:
      `Never configured: the defaults (\`configured: false\`, entry 0, every player of the trip, no payouts, no competition). ${POT_RULE} ` +
      '`applied` is the last result of `apply` (null before, or after a change): its participants are those it was applied with.',
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'The pot', schema: Pot } },
    handler: async ({ trip, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      return { body: await presentPot(db, trip.tripId, tripDoc, await getPot(db, trip.tripId)) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/trips/:tripId/tournament-pot',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Configure the tournament pot',
    description:
      `Any field. \`participants\`: player ids of the trip (422 \`unknown_player\`), or null for every player of the trip (the default, which ` +
      'follows players added later). Changing `payoutMode` needs payouts of the new kind (400 otherwise). `competitionId`: a competition of the trip (422 if unknown), or null. ' +
      `${POT_RULE} Any change clears an applied result (\`applied\` becomes null): apply again to pay out by the new terms. A participant ` +
      'of a configured pot cannot be deleted from the trip (409 `player_has_money_entries`) until taken out of the pot.',
    tags,
    params: TripIdParams,
    body: PatchPotBody,
    responses: { 200: { description: 'The pot', schema: Pot } },
    errors: ['unknown_player', 'unprocessable', 'conflict'],
    handler: async ({ trip, body, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      return { body: await presentPot(db, trip.tripId, tripDoc, await patchPot(deps, db, trip.tripId, body)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/tournament-pot/apply',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Pay the pot out by the competition's final standings",
    description:
      'Needs a competition, payouts and an entry above 0 (409 `pot_not_ready` otherwise) and final standings: every round of the competition ' +
      'completed (409 `pot_not_ready`). A team match competition has no player standings (422). Participants are ranked in the standings\' ' +
      'order; one without a score is not ranked and gets nothing. Tied players share the payouts of every place they occupy together, split ' +
      'evenly in standing order (the odd cent to the one listed first). In amounts mode the payouts must add up to the total, and there must ' +
      'be at least as many ranked participants as paid places (422 otherwise). The result is stored in the pot and replaces an earlier one: ' +
      'applying twice gives one result. It counts in the unified and per-organizer settlements: each participant −entryCents, each payee ' +
      `+payout. ${POT_RULE}`,
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'The pot with its applied result', schema: Pot } },
    errors: ['pot_not_ready', 'unprocessable', 'conflict'],
    handler: async ({ trip, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      return { body: await presentPot(db, trip.tripId, tripDoc, await applyPot(deps, db, trip.tripId)) };
    },
  }),
];
