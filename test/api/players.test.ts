import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScoreDoc } from '../../shared/schemas/round.js';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;

beforeAll(async () => {
  // A clock that never repeats a millisecond, so "the order added" does not hinge on two requests sharing one.
  let last = 0;
  const now = () => new Date((last = Math.max(Date.now(), last + 1)));
  server = await startTestServer({ overrides: { now } });
  org = await organizer(server.url);
});
afterAll(() => server.close());

async function newTrip(): Promise<string> {
  const res = await org.client.post('/trips', tripBody());
  expect(res.status).toBe(201);
  return res.body.id;
}

async function addPlayer(tripId: string, body: Record<string, unknown>) {
  const res = await org.client.post(`/trips/${tripId}/players`, body);
  expect(res.status).toBe(201);
  return res.body as { id: string; name: string; email?: string; handicapIndex?: number };
}

async function listPlayers(tripId: string) {
  const res = await org.client.get(`/trips/${tripId}/players`);
  expect(res.status).toBe(200);
  return res.body.items as { id: string; name: string; email?: string; handicapIndex?: number }[];
}

describe('adding and listing players', () => {
  it('adds a player with 201, the role defaulting to player and the email lowercased', async () => {
    const tripId = await newTrip();
    const res = await org.client.post(`/trips/${tripId}/players`, { name: 'Rory', email: 'Rory@Example.COM', phone: '+353 1 234 5678', handicapIndex: -2.5, team: 'Europe' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ tripId, name: 'Rory', email: 'rory@example.com', phone: '+353 1 234 5678', handicapIndex: -2.5, team: 'Europe', role: 'player' });
    expect(res.body.id).toMatch(/^[a-z][a-z0-9]{5,39}$/);
    expect(res.body).not.toHaveProperty('_rev');
    expect(await listPlayers(tripId)).toEqual([res.body]);
  });

  it('lists players in the order they were added', async () => {
    const tripId = await newTrip();
    for (const name of ['Zed', 'Amy', 'Mo']) await addPlayer(tripId, { name });
    expect((await listPlayers(tripId)).map((p) => p.name)).toEqual(['Zed', 'Amy', 'Mo']);
  });

  it.each([
    ['no name', { handicapIndex: 3 }, ['body', 'name']],
    ['a bad email', { name: 'X', email: 'not-an-email' }, ['body', 'email']],
    ['a bad phone', { name: 'X', phone: 'call me' }, ['body', 'phone']],
    ['an unknown role', { name: 'X', role: 'captain' }, ['body', 'role']],
    ['an unknown field', { name: 'X', nickname: 'Y' }, ['body']],
  ])('refuses a player with %s with 400, adding nobody', async (_label, body, path) => {
    const tripId = await newTrip();
    const res = await org.client.post(`/trips/${tripId}/players`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details[0].path).toEqual(path);
    expect(await listPlayers(tripId)).toEqual([]);
  });
});

describe('division, flight and custom fields (what waves place players by)', () => {
  it('keeps them, changes them, and clears them with null', async () => {
    const tripId = await newTrip();
    const p = await addPlayer(tripId, { name: 'Ola', division: 'Seniors', flight: 'B', fields: { club: 'North', shirt: 42 } });
    expect(p).toMatchObject({ division: 'Seniors', flight: 'B', fields: { club: 'North', shirt: 42 } });
    const res = await org.client.patch(`/trips/${tripId}/players/${p.id}`, { division: null, fields: { club: 'South' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ flight: 'B', fields: { club: 'South' } });
    expect(res.body).not.toHaveProperty('division');
  });

  it.each([
    ['an empty division', { division: '' }],
    ['21 custom fields', { fields: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, i])) }],
    ['a custom field holding a list', { fields: { club: ['North'] } }],
  ])('refuses %s with 400', async (_label, extra) => {
    const tripId = await newTrip();
    const res = await org.client.post(`/trips/${tripId}/players`, { name: 'Ola', ...extra });
    expect(res.status).toBe(400);
    expect(await listPlayers(tripId)).toEqual([]);
  });
});

