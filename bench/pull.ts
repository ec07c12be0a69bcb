/**
 * Pull benchmark: a fresh PouchDB client (LevelDB in a temporary folder, default replication options) pulls a
 * 5,000-document trip; docs/s per run, medians, and the ratio to pouchdb-server holding the same documents.
 *
 * Every server pulled from is its own process, as in production: our server (`node --import tsx server/main.ts`,
 * embedded LevelDB store), pouchdb-server on LevelDB (the same storage: the fair peer) and pouchdb-server in memory
 * (the fastest setup it has). Runs are interleaved so that a noisy moment of the machine hits every row alike. Our
 * server in this very process (sharing one event loop with the client) is an extra row.
 */
import { join } from 'node:path';
import PouchDB from 'pouchdb-node';
import type { PouchServer } from '../test/support/processes.js';
import type { TestServer } from '../test/support/server.js';
import type { ChildServer } from '../test/sync/support/fault-child.js';
import { remoteTrip } from '../test/sync/support/fault-trip.js';
import type { Doc, Pouch } from '../test/sync/support/pouch-clients.js';
import { allScores, buildTrip, fmt, median, sessionFor, type BenchTrip } from './support.js';

export const TRIP_DOCS = 5_000;
const RUNS = 5;
const PULL_TARGET = 4_000;

/** 96 players in 16 groups of 6 over 3 ready rounds (plus a scorer): room for 5,184 scores. */
const buildBigTrip = (url: string) => buildTrip(url, { players: 97, rounds: 3, groupSize: 6 });

/** Documents a client pulls (everything but design documents). */
async function visibleDocs(remote: Pouch): Promise<number> {
  return (await remote.allDocs()).rows.filter((r) => !r.id.startsWith('_design/')).length;
}

/** A trip on our server, topped up to exactly 5,000 documents by a scorer's tablet pushing through the gateway. */
async function fillThroughGateway(trip: BenchTrip, remote: Pouch, dir: string): Promise<void> {
  const missing = TRIP_DOCS - (await visibleDocs(remote));
  const seed = new PouchDB<Doc>(join(dir, `seed-${trip.tripId}`));
  await seed.bulkDocs(allScores(trip).slice(0, missing));
  const pushed = await PouchDB.replicate(seed, remote, { batch_size: 500 });
  await seed.destroy();
  if (pushed.docs_written !== missing || pushed.doc_write_failures !== 0) throw new Error(`seed push wrote ${pushed.docs_written} of ${missing}`);
}

/** The trip on an in-process server, topped up through the store (no client needed). */
async function fillThroughStore(server: TestServer, trip: BenchTrip, remote: Pouch): Promise<void> {
  const missing = TRIP_DOCS - (await visibleDocs(remote));
  const docs = allScores(trip).slice(0, missing);
  const db = server.deps.store.trip(trip.tripId);
  for (let i = 0; i < docs.length; i += 500) {
    const results = await db.bulkDocs(docs.slice(i, i + 500));
    if (results.some((r) => r.error)) throw new Error(`store write failed: ${JSON.stringify(results.find((r) => r.error))}`);
  }
}

async function timedPull(remote: Pouch, dir: string, name: string): Promise<number> {
  const local = new PouchDB<Doc>(join(dir, name));
  const started = performance.now();
  const result = await PouchDB.replicate(remote, local);
  const seconds = (performance.now() - started) / 1000;
  await local.destroy();
  if (result.docs_written !== TRIP_DOCS || result.doc_write_failures !== 0) throw new Error(`${name}: pulled ${result.docs_written} documents, expected ${TRIP_DOCS}`);
  return result.docs_written / seconds;
}

export interface PullTargets {
  child: ChildServer;
  couchLevel: PouchServer;
  couchMemory: PouchServer;
  inProcess: TestServer;
}

export async function pullBench(t: PullTargets, dir: string): Promise<void> {
  const trip = await buildBigTrip(t.child.url);
  const session = await sessionFor(t.child.url, trip, trip.players[0]!.id);
  const gateway = () => remoteTrip(t.child.url, trip.tripId, session);
  await fillThroughGateway(trip, gateway(), dir);
  // Both pouchdb-servers get the very same documents and revisions, copied from the gateway.
  const levelDb = () => new PouchDB<Doc>(`${t.couchLevel.url}/bench-trip`);
  const memoryDb = () => new PouchDB<Doc>(`${t.couchMemory.url}/bench-trip`);
  for (const peer of [levelDb, memoryDb]) {
    await PouchDB.replicate(gateway(), peer());
    if ((await peer().info()).doc_count !== TRIP_DOCS) throw new Error('pouchdb-server does not hold the trip');
  }
  const local = await buildBigTrip(t.inProcess.url);
  const localSession = await sessionFor(t.inProcess.url, local, local.players[0]!.id);
  const inProcess = () => remoteTrip(t.inProcess.url, local.tripId, localSession);
  await fillThroughStore(t.inProcess, local, inProcess());

  const sources = { gateway, levelDb, memoryDb, inProcess };
  const rates: Record<keyof typeof sources, number[]> = { gateway: [], levelDb: [], memoryDb: [], inProcess: [] };
  // One warm-up pull from each (not counted): every server's code is compiled and its caches are filled alike.
  for (const [name, remote] of Object.entries(sources)) await timedPull(remote(), dir, `${name}-warmup`);
  for (let run = 1; run <= RUNS; run++) {
    for (const [name, remote] of Object.entries(sources) as [keyof typeof sources, () => Pouch][]) rates[name].push(await timedPull(remote(), dir, `${name}-${run}`));
  }
  const m = Object.fromEntries(Object.entries(rates).map(([k, xs]) => [k, median(xs)])) as Record<keyof typeof sources, number>;
  const row = (label: string, xs: number[], med: number, note: string) => `  ${label.padEnd(40)} ${xs.map((x) => fmt(x).padStart(6)).join(' ')}   median ${fmt(med).padStart(6)}   ${note}`;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`\nPull: a fresh PouchDB client (LevelDB, default options) pulls a ${fmt(TRIP_DOCS)}-document trip — docs/s, ${RUNS} runs each after a warm-up, interleaved`);
  console.log(row('gateway (our server, own process)', rates.gateway, m.gateway, `target ≥ ${fmt(PULL_TARGET)}: ${verdict(m.gateway >= PULL_TARGET)}`));
  console.log(row('pouchdb-server on LevelDB (own process)', rates.levelDb, m.levelDb, 'peer: the same storage'));
  console.log(row('pouchdb-server --in-memory (own process)', rates.memoryDb, m.memoryDb, 'peer: its fastest setup'));
  console.log(`  ratio gateway / pouchdb-server on LevelDB: ${fmt(m.gateway / m.levelDb, 2)}, / in memory: ${fmt(m.gateway / m.memoryDb, 2)}   target ≥ 1.00: ${verdict(m.gateway >= Math.max(m.levelDb, m.memoryDb))}`);
  console.log(row('gateway (server in the client\'s process)', rates.inProcess, m.inProcess, 'extra: server and client share one event loop'));
}
