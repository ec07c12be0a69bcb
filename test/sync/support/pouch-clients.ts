/**
 * Real PouchDB clients for the gateway tests: remote handles that send a Bearer session on every request, and
 * local LevelDB databases (like a phone's) in a temporary directory.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PouchDB from 'pouchdb-node';

export type Doc = Record<string, unknown>;
/** A document with its id, as the store and the clients both take it. */
export type IdDoc = { _id: string; [key: string]: unknown };
export type Pouch = PouchDB.Database<Doc>;

/**
 * A remote database over HTTP, authenticated as `authorization` (e.g. `Bearer player:p1`), or not at all.
 * `onFetch` sees every request's URL, duration, body and start (`performance.now()`): the benchmarks time `_bulk_docs` with it.
 */
export function remoteDb(url: string, authorization?: string, onFetch?: (url: string, ms: number, body?: unknown, started?: number) => void): Pouch {
  return new PouchDB<Doc>(url, {
    fetch: async (u: string | Request, opts?: RequestInit) => {
      // PouchDB passes its own Headers object: adding to it is the only way to reach every request it makes.
      const headers = opts?.headers as unknown as Headers | undefined;
      if (authorization) headers?.set('Authorization', authorization);
      const started = performance.now();
      const res = await PouchDB.fetch(u, opts);
      onFetch?.(String(u), performance.now() - started, opts?.body, started);
      return res;
    },
  } as PouchDB.Configuration.RemoteDatabaseConfiguration);
}

export interface LocalClients {
  /** A fresh local LevelDB database, like a phone's. */
  create(name: string): Pouch;
  /** Closes every local database and removes their folder. */
  cleanup(): Promise<void>;
}

export async function localClients(): Promise<LocalClients> {
  const dir = await mkdtemp(join(tmpdir(), 'golf-phone-'));
  const open: Pouch[] = [];
  return {
    create(name) {
      const db = new PouchDB<Doc>(join(dir, name));
      open.push(db);
      return db;
    },
    async cleanup() {
      await Promise.all(open.map((db) => db.close().catch(() => undefined)));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `n` score documents of a player on one scorecard, holes 1..n. */
export function scoreDocs(playerId: string, scorecardId: string, n: number, from = 1): IdDoc[] {
  return Array.from({ length: n }, (_, k) => {
    const hole = from + k;
    return {
      _id: `score:${scorecardId}:${hole}`,
      type: 'score',
      id: `${scorecardId}:${hole}`,
      scorecardId,
      playerId,
      hole,
      strokes: 3 + (hole % 4),
      createdAt: '2025-05-01T10:00:00.000Z',
      updatedAt: '2025-05-01T10:00:00.000Z',
    };
  });
}
