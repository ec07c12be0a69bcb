/**
 * Leaderboards are computed once per state of the trip database and shared by the requests that ask meanwhile
 * (server/store/by-seq.ts). Against the real server: while other readers keep asking for the same boards (so a
 * board of the state before is always at hand), every score write acknowledged — portal REST, dashboard REST, or a
 * phone's push through the sync gateway — shows in the very next board read, on the portal and the dashboard.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTrip, portalSession, remoteTrip, scoreDoc, type FaultTrip } from '../sync/support/fault-trip.js';

let server: TestServer;
let trip: FaultTrip;
let scorer: Api;
let session: string;

beforeAll(async () => {
  server = await startTestServer();
  trip = await createTrip(server.url, { names: ['Al', 'Bo', 'Cy', 'Di', 'Ed', 'Fi'], groups: [[0, 1, 2], [3, 4, 5]] });
  session = (await portalSession(server.url, trip, trip.players[0]!.id)).session;
  scorer = api(server.url, session);
});
afterAll(async () => {
  await server.close();
});

const portalBoard = () => `/trip-portal/trips/${trip.tripId}/leaderboards/rounds/${trip.roundId}?basis=gross`;
const dashBoard = () => `/trips/${trip.tripId}/leaderboards/rounds/${trip.roundId}?basis=gross`;
const multi = () => `/trip-portal/trips/${trip.tripId}/leaderboards/multi-round?roundIds=${trip.roundId}&basis=gross`;

/** The strokes the board shows for a player's hole (portal round board, dashboard round board, multi-round gross total). */
async function shown(playerId: string, hole: number) {
  const [p, d, m] = await Promise.all([scorer.get(portalBoard()), trip.org.client.get(dashBoard()), scorer.get(multi())]);
  for (const r of [p, d, m]) expect(r.status, r.text).toBe(200);
  const line = (body: { entries: { playerId: string; holes: (number | null)[] }[] }) => body.entries.find((e) => e.playerId === playerId)!;
  return { portal: line(p.body).holes[hole - 1], dashboard: line(d.body).holes[hole - 1], multiGross: (m.body.entries as { playerId: string; gross: number }[]).find((e) => e.playerId === playerId)?.gross };
}

describe('boards shared between requests', () => {
  it('show every acknowledged score write in the next read, while other readers keep the board busy', async () => {
    let stop = false;
    let background = 0;
    // Ten readers asking for the same boards without pause: the board of the state before each write is shared.
    const readers = Array.from({ length: 10 }, async () => {
      while (!stop) {
        const r = await scorer.get(portalBoard());
        expect(r.status).toBe(200);
        background += 1;
      }
    });
    const phone = remoteTrip(server.url, trip.tripId, session);
    const [al, bo] = trip.players;
    try {
      for (let hole = 1; hole <= 6; hole++) {
        const strokes = 2 + hole;
        // 1. The portal's REST write of a player's own group.
        expect((await scorer.put(`/trip-portal/scorecards/${al!.card}/scores`, { hole, strokes })).status).toBe(200);
        expect(await shown(al!.id, hole)).toMatchObject({ portal: strokes, dashboard: strokes });
        // 2. The organizer's correction of the same hole.
        expect((await trip.org.client.put(`/trips/${trip.tripId}/scorecards/${al!.card}/scores/${hole}`, { strokes: strokes + 1 })).status).toBe(200);
        expect(await shown(al!.id, hole)).toMatchObject({ portal: strokes + 1, dashboard: strokes + 1 });
        // 3. A phone's push through the sync gateway.
        const doc = scoreDoc(trip, bo!, hole, { strokes, enteredBy: al!.id, deviceId: 'phone-al', enteredAt: new Date(Date.now() - 1000).toISOString() });
        const [pushed] = await phone.bulkDocs([doc]);
        expect(pushed).toMatchObject({ ok: true });
        expect(await shown(bo!.id, hole)).toMatchObject({ portal: strokes, dashboard: strokes, multiGross: (hole * (hole + 5)) / 2 });
      }
      // The multi-round board follows too: Bo's gross is the sum of the six holes pushed.
      expect((await shown(bo!.id, 1)).multiGross).toBe([3, 4, 5, 6, 7, 8].reduce((a, b) => a + b, 0));
    } finally {
      stop = true;
      await Promise.all(readers);
    }
    expect(background).toBeGreaterThan(0);
  });

  it('gives every reader a board it cannot change for the others', async () => {
    const [a, b] = await Promise.all([scorer.get(portalBoard()), scorer.get(portalBoard())]);
    expect(a.body).toEqual(b.body);
    // In the server: two callers at one state get the same frozen board, so neither can change the other's.
    const { roundBoard } = await import('../../server/leaderboards/leaderboards.service.js');
    const db = server.deps.store.trip(trip.tripId);
    const [x, y] = await Promise.all([roundBoard(db, trip.roundId, { basis: 'gross' }), roundBoard(db, trip.roundId, { basis: 'gross' })]);
    expect(x).toBe(y);
    expect(Object.isFrozen(x.entries[0]!.holes)).toBe(true);
    expect(() => {
      (x.entries[0]!.holes as (number | null)[])[0] = 99;
    }).toThrow(TypeError);
  });
});
