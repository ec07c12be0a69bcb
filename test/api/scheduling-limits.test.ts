/**
 * One limit, one answer (issue 14): a group size, tee interval, rule priority or hole number outside the spec's
 * limits is a malformed request on every route that takes one (400 `validation_failed`, the zod issue in `details`,
 * the limit declared in /openapi.json), and nothing changes. 422 stays for values each valid that together cannot be
 * scheduled (README, Errors).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let ids: string[];
/** A round of 8 players paired in foursomes with tee times, and a second round to copy to. */
let paired: string;
let other: string;

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const added = await org.client.post(`/trips/${tripId}/players/bulk`, { players: Array.from({ length: 8 }, (_, i) => ({ name: `L${i + 1}`, handicapIndex: 3 * i })) });
  ids = added.body.items.map((p: { id: string }) => p.id);
  const round = async () => (await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-11', course: course18(), defaultTee: 'White', playerIds: ids })).body.id as string;
  paired = await round();
  other = await round();
  expect((await org.client.post(`/rounds/${paired}/auto-pair`, { strategy: 'handicap', groupSize: 4, seed: 1 })).status).toBe(200);
  expect((await org.client.post(`/rounds/${paired}/bulk-tee-times`, { format: 'single', firstTime: '08:00', intervalMinutes: 10 })).status).toBe(200);
});
afterAll(() => server.close());

