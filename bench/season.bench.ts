/**
 * `npm run bench:season` (issue 36): a season on one deployment, not one trip. Prints numbers and whether each
 * target is met; it never fails on a target (benches report, tests assert).
 *
 * - **The season, created once and kept** in `SEASON_DIR` (default `os.tmpdir()/golf-season-v1`): `SEASON_TRIPS`
 *   (1,000) trips of 16–48 players and 3–4 rounds, built through the REST API (bench/season-data.ts): 40 % past (every
 *   round completed with its scores), 20 % upcoming, the rest in-play candidates (earlier rounds completed); 3 expenses,
 *   portal links and a TV code each; one organizer per 10 trips. It is built twice: on the CouchDB stand-in (its
 *   LevelDB directory `standin/`) and on the embedded store (`embedded/`, an app server's DATA_DIR), with
 *   `season.json` saying what was built. Its creation time and docs/s are printed apart, and so is its first start
 *   (`sweepKept`: the startup sweep of every trip, once, so that no run's start repeats it); a run copies the kept
 *   directories so that every run starts from the same season. `SEASON_COUCH_URL` (or `COUCHDB_TEST_URL`): a real
 *   CouchDB instead of the stand-in (the season then lives there and is not copied: build a new one, another
 *   `SEASON_DIR`, for each run).
 * - **In play**, for each of `SEASON_IN_PLAY` (10,50,100) trips: one to three rounds each (most one), at most
 *   `SEASON_GROUPS` (2) four-balls of each on the course (the others finished or not out yet: what keeps 100 trips'
 *   phones within 2 cores), one phone per four-ball on the portal's sync library (bench/tripday-devices.ts, worker
 *   threads of at most 12), at a golfer's pace with offline gaps, `SEASON_MINUTE_MS` (3,000) ms of wall time per minute
 *   of golf, for `SEASON_WINDOW_S` (90) s after the phones' first sync (its duration printed, not in the latencies);
 *   a TV per trip polling its display every 3 s; its organizer reading the round's board and control room every 10 s.
 * - **CouchDB**: two app servers behind the balancer over the stand-in with the counting proxy in front; app server 1
 *   SIGKILLed halfway through the window. **Embedded**: one app server over its copy of the embedded season.
 * - **Asleep**: before the window (after the organizers and TVs of the in-play trips and of 20 sleeping ones were read
 *   once, so the caches know them) and after it (devices closed), `SEASON_ASLEEP_S` (30) s with nothing asking: the
 *   CouchDB requests per second, and how many name a trip's database. In the window: requests naming a sleeping
 *   trip's database.
 * - `SEASON_BASELINE=<dir>` runs the app servers from another checkout (a worktree of an earlier commit) too, on the
 *   same season, one after the other; with `SEASON_BASELINE_ONLY=1` that checkout alone; `SEASON_BASELINE_AT=50` at
 *   those numbers in play only. `SEASON_ONLY=couch|embedded` runs one store.
 * - Where the time goes: phones' and REST's p50/p95 before and after the kill; a sampled score's way to REST step by
 *   step (waiting for the push before it, the push's `_all_docs`, its `_bulk_docs`, acknowledged → REST); each REST
 *   read's own time; CouchDB's answer times per kind (longpolls left out). `SEASON_LOG=<file>` writes the window's
 *   CouchDB requests, one JSON line each, to `<file>.<in play>.<now|base>.jsonl`.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { api } from '../test/support/client.js';
import { stopProcess } from '../test/support/processes.js';
import { startBalancer, type Balancer } from '../test/sync/support/balancer.js';
import { HERE, startLoadServer, type LoadServer } from './load-server.js';
import { cpuMsOf, machineCpuMs, rssMbOf } from './proc-stats.js';
import { buildSeason, chooseInPlay, organizerTokens, tripOfCouchPath, type Season, type SeasonSpec } from './season-data.js';
import { fmt, percentile } from './support.js';
import type { PhonePlan, WorkerInput, WorkerResult } from './tripday-devices.js';
import { countingProxy, must, onlineFrom, startCouchChild, startTv, type Couch } from './tripday-setup.js';

const VERSION = 1;
const SEASON_DIR = process.env.SEASON_DIR ?? join(tmpdir(), `golf-season-v${VERSION}`);
const EXTERNAL_COUCH = process.env.SEASON_COUCH_URL ?? process.env.COUCHDB_TEST_URL;
const IN_PLAY = (process.env.SEASON_IN_PLAY ?? '10,50,100').split(',').map(Number);
const MINUTE_MS = Number(process.env.SEASON_MINUTE_MS ?? 3_000);
const WINDOW_S = Number(process.env.SEASON_WINDOW_S ?? 90);
const ASLEEP_S = Number(process.env.SEASON_ASLEEP_S ?? 30);
const GROUPS = Number(process.env.SEASON_GROUPS ?? 2);
const ONLY = process.env.SEASON_ONLY;
/** SEASON_BASELINE_AT: the numbers in play the baseline also runs at (default: every one of SEASON_IN_PLAY). */
const BASELINE_AT = process.env.SEASON_BASELINE_AT ? process.env.SEASON_BASELINE_AT.split(',').map(Number) : undefined;
const SECRET = 'season-bench-secret-0123456789abcdef';
const SPEC: SeasonSpec = { trips: Number(process.env.SEASON_TRIPS ?? 1_000), players: [16, 48], rounds: [3, 4], tripsPerOrganizer: 10, pastShare: 0.4, upcomingShare: 0.2, expenses: 3, concurrency: 8, seed: 36 };
const TARGET = { phonesP95Ms: 1_000, restP95Ms: 300, tvP95Ms: 4_000, couchPerPhone: 1.5, rssMb: 600 };
const PHONES_PER_WORKER = 12;
const ORGANIZER_EVERY_MS = 10_000;
const verdict = (ok: boolean) => (ok ? 'target met' : 'target NOT met');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Manifest {
  version: number;
  spec: SeasonSpec;
  couchUrl: string | null;
  couch?: Season;
  embedded?: Season;
  /** The stores whose kept season holds a complete sweep mark (see `sweepKept`). */
  swept?: ('couch' | 'embedded')[];
}

