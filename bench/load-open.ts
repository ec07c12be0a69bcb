/**
 * Phase `open` of `npm run bench:load` (issue 33): the reads and writes targets under an open-loop load, four times
 * a full trip day's peak request rate, arrivals on a schedule whatever the answers do, the generator in a process of
 * its own (bench/load-open-child.ts).
 *
 * The rate: `bench:tripday`'s embedded day (one app server over its embedded store; 36 phones on the golfer's sync
 * library, two TVs polling every 3 s, the organizer reading one score in four to REST), every request it answered
 * by kind, its busiest 10 s window (bench/tripday-rate.ts). By default the figures recorded below; with
 * `LOAD_TRIPDAY_RATE=measure` the embedded day runs first (`TRIPDAY_ONLY=embedded npm run bench:tripday`, about
 * 3 minutes) and its figures are used; `LOAD_TRIPDAY_RATE=<file>` reads them from a `TRIPDAY_RATE_JSON` file.
 * The trip day's time is compressed (`TRIPDAY_MINUTE_MS`, 400 ms of wall time per minute of golf, 150 times a real
 * day's pace) for the phones' scores and syncs; the TVs poll at their real 3 s. The rate is that of the bench's day,
 * not of a real one, and far above it.
 */
import { fork, spawn } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPEN_KINDS, HELD_KINDS, WRITE_KINDS, type OpenKind, type OpenPlan, type OpenResult } from './load-open-child.js';
import type { LoadTrip } from './load-rest.js';
import { HERE } from './load-server.js';
import { fmt, percentile } from './support.js';
import { PEAK_WINDOW_MS, type DayKind } from './tripday-rate.js';

/** Four times the trip day's peak (issue 33); `LOAD_OPEN_FACTOR` sends another multiple, to find where the targets hold. */
export const OPEN_FACTOR = Number(process.env.LOAD_OPEN_FACTOR ?? 4);
export const OPEN_MS = 10_000;
/**
 * Before the measured 10 s, the same load on another trip of the same server for this long, not counted
 * (`LOAD_OPEN_WARMUP_MS`, 0 for none): the server has just started, and the first seconds of any load run its code
 * before V8 has compiled it with its optimizing tiers (a server in production has been up for hours). Its figures are
 * printed too: what a server restarted into a trip day's peak gives.
 */
export const OPEN_WARMUP_MS = Number(process.env.LOAD_OPEN_WARMUP_MS ?? 5_000);
const MAX_IN_FLIGHT = 1_000;
const DRAIN_MS = 10_000;

export interface TripdayRate {
  /** Where the figures come from, for the printout. */
  source: string;
  peakPerSecond: number;
  peakMix: [DayKind, number][];
}

/**
 * The embedded day's busiest 10 s, requests per second by kind, as measured on 2026-12-01 at commit c3ce8d6 (plus
 * the rate logging of this change) on this 2-core machine with
 * `TRIPDAY_ONLY=embedded TRIPDAY_RATE_JSON=/tmp/tripday-rate.json npx tsx bench/tripday.bench.ts`.
 */
export const RECORDED_TRIPDAY_RATE: TripdayRate = {
  source: 'recorded 2026-12-01 at c3ce8d6 (TRIPDAY_ONLY=embedded bench:tripday, TRIPDAY_MINUTE_MS=400): busiest 10 s window at 31 s of a 129 s day, 37,741 requests in the day',
  peakPerSecond: 373.6,
  peakMix: [
    ['phone push _bulk_docs', 24.8],
    ['phone push _all_docs', 24.8],
    ['phone pull _changes', 0],
    ['phone longpoll _changes', 310.5],
    ['phone REST', 0],
    ['TV display poll', 0.6],
    ['organizer scorecard read', 12.9],
    ['other', 0],
  ],
};

async function rateFromFile(file: string, source: string): Promise<TripdayRate> {
  const json = JSON.parse(await readFile(file, 'utf8')) as { peakPerSecond: number; peakMix: [DayKind, number][]; peakAtMs: number; dayMs: number };
  return { source: `${source}: busiest ${PEAK_WINDOW_MS / 1000} s window at ${fmt(json.peakAtMs / 1000)} s of a ${fmt(json.dayMs / 1000)} s day`, peakPerSecond: json.peakPerSecond, peakMix: json.peakMix };
}

