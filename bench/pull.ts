/**
 * Pull benchmark: a fresh PouchDB client (LevelDB in a temporary folder, default replication options) pulls a
 * 5,000-document trip; docs/s per run, medians, and the ratio to pouchdb-server holding the same documents.
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
const RUNS = 3;
const PULL_TARGET = 4_000;

/** 96 players in 16 groups of 6 over 3 ready rounds (plus a scorer): room for 5,184 scores. */
const buildBigTrip = (url: string) => buildTrip(url, { players: 97, rounds: 3, groupSize: 6 });

/** Documents a client pulls (everything but design documents). */
async function visibleDocs(remote: Pouch): Promise<number> {
  return (await remote.allDocs()).rows.filter((r) => !r.id.startsWith('_design/')).length;
}

/** The in-process server's trip, topped up with scores written through the store to exactly 5,000 documents. */
async function fillThroughStore(server: TestServer, trip: BenchTrip, remote: Pouch): Promise<void> {
  const missing = TRIP_DOCS - (await visibleDocs(remote));
  const docs = allScores(trip).slice(0, missing);
  if (docs.length < missing) throw new Error(`room for ${docs.length} scores, ${missing} needed`);
  const db = server.deps.store.trip(trip.tripId);
  for (let i = 0; i < docs.length; i += 500) {
    const results = await db.bulkDocs(docs.slice(i, i + 500));
    if (results.some((r) => r.error)) throw new Error(`store write failed: ${JSON.stringify(results.find((r) => r.error))}`);
  }
}

/** A trip on a server we cannot reach in memory: the scorer's tablet pushes the scores through the gateway. */
async function fillThroughGateway(trip: BenchTrip, remote: Pouch, dir: string): Promise<void> {
  const missing = TRIP_DOCS - (await visibleDocs(remote));
  const seed = new PouchDB<Doc>(join(dir, `seed-${trip.tripId}`));
  await seed.bulkDocs(allScores(trip).slice(0, missing));
  const pushed = await PouchDB.replicate(seed, remote, { batch_size: 500 });
  await seed.destroy();
  if (pushed.docs_written !== missing || pushed.doc_write_failures !== 0) throw new Error(`seed push wrote ${pushed.docs_written} of ${missing}`);
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

export async function pullBench(server: TestServer, couch: PouchServer, child: ChildServer, dir: string): Promise<void> {
  const trip = await buildBigTrip(server.url);
  const session = await sessionFor(server.url, trip, trip.players[0]!.id);
  const gateway = () => remoteTrip(server.url, trip.tripId, session);
  await fillThroughStore(server, trip, gateway());
  // pouchdb-server gets the very same documents and revisions, copied from the gateway.
  const couchDb = () => new PouchDB<Doc>(`${couch.url}/bench-trip`);
  await PouchDB.replicate(gateway(), couchDb());
  if ((await couchDb().info()).doc_count !== TRIP_DOCS) throw new Error('pouchdb-server does not hold the trip');
  // The same trip on the server run as its own process, as pouchdb-server is.
  const childTrip = await buildBigTrip(child.url);
  const childSession = await sessionFor(child.url, childTrip, childTrip.players[0]!.id);
  const childGateway = () => remoteTrip(child.url, childTrip.tripId, childSession);
  await fillThroughGateway(childTrip, childGateway(), dir);

  const rates = { gateway: [] as number[], couch: [] as number[], child: [] as number[] };
  for (let run = 1; run <= RUNS; run++) {
    rates.gateway.push(await timedPull(gateway(), dir, `gateway-${run}`));
    rates.couch.push(await timedPull(couchDb(), dir, `couch-${run}`));
    rates.child.push(await timedPull(childGateway(), dir, `child-${run}`));
  }
  const [g, c, k] = [median(rates.gateway), median(rates.couch), median(rates.child)];
  const row = (label: string, xs: number[], m: number, note: string) => `  ${label.padEnd(36)} ${xs.map((x) => fmt(x).padStart(6)).join(' ')}   median ${fmt(m).padStart(6)}   ${note}`;
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`\nPull: a fresh PouchDB client (LevelDB, default options) pulls a ${fmt(TRIP_DOCS)}-document trip — docs/s, ${RUNS} runs each`);
  console.log(row('gateway (server in this process)', rates.gateway, g, `target ≥ ${fmt(PULL_TARGET)}: ${verdict(g >= PULL_TARGET)}`));
  console.log(row('pouchdb-server --in-memory', rates.couch, c, 'reference (own process)'));
  console.log(`  ratio gateway/pouchdb-server: ${fmt(g / c, 2)}   target ≥ 1.00: ${verdict(g >= c)}`);
  console.log(row('gateway (server in a child process)', rates.child, k, `ratio to pouchdb-server ${fmt(k / c, 2)} (extra: same footing as pouchdb-server)`));
}
