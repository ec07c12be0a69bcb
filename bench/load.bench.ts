/**
 * Load benchmark (issue 16, Load): `npm run bench:load`. Prints numbers; fails only if the work was not done.
 *
 * 0. Open loop (`open`, bench/load-open.ts, issue 33): the reads and writes targets. Four times the peak request
 *    rate of `bench:tripday`'s embedded day (its busiest 10 s; phones' pushes, pulls and longpolls through the sync
 *    gateway, TV polls, organizer reads, in that window's mix), Poisson arrivals on a schedule whatever the answers
 *    do, from a generator in a process of its own (bench/load-open-child.ts), on a fresh 144-player trip for 10 s.
 *    Prints the rate used and how it was derived (`LOAD_TRIPDAY_RATE=measure` runs the embedded day first and uses
 *    its figures; by default those recorded in bench/load-open.ts). Targets: reads p95 < 100 ms, writes (the phones'
 *    `_bulk_docs`) p95 < 250 ms, 0 errors (an arrival the generator could not send, over its in-flight bound, is one).
 * 1. REST, closed loop (bench/load-rest.ts): a saturation measure, no latency target. 200 readers of a 144-player
 *    trip (leaderboards, the TV's display payload, scorecards, the trip overview) and 50 score writers (portal and
 *    dashboard), each asking again as soon as answered, for 10 s; p50/p95/p99 per kind, errors, every acknowledged
 *    write checked through REST afterwards, and the throughput: answers per second, and per core the server used
 *    (its CPU time over the wall time). Checks: 0 errors, nothing lost.
 *    Then (`floor`, bench/load-floor.ts) the same 250 clients on one route at a time with no writers, 5 s each:
 *    `/health` and each kind of read alone, what this machine gives at best.
 * 2. Phones (bench/load-phones.ts): 30 phones in PouchDB live sync with the gateway enter scores locally; p95 from
 *    a phone's local write to REST visibility. Target < 500 ms.
 *
 * 3. Devices (bench/load-devices.ts): the same 30 scorers on the portal's own sync library (sync/device, RxDB), which
 *    is what the golfer's app runs; the same measure and target.
 * The server runs as its own process, as in production. The peer is the server before the load work: with
 * `LOAD_BASELINE=<dir>` (a worktree of an earlier commit with node_modules linked in) both run, interleaved, in one
 * session, each on a fresh data directory (several, comma-separated, to bisect). `LOAD_RUNS=n` repeats (default 1); `LOAD_CPU_PROF=<dir>` profiles the
 * server process (this checkout's) with `--cpu-prof`; `LOAD_OPEN_FACTOR=n` sends n times the trip day's peak instead of 4; `LOAD_PHASES=open|rest|floor|phones|devices` runs those phases only (comma-separated);
 * `LOAD_KEEP_DATA=1` keeps the runs' data directories (LevelDB's own LOG files say when it flushed or made writes wait). A baseline:
 *   git worktree add --detach /tmp/load-base <commit> && ln -s "$PWD/node_modules" /tmp/load-base/node_modules
 *   LOAD_BASELINE=/tmp/load-base LOAD_RUNS=2 npm run bench:load
 * Latencies depend on what else the machine runs (the load average is printed with each run); the server's CPU time
 * per request (from /proc) depends much less on it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runDevices } from './load-devices.js';
import { floorLine, FLOOR_CLIENTS, runFloor, type FloorRow } from './load-floor.js';
import { runPhones, PHONES, type PhonesResult } from './load-phones.js';
import { buildLoadTrip, DURATION_MS, pct, readErrors, READ_MIX, READERS, runLoad, summarize, writeErrors, WRITERS, type LoadResult } from './load-rest.js';
import { OPEN_FACTOR, OPEN_WARMUP_MS, openErrors, openRateLines, openRates, openReads, openRunLines, openVerdictLines, openWrites, runOpen, tripdayRate, type OpenRun } from './load-open.js';
import type { OpenKind } from './load-open-child.js';
import { HERE, startLoadServer } from './load-server.js';
import { fmt, percentile } from './support.js';

const PHONE_P95_TARGET = 500;
const SECRET = 'bench-secret-that-is-long-enough-0123456789';

interface Target {
  label: string;
  root: string;
  /** Phase `open`: each run's open-loop load (bench/load-open.ts). */
  open: OpenRun[];
  rest: LoadResult[];
  /** Phase `floor`: each run's routes alone (bench/load-floor.ts). */
  floor: FloorRow[][];
  phones: PhonesResult[];
  devices: PhonesResult[];
}

