import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RoundDoc, ScorecardDoc } from '../../shared/schemas/round.js';
import type { StoredDoc } from '../../server/store/docstore.js';
import { updateDoc } from '../../server/store/docs.js';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

// A round's `playerIds` are its players, whichever way they were given: listed, placed in groups, or both, and
// whatever the scheduling routes do to the groups afterwards (issue 23).

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
/** Eight players P1–P8 on the trip. */
let p: string[];

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const res = await org.client.post(`/trips/${tripId}/players/bulk`, {
    players: Array.from({ length: 8 }, (_, i) => ({ name: `P${i + 1}`, handicapIndex: 5 + i })),
  });
  p = res.body.items.map((x: { id: string }) => x.id);
});
afterAll(() => server.close());

type Round = { id: string; state: string; playerIds: string[]; groups: { id: string; playerIds: string[] }[] };
const path = (roundId: string, action = '') => `/trips/${tripId}/rounds/${roundId}${action}`;
const groupsOf = (...groups: string[][]) => groups.map((playerIds) => ({ playerIds }));
const inGroupOrder = (r: Round) => r.groups.flatMap((g) => g.playerIds);

async function createRound(body: Record<string, unknown>): Promise<Round> {
  const res = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-11', course: course18(), defaultTee: 'White', ...body });
  expect(res.status).toBe(201);
  return res.body;
}
async function readRound(roundId: string): Promise<Round> {
  const res = await org.client.get(path(roundId));
  expect(res.status).toBe(200);
  return res.body;
}
async function cardsOf(roundId: string): Promise<ScorecardDoc[]> {
  const { rows } = await server.deps.store.trip(tripId).query('trip/by_round', { key: [roundId, 'scorecard'], includeDocs: true });
  return rows.map((r) => r.doc as unknown as ScorecardDoc);
}

describe('creating a round', () => {
  it("gives a round made with groups alone the groups' players, in group order, and readying makes a card for each", async () => {
    const round = await createRound({ groups: groupsOf([p[3]!, p[0]!], [p[5]!, p[1]!, p[2]!]) });
    expect(round.playerIds).toEqual([p[3], p[0], p[5], p[1], p[2]]);
    expect((await readRound(round.id)).playerIds).toEqual(round.playerIds);
    const listed = (await org.client.get(`/trips/${tripId}/rounds`)).body.items.find((r: Round) => r.id === round.id);
    expect(listed.playerIds).toEqual(round.playerIds);

    expect((await org.client.patch(path(round.id, '/ready'))).status).toBe(200);
    const cards = await cardsOf(round.id);
    expect(cards.map((c) => c.playerId).sort()).toEqual([...round.playerIds].sort());
    expect(cards.every((c) => c.handicap.tee === 'White')).toBe(true);
  });

  it('keeps the players listed and adds each grouped player they leave out, after them (a player in a group is assigned too)', async () => {
    const round = await createRound({ playerIds: [p[4], p[0]], groups: groupsOf([p[0]!, p[1]!], [p[2]!, p[3]!]) });
    expect(round.playerIds).toEqual([p[4], p[0], p[1], p[2], p[3]]);
  });

  it('still names a stranger in a group where the request put it, once', async () => {
    const res = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-11', playerIds: [p[0]], groups: groupsOf([p[1]!, 'nosuchplayer1']) });
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'unknown_player', details: [{ path: ['body', 'groups', 0, 'playerIds', 1] }] });
    expect(res.body.error.details).toHaveLength(1);
  });
});

describe('changing a draft round', () => {
  it("takes new groups' players (after the others, whose order stays) and drops those of the old groups left out, keeping players assigned without a group", async () => {
    // P5 and P6 are assigned but not grouped yet.
    const round = await createRound({ playerIds: [p[0], p[1], p[2], p[3], p[4], p[5]], groups: groupsOf([p[0]!, p[1]!], [p[2]!, p[3]!]) });
    const res = await org.client.patch(path(round.id), { groups: groupsOf([p[0]!, p[6]!], [p[2]!, p[3]!]) });
    expect(res.status).toBe(200);
    expect(res.body.playerIds).toEqual([p[0], p[2], p[3], p[4], p[5], p[6]]);
    expect((await readRound(round.id)).playerIds).toEqual(res.body.playerIds);
  });

  it('keeps the grouped players when playerIds alone change', async () => {
    const round = await createRound({ groups: groupsOf([p[1]!, p[2]!]) });
    const res = await org.client.patch(path(round.id), { playerIds: [p[0]] });
    expect(res.status).toBe(200);
    expect(res.body.playerIds).toEqual([p[0], p[1], p[2]]);
  });

  it('a player the new groups leave out of the round takes their tees along; a tee given for a player out of the round is refused with 422 at that tee', async () => {
    // Issue 34: the tees a player had (set by hand or copied from an earlier round) no longer block regrouping without them.
    const round = await createRound({ groups: groupsOf([p[0]!, p[1]!]), playerTees: { [p[1]!]: 'Yellow' } });
    const res = await org.client.patch(path(round.id), { groups: groupsOf([p[0]!, p[2]!]) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ playerIds: [p[0], p[2]], playerTees: {} });
    const given = await org.client.patch(path(round.id), { groups: groupsOf([p[0]!, p[3]!]), playerTees: { [p[2]!]: 'Yellow' } });
    expect(given.status).toBe(422);
    expect(given.body.error).toMatchObject({ code: 'unknown_player', details: [{ path: ['body', 'playerTees', p[2]] }] });
    expect((await readRound(round.id)).playerIds).toEqual([p[0], p[2]]);
  });
});

