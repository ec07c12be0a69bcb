import { PlayerInput, type BulkPlayersBody, type PatchPlayerBody, type PlayerDoc, type PlayerUpdate } from '../../shared/schemas/player.js';
import type { RoundDoc } from '../../shared/schemas/round.js';
import type { ErrorDetail } from '../../shared/errors.js';
import type { AppDeps } from '../deps.js';
import { AppError, zodDetails } from '../http/errors.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsOfType, docsWithPrefix, sharedDocsOfType, updateDoc } from '../store/docs.js';
import { newDocFields } from '../trips/trip-db.js';

type Stored<T> = T & StoredDoc;

export const playerDocId = (playerId: string) => `player:${playerId}`;

/**
 * A player's place in the order added: when (`createdAt`), then their row in the request that added them (players
 * pasted together share one `createdAt`; sorting those by name put a roster in neither paste order nor surname
 * order), then name and id for players added before the row was kept.
 */
export const addedOrderKey = (p: Pick<PlayerDoc, 'createdAt' | 'addedIndex' | 'name' | 'id'>): [string, number, string, string] => [p.createdAt, p.addedIndex ?? 0, p.name, p.id];

/** Players of a trip in the order they were added. `at`: as of that state, shared and frozen (`sharedDocsOfType`). */
export async function listPlayers(db: Database, at?: string | number): Promise<Stored<PlayerDoc>[]> {
  const players = at !== undefined ? [...((await sharedDocsOfType<Stored<PlayerDoc>>(db, 'player', at)) as Stored<PlayerDoc>[])] : await docsOfType<Stored<PlayerDoc>>(db, 'player');
  return players.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || (a.addedIndex ?? 0) - (b.addedIndex ?? 0) || a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

export async function getPlayer(db: Database, playerId: string): Promise<Stored<PlayerDoc>> {
  const p = await db.get<Stored<PlayerDoc>>(playerDocId(playerId));
  if (!p) throw new AppError('player_not_found', `no player ${playerId} on this trip`);
  return p;
}

/**
 * Validates new players: every row against the player schema, and emails unique among the rows and the trip's
 * players. Answers all problems at once. For a bulk add (`bulk`) each problem names its row (`row`, 0-based; the
 * message counts from 1) under the body path `players[i]`; for a single add the path is the body's own field.
 */
export function checkPlayerRows(rows: unknown[], existing: PlayerDoc[], bulk = true): PlayerInput[] {
  const problems: ErrorDetail[] = [];
  const parsed: PlayerInput[] = [];
  const at = (i: number): (string | number)[] => (bulk ? ['body', 'players', i] : ['body']);
  const label = (i: number) => (bulk ? `row ${i + 1}: ` : '');
  const rowOf = (i: number) => (bulk ? { row: i } : {});
  const emails = new Map(existing.filter((p) => p.email).map((p) => [p.email!.toLowerCase(), `existing player ${p.name}`]));
  rows.forEach((row, i) => {
    const r = PlayerInput.safeParse(row);
    if (!r.success) {
      problems.push(...zodDetails(r.error, at(i)).map((d) => ({ ...d, ...rowOf(i), message: `${label(i)}${d.message}` })));
      return;
    }
    const email = r.data.email?.toLowerCase();
    if (email) {
      const holder = emails.get(email);
      if (holder) problems.push({ path: [...at(i), 'email'], ...rowOf(i), code: 'duplicate_email', message: `${label(i)}email ${email} is already used by ${holder}` });
      emails.set(email, `row ${i + 1}`);
    }
    parsed.push(r.data.email ? { ...r.data, email: r.data.email.toLowerCase() } : r.data);
  });
  if (problems.length === 0) return parsed;
  // Bad fields are bad input (400); rows that are valid but reuse an email are a conflict (409 `duplicate_email`).
  const code = problems.every((p) => p.code === 'duplicate_email') ? 'duplicate_email' : 'validation_failed';
  if (!bulk) throw new AppError(code, problems[0]!.message, problems);
  const rowsWithProblems = [...new Set(problems.map((p) => Number(p.row) + 1))];
  const many = rowsWithProblems.length > 1;
  const rowList = `player row${many ? 's' : ''} ${rowsWithProblems.join(', ')}`;
  const what = code === 'duplicate_email' ? `reuse${many ? '' : 's'} an email already on this trip` : `${many ? 'are' : 'is'} not valid`;
  throw new AppError(code, `${rowList} ${what}; nothing was added`, problems);
}

/**
 * Writes new players all or nothing: `bulkDocs` is not a transaction, so if any row fails the rows that landed are
 * removed again before the error is raised. `ids` fixes the identifiers (the wizard's retries rely on that); a row
 * whose document already exists with that id counts as written.
 */
export async function insertPlayers(deps: AppDeps, db: Database, inputs: PlayerInput[], ids?: string[]): Promise<Stored<PlayerDoc>[]> {
  const docs = inputs.map((input, i) => ({ ...newDocFields(deps, 'player', ids?.[i] ?? deps.newId()), ...input, role: input.role ?? 'player', addedIndex: i }) as Stored<PlayerDoc>);
  const results = await db.bulkDocs(docs);
  const failed = results.filter((r) => r.error && !(ids && r.error === 'conflict'));
  if (failed.length > 0) {
    const landed = results.filter((r) => r.ok && r.rev);
    await db.bulkDocs(landed.map((r) => ({ _id: r.id, _rev: r.rev!, _deleted: true })));
    throw new Error(`could not write players: ${failed.map((f) => `${f.id}: ${f.error}`).join('; ')}`);
  }
  return docs.map((d, i) => ({ ...d, _rev: results[i]!.rev }));
}

export async function addPlayers(deps: AppDeps, tripId: string, rows: unknown[], bulk = true): Promise<Stored<PlayerDoc>[]> {
  const db = deps.store.trip(tripId);
  const inputs = checkPlayerRows(rows, await listPlayers(db), bulk);
  return insertPlayers(deps, db, inputs);
}

/** A player document with a PATCH-style change applied (null removes a field; an email is kept lowercased). */
function applyPatch(doc: Stored<PlayerDoc>, patch: Omit<PlayerUpdate, 'id'>, now: string): Stored<PlayerDoc> {
  const next: Record<string, unknown> = { ...doc, updatedAt: now };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    if (v === null) delete next[k];
    else next[k] = k === 'email' ? (v as string).toLowerCase() : v;
  }
  return next as Stored<PlayerDoc>;
}

