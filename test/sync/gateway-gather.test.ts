/**
 * A longpoll `_changes` that waited gathers for `LONGPOLL_GATHER_MS` after the first change before answering
 * (sync/gateway/changes.ts), so scores written together reach each phone in one pull; with 0 it answers at the first
 * change, as CouchDB does. A longpoll that finds changes already there answers at once either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTrip, portalSession, type FaultTrip } from './support/fault-trip.js';

interface Setup {
  server: TestServer;
  trip: FaultTrip;
  session: string;
}

async function setup(longpollGatherMs: number): Promise<Setup> {
  const server = await startTestServer({ config: { longpollGatherMs } });
  const trip = await createTrip(server.url, { names: ['Al', 'Bo', 'Cy'], groups: [[0, 1, 2]] });
  const session = (await portalSession(server.url, trip, trip.players[0]!.id)).session;
  return { server, trip, session };
}

/** Starts a longpoll from the current sequence, then writes three holes 100 ms apart; answers the score ids it got. */
async function longpollDuringWrites({ server, trip, session }: Setup) {
  const phone = api(server.url, session);
  const since = (await phone.get(`/sync/trips/${trip.tripId}/`)).body.update_seq;
  const poll = phone.get(`/sync/trips/${trip.tripId}/_changes?feed=longpoll&since=${encodeURIComponent(String(since))}&timeout=10000`);
  await new Promise((r) => setTimeout(r, 50));
  const al = trip.players[0]!;
  for (let hole = 1; hole <= 3; hole++) {
    expect((await phone.put(`/trip-portal/scorecards/${al.card}/scores`, { hole, strokes: 4 })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
  }
  const res = await poll;
  expect(res.status).toBe(200);
  const ids = (res.body.results as { id: string }[]).map((r) => r.id).filter((id) => id.startsWith('score:'));
  return ids;
}

describe('longpoll gathering', () => {
  let gathering: Setup;
  let immediate: Setup;
  beforeAll(async () => {
    [gathering, immediate] = await Promise.all([setup(1_000), setup(0)]);
  });
  afterAll(async () => {
    await Promise.all([gathering.server.close(), immediate.server.close()]);
  });

  it('with a gather time, answers the scores written together in one pull', async () => {
    const ids = await longpollDuringWrites(gathering);
    expect(ids.sort()).toEqual([1, 2, 3].map((h) => `score:${gathering.trip.players[0]!.card}:${h}`).sort());
  });

  it('with none, answers at the first change', async () => {
    const ids = await longpollDuringWrites(immediate);
    expect(ids.length).toBeGreaterThanOrEqual(1);
    expect(ids.length).toBeLessThan(3);
  });

  it('answers at once when changes are already there, gather time or not', async () => {
    const phone = api(gathering.server.url, gathering.session);
    const started = performance.now();
    const res = await phone.get(`/sync/trips/${gathering.trip.tripId}/_changes?feed=longpoll&since=0&timeout=10000`);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(0);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
