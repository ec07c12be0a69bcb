import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScoreDoc } from '../../shared/schemas/round.js';
import { course18, organizer, tripBody, type Api } from '../support/client.js';
import { coOrganize } from '../support/outbox.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let owner: Awaited<ReturnType<typeof organizer>>;
let other: Awaited<ReturnType<typeof organizer>>;
let coOrganizer: Awaited<ReturnType<typeof organizer>>;
let source: { id: string; playerIds: string[]; roundIds: string[] };

/** A source trip of 4 days with three players (teams, one co-organizer), two rounds on days 1 and 3, and one score. */
beforeAll(async () => {
  server = await startTestServer();
  owner = await organizer(server.url, 'Owner');
  other = await organizer(server.url, 'Other');
  coOrganizer = await organizer(server.url, 'Co');
  const c = owner.client;
  const trip = await c.post('/trips', tripBody({ description: 'Spring trip' }));
  const id = trip.body.id as string;
  const players = await c.post(`/trips/${id}/players/bulk`, {
    players: [
      { name: 'Al', email: 'al@example.com', handicapIndex: 8.4, team: 'Blue' },
      { name: 'Bo', handicapIndex: 14.1, team: 'Red' },
      { name: 'Cy', email: coOrganizer.email, role: 'organizer', team: 'Blue' },
    ],
  });
  expect(players.status).toBe(201);
  await coOrganize(c, coOrganizer, id);
  const playerIds = players.body.items.map((p: { id: string }) => p.id) as string[];
  const r1 = await c.post(`/trips/${id}/rounds`, { name: 'Ocean', date: '2027-04-11', course: course18('Ocean'), defaultTee: 'White', groups: [{ playerIds: playerIds.slice(0, 2) }] });
  const r2 = await c.post(`/trips/${id}/rounds`, { name: 'Osprey', date: '2027-04-13', startTime: '08:30', format: 'stableford', course: course18('Osprey') });
  expect([r1.status, r2.status]).toEqual([201, 201]);
  expect((await c.patch(`/trips/${id}/rounds/${r1.body.id}/ready`)).status).toBe(200);
  const now = new Date().toISOString();
  const scorecardId = `${r1.body.id}-${playerIds[0]}`;
  const score = ScoreDoc.parse({
    _id: `score:${scorecardId}:1`,
    type: 'score',
    scorecardId,
    roundId: r1.body.id,
    playerId: playerIds[0],
    hole: 1,
    strokes: 5,
    enteredBy: 'test',
    deviceId: 'phone-1',
    enteredAt: now,
    createdAt: now,
    updatedAt: now,
  });
  await server.deps.store.trip(id).put(score);
  source = { id, playerIds, roundIds: [r1.body.id, r2.body.id] };
});
afterAll(() => server.close());

async function tripCount(client: Api): Promise<number> {
  return (await client.get('/trips?limit=200')).body.total;
}

describe('GET /trips/copyable', () => {
  it('lists the trips the caller organizes with their player and round counts', async () => {
    await owner.client.post('/trips', tripBody({ name: 'Empty trip' }));
    const res = await owner.client.get('/trips/copyable');
    expect(res.status).toBe(200);
    const entry = res.body.items.find((t: { id: string }) => t.id === source.id);
    expect(entry).toMatchObject({ name: 'Algarve 2027', status: 'active', myRole: 'owner', playerCount: 3, roundCount: 2 });
    expect(res.body.items.find((t: { name: string }) => t.name === 'Empty trip')).toMatchObject({ playerCount: 0, roundCount: 0 });
  });

  it("lists a co-organized trip for the co-organizer and nobody else's", async () => {
    const co = (await coOrganizer.client.get('/trips/copyable')).body.items;
    expect(co.map((t: { id: string }) => t.id)).toContain(source.id);
    expect(co.find((t: { id: string }) => t.id === source.id).myRole).toBe('organizer');
    expect((await other.client.get('/trips/copyable')).body.items.map((t: { id: string }) => t.id)).not.toContain(source.id);
  });
});

describe('GET /trips/:tripId/copy', () => {
  it('answers settings, players, teams and round templates with day offsets, and no scores or pairings', async () => {
    const res = await owner.client.get(`/trips/${source.id}/copy`);
    expect(res.status).toBe(200);
    expect(res.body.source).toEqual({ id: source.id, name: 'Algarve 2027' });
    expect(res.body.settings).toEqual({
      name: 'Algarve 2027',
      timezone: 'Europe/Lisbon',
      currency: 'EUR',
      destination: 'Vilamoura',
      description: 'Spring trip',
      durationDays: 4,
    });
    expect(res.body.players).toEqual([
      { name: 'Al', email: 'al@example.com', handicapIndex: 8.4, team: 'Blue', role: 'player' },
      { name: 'Bo', handicapIndex: 14.1, team: 'Red', role: 'player' },
      { name: 'Cy', email: coOrganizer.email, role: 'organizer', team: 'Blue' },
    ]);
    expect(res.body.teams).toEqual(['Blue', 'Red']);
    expect(res.body.rounds.map((r: { dayOffset: number }) => r.dayOffset)).toEqual([1, 3]);
    expect(res.body.rounds[0].round).toMatchObject({ name: 'Ocean', format: 'stroke_play', defaultTee: 'White', course: course18('Ocean') });
    expect(res.body.rounds[1].round).toMatchObject({ name: 'Osprey', format: 'stableford', startTime: '08:30' });
    for (const r of res.body.rounds) {
      expect(r.round).not.toHaveProperty('playerIds');
      expect(r.round).not.toHaveProperty('groups');
      expect(r.round).not.toHaveProperty('state');
    }
    for (const id of source.playerIds) expect(res.text).not.toContain(id);
    expect(res.text).not.toContain('strokes');
    expect(res.text).not.toContain('scorecard');
  });
});