/** One run of phase 2 or 3, printed. */
function printPhones(label: string, run: number, what: string, p: PhonesResult): void {
  const byKind = Object.entries(p.requests).map(([k, xs]) => `${k} ${xs.length}× p50 ${fmt(percentile(xs, 50))} p95 ${fmt(percentile(xs, 95))}`).join(', ');
  console.log(`  ${label} run ${run}: ${what} requests (ms): ${byKind}`);
  console.log(`  ${label} run ${run}: each score on the ${what === 'phone' ? 'phone' : 'device'} until its _bulk_docs is sent p50/p95 ${fmt(percentile(p.onPhoneMs, 50))} ${fmt(percentile(p.onPhoneMs, 95))} ms, then until REST shows it ${fmt(percentile(p.fromPushMs, 50))} ${fmt(percentile(p.fromPushMs, 95))} ms`);
  console.log(`  ${label} run ${run}: ${what}s write→REST p50/p95/max ${fmt(percentile(p.ms, 50))} ${fmt(percentile(p.ms, 95))} ${fmt(Math.max(...p.ms))} ms (${p.ms.length} scores), missing ${p.missing}, sync errors ${p.syncErrors}, their process's event loop delay p95 ${fmt(p.clientLagP95Ms)} ms and CPU ${fmt(p.clientCpuPercent)}% of a core, server CPU ${fmt((p.serverCpuMs ?? NaN) / (p.windowRequests || 1), 2)} ms/request (${fmt(p.windowRequests)} requests), load ${loadavg()[0]!.toFixed(1)}`);
}

/** The closed loop's throughput: answers per second, the cores the server used (CPU time ÷ wall time), answers per second per core. */
function throughput(answers: number, wallMs: number, serverCpuMs: number | undefined): { perSecond: number; cores: number; perCore: number } {
  const perSecond = (answers / wallMs) * 1000;
  const cores = (serverCpuMs ?? Number.NaN) / wallMs;
  return { perSecond, cores, perCore: perSecond / cores };
}
const throughputText = (t: ReturnType<typeof throughput>) => `${fmt(t.perSecond)} answers/s, server ${fmt(t.cores, 2)} cores, ${fmt(t.perCore)} answers/s per core`;

async function runOnce(t: Target, dir: string, run: number, phases: Set<string>, openRateTable: [OpenKind, number][]): Promise<void> {
  const profile = t.root === HERE ? process.env.LOAD_CPU_PROF : undefined;
  const server = await startLoadServer({ root: t.root, dataDir: join(dir, `${t.label}-${run}`), jwtSecret: SECRET, ...(profile ? { cpuProfDir: profile } : {}) });
  try {
    const trip = phases.has('rest') || phases.has('floor') ? await buildLoadTrip(server.url) : undefined;
    if (phases.has('open')) {
      // A trip of its own, its cards not written yet (as at a day's start), and first: the store holds only the trips.
      // The warm-up has one too: its cards are written by then, and their revisions are that generator's.
      const measured = await buildLoadTrip(server.url);
      if (OPEN_WARMUP_MS > 0) {
        const w = await runOpen(server.url, await buildLoadTrip(server.url), openRateTable, () => server.cpuMs(), OPEN_WARMUP_MS);
        const lines = openRunLines(`${t.label} warm-up`, run, w);
        console.log(`${lines[0]!} (not counted)\n${lines[1]!}\n${lines.at(-1)!}`);
      }
      const o = await runOpen(server.url, measured, openRateTable, () => server.cpuMs());
      t.open.push(o);
      for (const l of openRunLines(t.label, run, o)) console.log(l);
    }
    if (trip && phases.has('rest')) {
      const r = await runLoad(server.url, trip, () => server.cpuMs());
      t.rest.push(r);
      const s = summarize(r);
      console.log(
        `  ${t.label} run ${run}: closed loop, ${throughputText(throughput(s.reads.length + s.writes.length, r.wallMs, r.serverCpuMs))}; reads p50/p95/p99 ${pct(s.reads)} ms (${fmt(s.reads.length)}), writes ${pct(s.writes)} ms (${fmt(s.writes.length)}), errors ${readErrors(r)}+${writeErrors(r)}, lost ${r.lost.length}, server CPU ${fmt((r.serverCpuMs ?? NaN) / ((s.reads.length + s.writes.length) || 1), 1)} ms/request, load generator CPU ${fmt(r.clientCpuMs / r.wallMs * 100)}% and event loop delay p95 ${fmt(r.clientLagP95Ms)} ms, load ${loadavg()[0]!.toFixed(1)}`,
      );
      const tl = r.timeline;
      console.log(
        `    per second, writes ${tl.writesPerSecond.join(' ')}; reads ${tl.readsPerSecond.join(' ')}; longest time with no write answered ${fmt(tl.longestWriteGapMs)} ms; writers with a write over 2 s: ${tl.writersOver2s} of ${WRITERS}`,
      );
      for (const l of r.lost.slice(0, 5)) console.log(`    LOST ${l}`);
    }
    if (trip && phases.has('floor')) {
      const rows = await runFloor(server.url, trip, () => server.cpuMs());
      t.floor.push(rows);
      console.log(`  ${t.label} run ${run}: floor, ${FLOOR_CLIENTS} closed-loop clients on one route at a time, no writers:`);
      for (const row of rows) console.log(`    ${floorLine(row)}`);
    }
    if (phases.has('phones')) {
      const p = await runPhones(server.url, dir, DURATION_MS, () => server.cpuMs());
      t.phones.push(p);
      printPhones(t.label, run, 'phone', p);
    }
    if (phases.has('devices')) {
      const p = await runDevices(server.url, DURATION_MS, () => server.cpuMs());
      t.devices.push(p);
      printPhones(t.label, run, 'device', p);
    }
  } finally {
    await server.stop();
    if (/error|unhandled/i.test(server.output())) console.log(`  server output (${t.label}):\n${server.output().slice(-2000)}`);
  }
}