async function loadManifest(): Promise<Manifest> {
  const fresh: Manifest = { version: VERSION, spec: SPEC, couchUrl: EXTERNAL_COUCH ?? null };
  try {
    const kept = JSON.parse(await readFile(join(SEASON_DIR, 'season.json'), 'utf8')) as Manifest;
    if (kept.version === VERSION && JSON.stringify(kept.spec) === JSON.stringify(SPEC) && kept.couchUrl === fresh.couchUrl) return kept;
  } catch {
    // None yet.
  }
  await rm(SEASON_DIR, { recursive: true, force: true });
  await mkdir(SEASON_DIR, { recursive: true });
  return fresh;
}

/** Builds the season on one app server (over the kept stand-in, the external CouchDB, or the kept embedded store). */
async function createSeason(store: 'couch' | 'embedded'): Promise<Season> {
  const dataDir = store === 'embedded' ? join(SEASON_DIR, 'embedded') : await mkdtemp(join(tmpdir(), 'golf-season-app-'));
  await mkdir(dataDir, { recursive: true });
  let couch: Couch | undefined;
  if (store === 'couch' && !EXTERNAL_COUCH) {
    await mkdir(join(SEASON_DIR, 'standin'), { recursive: true });
    couch = await startCouchChild(join(SEASON_DIR, 'standin'));
  }
  const server = await startLoadServer({ root: HERE, dataDir, jwtSecret: SECRET, env: store === 'couch' ? { COUCHDB_URL: EXTERNAL_COUCH ?? couch!.url } : {} });
  try {
    let lastPrint = Date.now();
    const season = await buildSeason(server.url, SPEC, (done, docs) => {
      if (Date.now() - lastPrint < 15_000 && done < SPEC.trips) return;
      lastPrint = Date.now();
      console.log(`  ${store}: ${done}/${SPEC.trips} trips, ${fmt(docs)} documents`);
    });
    console.log(`  ${store} season created in ${fmt(season.buildMs / 1000, 1)} s: ${fmt(season.docs)} documents, ${fmt(season.docs / (season.buildMs / 1000))} docs/s`);
    return season;
  } finally {
    await server.stop();
    if (couch) await stopProcess(couch.child);
    if (store === 'couch') await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * Starts an app server once on the kept season and stops it. Before it listens, an app server sweeps the score
 * conflicts of every trip written since the last complete sweep (main.ts) and then keeps the store's position as the
 * mark; the server that built the season left a mark from before its first trip, so without this every run's first
 * start (from the same kept copy) would sweep the whole season again: over a minute for 250 trips on the stand-in.
 */
async function sweepKept(store: 'couch' | 'embedded'): Promise<number> {
  const started = Date.now();
  const dataDir = store === 'embedded' ? join(SEASON_DIR, 'embedded') : await mkdtemp(join(tmpdir(), 'golf-season-app-'));
  const couch = store === 'couch' && !EXTERNAL_COUCH ? await startCouchChild(join(SEASON_DIR, 'standin')) : undefined;
  try {
    const env: Record<string, string> = store === 'couch' ? { COUCHDB_URL: EXTERNAL_COUCH ?? couch!.url } : {};
    const server = await startLoadServer({ root: HERE, dataDir, jwtSecret: SECRET, env, startTimeoutMs: 1_800_000 });
    await server.stop();
  } finally {
    if (couch) await stopProcess(couch.child);
    if (store === 'couch') await rm(dataDir, { recursive: true, force: true });
  }
  return Date.now() - started;
}

interface Figures {
  label: string;
  inPlay: number;
  phones: number;
  firstSyncS: number;
  phonesMs: number[];
  restMs: number[];
  tvMs: number[];
  phoneRequests: number;
  /** The window's app requests by who asked: phones, TVs, organizers. */
  appRequests: { phones: number; tvs: number; organizers: number };
  couchInWindow: number | null;
  /** The window's CouchDB requests by kind (the counting proxy's), most first. */
  couchKinds: [string, number][];
  sleepingNamedInWindow: number | null;
  asleepBefore: { perS: number; tripNamed: number } | null;
  asleepAfter: { perS: number; tripNamed: number } | null;
  /** Each app server's largest RSS from its start to the end of the run (its start: tsx compiling, before a GC). */
  rssMaxMb: number[];
  /** Each app server's RSS while the trips were in play: the largest and the median of the samples (every 500 ms). */
  rssPlayMaxMb: number[];
  rssPlayMedianMb: number[];
  lost: number;
  duplicated: number;
  boardsDiffer: number;
  refused: number;
  phases: [string, number][];
  /** When app server 1 was killed (ms since the epoch), or null. */
  killedAt: number | null;
  /** Latencies split at the kill: scores written before it and after it. */
  split: { phonesBefore: number[]; phonesAfter: number[]; restBefore: number[]; restAfter: number[] };
  /** A sampled score's wait to REST step by step (ms): waiting for the push before, its `_all_docs`, its `_bulk_docs`, acknowledged → REST shows it. */
  restSteps: { queued: number; check: number; write: number; toRest: number }[];
  /** Each of the organizer's REST reads itself (polled every 20 ms until the score shows), ms. */
  restRequestMs: number[];
  /** Each phone worker's event-loop delay p95 (ms): what of a latency is the bench's own phones waiting for a core. */
  phoneLoopP95Ms: number[];
  /** The bench's main thread's event-loop delay while in play (ms, p50/p95/max): the balancer's and the proxy's. */
  mainLoopMs: [number, number, number];
  /** Per kind of CouchDB request in the window: how long it took to answer (p50, p95 ms), longpolls left out. */
  couchTimes: [string, number, number][];
  /** CPU seconds in the window: each app server (the killed one until it was killed), CouchDB, this bench process (its phone workers included), the machine busy and in all. */
  cpuS: { servers: number[]; couch: number; bench: number; machineBusy: number; machineAll: number };
}

/** One store, one number of trips in play, one checkout. */
async function runSeason(season: Season, opts: { label: string; root: string; couch: boolean; inPlay: number }): Promise<Figures> {
  const phases: [string, number][] = [];
  let phaseAt = Date.now();
  const phase = (name: string) => {
    phases.push([name, (Date.now() - phaseAt) / 1000]);
    phaseAt = Date.now();
  };
  const work = await mkdtemp(join(tmpdir(), 'golf-season-run-'));
  const servers: (LoadServer | undefined)[] = [];
  const workers: Worker[] = [];
  let couch: Couch | undefined;
  let proxy: Awaited<ReturnType<typeof countingProxy>> | undefined;
  let balancer: Balancer | undefined;
  try {
    if (opts.couch) {
      let couchUrl = EXTERNAL_COUCH;
      if (!couchUrl) {
        await cp(join(SEASON_DIR, 'standin'), join(work, 'standin'), { recursive: true });
        couch = await startCouchChild(join(work, 'standin'));
        couchUrl = couch.url;
      }
      proxy = await countingProxy(couchUrl);
    } else {
      // With the files' times: the embedded store tells the trips written since its sweep mark by them.
      await cp(join(SEASON_DIR, 'embedded'), join(work, 'embedded'), { recursive: true, preserveTimestamps: true });
    }
    for (let i = 0; i < (opts.couch ? 2 : 1); i++) {
      const dataDir = opts.couch ? join(work, `app-${i}`) : join(work, 'embedded');
      await mkdir(dataDir, { recursive: true });
      // Before it listens, an app server sweeps the score conflicts of every trip written since the last complete
      // sweep (main.ts); the kept season holds a complete mark (`sweepKept`), so this finds none to sweep. On an
      // external CouchDB the last run's trips are swept again (its time is in the first phase printed).
      servers.push(await startLoadServer({ root: opts.root, dataDir, jwtSecret: SECRET, env: proxy ? { COUCHDB_URL: proxy.url } : {}, startTimeoutMs: 600_000 }));
    }
    const rssMax = servers.map(() => 0);
    const rssPlay: number[][] = servers.map(() => []);
    let sampling = false;
    const sampler = setInterval(
      () =>
        servers.forEach(
          (s, i) =>
            s &&
            void rssMbOf(s.pid).then((mb) => {
              rssMax[i] = Math.max(rssMax[i]!, mb || 0);
              if (sampling && mb) rssPlay[i]!.push(mb);
            }),
        ),
      500,
    );
    let phoneRequests = 0;
    const asked = { phones: 0, tvs: 0, organizers: 0 };
    balancer = await startBalancer({
      targets: () => servers.filter((s): s is LoadServer => !!s).map((s) => s.url),
      onAnswered: (req) => {
        if (req.headers['x-bench-phone'] !== undefined) phoneRequests += 1;
        if (req.headers['x-bench-phone'] !== undefined) asked.phones += 1;
        else if (req.url?.startsWith('/display/')) asked.tvs += 1;
        else asked.organizers += 1;
      },
    });
    const base = balancer.url;
    const tokens = await organizerTokens(base, season);
    const inPlay = chooseInPlay(season, opts.inPlay, GROUPS);
    const playing = new Set(inPlay.map((p) => p.trip.tripId));
    // The caches know the trips in play and 20 sleeping ones: their organizers and TVs were read once.
    const sleepingRead = season.trips.filter((t) => !playing.has(t.tripId)).slice(0, 20);
    for (const t of [...inPlay.map((p) => p.trip), ...sleepingRead]) {
      await must(api(base, tokens[t.organizer]).get(`/trips/${t.tripId}/leaderboards/rounds/${t.rounds[0]!.id}`), 'board');
      await (await fetch(`${base}/display/codes/${t.code}`)).arrayBuffer();
    }
    phase('servers up, caches warmed');
    const asleep = async () => {
      if (!proxy) return null;
      const from = proxy.requestLog.length;
      await sleep(ASLEEP_S * 1000);
      const seen = proxy.requestLog.slice(from);
      return { perS: seen.length / ASLEEP_S, tripNamed: seen.filter((r) => tripOfCouchPath(r.url) !== null).length };
    };
    const asleepBefore = await asleep();
    phase('asleep before');

    // The phones: one per four-ball on the course, at most 12 to a worker thread.
    const plans: PhonePlan[] = [];
    for (const p of inPlay) for (const r of p.rounds) for (const group of r.groups) plans.push({ index: plans.length, token: p.trip.tokens[group[0]!]!, roundId: r.id, group, tripId: p.trip.tripId, orgToken: tokens[p.trip.organizer]! });
    const holes = Math.max(1, Math.floor((WINDOW_S * 1000) / (13 * MINUTE_MS)));
    const results: Promise<WorkerResult>[] = [];
    const played: Promise<void>[] = [];
    const ready: Promise<void>[] = [];
    for (let w = 0; w * PHONES_PER_WORKER < plans.length; w++) {
      const phones = plans.slice(w * PHONES_PER_WORKER, (w + 1) * PHONES_PER_WORKER);
      const input: WorkerInput = { baseUrl: base, tripId: phones[0]!.tripId!, orgToken: phones[0]!.orgToken!, phones, minuteMs: MINUTE_MS, seed: 3600 + w, restSample: 4, holes, teeGapMinutes: 0.5 };
      const worker = new Worker(new URL('./tripday-worker.mjs', import.meta.url), { workerData: input });
      workers.push(worker);
      const failed = new Promise<never>((_, reject) => {
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`phone worker ${w + 1} exited (${code})`)));
      });
      failed.catch(() => undefined);
      const message = (key: string) => {
        const answer = Promise.race([new Promise<any>((resolve) => worker.on('message', (m: Record<string, unknown>) => key in m && resolve(m[key]))), failed]);
        answer.catch(() => undefined);
        return answer;
      };
      ready.push(message('ready'));
      played.push(message('played'));
      results.push(message('result'));
    }
    await Promise.all(ready);
    const firstSyncS = (Date.now() - phaseAt) / 1000;
    phase(`first sync of ${plans.length} phones`);

    // TVs (each trip's display features its first round in play) and organizers.
    const shownOnTv = new Map<string, number[]>();
    const stopTvs = inPlay.map((p) => {
      const round = p.rounds[0]!;
      const nameToCard = new Map(round.groups.flat().map((id) => [p.trip.names[id]!, `${round.id}-${id}`] as [string, string]));
      return startTv(base, p.trip.code, nameToCard, shownOnTv);
    });
    let organizersOn = true;
    const organizers = inPlay.map(async (p, i) => {
      const org = api(base, tokens[p.trip.organizer]);
      await sleep((i / inPlay.length) * ORGANIZER_EVERY_MS);
      while (organizersOn) {
        for (const r of p.rounds) {
          await org.get(`/trips/${p.trip.tripId}/leaderboards/rounds/${r.id}`).catch(() => undefined);
          await org.get(`/trips/${p.trip.tripId}/rounds/${r.id}/control-room`).catch(() => undefined);
        }
        await sleep(ORGANIZER_EVERY_MS);
      }
    });
    const couchFrom = proxy?.requestLog.length ?? 0;
    const phoneFrom = phoneRequests;
    const askedFrom = { ...asked };
    // CPU of each process in the window: where the 2 cores went (the bench's own phones share them).
    const couchPid = couch?.child.pid ?? (process.env.SEASON_COUCH_PID ? Number(process.env.SEASON_COUCH_PID) : undefined);
    const cpuAt = async () => ({
      servers: await Promise.all(servers.map((sv) => (sv ? cpuMsOf(sv.pid) : Number.NaN))),
      couch: couchPid !== undefined ? await cpuMsOf(couchPid) : Number.NaN,
      bench: process.cpuUsage(),
      machine: await machineCpuMs(),
    });
    const cpuFrom = await cpuAt();
    const serverCpuEnd: number[] = servers.map(() => Number.NaN);
    for (const w of workers) w.postMessage('go');
    // The main thread relays every app request (the balancer) and every CouchDB request (the counting proxy): its own
    // delay is in every latency measured through them.
    const mainLag = monitorEventLoopDelay({ resolution: 10 });
    mainLag.enable();
    sampling = true;
    let killedAt: number | null = null;
    const killer = opts.couch
      ? setTimeout(() => {
          killedAt = Date.now();
          const victim = servers[0]!;
          servers[0] = undefined;
          void cpuMsOf(victim.pid).then((ms) => {
            serverCpuEnd[0] = ms;
            return victim.kill();
          });
        }, (WINDOW_S * 1000) / 2)
      : undefined;
    await Promise.all(played);
    mainLag.disable();
    const cpuTo = await cpuAt();
    servers.forEach((_, i) => {
      if (!Number.isNaN(cpuTo.servers[i]!)) serverCpuEnd[i] = cpuTo.servers[i]!;
    });
    const bench = process.cpuUsage(cpuFrom.bench);
    const cpuS = {
      servers: serverCpuEnd.map((ms, i) => (ms - cpuFrom.servers[i]!) / 1000),
      couch: (cpuTo.couch - cpuFrom.couch) / 1000,
      bench: (bench.user + bench.system) / 1e6,
      machineBusy: (cpuTo.machine.busy - cpuFrom.machine.busy) / 1000,
      machineAll: (cpuTo.machine.all - cpuFrom.machine.all) / 1000,
    };
    sampling = false;
    clearTimeout(killer);
    organizersOn = false;
    await Promise.all(stopTvs.map((stop) => stop()));
    await Promise.all(organizers);
    const windowRequests = proxy?.requestLog.slice(couchFrom) ?? [];
    // `SEASON_LOG=<file>`: the window's CouchDB requests, one JSON line each (time, kind, url, ms, status), to study.
    if (process.env.SEASON_LOG) await writeFile(`${process.env.SEASON_LOG}.${opts.inPlay}.${opts.root === HERE ? 'now' : 'base'}.jsonl`, windowRequests.map((r) => JSON.stringify(r)).join('\n'));
    const windowPhoneRequests = phoneRequests - phoneFrom;
    const windowAsked = { phones: asked.phones - askedFrom.phones, tvs: asked.tvs - askedFrom.tvs, organizers: asked.organizers - askedFrom.organizers };
    const kinds = new Map<string, number>();
    const kindMs = new Map<string, number[]>();
    for (const r of windowRequests) {
      const kind = `${tripOfCouchPath(r.url) !== null ? 'trip' : (r.url.split(/[/?]/)[1] ?? '')} ${r.kind}`;
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
      if (!/longpoll/.test(r.kind)) (kindMs.get(kind) ?? kindMs.set(kind, []).get(kind)!).push(r.ms);
    }
    phase('in play');

    for (const w of workers) w.postMessage('boards');
    const parts = await Promise.all(results);
    const survivor = servers.find((s): s is LoadServer => !!s)!;
    const written = new Map<string, { strokes: number; at: number; phone: number }>();
    for (const part of parts) for (const w of part.written) written.set(w.key, w);
    let lost = 0;
    let duplicated = 0;
    let boardsDiffer = plans.length - parts.reduce((n, p) => n + p.boards.length, 0);
    for (const p of inPlay) {
      const org = api(survivor.url, tokens[p.trip.organizer]);
      for (const r of p.rounds) {
        for (const playerId of r.groups.flat()) {
          const card = `${r.id}-${playerId}`;
          const items = (await must(org.get(`/trips/${p.trip.tripId}/scorecards/${card}/scores`), 'card')).items as { hole: number; strokes: number | null; history: unknown[] }[];
          for (let h = 1; h <= holes; h++) {
            const mine = items.filter((x) => x.hole === h);
            const w = written.get(`${card}:${h}`);
            if (!w || mine.length === 0 || mine[0]!.strokes !== w.strokes) lost += 1;
            if (mine.length > 1 || mine.some((x) => x.history.length > 0)) duplicated += 1;
          }
        }
        const board = await must(org.get(`/trips/${p.trip.tripId}/leaderboards/rounds/${r.id}`), 'board');
        const rows = JSON.stringify((board.entries as { playerId: string; gross: number; net: number; position: number | null }[]).map((e) => [e.playerId, e.gross, e.net, e.position]));
        for (const part of parts) for (const b of part.boards) if (b.roundId === r.id && JSON.stringify(b.rows) !== rows) boardsDiffer += 1;
      }
    }
    phase('checks');
    const asleepAfter = await asleep();
    phase('asleep after');

    // Latencies, counted from the score's entry or from when writer and reader were both back online.
    const offline = new Map<number, { from: number; to: number }[]>();
    for (const part of parts) for (const o of part.offline) (offline.get(o.phone) ?? offline.set(o.phone, []).get(o.phone)!).push(o);
    const seenAt = new Map<string, number>();
    for (const part of parts) for (const s of part.seen) if (!seenAt.has(`${s.phone} ${s.key}`)) seenAt.set(`${s.phone} ${s.key}`, s.at);
    const phonesMs: number[] = [];
    const split = { phonesBefore: [] as number[], phonesAfter: [] as number[], restBefore: [] as number[], restAfter: [] as number[] };
    const afterKill = (at: number) => killedAt !== null && at >= killedAt;
    for (const [key, w] of written) {
      const roundId = plans[w.phone]!.roundId;
      for (const reader of plans) {
        if (reader.roundId !== roundId || reader.index === w.phone) continue;
        const at = seenAt.get(`${reader.index} ${key}:${w.strokes}`);
        if (at === undefined) continue;
        const ms = at - onlineFrom(w.at, at, [...(offline.get(w.phone) ?? []), ...(offline.get(reader.index) ?? [])]);
        phonesMs.push(ms);
        (afterKill(w.at) ? split.phonesAfter : split.phonesBefore).push(ms);
      }
    }
    const tvMs: number[] = [];
    for (const [key, w] of written) {
      const shown = shownOnTv.get(key)?.find((t) => t >= w.at);
      if (shown !== undefined) tvMs.push(shown - onlineFrom(w.at, shown, offline.get(w.phone) ?? []));
    }
    const restMs: number[] = [];
    const restSteps: Figures['restSteps'] = [];
    for (const r of parts.flatMap((p) => p.rest)) {
      const from = onlineFrom(r.at, r.shownAt, offline.get(r.phone) ?? []);
      const ms = r.shownAt - from;
      restMs.push(ms);
      (afterKill(r.at) ? split.restAfter : split.restBefore).push(ms);
      if (r.push) restSteps.push({ queued: Math.max(0, r.push.checkAt - from), check: r.push.writeAt - r.push.checkAt, write: r.push.ackAt - r.push.writeAt, toRest: r.shownAt - r.push.ackAt });
    }
    clearInterval(sampler);
    return {
      label: opts.label,
      inPlay: opts.inPlay,
      phones: plans.length,
      firstSyncS,
      phonesMs,
      restMs,
      tvMs,
      phoneRequests: windowPhoneRequests,
      appRequests: windowAsked,
      couchInWindow: proxy ? windowRequests.length : null,
      couchKinds: [...kinds].sort((a, b) => b[1] - a[1]),
      sleepingNamedInWindow: proxy ? windowRequests.filter((r) => { const trip = tripOfCouchPath(r.url); return trip !== null && !playing.has(trip); }).length : null,
      asleepBefore,
      asleepAfter,
      rssMaxMb: rssMax,
      rssPlayMaxMb: rssPlay.map((xs) => (xs.length ? Math.max(...xs) : Number.NaN)),
      rssPlayMedianMb: rssPlay.map((xs) => (xs.length ? percentile(xs, 50) : Number.NaN)),
      lost,
      duplicated,
      boardsDiffer,
      refused: parts.reduce((n, p) => n + p.refused, 0),
      phases,
      killedAt,
      split,
      restSteps,
      restRequestMs: parts.flatMap((p) => p.restRequestMs),
      phoneLoopP95Ms: parts.map((p) => p.loopDelayP95Ms),
      mainLoopMs: [mainLag.percentile(50) / 1e6, mainLag.percentile(95) / 1e6, mainLag.max / 1e6],
      couchTimes: [...kindMs].sort((a, b) => b[1].length - a[1].length).map(([k, xs]) => [k, percentile(xs, 50), percentile(xs, 95)] as [string, number, number]),
      cpuS,
    };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    await Promise.all(servers.map((s) => s?.stop()));
    await balancer?.close();
    await proxy?.close();
    if (couch) await stopProcess(couch.child);
    await rm(work, { recursive: true, force: true });
  }
}

