import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, course18, organizer, tripBody, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let stranger: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let otherTripId: string;
const id: Record<string, string> = {};
let al: Api;
let cy: Api;
let otherSession: Api;
let anon: Api;
let roundOne: string;
let roundTwo: string;

async function portal(trip: string, playerId: string, by: Api): Promise<Api> {
  const token = await by.post('/trip-portal/token', { tripId: trip, playerId });
  return api(server.url, (await anon.post('/trip-portal/validate', { token: token.body.token })).body.session);
}

beforeAll(async () => {
  server = await startTestServer();
  anon = api(server.url);
  org = await organizer(server.url);
  stranger = await organizer(server.url, 'Stranger');
  // Trip from 2027-04-10 to 2027-04-14.
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const players = await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Al' }, { name: 'Bo' }, { name: 'Cy', role: 'organizer' }] });
  for (const p of players.body.items) id[p.name] = p.id;
  const round = async (name: string, date: string) =>
    (await org.client.post(`/trips/${tripId}/rounds`, { name, date, course: course18(), defaultTee: 'White', playerIds: Object.values(id) })).body.id as string;
  roundOne = await round('Day one', '2027-04-10');
  roundTwo = await round('Day two', '2027-04-11');
  al = await portal(tripId, id.Al!, org.client);
  // Cy's role on the trip is organizer: on the portal he may set anyone's availability.
  cy = await portal(tripId, id.Cy!, org.client);
  otherTripId = (await stranger.client.post('/trips', tripBody({ name: 'Elsewhere' }))).body.id;
  const zed = (await stranger.client.post(`/trips/${otherTripId}/players/bulk`, { players: [{ name: 'Zed' }] })).body.items[0].id;
  otherSession = await portal(otherTripId, zed, stranger.client);
});
afterAll(() => server.close());

