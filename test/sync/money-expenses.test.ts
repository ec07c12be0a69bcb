/**
 * Expenses recorded offline on a phone reach the server through the gateway (write rule: a player writes expenses
 * they paid, with the shares the shared split rule gives); one booked on someone else is refused on its own and
 * listed to the organizer; the balances count the ones that landed.
 */
import PouchDB from 'pouchdb-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitExpense } from '../../shared/domain/money/split.js';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { createTrip, portalSession, remoteTrip, type FaultTrip } from './support/fault-trip.js';
import { localClients, type LocalClients } from './support/pouch-clients.js';

let server: TestServer;
let trip: FaultTrip;
let devices: LocalClients;

beforeAll(async () => {
  server = await startTestServer();
  trip = await createTrip(server.url, { names: ['Al', 'Bo', 'Cy'], groups: [[0, 1, 2]] });
  devices = await localClients();
});

afterAll(async () => {
  await devices?.cleanup();
  await server?.close();
});

function expenseDoc(id: string, payerId: string, amountCents: number, playerIds: string[]) {
  const split = { mode: 'equal' as const, playerIds };
  const at = '2027-04-11T20:00:00.000Z';
  return {
    _id: `expense:${id}`,
    type: 'expense',
    id,
    payerId,
    amountCents,
    currency: 'EUR',
    exchangeRate: null,
    tripAmountCents: amountCents,
    category: 'food',
    date: '2027-04-11',
    description: 'Dinner, entered offline',
    split,
    participants: splitExpense(amountCents, split),
    receiptId: null,
    createdBy: { kind: 'player', id: payerId },
    createdAt: at,
    updatedAt: at,
  };
}

describe('expenses entered offline on a phone', () => {
  it('land when the player paid them; one booked on another payer is refused alone and listed', async () => {
    const [al, bo, cy] = [trip.players[0]!, trip.players[1]!, trip.players[2]!];
    const { session } = await portalSession(server.url, trip, al.id);
    const phone = devices.create('phone-al');
    const remote = remoteTrip(server.url, trip.tripId, session);
    await PouchDB.replicate(remote, phone);

    const ids = [al.id, bo.id, cy.id];
    await phone.bulkDocs([expenseDoc('dinnerone', al.id, 10_000, ids), expenseDoc('taxiride', al.id, 2_000, [al.id, bo.id]), expenseDoc('notmine', bo.id, 5_000, ids)]);
    const pushed = await PouchDB.replicate(phone, remote);
    expect(pushed.docs_written).toBe(2);
    expect(pushed.doc_write_failures).toBe(1);
    expect(pushed.errors).toEqual([expect.objectContaining({ id: 'expense:notmine', name: 'forbidden', message: expect.stringContaining('only expenses they paid') })]);

    const balances = await api(server.url, trip.org.token).get(`/trips/${trip.tripId}/expense-balances`);
    const net = Object.fromEntries(balances.body.balances.map((b: { playerId: string; netCents: number }) => [b.playerId, b.netCents]));
    expect(net).toEqual({ [al.id]: 12_000 - 3334 - 1000, [bo.id]: -3333 - 1000, [cy.id]: -3333 });
    const rejections = await api(server.url, trip.org.token).get(`/trips/${trip.tripId}/sync/rejections`);
    expect(rejections.body.items).toEqual([expect.objectContaining({ docId: 'expense:notmine', docType: 'expense', playerId: al.id })]);
  });
});
