import { paymentLinks } from '../../shared/domain/money/links.js';
import type { PaymentLink, PaymentPreferences } from '../../shared/schemas/payments.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { listPlayers } from '../players/players.service.js';
import { StoreConflictError, type Database, type StoredDoc } from '../store/docstore.js';
import { getSettlement, type StoredSettlement } from './settlements.service.js';

/** A player's payment preferences, `paymentprefs:<playerId>` in the trip database (REST only, not written through sync). */
type PrefsDoc = StoredDoc & PaymentPreferences & { type: 'paymentprefs'; id: string; playerId: string; createdAt: string; updatedAt: string };

const prefsDocId = (playerId: string) => `paymentprefs:${playerId}`;

async function requirePlayer(db: Database, playerId: string) {
  const player = (await listPlayers(db)).find((p) => p.id === playerId);
  if (!player) throw new AppError('player_not_found', `no player ${playerId} on this trip`);
  return player;
}

/** The preferences as stored (no storage fields); `{}` when the player never gave any. */
export async function getPreferences(db: Database, playerId: string): Promise<PaymentPreferences> {
  await requirePlayer(db, playerId);
  const doc = await db.get<PrefsDoc>(prefsDocId(playerId));
  if (!doc) return {};
  const { _id, _rev, type, id, playerId: _p, createdAt, updatedAt, ...prefs } = doc;
  return prefs as PaymentPreferences;
}

/** Replaces the preferences (a PUT: fields left out are removed). */
export async function putPreferences(deps: AppDeps, db: Database, playerId: string, prefs: PaymentPreferences): Promise<PaymentPreferences> {
  await requirePlayer(db, playerId);
  for (let attempt = 0; ; attempt++) {
    const current = await db.get<PrefsDoc>(prefsDocId(playerId));
    const now = deps.now().toISOString();
    const doc: PrefsDoc = { _id: prefsDocId(playerId), type: 'paymentprefs', id: playerId, playerId, ...prefs, createdAt: current?.createdAt ?? now, updatedAt: now, ...(current ? { _rev: current._rev } : {}) };
    try {
      await db.put(doc);
      return prefs;
    } catch (err) {
      if (err instanceof StoreConflictError && attempt < 3) continue;
      throw err;
    }
  }
}

/** Where the payer of a settlement can pay its payee, with the amount and a memo naming the trip and both players. */
export async function settlementLinks(db: Database, trip: TripDoc, settlementId: string): Promise<{ settlement: StoredSettlement; memo: string; links: PaymentLink[] }> {
  const settlement = await getSettlement(db, settlementId);
  const players = new Map((await listPlayers(db)).map((p) => [p.id, p.name]));
  const memo = `${trip.name}: ${players.get(settlement.fromPlayerId) ?? 'player'} to ${players.get(settlement.toPlayerId) ?? 'player'}`;
  const prefs = await db.get<PrefsDoc>(prefsDocId(settlement.toPlayerId));
  return { settlement, memo, links: prefs ? paymentLinks(prefs, settlement.cents, settlement.currency, memo) : [] };
}