/**
 * Adds `players` and changes `updates` in one go, all or nothing. Emails must stay unique on the trip as it will
 * be after the write (a player's own email may move to a row of the import that merges into them); every problem
 * is answered at once: an unknown player 404 `player_not_found` (detail path `updates[i].id`), a reused email 409
 * `duplicate_email` (detail `row` for a new row, `update` for a change, both 0-based).
 */
export async function bulkPlayers(deps: AppDeps, tripId: string, body: BulkPlayersBody): Promise<{ added: Stored<PlayerDoc>[]; updated: Stored<PlayerDoc>[] }> {
  const db = deps.store.trip(tripId);
  const existing = await listPlayers(db);
  const byId = new Map(existing.map((p) => [p.id, p]));
  const missing = body.updates.flatMap((u, i) => (byId.has(u.id) ? [] : [{ path: ['body', 'updates', i, 'id'], update: i, code: 'player_not_found', message: `change ${i + 1}: no player ${u.id} on this trip` }]));
  if (missing.length) throw new AppError('player_not_found', `${missing.length === 1 ? 'a player to change is' : 'players to change are'} not on this trip; nothing was written`, missing);
  const now = deps.now().toISOString();
  const changed = body.updates.map((u) => {
    const { id, ...patch } = u;
    return applyPatch(byId.get(id)!, patch, now);
  });
  // The trip after the changes, without the new rows: their emails are checked against it by checkPlayerRows.
  const after = existing.map((p) => changed.find((c) => c.id === p.id) ?? p);
  const problems: ErrorDetail[] = [];
  const seen = new Map<string, string>();
  for (const p of after) {
    const email = p.email?.toLowerCase();
    if (!email) continue;
    const holder = seen.get(email);
    const u = body.updates.findIndex((x) => x.id === p.id);
    if (holder && u >= 0) problems.push({ path: ['body', 'updates', u, 'email'], update: u, code: 'duplicate_email', message: `change ${u + 1}: email ${email} is already used by ${holder}` });
    seen.set(email, p.name);
  }
  if (problems.length) throw new AppError('duplicate_email', 'a change reuses an email already on this trip; nothing was written', problems);
  const inputs = checkPlayerRows(body.players, after, true);
  const newDocs = inputs.map((input, i) => ({ ...newDocFields(deps, 'player', deps.newId()), ...input, role: input.role ?? 'player', addedIndex: i }) as Stored<PlayerDoc>);
  const results = await db.bulkDocs([...newDocs, ...changed]);
  const failed = results.filter((r) => r.error);
  if (failed.length > 0) {
    // bulkDocs is not a transaction: what landed is taken back (new players removed, changed ones restored).
    const undo = results.flatMap((r, i): StoredDoc[] => {
      if (!r.ok || !r.rev) return [];
      if (i < newDocs.length) return [{ _id: r.id, _rev: r.rev, _deleted: true } as StoredDoc];
      const before = byId.get(changed[i - newDocs.length]!.id)!;
      return [{ ...before, _rev: r.rev } as StoredDoc];
    });
    if (undo.length) await db.bulkDocs(undo);
    if (failed.some((f) => f.error === 'conflict')) throw new AppError('conflict', 'a player changed while the import was written; nothing was written, try again');
    throw new Error(`could not write players: ${failed.map((f) => `${f.id}: ${f.error}`).join('; ')}`);
  }
  const withRev = <T extends StoredDoc>(d: T, i: number) => ({ ...d, _rev: results[i]!.rev });
  return { added: newDocs.map((d, i) => withRev(d, i)), updated: changed.map((d, i) => withRev(d, newDocs.length + i)) };
}

