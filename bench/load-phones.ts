/**
 * Phase 2 of `npm run bench:load`: 30 phones, each the scorer of one group of 4 (a portal session), hold an
 * unmodified PouchDB 9 live sync (`PouchDB.sync(local, remote, {live, retry})`, local LevelDB) with the gateway.
 * Each enters its group's holes on its local database one after another, as a scorer taps a score; for each,
 * the time from the local write until the organizer's REST read (`GET /trips/:tripId/scorecards/:id/scores`,
 * polled every 20 ms) shows it. The end-to-end path: the phone's live push, the gateway's write and merge checks,
 * and the REST read; meanwhile the other 29 phones' live pulls fetch every new score.
 */
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import PouchDB from 'pouchdb-node';
import type { api } from '../test/support/client.js';
import { remoteTrip } from '../test/sync/support/fault-trip.js';
import type { Doc } from '../test/sync/support/pouch-clients.js';
import { buildTrip, score, sessionFor } from './support.js';

export const PHONES = 30;
const POLL_MS = 20;
const GIVE_UP_MS = 15_000;

export interface PhonesResult {
  /** Local write → visible through REST, ms, one per score. */
  ms: number[];
  /** Scores never visible within GIVE_UP_MS. */
  missing: number;
  /** Errors the live replications reported. */
  syncErrors: number;
  /** Duration (ms) of every request the phones made, by endpoint (`_bulk_docs`, `_changes`, …). */
  requests: Record<string, number[]>;
  /** p95 of this (client) process's event loop delay while the phones wrote, ms. */
  clientLagP95Ms: number;
  /** CPU this process (the 30 phones) used while they wrote, % of one core. */
  clientCpuPercent: number;
  /**
   * Each score's time split in two, ms: on the phone, from its local write until PouchDB sends the `_bulk_docs` that
   * carries it; and from that request until REST shows the score (the server's write, then the REST poll).
   */
  onPhoneMs: number[];
  fromPushMs: number[];
  /** Server CPU time (ms) while the phones wrote, and the requests it served meanwhile (phones' and REST polls). */
  serverCpuMs?: number;
  windowRequests: number;
}

export async function runPhones(baseUrl: string, dir: string, durationMs: number, cpuMs?: () => Promise<number>): Promise<PhonesResult> {
  const trip = await buildTrip(baseUrl, { players: 1 + PHONES * 4, rounds: 1, groupSize: 4 });
  const round = trip.rounds[0]!;
  const scorers = round.groups.map((g) => g[0]!);
  const sessions = await Promise.all(scorers.map((id) => sessionFor(baseUrl, trip, id)));
  let syncErrors = 0;
  const requests: Record<string, number[]> = {};
  const counter = { requests: 0 };
  const phones = await Promise.all(
    round.groups.map(async (group, i) => {
      const local = new PouchDB<Doc>(join(dir, `phone-${trip.tripId}-${i}`));
      const remote = remoteTrip(baseUrl, trip.tripId, sessions[i]!, (url, ms, body, started) => {
        const kind = /\/(_\w+)/.exec(url.split(trip.tripId)[1] ?? '')?.[1] ?? 'doc';
        // When each score left the phone: the first `_bulk_docs` of this phone that carried it.
        if (kind === '_bulk_docs' && typeof body === 'string') for (const m of body.matchAll(/"_id":"(score:[^"]+)"/g)) if (started !== undefined && !pushed.has(`${i} ${m[1]}`)) pushed.set(`${i} ${m[1]}`, started);
        (requests[kind] ??= []).push(ms);
        counter.requests += 1;
      });
      // The phone opens the trip (a first pull), then stays live both ways.
      await PouchDB.replicate(remote, local);
      const sync = PouchDB.sync(local, remote, { live: true, retry: true });
      sync.on('error', () => (syncErrors += 1));
      sync.on('denied', () => (syncErrors += 1));
      return { group, local, sync };
    }),
  );
  const ms: number[] = [];
  const pushed = new Map<string, number>();
  const split: { onPhone: number; fromPush: number }[] = [];
  let missing = 0;
  // The 30 phones' PouchDB and LevelDB run in this process: how late its own event loop runs is part of what is measured.
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const cpuBefore = await cpuMs?.();
  const myCpu = process.cpuUsage();
  const myStart = performance.now();
  const requestsBefore = counter.requests;
  const end = performance.now() + durationMs;
  await Promise.all(
    phones.map(async ({ group, local }, i) => {
      for (let k = 0; performance.now() < end && k < group.length * 18; k++) {
        const playerId = group[k % group.length]!;
        const hole = Math.floor(k / group.length) + 1;
        const doc = score(round.id, playerId, hole, scorers[i]!, `phone-${i}`, Date.now() - 1000);
        const started = performance.now();
        await local.put(doc);
        const seen = await visible(trip, `${round.id}-${playerId}`, hole, doc.strokes, started, counter);
        if (seen === undefined) missing += 1;
        else {
          ms.push(seen);
          const sent = pushed.get(`${i} ${doc._id}`);
          if (sent !== undefined) split.push({ onPhone: sent - started, fromPush: started + seen - sent });
        }
        // A scorer's next tap: 300–700 ms later (spread so the phones do not write in lockstep).
        await new Promise((r) => setTimeout(r, 300 + ((i * 37 + k * 11) % 400)));
      }
    }),
  );
  lag.disable();
  const used = process.cpuUsage(myCpu);
  const clientCpuPercent = ((used.user + used.system) / 1000 / (performance.now() - myStart)) * 100;
  const cpuAfter = await cpuMs?.();
  const windowRequests = counter.requests - requestsBefore;
  // Stop every live sync and wait until it has (a longpoll cut by the server's stop must not fail the run).
  await Promise.all(
    phones.map(async ({ sync, local }) => {
      const done = new Promise((resolve) => sync.on('complete', resolve));
      sync.cancel();
      await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      await local.close();
    }),
  );
  return {
    ms,
    missing,
    syncErrors,
    requests,
    clientLagP95Ms: lag.percentile(95) / 1e6,
    clientCpuPercent,
    onPhoneMs: split.map((s) => s.onPhone),
    fromPushMs: split.map((s) => s.fromPush),
    windowRequests,
    ...(cpuBefore !== undefined && cpuAfter !== undefined ? { serverCpuMs: cpuAfter - cpuBefore } : {}),
  };
}

/** Polls the organizer's REST read of `card` until `hole` shows `strokes`: ms since `started`, or undefined after GIVE_UP_MS. */
export async function visible(trip: { tripId: string; org: { client: Pick<ReturnType<typeof api>, 'get'> } }, card: string, hole: number, strokes: number, started: number, counter: { requests: number }): Promise<number | undefined> {
  while (performance.now() - started < GIVE_UP_MS) {
    const res = await trip.org.client.get(`/trips/${trip.tripId}/scorecards/${card}/scores`);
    counter.requests += 1;
    if (res.status === 200 && (res.body.items as { hole: number; strokes: number }[]).some((s) => s.hole === hole && s.strokes === strokes)) return performance.now() - started;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return undefined;
}
