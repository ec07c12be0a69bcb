import { CreateExpenseBody, Expense, ExpenseBalances, ExpenseListQuery, ExpenseParams, PatchExpenseBody } from '../../shared/schemas/money.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { PageOf, pageFields, paginate } from '../http/paginate.js';
import { defineRoute, type RouteSpec } from '../http/route.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { balancesOf, createExpense, deleteExpense, getExpense, listExpenses, patchExpense, presentExpense } from './expenses.service.js';

const tags = ['Expenses'];
/** The order of expense lists: by date, then by when recorded, then id. */
export const expenseKey = (e: { date: string; createdAt: string; id: string }) => [e.date, e.createdAt, e.id];
const SPLIT_RULE =
  'Splits: `equal` {playerIds}, `exact` {amounts: [{playerId, cents}]} adding up to the amount, `shares` {shares: [{playerId, shares}]}, ' +
  '`percentages` {percentages: [{playerId, percent}]} with up to 2 decimals adding up to exactly 100. Shares always sum exactly to the amount: ' +
  'the cents that do not divide go by largest remainder, ties to the participant listed first. An expense in another currency than the trip\'s ' +
  'needs `exchangeRate` (trip currency per 1 unit, a decimal string); it is converted exactly, rounding half away from zero, and every balance ' +
  'is in the trip\'s currency.';

export const expenseRoutes: RouteSpec[] = [
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/expenses',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Record an expense: who paid, how much, and how it is shared',
    description: `${SPLIT_RULE} The payer and participants must be players of the trip (422 \`unknown_player\`); a receipt must have been uploaded to this trip and not belong to another expense.`,
    tags,
    params: TripIdParams,
    body: CreateExpenseBody,
    responses: { 201: { description: 'The expense with its shares in the trip currency', schema: Expense } },
    errors: ['unknown_player', 'unprocessable', 'conflict'],
    handler: async ({ trip, body, auth, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      const doc = await createExpense(deps, db, tripDoc, body, { kind: 'organizer', id: auth.sub });
      return { status: 201, headers: { Location: `/trips/${trip.tripId}/expenses/${doc.id}` }, body: presentExpense(trip.tripId, tripDoc, doc) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/expenses',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "List the trip's expenses",
    description:
      'By date, then by when they were recorded (then id), `limit` at a time; follow `nextCursor` for the next page. Filters: `payerId`, `playerId` (paid or shares in), `category`.',
    tags,
    params: TripIdParams,
    query: ExpenseListQuery.extend(pageFields),
    responses: { 200: { description: 'A page of expenses', schema: PageOf(Expense) } },
    handler: async ({ trip, query, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      const items = (await listExpenses(db)).filter(
        (e) =>
          (!query.payerId || e.payerId === query.payerId) &&
          (!query.category || e.category === query.category) &&
          (!query.playerId || e.payerId === query.playerId || e.participants.some((p) => p.playerId === query.playerId)),
      );
      const page = paginate(items, expenseKey, query);
      return { body: { items: page.items.map((e) => presentExpense(trip.tripId, tripDoc, e)), nextCursor: page.nextCursor } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/expenses/:expenseId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'One expense',
    tags,
    params: ExpenseParams,
    responses: { 200: { description: 'The expense', schema: Expense } },
    errors: ['not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      return { body: presentExpense(trip.tripId, tripDoc, await getExpense(db, params.expenseId)) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/trips/:tripId/expenses/:expenseId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Change an expense',
    description: `Any field; the shares are computed again. \`receiptId: null\` detaches the receipt (it is kept). ${SPLIT_RULE} Settlements already persisted are not changed: persist a plan again to take the change into account.`,
    tags,
    params: ExpenseParams,
    body: PatchExpenseBody,
    responses: { 200: { description: 'The expense', schema: Expense } },
    errors: ['not_found', 'unknown_player', 'unprocessable', 'conflict'],
    handler: async ({ trip, params, body, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      return { body: presentExpense(trip.tripId, tripDoc, await patchExpense(deps, db, tripDoc, params.expenseId, body)) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/trips/:tripId/expenses/:expenseId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Delete an expense',
    description: 'Its receipt is kept, detached. Settlements already persisted are not changed.',
    tags,
    params: ExpenseParams,
    responses: { 204: { description: 'Deleted' } },
    errors: ['not_found'],
    handler: async ({ trip, params, deps }) => {
      const { db } = await loadTripDoc(deps, trip);
      await deleteExpense(deps, db, params.expenseId);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/expense-balances',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Per player: paid, share and net of the expenses',
    description: 'In the trip currency. `netCents` = paid − share: positive means the player is owed money. Nets sum to zero. Every player of the trip is listed, in the trip\'s order.',
    tags,
    params: TripIdParams,
    responses: { 200: { description: 'Balances', schema: ExpenseBalances } },
    handler: async ({ trip, deps }) => {
      const { db, trip: tripDoc } = await loadTripDoc(deps, trip);
      return { body: { currency: tripDoc.currency, ...(await balancesOf(db)) } };
    },
  }),
];
