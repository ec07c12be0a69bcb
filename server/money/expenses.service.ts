import { expenseBalances, type Balance } from '../../shared/domain/money/balances.js';
import { convertMinor } from '../../shared/domain/money/currency.js';
import { splitConverted, splitExpense, splitProblem } from '../../shared/domain/money/split.js';
import type { ErrorDetail } from '../../shared/errors.js';
import type { CreateExpenseBody, Expense, ExpenseDoc, ExpenseSplit, PatchExpenseBody } from '../../shared/schemas/money.js';
import type { PlayerDoc } from '../../shared/schemas/player.js';
import { MAX_AMOUNT_CENTS } from '../../shared/schemas/common.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { listPlayers } from '../players/players.service.js';
import { StoreConflictError, type Database, type StoredDoc } from '../store/docstore.js';
import { docsOfType, updateDoc } from '../store/docs.js';
import { newDocFields } from '../trips/trip-db.js';
import { getReceipt } from './receipts.service.js';

type Stored<T> = T & StoredDoc;
export type StoredExpense = Stored<ExpenseDoc>;
export type Creator = ExpenseDoc['createdBy'];

export const expenseDocId = (expenseId: string) => `expense:${expenseId}`;

export async function listExpenses(db: Database): Promise<StoredExpense[]> {
  const docs = await docsOfType<StoredExpense>(db, 'expense');
  return docs.sort((a, b) => a.date.localeCompare(b.date) || a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export async function getExpense(db: Database, expenseId: string): Promise<StoredExpense> {
  const doc = await db.get<StoredExpense>(expenseDocId(expenseId));
  if (!doc || doc.type !== 'expense') throw new AppError('not_found', `no expense ${expenseId} on this trip`);
  return doc;
}

export function presentExpense(tripId: string, trip: TripDoc, doc: StoredExpense): Expense {
  const { _id, _rev, type, participants, ...rest } = doc;
  return { ...(rest as Omit<ExpenseDoc, '_id' | '_rev' | 'type' | 'participants'>), tripId, tripCurrency: trip.currency, shares: participants };
}

/** The players a split names, in the order given. */
export function splitPlayerIds(split: ExpenseSplit): string[] {
  switch (split.mode) {
    case 'equal':
      return split.playerIds;
    case 'exact':
      return split.amounts.map((a) => a.playerId);
    case 'shares':
      return split.shares.map((s) => s.playerId);
    case 'percentages':
      return split.percentages.map((p) => p.playerId);
  }
}

interface MoneyInput {
  amountCents: number;
  currency: string;
  exchangeRate: string | null;
  split: ExpenseSplit;
}

/**
 * Shares in the trip's currency. A foreign amount is converted once at the rate given (convertMinor: exact, half away
 * from zero) and the converted total is split (splitConverted): an equal split stays equal after conversion, exact
 * amounts and percentages keep their proportions, and the shares sum exactly to the converted total.
 */
export function tripShares(trip: TripDoc, input: MoneyInput): { tripAmountCents: number; participants: { playerId: string; cents: number }[] } {
  const problem = splitProblem(input.amountCents, input.split);
  if (problem) throw new AppError('validation_failed', problem, [{ path: ['body', 'split'], message: problem }]);
  if (input.currency === trip.currency) return { tripAmountCents: input.amountCents, participants: splitExpense(input.amountCents, input.split) };
  const tripAmountCents = convertMinor(input.amountCents, input.currency, trip.currency, input.exchangeRate!);
  if (tripAmountCents > MAX_AMOUNT_CENTS) {
    const message = `converted at ${input.exchangeRate}, the amount is ${tripAmountCents} cents of ${trip.currency}: at most ${MAX_AMOUNT_CENTS}`;
    throw new AppError('validation_failed', message, [{ path: ['body', 'exchangeRate'], message }]);
  }
  return { tripAmountCents, participants: splitConverted(input.amountCents, tripAmountCents, input.split) };
}

/** The currency and rate of an expense: another currency than the trip's needs a rate; the trip's own takes none (or "1"). */
function currencyOf(trip: TripDoc, currency: string | undefined, rate: string | null | undefined): { currency: string; exchangeRate: string | null } {
  const c = currency ?? trip.currency;
  if (c === trip.currency) {
    if (rate != null && Number(rate) !== 1) {
      throw new AppError('validation_failed', `the expense is in the trip's currency (${trip.currency}): leave exchangeRate out`, [{ path: ['body', 'exchangeRate'], message: 'not used for the trip currency' }]);
    }
    return { currency: c, exchangeRate: null };
  }
  if (rate == null) {
    throw new AppError('validation_failed', `an expense in ${c} needs exchangeRate: ${trip.currency} per 1 ${c}`, [{ path: ['body', 'exchangeRate'], message: 'required for another currency than the trip\'s' }]);
  }
  return { currency: c, exchangeRate: rate };
}

/** The payer and every participant must be players of the trip (422 `unknown_player`, naming each). */
async function checkPlayers(db: Database, payerId: string, split: ExpenseSplit): Promise<void> {
  const onTrip = new Set((await listPlayers(db)).map((p) => p.id));
  const details: ErrorDetail[] = [];
  if (!onTrip.has(payerId)) details.push({ path: ['body', 'payerId'], message: `player ${payerId} is not on this trip`, playerId: payerId });
  splitPlayerIds(split).forEach((id, i) => {
    if (!onTrip.has(id)) details.push({ path: ['body', 'split', i], message: `player ${id} is not on this trip`, playerId: id });
  });
  if (details.length > 0) throw new AppError('unknown_player', details.map((d) => d.message).join('; '), details);
}

/** A receipt to attach must exist on the trip (422) and not belong to another expense (409). */
async function checkReceipt(db: Database, receiptId: string, expenseId: string): Promise<void> {
  let receipt: { expenseId?: string | null };
  try {
    receipt = (await getReceipt(db, receiptId)) as { expenseId?: string | null };
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') {
      throw new AppError('unprocessable', `no receipt ${receiptId} on this trip: upload it first`, [{ path: ['body', 'receiptId'], message: 'unknown receipt' }]);
    }
    throw err;
  }
  if (receipt.expenseId && receipt.expenseId !== expenseId) {
    throw new AppError('conflict', `receipt ${receiptId} belongs to another expense`, [{ path: ['body', 'receiptId'], message: 'attached elsewhere' }]);
  }
}

/** How many times a claim of a receipt reads it again after another write of it got in between. */
const CLAIM_ATTEMPTS = 20;

const attachedElsewhere = (receiptId: string) => new AppError('conflict', `receipt ${receiptId} belongs to another expense`, [{ path: ['body', 'receiptId'], message: 'attached elsewhere' }]);

/**
 * Points a receipt at an expense before the expense names it, in one revision-checked write that finds it free (or
 * already this expense's): of expenses attaching one receipt at once, on any number of servers, one claims it and
 * the others are 409 `conflict` (issue 33: each checked it free, wrote its expense, then pointed the receipt, and all
 * were told 201). A claim by an expense that was never stored (its server stopped between the two writes) frees the
 * receipt after a minute. Answers whether this call claimed it (false: the expense held it already).
 */
async function claimReceipt(db: Database, deps: AppDeps, receiptId: string, expenseId: string): Promise<boolean> {
  type Receipt = StoredDoc & { expenseId?: string | null; updatedAt?: string };
  for (let attempt = 1; ; attempt++) {
    const receipt = await db.get<Receipt>(`receipt:${receiptId}`);
    if (!receipt) throw new AppError('unprocessable', `no receipt ${receiptId} on this trip: upload it first`, [{ path: ['body', 'receiptId'], message: 'unknown receipt' }]);
    if (receipt.expenseId === expenseId) return false;
    if (receipt.expenseId && !(await abandonedClaim(db, deps, receipt))) throw attachedElsewhere(receiptId);
    try {
      await db.put({ ...receipt, expenseId, updatedAt: deps.now().toISOString() });
      return true;
    } catch (err) {
      if (!(err instanceof StoreConflictError)) throw err;
      if (attempt >= CLAIM_ATTEMPTS) throw new AppError('conflict', `receipt ${receiptId} is being attached at this moment; try again`);
    }
  }
}

/** A claim older than a minute by an expense that does not exist (or does not name the receipt) was abandoned. */
async function abandonedClaim(db: Database, deps: AppDeps, receipt: StoredDoc & { expenseId?: string | null; updatedAt?: string }): Promise<boolean> {
  if (!receipt.updatedAt || deps.now().getTime() - Date.parse(receipt.updatedAt) < 60_000) return false;
  const holder = await db.get<StoredExpense>(expenseDocId(receipt.expenseId!));
  return !holder || holder.receiptId !== receipt._id.slice('receipt:'.length);
}

/** Frees a receipt the expense held (a receipt claimed meanwhile by another expense is left to it). */
async function releaseReceipt(db: Database, deps: AppDeps, receiptId: string, expenseId: string): Promise<void> {
  await updateDoc<StoredDoc & { expenseId?: string | null; updatedAt?: string }>(
    db,
    `receipt:${receiptId}`,
    (r) => (r.expenseId === expenseId ? { ...r, expenseId: null, updatedAt: deps.now().toISOString() } : undefined),
    CLAIM_ATTEMPTS,
  );
}

/** Frees a receipt claimed for an expense that could not be written, unless the expense stored under that id (a copy of the same request that won) holds it. */
async function releaseUnlessHeld(db: Database, deps: AppDeps, receiptId: string, expenseId: string): Promise<void> {
  const stored = await db.get<StoredExpense>(expenseDocId(expenseId));
  if (stored?.receiptId !== receiptId) await releaseReceipt(db, deps, receiptId, expenseId);
}

/**
 * Stores a new expense. `id` is the server's new id unless the caller chose one (a phone's offline queue, so that a
 * retry after a lost answer cannot book it twice); a chosen id already taken makes `db.put` throw StoreConflictError.
 */
export async function createExpense(deps: AppDeps, db: Database, trip: TripDoc, body: CreateExpenseBody, createdBy: Creator, id: string = deps.newId()): Promise<StoredExpense> {
  const doc = await prepareExpense(deps, db, trip, body, createdBy, id);
  const claimed = doc.receiptId ? await claimReceipt(db, deps, doc.receiptId, id) : false;
  try {
    const { rev } = await db.put(doc);
    return { ...doc, _rev: rev };
  } catch (err) {
    if (claimed) await releaseUnlessHeld(db, deps, doc.receiptId!, id);
    throw err;
  }
}

/**
 * Every check of a new expense and the document it would be, without writing anything: a caller that must change
 * another document first (an activity booking its cost) checks here before, so a refusal leaves both untouched.
 */
export async function prepareExpense(deps: AppDeps, db: Database, trip: TripDoc, body: CreateExpenseBody, createdBy: Creator, id: string): Promise<StoredExpense> {
  const { currency, exchangeRate } = currencyOf(trip, body.currency, body.exchangeRate);
  await checkPlayers(db, body.payerId, body.split);
  if (body.receiptId) await checkReceipt(db, body.receiptId, id);
  const shares = tripShares(trip, { amountCents: body.amountCents, currency, exchangeRate, split: body.split });
  return {
    ...newDocFields(deps, 'expense', id),
    payerId: body.payerId,
    amountCents: body.amountCents,
    currency,
    exchangeRate,
    ...shares,
    category: body.category,
    date: body.date,
    description: body.description,
    split: body.split,
    receiptId: body.receiptId ?? null,
    createdBy,
  };
}

export async function patchExpense(deps: AppDeps, db: Database, trip: TripDoc, expenseId: string, patch: PatchExpenseBody): Promise<StoredExpense> {
  const before = await getExpense(db, expenseId);
  const payerId = patch.payerId ?? before.payerId;
  const split = patch.split ?? before.split;
  const currencyGiven = patch.currency ?? before.currency;
  // A change of currency without a rate must not keep the old currency's rate.
  const rateGiven = patch.exchangeRate !== undefined ? patch.exchangeRate : patch.currency !== undefined && patch.currency !== before.currency ? undefined : before.exchangeRate;
  const { currency, exchangeRate } = currencyOf(trip, currencyGiven, rateGiven);
  if (patch.payerId !== undefined || patch.split !== undefined) await checkPlayers(db, payerId, split);
  const receiptId = patch.receiptId !== undefined ? patch.receiptId : before.receiptId;
  if (receiptId && receiptId !== before.receiptId) await checkReceipt(db, receiptId, expenseId);
  const amountCents = patch.amountCents ?? before.amountCents;
  const shares = tripShares(trip, { amountCents, currency, exchangeRate, split });
  // The new receipt is claimed first (409 when another expense holds it), and the expense written only while it still
  // holds the receipt it was read with: two patches attaching different receipts at once cannot both land.
  const claimed = receiptId && receiptId !== before.receiptId ? await claimReceipt(db, deps, receiptId, expenseId) : false;
  let updated: StoredExpense | undefined;
  try {
    updated = await updateDoc<StoredExpense>(db, expenseDocId(expenseId), (doc) => {
      if (doc.receiptId !== before.receiptId) throw new AppError('conflict', `the receipt of expense ${expenseId} changed meanwhile; read it again`);
      return {
        ...doc,
        payerId,
        amountCents,
        currency,
        exchangeRate,
        ...shares,
        category: patch.category ?? doc.category,
        date: patch.date ?? doc.date,
        description: patch.description ?? doc.description,
        split,
        receiptId,
        updatedAt: deps.now().toISOString(),
      };
    });
    if (!updated) throw new AppError('not_found', `no expense ${expenseId} on this trip`);
  } catch (err) {
    if (claimed) await releaseReceipt(db, deps, receiptId!, expenseId);
    throw err;
  }
  if (before.receiptId && before.receiptId !== receiptId) await releaseReceipt(db, deps, before.receiptId, expenseId);
  return updated;
}

/** Deletes an expense; its receipt stays (detached), so a file is never lost with it. */
export async function deleteExpense(deps: AppDeps, db: Database, expenseId: string): Promise<void> {
  const doc = await getExpense(db, expenseId);
  await db.remove(doc._id, doc._rev!);
  if (doc.receiptId) await releaseReceipt(db, deps, doc.receiptId, doc.id);
}

export interface PlayerBalance extends Balance {
  name: string;
}

/** Paid, share and net per player (every player of the trip, in the trip's order), in the trip's currency. */
export async function balancesOf(db: Database): Promise<{ balances: PlayerBalance[]; totalCents: number; expenseCount: number }> {
  const [players, expenses] = await Promise.all([listPlayers(db), listExpenses(db)]);
  const names = new Map(players.map((p: Stored<PlayerDoc>) => [p.id, p.name]));
  const balances = expenseBalances(
    players.map((p) => p.id),
    expenses.map((e) => ({ payerId: e.payerId, amountCents: e.tripAmountCents, shares: e.participants })),
  );
  return {
    balances: balances.map((b) => ({ ...b, name: names.get(b.playerId) ?? '(removed player)' })),
    totalCents: expenses.reduce((sum, e) => sum + e.tripAmountCents, 0),
    expenseCount: expenses.length,
  };
}