export async function patchPlayer(deps: AppDeps, tripId: string, playerId: string, patch: PatchPlayerBody): Promise<Stored<PlayerDoc>> {
  const db = deps.store.trip(tripId);
  const current = await getPlayer(db, playerId);
  if (patch.email) {
    const email = patch.email.toLowerCase();
    const holder = (await listPlayers(db)).find((p) => p.id !== playerId && p.email?.toLowerCase() === email);
    if (holder) throw new AppError('duplicate_email', `email ${email} is already used by ${holder.name}`, [{ path: ['body', 'email'], message: 'already used' }]);
  }
  const updated = await updateDoc<Stored<PlayerDoc>>(db, current._id, (doc) => {
    const next: Record<string, unknown> = { ...doc, updatedAt: deps.now().toISOString() };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete next[k];
      else next[k] = k === 'email' ? (v as string).toLowerCase() : v;
    }
    return next as Stored<PlayerDoc>;
  });
  if (!updated) throw new AppError('player_not_found', `no player ${playerId} on this trip`);
  return updated;
}

const MONEY_TYPES = new Set(['expense', 'settlement', 'wager', 'payment', 'pot']);

/** The kinds of travel entry that name the player: flights, cars they drive or ride in, rooms, ride offers and requests. */
async function travelOf(db: Database, playerId: string): Promise<string[]> {
  type Travel = StoredDoc & { type: string; playerId?: string; driverId?: string | null; riders?: { playerId: string }[]; passengers?: { playerId: string }[]; rooms?: { occupantIds: string[] }[] };
  const names: Record<string, string> = { flight: 'flights', rentalcar: 'rental cars', accommodation: 'accommodations', rideoffer: 'ride offers', riderequest: 'ride requests' };
  const found = new Set<string>();
  for (const type of Object.keys(names)) {
    for (const d of await docsWithPrefix<Travel>(db, `${type}:`)) {
      const named =
        d.playerId === playerId ||
        d.driverId === playerId ||
        (d.riders ?? []).some((r) => r.playerId === playerId) ||
        (d.passengers ?? []).some((r) => r.playerId === playerId) ||
        (d.rooms ?? []).some((r) => r.occupantIds.includes(playerId));
      if (named) found.add(names[type]!);
    }
  }
  return [...found];
}

