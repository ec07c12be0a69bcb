import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * One 400 lists every problem of the request: each field that is missing or wrong, the rules across fields (end
 * before start, …) even when another field has a type error, and the query's problems with the body's.
 */

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
});
afterAll(() => server.close());

type Detail = { path: (string | number)[]; message: string; code?: string; keys?: string[] };
const paths = (details: Detail[]) => details.map((d) => d.path.join('.'));

async function refused(res: { status: number; body: { error: { code: string; message: string; details: Detail[] } } }) {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('validation_failed');
  for (const d of res.body.error.details) {
    expect(Array.isArray(d.path)).toBe(true);
    expect(typeof d.message).toBe('string');
    expect(d.message.length).toBeGreaterThan(0);
  }
  return res.body.error;
}

describe('POST /trips', () => {
  it('lists every missing field of an empty body at once, the message naming the first', async () => {
    const error = await refused(await org.client.post('/trips', {}));
    expect(paths(error.details).sort()).toEqual(['body.currency', 'body.endDate', 'body.name', 'body.startDate', 'body.timezone']);
    expect(error.message).toBe('invalid body at startDate: required (and 4 more problems in details)');
    expect(error.details.find((d) => d.path.join('.') === 'body.startDate')!.message).toBe('required');
  });

  it('lists a type error, a missing field and the rule across dates together', async () => {
    const error = await refused(await org.client.post('/trips', { name: 42, startDate: '2027-04-14', endDate: '2027-04-10', timezone: 'Europe/Lisbon' }));
    expect(paths(error.details).sort()).toEqual(['body.currency', 'body.endDate', 'body.name']);
    expect(error.details.find((d) => d.path.join('.') === 'body.endDate')!.message).toBe('endDate must not be before startDate');
  });

  it('does not judge the date rule on a date that is itself invalid', async () => {
    const error = await refused(await org.client.post('/trips', tripBody({ startDate: 7, endDate: '2027-04-01' })));
    expect(paths(error.details)).toEqual(['body.startDate']);
  });

  it('reports an unknown query key together with the body problems', async () => {
    const error = await refused(await org.client.post('/trips?draft=1', { name: 'x' }));
    const query = error.details.find((d) => d.path[0] === 'query')!;
    expect(query).toMatchObject({ path: ['query'], code: 'unrecognized_keys', keys: ['draft'] });
    expect(query.message).toContain('draft');
    expect(paths(error.details)).toEqual(expect.arrayContaining(['body.startDate', 'body.endDate', 'body.timezone', 'body.currency']));
    expect(error.message.startsWith('invalid query')).toBe(true);
    // Nothing was created.
    expect((await org.client.get('/trips?limit=200')).body.items.map((t: { name: string }) => t.name)).not.toContain('x');
  });
});

describe('PATCH /trips/:tripId', () => {
  it('reports a bad name and an end before the start together', async () => {
    const error = await refused(await org.client.patch(`/trips/${tripId}`, { name: ['no'], startDate: '2027-04-14', endDate: '2027-04-10' }));
    expect(paths(error.details).sort()).toEqual(['body.endDate', 'body.name']);
  });
});

describe('POST /trips/:tripId/activities', () => {
  it('reports a missing name and an end before the start together', async () => {
    const error = await refused(await org.client.post(`/trips/${tripId}/activities`, { start: '2027-04-11T10:00', end: '2027-04-11T09:00' }));
    expect(paths(error.details)).toEqual(expect.arrayContaining(['body.name', 'body.end']));
    expect(error.details.find((d) => d.path.join('.') === 'body.end')!.message).toBe('an activity must end after it starts');
  });
});

describe('travel', () => {
  it('reports every missing field of a flight and the same-airport rule together', async () => {
    const error = await refused(
      await org.client.post(`/trips/${tripId}/flights`, { direction: 'outbound', departureAirport: 'LIS', arrivalAirport: 'LIS', departureTime: '2027-04-10T08:00', arrivalTime: '2027-04-10T07:00' }),
    );
    expect(paths(error.details)).toEqual(expect.arrayContaining(['body.airline', 'body.flightNumber', 'body.arrivalAirport', 'body.arrivalTime']));
  });

  it('reports a rental car with no company and a drop-off before the pickup at once', async () => {
    const error = await refused(await org.client.post(`/trips/${tripId}/rental-cars`, { pickupTime: '2027-04-12T10:00', dropoffTime: '2027-04-11T10:00', seats: 'four' }));
    expect(paths(error.details)).toEqual(expect.arrayContaining(['body.seats', 'body.dropoffTime']));
  });
});

describe('query parameters', () => {
  it('lists every bad query value of a list at once', async () => {
    const error = await refused(await org.client.get(`/trips/${tripId}/expenses?limit=0&payerId=NOT%20AN%20ID&cursor=%25`));
    expect(paths(error.details).sort()).toEqual(['query.cursor', 'query.limit', 'query.payerId']);
  });
});
