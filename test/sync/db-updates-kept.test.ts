/**
 * The stand-in's `_db_updates` log in a kept directory (test/sync/support/db-updates.ts `keep`): a clean stop carries
 * its sequences over to the next run, as CouchDB's durable ones; a run that did not stop cleanly starts a new log and
 * refuses the old sequences (its readers then read everything instead of missing what was lost). The stand-in runs
 * as bench:season runs it, a process of its own on the kept directory (bench/couch-child.ts), stopped by SIGTERM or
 * killed.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startCouchChild, type Couch } from '../../bench/tripday-setup.js';
import { stopProcess } from '../support/processes.js';

let dir: string | undefined;
let couch: Couch | undefined;
afterEach(async () => {
  if (couch) await stopProcess(couch.child);
  couch = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
});

const updates = async (url: string, since: string) => {
  const res = await fetch(`${url}/_db_updates?since=${encodeURIComponent(since)}`);
  return { status: res.status, body: (await res.json()) as { results?: { db_name: string }[]; last_seq?: string } };
};
const write = async (url: string, db: string) => {
  await fetch(`${url}/${db}`, { method: 'PUT' });
  const res = await fetch(`${url}/${db}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ n: 1 }) });
  expect(res.status).toBe(201);
};

describe("the stand-in's _db_updates log in a kept directory", () => {
  it('keeps its sequences over a clean restart, and names only what was written since', async () => {
    dir = await mkdtemp(join(tmpdir(), 'golf-dbupdates-kept-'));
    couch = await startCouchChild(dir);
    await write(couch.url, 'trip-a');
    const mark = (await updates(couch.url, 'now')).body.last_seq!;
    await stopProcess(couch.child);

    couch = await startCouchChild(dir);
    const none = await updates(couch.url, mark);
    expect(none.status).toBe(200);
    expect(none.body.results).toEqual([]);
    await write(couch.url, 'trip-b');
    const since = await updates(couch.url, mark);
    expect(since.body.results!.map((r) => r.db_name)).toEqual(['trip-b']);
    // Everything from the start still names both databases, each once.
    expect((await updates(couch.url, '0')).body.results!.map((r) => r.db_name).sort()).toEqual(['trip-a', 'trip-b']);
  });

  it('refuses the sequences of a run that was killed', async () => {
    dir = await mkdtemp(join(tmpdir(), 'golf-dbupdates-kept-'));
    couch = await startCouchChild(dir);
    await write(couch.url, 'trip-a');
    const mark = (await updates(couch.url, 'now')).body.last_seq!;
    // While it runs, the kept log says unclean: a crash now leaves it so.
    expect(JSON.parse(await readFile(join(dir, 'db-updates.json'), 'utf8')).clean).toBe(false);
    await stopProcess(couch.child, 'SIGKILL');

    couch = await startCouchChild(dir);
    const refused = await updates(couch.url, mark);
    expect(refused.status).toBe(400);
    expect((await updates(couch.url, '0')).body.results).toEqual([]);
  });
});
