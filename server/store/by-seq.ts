import type { Database } from './docstore.js';

/**
 * Values computed from a whole database (a leaderboard reads every player, scorecard and score of a trip), computed
 * once per state of the database and shared by every request that asks for the same key meanwhile.
 *
 * Exact: a value is reused only by a request that finds the database at the same update sequence as the request
 * that started computing it. Every acknowledged write has moved the sequence (PouchDB moves it at commit, CouchDB
 * with every write, whichever server made it), so a request that starts after a write was acknowledged never gets
 * a value computed from the state before it; a request started before may get a newer one. Concurrent requests
 * share one computation (a TV, 60 phones and the dashboard asking for one board at once compute it once).
 *
 * The shared value must not be changed by its users: callers hand out copies (`structuredClone`) or frozen data.
 */
const MAX_KEYS_PER_DB = 64;

interface Entry {
  seq: string | number;
  value: Promise<unknown>;
}

const memos = new WeakMap<Database, Map<string, Entry>>();

export async function oncePerSeq<T>(db: Database, key: string, compute: () => Promise<T>): Promise<T> {
  const { updateSeq } = await db.info();
  let entries = memos.get(db);
  if (!entries) memos.set(db, (entries = new Map()));
  const hit = entries.get(key);
  if (hit && hit.seq === updateSeq) return hit.value as Promise<T>;
  // Keys follow what clients ask for (e.g. any set of rounds): past the bound, start over.
  if (!hit && entries.size >= MAX_KEYS_PER_DB) entries.clear();
  const value = compute();
  const entry = { seq: updateSeq, value };
  entries.set(key, entry);
  // A failure is shared by the requests already waiting, not kept for the next ones.
  value.catch(() => entries.get(key) === entry && entries.delete(key));
  return value;
}

/** Freezes a value and everything it holds, so a shared value cannot be changed by mistake (strict mode throws). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