describe('rounds stored before playerIds were kept whole', () => {
  it("read back with their groups' players, and are stored whole at their next change", async () => {
    const round = await createRound({ groups: groupsOf([p[0]!, p[1]!], [p[2]!, p[3]!]) });
    const db = server.deps.store.trip(tripId);
    await updateDoc<RoundDoc & StoredDoc>(db, `round:${round.id}`, (doc) => ({ ...doc, playerIds: [] }));
    expect((await db.get<RoundDoc & StoredDoc>(`round:${round.id}`))!.playerIds).toEqual([]);

    expect((await readRound(round.id)).playerIds).toEqual([p[0], p[1], p[2], p[3]]);
    const listed = (await org.client.get(`/trips/${tripId}/rounds`)).body.items.find((r: Round) => r.id === round.id);
    expect(listed.playerIds).toEqual([p[0], p[1], p[2], p[3]]);

    expect((await org.client.patch(path(round.id), { name: 'Renamed' })).status).toBe(200);
    expect((await db.get<RoundDoc & StoredDoc>(`round:${round.id}`))!.playerIds).toEqual([p[0], p[1], p[2], p[3]]);
  });
});

describe('scheduling keeps playerIds with the groups', () => {
  it("auto-pair: the round's players become the players paired", async () => {
    const round = await createRound({ groups: groupsOf([p[0]!, p[1]!], [p[2]!, p[3]!]) });
    const res = await org.client.post(`/rounds/${round.id}/auto-pair`, { strategy: 'handicap', groupSize: 3, seed: 1, playerIds: p.slice(2, 8) });
    expect(res.status).toBe(200);
    const after = await readRound(round.id);
    expect([...after.playerIds].sort()).toEqual(p.slice(2, 8).sort());
    expect([...after.playerIds].sort()).toEqual([...inGroupOrder(after)].sort());
    // Those who stay keep their place; newcomers follow.
    expect(after.playerIds.slice(0, 2)).toEqual([p[2], p[3]]);
  });

  it('auto-pair of some of the players keeps the others assigned', async () => {
    const round = await createRound({ playerIds: p });
    expect((await org.client.post(`/rounds/${round.id}/auto-pair`, { strategy: 'handicap', groupSize: 2, seed: 1, playerIds: p.slice(0, 4) })).status).toBe(200);
    const after = await readRound(round.id);
    expect(inGroupOrder(after).sort()).toEqual(p.slice(0, 4).sort());
    expect(after.playerIds).toEqual(p);
  });

  it('move-player, swap-players and bulk-tee-times in a draft round: the players stay, in their order', async () => {
    const round = await createRound({ groups: groupsOf([p[0]!, p[1]!, p[2]!], [p[3]!, p[4]!]) });
    const players = [p[0], p[1], p[2], p[3], p[4]];
    expect((await org.client.post(`/rounds/${round.id}/move-player`, { playerId: p[2], toGroup: 2 })).status).toBe(200);
    expect((await readRound(round.id)).playerIds).toEqual(players);
    expect((await org.client.post(`/rounds/${round.id}/swap-players`, { playerA: p[0], playerB: p[3] })).status).toBe(200);
    const swapped = await readRound(round.id);
    expect(swapped.groups.map((g) => g.playerIds)).toEqual([[p[3], p[1]], [p[0], p[4], p[2]]]);
    expect(swapped.playerIds).toEqual(players);
    expect((await org.client.post(`/rounds/${round.id}/bulk-tee-times`, { format: 'single', firstTime: '08:00', intervalMinutes: 10 })).status).toBe(200);
    expect((await readRound(round.id)).playerIds).toEqual(players);
  });

  it('move-player in a ready round: playerIds stay the scorecards\' players, and the cards follow the groups', async () => {
    const round = await createRound({ groups: groupsOf([p[0]!, p[1]!, p[2]!], [p[3]!, p[4]!]) });
    expect((await org.client.patch(path(round.id, '/ready'))).status).toBe(200);
    const res = await org.client.post(`/rounds/${round.id}/move-player`, { playerId: p[2], toGroup: 2 });
    expect(res.status).toBe(200);
    const after = await readRound(round.id);
    expect(after.state).toBe('ready');
    expect(after.playerIds).toEqual([p[0], p[1], p[2], p[3], p[4]]);
    const cards = await cardsOf(round.id);
    expect(cards.map((c) => c.playerId).sort()).toEqual([...after.playerIds].sort());
    expect(cards.find((c) => c.playerId === p[2])!.groupId).toBe('g2');

    // Leaving a grouped player without scores out takes them out of the round, with their card (issue 34).
    const dropped = await org.client.patch(path(round.id), { groups: groupsOf([p[0]!, p[1]!], [p[3]!, p[4]!]) });
    expect(dropped.status, dropped.text).toBe(200);
    expect((await readRound(round.id)).playerIds).toEqual([p[0], p[1], p[3], p[4]]);
    expect((await cardsOf(round.id)).map((c) => c.playerId).sort()).toEqual([p[0], p[1], p[3], p[4]].sort());
  });

  it('multi-round pairings: each round holds the players scheduled', async () => {
    const a = await createRound({});
    const b = await createRound({ groups: groupsOf([p[6]!, p[7]!]) });
    const res = await org.client.post(`/events/${tripId}/multi-round-pairings`, { roundIds: [a.id, b.id], mode: 'rotating', groupSize: 3, seed: 4, playerIds: p.slice(0, 6) });
    expect(res.status).toBe(200);
    for (const id of [a.id, b.id]) {
      const after = await readRound(id);
      expect([...after.playerIds].sort()).toEqual(p.slice(0, 6).sort());
      expect(inGroupOrder(after).sort()).toEqual(p.slice(0, 6).sort());
    }
    // A round that had no players takes them in group order.
    const first = await readRound(a.id);
    expect(first.playerIds).toEqual(inGroupOrder(first));
  });
});
