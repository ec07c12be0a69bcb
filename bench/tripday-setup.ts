/**
 * The parts of `npm run bench:tripday` (bench/tripday.bench.ts) around the day itself: the CouchDB stand-in as a
 * process of its own, the proxy that counts what the app servers ask of it, the trip built through the REST API,
 * the TVs, and when a score's wait counts from.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { course18, organizer } from '../test/support/client.js';
import { HERE } from './load-server.js';

export const ROUNDS = 3;
export const GROUPS_PER_ROUND = 12;
export const PLAYERS = ROUNDS * GROUPS_PER_ROUND * 4;
/** The TV page's own poll interval (web/display/feed.ts POLL_MS). */
export const TV_POLL_MS = 3_000;

export interface Couch {
  url: string;
  child: ChildProcess;
}

/** `dir`: the stand-in serves the databases of that directory and leaves them there (bench/couch-child.ts COUCH_CHILD_DIR). */
export async function startCouchChild(dir?: string): Promise<Couch> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/couch-child.ts'], { cwd: HERE, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...(dir ? { COUCH_CHILD_DIR: dir } : {}) } });
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

/**
 * A proxy in front of the stand-in that counts every request the app servers make, by kind, and times each until its
 * answer's headers (`times`, per kind; a longpoll waits for a change by design and is its own kind).
 */
export async function countingProxy(target: string): Promise<{ url: string; counts: Map<string, number>; times: Map<string, number[]>; requestLog: { at: number; kind: string; url: string; ms: number; status: number }[]; total: () => number; close(): Promise<void> }> {
  const upstreamUrl = new URL(target);
  const counts = new Map<string, number>();
  const times = new Map<string, number[]>();
  const requestLog: { at: number; kind: string; url: string; ms: number; status: number }[] = [];
  const server: Server = createServer((req, res) => {
    const [path, query = ''] = (req.url ?? '').split('?') as [string, string?];
    const longpoll = /(^|&)feed=longpoll(&|$)/.test(query);
    const kind = `${req.method} ${/\/(_[a-z_]+)/.exec(path)?.[1] ?? (path.split('/').filter(Boolean).length > 1 ? 'doc' : 'db')}${longpoll ? ' (longpoll)' : ''}`;
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
    const sent = performance.now();
    const at = Date.now();
    const upstream = httpRequest({ host: upstreamUrl.hostname, port: upstreamUrl.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstreamUrl.host } }, (answer) => {
      const ms = performance.now() - sent;
      const list = times.get(kind) ?? [];
      list.push(ms);
      requestLog.push({ at, kind, url: req.url ?? '', ms, status: answer.statusCode ?? 0 });
      times.set(kind, list);
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The target's credentials (a real CouchDB's admin) travel in the proxy's URL: the app servers send them through.
  const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  url.username = upstreamUrl.username;
  url.password = upstreamUrl.password;
  return {
    url: url.href.replace(/\/$/, ''),
    counts,
    times,
    requestLog,
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function must(res: Promise<{ status: number; body: any; text: string }>, what: string): Promise<any> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

const teeTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** The trip through the REST API: 144 players, three ready rounds of 12 four-balls on three courses, a TV code. */
export async function buildDay(base: string) {
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
export function startTv(base: string, code: string, nameToCard: Map<string, string>, shown: Map<string, number[]>) {
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
export function onlineFrom(at: number, until: number, spans: { from: number; to: number }[]): number {
  let start = at;
  for (const s of spans) if (s.from <= until && s.to >= at) start = Math.max(start, s.to);
  return start;
}

