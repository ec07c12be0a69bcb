import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
const NAMES = ['Al', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ivy', 'Jo', 'Kit', 'Lu'];
const id: Record<string, string> = {};
const portal: Record<string, Api> = {};
let stranger: string;

const T = () => `/trips/${tripId}`;
const P = () => `/trip-portal/trips/${tripId}`;

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const players = await org.client.post(`${T()}/players/bulk`, { players: NAMES.map((name) => ({ name })) });
  for (const p of players.body.items) id[p.name] = p.id;
  const tokens = (await org.client.post('/trip-portal/tokens/bulk', { tripId })).body.items as { playerId: string; token: string }[];
  await Promise.all(
    tokens.map(async (t) => {
      const name = NAMES.find((n) => id[n] === t.playerId)!;
      portal[name] = api(server.url, (await api(server.url).post('/trip-portal/validate', { token: t.token })).body.session);
    }),
  );
  const other = (await org.client.post('/trips', tripBody({ name: 'Other' }))).body.id;
  stranger = (await org.client.post(`/trips/${other}/players`, { name: 'Zed' })).body.id;
});
afterAll(() => server.close());

const offer = (over: Record<string, unknown> = {}) => ({ origin: 'Dublin city', destination: 'Portmarnock Links', departureTime: '2027-04-11T07:30', seats: 3, ...over });
const request = (over: Record<string, unknown> = {}) => ({ origin: 'Dublin City', destination: 'portmarnock links', earliestDeparture: '2027-04-11T07:00', latestDeparture: '2027-04-11T08:00', ...over });
const storedOffer = async (offerId: string) => (await server.deps.store.trip(tripId).get(`rideoffer:${offerId}`)) as unknown as { passengers: { playerId: string; seats: number }[] };

