/**
 * `npm run bench:tripday` (issue 25): a whole trip day at full size, as an operator deploys it. Prints numbers and
 * whether each target is met; it never fails on a target (benches report, tests assert).
 *
 * - 144 players, three rounds in play at once on three courses, 36 four-balls; one phone per group on the golfer's
 *   own sync library (bench/tripday-devices.ts: three worker threads, one per round), each entering its group's 72
 *   scores at a golfer's pace with offline gaps of 1–10 minutes, time compressed (`TRIPDAY_MINUTE_MS`, default
 *   400 ms of wall time per minute of golf: a round in about two minutes);
 * - two TV displays polling the public display view every 3 s as the TV page does (featuring round 1), and the
 *   organizer's REST read timing one score in four to REST;
 * - **CouchDB day:** two app servers (bench/load-server.ts, processes of their own) over one CouchDB stand-in
 *   (pouchdb-server keeping replicated conflicts as CouchDB does, bench/couch-child.ts, a process of its own)
 *   behind a round-robin balancer (test/sync/support/balancer.ts); a counting proxy between the app servers and
 *   the stand-in counts what they ask of it. Halfway through, app server 1 is SIGKILLed; its phones go on through
 *   the other.
 * - **Embedded day:** the same day on one app server over its embedded store, for comparison.
 *
 * Latencies are counted from the moment a score was entered on its phone, or from when the writer and the reader
 * were both back online if either was out of signal in between ("once both are online").
 *
 * `TRIPDAY_ONLY=couch|embedded` runs one of the two days; `TRIPDAY_KEEP_DATA=1` keeps the app servers' data
 * directories and the stand-in's (LevelDB's LOG files say when it compacted or made writes wait);
 * `TRIPDAY_STANDIN_LOG=<file>` has the stand-in write, each second, how long its event loop, garbage collection and
 * thread pool held it (bench/couch-child.ts); `TRIPDAY_LOOP_LOG=<file>` writes, each second, the longest this process's
 * main thread (the balancer and the proxy every request passes through) was held;
 * `TRIPDAY_PROXY_LOG=<file>` writes every request the app servers made of CouchDB during the day, one JSON line each
 * (when, in ms from the day's start; kind; URL; status; ms to answer).
 * Each day prints its request rate by kind and its peak (the busiest 10 s, bench/tripday-rate.ts: what `bench:load`'s
 * open-loop phase sends four times of); `TRIPDAY_RATE_JSON=<file>` writes the embedded day's as JSON. `TRIPDAY_BASELINE=<dir>` runs the app servers from another checkout (a worktree of an earlier commit) too, for a
 * side-by-side comparison in one session.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { api } from '../test/support/client.js';
import { stopProcess } from '../test/support/processes.js';
import { startBalancer, type Balancer } from '../test/sync/support/balancer.js';
import { HERE, startLoadServer, type LoadServer } from './load-server.js';
import { buildDay, countingProxy, must, GROUPS_PER_ROUND, onlineFrom, PLAYERS, ROUNDS, startCouchChild, startTv, type Couch } from './tripday-setup.js';
import { cpuMsOf, machineCpuMs, rssMbOf } from './proc-stats.js';
import { dayKindOf, dayRate, dayRateLines, type DayKind, type DayRate } from './tripday-rate.js';
import { fmt, median, percentile } from './support.js';
import type { PhonePlan, WorkerInput, WorkerResult } from './tripday-devices.js';

const MINUTE_MS = Number(process.env.TRIPDAY_MINUTE_MS ?? 400);
/** `TRIPDAY_ONLY=couch` or `embedded`: run one of the two days. */
const ONLY = process.env.TRIPDAY_ONLY;
const SECRET = 'tripday-bench-secret-0123456789abcdef';
const TARGET = { phonesP95Ms: 1_000, tvP95Ms: 4_000, restP95Ms: 300, couchPerPhone: 1.5 };
const verdict = (ok: boolean) => (ok ? 'target met' : 'target NOT met');

