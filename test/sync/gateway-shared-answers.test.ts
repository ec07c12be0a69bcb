/**
 * Phones of a trip that ask the changes feed the same thing of the same state of the trip share one answer
 * (sync/gateway/changes.ts `readAnswer`): the first request reads and serializes it, the others send its bytes.
 * What must hold: an answer never misses a write that was acknowledged before the request was sent, whatever was
 * shared before it (sequential and racing writes), and the sharing does happen (the store is read once for phones
 * at one position while nothing is written).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangesOptions, Database } from '../../server/store/docstore.js';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTrip, portalSession, type FaultTrip } from './support/fault-trip.js';

let server: TestServer;
let trip: FaultTrip;
let phones: ReturnType<typeof api>[];

beforeAll(async () => {
  server = await startTestServer();
  trip = await createTrip(server.url, { names: ['Al', 'Bo', 'Cy', 'Di'], groups: [[0, 1, 2, 3]] });
  phones = await Promise.all(trip.players.slice(0, 3).map(async (p) => api(server.url, (await portalSession(server.url, trip, p.id)).session)));
});
afterAll(async () => {
  await server.close();
});

interface Row {
  id: string;
  changes: { rev: string }[];
  doc?: { _rev?: string; strokes?: number };
}

const feed = (phone: ReturnType<typeof api>, since: string | number, extra = '') =>
  phone.get(`/sync/trips/${trip.tripId}/_changes?style=all_docs&include_docs=true&since=${encodeURIComponent(String(since))}${extra}`);

async function updateSeq(): Promise<string | number> {
  return (await phones[0]!.get(`/sync/trips/${trip.tripId}/`)).body.update_seq as string | number;
}

/** The score of hole `hole` on Al's card as an answer lists it (its row and document), or undefined. */
const rowOf = (results: Row[], hole: number) => results.find((r) => r.id === `score:${trip.players[0]!.card}:${hole}`);

describe('shared changes answers', () => {
  it('never miss a write acknowledged before the request, one write after another', async () => {
    const since = await updateSeq();
    const al = trip.players[0]!;
    for (let i = 0; i < 30; i++) {
      // Another phone asks first (its answer may be shared), then a score is written and acknowledged.
      expect((await feed(phones[i % 3]!, since)).status).toBe(200);
      const strokes = 3 + (i % 5);
      expect((await phones[0]!.put(`/trip-portal/scorecards/${al.card}/scores`, { hole: 1, strokes })).status).toBe(200);
      // The same request from the same position, sent after the acknowledgement, has that write.
      const res = await feed(phones[(i + 1) % 3]!, since);
      expect(res.status).toBe(200);
      const row = rowOf(res.body.results as Row[], 1);
      expect(row?.doc?.strokes).toBe(strokes);
      expect(row?.doc?._rev).toBe(row?.changes[0]?.rev);
    }
  });

  it('never miss a write acknowledged before the request, while reads race the write', async () => {
    const since = await updateSeq();
    const al = trip.players[0]!;
    for (let i = 0; i < 30; i++) {
      const strokes = 2 + (i % 6);
      // Reads from the same position under way while the write lands: each may or may not have it.
      const racing = Array.from({ length: 4 }, (_, k) => feed(phones[k % 3]!, since));
      const written = await phones[1]!.put(`/trip-portal/scorecards/${al.card}/scores`, { hole: 2, strokes });
      expect(written.status).toBe(200);
      const after = await feed(phones[i % 3]!, since);
      for (const res of await Promise.all(racing)) expect(res.status).toBe(200);
      expect(rowOf(after.body.results as Row[], 2)?.doc?.strokes).toBe(strokes);
    }
  });

  it('answer a page with nothing after its position as CouchDB does, with or without documents', async () => {
    const since = await updateSeq();
    for (const extra of ['', '&include_docs=false', '&limit=5', '&feed=longpoll&timeout=50']) {
      const res = await phones[0]!.get(`/sync/trips/${trip.tripId}/_changes?since=${encodeURIComponent(String(since))}${extra}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ results: [], last_seq: since });
    }
    const now = await phones[1]!.get(`/sync/trips/${trip.tripId}/_changes?since=now`);
    expect(now.status).toBe(200);
    expect(now.body).toEqual({ results: [], last_seq: since });
  });

  it('read the store once for phones asking the same of an unchanged trip, and again after a write', async () => {
    const db = server.deps.store.trip(trip.tripId) as Database;
    const own = db.changes.bind(db);
    let reads = 0;
    db.changes = (options?: ChangesOptions) => {
      reads += 1;
      return own(options);
    };
    try {
      const since = await updateSeq();
      const al = trip.players[0]!;
      expect((await phones[0]!.put(`/trip-portal/scorecards/${al.card}/scores`, { hole: 3, strokes: 5 })).status).toBe(200);
      reads = 0;
      const answers = [...(await Promise.all(phones.map((p) => feed(p, since)))), ...(await Promise.all(phones.map((p) => feed(p, since))))];
      expect(reads).toBe(1);
      for (const res of answers) expect(res.text).toBe(answers[0]!.text);
      expect(rowOf(answers[0]!.body.results as Row[], 3)?.doc?.strokes).toBe(5);
      // Another position, limit or style is another answer.
      await feed(phones[0]!, since, '&limit=1');
      expect(reads).toBe(2);
      // A write of the trip: the next request reads again and has it.
      expect((await phones[0]!.put(`/trip-portal/scorecards/${al.card}/scores`, { hole: 3, strokes: 6 })).status).toBe(200);
      const res = await feed(phones[2]!, since);
      expect(reads).toBe(3);
      expect(rowOf(res.body.results as Row[], 3)?.doc?.strokes).toBe(6);
    } finally {
      db.changes = own;
    }
  });
});
