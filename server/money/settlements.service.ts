import { createHash } from 'node:crypto';
import { sumNets } from '../../shared/domain/money/balances.js';
import { potNets } from '../../shared/domain/money/pot.js';
import { greedyTransfers, planTransfers, settleThrough, type Transfer } from '../../shared/domain/money/settle.js';
import { wagerNets } from '../../shared/domain/money/wagers.js';
import type { Settlement, SettlementDoc, SettlementKind } from '../../shared/schemas/money.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { listPlayers } from '../players/players.service.js';
import { listSideGames, withState } from '../games/sidegames.service.js';
import type { RoundData } from '../games/round-data.js';
import { StoreConflictError, type Database, type StoredDoc } from '../store/docstore.js';
import { docsOfType, updateDoc } from '../store/docs.js';
import { newDocFields } from '../trips/trip-db.js';
import { balancesOf } from './expenses.service.js';
import { getPot } from './pot.service.js';
import { listWagers } from './wagers.service.js';

type Stored<T> = T & StoredDoc;
export type StoredSettlement = Stored<SettlementDoc>;
export type Actor = NonNullable<SettlementDoc['paidBy']>;

export const settlementDocId = (id: string) => `settlement:${id}`;
/** One per trip: its revision serialises plan persists across servers (two at once would store two plans). */
const PLAN_LOCK_ID = 'settlementlock:settlementplans';
/** Persists of one database on this server, one after the other. */
const persisting = new Map<string, Promise<unknown>>();

export async function listSettlements(db: Database): Promise<StoredSettlement[]> {
  const docs = await docsOfType<StoredSettlement>(db, 'settlement');
  return docs.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.fromPlayerId.localeCompare(b.fromPlayerId) || a.toPlayerId.localeCompare(b.toPlayerId));
}

export async function getSettlement(db: Database, settlementId: string): Promise<StoredSettlement> {
  const doc = await db.get<StoredSettlement>(settlementDocId(settlementId));
  if (!doc || doc.type !== 'settlement') throw new AppError('not_found', `no settlement ${settlementId} on this trip`);
  return doc;
}

export function presentSettlement(tripId: string, doc: StoredSettlement): Settlement {
  const { _id, _rev, type, ...rest } = doc;
  return { ...(rest as Omit<SettlementDoc, '_id' | '_rev' | 'type'>), tripId };
}

export interface NetSources {
  playerId: string;
  name: string;
  expensesCents: number;
  sideGamesCents: number;
  wagersCents: number;
  potCents: number;
  settledCents: number;
  netCents: number;
}

/**
 * Each player's net in the trip currency (positive: is owed money), by source. `plain` counts expenses only;
 * `unified` and `organizer` add side games of completed rounds (a game still being played owes nothing yet),
 * settled wagers and the applied tournament pot. Money already moved through settlements marked paid or confirmed
 * counts against every plan: paying 20.00 raises the payer's net by 20.00 and lowers the payee's.
 */
export async function netsOf(db: Database, tripId: string, kind: SettlementKind): Promise<NetSources[]> {
  const [players, { balances }, settlements] = await Promise.all([listPlayers(db), balancesOf(db), listSettlements(db)]);
  const expenses = Object.fromEntries(balances.map((b) => [b.playerId, b.netCents]));
  let sideGames: Record<string, number> = {};
  let wagers: Record<string, number> = {};
  let pot: Record<string, number> = {};
  if (kind !== 'plain') {
    const cache = new Map<string, Promise<RoundData>>();
    const states = await Promise.all((await listSideGames(db)).map((g) => withState(db, tripId, g, cache)));
    sideGames = sumNets(...states.filter((s) => s.state.final).map((s) => s.state.moneyCents));
    wagers = wagerNets(await listWagers(db));
    pot = potNets((await getPot(db, tripId))?.applied ?? null);
  }
  const settled: Record<string, number> = {};
  for (const s of settlements) {
    if (s.status === 'pending') continue;
    settled[s.fromPlayerId] = (settled[s.fromPlayerId] ?? 0) + s.cents;
    settled[s.toPlayerId] = (settled[s.toPlayerId] ?? 0) - s.cents;
  }
  const names = new Map(players.map((p) => [p.id, p.name]));
  const ids = [...players.map((p) => p.id)];
  for (const source of [expenses, sideGames, wagers, pot, settled]) for (const id of Object.keys(source)) if (!names.has(id) && !ids.includes(id)) ids.push(id);
  return ids.map((playerId) => {
    const row = {
      playerId,
      name: names.get(playerId) ?? '(removed player)',
      expensesCents: expenses[playerId] ?? 0,
      sideGamesCents: sideGames[playerId] ?? 0,
      wagersCents: wagers[playerId] ?? 0,
      potCents: pot[playerId] ?? 0,
      settledCents: settled[playerId] ?? 0,
    };
    return { ...row, netCents: row.expensesCents + row.sideGamesCents + row.wagersCents + row.potCents + row.settledCents };
  });
}