function table(targets: Target[]): void {
  const cols = targets.map((t) => t.label.padStart(22)).join(' ');
  console.log(`\nLoad — p50 / p95 / p99 ms over every run (${targets[0]!.open.length || targets[0]!.rest.length || targets[0]!.phones.length || targets[0]!.devices.length} each)   ${cols}`);
  const line = (name: string, f: (t: Target) => string) => console.log(`  ${name.padEnd(44)} ${targets.map((t) => f(t).padStart(22)).join(' ')}`);
  if (targets[0]!.open.length) {
    line(`open loop (${OPEN_FACTOR} × the trip day's peak): reads`, (t) => pct(t.open.flatMap((o) => openReads(o.result).ms)));
    line('  writes (phones\' _bulk_docs)', (t) => pct(t.open.flatMap((o) => openWrites(o.result).ms)));
    line('  errors, of which not sent on time, per run', (t) => t.open.map((o) => `${openErrors(o.result)},${o.result.notSent}`).join(' '));
    line('  scheduled/s, answered within it/s, per run', (t) => t.open.map((o) => `${fmt(o.result.scheduled / (o.result.scheduleMs / 1000))},${fmt(o.result.answeredInSchedule)}`).join(' '));
    line('  server CPU ms per request, per run', (t) => t.open.map((o) => fmt(o.serverCpuMs / Math.max(1, o.result.kinds.reduce((n, [, k]) => n + k.ms.length, 0)), 2)).join(' '));
  }
  if (targets[0]!.rest.length) {
    const all = (t: Target, kinds: (s: ReturnType<typeof summarize>) => number[]) => t.rest.flatMap((r) => kinds(summarize(r)));
    line(`reads, all (${READERS} readers)`, (t) => pct(all(t, (s) => s.reads)));
    for (const [kind] of READ_MIX) line(`  ${kind}`, (t) => pct(t.rest.flatMap((r) => r.stats.get(kind)?.ms ?? [])));
    line(`score writes, all (${WRITERS} writers)`, (t) => pct(all(t, (s) => s.writes)));
    for (const kind of ['portal score write', 'organizer score write'] as const) line(`  ${kind}`, (t) => pct(t.rest.flatMap((r) => r.stats.get(kind)?.ms ?? [])));
    line('requests per run (reads + writes)', (t) => t.rest.map((r) => `${fmt(summarize(r).reads.length)}+${fmt(summarize(r).writes.length)}`).join(' '));
    line('errors (reads + writes)', (t) => t.rest.map((r) => `${readErrors(r)}+${writeErrors(r)}`).join(' '));
    line('acknowledged writes lost', (t) => t.rest.map((r) => r.lost.length).join(' '));
    line('write p95 per run', (t) => t.rest.map((r) => fmt(percentile(summarize(r).writes, 95))).join(' '));
    line('read p95 per run', (t) => t.rest.map((r) => fmt(percentile(summarize(r).reads, 95))).join(' '));
    line('server CPU ms per request, per run', (t) => t.rest.map((r) => fmt((r.serverCpuMs ?? NaN) / (summarize(r).reads.length + summarize(r).writes.length), 1)).join(' '));
    const tp = (r: LoadResult) => throughput(summarize(r).reads.length + summarize(r).writes.length, r.wallMs, r.serverCpuMs);
    line('closed loop answers/s, per run', (t) => t.rest.map((r) => fmt(tp(r).perSecond)).join(' '));
    line('  server cores used, per run', (t) => t.rest.map((r) => fmt(tp(r).cores, 2)).join(' '));
    line('  answers/s per core, per run', (t) => t.rest.map((r) => fmt(tp(r).perCore)).join(' '));
  }
  if (targets[0]!.floor.length) {
    line(`floor: ${FLOOR_CLIENTS} clients, one route alone`, () => '');
    for (const [i, row] of targets[0]!.floor[0]!.entries()) {
      line(`  ${row.route}`, (t) => pct(t.floor.flatMap((rows) => rows[i]?.ms ?? [])));
      line(`    answers/s, per run`, (t) => t.floor.map((rows) => fmt(rows[i]?.perSecond ?? NaN)).join(' '));
    }
  }
  for (const [title, of] of [
    [`${PHONES} PouchDB phones`, (t: Target) => t.phones],
    [`${PHONES} portal devices (sync/device, RxDB)`, (t: Target) => t.devices],
  ] as const) {
    if (!of(targets[0]!).length) continue;
    const ms = (t: Target) => of(t).flatMap((p) => p.ms);
    line(`${title}: local write → REST`, (t) => `${fmt(percentile(ms(t), 50))} ${fmt(percentile(ms(t), 95))} ${fmt(percentile(ms(t), 99))}`);
    line('  p95 per run', (t) => of(t).map((p) => fmt(percentile(p.ms, 95))).join(' '));
    line('  on the client until _bulk_docs sent', (t) => pct(of(t).flatMap((p) => p.onPhoneMs)));
    line('  _bulk_docs sent → REST shows it', (t) => pct(of(t).flatMap((p) => p.fromPushMs)));
    line('  clients\' process CPU, % of a core', (t) => of(t).map((p) => fmt(p.clientCpuPercent)).join(' '));
    line('  scores, missing, sync errors', (t) => of(t).map((p) => `${p.ms.length},${p.missing},${p.syncErrors}`).join(' '));
    line('  server CPU ms per request, per run', (t) => of(t).map((p) => fmt((p.serverCpuMs ?? NaN) / (p.windowRequests || 1), 2)).join(' '));
  }
  const now = targets.find((t) => t.root === HERE)!;
  if (now.open.length) for (const l of openVerdictLines(now.open)) console.log(l);
  if (now.rest.length) {
    // The closed loop is a saturation measure (its latencies are clients ÷ throughput): no latency target.
    const errors = now.rest.reduce((n, r) => n + readErrors(r) + writeErrors(r), 0);
    const lost = now.rest.reduce((n, r) => n + r.lost.length, 0);
    console.log(`  closed loop (saturation, no latency target): 0 errors: ${errors === 0 ? 'met' : 'NOT met'}; nothing lost: ${lost === 0 ? 'met' : 'NOT met'}`);
  }
  for (const [what, results] of [['PouchDB phones', now.phones], ['portal devices', now.devices]] as const) {
    if (!results.length) continue;
    const p = percentile(results.flatMap((x) => x.ms), 95);
    console.log(`  target phone write → REST p95 < ${PHONE_P95_TARGET} ms, ${what}: ${p < PHONE_P95_TARGET ? 'met' : 'NOT met'} (${fmt(p)})`);
  }
}

