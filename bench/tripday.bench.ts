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
 * `TRIPDAY_ONLY=couch|embedded` runs one of the two days. `TRIPDAY_BASELINE=<dir>` runs the app servers from another checkout (a worktree of an earlier commit) too, for a
 * side-by-side comparison in one session.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { api, course18, organizer } from '../test/support/client.js';
import { stopProcess } from '../test/support/processes.js';
import { startBalancer, type Balancer } from '../test/sync/support/balancer.js';
import { HERE, startLoadServer, type LoadServer } from './load-server.js';
import { cpuMsOf, rssMbOf } from './proc-stats.js';
import { fmt, median, percentile } from './support.js';
import type { PhonePlan, WorkerInput, WorkerResult } from './tripday-devices.js';

const MINUTE_MS = Number(process.env.TRIPDAY_MINUTE_MS ?? 400);
/** `TRIPDAY_ONLY=couch` or `embedded`: run one of the two days. */
const ONLY = process.env.TRIPDAY_ONLY;
const ROUNDS = 3;
const GROUPS_PER_ROUND = 12;
const PLAYERS = ROUNDS * GROUPS_PER_ROUND * 4;
const TV_POLL_MS = 3_000;
const SECRET = 'tripday-bench-secret-0123456789abcdef';
const TARGET = { phonesP95Ms: 1_000, tvP95Ms: 4_000, restP95Ms: 300, couchPerPhone: 1.5 };
const verdict = (ok: boolean) => (ok ? 'target met' : 'target NOT met');

interface DayOptions {
  label: string;
  root: string;
  couch: boolean;
  kill: boolean;
}

interface Couch {
  url: string;
  child: ChildProcess;
}

async function startCouchChild(): Promise<Couch> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/couch-child.ts'], { cwd: HERE, stdio: ['ignore', 'pipe', 'inherit'] });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const m = /COUCH (\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the CouchDB stand-in exited (${code})`)));
  });
  return { url, child };
}