function report(f: Figures) {
  const p95 = (xs: number[]) => (xs.length ? percentile(xs, 95) : Number.NaN);
  const perPhone = f.couchInWindow !== null ? f.couchInWindow / Math.max(1, f.phoneRequests) : null;
  console.log(`\n${f.label}, ${f.inPlay} trips in play (${f.phones} phones; first sync ${fmt(f.firstSyncS, 1)} s, not counted below)`);
  console.log(`  score → other phones of its round p95 ${fmt(p95(f.phonesMs))} ms (${f.phonesMs.length} arrivals) — ${verdict(p95(f.phonesMs) < TARGET.phonesP95Ms)} (< ${fmt(TARGET.phonesP95Ms)} ms)`);
  console.log(`  score → REST p95 ${fmt(p95(f.restMs))} ms (${f.restMs.length} sampled) — ${verdict(p95(f.restMs) < TARGET.restP95Ms)} (< ${TARGET.restP95Ms} ms)`);
  console.log(`  score → TV p95 ${fmt(p95(f.tvMs))} ms (${f.tvMs.length}) — ${verdict(p95(f.tvMs) < TARGET.tvP95Ms)} (< ${fmt(TARGET.tvP95Ms)} ms)`);
  const sp = f.split;
  const mp = (xs: number[]) => (xs.length ? `${fmt(percentile(xs, 50))}/${fmt(percentile(xs, 95))} ms (${fmt(xs.length)})` : '–');
  if (f.killedAt !== null) console.log(`    p50/p95 written before the kill: phones ${mp(sp.phonesBefore)}, REST ${mp(sp.restBefore)}; after it: phones ${mp(sp.phonesAfter)}, REST ${mp(sp.restAfter)}`);
  const st = f.restSteps;
  if (st.length) console.log(`    a sampled score's way to REST, p50/p95 ms (${fmt(st.length)} with their push found): waiting for the push before ${mp(st.map((x) => x.queued))}, push _all_docs ${mp(st.map((x) => x.check))}, push _bulk_docs ${mp(st.map((x) => x.write))}, acknowledged → REST shows it ${mp(st.map((x) => x.toRest))}`);
  console.log(`    each REST read itself (polled every 20 ms until the score shows): ${mp(f.restRequestMs)}`);
  console.log(`    the bench's main thread (balancer, counting proxy, TVs, organizers) event-loop delay p50/p95/max: ${f.mainLoopMs.map((ms) => fmt(ms)).join('/')} ms`);
  if (f.phoneLoopP95Ms.length) console.log(`    the phones' own event-loop delay while they played, p95 of each worker thread (ms): ${f.phoneLoopP95Ms.map((ms) => fmt(ms)).join(', ')}`);
  if (perPhone !== null) {
    console.log(`    CouchDB answered in (p50/p95 ms): ${f.couchTimes.slice(0, 8).map(([k, a, b]) => `${k} ${fmt(a)}/${fmt(b)}`).join(', ')}`);
    const a = f.appRequests;
    console.log(`  CouchDB requests per phone request ${fmt(perPhone, 2)} (${fmt(f.couchInWindow!)} / ${fmt(f.phoneRequests)}) — ${verdict(perPhone <= TARGET.couchPerPhone)} (≤ ${TARGET.couchPerPhone}); naming a sleeping trip's database: ${f.sleepingNamedInWindow} (target 0)`);
    console.log(`    app requests: ${fmt(a.phones)} from phones, ${fmt(a.tvs)} from TVs, ${fmt(a.organizers)} from organizers; CouchDB requests per app request ${fmt(f.couchInWindow! / Math.max(1, a.phones + a.tvs + a.organizers), 2)}`);
    console.log(`    CouchDB requests by kind: ${f.couchKinds.slice(0, 10).map(([k, n]) => `${k} ${fmt(n)}`).join(', ')}`);
  }
  for (const [name, a] of [['before', f.asleepBefore], ['after', f.asleepAfter]] as const) if (a) console.log(`  asleep ${name} the window: ${fmt(a.perS, 2)} CouchDB requests/s, ${a.tripNamed} naming a trip's database in ${ASLEEP_S} s (target: 0 beyond a constant)`);
  const playMax = Math.max(...f.rssPlayMaxMb.filter((mb) => !Number.isNaN(mb)));
  console.log(`  app servers' RSS in play: max ${f.rssPlayMaxMb.map((mb) => `${fmt(mb)} MB`).join(', ')}, median ${f.rssPlayMedianMb.map((mb) => `${fmt(mb)} MB`).join(', ')} — ${verdict(playMax < TARGET.rssMb)} (< ${TARGET.rssMb} MB at 50 in play); largest from start ${f.rssMaxMb.map((mb) => `${fmt(mb)} MB`).join(', ')}`);
  const c = f.cpuS;
  console.log(`  CPU in play: app servers ${c.servers.map((sv) => `${fmt(sv, 1)} s`).join(', ')}; ${f.couchInWindow !== null ? `CouchDB ${Number.isNaN(c.couch) ? 'not measured (external: SEASON_COUCH_PID)' : `${fmt(c.couch, 1)} s`}; ` : ''}the bench's phones, TVs, organizers, balancer and proxy ${fmt(c.bench, 1)} s; machine busy ${fmt(c.machineBusy, 1)} s of ${fmt(c.machineAll, 1)} s`);
  console.log(`  lost ${f.lost}, duplicated ${f.duplicated}, boards differing from the server's ${f.boardsDiffer}, scores refused ${f.refused}`);
  console.log(`  phases: ${f.phases.map(([n, s]) => `${n} ${fmt(s, 1)} s`).join('; ')}`);
}

