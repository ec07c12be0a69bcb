import { z } from 'zod';
import { Id } from '../../shared/schemas/common.js';
import { Settlement, SettlementParams } from '../../shared/schemas/money.js';
import { PaymentLink, PaymentPreferences } from '../../shared/schemas/payments.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { AppError } from '../http/errors.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { portalTripAccess } from '../portal/session.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { getPreferences, putPreferences, settlementLinks } from './payments.service.js';
import { advanceSettlement, presentSettlement } from './settlements.service.js';

const tags = ['Settlement payments'];
const PlayerParams = z.strictObject({ tripId: Id, playerId: Id });
const LinksResponse = z.object({ settlement: Settlement, memo: z.string(), links: z.array(PaymentLink) });
const LINKS_RULE =
  'Built from the payee\'s payment preferences: Venmo (USD), PayPal.me, Cash App (USD, GBP) links carry the amount and a memo; Zelle and cash ' +
  'come with instructions and no link. The payee\'s preferred method first. Empty when the payee gave no preferences.';
const PORTAL_ERRORS = ['forbidden', 'trip_not_found', 'player_not_found'] as const;

export const paymentRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/players/:playerId/payment-preferences',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "A player's payment preferences",
    tags,
    params: PlayerParams,
    responses: { 200: { description: 'The preferences ({} when none were given)', schema: PaymentPreferences } },
    errors: ['player_not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: await getPreferences(db, params.playerId) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/trips/:tripId/players/:playerId/payment-preferences',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Set a player's payment preferences",
    description: 'Replaces them: methods left out are removed. Venmo username, PayPal.me name, Cash App $cashtag (without $), Zelle email or phone, cash, and the preferred method.',
    tags,
    params: PlayerParams,
    body: PaymentPreferences,
    responses: { 200: { description: 'The preferences', schema: PaymentPreferences } },
    errors: ['player_not_found'],
    handler: async ({ trip, params, body, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: await putPreferences(deps, db, params.playerId, body) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/settlements/:settlementId/payment-links',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'How the payer can pay this settlement: links with the amount and a memo',
    description: LINKS_RULE,
    tags,
    params: SettlementParams,
    responses: { 200: { description: 'The settlement and its payment links', schema: LinksResponse } },
    errors: ['not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      const r = await settlementLinks(db, tripDoc, params.settlementId);
      return { body: { ...r, settlement: presentSettlement(trip.tripId, r.settlement) } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/settlements/:settlementId/mark-paid',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Mark a settlement paid on the payer\'s behalf',
    description: 'pending → paid, once (409 `settlement_state_conflict` after). The payee (or an organizer, with `…/complete`) confirms the money arrived.',
    tags,
    params: SettlementParams,
    responses: { 200: { description: 'The settlement', schema: Settlement } },
    errors: ['not_found', 'settlement_state_conflict'],
    handler: async ({ trip, params, auth, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      return { body: presentSettlement(trip.tripId, await advanceSettlement(deps, db, params.settlementId, 'paid', { kind: 'organizer', id: auth.sub })) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/payment-preferences',
    auth: 'portal',
    summary: 'My payment preferences',
    tags: ['Portal', ...tags],
    params: TripIdParams,
    responses: { 200: { description: 'My preferences ({} when none)', schema: PaymentPreferences } },
    errors: [...PORTAL_ERRORS],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      return { body: await getPreferences(deps.store.trip(a.tripId), a.playerId) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/trip-portal/trips/:tripId/payment-preferences',
    auth: 'portal',
    summary: 'Set my payment preferences',
    description: 'Replaces them: methods left out are removed. Payers see them as payment links.',
    tags: ['Portal', ...tags],
    params: TripIdParams,
    body: PaymentPreferences,
    responses: { 200: { description: 'My preferences', schema: PaymentPreferences } },
    errors: [...PORTAL_ERRORS],
    handler: async ({ auth, params, body, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      return { body: await putPreferences(deps, deps.store.trip(a.tripId), a.playerId, body) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/settlements/:settlementId/payment-links',
    auth: 'portal',
    summary: 'How I pay this settlement',
    description: `Only for its payer or payee (403 otherwise). ${LINKS_RULE}`,
    tags: ['Portal', ...tags],
    params: SettlementParams,
    responses: { 200: { description: 'The settlement and its payment links', schema: LinksResponse } },
    errors: [...PORTAL_ERRORS, 'not_found'],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const r = await settlementLinks(deps.store.trip(a.tripId), a.trip, params.settlementId);
      if (r.settlement.fromPlayerId !== a.playerId && r.settlement.toPlayerId !== a.playerId) throw new AppError('forbidden', 'only the payer and the payee see how a settlement is paid');
      return { body: { ...r, settlement: presentSettlement(a.tripId, r.settlement) } };
    },
  }),
];
