/**
 * Graceful shutdown of the real server process (`node --import tsx server/main.ts`): on SIGTERM it stops accepting
 * connections, lets the requests in flight finish (none is cut, none acknowledged is lost), ends replication
 * longpolls at once with a complete answer (the phone asks again), exits 0 without waiting for the grace deadline,
 * and past the deadline (SHUTDOWN_GRACE_MS) cuts what is still open.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/client.js';
import { freePort } from '../support/processes.js';
import { createTrip, portalSession, type FaultTrip } from '../sync/support/fault-trip.js';
import { answers, killTree, serverEnv, startChild, within, type Child } from './support/child.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SECRET = 'ops-shutdown-secret-0123456789abcdef';
const WRITES = 20;
const GRACE_MS = 60_000;

let scratch: string;
let running: Child | undefined;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'golf-ops-shutdown-'));
});
afterEach(() => {
  if (running && running.process.exitCode === null && running.process.signalCode === null) killTree(running.process.pid!);
  running = undefined;
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function startServer(dataDir: string, port: number, graceMs: number): Promise<Child> {
  running = await startChild(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    port,
    env: serverEnv({ PORT: String(port), DATA_DIR: dataDir, AUTH_JWT_SECRET: SECRET, SHUTDOWN_GRACE_MS: String(graceMs), WEB_DIR: join(scratch, 'no-web') }),
  });
  return running;
}

interface Answer {
  status: number;
  text: string;
  /** The response arrived whole: its end was received, not an error or a dropped connection. */
  complete: boolean;
  /** The response's `Connection` header. */
  connection?: string;
  error?: string;
  at: number;
}

/** Collects a response to the end, recording whether it arrived complete. */
function collect(req: ReturnType<typeof request>): Promise<Answer> {
  return new Promise((resolve) => {
    req.on('response', (res: IncomingMessage) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, complete: res.complete, connection: res.headers.connection, at: Date.now() }));
      res.on('error', (err) => resolve({ status: res.statusCode ?? 0, text, complete: false, error: String(err), at: Date.now() }));
    });
    req.on('error', (err) => resolve({ status: 0, text: '', complete: false, error: String(err), at: Date.now() }));
  });
}

/**
 * A JSON request whose body is sent in two parts: all but the last bytes now, the rest when `finish` is called.
 * The server has the request in flight in between (headers read, body incomplete).
 */
