/**
 * Phase 3 of `npm run bench:load`: the same 30 scorers as phase 2, but each runs the portal's own sync library
 * (`sync/device`: RxDB, memory storage here, IndexedDB in the browser, replicating with the gateway), which is what
 * the golfer's app runs. Each enters its group's holes with `enterScore` one after another; for each, the time from
 * the local write until the organizer's REST read shows it, split as in phase 2 into the time on the device until
 * the `_bulk_docs` carrying it is sent and the time after.
 *
 * The devices run in three worker threads of 10: RxDB's open-source build allows 13 collections per JavaScript realm
 * (error COL23), and each device is a database with one. The CPU printed is the whole process's (every thread; up to
 * 200 % on 2 CPUs), the event loop delay the worst worker's.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';
import { openTrip, type DeviceTrip } from '../sync/device/index.js';
import { PHONES, visible, type PhonesResult } from './load-phones.js';
import { api } from '../test/support/client.js';
import { buildTrip } from './support.js';

type Trip = Awaited<ReturnType<typeof buildTrip>>;
const WORKERS = 3;

export async function runDevices(baseUrl: string, durationMs: number, cpuMs?: () => Promise<number>): Promise<PhonesResult> {
  const trip = await buildTrip(baseUrl, { players: 1 + PHONES * 4, rounds: 1, groupSize: 4 });
  const tokens: string[] = [];
  for (const group of trip.rounds[0]!.groups) {
    const issued = await trip.org.client.post('/trip-portal/token', { tripId: trip.tripId, playerId: group[0]! });
    if (issued.status !== 201) throw new Error(`token: ${issued.status} ${issued.text}`);
    tokens.push(issued.body.token as string);
  }
  const plain = { tripId: trip.tripId, orgToken: trip.orgToken, rounds: trip.rounds };
  const workers = Array.from({ length: WORKERS }, (_, w) => new Worker(new URL('./load-devices-worker.mjs', import.meta.url), { workerData: { baseUrl, trip: plain, tokens, share: w, of: WORKERS, durationMs } }));
  // A worker that fails or exits early fails the phase instead of leaving it waiting.
  const delivered = new Set<Worker>();
  const failed = new Promise<never>((_, reject) => {
    for (const worker of workers) {
      worker.once('error', reject);
      worker.once('exit', (code) => !delivered.has(worker) && reject(new Error(`a device worker exited (${code}) before its result`)));
    }
  });
  const ready = workers.map((worker) => new Promise<void>((resolve, reject) => {
    worker.once('message', (m: { ready?: boolean }) => (m.ready ? resolve() : reject(new Error('worker not ready'))));
  }));
  await Promise.race([Promise.all(ready), failed]);
  const cpuBefore = await cpuMs?.();
  const results = workers.map(
    (worker) =>
      new Promise<PhonesResult>((resolve) =>
        worker.once('message', (result: PhonesResult) => {
          delivered.add(worker);
          resolve(result);
        }),
      ),
  );
  // process.cpuUsage() counts every thread of the process: measured here, once, around all the workers' run.
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (const worker of workers) worker.postMessage('go');
  const parts = await Promise.race([Promise.all(results), failed]);
  const used = process.cpuUsage(cpu);
  const clientCpuPercent = ((used.user + used.system) / 1000 / (performance.now() - started)) * 100;
  failed.catch(() => undefined);
  const cpuAfter = await cpuMs?.();
  for (const worker of workers) worker.removeAllListeners('exit');
  await Promise.all(workers.map((w) => w.terminate()));
  const requests: Record<string, number[]> = {};
  for (const part of parts) for (const [k, xs] of Object.entries(part.requests)) (requests[k] ??= []).push(...xs);
  return {
    ms: parts.flatMap((p) => p.ms),
    missing: parts.reduce((n, p) => n + p.missing, 0),
    syncErrors: parts.reduce((n, p) => n + p.syncErrors, 0),
    requests,
    clientLagP95Ms: Math.max(...parts.map((p) => p.clientLagP95Ms)),
    clientCpuPercent,
    onPhoneMs: parts.flatMap((p) => p.onPhoneMs),
    fromPushMs: parts.flatMap((p) => p.fromPushMs),
    windowRequests: parts.reduce((n, p) => n + p.windowRequests, 0),
    ...(cpuBefore !== undefined && cpuAfter !== undefined ? { serverCpuMs: cpuAfter - cpuBefore } : {}),
  };
}

/** In a worker: the devices of groups `share`, `share + of`, …, started, then run when the main thread says go. */
async function runShare(data: { baseUrl: string; trip: Pick<Trip, 'tripId' | 'orgToken' | 'rounds'>; tokens: string[]; share: number; of: number; durationMs: number }): Promise<void> {
  const { baseUrl, tokens, durationMs } = data;
  const trip = { ...data.trip, org: { client: api(baseUrl, data.trip.orgToken) } };
  const round = trip.rounds[0]!;
  const mine = round.groups.map((g, i) => ({ group: g, i })).filter(({ i }) => i % data.of === data.share);
  const requests: Record<string, number[]> = {};
  const counter = { requests: 0 };
  const pushed = new Map<string, number>();
  let syncErrors = 0;
  const devices: DeviceTrip[] = await Promise.all(
    mine.map(async ({ i }) => {
      // Every request of the device, timed by endpoint; and when each score left it (its first `_bulk_docs`).
      const timedFetch: typeof fetch = async (input, init) => {
        const url = String(input instanceof Request ? input.url : input);
        const started = performance.now();
        const body = init?.body;
        if (url.includes('/_bulk_docs') && typeof body === 'string') {
          for (const m of body.matchAll(/"_id":"(score:[^"]+)"/g)) if (!pushed.has(`${i} ${m[1]}`)) pushed.set(`${i} ${m[1]}`, started);
        }
        const res = await fetch(input, init);
        const kind = /\/(_\w+)/.exec(url.split(trip.tripId)[1] ?? '')?.[1] ?? (url.includes('/sync/') ? 'doc' : 'rest');
        (requests[kind] ??= []).push(performance.now() - started);
        counter.requests += 1;
        return res;
      };
      const device = await openTrip({ baseUrl, token: tokens[i]!, deviceId: `device-${i}`, storage: getRxStorageMemory(), fetch: timedFetch, retry: { initialMs: 100, maxMs: 1_000 } });
      await device.awaitInSync({ timeoutMs: 60_000 });
      return device;
    }),
  );

  parentPort!.postMessage({ ready: true });
  await new Promise((resolve) => parentPort!.once('message', resolve));
  const ms: number[] = [];
  const split: { onPhone: number; fromPush: number }[] = [];
  let missing = 0;
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const requestsBefore = counter.requests;
  const end = performance.now() + durationMs;
  await Promise.all(
    devices.map(async (device, d) => {
      const { group, i } = mine[d]!;
      for (let k = 0; performance.now() < end && k < group.length * 18; k++) {
        const playerId = group[k % group.length]!;
        const hole = Math.floor(k / group.length) + 1;
        const strokes = 3 + ((hole * 7 + k) % 5);
        const scorecardId = `${round.id}-${playerId}`;
        const started = performance.now();
        try {
          await device.enterScore({ scorecardId, roundId: round.id, playerId, hole, strokes });
        } catch {
          syncErrors += 1;
          continue;
        }
        const seen = await visible(trip, scorecardId, hole, strokes, started, counter);
        if (seen === undefined) missing += 1;
        else {
          ms.push(seen);
          const sent = pushed.get(`${i} score:${scorecardId}:${hole}`);
          if (sent !== undefined) split.push({ onPhone: sent - started, fromPush: started + seen - sent });
        }
        // A scorer's next tap: 300–700 ms later, as in phase 2.
        await new Promise((r) => setTimeout(r, 300 + ((i * 37 + k * 11) % 400)));
      }
    }),
  );
  lag.disable();
  const windowRequests = counter.requests - requestsBefore;
  await Promise.all(devices.map((d) => d.close()));
  const result: PhonesResult = {
    ms,
    missing,
    syncErrors,
    requests,
    clientLagP95Ms: lag.percentile(95) / 1e6,
    // process.cpuUsage() in a worker counts every thread: the main thread measures the process once instead.
    clientCpuPercent: Number.NaN,
    onPhoneMs: split.map((s) => s.onPhone),
    fromPushMs: split.map((s) => s.fromPush),
    windowRequests,
  };
  parentPort!.postMessage(result);
}

if (!isMainThread && (workerData as { share?: number } | null)?.share !== undefined) {
  void runShare(workerData).catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