describe('availability', () => {
  it('starts unanswered for every player', async () => {
    const res = await org.client.get(`/trips/${tripId}/availability`);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(3);
    expect(res.body.items.every((a: any) => a.answered === false && a.days === null)).toBe(true);
  });

  it('lets a player set their own days and rounds, merged over earlier answers', async () => {
    const first = await al.put(`/trip-portal/trips/${tripId}/availability/me`, { days: ['2027-04-11', '2027-04-10'] });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ playerId: id.Al, answered: true, days: ['2027-04-10', '2027-04-11'], rounds: {} });
    const second = await al.put(`/trip-portal/trips/${tripId}/availability/me`, { rounds: { [roundTwo]: false }, note: 'Back hurts on day two' });
    expect(second.body).toMatchObject({ days: ['2027-04-10', '2027-04-11'], rounds: { [roundTwo]: false }, note: 'Back hurts on day two' });
    const everyone = await al.get(`/trip-portal/trips/${tripId}/availability`);
    expect(everyone.body.items.find((a: any) => a.playerId === id.Al).rounds).toEqual({ [roundTwo]: false });
  });

  it('lets organizers set one player or many at once, all or nothing', async () => {
    const one = await org.client.put(`/trips/${tripId}/availability/${id.Bo}`, { days: ['2027-04-10', '2027-04-11', '2027-04-12'] });
    expect(one.status).toBe(200);
    const bad = await org.client.post(`/trips/${tripId}/availability/bulk`, {
      entries: [
        { playerId: id.Cy, days: ['2027-04-10'] },
        { playerId: id.Bo, days: ['2027-04-20'] },
      ],
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error).toMatchObject({ code: 'unprocessable', details: [{ path: ['body', 'entries', 1, 'days', 0] }] });
    expect((await org.client.get(`/trips/${tripId}/availability`)).body.items.find((a: any) => a.playerId === id.Cy).answered).toBe(false);
    const good = await org.client.post(`/trips/${tripId}/availability/bulk`, { entries: [{ playerId: id.Cy, rounds: { [roundOne]: true } }] });
    expect(good.status).toBe(200);
    expect(good.body.items).toEqual([expect.objectContaining({ playerId: id.Cy, rounds: { [roundOne]: true } })]);
  });

  it('summarizes who is available per day and per round, for organizers and players alike', async () => {
    const res = await org.client.get(`/trips/${tripId}/availability/summary`);
    expect(res.status).toBe(200);
    expect(res.body.days.map((d: any) => d.date)).toEqual(['2027-04-10', '2027-04-11', '2027-04-12', '2027-04-13', '2027-04-14']);
    expect(res.body.days[0]).toEqual({ date: '2027-04-10', available: [id.Al, id.Bo], unavailable: [], unanswered: [id.Cy] });
    expect(res.body.days[2]).toEqual({ date: '2027-04-12', available: [id.Bo], unavailable: [id.Al], unanswered: [id.Cy] });
    expect(res.body.rounds).toEqual([
      { roundId: roundOne, name: 'Day one', date: '2027-04-10', available: [id.Al, id.Bo, id.Cy], unavailable: [], unanswered: [] },
      { roundId: roundTwo, name: 'Day two', date: '2027-04-11', available: [id.Bo], unavailable: [id.Al], unanswered: [id.Cy] },
    ]);
    expect((await al.get(`/trip-portal/trips/${tripId}/availability/summary`)).body).toEqual(res.body);
  });

  it('lets a player set their own by id and a player-organizer set anyone\'s, on the portal', async () => {
    const own = await al.put(`/trip-portal/trips/${tripId}/availability/${id.Al}`, { note: 'Flying in late on the 9th' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ playerId: id.Al, days: ['2027-04-10', '2027-04-11'], note: 'Flying in late on the 9th' });
    const forBo = await cy.put(`/trip-portal/trips/${tripId}/availability/${id.Bo}`, { note: 'Cy asked him' });
    expect(forBo.status).toBe(200);
    expect(forBo.body).toMatchObject({ playerId: id.Bo, days: ['2027-04-10', '2027-04-11', '2027-04-12'], note: 'Cy asked him' });
    const stored = await server.deps.store.trip(tripId).get<{ _id: string; updatedBy: unknown }>(`availability:${id.Bo}`);
    expect(stored?.updatedBy).toEqual({ kind: 'player', id: id.Cy });
  });

  it.each([
    ['a day outside the trip', () => al.put(`/trip-portal/trips/${tripId}/availability/me`, { days: ['2027-04-09'] }), 422, 'unprocessable'],
    ['an unknown round', () => al.put(`/trip-portal/trips/${tripId}/availability/me`, { rounds: { abcdefghij: true } }), 422, 'unprocessable'],
    ['an unknown player', () => org.client.put(`/trips/${tripId}/availability/abcdefghij`, { days: [] }), 404, 'player_not_found'],
    ['an unknown player in a bulk update', () => org.client.post(`/trips/${tripId}/availability/bulk`, { entries: [{ playerId: id.Al, days: [] }, { playerId: 'abcdefghij', days: [] }] }), 422, 'unknown_player'],
    ['an unknown round from an organizer', () => org.client.put(`/trips/${tripId}/availability/${id.Bo}`, { rounds: { [roundOne]: true, abcdefghij: false } }), 422, 'unprocessable'],
    ['a day outside the trip from an organizer', () => org.client.put(`/trips/${tripId}/availability/${id.Bo}`, { days: ['2027-04-15'] }), 422, 'unprocessable'],
    ['a player changing another player', () => al.put(`/trip-portal/trips/${tripId}/availability/${id.Bo}`, { days: [] }), 403, 'forbidden'],
    ['a player-organizer naming an unknown player', () => cy.put(`/trip-portal/trips/${tripId}/availability/abcdefghij`, { days: [] }), 404, 'player_not_found'],
    ['an empty bulk update', () => org.client.post(`/trips/${tripId}/availability/bulk`, { entries: [] }), 400, 'validation_failed'],
    ['a round answer that is not true or false', () => al.put(`/trip-portal/trips/${tripId}/availability/me`, { rounds: { [roundOne]: 'maybe' } }), 400, 'validation_failed'],
    ['a day twice', () => al.put(`/trip-portal/trips/${tripId}/availability/me`, { days: ['2027-04-10', '2027-04-10'] }), 400, 'validation_failed'],
    ['a malformed day', () => al.put(`/trip-portal/trips/${tripId}/availability/me`, { days: ['10/04/2027'] }), 400, 'validation_failed'],
    ['an empty body', () => al.put(`/trip-portal/trips/${tripId}/availability/me`, {}), 400, 'validation_failed'],
    ['a player twice in a bulk update', () => org.client.post(`/trips/${tripId}/availability/bulk`, { entries: [{ playerId: id.Al, days: [] }, { playerId: id.Al, days: [] }] }), 400, 'validation_failed'],
  ])('refuses %s and changes nothing', async (_label, send, status, code) => {
    const before = (await org.client.get(`/trips/${tripId}/availability`)).body;
    const res = await send();
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect((await org.client.get(`/trips/${tripId}/availability`)).body).toEqual(before);
  });

  it('keeps to the roles: other organizers, sessions on the wrong path or trip, and no credentials are refused', async () => {
    const base = `/trips/${tripId}/availability`;
    expect((await stranger.client.get(base)).status).toBe(404);
    expect((await stranger.client.put(`${base}/${id.Al}`, { days: [] })).status).toBe(404);
    expect((await al.get(base)).body.error.code).toBe('wrong_auth_mode');
    expect((await anon.get(base)).status).toBe(401);
    expect((await otherSession.get(`/trip-portal/trips/${tripId}/availability`)).status).toBe(403);
    expect((await otherSession.put(`/trip-portal/trips/${tripId}/availability/me`, { days: [] })).status).toBe(403);
    expect((await org.client.get(`/trip-portal/trips/${tripId}/availability`)).status).toBe(401);
  });
});