describe('POST /trips with copyFromTripId', () => {
  it('copies players under new ids and rounds shifted to the new start, all draft', async () => {
    const res = await owner.client.post('/trips', { copyFromTripId: source.id, startDate: '2027-09-01' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Algarve 2027 (copy)',
      startDate: '2027-09-01',
      endDate: '2027-09-05',
      timezone: 'Europe/Lisbon',
      currency: 'EUR',
      destination: 'Vilamoura',
      copiedFrom: source.id,
      ownerId: owner.user.id,
    });
    const copyId = res.body.id as string;
    expect(copyId).not.toBe(source.id);

    const players = (await owner.client.get(`/trips/${copyId}/players`)).body.items as { id: string; name: string; team?: string; handicapIndex?: number }[];
    expect(players.map((p) => [p.name, p.team, p.handicapIndex])).toEqual([
      ['Al', 'Blue', 8.4],
      ['Bo', 'Red', 14.1],
      ['Cy', 'Blue', undefined],
    ]);
    for (const p of players) expect(source.playerIds).not.toContain(p.id);

    const rounds = (await owner.client.get(`/trips/${copyId}/rounds`)).body.items;
    expect(rounds.map((r: { date: string }) => r.date)).toEqual(['2027-09-02', '2027-09-04']);
    expect(rounds.map((r: { state: string }) => r.state)).toEqual(['draft', 'draft']);
    expect(rounds.map((r: { name: string }) => r.name)).toEqual(['Ocean', 'Osprey']);
    expect(rounds[0]).toMatchObject({ playerIds: [], groups: [], playerTees: {}, defaultTee: 'White', course: course18('Ocean'), resetCount: 0 });
    expect(rounds[1]).toMatchObject({ startTime: '08:30', format: 'stableford' });
    for (const r of rounds) expect(source.roundIds).not.toContain(r.id);

    const db = server.deps.store.trip(copyId);
    expect((await db.query('trip/by_type', { key: 'score' })).rows).toHaveLength(0);
    expect((await db.query('trip/by_type', { key: 'scorecard' })).rows).toHaveLength(0);

    // The source keeps everything it had.
    expect((await owner.client.get(`/trips/${source.id}/players`)).body.items.map((p: { id: string }) => p.id)).toEqual(source.playerIds);
    expect((await owner.client.get(`/trips/${source.id}/rounds/${source.roundIds[0]}`)).body.state).toBe('ready');
  });

  it("lets the source's co-organizer accounts co-organize the copy", async () => {
    const res = await owner.client.post('/trips', { copyFromTripId: source.id, startDate: '2028-04-01' });
    expect(res.status).toBe(201);
    expect((await coOrganizer.client.get(`/trips/${res.body.id}`)).status).toBe(200);
  });

  it('applies the fields given over the copied settings', async () => {
    const res = await owner.client.post('/trips', { copyFromTripId: source.id, startDate: '2027-10-01', endDate: '2027-10-02', name: 'Short copy', currency: 'USD' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Short copy', startDate: '2027-10-01', endDate: '2027-10-02', currency: 'USD', timezone: 'Europe/Lisbon' });
    const rounds = (await owner.client.get(`/trips/${res.body.id}/rounds`)).body.items;
    expect(rounds.map((r: { date: string }) => r.date)).toEqual(['2027-10-02', '2027-10-04']);
  });

  it.each([
    ['players: false copies no players but the rounds', { players: false }, 0, 2, []],
    ['rounds: false copies the players but no rounds', { rounds: false }, 3, 0, ['Blue', 'Red', 'Blue']],
    ['teams: false copies players without their teams', { teams: false }, 3, 2, [undefined, undefined, undefined]],
  ])('with include %s', async (_label, include, playerCount, roundCount, teams) => {
    const res = await owner.client.post('/trips', { copyFromTripId: source.id, startDate: '2027-11-01', include });
    expect(res.status).toBe(201);
    const players = (await owner.client.get(`/trips/${res.body.id}/players`)).body.items;
    expect(players).toHaveLength(playerCount);
    expect(players.map((p: { team?: string }) => p.team)).toEqual(teams);
    expect((await owner.client.get(`/trips/${res.body.id}/rounds`)).body.items).toHaveLength(roundCount);
  });

  it.each([
    ["a trip the caller doesn't organize", () => source.id, () => other.client],
    ['a trip that does not exist', () => 'nosuchtrip123', () => owner.client],
  ])('refuses to copy %s with 422 copy_source_not_found, creating nothing', async (_label, sourceId, who) => {
    const client = who();
    const before = await tripCount(client);
    const res = await client.post('/trips', { copyFromTripId: sourceId(), startDate: '2027-09-01' });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('copy_source_not_found');
    expect(res.body.error.details[0].path).toEqual(['body', 'copyFromTripId']);
    expect(await tripCount(client)).toBe(before);
  });

  it('still needs a start date', async () => {
    const res = await owner.client.post('/trips', { copyFromTripId: source.id });
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: { path: unknown }) => d.path)).toContainEqual(['body', 'startDate']);
  });
});
