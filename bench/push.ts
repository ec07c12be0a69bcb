/**
 * Push benchmark: 20 phones (20 portal sessions, each the scorer of one group of 4) push 72 scores each at the
 * same moment with `PouchDB.replicate`. Every `_bulk_docs` request is timed by wrapping the client's fetch; every
 * score must land. A new ready round per run, so each run pushes new documents.
 */
import { join } from 'node:path';
import PouchDB from 'pouchdb-node';
import { remoteTrip } from '../test/sync/support/fault-trip.js';
import type { Doc } from '../test/sync/support/pouch-clients.js';
import { buildTrip, fmt, percentile, score, sessionFor } from './support.js';

export const PHONES = 20;
const RUNS = 3;
const P95_TARGET_MS = 250;

/** Pushes RUNS times; answers every `_bulk_docs` duration (ms). */
export async function pushBench(label: string, baseUrl: string, dir: string, options: { headline: boolean }): Promise<number[]> {
  const trip = await buildTrip(baseUrl, { players: 1 + PHONES * 4, rounds: RUNS, groupSize: 4 });
  const scorers = trip.rounds[0]!.groups.map((g) => g[0]!);
  const sessions = await Promise.all(scorers.map((id) => sessionFor(baseUrl, trip, id)));
  const organizerSession = await sessionFor(baseUrl, trip, trip.players[0]!.id);
  const all: number[] = [];
  console.log(`\nPush: ${PHONES} phones each push 72 scores at once (PouchDB.replicate), ${label} — ms per _bulk_docs request`);
  for (const [r, round] of trip.rounds.entries()) {
    const batches: number[] = [];
    const phones = await Promise.all(
      round.groups.map(async (group, i) => {
        const local = new PouchDB<Doc>(join(dir, `phone-${trip.tripId}-${r}-${i}`));
        const start = Date.UTC(2026, 3, 11, 8) + i * 1000;
        await local.bulkDocs(group.flatMap((playerId) => Array.from({ length: 18 }, (_, h) => score(round.id, playerId, h + 1, scorers[i]!, `phone-${i}`, start + h * 60_000))));
        const remote = remoteTrip(baseUrl, trip.tripId, sessions[i]!, (url, ms) => url.includes('/_bulk_docs') && batches.push(ms));
        return { local, remote };
      }),
    );
    const started = performance.now();
    const results = await Promise.all(phones.map(({ local, remote }) => PouchDB.replicate(local, remote)));
    const wall = performance.now() - started;
    await Promise.all(phones.map(({ local }) => local.destroy()));
    // Counted on the server, through the gateway, as the trip's organizer-role scorer.
    const onServer = remoteTrip(baseUrl, trip.tripId, organizerSession);
    const landed = (await onServer.allDocs({ startkey: `score:${round.id}-`, endkey: `score:${round.id}-\ufff0` })).rows.length;
    const written = results.reduce((n, x) => n + x.docs_written, 0);
    const failures = results.reduce((n, x) => n + x.doc_write_failures, 0);
    if (landed !== PHONES * 72 || written !== PHONES * 72 || failures !== 0) throw new Error(`run ${r + 1}: ${landed} scores on the server, ${written} written, ${failures} failures`);
    all.push(...batches);
    console.log(
      `  run ${r + 1}: ${fmt(landed)}/${fmt(PHONES * 72)} scores landed, ${batches.length} _bulk_docs, p50 ${fmt(percentile(batches, 50), 1)}, p95 ${fmt(percentile(batches, 95), 1)}, max ${fmt(Math.max(...batches), 1)}; all pushes done in ${fmt(wall)} ms`,
    );
  }
  const p95 = percentile(all, 95);
  const verdict = options.headline ? `target p95 < ${P95_TARGET_MS} ms: ${p95 < P95_TARGET_MS ? 'met' : 'NOT met'}` : 'extra row, no target';
  console.log(`  all runs: ${all.length} _bulk_docs, p50 ${fmt(percentile(all, 50), 1)} ms, p95 ${fmt(p95, 1)} ms   ${verdict}`);
  return all;
}
