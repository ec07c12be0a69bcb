/**
 * `GET /_db_updates` for the express-pouchdb stand-in (couch-server.ts), which answers it with 400 ("TODO:
 * implement"). Written from CouchDB's API documentation (/_db_updates: `feed=normal|longpoll`, `since` a sequence
 * or `now`, `timeout`), with CouchDB's shape: `{results: [{db_name, type, seq}], last_seq}`, each database once per
 * answer with its latest update (CouchDB keeps one `_global_changes` document per database), sequences opaque strings
 * (`<n>-<run>`: a run's sequences mean nothing to the next, unless the log is kept: below).
 *
 * `keep: <file>` (a kept data directory's): the log is read from that file at start and written back at `close()`,
 * so a sequence of the last run still means what it meant, as CouchDB's durable sequences do (bench:season restores
 * one kept season for every run; its app servers' startup sweep starts from a mark of such a sequence). The file
 * is marked unclean while the server runs: after a crash the next run starts a new log and refuses the old
 * sequences, so its readers read everything rather than miss what the crash lost.
 *
 * An update is recorded when a write request to a database has been answered with success: a database created or
 * deleted, a document written (`PUT`/`DELETE` of a document, `POST /{db}`, `_bulk_docs`, attachments). Local documents,
 * `_security` and the reads that use POST (`_all_docs`, `_bulk_get`, `_revs_diff`, `_changes`, views) are not updates,
 * as in CouchDB.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Express, NextFunction, Request, Response } from 'express';

interface Update {
  type: 'created' | 'updated' | 'deleted';
  seq: number;
}

const READS_BY_POST = new Set(['_all_docs', '_bulk_get', '_revs_diff', '_changes', '_find', '_explain', '_design_docs', '_ensure_full_commit', '_compact', '_view_cleanup', '_purge', '_missing_revs', '_index']);

interface KeptLog {
  clean: boolean;
  epoch: string;
  seq: number;
  latest: [string, Update][];
}

export function installDbUpdates(app: Express, opts: { keep?: string } = {}): { close(): void } {
  const kept = opts.keep ? readKept(opts.keep) : undefined;
  const latest = new Map<string, Update>(kept?.latest ?? []);
  const epoch = kept?.epoch ?? `standin${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  let seq = kept?.seq ?? 0;
  const save = (clean: boolean) => opts.keep && writeFileSync(opts.keep, JSON.stringify({ clean, epoch, seq, latest: [...latest] } satisfies KeptLog));
  save(false);
  const waiting = new Set<() => void>();
  const record = (db: string, type: Update['type']) => {
    seq += 1;
    latest.set(db, { type, seq });
    for (const wake of [...waiting]) wake();
  };

  app.use((req: Request, res: Response, next: NextFunction) => {
    const parts = req.path.split('/').filter(Boolean).map(decodeURIComponent);
    const db = parts[0];
    const type = db && !db.startsWith('_') ? kindOf(req.method, parts) : undefined;
    if (type) res.on('finish', () => res.statusCode < 300 && record(db!, type));
    next();
  });

  app.get('/_db_updates', (req: Request, res: Response) => {
    const asked = String(req.query.since ?? '0');
    // The log is this process's only: a sequence from another run of the stand-in names updates it never saw, so it
    // is refused rather than answered with none (CouchDB's are durable; its callers then read everything).
    const [count, from] = asked.split('-');
    if (asked !== 'now' && asked !== '0' && from !== epoch) return res.status(400).json({ error: 'bad_request', reason: 'since is a sequence of another run of this server' });
    const since = asked === 'now' ? seq : Number.parseInt(count!, 10) || 0;
    const answer = () => {
      const results = [...latest].filter(([, u]) => u.seq > since).sort((a, b) => a[1].seq - b[1].seq);
      res.json({ results: results.map(([db_name, u]) => ({ db_name, type: u.type, seq: `${u.seq}-${epoch}` })), last_seq: `${Math.max(since, ...results.map(([, u]) => u.seq))}-${epoch}` });
    };
    const hasAny = () => [...latest.values()].some((u) => u.seq > since);
    if (req.query.feed !== 'longpoll' || hasAny()) return answer();
    const timeout = Math.min(Number(req.query.timeout ?? 60_000) || 60_000, 300_000);
    const done = () => {
      clearTimeout(timer);
      waiting.delete(wake);
      if (!res.writableEnded && !res.destroyed) answer();
    };
    const wake = () => done();
    const timer = setTimeout(done, timeout);
    waiting.add(wake);
    res.on('close', () => {
      clearTimeout(timer);
      waiting.delete(wake);
    });
  });
  return { close: () => save(true) };
}

/** The log a clean stop kept, or undefined (none, unreadable, or left by a run that did not stop cleanly). */
function readKept(file: string): KeptLog | undefined {
  try {
    const log = JSON.parse(readFileSync(file, 'utf8')) as KeptLog;
    return log.clean && typeof log.epoch === 'string' && Number.isSafeInteger(log.seq) && Array.isArray(log.latest) ? log : undefined;
  } catch {
    return undefined;
  }
}

function kindOf(method: string, parts: string[]): Update['type'] | undefined {
  if (parts.length === 1) {
    if (method === 'PUT') return 'created';
    if (method === 'DELETE') return 'deleted';
    if (method === 'POST') return 'updated';
    return undefined;
  }
  const second = parts[1]!;
  if (second === '_local' || second === '_security' || second === '_revs_limit') return undefined;
  if (method === 'POST') return second === '_bulk_docs' ? 'updated' : undefined;
  if (method !== 'PUT' && method !== 'DELETE') return undefined;
  if (READS_BY_POST.has(second)) return undefined;
  return 'updated';
}