describe('PATCH /trips/:tripId/players/:playerId', () => {
  it('changes fields and removes the email when it is patched to null', async () => {
    const tripId = await newTrip();
    const p = await addPlayer(tripId, { name: 'Shane', email: 'shane@example.com', handicapIndex: 10 });
    const res = await org.client.patch(`/trips/${tripId}/players/${p.id}`, { email: null, name: 'Shane L', team: 'Europe' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, name: 'Shane L', team: 'Europe', handicapIndex: 10 });
    expect(res.body).not.toHaveProperty('email');
    const [back] = await listPlayers(tripId);
    expect(back).toMatchObject({ name: 'Shane L', team: 'Europe' });
    expect(back).not.toHaveProperty('email');
  });

  it.each([
    [-10, 200],
    [54, 200],
    [0, 200],
    [12.3, 200],
    [54.1, 400],
    [-10.1, 400],
    [12.34, 400],
    [60, 400],
    ['12', 400],
  ])('takes handicapIndex %s with %i', async (handicapIndex, status) => {
    const tripId = await newTrip();
    const p = await addPlayer(tripId, { name: 'Padraig', handicapIndex: 20 });
    const res = await org.client.patch(`/trips/${tripId}/players/${p.id}`, { handicapIndex });
    expect(res.status).toBe(status);
    const [back] = await listPlayers(tripId);
    if (status === 200) {
      expect(back!.handicapIndex).toBe(handicapIndex);
    } else {
      expect(res.body.error.code).toBe('validation_failed');
      expect(res.body.error.details[0].path).toEqual(['body', 'handicapIndex']);
      expect(back!.handicapIndex).toBe(20);
    }
  });

  it('takes the same bounds when a player is added', async () => {
    const tripId = await newTrip();
    expect((await org.client.post(`/trips/${tripId}/players`, { name: 'A', handicapIndex: 54.1 })).status).toBe(400);
    expect((await org.client.post(`/trips/${tripId}/players`, { name: 'B', handicapIndex: -10 })).status).toBe(201);
    expect((await listPlayers(tripId)).map((p) => p.name)).toEqual(['B']);
  });

  it('answers 404 player_not_found for a player not on the trip', async () => {
    const tripId = await newTrip();
    const res = await org.client.patch(`/trips/${tripId}/players/nosuchplayer`, { name: 'X' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('player_not_found');
  });
});

describe('emails are unique within a trip', () => {
  it('refuses a second player with the same email, in any case, with 409 duplicate_email', async () => {
    const tripId = await newTrip();
    await addPlayer(tripId, { name: 'Jon', email: 'jon@example.com' });
    const res = await org.client.post(`/trips/${tripId}/players`, { name: 'Jonny', email: 'JON@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('duplicate_email');
    expect(res.body.error.message).toBe('email jon@example.com is already used by existing player Jon');
    expect(res.body.error.details[0].path).toEqual(['body', 'email']);
    expect((await listPlayers(tripId)).map((p) => p.name)).toEqual(['Jon']);
  });

  it('refuses to patch an email onto a second player with 409, leaving them unchanged', async () => {
    const tripId = await newTrip();
    await addPlayer(tripId, { name: 'Jon', email: 'jon@example.com' });
    const viktor = await addPlayer(tripId, { name: 'Viktor', email: 'viktor@example.com' });
    const res = await org.client.patch(`/trips/${tripId}/players/${viktor.id}`, { email: 'Jon@Example.com' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('duplicate_email');
    expect((await listPlayers(tripId)).find((p) => p.id === viktor.id)!.email).toBe('viktor@example.com');
  });

  it('lets a player keep their own email on patch', async () => {
    const tripId = await newTrip();
    const jon = await addPlayer(tripId, { name: 'Jon', email: 'jon@example.com' });
    expect((await org.client.patch(`/trips/${tripId}/players/${jon.id}`, { email: 'JON@example.com' })).status).toBe(200);
  });
});

describe('POST /trips/:tripId/players/bulk', () => {
  it('adds every row with 201', async () => {
    const tripId = await newTrip();
    const res = await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'A', email: 'a@example.com' }, { name: 'B' }, { name: 'C', role: 'organizer' }] });
    expect(res.status).toBe(201);
    expect(res.body.items.map((p: { name: string }) => p.name)).toEqual(['A', 'B', 'C']);
    expect(new Set(res.body.items.map((p: { id: string }) => p.id)).size).toBe(3);
    expect(await listPlayers(tripId)).toHaveLength(3);
  });

  it('refuses a bad row among three with 400 naming the row, and adds nobody', async () => {
    const tripId = await newTrip();
    await addPlayer(tripId, { name: 'Already here' });
    const res = await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'A' }, { name: 'B', handicapIndex: 54.1 }, { name: 'C' }] });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.message).toContain('players[1]');
    expect(res.body.error.details[0].path).toEqual(['body', 'players', 1, 'handicapIndex']);
    expect((await listPlayers(tripId)).map((p) => p.name)).toEqual(['Already here']);
  });

  it('refuses two rows with the same email with 409 naming both rows, and adds nobody', async () => {
    const tripId = await newTrip();
    const res = await org.client.post(`/trips/${tripId}/players/bulk`, {
      players: [{ name: 'A', email: 'same@example.com' }, { name: 'B' }, { name: 'C', email: 'SAME@example.com' }],
    });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('duplicate_email');
    expect(res.body.error.message).toMatch(/row 3/);
    expect(res.body.error.details).toEqual([expect.objectContaining({ row: 2, path: ['body', 'players', 2, 'email'] })]);
    expect(res.body.error.details[0].message).toContain('row 1');
    expect(await listPlayers(tripId)).toEqual([]);
  });

  it("refuses a row reusing an existing player's email with 409, and adds nobody", async () => {
    const tripId = await newTrip();
    await addPlayer(tripId, { name: 'Jon', email: 'jon@example.com' });
    const res = await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'New' }, { name: 'Jon again', email: 'jon@example.com' }] });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('duplicate_email');
    expect(res.body.error.details[0]).toMatchObject({ row: 1, path: ['body', 'players', 1, 'email'] });
    expect(res.body.error.message).toBe('player row 2 reuses an email already on this trip; nothing was added');
    expect((await listPlayers(tripId)).map((p) => p.name)).toEqual(['Jon']);
  });

  it.each([
    ['an empty list', { players: [] }],
    ['no list', {}],
  ])('refuses %s with 400', async (_label, body) => {
    const tripId = await newTrip();
    const res = await org.client.post(`/trips/${tripId}/players/bulk`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path.slice(0, 2)).toEqual(['body', 'players']);
  });
});

