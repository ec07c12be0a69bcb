/**
 * A CouchDB-compatible server in this process (express-pouchdb over LevelDB in a temporary directory) for the race
 * tests of the CouchDB adapter. It is pouchdb-server without its `validation` part: that part (pouchdb-validation)
 * overwrites the `_revisions` of every replicated write (`new_edits: false`) with those of the stored document, so a
 * second branch of a document is silently not stored — the very conflicts under test would never exist. Apache
 * CouchDB stores them; the trip design document's validation is checked elsewhere (test/store/couch.test.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import expressPouchDB from 'express-pouchdb';
import PouchDB from 'pouchdb-node';
import { installDbUpdates } from './db-updates.js';

export interface CouchServer {
  url: string;
  /** Where its LevelDB databases are (each with LevelDB's own LOG file). */
  dir: string;
  stop(): Promise<void>;
}

/**
 * `keepDir` leaves the databases on disk after `stop` (benches that read LevelDB's LOG afterwards); `dir` uses that
 * folder instead of a new temporary one (kept: a bench's data reused between runs, its `_db_updates` log with it in
 * `db-updates.json`). `dbUpdates: false` leaves out the
 * `_db_updates` feed (db-updates.ts), as a CouchDB without its `_global_changes` database.
 */
export async function startCouchServer(opts: { keepDir?: boolean; dir?: string; dbUpdates?: boolean } = {}): Promise<CouchServer> {
  const dir = opts.dir ?? (await mkdtemp(join(tmpdir(), 'golf-couch-race-')));
  const Pouch = PouchDB.defaults({ prefix: `${dir}/` } as PouchDB.Configuration.DatabaseConfiguration);
  const app = express();
  // A kept directory keeps its `_db_updates` log too: its sequences stay meaningful to the next run, as CouchDB's.
  const updates = opts.dbUpdates !== false ? installDbUpdates(app, opts.dir ? { keep: join(dir, 'db-updates.json') } : {}) : undefined;
  app.use('/', expressPouchDB(Pouch, { mode: 'fullCouchDB', overrideMode: { exclude: ['validation'] }, inMemoryConfig: true, logPath: join(dir, 'log.txt') }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      updates?.close();
      if (!opts.keepDir && !opts.dir) await rm(dir, { recursive: true, force: true });
    },
  };
}