interface DayOptions {
  label: string;
  root: string;
  couch: boolean;
  kill: boolean;
}

/**
 * A sampled score's wait to REST, step by step (ms): until its phone started the push that carried it (a push under
 * way is waited for), that push's `_all_docs`, its `_bulk_docs`, then until the organizer's REST read showed it.
 */
interface RestSteps {
  totalMs: number;
  queuedMs: number;
  checkMs: number;
  writeMs: number;
  toRestMs: number;
  afterKill: boolean;
  /** When it was written, seconds into the day. */
  writtenAtS: number;
  pushesBefore: number;
  attempts: number;
}

interface DayResult {
  label: string;
  phonesMs: number[];
  phonesMissing: number;
  tvMs: number[];
  restMs: number[];
  /** The same, split by whether the score was written before the kill (both servers up) or after (one). */
  restBeforeKillMs: number[];
  restAfterKillMs: number[];
  restMissing: number;
  /** Each sampled score's wait to REST in its steps (see {@link restSteps}). */
  restSteps: RestSteps[];
  /** CPU of each app server (and of the stand-in), % of a core, 20 s at a time from the day's start: a slow span with busy servers is their own work, one with idle servers is waiting on something else. */
  cpuBySpan: { span: number; servers: number[]; couch: number | null; bench: number; machine: number; mainLoopMaxMs: number }[];
  restRequestMs: number[];
  phoneRequests: number;
  appRequests: number;
  couchRequests: number | null;
  couchKinds: [string, number][];
  /** Per kind of CouchDB request during the day: how long the stand-in took to answer (p50, p95). */
  couchTimes: [string, number, number][];
  servers: { name: string; cpuMs: number; requests: number; rssMaxMb: number }[];
  couchCpuMs: number | null;
  couchRssMaxMb: number | null;
  lost: number;
  duplicated: number;
  conflicts: number | null;
  boardsDiffer: number;
  refused: number;
  /** CPU of this process (the phones' worker threads, the TVs, the balancer and the proxy), % of one core. */
  clientCpuPercent: number;
  /** The worst phone worker's event loop delay p95, ms. */
  clientLoopP95Ms: number;
  killedAtS: number | null;
  wallS: number;
  /** Every request the app servers answered during the day, by kind, and its peak (bench/tripday-rate.ts). */
  rate: DayRate;
}

