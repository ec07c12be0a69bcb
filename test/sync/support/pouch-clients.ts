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

/** A remote database over HTTP, authenticated as `authorization` (e.g. `Bearer player:p1`), or not at all. */
export function remoteDb(url: string, authorization?: string): Pouch {
  return new PouchDB<Doc>(url, {
    fetch: (u: string | Request, opts?: RequestInit) => {
      const headers = opts?.headers as unknown as { set(name: string, value: string): void } | undefined;
      if (authorization && headers) headers.set('Authorization', authorization);
      return PouchDB.fetch(u, opts);
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

/** Waits until `check` passes (polling), or fails with the last assertion error after `timeoutMs`. */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
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
