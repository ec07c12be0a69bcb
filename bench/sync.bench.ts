/**
 * Sync benchmarks (issue 3, Benchmark): `npm run bench:sync`. Prints numbers; checks only that the work was done.
 *
 * 1. Pull (bench/pull.ts): a fresh PouchDB client pulls a 5,000-document trip through the gateway, and the same
 *    documents from pouchdb-server (on LevelDB, and in memory), 5 interleaved runs each, medians and ratios.
 *    Targets: the gateway ≥ 4,000 docs/s and at least as fast as pouchdb-server.
 * 2. Push (bench/push.ts): 20 phones push 72 scores each at once; p50 and p95 per `_bulk_docs`. Target p95 < 250 ms.
 *
 * The server under test runs as its own process (`node --import tsx server/main.ts`, logs at warn), as in
 * production and as pouchdb-server does, so the 20 simulated phones' own LevelDB work does not share its event
 * loop. Each section also has an extra row with the server inside this process (responses not validated, logs off).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startPouchServer, type PouchServer } from '../test/support/processes.js';
import type { TestServer } from '../test/support/server.js';
import { startChildServer, type ChildServer } from '../test/sync/support/fault-child.js';
import { pullBench } from './pull.js';
import { pushBench } from './push.js';
import { startBenchServer } from './support.js';

async function main(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'golf-bench-'));
  let inProcess: TestServer | undefined;
  let couchLevel: PouchServer | undefined;
  let couchMemory: PouchServer | undefined;
  let child: ChildServer | undefined;
  try {
    inProcess = await startBenchServer();
    couchLevel = await startPouchServer({ storage: 'leveldb' });
    couchMemory = await startPouchServer({ storage: 'memory' });
    child = await startChildServer({ port: await freePort(), dataDir: join(dir, 'child-data'), jwtSecret: 'bench-secret-that-is-long-enough-0123456789' });
    console.log(`sync benchmark — node ${process.version}, ${cpus().length} CPUs, PouchDB clients on LevelDB in ${tmpdir()}`);
    await pullBench({ child, couchLevel, couchMemory, inProcess }, dir);
    await pushBench('our server as its own process', child.url, dir, { headline: true });
    await pushBench('server in this process (shares the event loop with the 20 phones)', inProcess.url, dir, { headline: false });
  } finally {
    await child?.stop();
    await couchMemory?.stop();
    await couchLevel?.stop();
    await inProcess?.close();
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
