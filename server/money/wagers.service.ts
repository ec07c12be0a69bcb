import { wagerMoney } from '../../shared/domain/money/wagers.js';
import type { ErrorDetail } from '../../shared/errors.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { CreateWagerBody, Wager, WagerDoc, WagerOutcome, WagerSideInput } from '../../shared/schemas/wager.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { listPlayers } from '../players/players.service.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsOfType, updateDoc } from '../store/docs.js';
import { newDocFields, stripDoc } from '../trips/trip-db.js';

export type StoredWager = WagerDoc & StoredDoc;

export const wagerDocId = (wagerId: string) => `wager:${wagerId}`;

/** Every wager of the trip, oldest first. */
export async function listWagers(db: Database): Promise<StoredWager[]> {
  const docs = await docsOfType<StoredWager>(db, 'wager');
  return docs.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

export async function getWager(db: Database, wagerId: string): Promise<StoredWager> {
  const doc = await db.get<StoredWager>(wagerDocId(wagerId));
  if (!doc || doc.type !== 'wager') throw new AppError('not_found', `no wager ${wagerId} on this trip`);
  return doc;
}

export function presentWager(tripId: string, trip: TripDoc, doc: StoredWager): Wager {
  const amounts = Object.entries(wagerMoney(doc)).map(([playerId, cents]) => ({ playerId, cents }));
  return { ...(stripDoc(doc) as Omit<WagerDoc, '_id' | '_rev' | 'type'>), tripId, currency: trip.currency, amounts };
}

interface ResolvedSide {
  ids: string[];
  team: string | null;
}

/**
 * Resolves both sides to player ids of the trip: a `{team}` side is every player of that team, in the trip's
 * order. Unknown players are 422 `unknown_player` (each named); an empty team or a player on both sides is 422
 * `unprocessable`.
 */
async function resolveSides(db: Database, a: WagerSideInput, b: WagerSideInput): Promise<[ResolvedSide, ResolvedSide]> {
  const players = await listPlayers(db);
  const onTrip = new Set(players.map((p) => p.id));
  const unknown: ErrorDetail[] = [];
  const resolve = (side: WagerSideInput, field: 'sideA' | 'sideB'): ResolvedSide => {
    if (Array.isArray(side)) {
      side.forEach((id, i) => {
        if (!onTrip.has(id)) unknown.push({ path: ['body', field, i], message: `player ${id} is not on this trip`, playerId: id });
      });
      return { ids: side, team: null };
    }
    const ids = players.filter((p) => p.team === side.team).map((p) => p.id);
    if (ids.length === 0) {
      throw new AppError('unprocessable', `no player of this trip is on team "${side.team}"`, [{ path: ['body', field, 'team'], message: 'no player on this team' }]);
    }
    return { ids, team: side.team };
  };
  const sideA = resolve(a, 'sideA');
  const sideB = resolve(b, 'sideB');
  if (unknown.length > 0) throw new AppError('unknown_player', unknown.map((d) => d.message).join('; '), unknown);
  const both = sideA.ids.filter((id) => sideB.ids.includes(id));
  if (both.length > 0) {
    const names = new Map(players.map((p) => [p.id, p.name]));
    throw new AppError(
      'unprocessable',
      `a player cannot be on both sides of a wager: ${both.map((id) => `${names.get(id) ?? id} (${id})`).join(', ')}`,
      both.map((id) => ({ path: ['body', 'sideB'], message: `player ${id} is also on side A`, playerId: id })),
    );
  }
  return [sideA, sideB];
}

/** A round or side game the wager refers to must exist on the trip (422 `unprocessable`). */
async function checkLink(db: Database, kind: 'round' | 'sidegame', id: string, field: string): Promise<void> {
  const doc = await db.get(`${kind}:${id}`);
  if (!doc || doc.type !== kind) {
    const what = kind === 'round' ? 'round' : 'side game';
    throw new AppError('unprocessable', `no ${what} ${id} on this trip`, [{ path: ['body', field], message: `unknown ${what}` }]);
  }
}

export async function createWager(deps: AppDeps, db: Database, body: CreateWagerBody, createdBy: WagerDoc['createdBy']): Promise<StoredWager> {
  const [sideA, sideB] = await resolveSides(db, body.sideA, body.sideB);
  if (body.roundId) await checkLink(db, 'round', body.roundId, 'roundId');
  if (body.sideGameId) await checkLink(db, 'sidegame', body.sideGameId, 'sideGameId');
  const doc: StoredWager = {
    ...newDocFields(deps, 'wager', deps.newId()),
    sideA: sideA.ids,
    sideB: sideB.ids,
    teamA: sideA.team,
    teamB: sideB.team,
    stakeCents: body.stakeCents,
    terms: body.terms,
    roundId: body.roundId ?? null,
    sideGameId: body.sideGameId ?? null,
    status: 'open',
    outcome: null,
    winnerPlayerId: null,
    settledAt: null,
    createdBy,
  };
  const { rev } = await db.put(doc);
  return { ...doc, _rev: rev };
}

/** Settles an open wager once (409 `wager_already_settled` after). */
export async function settleWager(deps: AppDeps, db: Database, wagerId: string, winner: WagerOutcome): Promise<StoredWager> {
  await getWager(db, wagerId);
  let settledBefore = false;
  const updated = await updateDoc<StoredWager>(db, wagerDocId(wagerId), (doc) => {
    settledBefore = doc.status === 'settled';
    if (settledBefore) return undefined;
    const winners = winner === 'A' ? doc.sideA : winner === 'B' ? doc.sideB : [];
    const now = deps.now().toISOString();
    return {
      ...doc,
      status: 'settled',
      outcome: winner,
      winnerPlayerId: winners.length === 1 ? winners[0]! : null,
      settledAt: now,
      updatedAt: now,
    };
  });
  if (!updated) throw new AppError('not_found', `no wager ${wagerId} on this trip`);
  if (settledBefore) throw new AppError('wager_already_settled', `wager ${wagerId} is already settled (${updated.outcome})`);
  return updated;
}

/** Deletes an open wager; a settled one has moved money and stays (409 `wager_already_settled`). */
export async function deleteWager(db: Database, wagerId: string): Promise<void> {
  const doc = await getWager(db, wagerId);
  if (doc.status === 'settled') throw new AppError('wager_already_settled', `wager ${wagerId} is settled and cannot be deleted`);
  await db.remove(doc._id, doc._rev!);
}
