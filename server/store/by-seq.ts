import type { Database } from './docstore.js';

/**
 * Values computed from a whole database (a leaderboard reads every player, scorecard and score of a trip), computed
 * once per state of the database and shared by every request that asks for the same key meanwhile.
 *
 * Exact: a request gets a value computed from a state no older than the one it found when it started. It shares a
 * computation that started at the update sequence it read itself, or one that starts after it arrived. Every
 * acknowledged write has moved the sequence (PouchDB moves it at commit, CouchDB with every write, whichever server
 * made it), so a request that starts after a write was acknowledged never gets a value computed from the state
 * before it; a request started before may get a newer one.
 *
 * At most one computation per key runs at a time. A request that finds one running from an older state waits for
 * it and then shares the next, which starts when that one ends and reads the state as it is then: while scores
 * arrive faster than a board is computed, 200 readers get a board per computation time (each at most two
 * computations late) instead of one computation each. CouchDB's sequences are opaque, so they are compared only
 * for equality; the embedded store's are numbers, and a value from a later state serves an earlier request too.
 *
 * The shared value must not be changed by its users: callers hand out copies (`structuredClone`) or frozen data.
 */
const MAX_KEYS_PER_DB = 64;

interface Entry {
  seq: string | number;
  value: Promise<unknown>;
  /** Settled, and no next computation is waiting for it. */
  settled: boolean;
  /** The computation that starts when this one ends, shared by the requests that arrived meanwhile. */
  next?: Promise<unknown>;
}

const memos = new WeakMap<Database, Map<string, Entry>>();

export async function oncePerSeq<T>(db: Database, key: string, compute: (seq: string | number) => Promise<T>, at?: string | number): Promise<T> {
  // `at`: a state a caller already read after its request began (an outer value's), so a value computed inside
  // another costs no second read of the sequence; `compute` is told the state it computes for.
  const updateSeq = at ?? (await stateOf(db));
  let entries = memos.get(db);
  if (!entries) memos.set(db, (entries = new Map()));
  const known = entries;
  const hit = known.get(key);
  if (hit && notOlder(hit.seq, updateSeq)) return hit.value as Promise<T>;
  if (hit && !hit.settled) {
    // Started before this request, from another state: the next one starts after this request arrived.
    if (!hit.next) {
      const next = hit.value.then(noop, noop).then(async () => start(known, key, at ?? (await stateOf(db)), compute));
      hit.next = next;
      // If it could not even start (the database was unavailable), later requests start afresh.
      next.catch(() => {
        if (hit.next !== next) return;
        hit.next = undefined;
        hit.settled = true;
      });
    }
    return hit.next as Promise<T>;
  }
  // Keys follow what clients ask for (e.g. any set of rounds): past the bound, start over.
  if (!hit && known.size >= MAX_KEYS_PER_DB) known.clear();
  return start(known, key, updateSeq, compute);
}

function start<T>(entries: Map<string, Entry>, key: string, seq: string | number, compute: (seq: string | number) => Promise<T>): Promise<T> {
  const value = compute(seq);
  const entry: Entry = { seq, value, settled: false };
  entries.set(key, entry);
  void value.then(
    () => {
      if (!entry.next) entry.settled = true;
    },
    // A failure is shared by the requests already waiting, not kept for the next ones.
    () => {
      entry.settled = true;
      if (entries.get(key) === entry && !entry.next) entries.delete(key);
    },
  );
  return value;
}

function noop(): void {}

/** The database's state now: `state()` where the store has a cheaper one (a copy's position), else `update_seq`. */
async function stateOf(db: Database): Promise<string | number> {
  return db.state ? db.state() : (await db.info()).updateSeq;
}

/** The same state, or (numeric sequences: the embedded store's) a later one. CouchDB's opaque ones: equal only. */
function notOlder(seq: string | number, than: string | number): boolean {
  return seq === than || (typeof seq === 'number' && typeof than === 'number' && seq > than);
}

/** Freezes a value and everything it holds, so a shared value cannot be changed by mistake (strict mode throws). */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
