/**
 * Sync benchmarks (issue 3, Benchmark): `npm run bench:sync`. Prints numbers; checks only that the work was done.
 *
 * 1. Pull (bench/pull.ts): a fresh PouchDB client pulls a 5,000-document trip through the gateway, and the same
 *    documents from pouchdb-server (`--in-memory`), 3 runs each, medians and ratio. Targets: the gateway
 *    ≥ 4,000 docs/s and at least as fast as pouchdb-server.
 * 2. Push (bench/push.ts): 20 phones push 72 scores each at once; p50 and p95 per `_bulk_docs`. Target p95 < 250 ms.
 *
 * The server under test runs in this process (responses not validated, logs off), as asked; every section is
 * also run against the same server as a child process (`node --import tsx server/main.ts`), so that neither it
 * nor pouchdb-server shares an event loop with the clients.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startPouchServer, type PouchServer } from '../test/support/processes.js';
import { startChildServer, type ChildServer } from '../test/sync/support/fault-child.js';
import { pullBench } from './pull.js';
import { pushBench } from './push.js';
import { startBenchServer } from './support.js';

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'golf-bench-'));
  const server = await startBenchServer();
  let couch: PouchServer | undefined;
  let child: ChildServer | undefined;
  try {
    couch = await startPouchServer();
    child = await startChildServer({ port: await freePort(), dataDir: join(dir, 'child-data'), jwtSecret: 'bench-secret-that-is-long-enough-0123456789' });
    console.log(`sync benchmark — node ${process.version}, ${cpus().length} CPUs, PouchDB clients on LevelDB in ${tmpdir()}`);
    await pullBench(server, couch, child, dir);
    await pushBench('server in this process', server.url, dir);
    await pushBench('server in a child process', child.url, dir);
  } finally {
    await child?.stop();
    await couch?.stop();
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
