/**
 * Fault 3 (issue 3): the portal session stops being valid while the phone is offline — it expires, or the
 * organizer revokes the token. Reconnecting is a 401 for the whole request (never a per-document refusal, which
 * PouchDB would skip forever), nothing lands, the phone keeps its scores, and a new token resumes the push.
 */
import PouchDB from 'pouchdb-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUDIENCE } from '../../server/config.js';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTrip, exchange, failure, portalSession, remoteTrip, roundOfScores, type FaultTrip } from './support/fault-trip.js';
import { localClients, type LocalClients, type Pouch } from './support/pouch-clients.js';

let server: TestServer;
let trip: FaultTrip;
let devices: LocalClients;
/** The server's clock runs this far ahead of the real one (JWT expiry is checked against it). */
let skewMs = 0;

beforeAll(async () => {
  // Portal sessions last an hour (as in production); the organizer's dashboard token outlives the clock jump.
  const auth = { jwtSecret: 'fault-test-secret-that-is-long-enough-0123', audience: DEFAULT_AUDIENCE, tokenTtlSeconds: 86_400, portalSessionTtlSeconds: 3600 };
  server = await startTestServer({ config: { auth }, overrides: { now: () => new Date(Date.now() + skewMs) } });
  trip = await createTrip(server.url, { names: ['Al', 'Bo', 'Cy', 'Di'], groups: [[0, 1], [2, 3]] });
  devices = await localClients();
});

afterAll(async () => {
  await devices?.cleanup();
  await server?.close();
});

const scoresOnServer = async (card: string) => (await server.deps.store.trip(trip.tripId).allDocs({ startKey: `score:${card}:`, endKey: `score:${card}:\ufff0` })).rows;
const localScores = async (phone: Pouch, card: string) => (await phone.allDocs({ startkey: `score:${card}:`, endkey: `score:${card}:\ufff0` })).rows;

/** The phone pulls the trip online, then enters a full card offline. */
async function scoreOffline(playerIndex: number, session: string): Promise<Pouch> {
  const p = trip.players[playerIndex]!;
  const phone = devices.create(`phone-${p.name}`);
  const pulled = await PouchDB.replicate(remoteTrip(server.url, trip.tripId, session), phone);
  expect(pulled.ok).toBe(true);
  await phone.bulkDocs(roundOfScores(trip, p, p.id, `phone-${p.name}`));
  return phone;
}

/** The push is refused as a whole with 401 and the given code; nothing of it lands or is recorded as refused. */
async function expectRefusedWhole(phone: Pouch, session: string, card: string, code: string) {
  const err = await failure(PouchDB.replicate(phone, remoteTrip(server.url, trip.tripId, session)));
  expect(err).toMatchObject({ status: 401, name: 'unauthorized' });
  expect(await scoresOnServer(card)).toEqual([]);
  const raw = await fetch(`${server.url}/sync/trips/${trip.tripId}/_bulk_docs`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
    body: JSON.stringify({ docs: [], new_edits: false }),
  });
  expect(raw.status).toBe(401);
  expect(await raw.json()).toMatchObject({ error: 'unauthorized', code });
  const rejections = await api(server.url, trip.org.token).get(`/trips/${trip.tripId}/sync/rejections`);
  expect(rejections.body.items).toEqual([]);
}

/** With a fresh session the same phone pushes every score it kept. */
async function resumeWith(phone: Pouch, session: string, playerIndex: number) {
  const p = trip.players[playerIndex]!;
  expect(await localScores(phone, p.card)).toHaveLength(18);
  const pushed = await PouchDB.replicate(phone, remoteTrip(server.url, trip.tripId, session));
  expect(pushed).toMatchObject({ ok: true, docs_written: 18, doc_write_failures: 0 });
  const rest = await api(server.url, session).get(`/trip-portal/scorecards/${p.card}/scores`);
  expect(rest.body.items.map((s: { hole: number; strokes: number }) => [s.hole, s.strokes])).toEqual(
    roundOfScores(trip, p, p.id, `phone-${p.name}`).map((s) => [s.hole, s.strokes]),
  );
}

describe('a session that stops being valid while the phone is offline', () => {
  it('expired: 401 for the whole push, the phone keeps its scores, a new session from the token pushes them all', async () => {
    const { token, session } = await portalSession(server.url, trip, trip.players[0]!.id);
    const phone = await scoreOffline(0, session);

    skewMs = 2 * 3600_000; // two hours offline: past the one-hour portal session
    await expectRefusedWhole(phone, session, trip.players[0]!.card, 'token_expired');
    const check = await api(server.url, session).get('/trip-portal/validate');
    expect(check.status).toBe(401);
    expect(check.body.error.code).toBe('token_expired');

    await resumeWith(phone, await exchange(server.url, token), 0);
  });

  it('revoked: 401 for the whole push, the phone keeps its scores, a new token pushes them all', async () => {
    const first = await portalSession(server.url, trip, trip.players[2]!.id);
    const phone = await scoreOffline(2, first.session);

    const revoked = await api(server.url, trip.org.token).post(`/trips/${trip.tripId}/portal-tokens/${first.tokenId}/revoke`);
    expect(revoked.status).toBe(200);
    await expectRefusedWhole(phone, first.session, trip.players[2]!.card, 'token_revoked');
    const check = await api(server.url).post('/trip-portal/validate', { token: first.token });
    expect(check.status).toBe(401);
    expect(check.body.error.code).toBe('token_revoked');

    const second = await portalSession(server.url, trip, trip.players[2]!.id);
    await resumeWith(phone, second.session, 2);
  });
});
