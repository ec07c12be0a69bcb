/**
 * The dashboard's one data layer: a cache of server answers, one entry per query key, that every screen reads
 * through. Written here rather than taken from a library because what the dashboard needs is ~150 lines
 * (TanStack Query has no Preact binding and would add ~13 KB gzipped through preact/compat for features unused here:
 * infinite queries, persistence, devtools).
 *
 * - A key is an array naming the resource and its inputs: `['trips', { offset: 0 }]`, `['trip', id]`,
 *   `['trip', id, 'organizers']`. Entries are found by key prefix, so `invalidate(['trip', id])` refreshes the trip
 *   and everything under it.
 * - `fetch` runs the query's function once however many readers ask at the same time, and keeps the answer
 *   (or the error); readers subscribe and are told of every change.
 * - An answer older than `staleMs` (2 s by default) is shown at once when a screen opens and fetched again behind
 *   it, so moving between screens never shows something long out of date.
 * - A failure keeps the last answer on screen, except when it says the resource is gone for this account (404,
 *   403): then the answer is dropped, so a removed co-organizer does not keep seeing the trip.
 * - Mutations do not write their own copies: they `set` the entry they answered, and `invalidate` the lists they
 *   changed, which fetch again at once if someone is looking and on next read otherwise.
 */

export type QueryKey = readonly unknown[];

export interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  /** `loading`: nothing yet; `success`/`error`: the last answer; a refetch keeps data while `fetching`. */
  status: 'loading' | 'success' | 'error';
  fetching: boolean;
  /** When the data was fetched (ms), 0 before. */
  updatedAt: number;
  /** Marked by `invalidate`: the next read fetches again. */
  stale: boolean;
}

interface Entry<T = unknown> {
  key: QueryKey;
  state: QueryState<T>;
  listeners: Set<() => void>;
  fetcher?: () => Promise<T>;
  running?: Promise<T>;
  /** Bumped by `set`/`remove`, so an answer that arrives after them does not overwrite them. */
  generation: number;
}

/** A stable text for a key: object properties in sorted order, so `{a, b}` and `{b, a}` are one key. */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1))) : v,
  );
}

/** Whether `key` starts with every part of `prefix` (compared by their stable text). */
export function keyStartsWith(key: QueryKey, prefix: QueryKey): boolean {
  return prefix.length <= key.length && prefix.every((part, i) => hashKey([part]) === hashKey([key[i]]));
}

/** A failure that says the resource is not there for this account any more (the API client's 404 and 403). */
const isGone = (error: unknown) => {
  const status = (error as { status?: unknown } | null)?.status;
  return status === 404 || status === 403;
};

const initial = <T>(): QueryState<T> => ({ data: undefined, error: undefined, status: 'loading', fetching: false, updatedAt: 0, stale: true });

export class QueryClient {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly staleMs = 2_000,
  ) {}

  private entry<T>(key: QueryKey): Entry<T> {
    const h = hashKey(key);
    let e = this.entries.get(h) as Entry<T> | undefined;
    if (!e) {
      e = { key, state: initial<T>(), listeners: new Set(), generation: 0 };
      this.entries.set(h, e as Entry);
    }
    return e;
  }

  private update<T>(e: Entry<T>, patch: Partial<QueryState<T>>): void {
    e.state = { ...e.state, ...patch };
    for (const l of [...e.listeners]) l();
  }

  /** The entry's current state (a new object after every change, so a view can compare). */
  state<T>(key: QueryKey): QueryState<T> {
    return this.entry<T>(key).state;
  }

  /**
   * The query's answer: fetched with `fn` unless it is cached and fresh; one run for every caller at the same
   * time. `force` fetches even when fresh.
   */
  fetch<T>(key: QueryKey, fn: () => Promise<T>, force = false): Promise<T> {
    const e = this.entry<T>(key);
    e.fetcher = fn;
    if (e.running) return e.running;
    const fresh = !e.state.stale && e.state.status === 'success' && this.now() - e.state.updatedAt < this.staleMs;
    if (!force && fresh) return Promise.resolve(e.state.data as T);
    const generation = e.generation;
    const run = fn().then(
      (data) => {
        if (e.running === run) e.running = undefined;
        if (generation === e.generation) this.update(e, { data, error: undefined, status: 'success', fetching: false, updatedAt: this.now(), stale: false });
        return data;
      },
      (error: unknown) => {
        if (e.running === run) e.running = undefined;
        if (generation === e.generation) {
          if (isGone(error)) this.update(e, { data: undefined, error, status: 'error', fetching: false, stale: true });
          else this.update(e, { error, status: e.state.data === undefined ? 'error' : e.state.status, fetching: false, stale: true });
        }
        throw error;
      },
    );
    e.running = run;
    this.update(e, { fetching: true });
    return run;
  }

  /** Tells `listener` of every change of the key's entry; answers the unsubscribe. */
  subscribe(key: QueryKey, listener: () => void): () => void {
    const e = this.entry(key);
    e.listeners.add(listener);
    return () => e.listeners.delete(listener);
  }

  /** Puts an answer the app already has (a mutation's result) into the entry: no request. */
  set<T>(key: QueryKey, data: T): void {
    const e = this.entry<T>(key);
    e.generation += 1;
    e.running = undefined;
    this.update(e, { data, error: undefined, status: 'success', fetching: false, updatedAt: this.now(), stale: false });
  }

  /**
   * Marks every entry under `prefix` stale; those someone is looking at fetch again at once (their data stays on
   * screen meanwhile). Resolves when those refetches are done (failures stay in their entries).
   */
  async invalidate(prefix: QueryKey): Promise<void> {
    const refetches: Promise<unknown>[] = [];
    for (const e of this.entries.values()) {
      if (!keyStartsWith(e.key, prefix)) continue;
      e.generation += 1;
      e.running = undefined;
      this.update(e, { stale: true });
      if (e.listeners.size && e.fetcher) refetches.push(this.fetch(e.key, e.fetcher).catch(() => undefined));
    }
    await Promise.all(refetches);
  }

  /** Forgets every entry under `prefix` (a deleted trip); readers see `loading` and fetch again. */
  remove(prefix: QueryKey): void {
    for (const [h, e] of this.entries) {
      if (!keyStartsWith(e.key, prefix)) continue;
      e.generation += 1;
      e.running = undefined;
      if (e.listeners.size) this.update(e, initial());
      else this.entries.delete(h);
    }
  }

  /** Forgets everything (signing out: the next account must not see this one's trips). */
  clear(): void {
    this.remove([]);
  }
}