async function runDay(opts: DayOptions): Promise<DayResult> {
  const dirs: string[] = [];
  const servers: (LoadServer | undefined)[] = [];
  let couch: Couch | undefined;
  let proxy: Awaited<ReturnType<typeof countingProxy>> | undefined;
  let balancer: Balancer | undefined;
  const workers: Worker[] = [];
  try {
    if (opts.couch) {
      couch = await startCouchChild();
      proxy = await countingProxy(couch.url);
    }
    for (let i = 0; i < (opts.couch ? 2 : 1); i++) {
      const dataDir = await mkdtemp(join(tmpdir(), 'golf-tripday-'));
      dirs.push(dataDir);
      servers.push(await startLoadServer({ root: opts.root, dataDir, jwtSecret: SECRET, env: proxy ? { COUCHDB_URL: proxy.url } : {} }));
    }
    const urls = servers.map((s) => s!.url);
    let phoneRequests = 0;
    let appRequests = 0;
    const perServer = new Map<string, number>();
    // Each answered request, when (Date.now()) and of which kind: the day's request rate (bench/tripday-rate.ts).
    const answered: { at: number; kind: DayKind }[] = [];
    balancer = await startBalancer({
      targets: () => servers.filter((s): s is LoadServer => !!s).map((s) => s.url),
      onAnswered: (req, target) => {
        appRequests += 1;
        perServer.set(target, (perServer.get(target) ?? 0) + 1);
        if (req.headers['x-bench-phone'] !== undefined) phoneRequests += 1;
        answered.push({ at: Date.now(), kind: dayKindOf(req.method ?? 'GET', req.url ?? '', req.headers['x-bench-phone'] !== undefined) });
      },
    });
    const base = balancer.url;
    const day = await buildDay(base);
    const nameToCard = new Map<string, string>();
    const roundOfPlayer = new Map<string, number>();
    day.rounds.forEach((r, ri) => r.groups.flat().forEach((id) => roundOfPlayer.set(id, ri)));
    for (const p of day.players) if (roundOfPlayer.get(p.id) === 0) nameToCard.set(p.name, `${day.rounds[0]!.id}-${p.id}`);

    // One worker per round, its 12 phones.
    const results: Promise<WorkerResult>[] = [];
    const played: Promise<void>[] = [];
    const ready: Promise<void>[] = [];
    for (const [ri, round] of day.rounds.entries()) {
      const phones: PhonePlan[] = round.groups.map((group, g) => ({ index: ri * GROUPS_PER_ROUND + g, token: day.tokenOf.get(group[0]!)!, roundId: round.id, group }));
      const input: WorkerInput = { baseUrl: base, tripId: day.tripId, orgToken: day.org.token, phones, minuteMs: MINUTE_MS, seed: 1000 + ri, restSample: 4 };
      const worker = new Worker(new URL('./tripday-worker.mjs', import.meta.url), { workerData: input });
      workers.push(worker);
      const failed = new Promise<never>((_, reject) => {
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`phones of round ${ri + 1} exited (${code})`)));
      });
      failed.catch(() => undefined);
      const message = (key: string) => {
        const answer = Promise.race([new Promise<any>((resolve) => worker.on('message', (m: Record<string, unknown>) => key in m && resolve(m[key]))), failed]);
        // Awaited later: a worker that dies meanwhile must not crash this process before its clean-up runs.
        answer.catch(() => undefined);
        return answer;
      };
      ready.push(message('ready'));
      played.push(message('played'));
      results.push(message('result'));
    }
    await Promise.all(ready);

    const shownOnTv = new Map<string, number[]>();
    const stopTvs = [startTv(base, day.code, nameToCard, shownOnTv), startTv(base, day.code, nameToCard, shownOnTv)];
    const cpuBefore = await Promise.all(servers.map((s) => cpuMsOf(s!.pid)));
    const couchCpuBefore = couch ? await cpuMsOf(couch.child.pid!) : Number.NaN;
    const couchBefore = proxy?.total() ?? 0;
    const couchKindsBefore = new Map(proxy?.counts ?? []);
    const couchTimesBefore = new Map([...(proxy?.times ?? [])].map(([k, xs]) => [k, xs.length]));
    const phoneBefore = phoneRequests;
    const appBefore = appRequests;
    const perServerBefore = new Map(perServer);
    const rssMax = servers.map(() => 0);
    let couchRssMax = 0;
    const cpuAtEnd: number[] = servers.map(() => Number.NaN);
    // CPU time (ms) of each server and of the stand-in every 20 s from the day's start.
    // With them this process's (the phones, TVs, balancer and proxy) and the whole machine's busy share of all its cores.
    // And the longest this process's main thread (the balancer and the proxy every request passes) was held.
    const cpuMarks: { atS: number; servers: number[]; couch: number; bench: number; machine: { busy: number; all: number }; mainLoopMaxMs: number }[] = [];
    let started = 0;
    // Read each second (TRIPDAY_LOOP_LOG's lines), and the longest of those seconds kept for the span.
    const mainLoop = monitorEventLoopDelay({ resolution: 10 });
    mainLoop.enable();
    let spanLoopMaxMs = 0;
    const loopLog = process.env.TRIPDAY_LOOP_LOG ? createWriteStream(process.env.TRIPDAY_LOOP_LOG) : undefined;
    const loopTick = setInterval(() => {
      const loopMaxMs = mainLoop.max / 1e6;
      mainLoop.reset();
      spanLoopMaxMs = Math.max(spanLoopMaxMs, loopMaxMs);
      loopLog?.write(`${JSON.stringify({ at: Date.now() - started, loopMaxMs: Math.round(loopMaxMs) })}\n`);
    }, 1_000);
    const markCpu = async (atS: number) => {
      const mainLoopMaxMs = spanLoopMaxMs;
      spanLoopMaxMs = 0;
      const bench = process.cpuUsage();
      const machine = await machineCpuMs();
      // A killed server's last reading (taken as it was killed): its CPU up to the kill counts in that span, then none.
      const marks = await Promise.all(servers.map((s, i) => (s ? cpuMsOf(s.pid) : Promise.resolve(cpuAtEnd[i]!))));
      cpuMarks.push({ atS, servers: marks, couch: couch ? await cpuMsOf(couch.child.pid!) : Number.NaN, bench: (bench.user + bench.system) / 1000, machine, mainLoopMaxMs });
    };
    const spanMarker = setInterval(() => void markCpu(Math.round((Date.now() - started) / 1000)), 20_000);
    const sampler = setInterval(() => {
      servers.forEach((s, i) => {
        if (!s) return;
        void rssMbOf(s.pid).then((mb) => (rssMax[i] = Math.max(rssMax[i]!, mb || 0)));
        void cpuMsOf(s.pid).then((ms) => Number.isFinite(ms) && (cpuAtEnd[i] = ms));
      });
      if (couch) void rssMbOf(couch.child.pid!).then((mb) => (couchRssMax = Math.max(couchRssMax, mb || 0)));
    }, 500);

    const clientCpu = process.cpuUsage();
    started = Date.now();
    if (couch && process.env.TRIPDAY_STANDIN_LOG) console.log(`  the day starts at ${started} ms since 1970 (the clock of TRIPDAY_STANDIN_LOG's lines)`);
    await markCpu(0);
    for (const w of workers) w.postMessage('go');
    // Halfway through the day (about 150 minutes of golf), app server 1 is killed.
    let killedAtS: number | null = null;
    const killer = opts.kill
      ? setTimeout(() => {
          const victim = servers[0]!;
          void cpuMsOf(victim.pid).then((ms) => Number.isFinite(ms) && (cpuAtEnd[0] = ms));
          servers[0] = undefined;
          killedAtS = (Date.now() - started) / 1000;
          void victim.kill();
        }, 150 * MINUTE_MS)
      : undefined;
    await Promise.all(played);
    if (process.env.TRIPDAY_PROXY_LOG && proxy) await writeFile(process.env.TRIPDAY_PROXY_LOG, proxy.requestLog.map((r) => JSON.stringify({ ...r, at: r.at - started })).join('\n'));
    clearInterval(spanMarker);
    clearInterval(loopTick);
    loopLog?.end();
    mainLoop.disable();
    clearTimeout(killer);
    await Promise.all(stopTvs.map((stop) => stop()));
    const wallS = (Date.now() - started) / 1000;
    const rate = dayRate(answered.filter((r) => r.at >= started).map((r) => ({ at: r.at - started, kind: r.kind })), wallS * 1000);
    if (process.env.TRIPDAY_RATE_JSON && !opts.couch) await writeFile(process.env.TRIPDAY_RATE_JSON, JSON.stringify({ ...rate, mean: [...rate.mean], peakMix: [...rate.peakMix], kindPeak: [...rate.kindPeak] }));
    const clientUsed = process.cpuUsage(clientCpu);
    const clientCpuPercent = ((clientUsed.user + clientUsed.system) / 1000 / (wallS * 1000)) * 100;
    clearInterval(sampler);
    for (const [i, s] of servers.entries()) if (s) cpuAtEnd[i] = await cpuMsOf(s.pid);
    const couchCpuMs = couch ? (await cpuMsOf(couch.child.pid!)) - couchCpuBefore : null;
    const couchRequests = proxy ? proxy.total() - couchBefore : null;
    const couchKinds = proxy ? [...proxy.counts].map(([k, n]) => [k, n - (couchKindsBefore.get(k) ?? 0)] as [string, number]).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]) : [];
    const couchTimes = proxy
      ? [...proxy.times]
          .map(([k, xs]) => [k, xs.slice(couchTimesBefore.get(k) ?? 0)] as [string, number[]])
          .filter(([, xs]) => xs.length > 0)
          .sort((a, b) => b[1].length - a[1].length)
          .map(([k, xs]) => [k, percentile(xs, 50), percentile(xs, 95)] as [string, number, number])
      : [];
    const dayPhoneRequests = phoneRequests - phoneBefore;
    const dayAppRequests = appRequests - appBefore;
    const serverStats = servers.map((_, i) => {
      const url = urls[i]!;
      return { name: `app server ${i + 1}${opts.kill && i === 0 ? ' (killed)' : ''}`, cpuMs: cpuAtEnd[i]! - cpuBefore[i]!, requests: (perServer.get(url) ?? 0) - (perServerBefore.get(url) ?? 0), rssMaxMb: rssMax[i]! };
    });

    // The phones read their boards once every phone has played (and synced).
    for (const w of workers) w.postMessage('boards');
    const parts = await Promise.all(results);

    // Lost, duplicated: every card on the survivor, each hole once with the last value entered and no history.
    const survivor = servers.find((s): s is LoadServer => !!s)!;
    const written = new Map<string, { strokes: number; at: number; phone: number }>();
    for (const part of parts) for (const w of part.written) written.set(w.key, w);
    let lost = 0;
    let duplicated = 0;
    for (const round of day.rounds) {
      for (const playerId of round.groups.flat()) {
        const card = `${round.id}-${playerId}`;
        const items = (await must(api(survivor.url, day.org.token).get(`/trips/${day.tripId}/scorecards/${card}/scores`), 'card')).items as { hole: number; strokes: number | null; history: unknown[] }[];
        for (let h = 1; h <= 18; h++) {
          const mine = items.filter((x) => x.hole === h);
          const w = written.get(`${card}:${h}`);
          if (!w || mine.length === 0 || mine[0]!.strokes !== w.strokes) lost += 1;
          if (mine.length > 1 || mine.some((x) => x.history.length > 0)) duplicated += 1;
        }
      }
    }
    let conflicts: number | null = null;
    if (couch) {
      const all = await fetch(`${couch.url}/trip-${day.tripId}/_all_docs?include_docs=true&conflicts=true`);
      const rows = ((await all.json()) as { rows: { doc?: { _conflicts?: string[] } }[] }).rows;
      conflicts = rows.filter((r) => r.doc?._conflicts?.length).length;
    }
    // Every phone's board equals the server's.
    let boardsDiffer = 0;
    const serverBoards = new Map<string, string>();
    for (const round of day.rounds) {
      const board = await must(api(survivor.url, day.org.token).get(`/trips/${day.tripId}/leaderboards/rounds/${round.id}`), 'board');
      serverBoards.set(round.id, JSON.stringify((board.entries as { playerId: string; gross: number; net: number; position: number | null }[]).map((e) => [e.playerId, e.gross, e.net, e.position])));
    }
    for (const part of parts) for (const b of part.boards) if (JSON.stringify(b.rows) !== serverBoards.get(b.roundId)) boardsDiffer += 1;
    boardsDiffer += day.rounds.length * GROUPS_PER_ROUND - parts.reduce((n, p) => n + p.boards.length, 0);

    // Latencies.
    const offline = new Map<number, { from: number; to: number }[]>();
    for (const part of parts) for (const o of part.offline) (offline.get(o.phone) ?? offline.set(o.phone, []).get(o.phone)!).push(o);
    const seenAt = new Map<string, number>();
    for (const part of parts) for (const s of part.seen) if (!seenAt.has(`${s.phone} ${s.key}`)) seenAt.set(`${s.phone} ${s.key}`, s.at);
    const phonesMs: number[] = [];
    let phonesMissing = 0;
    for (const [key, w] of written) {
      const roundIndex = Math.floor(w.phone / GROUPS_PER_ROUND);
      for (let g = 0; g < GROUPS_PER_ROUND; g++) {
        const reader = roundIndex * GROUPS_PER_ROUND + g;
        if (reader === w.phone) continue;
        const at = seenAt.get(`${reader} ${key}:${w.strokes}`);
        if (at === undefined) {
          phonesMissing += 1;
          continue;
        }
        const from = onlineFrom(w.at, at, [...(offline.get(w.phone) ?? []), ...(offline.get(reader) ?? [])]);
        phonesMs.push(Math.max(0, at - from));
      }
    }
    const restWait = (r: { phone: number; at: number; shownAt: number }) => Math.max(0, r.shownAt - onlineFrom(r.at, r.shownAt, offline.get(r.phone) ?? []));
    const tvMs: number[] = [];
    for (const [key, times] of shownOnTv) {
      const w = written.get(key);
      if (!w) continue;
      for (const at of times) tvMs.push(Math.max(0, at - onlineFrom(w.at, at, offline.get(w.phone) ?? [])));
    }
    return {
      label: opts.label,
      phonesMs,
      phonesMissing,
      tvMs,
      // A phone that lost its signal right after the score (a gap starts after a hole's last tap) sends it when back.
      restMs: parts.flatMap((p) => p.rest.map(restWait)),
      restBeforeKillMs: killedAtS === null ? [] : parts.flatMap((p) => p.rest.filter((r) => r.at < started + killedAtS! * 1000).map(restWait)),
      restAfterKillMs: killedAtS === null ? [] : parts.flatMap((p) => p.rest.filter((r) => r.at >= started + killedAtS! * 1000).map(restWait)),
      restMissing: parts.reduce((n, p) => n + p.restMissing, 0),
      restSteps: parts.flatMap((p) =>
        p.rest.flatMap((r) => {
          if (!r.push) return [];
          const from = onlineFrom(r.at, r.shownAt, offline.get(r.phone) ?? []);
          const { checkAt, writeAt, ackAt, pushesBefore, attempts } = r.push;
          const afterKill = killedAtS !== null && r.at >= started + killedAtS * 1000;
          return [{ totalMs: restWait(r), queuedMs: Math.max(0, checkAt - from), checkMs: writeAt - checkAt, writeMs: ackAt - writeAt, toRestMs: r.shownAt - ackAt, afterKill, writtenAtS: (r.at - started) / 1000, pushesBefore, attempts }];
        }),
      ),
      restRequestMs: parts.flatMap((p) => p.restRequestMs),
      cpuBySpan: cpuMarks.slice(1).map((m, i) => {
        const before = cpuMarks[i]!;
        const seconds = m.atS - before.atS;
        const pct = (a: number, b: number) => ((b - a) / (seconds * 1000)) * 100;
        const machine = ((m.machine.busy - before.machine.busy) / (m.machine.all - before.machine.all)) * 100;
        return { span: Math.round(before.atS / 20), servers: m.servers.map((ms, j) => pct(before.servers[j]!, ms)), couch: couch ? pct(before.couch, m.couch) : null, bench: pct(before.bench, m.bench), machine, mainLoopMaxMs: m.mainLoopMaxMs };
      }),
      phoneRequests: dayPhoneRequests,
      appRequests: dayAppRequests,
      couchRequests,
      couchKinds,
      couchTimes,
      servers: serverStats,
      couchCpuMs,
      couchRssMaxMb: couch ? couchRssMax : null,
      lost,
      duplicated,
      conflicts,
      boardsDiffer,
      refused: parts.reduce((n, p) => n + p.refused, 0),
      clientCpuPercent,
      clientLoopP95Ms: Math.max(...parts.map((p) => p.loopDelayP95Ms)),
      killedAtS,
      wallS,
      rate,
    };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    await balancer?.close();
    await Promise.all(servers.map((s) => s?.stop()));
    await proxy?.close();
    if (couch) await stopProcess(couch.child);
    if (process.env.TRIPDAY_KEEP_DATA) console.log(`  data directories kept: ${dirs.join(', ')}`);
    else await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  }
}