describe('the ride board', () => {
  it('matches a request with an offer, accepts it, and cancels it again', async () => {
    const o = await portal.Al!.post(`${P()}/ride-offers`, offer());
    expect(o.status).toBe(201);
    expect(o.body).toMatchObject({ driverId: id.Al, seats: 3, seatsTaken: 0, seatsLeft: 3, passengers: [] });
    const r = await portal.Bo!.post(`${P()}/ride-requests`, request({ seats: 2 }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ playerId: id.Bo, status: 'open', offerId: null, seats: 2 });

    const board = await portal.Cy!.get(`${P()}/ride-board`);
    expect(board.status).toBe(200);
    expect(board.body.matches).toContainEqual({ requestId: r.body.id, playerId: id.Bo, offerIds: [o.body.id] });

    const accepted = await portal.Bo!.post(`${P()}/ride-offers/${o.body.id}/accept`, { requestId: r.body.id });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ seatsTaken: 2, seatsLeft: 1, passengers: [expect.objectContaining({ playerId: id.Bo, seats: 2, requestId: r.body.id })] });
    const after = await org.client.get(`${T()}/ride-board`);
    expect(after.body.requests.find((x: { id: string }) => x.id === r.body.id)).toMatchObject({ status: 'matched', offerId: o.body.id });
    expect(after.body.matches.find((m: { requestId: string }) => m.requestId === r.body.id)).toBeUndefined();
    // A matched request cannot be accepted twice, nor change its seat count.
    expect((await portal.Bo!.post(`${P()}/ride-offers/${o.body.id}/accept`, { requestId: r.body.id })).body.error.code).toBe('already_booked');
    expect((await portal.Bo!.patch(`${P()}/ride-requests/${r.body.id}`, { seats: 1 })).status).toBe(409);

    const cancelled = await portal.Bo!.post(`${P()}/ride-offers/${o.body.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ seatsTaken: 0, passengers: [] });
    expect((await org.client.get(`${T()}/ride-board`)).body.requests.find((x: { id: string }) => x.id === r.body.id).status).toBe('open');
    expect((await portal.Bo!.post(`${P()}/ride-offers/${o.body.id}/cancel`, {})).status).toBe(404);
  });

  it('takes exactly as many seats as offered under 10 concurrent accepts: 3 succeed, 7 get 409 seats_full', async () => {
    const o = await org.client.post(`${T()}/ride-offers`, offer({ driverId: id.Al }));
    const riders = NAMES.slice(1, 11);
    const results = await Promise.all(riders.map((n) => portal[n]!.post(`${P()}/ride-offers/${o.body.id}/accept`, {})));
    const ok = results.filter((r) => r.status === 200);
    const full = results.filter((r) => r.status === 409);
    expect(ok).toHaveLength(3);
    expect(full).toHaveLength(7);
    for (const r of full) expect(r.body.error.code).toBe('seats_full');
    const winners = riders.filter((_, i) => results[i]!.status === 200).map((n) => id[n]).sort();
    const stored = await storedOffer(o.body.id);
    expect(stored.passengers.map((p) => p.playerId).sort()).toEqual(winners);
    expect((await org.client.get(`${T()}/ride-board`)).body.offers.find((x: { id: string }) => x.id === o.body.id)).toMatchObject({ seatsTaken: 3, seatsLeft: 0 });
  });

  it('never overbooks under concurrent accepts of requests wanting several seats', async () => {
    const o = await org.client.post(`${T()}/ride-offers`, offer({ driverId: id.Lu, seats: 4 }));
    const riders = NAMES.slice(0, 8);
    const reqs = await Promise.all(riders.map((n) => portal[n]!.post(`${P()}/ride-requests`, request({ seats: 2 }))));
    const results = await Promise.all(reqs.map((r, i) => portal[riders[i]!]!.post(`${P()}/ride-offers/${o.body.id}/accept`, { requestId: r.body.id })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === 'seats_full')).toHaveLength(6);
    const stored = await storedOffer(o.body.id);
    expect(stored.passengers.reduce((n, p) => n + p.seats, 0)).toBe(4);
    const board = (await org.client.get(`${T()}/ride-board`)).body;
    const matched = board.requests.filter((r: { offerId: string | null }) => r.offerId === o.body.id);
    expect(matched.map((r: { playerId: string }) => r.playerId).sort()).toEqual(stored.passengers.map((p) => p.playerId).sort());
  });

  it('frees a seat when its request is withdrawn, and reopens requests when the offer is withdrawn', async () => {
    const o = await portal.Cy!.post(`${P()}/ride-offers`, offer({ seats: 2 }));
    const r1 = await portal.Di!.post(`${P()}/ride-requests`, request());
    const r2 = await portal.Ed!.post(`${P()}/ride-requests`, request());
    // The driver accepts a passenger's request onto their own offer.
    expect((await portal.Cy!.post(`${P()}/ride-offers/${o.body.id}/accept`, { requestId: r1.body.id })).status).toBe(200);
    expect((await org.client.post(`${T()}/ride-offers/${o.body.id}/accept`, { requestId: r2.body.id })).status).toBe(200);
    expect((await portal.Di!.delete(`${P()}/ride-requests/${r1.body.id}`)).status).toBe(204);
    expect((await storedOffer(o.body.id)).passengers.map((p) => p.playerId)).toEqual([id.Ed]);
    expect((await portal.Ed!.delete(`${P()}/ride-offers/${o.body.id}`)).status).toBe(403);
    expect((await portal.Cy!.delete(`${P()}/ride-offers/${o.body.id}`)).status).toBe(204);
    const board = (await org.client.get(`${T()}/ride-board`)).body;
    expect(board.requests.find((x: { id: string }) => x.id === r2.body.id)).toMatchObject({ status: 'open', offerId: null });
    expect(board.offers.find((x: { id: string }) => x.id === o.body.id)).toBeUndefined();
  });

  it('enforces who may do what on the board', async () => {
    const o = await portal.Gus!.post(`${P()}/ride-offers`, offer());
    const r = await portal.Hal!.post(`${P()}/ride-requests`, request());
    expect((await portal.Hal!.post(`${P()}/ride-offers`, offer({ driverId: id.Gus }))).status).toBe(403);
    expect((await portal.Hal!.post(`${P()}/ride-requests`, request({ playerId: id.Ivy }))).status).toBe(403);
    expect((await portal.Hal!.patch(`${P()}/ride-offers/${o.body.id}`, { seats: 5 })).status).toBe(403);
    expect((await portal.Ivy!.patch(`${P()}/ride-requests/${r.body.id}`, { seats: 3 })).status).toBe(403);
    expect((await portal.Ivy!.delete(`${P()}/ride-requests/${r.body.id}`)).status).toBe(403);
    // A player takes seats only for themselves, with their own request.
    expect((await portal.Ivy!.post(`${P()}/ride-offers/${o.body.id}/accept`, { playerId: id.Hal })).status).toBe(403);
    expect((await portal.Ivy!.post(`${P()}/ride-offers/${o.body.id}/accept`, { requestId: r.body.id })).status).toBe(403);
    expect((await portal.Hal!.post(`${P()}/ride-offers/${o.body.id}/accept`, {})).status).toBe(200);
    expect((await portal.Ivy!.post(`${P()}/ride-offers/${o.body.id}/cancel`, { playerId: id.Hal })).status).toBe(403);
    // The driver may drop a passenger.
    expect((await portal.Gus!.post(`${P()}/ride-offers/${o.body.id}/cancel`, { playerId: id.Hal })).status).toBe(200);
    expect((await portal.Gus!.patch(`${P()}/ride-offers/${o.body.id}`, { seats: 1, notes: 'small car' })).body).toMatchObject({ seats: 1, notes: 'small car' });
    expect((await portal.Hal!.patch(`${P()}/ride-requests/${r.body.id}`, { latestDeparture: '2027-04-11T09:00' })).body.latestDeparture).toBe('2027-04-11T09:00');
  });

  it.each([
    ['the driver taking a seat on their own offer', () => ({ playerId: id.Jo }), 422, 'unprocessable'],
    ['a player who is not on the trip', () => ({ playerId: stranger }), 422, 'unknown_player'],
    ['more seats than offered', () => ({ playerId: id.Kit, seats: 4 }), 409, 'seats_full'],
    ['no playerId from the dashboard', () => ({}), 400, 'validation_failed'],
    ['zero seats', () => ({ playerId: id.Kit, seats: 0 }), 400, 'validation_failed'],
  ])('refuses accepting %s', async (_label, body, status, code) => {
    const o = await org.client.post(`${T()}/ride-offers`, offer({ driverId: id.Jo }));
    const res = await org.client.post(`${T()}/ride-offers/${o.body.id}/accept`, body());
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect((await storedOffer(o.body.id)).passengers).toEqual([]);
  });

  it.each([
    ['a ride offer by a driver who is not a player', 'ride-offers', () => offer({ driverId: stranger }), 422],
    ['a ride offer with 0 seats', 'ride-offers', () => offer({ driverId: id.Al, seats: 0 }), 400],
    ['a ride offer with a bad time', 'ride-offers', () => offer({ driverId: id.Al, departureTime: '07:30' }), 400],
    ['a request whose window ends before it starts', 'ride-requests', () => request({ playerId: id.Al, latestDeparture: '2027-04-11T06:00' }), 400],
    ['a request by a player not on the trip', 'ride-requests', () => request({ playerId: stranger }), 422],
  ])('refuses %s', async (_label, path, body, status) => {
    const res = await org.client.post(`${T()}/${path}`, body());
    expect(res.status).toBe(status);
  });

  it('refuses fewer seats than taken (409) and answers 404 for unknown offers and requests', async () => {
    const o = await org.client.post(`${T()}/ride-offers`, offer({ driverId: id.Kit }));
    await org.client.post(`${T()}/ride-offers/${o.body.id}/accept`, { playerId: id.Lu, seats: 2 });
    const res = await org.client.patch(`${T()}/ride-offers/${o.body.id}`, { seats: 1 });
    expect(res.status).toBe(409);
    expect((await org.client.get(`${T()}/ride-board`)).body.offers.find((x: { id: string }) => x.id === o.body.id).seats).toBe(3);
    expect((await org.client.post(`${T()}/ride-offers/zzzzzzzz/accept`, { playerId: id.Lu })).status).toBe(404);
    expect((await org.client.delete(`${T()}/ride-requests/zzzzzzzz`)).status).toBe(404);
  });
});

describe('airport rides and stats', () => {
  let trip2: string;
  const T2 = () => `/trips/${trip2}`;
  const P2 = () => `/trip-portal/trips/${trip2}`;
  const pid: Record<string, string> = {};
  const pp: Record<string, Api> = {};
  let carId: string;

  beforeAll(async () => {
    trip2 = (await org.client.post('/trips', tripBody({ name: 'Fly-in' }))).body.id;
    const players = await org.client.post(`${T2()}/players/bulk`, { players: ['An', 'Ben', 'Cat', 'Dan', 'Eve'].map((name) => ({ name })) });
    for (const p of players.body.items) pid[p.name] = p.id;
    const tokens = (await org.client.post('/trip-portal/tokens/bulk', { tripId: trip2 })).body.items as { playerId: string; token: string }[];
    for (const t of tokens) {
      const name = Object.keys(pid).find((n) => pid[n] === t.playerId)!;
      pp[name] = api(server.url, (await api(server.url).post('/trip-portal/validate', { token: t.token })).body.session);
    }
    const fly = (name: string, arrivalTime: string, arrivalAirport = 'FAO') =>
      org.client.post(`${T2()}/flights`, { playerId: pid[name], direction: 'inbound', airline: 'TAP', flightNumber: 'TP1', departureAirport: 'LIS', departureTime: `${arrivalTime.slice(0, 11)}06:00`, arrivalAirport, arrivalTime });
    for (const [n, t] of [['An', '2027-04-10T10:00'], ['Ben', '2027-04-10T10:20'], ['Cat', '2027-04-10T10:50'], ['Dan', '2027-04-11T09:00']] as const) expect((await fly(n, t)).status).toBe(201);
    await org.client.post(`${T2()}/flights`, { playerId: pid.An, direction: 'outbound', airline: 'TAP', flightNumber: 'TP2', departureAirport: 'FAO', departureTime: '2027-04-14T18:00', arrivalAirport: 'LIS', arrivalTime: '2027-04-14T19:00' });
    await org.client.post(`${T2()}/accommodations`, { name: 'Villa', address: 'Vilamoura', checkIn: '2027-04-10T15:00', checkOut: '2027-04-14T11:00', rooms: [{ name: 'R1', capacity: 4, occupantIds: [pid.An, pid.Ben, pid.Cat] }] });
    carId = (await org.client.post(`${T2()}/rental-cars`, { company: 'Avis', pickupPlace: 'FAO arrivals', pickupAirport: 'FAO', pickupTime: '2027-04-10T10:30', dropoffPlace: 'FAO', dropoffTime: '2027-04-14T16:00', seats: 3, driverId: pid.An })).body.id;
  });

  it('groups arrivals by airport and window', async () => {
    const res = await pp.Eve!.get(`${P2()}/rides/arrivals?windowMinutes=60`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((g: { airport: string; from: string; arrivals: { playerId: string }[] }) => [g.airport, g.from, g.arrivals.map((a) => a.playerId)])).toEqual([
      ['FAO', '2027-04-10T10:00', [pid.An, pid.Ben, pid.Cat]],
      ['FAO', '2027-04-11T09:00', [pid.Dan]],
    ]);
    const narrow = await org.client.get(`${T2()}/rides/arrivals?windowMinutes=30`);
    expect(narrow.body.items).toHaveLength(3);
    expect((await org.client.get(`${T2()}/rides/arrivals?windowMinutes=2`)).status).toBe(400);
  });

  it('proposes the driver\'s car to the lodging for the group, and lets players request and the driver confirm', async () => {
    const res = await org.client.get(`${T2()}/rides/proposals`);
    expect(res.status).toBe(200);
    const [first, second] = res.body.items;
    expect(first.rides).toEqual([expect.objectContaining({ carId, driverId: pid.An, freeSeats: 2, destination: { accommodationId: expect.any(String), name: 'Villa' }, proposedPlayerIds: [pid.Ben, pid.Cat] })]);
    expect(first.unassignedPlayerIds).toEqual([]);
    expect(second).toMatchObject({ rides: [], unassignedPlayerIds: [pid.Dan] });

    const asked = await pp.Ben!.post(`${P2()}/rides/${carId}/requests`, {});
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ freeSeats: 1, riders: [expect.objectContaining({ playerId: pid.Ben, status: 'requested' })] });
    expect((await pp.Ben!.post(`${P2()}/rides/${carId}/requests`, {})).body.error.code).toBe('already_booked');
    expect((await pp.Ben!.post(`${P2()}/rides/${carId}/requests`, { playerId: pid.Cat })).status).toBe(403);
    expect((await pp.An!.post(`${P2()}/rides/${carId}/requests`, {})).status).toBe(422);
    expect((await org.client.post(`${T2()}/rides/${carId}/requests`, { playerId: stranger })).status).toBe(422);

    expect((await pp.Cat!.post(`${P2()}/rides/${carId}/riders/${pid.Ben}/confirm`)).status).toBe(403);
    const confirmed = await pp.An!.post(`${P2()}/rides/${carId}/riders/${pid.Ben}/confirm`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.riders).toEqual([expect.objectContaining({ playerId: pid.Ben, status: 'confirmed' })]);
    expect((await org.client.post(`${T2()}/rides/${carId}/riders/${pid.Cat}/confirm`)).status).toBe(404);

    const proposals = (await pp.Cat!.get(`${P2()}/rides/proposals`)).body.items[0].rides[0];
    expect(proposals).toMatchObject({ freeSeats: 1, proposedPlayerIds: [pid.Cat] });
  });

  it('never overbooks a car: of 3 concurrent seat requests for the last seat, one succeeds', async () => {
    const results = await Promise.all(['Cat', 'Dan', 'Eve'].map((n) => pp[n]!.post(`${P2()}/rides/${carId}/requests`, {})));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409 && r.body.error.code === 'seats_full')).toHaveLength(2);
    const car = (await org.client.get(`${T2()}/rental-cars/${carId}`)).body;
    expect(car).toMatchObject({ freeSeats: 0 });
    expect(car.riders).toHaveLength(2);
    // Seats cannot drop below the driver plus the riders.
    expect((await org.client.patch(`${T2()}/rental-cars/${carId}`, { seats: 2 })).status).toBe(409);
    const winner = car.riders.find((r: { playerId: string }) => r.playerId !== pid.Ben).playerId;
    const name = Object.keys(pid).find((n) => pid[n] === winner)!;
    // The rider leaves; a non-rider cannot remove someone else.
    expect((await pp.Eve!.delete(`${P2()}/rides/${carId}/riders/${pid.Ben}`)).status).toBe(403);
    expect((await pp[name]!.delete(`${P2()}/rides/${carId}/riders/${winner}`)).status).toBe(204);
    expect((await org.client.delete(`${T2()}/rides/${carId}/riders/${winner}`)).status).toBe(404);
  });

  it('refuses seat requests on a car not picked up at an airport', async () => {
    const town = await org.client.post(`${T2()}/rental-cars`, { company: 'Local', pickupPlace: 'Hotel', pickupTime: '2027-04-11T09:00', dropoffPlace: 'Hotel', dropoffTime: '2027-04-11T18:00', seats: 4 });
    const res = await pp.Eve!.post(`${P2()}/rides/${town.body.id}/requests`, {});
    expect(res.status).toBe(422);
    await org.client.delete(`${T2()}/rental-cars/${town.body.id}`);
  });

  it('lets an organizer act for any player: seats in a car, ride requests, flight lists', async () => {
    const asked = await org.client.post(`${T2()}/rides/${carId}/requests`, { playerId: pid.Eve });
    expect(asked.status).toBe(200);
    expect((await org.client.post(`${T2()}/rides/${carId}/riders/${pid.Eve}/confirm`)).body.riders).toContainEqual(expect.objectContaining({ playerId: pid.Eve, status: 'confirmed' }));
    expect((await org.client.delete(`${T2()}/rides/${carId}/riders/${pid.Eve}`)).status).toBe(204);
    expect((await org.client.get(`${T2()}/rental-cars/${carId}`)).body.riders.map((r: { playerId: string }) => r.playerId)).toEqual([pid.Ben]);

    const r = await org.client.post(`${T2()}/ride-requests`, request({ playerId: pid.Dan }));
    expect(r.status).toBe(201);
    expect((await org.client.patch(`${T2()}/ride-requests/${r.body.id}`, { notes: 'two bags' })).body).toMatchObject({ playerId: pid.Dan, notes: 'two bags' });
    expect((await org.client.patch(`${T2()}/ride-requests/${r.body.id}`, { latestDeparture: '2027-04-11T06:00' })).status).toBe(400);
    expect((await org.client.delete(`${T2()}/ride-requests/${r.body.id}`)).status).toBe(204);

    const flights = await org.client.get(`${T2()}/flights`);
    expect(flights.status).toBe(200);
    expect(flights.body.items.map((f: { departureTime: string }) => f.departureTime)).toEqual([...flights.body.items.map((f: { departureTime: string }) => f.departureTime)].sort());
    expect(flights.body.items).toHaveLength(5);
    expect((await org.client.get(`${T2()}/flights?playerId=${pid.An}`)).body.items).toHaveLength(2);
  });

  it('aggregates arrivals and departures per day, players with no travel, and seats offered versus needed', async () => {
    await pp.Eve!.post(`${P2()}/ride-requests`, request({ seats: 2 }));
    const res = await pp.Eve!.get(`${P2()}/travel-stats`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      arrivalsPerDay: [
        { date: '2027-04-10', players: 3 },
        { date: '2027-04-11', players: 1 },
      ],
      departuresPerDay: [{ date: '2027-04-14', players: 1 }],
      playersWithoutTravel: [],
      seats: { rideBoard: { offered: 0, taken: 0, requested: 2, unmatched: 2 }, airport: { offered: 2, needed: 3 }, offered: 2, needed: 5 },
    });
    const fresh = (await org.client.post('/trips', tripBody({ name: 'Empty' }))).body.id;
    const p = (await org.client.post(`/trips/${fresh}/players`, { name: 'Solo' })).body.id;
    expect((await org.client.get(`/trips/${fresh}/travel-stats`)).body.playersWithoutTravel).toEqual([p]);
  });
});