describe('DELETE /trips/:tripId/players/:playerId', () => {
  it('removes a player without scores, money or rounds with 204', async () => {
    const tripId = await newTrip();
    const keep = await addPlayer(tripId, { name: 'Keep' });
    const gone = await addPlayer(tripId, { name: 'Gone' });
    const res = await org.client.delete(`/trips/${tripId}/players/${gone.id}`);
    expect(res.status).toBe(204);
    expect((await listPlayers(tripId)).map((p) => p.id)).toEqual([keep.id]);
    const again = await org.client.delete(`/trips/${tripId}/players/${gone.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('player_not_found');
  });

  /** A trip with players A–D and a round of A–D in two groups, made ready when asked. */
  async function tripWithRound(ready: boolean) {
    const tripId = await newTrip();
    const res = await org.client.post(`/trips/${tripId}/players/bulk`, { players: ['A', 'B', 'C', 'D'].map((name) => ({ name, handicapIndex: 10 })) });
    const ids = res.body.items.map((p: { id: string }) => p.id) as string[];
    const round = await org.client.post(`/trips/${tripId}/rounds`, {
      date: '2027-04-11',
      course: course18(),
      defaultTee: 'White',
      playerIds: ids,
      groups: [{ playerIds: ids.slice(0, 2) }, { playerIds: ids.slice(2) }],
      playerTees: { [ids[0]!]: 'Yellow' },
    });
    expect(round.status).toBe(201);
    if (ready) expect((await org.client.patch(`/trips/${tripId}/rounds/${round.body.id}/ready`)).status).toBe(200);
    return { tripId, ids, roundId: round.body.id as string };
  }

  it('refuses to remove a player who has a score with 409 player_has_scores', async () => {
    const { tripId, ids, roundId } = await tripWithRound(true);
    const now = new Date().toISOString();
    const scorecardId = `${roundId}-${ids[0]}`;
    const score = ScoreDoc.parse({
      _id: `score:${scorecardId}:7`,
      type: 'score',
      scorecardId,
      roundId,
      playerId: ids[0],
      hole: 7,
      strokes: 4,
      enteredBy: 'test',
      deviceId: 'phone-1',
      enteredAt: now,
      createdAt: now,
      updatedAt: now,
    });
    await server.deps.store.trip(tripId).put(score);
    const res = await org.client.delete(`/trips/${tripId}/players/${ids[0]}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('player_has_scores');
    expect((await listPlayers(tripId)).map((p) => p.id)).toContain(ids[0]);
  });

  it.each([
    ['the payer', (ids: string[]) => ({ payerId: ids[0], participants: [ids[1], ids[2]] })],
    ['a participant', (ids: string[]) => ({ payerId: ids[1], participants: [ids[2], ids[0]] })],
    ['a participant given as an object', (ids: string[]) => ({ payerId: ids[1], participants: [{ playerId: ids[0], shareCents: 500 }] })],
  ])('refuses to remove %s of an expense with 409 player_has_money_entries', async (_label, refs) => {
    const tripId = await newTrip();
    const res = await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'A' }, { name: 'B' }, { name: 'C' }] });
    const ids = res.body.items.map((p: { id: string }) => p.id) as string[];
    const now = new Date().toISOString();
    await server.deps.store.trip(tripId).put({ _id: 'expense:x', type: 'expense', amountCents: 12000, createdAt: now, updatedAt: now, ...refs(ids) });
    const del = await org.client.delete(`/trips/${tripId}/players/${ids[0]}`);
    expect(del.status).toBe(409);
    expect(del.body.error.code).toBe('player_has_money_entries');
    expect(await listPlayers(tripId)).toHaveLength(3);
    // A player the expense does not name can still go.
    const free = ids.find((id) => !JSON.stringify(refs(ids)).includes(id));
    if (free) expect((await org.client.delete(`/trips/${tripId}/players/${free}`)).status).toBe(204);
  });

  it('refuses to remove a player of a ready round with 409 player_in_round, naming the round', async () => {
    const { tripId, ids, roundId } = await tripWithRound(true);
    const res = await org.client.delete(`/trips/${tripId}/players/${ids[3]}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('player_in_round');
    expect(res.body.error.details).toEqual([expect.objectContaining({ roundId, state: 'ready' })]);
    expect(await listPlayers(tripId)).toHaveLength(4);
    expect((await org.client.get(`/trips/${tripId}/rounds/${roundId}`)).body.playerIds).toContain(ids[3]);
  });

  it("takes a removed player out of a draft round's players, groups and tees", async () => {
    const { tripId, ids, roundId } = await tripWithRound(false);
    const res = await org.client.delete(`/trips/${tripId}/players/${ids[0]}`);
    expect(res.status).toBe(204);
    const round = (await org.client.get(`/trips/${tripId}/rounds/${roundId}`)).body;
    expect(round.state).toBe('draft');
    expect(round.playerIds).toEqual(ids.slice(1));
    expect(round.groups.map((g: { playerIds: string[] }) => g.playerIds)).toEqual([[ids[1]], [ids[2], ids[3]]]);
    expect(round.playerTees).toEqual({});
    expect(await listPlayers(tripId)).toHaveLength(3);
  });
});