async function main(): Promise<void> {
  // A replication request still open when a server stops is reset; PouchDB may report it as an unhandled rejection.
  process.on('unhandledRejection', (err) => {
    if ((err as { code?: string }).code === 'ECONNRESET') return;
    console.error(err);
    process.exit(1);
  });
  const dir = await mkdtemp(join(tmpdir(), 'golf-load-'));
  const runs = Number(process.env.LOAD_RUNS ?? 1);
  const phases = new Set((process.env.LOAD_PHASES ?? 'open,rest,floor,phones,devices').split(','));
  const targets: Target[] = [{ label: 'this checkout', root: HERE, open: [], rest: [], floor: [], phones: [], devices: [] }];
  // Several baselines (comma-separated) run interleaved too, each labelled by its directory's name.
  const baselines = (process.env.LOAD_BASELINE ?? '').split(',').filter(Boolean);
  targets.unshift(...baselines.map((root) => ({ label: baselines.length === 1 ? 'baseline' : root.split('/').pop()!, root, open: [], rest: [], floor: [], phones: [], devices: [] })));
  console.log(`load benchmark — node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}, ${runs} run(s) of ${DURATION_MS / 1000} s per server`);
  let openRateTable: [OpenKind, number][] = [];
  if (phases.has('open')) {
    const rate = await tripdayRate();
    const { rates, left } = openRates(rate);
    openRateTable = rates;
    for (const l of openRateLines(rate, rates, left)) console.log(l);
  }
  try {
    for (let run = 1; run <= runs; run++) for (const t of targets) await runOnce(t, dir, run, phases, openRateTable);
    table(targets);
  } finally {
    if (process.env.LOAD_KEEP_DATA) console.log(`data directories kept in ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
  const failed = targets.some((t) => t.open.some((o) => o.result.sent === 0) || t.rest.some((r) => r.writes === 0) || t.phones.some((p) => p.ms.length === 0) || t.devices.some((p) => p.ms.length === 0));
  if (failed) throw new Error('a run did no work');
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
