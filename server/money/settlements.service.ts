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
import { balancesOf } from './expenses.service.js';
import { getPot } from './pot.service.js';
import { listWagers } from './wagers.service.js';

type Stored<T> = T & StoredDoc;
export type StoredSettlement = Stored<SettlementDoc>;
export type Actor = NonNullable<SettlementDoc['paidBy']>;

export const settlementDocId = (id: string) => `settlement:${id}`;
/** One per trip: its revision serialises plan persists across servers (two at once would store two plans). */
const PLAN_LOCK_ID = 'settlementlock:settlementplans';
/** Persists of one database on this server (one app's deps: a test may run two servers in one process), one after the other. */
const persistingByServer = new WeakMap<AppDeps, Map<string, Promise<unknown>>>();

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
 *
 * Across app servers the decision and its effect are one step: the plan lock document records the whole change a
 * persist decided (its {@link PlanIntent}), and is claimed over the revision read before planning. Whoever reads
 * the lock next, on any server, first carries out the change it records (every write of it is idempotent), and only
 * then reads the pending settlements. So a persist that reads the lock after another claimed it sees that plan's
 * settlements even when the other has not written them yet, and answers "unchanged" instead of storing a second plan
 * (issue 33: on Apache CouchDB two servers could each store one).
 */
export function persistPlan(deps: AppDeps, db: Database, trip: TripDoc & { id: string }, kind: SettlementKind, organizerPlayerId: string | null = null) {
  let persisting = persistingByServer.get(deps);
  if (!persisting) persistingByServer.set(deps, (persisting = new Map()));
  const previous = persisting.get(db.name) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => persistNow(deps, db, trip, kind, organizerPlayerId));
  persisting.set(db.name, run);
  void run.catch(() => undefined).then(() => persisting.get(db.name) === run && persisting.delete(db.name));
  return run;
}

/** The identity of a transfer, whatever plan asked for it. */
const transferKey = (fromPlayerId: string, toPlayerId: string, cents: number, currency: string) => JSON.stringify([fromPlayerId, toPlayerId, cents, currency]);

/**
 * The change one persist decided, as the lock document records it. Everything needed to carry it out is here or in
 * the revisions it names: the new settlements (with the revision each is created at, so two servers creating one
 * store the same revision once, and a settlement a later plan removed is never brought back), and the pending ones
 * kept or removed, each at the revision the plan was made on (one that changed since, paid meanwhile, is left as it is).
 */
export interface PlanIntent {
  planId: string;
  kind: SettlementKind;
  organizerPlayerId: string | null;
  currency: string;
  at: string;
  create: { id: string; rev: string; fromPlayerId: string; toPlayerId: string; cents: number }[];
  keep: { docId: string; rev: string }[];
  remove: { docId: string; rev: string }[];
  /** The plan's settlements, in the order of its transfers. */
  docIds: string[];
}

type LockDoc = StoredDoc & { plan?: PlanIntent; createdAt?: string };

/** How many times a persist plans again after another server's persist or a payment got in between. */
const PERSIST_ATTEMPTS = 5;

async function persistNow(deps: AppDeps, db: Database, trip: TripDoc & { id: string }, kind: SettlementKind, organizerPlayerId: string | null) {
  let stored: PlanIntent | undefined;
  for (let attempt = 1; ; attempt++) {
    const lock = await db.get<LockDoc>(PLAN_LOCK_ID);
    if (lock?.plan) await carryOut(db, lock.plan);
    const plan = await computePlan(db, trip, kind, organizerPlayerId);
    const pending = (await listSettlements(db)).filter((s) => s.status === 'pending');
    const same = pending.length === plan.transfers.length && pending.every((s) => s.planId === plan.planId);
    if (same) {
      // This persist's own change stands, once a payment made while it was written was planned around.
      if (stored?.planId === plan.planId) return { planId: plan.planId, unchanged: false, items: pending, removedPending: stored.remove.length, keptPending: stored.keep.length };
      return { planId: plan.planId, unchanged: true, items: pending, removedPending: 0, keptPending: pending.length };
    }
    const intent = planIntent(deps, plan, pending);
    const now = deps.now().toISOString();
    try {
      await db.put({ _id: PLAN_LOCK_ID, type: 'settlementlock', id: 'settlementplans', at: now, createdAt: lock?.createdAt ?? now, updatedAt: now, plan: intent, ...(lock ? { _rev: lock._rev } : {}) });
    } catch (err) {
      if (!(err instanceof StoreConflictError)) throw err;
      // Another server decided a plan since the lock was read: carry it out, and see whether it is this one.
      if (attempt < PERSIST_ATTEMPTS) continue;
      throw new AppError('conflict', 'other settlement plans are being stored right now; try again');
    }
    const { paidMeanwhile, items } = await carryOut(db, intent);
    stored = intent;
    // A settlement the plan replaced was paid while it was written: that payment changes the plan, so plan again.
    if (paidMeanwhile && attempt < PERSIST_ATTEMPTS) continue;
    return { planId: plan.planId, unchanged: false, items, removedPending: intent.remove.length, keptPending: intent.keep.length };
  }
}