function slowJson(agent: Agent, url: string, method: string, token: string, body: unknown) {
  const payload = Buffer.from(JSON.stringify(body));
  const req = request(url, { method, agent, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': String(payload.length) } });
  const answer = collect(req);
  req.write(payload.subarray(0, payload.length - 5));
  return { answer, finish: () => req.end(payload.subarray(payload.length - 5)) };
}

function longpoll(agent: Agent, url: string, session: string): Promise<Answer> {
  const req = request(url, { agent, headers: { authorization: `Bearer ${session}` } });
  const answer = collect(req);
  req.end();
  return answer;
}

const expense = (trip: FaultTrip, i: number) => ({
  payerId: trip.players[i % trip.players.length]!.id,
  amountCents: 1_000 + i,
  category: 'food',
  date: '2027-04-11',
  description: `Round ${i} at the bar`,
  split: { mode: 'equal', playerIds: trip.players.map((p) => p.id) },
});

describe('shutdown on SIGTERM', () => {
  it('finishes the writes in flight, ends longpolls at once, exits 0, and keeps every acknowledged write', { timeout: 120_000 }, async () => {
    const dataDir = join(scratch, 'drain');
    const port = await freePort();
    // A long grace period, so that what ends early can only have been ended by the shutdown, however slow the machine.
    let server = await startServer(dataDir, port, GRACE_MS);
    const trip = await createTrip(server.url, { names: ['Al', 'Bo', 'Cy', 'Di'], groups: [[0, 1, 2, 3]] });
    // The longpolls watch another trip, which nothing writes to: only the shutdown can end them before 60 s.
    const quiet = await createTrip(server.url, { names: ['Ed', 'Fy'], groups: [[0, 1]] });
    const { session } = await portalSession(server.url, quiet, quiet.players[0]!.id);
    // Keep-alive connections, as browsers and phones use: one request done on each beforehand, so some sit idle.
    const agent = new Agent({ keepAlive: true, maxSockets: 64 });
    const warm = await api(server.url, trip.org.token).get(`/trips/${trip.tripId}`);
    expect(warm.status).toBe(200);

    const feed = `${server.url}/sync/trips/${quiet.tripId}/_changes?feed=longpoll&since=now&timeout=60000`;
    const polls = [longpoll(agent, feed, session), longpoll(agent, `${feed}&heartbeat=500`, session)];
    const writes = Array.from({ length: WRITES }, (_, i) => slowJson(agent, `${server.url}/trips/${trip.tripId}/expenses`, 'POST', trip.org.token, expense(trip, i)));
    // Everything is in flight on the server: the longpolls waiting, the writes' bodies half sent.
    await new Promise((r) => setTimeout(r, 1_000));

    const signalled = Date.now();
    server.process.kill('SIGTERM');
    // New connections are refused while the requests in flight still run.
    expect(await within(5_000, async () => !(await answers(server.url)))).toBe(true);
    for (const w of writes) w.finish();

    const answered = await Promise.all(writes.map((w) => w.answer));
    const pollAnswers = await Promise.all(polls);
    const exit = await server.exited;
    const stoppedAfter = Date.now() - signalled;

    // Whole answers, each telling its client not to reuse the connection (it closes once the answer is sent).
    expect(answered.map((a) => ({ status: a.status, complete: a.complete, connection: a.connection, error: a.error }))).toEqual(
      answered.map(() => ({ status: 201, complete: true, connection: 'close', error: undefined })),
    );
    for (const poll of pollAnswers) {
      expect(poll).toMatchObject({ status: 200, complete: true });
      // A complete CouchDB answer (nothing changed), which replication clients take as "ask again".
      expect(JSON.parse(poll.text)).toMatchObject({ results: [], last_seq: expect.anything() });
      // Ended by the shutdown, not by the 60 s timeout nor the grace deadline.
      expect(poll.at - signalled).toBeLessThan(GRACE_MS / 3);
    }
    expect(exit).toEqual({ code: 0, signal: null });
    // Idle keep-alive connections did not hold the exit until the grace deadline.
    expect(stoppedAfter).toBeLessThan(GRACE_MS / 2);
    agent.destroy();

    // Every write the server acknowledged is there after a restart on the same data.
    server = await startServer(dataDir, port, GRACE_MS);
    const org = api(server.url, trip.org.token);
    for (const [i, a] of answered.entries()) {
      const created = JSON.parse(a.text) as { id: string };
      const stored = await org.get(`/trips/${trip.tripId}/expenses/${created.id}`);
      expect(stored.status).toBe(200);
      expect(stored.body).toMatchObject({ id: created.id, amountCents: 1_000 + i, description: `Round ${i} at the bar` });
    }
    server.process.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('cuts a request still running at the grace deadline, and still exits 0', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const server = await startServer(join(scratch, 'deadline'), port, 1_500);
    const trip = await createTrip(server.url, { names: ['Al', 'Bo'], groups: [[0, 1]] });
    const agent = new Agent({ keepAlive: true });
    // A body that never finishes: its client stalled.
    const stalled = slowJson(agent, `${server.url}/trips/${trip.tripId}/expenses`, 'POST', trip.org.token, expense(trip, 1));
    await new Promise((r) => setTimeout(r, 500));
    const signalled = Date.now();
    server.process.kill('SIGTERM');
    const answer = await stalled.answer;
    expect(answer.complete).toBe(false);
    expect(answer.at - signalled).toBeGreaterThanOrEqual(1_400);
    expect(await server.exited).toEqual({ code: 0, signal: null });
    agent.destroy();
  });
});