type Call = { method: 'post' | 'put' | 'patch'; path: () => string; body: () => unknown; field: (string | number)[] };
const window = (intervalMinutes: number) => ({ id: 'am', label: 'AM', firstTime: '08:00', lastTime: '09:00', intervalMinutes });
const waves = (over: { groupSize?: number; intervalMinutes?: number; startingHoles?: number[] }) => ({
  roundId: paired,
  groupSize: over.groupSize ?? 4,
  assignment: 'handicap',
  courses: [{ id: 'c', name: 'Old Links', startingHoles: over.startingHoles ?? [1], windows: [window(over.intervalMinutes ?? 10)] }],
});
const wizard = (group: string[]) => ({
  trip: { name: 'Limits', startDate: '2027-05-01', endDate: '2027-05-04', timezone: 'UTC', currency: 'USD' },
  players: group.map((ref) => ({ ref, name: ref })),
  rounds: [{ name: 'X', date: '2027-05-02', groups: [group] }],
  teams: [],
  competitions: [],
});
const refs = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`);
const rule = (priority: number) => ({ kind: 'keep_apart', playerIds: [ids[0], ids[1]], priority });

// Route × limit: every one a 400 `validation_failed` naming the field.
const CASES: [string, Call][] = [
  // Players per group: 2 to 6.
  ['auto-pair, groupSize 7', { method: 'post', path: () => `/rounds/${paired}/auto-pair`, body: () => ({ strategy: 'random', groupSize: 7 }), field: ['body', 'groupSize'] }],
  ['auto-pair, groupSize 1', { method: 'post', path: () => `/rounds/${paired}/auto-pair`, body: () => ({ strategy: 'random', groupSize: 1 }), field: ['body', 'groupSize'] }],
  ['multi-round, groupSize 7', { method: 'post', path: () => `/events/${tripId}/multi-round-pairings`, body: () => ({ roundIds: [paired, other], mode: 'rotating', groupSize: 7 }), field: ['body', 'groupSize'] }],
  ['waves, groupSize 7', { method: 'post', path: () => `/events/${tripId}/waves`, body: () => waves({ groupSize: 7 }), field: ['body', 'groupSize'] }],
  ['round creation, a group of 7', { method: 'post', path: () => `/trips/${tripId}/rounds`, body: () => ({ date: '2027-04-12', groups: [{ playerIds: ids.slice(0, 7) }] }), field: ['body', 'groups', 0, 'playerIds'] }],
  ['round creation, a group of 1', { method: 'post', path: () => `/trips/${tripId}/rounds`, body: () => ({ date: '2027-04-12', groups: [{ playerIds: [ids[0]] }] }), field: ['body', 'groups', 0, 'playerIds'] }],
  ['round patch, a group of 7', { method: 'patch', path: () => `/trips/${tripId}/rounds/${other}`, body: () => ({ groups: [{ playerIds: ids.slice(0, 7) }] }), field: ['body', 'groups', 0, 'playerIds'] }],
  ['wizard, a group of 7', { method: 'post', path: () => '/trips/wizard', body: () => wizard(refs(7)), field: ['body', 'rounds', 0, 'groups', 0] }],
  // Tee time interval: 5 to 30 minutes.
  ['bulk tee times, interval 3', { method: 'post', path: () => `/rounds/${paired}/bulk-tee-times`, body: () => ({ format: 'single', firstTime: '08:00', intervalMinutes: 3 }), field: ['body', 'intervalMinutes'] }],
  ['bulk tee times, interval 31', { method: 'post', path: () => `/rounds/${paired}/bulk-tee-times`, body: () => ({ format: 'two_tee', firstTime: '08:00', intervalMinutes: 31 }), field: ['body', 'intervalMinutes'] }],
  ['bulk tee times, interval 7.5', { method: 'post', path: () => `/rounds/${paired}/bulk-tee-times`, body: () => ({ format: 'single', firstTime: '08:00', intervalMinutes: 7.5 }), field: ['body', 'intervalMinutes'] }],
  ['copy pairings, interval 3', { method: 'post', path: () => `/rounds/${paired}/copy-pairings`, body: () => ({ toRoundId: other, newFirstTime: '09:00', intervalMinutes: 3 }), field: ['body', 'intervalMinutes'] }],
  [
    'multi-round tee times, interval 3',
    { method: 'post', path: () => `/events/${tripId}/multi-round-pairings`, body: () => ({ roundIds: [paired, other], mode: 'rotating', groupSize: 4, teeTimes: { format: 'single', firstTime: '08:00', intervalMinutes: 3 } }), field: ['body', 'teeTimes', 'intervalMinutes'] },
  ],
  ['waves, interval 3', { method: 'post', path: () => `/events/${tripId}/waves`, body: () => waves({ intervalMinutes: 3 }), field: ['body', 'courses', 0, 'windows', 0, 'intervalMinutes'] }],
  ['open tee times, interval 3', { method: 'post', path: () => `/rounds/${other}/open-tee-times`, body: () => ({ firstTime: '08:00', lastTime: '09:00', intervalMinutes: 3, maxPlayers: 4 }), field: ['body', 'intervalMinutes'] }],
  ['open tee times, interval 31', { method: 'post', path: () => `/rounds/${other}/open-tee-times`, body: () => ({ firstTime: '08:00', lastTime: '09:00', intervalMinutes: 31, maxPlayers: 4 }), field: ['body', 'intervalMinutes'] }],
  // Rule priority: 1 to 10.
  ['stored rules, priority 11', { method: 'put', path: () => `/events/${tripId}/rules`, body: () => ({ rules: [rule(11)] }), field: ['body', 'rules', 0, 'priority'] }],
  ['auto-pair rules, priority 0', { method: 'post', path: () => `/rounds/${paired}/auto-pair`, body: () => ({ strategy: 'random', groupSize: 4, rules: [rule(0)] }), field: ['body', 'rules', 0, 'priority'] }],
  // Holes: 1 to 18.
  ['bulk tee times, priority hole 19', { method: 'post', path: () => `/rounds/${paired}/bulk-tee-times`, body: () => ({ format: 'shotgun', firstTime: '08:00', shotgun: { priority: 'priority_holes', priorityHoles: [19] } }), field: ['body', 'shotgun', 'priorityHoles', 0] }],
  ['waves, starting hole 19', { method: 'post', path: () => `/events/${tripId}/waves`, body: () => waves({ startingHoles: [19] }), field: ['body', 'courses', 0, 'startingHoles', 0] }],
];

describe('a value outside a limit of the spec', () => {
  it.each(CASES)('%s: 400 validation_failed naming the field, nothing changed', async (_label, call) => {
    const before = await Promise.all([paired, other].map(async (r) => (await org.client.get(`/trips/${tripId}/rounds/${r}`)).body));
    const trips = (await org.client.get('/trips?limit=200')).body.total;
    const res = await org.client[call.method](call.path(), call.body());
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details.map((d: { path: unknown }) => d.path)).toContainEqual(call.field);
    expect(res.body.error.details[0]).toHaveProperty('code');
    const after = await Promise.all([paired, other].map(async (r) => (await org.client.get(`/trips/${tripId}/rounds/${r}`)).body));
    expect(after).toEqual(before);
    expect((await org.client.get(`/rounds/${other}/open-tee-times`)).status).toBe(404);
    expect((await org.client.get('/trips?limit=200')).body.total).toBe(trips);
  });
});

describe('the limits in /openapi.json', () => {
  const body = (doc: any, path: string, method = 'post') => doc.paths[path][method].requestBody.content['application/json'].schema;
  /** Follows local $refs and the first branch of allOf/anyOf wrappers zod emits for optional or refined fields. */
  const resolve = (doc: any, schema: any): any => {
    if (schema?.$ref) return resolve(doc, schema.$ref.replace('#/', '').split('/').reduce((o: any, k: string) => o[k], doc));
    for (const key of ['allOf', 'anyOf', 'oneOf']) if (schema?.[key]) return resolve(doc, schema[key].find((s: any) => s.type !== 'null') ?? schema[key][0]);
    return schema;
  };
  const at = (doc: any, schema: any, ...keys: (string | number)[]): any =>
    keys.reduce((s, k) => {
      const r = resolve(doc, s);
      return typeof k === 'number' ? resolve(doc, r.items) : resolve(doc, r.properties[k]);
    }, schema);

  it('declares every interval as 5–30, group size as 2–6, a group as 2–6 players, holes as 1–18', async () => {
    const doc = (await org.client.get('/openapi.json')).body;
    const intervals = [
      at(doc, body(doc, '/rounds/{id}/bulk-tee-times'), 'intervalMinutes'),
      at(doc, body(doc, '/rounds/{id}/copy-pairings'), 'intervalMinutes'),
      at(doc, body(doc, '/events/{tripId}/multi-round-pairings'), 'teeTimes', 'intervalMinutes'),
      at(doc, body(doc, '/events/{tripId}/waves'), 'courses', 0, 'windows', 0, 'intervalMinutes'),
      at(doc, body(doc, '/rounds/{id}/open-tee-times'), 'intervalMinutes'),
    ];
    for (const s of intervals) expect(s).toMatchObject({ type: 'integer', minimum: 5, maximum: 30 });
    for (const s of [
      at(doc, body(doc, '/rounds/{id}/auto-pair'), 'groupSize'),
      at(doc, body(doc, '/events/{tripId}/multi-round-pairings'), 'groupSize'),
      at(doc, body(doc, '/events/{tripId}/waves'), 'groupSize'),
    ])
      expect(s).toMatchObject({ type: 'integer', minimum: 2, maximum: 6 });
    for (const s of [
      at(doc, body(doc, '/trips/{tripId}/rounds'), 'groups', 0, 'playerIds'),
      at(doc, body(doc, '/trips/{tripId}/rounds/{roundId}', 'patch'), 'groups', 0, 'playerIds'),
      at(doc, body(doc, '/trips/wizard'), 'rounds', 0, 'groups', 0),
    ])
      expect(s).toMatchObject({ type: 'array', minItems: 2, maxItems: 6 });
    expect(at(doc, body(doc, '/rounds/{id}/bulk-tee-times'), 'shotgun', 'priorityHoles', 0)).toMatchObject({ minimum: 1, maximum: 18 });
    expect(at(doc, body(doc, '/events/{tripId}/rules', 'put'), 'rules', 0, 'priority')).toMatchObject({ minimum: 1, maximum: 10 });
  });
});

describe('values each valid that together cannot be scheduled', () => {
  it('stay 422: a 7th player into a full sixsome, a priority hole a 9-hole course lacks', async () => {
    const six = (await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-12', course: course18(), defaultTee: 'White', groups: [{ playerIds: ids.slice(0, 6) }, { playerIds: ids.slice(6, 8) }] })).body.id;
    const move = await org.client.post(`/rounds/${six}/move-player`, { playerId: ids[6], toGroup: 1 });
    expect(move.status).toBe(422);
    const nine = { ...course18('Nine'), holes: course18().holes.slice(0, 9).map((h, i) => ({ ...h, strokeIndex: 2 * i + 2 })), tees: [{ name: 'White', courseRating: 33.9, slope: 112 }] };
    const short = (await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-12', course: nine, defaultTee: 'White', groups: [0, 2, 4, 6].map((i) => ({ playerIds: ids.slice(i, i + 2) })) })).body.id;
    const hole = await org.client.post(`/rounds/${short}/bulk-tee-times`, { format: 'shotgun', firstTime: '08:00', shotgun: { priority: 'priority_holes', priorityHoles: [12] } });
    expect(hole.status).toBe(422);
    expect(hole.body.error.details[0].limit).toMatch(/holes 1 to 9/);
  });
});