/** What storing `plan` over the pending settlements changes. */
function planIntent(deps: AppDeps, plan: Plan, pending: StoredSettlement[]): PlanIntent {
  // Oldest first (listSettlements' order), so of two identical pending transfers the older keeps its id.
  const reusable = new Map<string, StoredSettlement[]>();
  for (const s of pending) {
    const key = transferKey(s.fromPlayerId, s.toPlayerId, s.cents, s.currency);
    reusable.set(key, [...(reusable.get(key) ?? []), s]);
  }
  const at = deps.now().toISOString();
  const intent: PlanIntent = { planId: plan.planId, kind: plan.kind, organizerPlayerId: plan.organizerPlayerId, currency: plan.currency, at, create: [], keep: [], remove: [], docIds: [] };
  for (const t of plan.transfers) {
    const kept = reusable.get(transferKey(t.fromPlayerId, t.toPlayerId, t.cents, plan.currency))?.shift();
    if (kept) {
      intent.keep.push({ docId: kept._id, rev: kept._rev! });
      intent.docIds.push(kept._id);
    } else {
      const id = deps.newId();
      intent.docIds.push(settlementDocId(id));
      intent.create.push({ id, rev: `1-${createHash('sha256').update(JSON.stringify([id, plan.planId, at])).digest('hex').slice(0, 32)}`, fromPlayerId: t.fromPlayerId, toPlayerId: t.toPlayerId, cents: t.cents });
    }
  }
  const keptIds = new Set(intent.keep.map((k) => k.docId));
  intent.remove = pending.filter((s) => !keptIds.has(s._id)).map((s) => ({ docId: s._id, rev: s._rev! }));
  return intent;
}

/** A new settlement of a plan, exactly as every server that carries the plan out writes it. */
function createdSettlement(intent: PlanIntent, c: PlanIntent['create'][number]): StoredSettlement {
  return {
    _id: settlementDocId(c.id),
    _rev: c.rev,
    type: 'settlement',
    id: c.id,
    createdAt: intent.at,
    updatedAt: intent.at,
    kind: intent.kind,
    organizerPlayerId: intent.organizerPlayerId,
    fromPlayerId: c.fromPlayerId,
    toPlayerId: c.toPlayerId,
    cents: c.cents,
    currency: intent.currency,
    status: 'pending',
    planId: intent.planId,
    paidAt: null,
    paidBy: null,
    confirmedAt: null,
    confirmedBy: null,
  } as StoredSettlement;
}

/**
 * Carries out a recorded plan change; any server may, any number of times, at once. New settlements are written at
 * their recorded revision as replication writes them (`new_edits: false`): a second writer stores nothing new, and
 * one that a later plan removed stays removed (its tombstone descends from that revision). Kept and removed ones
 * are written only over the revision the plan was made on. Answers the plan's settlements as they now are, and
 * whether one the plan kept or removed was paid or confirmed meanwhile (then the plan no longer fits the money).
 */
async function carryOut(db: Database, intent: PlanIntent): Promise<{ paidMeanwhile: boolean; items: StoredSettlement[] }> {
  const createdIds = intent.create.map((c) => settlementDocId(c.id));
  const touched = [...intent.keep, ...intent.remove];
  const before = new Map((await db.allDocs({ keys: [...createdIds, ...touched.map((t) => t.docId)], includeDocs: true })).rows.map((r) => [r.key, r]));
  const atRev = (t: { docId: string; rev: string }) => {
    const row = before.get(t.docId);
    return row?.value && !row.value.deleted && row.value.rev === t.rev ? (row.doc as StoredSettlement) : undefined;
  };
  const edits: StoredDoc[] = [
    ...intent.remove.filter(atRev).map((t) => ({ _id: t.docId, _rev: t.rev, _deleted: true })),
    ...intent.keep.flatMap((t) => {
      const doc = atRev(t);
      return doc ? [{ ...doc, kind: intent.kind, organizerPlayerId: intent.organizerPlayerId, planId: intent.planId, updatedAt: intent.at }] : [];
    }),
  ];
  // Removals first, as a reader would rather see the plan short for a moment than two plans.
  // A conflict here is another server that carried the same change out first, or a payment: both are read below.
  if (edits.length > 0) await db.bulkDocs(edits);
  const missing = intent.create.filter((c) => !before.get(settlementDocId(c.id))?.value).map((c) => createdSettlement(intent, c));
  if (missing.length > 0) {
    const failed = (await db.bulkDocs(missing, { newEdits: false })).find((r) => r.error);
    if (failed) throw new AppError('unavailable', `could not store settlement ${failed.id}: ${failed.reason ?? failed.error}`);
  }
  // Nothing written: the plan's settlements are as read before.
  const after =
    edits.length === 0 && missing.length === 0
      ? new Map([...before].map(([id, r]) => [id, r.doc as StoredSettlement | null | undefined]))
      : new Map((await db.allDocs({ keys: [...createdIds, ...touched.map((t) => t.docId)], includeDocs: true })).rows.map((r) => [r.key, r.doc as StoredSettlement | null | undefined]));
  const paidMeanwhile = touched.some((t) => {
    const doc = after.get(t.docId);
    return !!doc && doc.status !== 'pending';
  });
  return { paidMeanwhile, items: intent.docIds.map((id) => after.get(id)).filter((d): d is StoredSettlement => !!d) };
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
