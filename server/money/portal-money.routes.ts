import { z } from 'zod';
import { Expense, ExpenseParams, NetRow, PortalCreateExpenseBody, Settlement, SettlementParams } from '../../shared/schemas/money.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { PageOf, pageFields, paginate } from '../http/paginate.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { AppError } from '../http/errors.js';
import { portalTripAccess } from '../portal/session.js';
import type { Database } from '../store/docstore.js';
import { StoreConflictError } from '../store/docstore.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import { balancesOf, createExpense, expenseDocId, listExpenses, presentExpense, type StoredExpense } from './expenses.service.js';
import { expenseKey } from './expenses.routes.js';
import { advanceSettlement, listSettlements, netsOf, presentSettlement } from './settlements.service.js';

const tags = ['Portal', 'Money'];
const PORTAL_ERRORS = ['forbidden', 'trip_not_found', 'player_not_found'] as const;

export const portalMoneyRoutes: RouteSpec[] = [
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/expenses',
    auth: 'portal',
    summary: "The trip's expenses",
    description:
      'Every expense of the trip (what the group spent is the group\'s to see), with `mine`: the ones I paid or share in. By date, then by when recorded (then id), `limit` at a time; follow `nextCursor` for the next page.',
    tags,
    params: TripIdParams,
    query: z.strictObject({ mine: z.enum(['true', 'false']).optional(), ...pageFields }),
    responses: { 200: { description: 'A page of expenses', schema: PageOf(Expense) } },
    errors: [...PORTAL_ERRORS],
    handler: async ({ auth, params, query, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const db = deps.store.trip(a.tripId);
      const all = await listExpenses(db);
      const items = query.mine === 'true' ? all.filter((e) => e.payerId === a.playerId || e.participants.some((p) => p.playerId === a.playerId)) : all;
      const page = paginate(items, expenseKey, query);
      return { body: { items: page.items.map((e) => presentExpense(a.tripId, a.trip, e)), nextCursor: page.nextCursor } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trip-portal/trips/:tripId/expenses',
    auth: 'portal',
    summary: 'Add an expense I paid',
    description:
      'Same body and rules as the dashboard\'s `POST /trips/:tripId/expenses` without `payerId`: the payer is me. A receipt I uploaded with ' +
      '`POST /trip-portal/trips/:tripId/receipts/upload` may be attached.',
    tags,
    params: TripIdParams,
    body: PortalCreateExpenseBody,
    responses: { 201: { description: 'The expense', schema: Expense } },
    errors: [...PORTAL_ERRORS, 'unknown_player', 'unprocessable', 'conflict'],
    handler: async ({ auth, params, body, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const db = deps.store.trip(a.tripId);
      const doc = await createExpense(deps, db, a.trip, { ...body, payerId: a.playerId }, { kind: 'player', id: a.playerId });
      return { status: 201, body: presentExpense(a.tripId, a.trip, doc) };
    },
  }),
  defineRoute({
    method: 'put',
    path: '/trip-portal/trips/:tripId/expenses/:expenseId',
    auth: 'portal',
    summary: 'Add an expense I paid, under an id my phone chose (safe to retry)',
    description:
      'For a phone that queues expenses while offline: the same body and rules as `POST /trip-portal/trips/:tripId/expenses`, stored as ' +
      '`expense:<expenseId>`. 201 when it is new. Sent again with the same content (an answer lost on the way), 200 with the expense as stored ' +
      'and nothing booked twice. 409 `conflict` when that id is taken by another expense or by different content.',
    tags,
    params: ExpenseParams,
    body: PortalCreateExpenseBody,
    responses: { 201: { description: 'The expense, created', schema: Expense }, 200: { description: 'The expense, stored before with this content', schema: Expense } },
    errors: [...PORTAL_ERRORS, 'unknown_player', 'unprocessable', 'conflict'],
    handler: async ({ auth, params, body, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const db = deps.store.trip(a.tripId);
      const before = await sameExpense(db, a.trip, params.expenseId, a.playerId, body);
      if (before) return { status: 200, body: presentExpense(a.tripId, a.trip, before) };
      try {
        const doc = await createExpense(deps, db, a.trip, { ...body, payerId: a.playerId }, { kind: 'player', id: a.playerId }, params.expenseId);
        return { status: 201, body: presentExpense(a.tripId, a.trip, doc) };
      } catch (err) {
        if (!(err instanceof StoreConflictError)) throw err;
        // Two copies of the same request at once: the one that lost answers like a retry.
        const raced = await sameExpense(db, a.trip, params.expenseId, a.playerId, body);
        if (raced) return { status: 200, body: presentExpense(a.tripId, a.trip, raced) };
        throw new AppError('conflict', `expense ${params.expenseId} exists with other content`);
      }
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/balance',
    auth: 'portal',
    summary: 'My balance: what I paid and owe for expenses, and my net with everything counted',
    description:
      '`expenses`: my paid, share and net of the expenses. `overall`: my net from expenses, side games of completed rounds, settled wagers, the ' +
      'applied pot and settlements already paid, as in the unified settlement. Positive: I am owed money. In the trip currency.',
    tags,
    params: TripIdParams,
    responses: {
      200: {
        description: 'My balance',
        schema: z.object({
          currency: z.string(),
          expenses: z.object({ paidCents: z.number().int(), shareCents: z.number().int(), netCents: z.number().int() }),
          overall: NetRow,
        }),
      },
    },
    errors: [...PORTAL_ERRORS],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const db = deps.store.trip(a.tripId);
      const [{ balances }, nets] = await Promise.all([balancesOf(db), netsOf(db, a.tripId, 'unified')]);
      const mine = balances.find((b) => b.playerId === a.playerId) ?? { paidCents: 0, shareCents: 0, netCents: 0 };
      const overall = nets.find((n) => n.playerId === a.playerId)!;
      return { body: { currency: a.trip.currency, expenses: { paidCents: mine.paidCents, shareCents: mine.shareCents, netCents: mine.netCents }, overall } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/trips/:tripId/settlements',
    auth: 'portal',
    summary: 'The stored settlements with their status',
    description: 'All of the trip\'s, or with `mine=true` only those I pay or receive.',
    tags,
    params: TripIdParams,
    query: z.strictObject({ mine: z.enum(['true', 'false']).optional() }),
    responses: { 200: { description: 'Settlements', schema: z.object({ items: z.array(Settlement) }) } },
    errors: [...PORTAL_ERRORS],
    handler: async ({ auth, params, query, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const all = await listSettlements(deps.store.trip(a.tripId));
      const items = query.mine === 'true' ? all.filter((s) => s.fromPlayerId === a.playerId || s.toPlayerId === a.playerId) : all;
      return { body: { items: items.map((s) => presentSettlement(a.tripId, s)) } };
    },
  }),
  advanceRoute('paid', 'Say I paid this settlement', 'Only its payer (403 otherwise); pending → paid, once (409 `settlement_state_conflict` after).'),
  advanceRoute('confirm', 'Confirm I received the money of this settlement', 'Only its payee (403 otherwise); pending or paid → confirmed, once (409 `settlement_state_conflict` after).'),
];

/** `POST …/settlements/:settlementId/paid` (the payer) and `…/confirm` (the payee). */
function advanceRoute(action: 'paid' | 'confirm', summary: string, description: string) {
  return defineRoute({
    method: 'post',
    path: `/trip-portal/trips/:tripId/settlements/:settlementId/${action}`,
    auth: 'portal',
    summary,
    description,
    tags,
    params: SettlementParams,
    responses: { 200: { description: 'The settlement', schema: Settlement } },
    errors: [...PORTAL_ERRORS, 'not_found', 'settlement_state_conflict'],
    handler: async ({ auth, params, deps }) => {
      const a = await portalTripAccess(deps, auth, params.tripId);
      const to = action === 'paid' ? 'paid' : 'confirmed';
      const s = await advanceSettlement(deps, deps.store.trip(a.tripId), params.settlementId, to, { kind: 'player', id: a.playerId, playerId: a.playerId });
      return { body: presentSettlement(a.tripId, s) };
    },
  });
}

/**
 * The stored expense under `expenseId` when it is this request already stored (payer me, same content), undefined
 * when there is none; 409 when the id holds something else.
 */
async function sameExpense(db: Database, trip: TripDoc, expenseId: string, playerId: string, body: PortalCreateExpenseBody): Promise<StoredExpense | undefined> {
  const doc = await db.get<StoredExpense>(expenseDocId(expenseId));
  if (!doc) return undefined;
  const same =
    doc.type === 'expense' &&
    doc.payerId === playerId &&
    doc.amountCents === body.amountCents &&
    doc.currency === (body.currency ?? trip.currency) &&
    doc.category === body.category &&
    doc.date === body.date &&
    doc.description === body.description &&
    (doc.receiptId ?? null) === (body.receiptId ?? null) &&
    JSON.stringify(doc.split) === JSON.stringify(body.split);
  if (!same) throw new AppError('conflict', `expense ${expenseId} exists with other content`, [{ path: ['params', 'expenseId'], message: 'taken' }]);
  return doc;
}
