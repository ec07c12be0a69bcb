/**
 * Phase `floor` of `npm run bench:load`: what the REST phase's clients get from this machine when nothing else runs.
 * The same 250 closed-loop clients (each asks again as soon as it is answered) on one route at a time, no writers,
 * 5 s each: `/health` (HTTP and Koa, no session, no store), then each kind of read of the REST phase.
 *
 * Why: the REST phase's reads p95 is bounded from below by what one route alone costs. With every client closed-loop,
 * the mean latency is clients ÷ answers per second (Little's law), so 250 clients at a mean of 60 ms need about
 * 4,000 answers a second; this phase says how many this server and this machine give.
 */
import { closeLightClient, lightRequest } from './load-http.js';
import { READ_MIX, READERS, readCall, WRITERS, type LoadTrip } from './load-rest.js';
import { percentile } from './support.js';

export const FLOOR_CLIENTS = READERS + WRITERS;
const FLOOR_MS = 5_000;

export interface FloorRow {
  route: string;
  ms: number[];
  errors: number;
  perSecond: number;
  /** Server CPU time per answer (user + system, ms), when known. */
  serverCpuMs?: number;
}

export async function runFloor(baseUrl: string, load: LoadTrip, cpuMs?: () => Promise<number>): Promise<FloorRow[]> {
  const routes: [string, (i: number) => () => Promise<{ status: number }>][] = [
    ['/health', () => () => lightRequest(baseUrl, 'GET', '/health')],
    ...READ_MIX.map(([kind]) => [kind, (i: number) => readCall(baseUrl, load, kind, i)] as [string, (i: number) => () => Promise<{ status: number }>]),
  ];
  const rows: FloorRow[] = [];
  for (const [route, callOf] of routes) {
    const ms: number[] = [];
    let errors = 0;
    const cpuBefore = await cpuMs?.();
    const started = performance.now();
    const end = started + FLOOR_MS;
    await Promise.all(
      Array.from({ length: FLOOR_CLIENTS }, async (_, i) => {
        const call = callOf(i);
        while (performance.now() < end) {
          const asked = performance.now();
          try {
            const res = await call();
            if (res.status < 200 || res.status >= 300) errors += 1;
          } catch {
            errors += 1;
          }
          ms.push(performance.now() - asked);
        }
      }),
    );
    const wallMs = performance.now() - started;
    const cpuAfter = await cpuMs?.();
    rows.push({ route, ms, errors, perSecond: (ms.length / wallMs) * 1000, ...(cpuBefore !== undefined && cpuAfter !== undefined ? { serverCpuMs: (cpuAfter - cpuBefore) / Math.max(1, ms.length) } : {}) });
  }
  closeLightClient();
  return rows;
}

export const floorLine = (r: FloorRow) =>
  `${r.route.padEnd(24)} p50/p95/p99 ${[50, 95, 99].map((p) => percentile(r.ms, p).toFixed(0).padStart(4)).join(' ')} ms, ${Math.round(r.perSecond).toLocaleString('en-US').padStart(6)} answers/s, server CPU ${r.serverCpuMs?.toFixed(2) ?? '?'} ms/answer (${r.serverCpuMs ? Math.round(1000 / r.serverCpuMs).toLocaleString('en-US') : '?'} answers/s per core), errors ${r.errors}`;
