/**
 * Read admission (server/http/admission.ts): reads run a few at a time, writes never wait behind them.
 *
 * The gate itself with real timers; then against the real server, whose gate the test fills with reads of its own
 * (deferred promises it releases), so every case is deterministic: a REST read and a replication read are refused
 * with 503 in their own error shapes once the queue is full, while score writes, a phone's push, `/health` and a
 * longpoll still get through (and a push's read by keys, while a key range by POST is refused); and a read that
 * waited sees a write made while it waited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGatedRead, ReadGate } from '../../server/http/admission.js';
import { api, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTrip, portalSession, type FaultTrip } from '../sync/support/fault-trip.js';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
const checkPhase = () => new Promise<void>((r) => setImmediate(r));

describe('ReadGate', () => {
  it('runs at most readConcurrency reads at once, first come first served', async () => {
    const gate = new ReadGate({ readConcurrency: 2, readQueueLimit: 100 });
    const holds = Array.from({ length: 6 }, deferred);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const runs = holds.map((h, i) =>
      gate.run(async () => {
        started.push(i);
        running += 1;
        most = Math.max(most, running);
        await h.promise;
        running -= 1;
      }, () => false),
    );
    await checkPhase();
    expect(started).toEqual([0, 1]);
    expect(gate.queueLength).toBe(4);
    // Released out of order: the slots go to the waiting reads in the order they came.
    holds[1]!.resolve();
    await checkPhase();
    await checkPhase();
    expect(started).toEqual([0, 1, 2]);
    for (const h of holds) h.resolve();
    expect(await Promise.all(runs)).toEqual(['ran', 'ran', 'ran', 'ran', 'ran', 'ran']);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(gate.stats).toMatchObject({ admitted: 6, queued: 4, refused: 0, maxQueue: 4 });
  });

  it('lets a waiting read in from the check phase, not from the microtasks of the read that finished', async () => {
    const gate = new ReadGate({ readConcurrency: 1, readQueueLimit: 10 });
    const first = deferred();
    let secondStarted = false;
    void gate.run(() => first.promise, () => false);
    const second = gate.run(async () => {
      secondStarted = true;
    }, () => false);
    first.resolve();
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(secondStarted).toBe(false);
    await checkPhase();
    await checkPhase();
    expect(secondStarted).toBe(true);
    expect(await second).toBe('ran');
  });

  it('refuses a read past readQueueLimit at once, and drops one whose client left while it waited', async () => {
    const gate = new ReadGate({ readConcurrency: 1, readQueueLimit: 2 });
    const hold = deferred();
    let ran = 0;
    const work = async () => {
      ran += 1;
    };
    void gate.run(() => hold.promise, () => false);
    let gone = false;
    const leaving = gate.run(work, () => gone);
    const staying = gate.run(work, () => false);
    expect(await gate.run(work, () => false)).toBe('refused');
    expect(gate.stats.refused).toBe(1);
    gone = true;
    hold.resolve();
    expect(await leaving).toBe('gone');
    expect(await staying).toBe('ran');
    // Only the read whose client stayed ran; the slot of the one that left went on to it.
    expect(ran).toBe(1);
    await checkPhase();
    expect(gate.queueLength).toBe(0);
    // The gate is free again: a new read runs at once.
    expect(await gate.run(work, () => false)).toBe('ran');
    expect(ran).toBe(2);
  });

  it('a read that gives its turn back lets the next one in while it waits, and takes a turn again ahead of the reads not yet started', async () => {
    const gate = new ReadGate({ readConcurrency: 1, readQueueLimit: 10 });
    const computed = deferred();
    const order: string[] = [];
    const board = gate.run(async (turn) => {
      order.push('board checked');
      turn.giveBack();
      // Waits for a value computed once for everyone (a leaderboard): no work of its own meanwhile.
      await computed.promise;
      await turn.takeAgain();
      order.push('board answered');
    }, () => false);
    const holdCard = deferred();
    const card = gate.run(async () => {
      order.push('card started');
      await holdCard.promise;
      order.push('card answered');
    }, () => false);
    const overview = gate.run(async () => {
      order.push('overview');
    }, () => false);
    await checkPhase();
    await checkPhase();
    // The card read got the turn the board read gave back; the overview still waits.
    expect(order).toEqual(['board checked', 'card started']);
    expect(gate.queueLength).toBe(1);
    computed.resolve();
    await checkPhase();
    // The board read, done waiting, queues for a turn ahead of the overview that has not started.
    expect(gate.queueLength).toBe(2);
    holdCard.resolve();
    expect(await Promise.all([board, card, overview])).toEqual(['ran', 'ran', 'ran']);
    expect(order).toEqual(['board checked', 'card started', 'card answered', 'board answered', 'overview']);
    // Every turn was handed back once: the gate is empty and a read runs at once.
    expect(gate.queueLength).toBe(0);
    let ran = false;
    await gate.run(async () => {
      ran = true;
    }, () => false);
    expect(ran).toBe(true);
  });

  it('a turn given back twice, or taken again while held, changes nothing', async () => {
    const gate = new ReadGate({ readConcurrency: 2, readQueueLimit: 10 });
    const hold = deferred();
    const first = gate.run(async (turn) => {
      await turn.takeAgain();
      turn.giveBack();
      turn.giveBack();
      await hold.promise;
    }, () => false);
    // One turn is free (the first gave its own back once), not two: a third read waits.
    const started: number[] = [];
    const others = [1, 2].map((i) => gate.run(() => {
      started.push(i);
      return hold.promise;
    }, () => false));
    await checkPhase();
    await checkPhase();
    expect(started).toEqual([1, 2]);
    const third = gate.run(async () => {
      started.push(3);
    }, () => false);
    await checkPhase();
    await checkPhase();
    expect(started).toEqual([1, 2]);
    expect(gate.queueLength).toBe(1);
    hold.resolve();
    await Promise.all([first, ...others, third]);
    expect(started).toEqual([1, 2, 3]);
  });

  it('a failing read frees its slot', async () => {
    const gate = new ReadGate({ readConcurrency: 1, readQueueLimit: 10 });
    await expect(gate.run(async () => Promise.reject(new Error('boom')), () => false)).rejects.toThrow('boom');
    let ran = false;
    await gate.run(async () => {
      ran = true;
    }, () => false);
    expect(ran).toBe(true);
  });

  it('gates GET and HEAD, and replication reads by POST; not writes, the push half of replication, longpolls, checkpoints, database info or /health', () => {
    const cases: [string, string, Record<string, string>, boolean][] = [
      ['GET', '/trips/t1/leaderboards/rounds/r1', {}, true],
      ['HEAD', '/display/trips/t1', {}, true],
      ['GET', '/sync/trips/t1/_changes', { feed: 'normal' }, true],
      ['GET', '/sync/trips/t1/_changes', { feed: 'longpoll' }, false],
      ['POST', '/sync/trips/t1/_changes', { feed: 'longpoll' }, false],
      ['POST', '/sync/trips/t1/_changes', {}, true],
      ['POST', '/sync/trips/t1/_bulk_get', {}, true],
      // By keys, RxDB's push reads what it is about to write: not gated here; a key range waits once the body shows it.
      ['POST', '/sync/trips/t1/_all_docs', {}, false],
      ['GET', '/sync/trips/t1/_all_docs', {}, true],
      ['POST', '/sync/trips/t1/_revs_diff', {}, false],
      ['POST', '/sync/trips/t1/_bulk_docs', {}, false],
      ['PUT', '/sync/trips/t1/_local/abc', {}, false],
      ['GET', '/sync/trips/t1/_local/abc', {}, false],
      ['GET', '/sync/trips/t1/', {}, false],
      ['GET', '/sync/trips/t1', {}, false],
      ['GET', '/sync/trips/t1/score%3Ac1%3A1', {}, true],
      ['PUT', '/trip-portal/scorecards/c1/scores', {}, false],
      ['POST', '/trips', {}, false],
      ['POST', '/trips/t1/_bulk_get', {}, false],
      ['GET', '/health', {}, false],
    ];
    for (const [method, path, query, gated] of cases) expect([method, path, query, isGatedRead(method, path, query)]).toEqual([method, path, query, gated]);
  });
});

describe('read admission in the server', () => {
  let server: TestServer;
  let trip: FaultTrip;
  let scorer: Api;
  let session: string;

  beforeAll(async () => {
    server = await startTestServer({ config: { admission: { readConcurrency: 1, readQueueLimit: 1 } } });
    trip = await createTrip(server.url, { names: ['Al', 'Bo', 'Cy'], groups: [[0, 1, 2]] });
    session = (await portalSession(server.url, trip, trip.players[0]!.id)).session;
    scorer = api(server.url, session);
  });
  afterAll(async () => {
    await server.close();
  });

  /** Fills the gate: one read of the test's own running, one waiting; released by the returned function. */
  async function fillGate(): Promise<() => Promise<void>> {
    const running = deferred();
    const waiting = deferred();
    const runs = [server.readGate.run(() => running.promise, () => false), server.readGate.run(() => waiting.promise, () => false)];
    await checkPhase();
    expect(server.readGate.queueLength).toBe(1);
    return async () => {
      running.resolve();
      waiting.resolve();
      await Promise.all(runs);
    };
  }

  it('refuses reads with 503 in each error shape while the queue is full, and lets writes, pushes, /health and longpolls through', async () => {
    const release = await fillGate();
    try {
      const rest = await trip.org.client.get(`/trips/${trip.tripId}`);
      expect(rest.status).toBe(503);
      expect(rest.headers.get('retry-after')).toBe('1');
      expect(rest.body).toMatchObject({ error: { code: 'server_busy', message: expect.any(String), requestId: expect.any(String) } });

      const sync = await api(server.url, session).get(`/sync/trips/${trip.tripId}/_changes?since=0`);
      expect(sync.status).toBe(503);
      expect(sync.headers.get('retry-after')).toBe('1');
      expect(sync.body).toEqual({ error: 'service_unavailable', reason: expect.any(String) });

      // Writes are never gated: the portal's and the dashboard's score writes land.
      const al = trip.players[0]!;
      expect((await scorer.put(`/trip-portal/scorecards/${al.card}/scores`, { hole: 1, strokes: 5 })).status).toBe(200);
      expect((await trip.org.client.put(`/trips/${trip.tripId}/scorecards/${al.card}/scores/2`, { strokes: 4 })).status).toBe(200);
      // Nor is the push half of replication: `_revs_diff`, and RxDB's read by keys of what it is about to write.
      const diff = await api(server.url, session).post(`/sync/trips/${trip.tripId}/_revs_diff`, { 'score:x:1': ['1-abc'] });
      expect(diff.status).toBe(200);
      const cardId = `scorecard:${al.card}`;
      const byKeys = await api(server.url, session).post(`/sync/trips/${trip.tripId}/_all_docs`, { keys: [cardId], include_docs: true });
      expect(byKeys.status).toBe(200);
      expect(byKeys.body.rows).toEqual([expect.objectContaining({ id: cardId, doc: expect.objectContaining({ _id: cardId }) })]);
      // A key range by POST is a read of any size: refused with the rest while the queue is full, by GET as by POST.
      const range = await api(server.url, session).post(`/sync/trips/${trip.tripId}/_all_docs`, { startkey: 'scorecard:', endkey: 'scorecard:\ufff0' });
      expect(range.status).toBe(503);
      expect(range.headers.get('retry-after')).toBe('1');
      expect(range.body).toEqual({ error: 'service_unavailable', reason: expect.any(String) });
      expect((await api(server.url, session).get(`/sync/trips/${trip.tripId}/_all_docs?keys=${encodeURIComponent(JSON.stringify([cardId]))}`)).status).toBe(503);
      expect((await api(server.url).get('/health')).status).toBe(200);
      // A longpoll waits for changes, which is no work: it is not gated (one with a change behind it answers at once).
      const longpoll = await api(server.url, session).get(`/sync/trips/${trip.tripId}/_changes?feed=longpoll&since=0&timeout=1000`);
      expect(longpoll.status).toBe(200);
      expect(longpoll.body.results.length).toBeGreaterThan(0);
      expect(server.readGate.stats.refused).toBeGreaterThanOrEqual(4);
    } finally {
      await release();
    }
    expect((await trip.org.client.get(`/trips/${trip.tripId}`)).status).toBe(200);
    const range = await api(server.url, session).post(`/sync/trips/${trip.tripId}/_all_docs`, { startkey: 'scorecard:', endkey: 'scorecard:\ufff0' });
    expect(range.status).toBe(200);
    expect(range.body.rows.map((r: { id: string }) => r.id)).toContain(`scorecard:${trip.players[0]!.card}`);
  });

  it('drops a waiting read whose client went away, without running it', async () => {
    const running = deferred();
    const held = server.readGate.run(() => running.promise, () => false);
    const admitted = server.readGate.stats.admitted;
    const controller = new AbortController();
    const read = fetch(`${server.url}/trips/${trip.tripId}`, { headers: { authorization: `Bearer ${trip.org.token}` }, signal: controller.signal }).then(
      () => 'answered',
      () => 'aborted',
    );
    for (let i = 0; i < 50 && server.readGate.queueLength === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(server.readGate.queueLength).toBe(1);
    controller.abort();
    expect(await read).toBe('aborted');
    // The server sees the connection close.
    await new Promise((r) => setTimeout(r, 100));
    running.resolve();
    await held;
    await checkPhase();
    await checkPhase();
    expect(server.readGate.queueLength).toBe(0);
    expect(server.readGate.stats.admitted).toBe(admitted);
    expect((await trip.org.client.get(`/trips/${trip.tripId}`)).status).toBe(200);
    expect(server.readGate.stats.admitted).toBe(admitted + 1);
  });

  it('a read that waits for its turn runs once a slot frees, and sees a write that passed it meanwhile', async () => {
    const running = deferred();
    const held = server.readGate.run(() => running.promise, () => false);
    const bo = trip.players[1]!;
    const waitingRead = trip.org.client.get(`/trips/${trip.tripId}/scorecards/${bo.card}/scores`);
    // The read waits in the queue…
    for (let i = 0; i < 50 && server.readGate.queueLength === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(server.readGate.queueLength).toBe(1);
    // …while a write is answered.
    expect((await trip.org.client.put(`/trips/${trip.tripId}/scorecards/${bo.card}/scores/7`, { strokes: 6 })).status).toBe(200);
    let answered = false;
    void waitingRead.then(() => (answered = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    running.resolve();
    await held;
    const res = await waitingRead;
    expect(res.status).toBe(200);
    expect((res.body.items as { hole: number; strokes: number }[]).find((s) => s.hole === 7)?.strokes).toBe(6);
  });
});