export interface Plan {
  kind: SettlementKind;
  organizerPlayerId: string | null;
  currency: string;
  planId: string;
  nets: NetSources[];
  transfers: Transfer[];
  greedyTransferCount: number;
}

/**
 * The plan of a kind: the fewest transfers that bring every net to zero (`plain`, `unified`), or everyone settling
 * with one organizer (`organizer`). Its id is a hash of what it asks, so the same plan always has the same id.
 */
export async function computePlan(db: Database, trip: TripDoc & { id: string }, kind: SettlementKind, organizerPlayerId: string | null = null): Promise<Plan> {
  if (kind === 'organizer') await checkOrganizer(db, organizerPlayerId!);
  const nets = await netsOf(db, trip.id, kind);
  const byPlayer = Object.fromEntries(nets.map((n) => [n.playerId, n.netCents]));
  const transfers = kind === 'organizer' ? settleThrough(organizerPlayerId!, byPlayer) : planTransfers(byPlayer);
  const planId = createHash('sha256')
    .update(JSON.stringify([kind, organizerPlayerId, trip.currency, transfers.map((t) => [t.fromPlayerId, t.toPlayerId, t.cents])]))
    .digest('hex')
    .slice(0, 24);
  return { kind, organizerPlayerId, currency: trip.currency, planId, nets, transfers, greedyTransferCount: greedyTransfers(byPlayer).length };
}

async function checkOrganizer(db: Database, playerId: string): Promise<void> {
  const player = (await listPlayers(db)).find((p) => p.id === playerId);
  if (!player) throw new AppError('player_not_found', `no player ${playerId} on this trip`);
  if (player.role !== 'organizer') throw new AppError('unprocessable', `${player.name} is not an organizer of the trip: only an organizer collects and pays out for everyone`, [{ path: ['params', 'organizerPlayerId'], message: 'not an organizer' }]);
}

/**
 * Stores a plan's transfers as settlements. Idempotent: when the pending settlements are exactly this plan, nothing
 * changes. Otherwise the pending settlements (of any plan) are reconciled with this plan's transfers: a pending
 * settlement whose transfer (payer, payee, cents, currency) the plan still asks for keeps its id, state and
 * createdAt, and takes this plan's kind and planId; the other pending ones are removed and the plan's new transfers
 * get new ids. So two plans are never pending at once, and an id a player holds keeps answering while its transfer
 * stands. Settlements already paid or confirmed are never rewritten, and the plan is computed net of them.
 */
export function persistPlan(deps: AppDeps, db: Database, trip: TripDoc & { id: string }, kind: SettlementKind, organizerPlayerId: string | null = null) {
  const previous = persisting.get(db.name) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => persistNow(deps, db, trip, kind, organizerPlayerId));
  persisting.set(db.name, run);
  void run.catch(() => undefined).then(() => persisting.get(db.name) === run && persisting.delete(db.name));
  return run;
}

/** The identity of a transfer, whatever plan asked for it. */
const transferKey = (fromPlayerId: string, toPlayerId: string, cents: number, currency: string) => JSON.stringify([fromPlayerId, toPlayerId, cents, currency]);