/** The trip day's rate `LOAD_TRIPDAY_RATE` asks for: recorded (default), `measure`d now, or from a file. */
export async function tripdayRate(): Promise<TripdayRate> {
  const how = process.env.LOAD_TRIPDAY_RATE;
  if (!how) return RECORDED_TRIPDAY_RATE;
  if (how !== 'measure') return rateFromFile(how, `from ${how}`);
  const file = join(tmpdir(), `golf-tripday-rate-${process.pid}.json`);
  console.log('  measuring the trip day\'s rate first: TRIPDAY_ONLY=embedded bench:tripday (its output follows)');
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/tripday.bench.ts'], { cwd: HERE, env: { ...process.env, TRIPDAY_ONLY: 'embedded', TRIPDAY_RATE_JSON: file }, stdio: ['ignore', 'inherit', 'inherit'] });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`bench:tripday exited ${code}`);
  try {
    return await rateFromFile(file, `measured now (TRIPDAY_ONLY=embedded bench:tripday, TRIPDAY_MINUTE_MS=${process.env.TRIPDAY_MINUTE_MS ?? 400})`);
  } finally {
    await rm(file, { force: true });
  }
}

/** Arrivals per second of each kind the generator sends: OPEN_FACTOR × the peak window's mix (kinds it cannot send are reported). */
export function openRates(rate: TripdayRate): { rates: [OpenKind, number][]; left: [DayKind, number][] } {
  const sendable = new Set<string>(OPEN_KINDS);
  return {
    rates: rate.peakMix.filter(([k]) => sendable.has(k)).map(([k, r]) => [k as OpenKind, r * OPEN_FACTOR]),
    left: rate.peakMix.filter(([k, r]) => !sendable.has(k) && r > 0),
  };
}

export interface OpenRun {
  result: OpenResult;
  /** Server CPU (user + system) during the schedule and drain, ms. */
  serverCpuMs: number;
}

/** A display access code for the load trip's TV (the trip day's TVs poll `/display/codes/:code`). */
async function displayCode(load: LoadTrip): Promise<string> {
  const res = await load.trip.org.client.post(`/trips/${load.trip.tripId}/display/access-code`);
  if (res.status >= 300) throw new Error(`display code: ${res.status} ${res.text}`);
  return res.body.code as string;
}