const started = Date.now();
const manifest = await loadManifest();
const stores = (['couch', 'embedded'] as const).filter((s) => !ONLY || ONLY === s);
for (const store of stores) {
  if (manifest[store]) continue;
  console.log(`Creating the ${store} season in ${SEASON_DIR} (kept for the next runs)`);
  manifest[store] = await createSeason(store);
  await writeFile(join(SEASON_DIR, 'season.json'), JSON.stringify(manifest));
}
for (const store of stores) {
  if (manifest.swept?.includes(store)) continue;
  const ms = await sweepKept(store);
  console.log(`  ${store}: the kept season's first start (a sweep of every trip, so each run's start finds a complete mark) took ${fmt(ms / 1000, 1)} s`);
  manifest.swept = [...(manifest.swept ?? []), store];
  await writeFile(join(SEASON_DIR, 'season.json'), JSON.stringify(manifest));
}
const runsFrom = Date.now();
console.log(`Season: ${SPEC.trips} trips in ${SEASON_DIR}; ${MINUTE_MS} ms per minute of golf, window ${WINDOW_S} s, asleep ${ASLEEP_S} s, ${GROUPS} four-balls per round in play`);
// SEASON_BASELINE_ONLY: the baseline alone (on a real CouchDB, whose season each run changes, every run needs its own copy).
const roots: [string, string][] = [
  ...(process.env.SEASON_BASELINE_ONLY && process.env.SEASON_BASELINE ? [] : [['this checkout', HERE] as [string, string]]),
  ...(process.env.SEASON_BASELINE ? [['baseline', process.env.SEASON_BASELINE] as [string, string]] : []),
];
const couchLabel = EXTERNAL_COUCH ? 'CouchDB at SEASON_COUCH_URL' : 'CouchDB stand-in';
const all: Figures[] = [];
/** Each checkout's runs' own time (ms): the 15-minute budget is this checkout's, a baseline's runs beside it apart. */
const runMs = new Map<string, number>();
for (const store of stores) {
  for (const inPlay of IN_PLAY) {
    for (const [name, root] of roots) {
      if (root !== HERE && BASELINE_AT && !BASELINE_AT.includes(inPlay)) continue;
      const runFrom = Date.now();
      const figures = await runSeason(manifest[store]!, { label: `${store === 'couch' ? `${couchLabel}, two app servers (one killed)` : 'embedded store, one app server'}, ${name}`, root, couch: store === 'couch', inPlay });
      runMs.set(name, (runMs.get(name) ?? 0) + Date.now() - runFrom);
      report(figures);
      all.push(figures);
    }
  }
}
console.log('\nIn play | run | phones p95 | REST p95 | TV p95 | Couch/phone req | Couch/app req | asleep req/s before, after | RSS MB in play (max) | RSS MB from start (max)');
for (const f of all) {
  const p95 = (xs: number[]) => fmt(xs.length ? percentile(xs, 95) : Number.NaN);
  const perPhone = f.couchInWindow !== null ? fmt(f.couchInWindow / Math.max(1, f.phoneRequests), 2) : '–';
  const a = f.appRequests;
  const perApp = f.couchInWindow !== null ? fmt(f.couchInWindow / Math.max(1, a.phones + a.tvs + a.organizers), 2) : '–';
  const asleep = f.asleepBefore ? `${fmt(f.asleepBefore.perS, 2)}, ${fmt(f.asleepAfter!.perS, 2)}` : '–';
  console.log(`${f.inPlay} | ${f.label} | ${p95(f.phonesMs)} | ${p95(f.restMs)} | ${p95(f.tvMs)} | ${perPhone} | ${perApp} | ${asleep} | ${f.rssPlayMaxMb.map((mb) => fmt(mb)).join(', ')} | ${f.rssMaxMb.map((mb) => fmt(mb)).join(', ')}`);
}
const ownMs = runMs.get('this checkout');
const others = [...runMs].filter(([name]) => name !== 'this checkout').map(([name, ms]) => `, the ${name}'s ${fmt(ms / 1000, 0)} s`).join('');
console.log(`\nWall time ${fmt((Date.now() - started) / 1000, 0)} s; the runs ${fmt((Date.now() - runsFrom) / 1000, 0)} s (the season's creation and first start apart)${ownMs !== undefined ? `: this checkout's ${fmt(ownMs / 1000, 0)} s — ${verdict(ownMs < 15 * 60_000)} (< 15 min)${others}` : others}`);
