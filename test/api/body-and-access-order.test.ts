/**
 * Two input rules of the README, checked where issue 16 found them broken:
 * - a JSON `null` (or another non-object) where an object is expected is 400 and changes nothing — before, the
 *   display settings and both payment-preference PUTs took `null` as `{}` and wiped the settings;
 * - a portal route of one trip checks the session's access before the body: another trip's id answers 403 whatever
 *   the body (before, a bad body on seven portal routes answered 400, telling a stranger how to shape it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let otherTripId: string;
let playerId: string;
let session: string;

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  otherTripId = (await org.client.post('/trips', tripBody())).body.id;
  playerId = (await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Al' }] })).body.items[0].id;
  const token = (await org.client.post('/trip-portal/token', { tripId, playerId })).body.token;
  session = (await api(server.url).post('/trip-portal/validate', { token })).body.session;
});
afterAll(() => server.close());

describe('a JSON null body', () => {
  it('is refused on the display settings, which stay as they were', async () => {
    const set = await org.client.put(`/trips/${tripId}/display`, { rotationSeconds: 20 });
    expect(set.status, set.text).toBe(200);
    const res = await org.client.put(`/trips/${tripId}/display`, 'null');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect((await org.client.get(`/trips/${tripId}/display`)).body.rotationSeconds).toBe(20);
  });

  it('is refused on both payment-preference PUTs, which stay as they were', async () => {
    const portal = api(server.url, session);
    expect((await portal.put(`/trip-portal/trips/${tripId}/payment-preferences`, { venmo: 'al-golf' })).status).toBe(200);
    for (const [client, path] of [
      [portal, `/trip-portal/trips/${tripId}/payment-preferences`],
      [org.client, `/trips/${tripId}/players/${playerId}/payment-preferences`],
    ] as const) {
      for (const body of ['null', '[]', '7', '"text"']) {
        const res = await client.put(path, body);
        expect(res.status, `${path} ${body}`).toBe(400);
        expect(res.body.error.code).toBe('validation_failed');
      }
    }
    expect((await portal.get(`/trip-portal/trips/${tripId}/payment-preferences`)).body).toEqual({ venmo: 'al-golf' });
  });

  it('still takes no body at all as an empty object where the schema allows it', async () => {
    const res = await api(server.url, session).put(`/trip-portal/trips/${tripId}/payment-preferences`);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({});
  });
});

describe('portal routes of another trip', () => {
  it.each([
    ['POST', 'side-games'],
    ['POST', 'flights'],
    ['PUT', 'availability/me'],
    ['POST', 'expenses'],
    ['PUT', 'payment-preferences'],
  ])('%s …/%s answers 403 before reading a bad body', async (method, path) => {
    const res = await api(server.url, session).call(method, `/trip-portal/trips/${otherTripId}/${path}`, { nonsense: true });
    expect(res.status, res.text).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
    // The same bad body on the session's own trip is a 400 about the body.
    const own = await api(server.url, session).call(method, `/trip-portal/trips/${tripId}/${path}`, { nonsense: true });
    expect(own.status, own.text).toBe(400);
  });
});