async function persistNow(deps: AppDeps, db: Database, trip: TripDoc & { id: string }, kind: SettlementKind, organizerPlayerId: string | null) {
  const lock = await db.get(PLAN_LOCK_ID);
  const plan = await computePlan(db, trip, kind, organizerPlayerId);
  const pending = (await listSettlements(db)).filter((s) => s.status === 'pending');
  const same = pending.length === plan.transfers.length && pending.every((s) => s.planId === plan.planId);
  if (same) return { planId: plan.planId, unchanged: true, items: pending, removedPending: 0, keptPending: pending.length };
  await claimPlanLock(deps, db, lock);
  // Oldest first (listSettlements' order), so of two identical pending transfers the older keeps its id.
  const reusable = new Map<string, StoredSettlement[]>();
  for (const s of pending) {
    const key = transferKey(s.fromPlayerId, s.toPlayerId, s.cents, s.currency);
    reusable.set(key, [...(reusable.get(key) ?? []), s]);
  }
  const now = deps.now().toISOString();
  const keptIds = new Set<string>();
  const docs: StoredSettlement[] = plan.transfers.map((t) => {
    const kept = reusable.get(transferKey(t.fromPlayerId, t.toPlayerId, t.cents, plan.currency))?.shift();
    if (kept) {
      keptIds.add(kept._id);
      return { ...kept, kind, organizerPlayerId, planId: plan.planId, updatedAt: now };
    }
    return {
      ...newDocFields(deps, 'settlement', deps.newId()),
      kind,
      organizerPlayerId,
      fromPlayerId: t.fromPlayerId,
      toPlayerId: t.toPlayerId,
      cents: t.cents,
      currency: plan.currency,
      status: 'pending',
      planId: plan.planId,
      paidAt: null,
      paidBy: null,
      confirmedAt: null,
      confirmedBy: null,
    };
  });
  const removed = pending.filter((s) => !keptIds.has(s._id));
  // Removals and updates of kept ones carry the revision read: one that was paid meanwhile conflicts, and stays paid.
  const changes = [...removed.map((s) => ({ _id: s._id, _rev: s._rev, _deleted: true })), ...docs.filter((d) => keptIds.has(d._id))];
  const changed = changes.length > 0 ? await db.bulkDocs(changes) : [];
  if (changed.some((r) => r.error)) throw new AppError('conflict', 'a pending settlement changed while the plan was being replaced; try again');
  const revs = new Map(changed.map((r) => [r.id, r.rev]));
  const created = docs.filter((d) => !keptIds.has(d._id));
  const written = created.length > 0 ? await db.bulkDocs(created) : [];
  const failed = written.find((r) => r.error);
  if (failed) throw new AppError('unavailable', `could not store settlement ${failed.id}: ${failed.reason ?? failed.error}`);
  written.forEach((r) => revs.set(r.id, r.rev));
  return { planId: plan.planId, unchanged: false, items: docs.map((d) => ({ ...d, _rev: revs.get(d._id)! })), removedPending: removed.length, keptPending: keptIds.size };
}

/** Writes the lock document over the revision read before planning: another server's persist meanwhile makes this one 409. */
async function claimPlanLock(deps: AppDeps, db: Database, current: StoredDoc | undefined): Promise<void> {
  const now = deps.now().toISOString();
  try {
    await db.put({ _id: PLAN_LOCK_ID, type: 'settlementlock', id: 'settlementplans', at: now, createdAt: (current?.createdAt as string | undefined) ?? now, updatedAt: now, ...(current ? { _rev: current._rev } : {}) });
  } catch (err) {
    if (err instanceof StoreConflictError) throw new AppError('conflict', 'another settlement plan is being stored right now; try again');
    throw err;
  }
}

/**
 * Moves a settlement along pending → paid → confirmed. `paid` is the payer's (or an organizer's) to say, `confirmed`
 * the payee's (or an organizer's); a move that is not forward answers 409 `settlement_state_conflict`.
 */
export async function advanceSettlement(deps: AppDeps, db: Database, settlementId: string, to: 'paid' | 'confirmed', by: Actor & { playerId?: string }): Promise<StoredSettlement> {
  const current = await getSettlement(db, settlementId);
  if (by.kind === 'player') {
    const party = to === 'paid' ? current.fromPlayerId : current.toPlayerId;
    if (by.playerId !== party) {
      throw new AppError('forbidden', to === 'paid' ? 'only the payer (or an organizer) marks a settlement paid' : 'only the payee (or an organizer) confirms the money arrived');
    }
  }
  const actor: Actor = { kind: by.kind, id: by.id };
  const updated = await updateDoc<StoredSettlement>(db, current._id, (doc) => {
    if (doc.status === 'confirmed' || (to === 'paid' && doc.status !== 'pending')) {
      throw new AppError('settlement_state_conflict', `this settlement is already ${doc.status}`);
    }
    const now = deps.now().toISOString();
    if (to === 'paid') return { ...doc, status: 'paid', paidAt: now, paidBy: actor, updatedAt: now };
    return { ...doc, status: 'confirmed', confirmedAt: now, confirmedBy: actor, ...(doc.paidAt ? {} : { paidAt: now, paidBy: actor }), updatedAt: now };
  });
  if (!updated) throw new AppError('not_found', `no settlement ${settlementId} on this trip`);
  return updated;
}
