import { z } from 'zod';
import { OrganizerSettlementParams, PersistedPlan, Settlement, SettlementListQuery, SettlementParams, SettlementPlan } from '../../shared/schemas/money.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { advanceSettlement, computePlan, listSettlements, persistPlan, presentSettlement, type Plan } from './settlements.service.js';

const tags = ['Settlements'];
const MIN_TRANSFERS =
  'The plan uses the fewest transfers possible (exact for up to 20 players with a non-zero net, a heuristic beyond that that never does worse than ' +
  'the classic greedy), the same plan for the same balances. Money already moved through settlements marked paid or confirmed is taken off first.';
const PERSIST_RULE =
  'Idempotent: when the pending settlements already are this plan nothing changes (`unchanged: true`, 200). Otherwise the pending settlements ' +
  '(of any plan) are replaced by this plan\'s (201): a pending settlement whose transfer (payer, payee, cents, currency) the plan still asks for ' +
  'keeps its id and state under this plan (`keptPending`), the others are removed (`removedPending`) and new transfers get new ids. Paid and ' +
  'confirmed settlements are never rewritten.';

const presentPlan = (p: Plan) => ({ ...p, nets: p.nets });
const persisted = (tripId: string, r: Awaited<ReturnType<typeof persistPlan>>) => ({
  status: r.unchanged ? 200 : 201,
  body: { planId: r.planId, unchanged: r.unchanged, removedPending: r.removedPending, keptPending: r.keptPending, items: r.items.map((s) => presentSettlement(tripId, s)) },
});
const persistedResponses = {
  200: { description: 'The plan was already stored', schema: PersistedPlan },
  201: { description: 'The plan replaced the pending settlements', schema: PersistedPlan },
};

export const settlementRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/settlements/generate',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Store the plain settlement plan: who pays whom to settle the expenses',
    description: `From the expense balances only. ${MIN_TRANSFERS} ${PERSIST_RULE}`,
    tags,
    params: TripIdParams,
    responses: persistedResponses,
    errors: ['conflict'],
    handler: async ({ trip, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      return persisted(trip.tripId, await persistPlan(deps, db, { ...tripDoc, id: trip.tripId }, 'plain'));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/settlements',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'The stored settlements, with their status',
    description: 'Filters: `kind`, `status` (pending, paid, confirmed), `playerId` (pays or receives).',
    tags,
    params: TripIdParams,
    query: SettlementListQuery,
    responses: { 200: { description: 'Settlements, oldest first', schema: z.object({ items: z.array(Settlement) }) } },
    handler: async ({ trip, query, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      const items = (await listSettlements(db)).filter(
        (s) => (!query.kind || s.kind === query.kind) && (!query.status || s.status === query.status) && (!query.playerId || s.fromPlayerId === query.playerId || s.toPlayerId === query.playerId),
      );
      return { body: { items: items.map((s) => presentSettlement(trip.tripId, s)) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/settlements/unified',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'One net per player from expenses, side games, wagers and the pot, and one plan to settle it',
    description: `Side games count once their round is completed; wagers once settled; the pot once applied. Not stored: see \`…/unified/persist\`. ${MIN_TRANSFERS}`,
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'Nets by source and the transfers', schema: SettlementPlan } },
    handler: async ({ trip, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      return { body: presentPlan(await computePlan(db, { ...tripDoc, id: trip.tripId }, 'unified')) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/settlements/unified/persist',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Store the unified plan as settlements',
    description: PERSIST_RULE,
    tags,
    params: TripIdParams,
    responses: persistedResponses,
    errors: ['conflict'],
    handler: async ({ trip, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      return persisted(trip.tripId, await persistPlan(deps, db, { ...tripDoc, id: trip.tripId }, 'unified'));
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/settlements/organizer/:organizerPlayerId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Everyone settles with one organizer: the plan',
    description:
      'From the unified nets: every player who owes pays the organizer, the organizer pays every player who is owed. The player must be an organizer of the trip (422). Not stored: see `…/persist`.',
    tags,
    params: OrganizerSettlementParams,
    responses: { 200: { description: 'Nets and the transfers', schema: SettlementPlan } },
    errors: ['player_not_found', 'unprocessable'],
    handler: async ({ trip, params, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      return { body: presentPlan(await computePlan(db, { ...tripDoc, id: trip.tripId }, 'organizer', params.organizerPlayerId)) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/settlements/organizer/:organizerPlayerId/persist',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Store the per-organizer plan as settlements',
    description: PERSIST_RULE,
    tags,
    params: OrganizerSettlementParams,
    responses: persistedResponses,
    errors: ['player_not_found', 'unprocessable', 'conflict'],
    handler: async ({ trip, params, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      return persisted(trip.tripId, await persistPlan(deps, db, { ...tripDoc, id: trip.tripId }, 'organizer', params.organizerPlayerId));
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/trips/:tripId/settlements/:settlementId/complete',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Mark a settlement complete: the money arrived',
    description: 'Moves a pending or paid settlement to `confirmed`, by the organizer. Once only: a confirmed settlement answers 409 `settlement_state_conflict`.',
    tags,
    params: SettlementParams,
    responses: { 200: { description: 'The settlement', schema: Settlement } },
    errors: ['not_found', 'settlement_state_conflict'],
    handler: async ({ trip, params, auth, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: presentSettlement(trip.tripId, await advanceSettlement(deps, db, params.settlementId, 'confirmed', { kind: 'organizer', id: auth.sub })) };
    },
  }),
];