function print(r: DayResult): void {
  const line = (what: string, xs: number[], target?: number) =>
    console.log(`  ${what}: median ${fmt(median(xs))} ms, p95 ${fmt(percentile(xs, 95))} ms, max ${fmt(Math.max(...xs))} ms (${fmt(xs.length)} samples)${target !== undefined ? ` — ${verdict(percentile(xs, 95) < target)} (p95 < ${fmt(target)} ms)` : ''}`);
  console.log(`\n${r.label} — ${fmt(r.wallS, 1)} s of wall time${r.killedAtS !== null ? `, app server 1 SIGKILLed at ${fmt(r.killedAtS, 1)} s` : ''}`);
  line('score → the other phones of its round', r.phonesMs, TARGET.phonesP95Ms);
  if (r.phonesMissing) console.log(`    (${fmt(r.phonesMissing)} phone×score pairs never seen)`);
  line('score → TV display (polling every 3 s)', r.tvMs, TARGET.tvP95Ms);
  line('score → organizer REST read', r.restMs, TARGET.restP95Ms);
  if (r.restBeforeKillMs.length) line('    of which written while both servers were up', r.restBeforeKillMs);
  if (r.restAfterKillMs.length) line('    of which written after the kill', r.restAfterKillMs);
  line('    each REST read itself (polled every 20 ms until the score shows)', r.restRequestMs);
  printRestSteps(r.restSteps, r.cpuBySpan);
  if (r.restMissing) console.log(`    (${fmt(r.restMissing)} sampled scores never shown on REST within 15 s)`);
  console.log(`  requests: ${fmt(r.phoneRequests)} from phones, ${fmt(r.appRequests)} in all (phones, TVs, REST reads)`);
  for (const l of dayRateLines(r.rate)) console.log(`  ${l}`);
  if (r.couchRequests !== null) {
    const per = r.couchRequests / r.phoneRequests;
    console.log(`  CouchDB requests: ${fmt(r.couchRequests)}; per phone request ${fmt(per, 2)} — ${verdict(per <= TARGET.couchPerPhone)} (≤ ${TARGET.couchPerPhone}); per app request ${fmt(r.couchRequests / r.appRequests, 2)}`);
    console.log(`    by kind: ${r.couchKinds.slice(0, 8).map(([k, n]) => `${k} ${fmt(n)}`).join(', ')}`);
    console.log(`    answered in (p50/p95 ms): ${r.couchTimes.slice(0, 8).map(([k, p50, p95]) => `${k} ${fmt(p50)}/${fmt(p95)}`).join(', ')}`);
    console.log(`  CouchDB stand-in: CPU ${fmt(r.couchCpuMs ?? Number.NaN)} ms (${fmt(((r.couchCpuMs ?? 0) / (r.wallS * 1000)) * 100)} % of a core), max RSS ${fmt(r.couchRssMaxMb ?? Number.NaN)} MB`);
  }
  for (const s of r.servers) console.log(`  ${s.name}: ${fmt(s.requests)} requests, CPU ${fmt(s.cpuMs / Math.max(1, s.requests), 2)} ms per request (${fmt((s.cpuMs / (r.wallS * 1000)) * 100)} % of a core), max RSS ${fmt(s.rssMaxMb)} MB`);
  console.log(`  the bench itself (phones, TVs, balancer, proxy): CPU ${fmt(r.clientCpuPercent)} % of a core, worst phone worker's event loop delay p95 ${fmt(r.clientLoopP95Ms)} ms`);
  console.log(`  scores lost ${r.lost}, duplicated ${r.duplicated}, refused ${r.refused}, conflicts left ${r.conflicts ?? 'n/a'}, phone boards differing from the server's ${r.boardsDiffer}`);
}

