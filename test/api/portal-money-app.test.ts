/**
 * `PUT /trip-portal/trips/:tripId/expenses/:expenseId`: a phone's offline queue adds an expense under an id it chose,
 * so sending it again after a lost answer books it once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let al: string;
let bo: string;
let alPhone: Api;
let boPhone: Api;
let alSession: string;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 1, 2, 3, 4, 5, 6, 7, 8]);

async function session(playerId: string): Promise<string> {
  const token = await org.client.post('/trip-portal/token', { tripId, playerId });
  expect(token.status).toBe(201);
  const validated = await api(server.url).post('/trip-portal/validate', { token: token.body.token });
  expect(validated.status).toBe(200);
  return validated.body.session;
}

const body = (overrides: Record<string, unknown> = {}) => ({
  amountCents: 1001,
  category: 'food',
  date: '2027-04-11',
  description: 'Lunch at the turn',
  split: { mode: 'equal', playerIds: [al, bo] },
  ...overrides,
});

const expensesOnServer = async () => (await org.client.get(`/trips/${tripId}/expenses`)).body.items as { id: string; amountCents: number; shares: { playerId: string; cents: number }[]; receiptId: string | null }[];

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const players = await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Al' }, { name: 'Bo' }] });
  [al, bo] = players.body.items.map((p: { id: string }) => p.id);
  alSession = await session(al);
  alPhone = api(server.url, alSession);
  boPhone = api(server.url, await session(bo));
});
afterAll(() => server.close());

describe('adding an expense under the phone’s id', () => {
  it('creates it once (201), answers a resend with the same content 200, and books it once', async () => {
    const id = 'phoneexp0000000000001';
    const first = await alPhone.put(`/trip-portal/trips/${tripId}/expenses/${id}`, body());
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id, payerId: al, amountCents: 1001, tripCurrency: 'EUR', createdBy: { kind: 'player', id: al } });
    // 10.01 between two: the odd cent to the first listed.
    expect(first.body.shares).toEqual([{ playerId: al, cents: 501 }, { playerId: bo, cents: 500 }]);
    const again = await alPhone.put(`/trip-portal/trips/${tripId}/expenses/${id}`, body());
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect((await expensesOnServer()).filter((e) => e.id === id)).toHaveLength(1);
  });

  it('refuses other content under a taken id (409) and leaves the stored one as it was', async () => {
    const id = 'phoneexp0000000000002';
    expect((await alPhone.put(`/trip-portal/trips/${tripId}/expenses/${id}`, body())).status).toBe(201);
    const changed = await alPhone.put(`/trip-portal/trips/${tripId}/expenses/${id}`, body({ amountCents: 1002 }));
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('conflict');
    // Another player sending the same id cannot take it over either.
    expect((await boPhone.put(`/trip-portal/trips/${tripId}/expenses/${id}`, body())).status).toBe(409);
    const stored = (await expensesOnServer()).find((e) => e.id === id)!;
    expect(stored.amountCents).toBe(1001);
  });

  it('links an uploaded receipt to the expense, and a resend keeps one link', async () => {
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'receipt.png');
    const up = await fetch(`${server.url}/trip-portal/trips/${tripId}/receipts/upload`, { method: 'POST', headers: { authorization: `Bearer ${alSession}` }, body: form });
    expect(up.status).toBe(201);
    const receiptId = ((await up.json()) as { id: string }).id;
    const id = 'phoneexp0000000000003';
    expect((await alPhone.put(`/trip-portal/trips/${tripId}/expenses/${id}`, body({ receiptId }))).status).toBe(201);
    expect((await alPhone.put(`/trip-portal/trips/${tripId}/expenses/${id}`, body({ receiptId }))).status).toBe(200);
    const receipt = await org.client.get(`/trips/${tripId}/receipts/${receiptId}`);
    expect(receipt.body.expenseId).toBe(id);
    // The receipt now belongs to that expense: another expense cannot take it.
    expect((await alPhone.put(`/trip-portal/trips/${tripId}/expenses/phoneexp0000000000004`, body({ receiptId }))).status).toBe(409);
  });

  it('checks the body and the id as POST does, writing nothing', async () => {
    const count = (await expensesOnServer()).length;
    expect((await alPhone.put(`/trip-portal/trips/${tripId}/expenses/phoneexp0000000000005`, body({ amountCents: 0 }))).status).toBe(400);
    expect((await alPhone.put(`/trip-portal/trips/${tripId}/expenses/phoneexp0000000000005`, body({ payerId: bo }))).status).toBe(400);
    expect((await alPhone.put(`/trip-portal/trips/${tripId}/expenses/Not-An-Id`, body())).status).toBe(400);
    expect((await alPhone.put(`/trip-portal/trips/${tripId}/expenses/phoneexp0000000000005`, body({ split: { mode: 'equal', playerIds: ['nosuchplayer1'] } }))).status).toBe(422);
    expect((await expensesOnServer()).length).toBe(count);
  });

  it('is in /openapi.json', async () => {
    const doc = (await api(server.url).get('/openapi.json')).body;
    expect(Object.keys(doc.paths['/trip-portal/trips/{tripId}/expenses/{expenseId}'] ?? {})).toContain('put');
  });
});