/**
 * Deletes a player unless something would be lost or left dangling: scores (409 `player_has_scores`), money
 * entries (409 `player_has_money_entries`), travel entries naming them (409 `player_has_travel`), or a place in a
 * round that is ready or later (409 `player_in_round`). From draft rounds the player is simply taken out; their
 * availability and RSVPs go with them.
 */
export async function deletePlayer(deps: AppDeps, tripId: string, playerId: string): Promise<void> {
  const db = deps.store.trip(tripId);
  const player = await getPlayer(db, playerId);
  const { rows } = await db.query('trip/player_refs', { startKey: [playerId], endKey: [playerId, {}] });
  const types = new Set(rows.map((r) => (r.key as [string, string])[1]));
  if (types.has('score')) throw new AppError('player_has_scores', `${player.name} has scores; their scores would be lost`);
  const money = [...types].filter((t) => MONEY_TYPES.has(t));
  if (money.length > 0) throw new AppError('player_has_money_entries', `${player.name} appears in ${money.join(', ')} entries; settle or edit those first`);

  const travel = await travelOf(db, playerId);
  if (travel.length > 0) throw new AppError('player_has_travel', `${player.name} appears in travel entries (${travel.join(', ')}); change or delete those first`);

  const rounds = await docsOfType<Stored<RoundDoc>>(db, 'round');
  const inRound = (r: RoundDoc) => r.playerIds.includes(playerId) || r.groups.some((g) => g.playerIds.includes(playerId));
  const active = rounds.filter((r) => r.state !== 'draft' && inRound(r));
  if (active.length > 0) {
    throw new AppError('player_in_round', `${player.name} plays in ${active.map((r) => r.name).join(', ')}, which ${active.length > 1 ? 'are' : 'is'} no longer draft`, active.map((r) => ({ message: r.name, roundId: r.id, state: r.state })));
  }
  for (const r of rounds.filter((x) => x.state === 'draft' && inRound(x))) {
    await updateDoc<Stored<RoundDoc>>(db, r._id, (doc) => {
      const playerTees = { ...doc.playerTees };
      delete playerTees[playerId];
      return {
        ...doc,
        playerIds: doc.playerIds.filter((p) => p !== playerId),
        groups: doc.groups.map((g) => ({ ...g, playerIds: g.playerIds.filter((p) => p !== playerId) })).filter((g) => g.playerIds.length > 0),
        playerTees,
        updatedAt: deps.now().toISOString(),
      };
    });
  }
  await db.remove(player._id, player._rev!);
  // Their payment preferences and availability go with them, and their RSVPs leave the activities (nothing else
  // refers to them; an activity's booked expense is a money entry, refused above).
  for (const id of [`paymentprefs:${playerId}`, `availability:${playerId}`]) {
    const doc = await db.get(id);
    if (doc) await db.remove(doc._id, doc._rev!);
  }
  for (const activity of await docsWithPrefix<StoredDoc & { rsvps?: { playerId: string }[] }>(db, 'activity:')) {
    if (!activity.rsvps?.some((r) => r.playerId === playerId)) continue;
    await updateDoc<StoredDoc & { rsvps: { playerId: string }[]; updatedAt: string }>(db, activity._id, (doc) => ({
      ...doc,
      rsvps: doc.rsvps.filter((r) => r.playerId !== playerId),
      updatedAt: deps.now().toISOString(),
    }));
  }
}
