/**
 * Issue 33: a receipt belongs to one expense. Twenty expenses attaching one receipt at once, ten through each of two
 * app servers over one CouchDB, store exactly one expense with it: one 201, the rest 409 `conflict`. Before, each
 * request checked that the receipt was free, wrote its expense, and then pointed the receipt at it: every request
 * that checked before the first pointed it was told 201, and the trip held several expenses of one receipt (the
 * receipt naming only the last). The same holds for expenses given the receipt by a PATCH at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { multipartRequest } from '../support/upload.js';
import { startRaceServers, type RaceSetup } from '../support/race-couch.js';

const ROUNDS = 6;
const PER_SERVER = 10;
const JPEG = new Uint8Array(64);
JPEG.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, ...[...'JFIF'].map((c) => c.charCodeAt(0))]);

let race: RaceSetup;
let clients: Api[];
let tripId: string;
let token: string;
let ids: string[];

beforeAll(async () => {
  race = await startRaceServers('receipt_race');
  const org = await organizer(race.servers[0]!.url);
  token = org.token;
  tripId = (await org.client.post('/trips', tripBody())).body.id as string;
  ids = ((await org.client.post(`/trips/${tripId}/players/bulk`, { players: ['Al', 'Bo', 'Cy'].map((name) => ({ name, handicapIndex: 10 })) })).body.items as { id: string }[]).map((p) => p.id);
  clients = race.servers.map((s) => api(s.url, token));
}, 60_000);

afterAll(() => race?.close());

async function newReceipt(): Promise<string> {
  const res = await multipartRequest(`${race.servers[0]!.url}/trips/${tripId}/receipts/upload`, { token, parts: [{ bytes: JPEG, name: 'dinner.jpg', type: 'image/jpeg' }] });
  expect(res.status).toBe(201);
  return (res.body as { id: string }).id;
}

const expenseBody = (i: number, receiptId?: string) => ({
  payerId: ids[i % ids.length]!,
  amountCents: 1000 + i,
  category: 'food',
  date: '2027-04-11',
  description: `Dinner ${i}`,
  split: { mode: 'equal', playerIds: ids },
  ...(receiptId ? { receiptId } : {}),
});

/** The trip's expenses holding `receiptId`, and the expense the receipt names. */
async function holders(receiptId: string) {
  const expenses = (await clients[1]!.get(`/trips/${tripId}/expenses?limit=200`)).body.items as { id: string; receiptId: string | null }[];
  const receipt = (await clients[0]!.get(`/trips/${tripId}/receipts/${receiptId}`)).body as { expenseId: string | null };
  return { expenses: expenses.filter((e) => e.receiptId === receiptId).map((e) => e.id), named: receipt.expenseId };
}

describe('one receipt attached by many expenses at once through two app servers over one CouchDB', () => {
  it(`goes to exactly one new expense in each of ${ROUNDS} rounds of ${2 * PER_SERVER} creates`, { timeout: 60_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const receiptId = await newReceipt();
      const answers = await Promise.all(Array.from({ length: 2 * PER_SERVER }, (_, i) => clients[i % 2]!.post(`/trips/${tripId}/expenses`, expenseBody(i, receiptId))));
      const statuses = answers.map((a) => (a.status === 409 ? `409 ${a.body.error?.code}` : String(a.status)));
      expect(statuses.filter((s) => s === '201'), `round ${round}: ${JSON.stringify(statuses)}`).toHaveLength(1);
      expect(statuses.filter((s) => s !== '201').every((s) => s === '409 conflict'), JSON.stringify(statuses)).toBe(true);
      const created = answers.find((a) => a.status === 201)!.body.id as string;
      expect(await holders(receiptId)).toEqual({ expenses: [created], named: created });
    }
  });

  it(`goes to exactly one of ${2 * PER_SERVER} expenses patched with it at once`, { timeout: 60_000 }, async () => {
    for (let round = 0; round < 2; round++) {
      const expenses = await Promise.all(Array.from({ length: 2 * PER_SERVER }, (_, i) => clients[0]!.post(`/trips/${tripId}/expenses`, expenseBody(i))));
      const receiptId = await newReceipt();
      const answers = await Promise.all(expenses.map((e, i) => clients[i % 2]!.patch(`/trips/${tripId}/expenses/${e.body.id}`, { receiptId })));
      const statuses = answers.map((a) => (a.status === 409 ? `409 ${a.body.error?.code}` : String(a.status)));
      expect(statuses.filter((s) => s === '200'), `round ${round}: ${JSON.stringify(statuses)}`).toHaveLength(1);
      expect(statuses.filter((s) => s !== '200').every((s) => s === '409 conflict'), JSON.stringify(statuses)).toBe(true);
      const patched = answers.find((a) => a.status === 200)!.body.id as string;
      expect(await holders(receiptId)).toEqual({ expenses: [patched], named: patched });
    }
  });
});