/** One open-loop run on a fresh load trip (its cards not written yet, as at a day's start). */
export async function runOpen(baseUrl: string, load: LoadTrip, rates: [OpenKind, number][], cpuMs: () => Promise<number>, durationMs = OPEN_MS): Promise<OpenRun> {
  const { trip, sessions } = load;
  const phones = trip.rounds.flatMap((round) => round.groups.map((group) => ({ session: sessions.get(group[0]!)!, scorer: group[0]!, roundId: round.id, players: group })));
  const plan: OpenPlan = { baseUrl, tripId: trip.tripId, orgToken: trip.orgToken, displayCode: await displayCode(load), phones, rates, durationMs, maxInFlight: MAX_IN_FLIGHT, drainMs: DRAIN_MS, seed: 33 };
  const child = fork(fileURLToPath(new URL('./load-open-child.ts', import.meta.url)), [], { execArgv: ['--import', 'tsx'], env: { ...process.env, LOAD_OPEN_CHILD: '1' }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const answer = new Promise<OpenResult>((resolve, reject) => {
    child.once('message', (m: { result?: OpenResult; error?: string }) => (m.result ? resolve(m.result) : reject(new Error(`open-loop generator: ${m.error}`))));
    child.once('exit', (code) => reject(new Error(`open-loop generator exited (${code})`)));
  });
  await new Promise<void>((resolve) => child.once('spawn', () => resolve()));
  const before = await cpuMs();
  child.send(plan);
  const result = await answer;
  const after = await cpuMs();
  return { result, serverCpuMs: after - before };
}

const statOf = (r: OpenResult, kinds: readonly OpenKind[]) => {
  const of = r.kinds.filter(([k]) => kinds.includes(k));
  return { ms: of.flatMap(([, s]) => s.ms), errors: of.reduce((n, [, s]) => n + s.errors.reduce((a, [, c]) => a + c, 0), 0) };
};
export const openReads = (r: OpenResult) => statOf(r, OPEN_KINDS.filter((k) => !WRITE_KINDS.includes(k) && !HELD_KINDS.includes(k)));
export const openWrites = (r: OpenResult) => statOf(r, WRITE_KINDS);
export const openHeld = (r: OpenResult) => statOf(r, HELD_KINDS);
export const openErrors = (r: OpenResult) => statOf(r, OPEN_KINDS).errors;

const p = (xs: number[]) => `p50/p95/p99 ${fmt(percentile(xs, 50))}/${fmt(percentile(xs, 95))}/${fmt(percentile(xs, 99))} ms`;

/** The rate used and how it was derived. */
export function openRateLines(rate: TripdayRate, rates: [OpenKind, number][], left: [DayKind, number][]): string[] {
  const total = rates.reduce((n, [, r]) => n + r, 0);
  return [
    `open-loop rate: ${fmt(total, 1)} requests/s = ${OPEN_FACTOR} × the trip day's peak ${fmt(rate.peakPerSecond, 1)}/s (${rate.source})`,
    `  by kind (${OPEN_FACTOR} × the peak window's mix): ${rates.map(([k, r]) => `${k} ${fmt(r, 1)}/s`).join(', ')}`,
    ...(left.length ? [`  not sent (the generator has no such client): ${left.map(([k, r]) => `${k} ${fmt(r * OPEN_FACTOR, 1)}/s`).join(', ')}`] : []),
  ];
}

export function openRunLines(label: string, run: number, o: OpenRun): string[] {
  const r = o.result;
  const reads = openReads(r);
  const writes = openWrites(r);
  const held = openHeld(r);
  const byKind = r.kinds
    .filter(([, s]) => s.ms.length || s.errors.length)
    .map(([k, s]) => `${k} ${fmt(s.ms.length)}× p95 ${fmt(percentile(s.ms, 95))}${s.errors.length ? ` errors ${s.errors.map(([why, n]) => `${why} ${n}`).join(', ')}` : ''}`)
    .join('; ');
  const answered = r.kinds.reduce((n, [, s]) => n + s.ms.length, 0);
  return [
    `  ${label} run ${run}: open loop, reads ${p(reads.ms)} (${fmt(reads.ms.length)}), writes ${p(writes.ms)} (${fmt(writes.ms.length)}), errors ${reads.errors}+${writes.errors}+${held.errors} (reads+writes+longpolls), not sent on time ${fmt(r.notSent)}`,
    `    scheduled ${fmt(r.scheduled)} in ${fmt(r.scheduleMs / 1000)} s (${fmt(r.scheduled / (r.scheduleMs / 1000), 1)}/s), sent ${fmt(r.sent)}, answered 2xx ${fmt(answered)}, answered within the schedule ${fmt(r.answeredInSchedule, 1)}/s; sent late by p50/p95/max ${fmt(r.sendLagMs[0], 1)}/${fmt(r.sendLagMs[1], 1)}/${fmt(r.sendLagMs[2], 1)} ms; at most ${fmt(r.maxInFlightSeen)} in flight (bound ${MAX_IN_FLIGHT}); longpolls ${fmt(held.ms.length)} answered (p50 ${fmt(percentile(held.ms, 50))} ms), ${r.heldAtEnd} open at the end`,
    `    server CPU ${fmt(o.serverCpuMs / Math.max(1, answered), 2)} ms/request, ${fmt((o.serverCpuMs / r.wallMs) * 100)}% of a core; generator CPU ${fmt((r.cpuMs / r.wallMs) * 100)}% of a core`,
    `    by kind, from the scheduled time (ms): ${byKind}`,
    `    p95 reads/writes by second of the schedule (ms): ${r.bySecond.map((s, i) => `${i}s ${fmt(percentile(s.reads, 95))}/${fmt(percentile(s.writes, 95))}`).join(', ')}`,
  ];
}

export const OPEN_TARGETS = { readsP95Ms: 100, writesP95Ms: 250 };

export function openVerdictLines(runs: OpenRun[]): string[] {
  const reads = percentile(runs.flatMap((o) => openReads(o.result).ms), 95);
  const writes = percentile(runs.flatMap((o) => openWrites(o.result).ms), 95);
  const errors = runs.reduce((n, o) => n + openErrors(o.result), 0);
  const notSent = runs.reduce((n, o) => n + o.result.notSent, 0);
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  return [
    `  target open loop reads p95 < ${OPEN_TARGETS.readsP95Ms} ms: ${met(reads < OPEN_TARGETS.readsP95Ms)} (${fmt(reads)}); writes p95 < ${OPEN_TARGETS.writesP95Ms} ms: ${met(writes < OPEN_TARGETS.writesP95Ms)} (${fmt(writes)}); 0 errors: ${met(errors === 0)} (${errors}, of which ${notSent} not sent on time)`,
  ];
}