/** Where a score's wait to REST goes: each step's median and p95, and what the slowest tenth of the scores waited on. */
function printRestSteps(steps: RestSteps[], cpuBySpan: DayResult['cpuBySpan']): void {
  if (steps.length === 0) return;
  const kinds = [
    ['waiting for the push before', 'queuedMs'],
    ['push _all_docs', 'checkMs'],
    ['push _bulk_docs', 'writeMs'],
    ['acknowledged → REST shows it', 'toRestMs'],
  ] as const;
  const stat = (xs: number[]) => `${fmt(median(xs))}/${fmt(percentile(xs, 95))}`;
  console.log(`    steps, median/p95 ms (${fmt(steps.length)} scores with their push found): ${kinds.map(([what, k]) => `${what} ${stat(steps.map((s) => s[k]))}`).join(', ')}`);
  const cut = percentile(steps.map((s) => s.totalMs), 90);
  const tail = steps.filter((s) => s.totalMs >= cut);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  console.log(
    `    the slowest tenth (≥ ${fmt(cut)} ms, ${fmt(tail.length)} scores, ${fmt(tail.filter((s) => s.afterKill).length)} written after the kill, ` +
      `${fmt(tail.filter((s) => s.pushesBefore > 0).length)} behind another push, ${fmt(tail.filter((s) => s.attempts > 1).length)} pushed again), mean ms: ` +
      kinds.map(([what, k]) => `${what} ${fmt(mean(tail.map((s) => s[k])))}`).join(', '),
  );
  // By when the score was written, 20 s at a time: a kill shows as one slow span, a load as a slow stretch.
  const spans = new Map<number, RestSteps[]>();
  for (const s of steps) {
    const k = Math.floor(s.writtenAtS / 20);
    (spans.get(k) ?? spans.set(k, []).get(k)!).push(s);
  }
  console.log('    by when written (total p50/p95; steps p50 as above), ms, and the CPU the servers used in that span:');
  for (const [k, xs] of [...spans].sort((a, b) => a[0] - b[0])) {
    const totals = xs.map((x) => x.totalMs);
    const cpu = cpuBySpan.find((c) => c.span === k);
    // What the machine did besides the day's own processes (another program, the kernel) is the rest of its busy time.
    const ours = cpu ? [...cpu.servers, cpu.couch ?? 0, cpu.bench].filter(Number.isFinite).reduce((a, b) => a + b, 0) : 0;
    const cpuText = cpu
      ? `; CPU % of a core: ${cpu.servers.map((p, i) => `server ${i + 1} ${Number.isFinite(p) ? fmt(p) : '—'}`).join(', ')}${cpu.couch !== null ? `, stand-in ${fmt(cpu.couch)}` : ''}, bench ${fmt(cpu.bench)}, ` +
        `anything else ${fmt(Math.max(0, cpu.machine * cpus().length - ours))} (the machine has ${cpus().length}); the bench's main thread held up to ${fmt(cpu.mainLoopMaxMs)} ms`
      : '';
    console.log(`      ${k * 20}–${k * 20 + 20} s: ${fmt(median(totals))}/${fmt(percentile(totals, 95))} (${xs.length}); ${kinds.map(([, key]) => fmt(median(xs.map((x) => x[key])))).join(' + ')}${cpuText}`);
  }
}

async function main(): Promise<void> {
  console.log(`bench:tripday — ${PLAYERS} players, ${ROUNDS} rounds in play at once, ${ROUNDS * GROUPS_PER_ROUND} phones, 1 minute of golf = ${MINUTE_MS} ms`);
  const roots: { tag: string; root: string }[] = [{ tag: 'this checkout', root: HERE }];
  if (process.env.TRIPDAY_BASELINE) roots.unshift({ tag: `baseline ${process.env.TRIPDAY_BASELINE}`, root: process.env.TRIPDAY_BASELINE });
  for (const { tag, root } of roots) {
    if (ONLY !== 'embedded') print(await runDay({ label: `CouchDB stand-in, two app servers, one killed halfway (${tag})`, root, couch: true, kill: true }));
    if (ONLY !== 'couch') print(await runDay({ label: `embedded store, one app server (${tag})`, root, couch: false, kill: false }));
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