describe('availability: who may call which route', () => {
  const dashboard: [string, string, () => string, unknown?][] = [
    ['GET', 'list', () => `/trips/${tripId}/availability`],
    ['GET', 'summary', () => `/trips/${tripId}/availability/summary`],
    ['POST', 'bulk', () => `/trips/${tripId}/availability/bulk`, { entries: [{ playerId: id.Bo, days: [] }] }],
    ['PUT', 'one player', () => `/trips/${tripId}/availability/${id.Bo}`, { days: [] }],
  ];
  it.each(dashboard)("%s %s: another trip's organizer 404, a portal session 401, nobody 401", async (method, _name, path, body) => {
    const before = (await org.client.get(`/trips/${tripId}/availability`)).body;
    const strangerRes = await stranger.client.call(method, path(), body);
    expect([strangerRes.status, strangerRes.body.error.code]).toEqual([404, 'trip_not_found']);
    const portalRes = await al.call(method, path(), body);
    expect([portalRes.status, portalRes.body.error.code]).toEqual([401, 'wrong_auth_mode']);
    expect((await anon.call(method, path(), body)).status).toBe(401);
    expect((await org.client.get(`/trips/${tripId}/availability`)).body).toEqual(before);
  });

  const portalRoutes: [string, string, () => string, unknown?][] = [
    ['GET', 'list', () => `/trip-portal/trips/${tripId}/availability`],
    ['GET', 'summary', () => `/trip-portal/trips/${tripId}/availability/summary`],
    ['PUT', 'mine', () => `/trip-portal/trips/${tripId}/availability/me`, { days: [] }],
    ['PUT', 'by id', () => `/trip-portal/trips/${tripId}/availability/${id.Al}`, { days: [] }],
  ];
  it.each(portalRoutes)('portal %s %s: a session of another trip 403, a dashboard token 401, nobody 401', async (method, _name, path, body) => {
    const before = (await org.client.get(`/trips/${tripId}/availability`)).body;
    const other = await otherSession.call(method, path(), body);
    expect([other.status, other.body.error.code]).toEqual([403, 'forbidden']);
    expect((await org.client.call(method, path(), body)).status).toBe(401);
    expect((await anon.call(method, path(), body)).status).toBe(401);
    expect((await org.client.get(`/trips/${tripId}/availability`)).body).toEqual(before);
  });
});