/** A proxy in front of the stand-in that counts every request the app servers make, by kind. */
async function countingProxy(target: string): Promise<{ url: string; counts: Map<string, number>; total: () => number; close(): Promise<void> }> {
  const upstreamUrl = new URL(target);
  const counts = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]!;
    const kind = `${req.method} ${/\/(_[a-z_]+)/.exec(path)?.[1] ?? (path.split('/').filter(Boolean).length > 1 ? 'doc' : 'db')}`;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    const upstream = httpRequest({ host: upstreamUrl.hostname, port: upstreamUrl.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstreamUrl.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    counts,
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function must(res: Promise<{ status: number; body: any; text: string }>, what: string): Promise<any> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

const teeTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The trip through the REST API: 144 players, three ready rounds of 12 four-balls on three courses, a TV code. */
async function buildDay(base: string) {
  const org = await organizer(base, 'Day Organizer');
  const tripId = (await must(org.client.post('/trips', { name: 'Trip day', startDate: '2027-04-10', endDate: '2027-04-14', timezone: 'Europe/Lisbon', currency: 'EUR' }), 'trip')).id as string;
  const rows = Array.from({ length: PLAYERS }, (_, i) => ({ name: `Player ${String(i + 1).padStart(3, '0')}`, handicapIndex: (i * 7) % 30 }));
  const players = (await must(org.client.post(`/trips/${tripId}/players/bulk`, { players: rows }), 'players')).items as { id: string; name: string }[];
  const rounds: { id: string; groups: string[][] }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const field = players.slice(r * GROUPS_PER_ROUND * 4, (r + 1) * GROUPS_PER_ROUND * 4).map((p) => p.id);
    const groups = Array.from({ length: GROUPS_PER_ROUND }, (_, g) => field.slice(g * 4, g * 4 + 4));
    const body = { name: `Course ${r + 1}`, date: '2027-04-11', course: course18(`Course ${r + 1}`), defaultTee: 'White', groups: groups.map((playerIds, g) => ({ playerIds, teeTime: teeTime(8 * 60 + g * 8) })) };
    const id = (await must(org.client.post(`/trips/${tripId}/rounds`, body), 'round')).id as string;
    await must(org.client.patch(`/trips/${tripId}/rounds/${id}/ready`), 'ready');
    rounds.push({ id, groups });
  }
  await must(org.client.put(`/trips/${tripId}/display`, { panels: ['leaderboard'], leaderboard: { roundId: rounds[0]!.id, basis: 'gross' } }), 'display');
  const code = (await must(org.client.post(`/trips/${tripId}/display/access-code`), 'display code')).code as string;
  const tokens = (await must(org.client.post('/trip-portal/tokens/bulk', { tripId }), 'tokens')).items as { playerId: string; token: string }[];
  const tokenOf = new Map(tokens.map((t) => [t.playerId, t.token]));
  return { org, tripId, players, rounds, code, tokenOf };
}

/** A TV: polls the public display view as the TV page does, noting when each player's `thru` first reached a hole. */
function startTv(base: string, code: string, nameToCard: Map<string, string>, shown: Map<string, number[]>) {
  let running = true;
  const loop = (async () => {
    const thruOf = new Map<string, number>();
    while (running) {
      const started = Date.now();
      try {
        const res = await fetch(`${base}/display/codes/${code}`);
        if (res.ok) {
          const body = (await res.json()) as { leaderboard?: { lines: { name: string; thru: number }[] } | null };
          const now = Date.now();
          for (const line of body.leaderboard?.lines ?? []) {
            const card = nameToCard.get(line.name);
            if (!card) continue;
            for (let h = (thruOf.get(card) ?? 0) + 1; h <= line.thru; h++) (shown.get(`${card}:${h}`) ?? shown.set(`${card}:${h}`, []).get(`${card}:${h}`)!).push(now);
            thruOf.set(card, Math.max(thruOf.get(card) ?? 0, line.thru));
          }
        } else await res.arrayBuffer();
      } catch {
        // The killed server: the next poll goes to the other.
      }
      await new Promise((r) => setTimeout(r, Math.max(0, TV_POLL_MS - (Date.now() - started))));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

/** The later of `at` and the end of every offline span of these phones that overlaps [at, until]. */
function onlineFrom(at: number, until: number, spans: { from: number; to: number }[]): number {
  let start = at;
  for (const s of spans) if (s.from <= until && s.to >= at) start = Math.max(start, s.to);
  return start;
}

interface DayResult {
  label: string;
  phonesMs: number[];
  phonesMissing: number;
  tvMs: number[];
  restMs: number[];
  restMissing: number;
  phoneRequests: number;
  appRequests: number;
  couchRequests: number | null;
  couchKinds: [string, number][];
  servers: { name: string; cpuMs: number; requests: number; rssMaxMb: number }[];
  couchCpuMs: number | null;
  couchRssMaxMb: number | null;
  lost: number;
  duplicated: number;
  conflicts: number | null;
  boardsDiffer: number;
  refused: number;
  killedAtS: number | null;
  wallS: number;
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
    balancer = await startBalancer({
      targets: () => servers.filter((s): s is LoadServer => !!s).map((s) => s.url),
      onAnswered: (req, target) => {
        appRequests += 1;
        perServer.set(target, (perServer.get(target) ?? 0) + 1);
        if (req.headers['x-bench-phone'] !== undefined) phoneRequests += 1;
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
    const phoneBefore = phoneRequests;
    const appBefore = appRequests;
    const perServerBefore = new Map(perServer);
    const rssMax = servers.map(() => 0);
    let couchRssMax = 0;
    const cpuAtEnd: number[] = servers.map(() => Number.NaN);
    const sampler = setInterval(() => {
      servers.forEach((s, i) => {
        if (!s) return;
        void rssMbOf(s.pid).then((mb) => (rssMax[i] = Math.max(rssMax[i]!, mb || 0)));
        void cpuMsOf(s.pid).then((ms) => Number.isFinite(ms) && (cpuAtEnd[i] = ms));
      });
      if (couch) void rssMbOf(couch.child.pid!).then((mb) => (couchRssMax = Math.max(couchRssMax, mb || 0)));
    }, 500);

    const started = Date.now();
    for (const w of workers) w.postMessage('go');
    // Halfway through the day (about 150 minutes of golf), app server 1 is killed.
    let killedAtS: number | null = null;
    const killer = opts.kill
      ? setTimeout(() => {
          const victim = servers[0]!;
          void cpuMsOf(victim.pid).then((ms) => (cpuAtEnd[0] = ms));
          servers[0] = undefined;
          killedAtS = (Date.now() - started) / 1000;
          void victim.kill();
        }, 150 * MINUTE_MS)
      : undefined;
    await Promise.all(played);
    clearTimeout(killer);
    await Promise.all(stopTvs.map((stop) => stop()));
    const wallS = (Date.now() - started) / 1000;
    clearInterval(sampler);
    for (const [i, s] of servers.entries()) if (s) cpuAtEnd[i] = await cpuMsOf(s.pid);
    const couchCpuMs = couch ? (await cpuMsOf(couch.child.pid!)) - couchCpuBefore : null;
    const couchRequests = proxy ? proxy.total() - couchBefore : null;
    const couchKinds = proxy ? [...proxy.counts].map(([k, n]) => [k, n - (couchKindsBefore.get(k) ?? 0)] as [string, number]).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]) : [];
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
      restMs: parts.flatMap((p) => p.rest),
      restMissing: parts.reduce((n, p) => n + p.restMissing, 0),
      phoneRequests: dayPhoneRequests,
      appRequests: dayAppRequests,
      couchRequests,
      couchKinds,
      servers: serverStats,
      couchCpuMs,
      couchRssMaxMb: couch ? couchRssMax : null,
      lost,
      duplicated,
      conflicts,
      boardsDiffer,
      refused: parts.reduce((n, p) => n + p.refused, 0),
      killedAtS,
      wallS,
    };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
    await balancer?.close();
    await Promise.all(servers.map((s) => s?.stop()));
    await proxy?.close();
    if (couch) await stopProcess(couch.child);
    await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
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
  if (r.restMissing) console.log(`    (${fmt(r.restMissing)} sampled scores never shown on REST within 15 s)`);
  console.log(`  requests: ${fmt(r.phoneRequests)} from phones, ${fmt(r.appRequests)} in all (phones, TVs, REST reads)`);
  if (r.couchRequests !== null) {
    const per = r.couchRequests / r.phoneRequests;
    console.log(`  CouchDB requests: ${fmt(r.couchRequests)}; per phone request ${fmt(per, 2)} — ${verdict(per <= TARGET.couchPerPhone)} (≤ ${TARGET.couchPerPhone}); per app request ${fmt(r.couchRequests / r.appRequests, 2)}`);
    console.log(`    by kind: ${r.couchKinds.slice(0, 8).map(([k, n]) => `${k} ${fmt(n)}`).join(', ')}`);
    console.log(`  CouchDB stand-in: CPU ${fmt(r.couchCpuMs ?? Number.NaN)} ms (${fmt(((r.couchCpuMs ?? 0) / (r.wallS * 1000)) * 100)} % of a core), max RSS ${fmt(r.couchRssMaxMb ?? Number.NaN)} MB`);
  }
  for (const s of r.servers) console.log(`  ${s.name}: ${fmt(s.requests)} requests, CPU ${fmt(s.cpuMs / Math.max(1, s.requests), 2)} ms per request (${fmt((s.cpuMs / (r.wallS * 1000)) * 100)} % of a core), max RSS ${fmt(s.rssMaxMb)} MB`);
  console.log(`  scores lost ${r.lost}, duplicated ${r.duplicated}, refused ${r.refused}, conflicts left ${r.conflicts ?? 'n/a'}, phone boards differing from the server's ${r.boardsDiffer}`);
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
