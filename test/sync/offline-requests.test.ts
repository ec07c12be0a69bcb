/**
 * What a player says offline reaches the server through the gateway: their own ride requests and availability
 * (the gateway's write rules, `shared/domain/write-rules.ts`). One written for someone else is refused alone; the ride board and the availability
 * summary then show the ones that landed, and an offer accepted over REST matches a request.
 */
import PouchDB from 'pouchdb-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const rideRequest = (id: string, playerId: string) => {
  const at = '2027-04-09T20:00:00.000Z';
  return {
    _id: `riderequest:${id}`,
    type: 'riderequest',
    id,
    playerId,
    origin: 'Faro airport',
    destination: 'Vilamoura',
    earliestDeparture: '2027-04-10T09:00',
    latestDeparture: '2027-04-10T12:00',
    seats: 1,
    offerId: null,
    createdAt: at,
    updatedAt: at,
  };
};

describe('ride requests made offline on a phone', () => {
  it('land when they are the player\'s own, show on the ride board, and match an offer over REST', async () => {
    const [al, bo] = [trip.players[0]!, trip.players[1]!];
    const { session } = await portalSession(server.url, trip, al.id);
    const phone = devices.create('phone-al-rides');
    const remote = remoteTrip(server.url, trip.tripId, session);
    await PouchDB.replicate(remote, phone);

    await phone.bulkDocs([rideRequest('liftforal', al.id), rideRequest('liftforbo', bo.id)]);
    const pushed = await PouchDB.replicate(phone, remote);
    expect(pushed.docs_written).toBe(1);
    expect(pushed.errors).toEqual([expect.objectContaining({ id: 'riderequest:liftforbo', name: 'forbidden', message: expect.stringContaining('only for themselves') })]);

    const organizer = api(server.url, trip.org.token);
    const board = await organizer.get(`/trips/${trip.tripId}/ride-board`);
    expect(board.status).toBe(200);
    expect(JSON.stringify(board.body)).toContain('liftforal');
    expect(JSON.stringify(board.body)).not.toContain('liftforbo');

    const offer = await organizer.post(`/trips/${trip.tripId}/ride-offers`, { driverId: bo.id, origin: 'Faro airport', destination: 'Vilamoura', departureTime: '2027-04-10T10:00', seats: 3 });
    expect(offer.status, offer.text).toBe(201);
    const accepted = await organizer.post(`/trips/${trip.tripId}/ride-offers/${offer.body.id}/accept`, { requestId: 'liftforal' });
    expect(accepted.status, accepted.text).toBe(200);
    await PouchDB.replicate(remote, phone);
    expect(await phone.get('riderequest:liftforal')).toMatchObject({ offerId: offer.body.id });
  });

  it("land as the player's own availability; another player's is refused alone", async () => {
    const [al, bo] = [trip.players[0]!, trip.players[1]!];
    const { session } = await portalSession(server.url, trip, al.id);
    const phone = devices.create('phone-al-availability');
    const remote = remoteTrip(server.url, trip.tripId, session);
    await PouchDB.replicate(remote, phone);
    const at = '2027-04-09T20:00:00.000Z';
    const availability = (playerId: string) => ({ _id: `availability:${playerId}`, type: 'availability', id: playerId, playerId, days: ['2027-04-11'], updatedBy: { kind: 'player', id: al.id }, createdAt: at, updatedAt: at });
    await phone.bulkDocs([availability(al.id), availability(bo.id)]);
    const pushed = await PouchDB.replicate(phone, remote);
    expect(pushed.docs_written).toBe(1);
    expect(pushed.errors).toEqual([expect.objectContaining({ id: `availability:${bo.id}`, name: 'forbidden' })]);
    const summary = await api(server.url, trip.org.token).get(`/trips/${trip.tripId}/availability/summary`);
    const day = summary.body.days.find((d: { date: string }) => d.date === '2027-04-11');
    expect(day.available).toEqual([al.id]);
    expect(day.unanswered).toContain(bo.id);
  });
});
