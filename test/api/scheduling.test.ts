import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
/** Player ids by name: P01 … P16, Handicap Index 2.0, 4.0, … 32.0. */
const id: Record<string, string> = {};
const names = Array.from({ length: 16 }, (_, i) => `P${String(i + 1).padStart(2, '0')}`);

async function newRound(playerNames = names, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-11', course: course18(), defaultTee: 'White', playerIds: playerNames.map((n) => id[n]), ...extra });
  expect(res.status).toBe(201);
  return res.body.id;
}
type Group = { number: number; playerIds: string[]; teeTime: string | null; startingHole: number | null; label: string | null; handicapTotal: number | null };
const everyoneOnce = (groups: Group[], count: number) => {
  const all = groups.flatMap((g) => g.playerIds);
  expect(all).toHaveLength(count);
  expect(new Set(all).size).toBe(count);
};

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const added = await org.client.post(`/trips/${tripId}/players/bulk`, { players: names.map((name, i) => ({ name, handicapIndex: 2 * (i + 1), team: i % 2 ? 'Blue' : 'Red' })) });
  for (const p of added.body.items) id[p.name] = p.id;
});
afterAll(() => server.close());

describe('auto-pair', () => {
  it.each(['random', 'handicap', 'balanced', 'ab', 'abc', 'abcd', 'custom'] as const)('pairs 16 players in foursomes with %s, each once', async (strategy) => {
    const roundId = await newRound();
    const res = await org.client.post(`/rounds/${roundId}/auto-pair`, { strategy, groupSize: 4, seed: 7 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ roundId, strategy, seed: 7, brokenRules: [] });
    expect(res.body.groups.map((g: Group) => g.playerIds.length)).toEqual([4, 4, 4, 4]);
    everyoneOnce(res.body.groups, 16);
    expect((await org.client.get(`/rounds/${roundId}/pairings`)).body.groups).toEqual(res.body.groups);
    // The round itself holds the groups (its scorecards will follow them).
    const round = (await org.client.get(`/trips/${tripId}/rounds/${roundId}`)).body;
    expect(round.groups.map((g: { playerIds: string[] }) => g.playerIds)).toEqual(res.body.groups.map((g: Group) => g.playerIds));
  });

  it('groups by handicap lowest to highest, and balances totals with the snake draft', async () => {
    const roundId = await newRound();
    const byIndex = (await org.client.post(`/rounds/${roundId}/auto-pair`, { strategy: 'handicap', groupSize: 4 })).body;
    expect(byIndex.groups[0].playerIds).toEqual(['P01', 'P02', 'P03', 'P04'].map((n) => id[n]));
    const balanced = (await org.client.post(`/rounds/${roundId}/auto-pair`, { strategy: 'balanced', groupSize: 4, optimize: true })).body;
    const totals = balanced.groups.map((g: Group) => g.handicapTotal);
    expect(new Set(totals).size).toBe(1);
    expect(balanced.spread).toBe(0);
  });

  it('gives the same pairings for the same seed', async () => {
    const roundId = await newRound();
    const a = (await org.client.post(`/rounds/${roundId}/auto-pair`, { strategy: 'random', groupSize: 4, seed: 99 })).body;
    const b = (await org.client.post(`/rounds/${roundId}/auto-pair`, { strategy: 'random', groupSize: 4, seed: 99 })).body;
    expect(b.groups.map((g: Group) => g.playerIds)).toEqual(a.groups.map((g: Group) => g.playerIds));
    const unseeded = (await org.client.post(`/rounds/${roundId}/auto-pair`, { strategy: 'random', groupSize: 4 })).body;
    expect(Number.isInteger(unseeded.seed)).toBe(true);
  });

  it('makes groups differing by at most one when players do not divide', async () => {
    const roundId = await newRound(names.slice(0, 10));
    const res = await org.client.post(`/rounds/${roundId}/auto-pair`, { strategy: 'handicap', groupSize: 4 });
    const sizes = res.body.groups.map((g: Group) => g.playerIds.length).sort();
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(2);
    everyoneOnce(res.body.groups, 10);
  });

  it('honours the trip\'s rules, and lists the one it had to give up and why', async () => {
    const rules = [
      { kind: 'keep_together', playerIds: [id.P01, id.P16], priority: 9 },
      { kind: 'keep_apart', playerIds: [id.P01, id.P16], priority: 3 },
      { kind: 'keep_apart', playerIds: [id.P02, id.P03], priority: 5 },
    ];
    const put = await org.client.put(`/events/${tripId}/rules`, { rules });
    expect(put.status).toBe(200);
    expect(put.body.rules).toHaveLength(3);
    const roundId = await newRound();
    const res = await org.client.post(`/rounds/${roundId}/auto-pair`, { strategy: 'handicap', groupSize: 4 });
    const groupOf = (n: string) => res.body.groups.findIndex((g: Group) => g.playerIds.includes(id[n]!));
    expect(groupOf('P01')).toBe(groupOf('P16'));
    expect(groupOf('P02')).not.toBe(groupOf('P03'));
    expect(res.body.brokenRules).toEqual([expect.objectContaining({ kind: 'keep_apart', priority: 3, reason: expect.any(String) })]);
    expect((await org.client.put(`/events/${tripId}/rules`, { rules: [] })).body.rules).toEqual([]);
  });

  it.each([
    ['7 players per group', { strategy: 'random', groupSize: 7 }, 400],
    ['a group size of 1', { strategy: 'random', groupSize: 1 }, 400],
    ['an unknown strategy', { strategy: 'alphabet', groupSize: 4 }, 400],
    ['previous results without a round', { strategy: 'previous_results', groupSize: 4 }, 400],
    ['previous results from a round that is not completed', { strategy: 'previous_results', groupSize: 4, resultsRoundId: 'ROUND' }, 422],
  ])('refuses %s', async (_label, body, status) => {
    const roundId = await newRound();
    const res = await org.client.post(`/rounds/${roundId}/auto-pair`, JSON.parse(JSON.stringify(body).replace('ROUND', roundId)));
    expect(res.status).toBe(status);
    expect((await org.client.get(`/rounds/${roundId}/pairings`)).body.groups).toEqual([]);
  });

  it('answers 404 for another organizer\'s round', async () => {
    const roundId = await newRound();
    const other = await organizer(server.url, 'Other');
    const res = await other.client.post(`/rounds/${roundId}/auto-pair`, { strategy: 'random', groupSize: 4 });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('round_not_found');
  });
});

describe('swaps', () => {
  let roundId: string;
  beforeAll(async () => {
    roundId = await newRound(names.slice(0, 8));
    await org.client.post(`/rounds/${roundId}/auto-pair`, { strategy: 'handicap', groupSize: 4 });
    await org.client.post(`/rounds/${roundId}/bulk-tee-times`, { format: 'single', firstTime: '08:00', intervalMinutes: 10 });
  });

  it('swaps two players, moves one, and swaps groups or their tee times', async () => {
    let res = await org.client.post(`/rounds/${roundId}/swap-players`, { playerA: id.P01, playerB: id.P05 });
    expect(res.status).toBe(200);
    expect(res.body.pairings.groups[0].playerIds).toContain(id.P05);
    expect(res.body.pairings.groups[1].playerIds).toContain(id.P01);

    res = await org.client.post(`/rounds/${roundId}/move-player`, { playerId: id.P02, toGroup: 2 });
    expect(res.body.pairings.groups.map((g: Group) => g.playerIds.length)).toEqual([3, 5]);

    const before = res.body.pairings.groups as Group[];
    res = await org.client.post(`/rounds/${roundId}/swap-groups`, { groupA: 1, groupB: 2, exchange: 'tee_times' });
    expect(res.body.pairings.groups.map((g: Group) => [g.playerIds, g.teeTime])).toEqual([
      [before[0]!.playerIds, before[1]!.teeTime],
      [before[1]!.playerIds, before[0]!.teeTime],
    ]);
    res = await org.client.post(`/rounds/${roundId}/swap-groups`, { groupA: 1, groupB: 2 });
    expect(res.body.pairings.groups[0].playerIds).toEqual(before[1]!.playerIds);
  });

  it.each([
    ['moving a player out of a group of 2', async () => org.client.post(`/rounds/${roundId}/move-player`, { playerId: id.P03, toGroup: 2 })],
    ['swapping a player not in the round', async () => org.client.post(`/rounds/${roundId}/swap-players`, { playerA: id.P01, playerB: id.P16 })],
    ['a group that does not exist', async () => org.client.post(`/rounds/${roundId}/swap-groups`, { groupA: 1, groupB: 9 })],
  ])('refuses %s with 422 and changes nothing', async (_label, call) => {
    await org.client.post(`/rounds/${roundId}/auto-pair`, { strategy: 'handicap', groupSize: 4 });
    if (_label.startsWith('moving')) {
      for (const n of ['P01', 'P02']) await org.client.post(`/rounds/${roundId}/move-player`, { playerId: id[n], toGroup: 2 });
    }
    const before = (await org.client.get(`/rounds/${roundId}/pairings`)).body.groups;
    const res = await call();
    expect(res.status).toBe(422);
    expect((await org.client.get(`/rounds/${roundId}/pairings`)).body.groups).toEqual(before);
  });
});

describe('tee times', () => {
  it('assigns single-tee, two-tee and shotgun starts', async () => {
    const roundId = await newRound();
    await org.client.post(`/rounds/${roundId}/auto-pair`, { strategy: 'handicap', groupSize: 4 });
    let g = (await org.client.post(`/rounds/${roundId}/bulk-tee-times`, { format: 'single', firstTime: '08:00', intervalMinutes: 10 })).body.groups as Group[];
    expect(g.map((x) => [x.teeTime, x.startingHole])).toEqual([['08:00', 1], ['08:10', 1], ['08:20', 1], ['08:30', 1]]);
    g = (await org.client.post(`/rounds/${roundId}/bulk-tee-times`, { format: 'two_tee', firstTime: '08:00', intervalMinutes: 9 })).body.groups;
    expect(g.map((x) => [x.teeTime, x.startingHole])).toEqual([['08:00', 1], ['08:00', 10], ['08:09', 1], ['08:09', 10]]);
    const res = await org.client.post(`/rounds/${roundId}/bulk-tee-times`, { format: 'shotgun', firstTime: '13:00', shotgun: { priority: 'fill_from_one' } });
    expect(res.body.teeFormat).toBe('shotgun');
    expect(res.body.groups.map((x: Group) => [x.teeTime, x.startingHole])).toEqual([['13:00', 1], ['13:00', 2], ['13:00', 3], ['13:00', 4]]);
  });

  it.each([
    ['an interval of 3 minutes', { format: 'single', firstTime: '08:00', intervalMinutes: 3 }],
    ['an interval of 31 minutes', { format: 'two_tee', firstTime: '08:00', intervalMinutes: 31 }],
  ])('refuses %s as a malformed request (400) naming the limit', async (_label, body) => {
    const roundId = await newRound();
    await org.client.post(`/rounds/${roundId}/auto-pair`, { strategy: 'handicap', groupSize: 4 });
    const res = await org.client.post(`/rounds/${roundId}/bulk-tee-times`, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'validation_failed', details: [{ path: ['body', 'intervalMinutes'], message: 'the tee time interval is 5 to 30 minutes' }] });
  });

  it('refuses 40 groups in a shotgun without doubles', async () => {
    const many = await org.client.post(`/trips/${tripId}/players/bulk`, { players: Array.from({ length: 64 }, (_, i) => ({ name: `X${i}` })) });
    const ids = [...Object.values(id), ...many.body.items.map((p: { id: string }) => p.id)];
    const roundId = (await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-12', course: course18(), defaultTee: 'White', playerIds: ids })).body.id;
    expect((await org.client.post(`/rounds/${roundId}/auto-pair`, { strategy: 'random', groupSize: 2, seed: 1 })).body.groups).toHaveLength(40);
    const res = await org.client.post(`/rounds/${roundId}/bulk-tee-times`, { format: 'shotgun', firstTime: '13:00' });
    expect(res.status).toBe(422);
    expect(res.body.error.details[0].limit).toMatch(/18/);
    const doubles = await org.client.post(`/rounds/${roundId}/bulk-tee-times`, { format: 'shotgun', firstTime: '13:00', shotgun: { doubles: true } });
    expect(doubles.status).toBe(422);
    expect(doubles.body.error.details[0].limit).toMatch(/36/);
    for (const p of many.body.items) await org.client.delete(`/trips/${tripId}/players/${p.id}`).catch(() => undefined);
  });
});

describe('several rounds', () => {
  it('copies pairings with tee times offset and starting holes swapped, and makes a second round', async () => {
    const from = await newRound();
    await org.client.post(`/rounds/${from}/auto-pair`, { strategy: 'handicap', groupSize: 4 });
    await org.client.post(`/rounds/${from}/bulk-tee-times`, { format: 'two_tee', firstTime: '08:00', intervalMinutes: 10 });
    const to = await newRound();
    const copy = await org.client.post(`/rounds/${from}/copy-pairings`, { toRoundId: to, offsetMinutes: 30, swapStartingHoles: true });
    expect(copy.status).toBe(200);
    expect(copy.body.groups.map((g: Group) => [g.teeTime, g.startingHole])).toEqual([['08:30', 10], ['08:30', 1], ['08:40', 10], ['08:40', 1]]);
    const second = await newRound();
    const res = await org.client.post(`/events/${tripId}/second-round`, { fromRoundId: from, toRoundId: second, reverseOrder: true });
    expect(res.status).toBe(200);
    everyoneOnce(res.body.groups, 16);
  });
});

describe('round robin and waves', () => {
  it('has every player meet every other exactly once, with a bye for an odd count', async () => {
    const playerIds = names.slice(0, 5).map((n) => id[n]);
    const res = await org.client.post(`/events/${tripId}/round-robin`, { participantType: 'individuals', seeding: 'handicap', playerIds, teeSheet: 'twosomes' });
    expect(res.status).toBe(201);
    expect(res.body.rounds).toHaveLength(5);
    const pairs = res.body.rounds.flatMap((r: { matches: [string, string][] }) => r.matches.map((m) => [...m].sort().join()));
    expect(pairs).toHaveLength(10);
    expect(new Set(pairs).size).toBe(10);
    expect(new Set(res.body.rounds.map((r: { bye: string }) => r.bye)).size).toBe(5);
    expect((await org.client.get(`/events/${tripId}/round-robin`)).body).toEqual(res.body);
    const teams = await org.client.post(`/events/${tripId}/round-robin`, { participantType: 'teams', seeding: 'alphabetical' });
    expect(teams.body.participants.map((p: { id: string }) => p.id)).toEqual(['Blue', 'Red']);
  });

  it('assigns a round\'s players to waves', async () => {
    const roundId = await newRound();
    const res = await org.client.post(`/events/${tripId}/waves`, {
      roundId,
      groupSize: 4,
      assignment: 'handicap',
      seed: 5,
      courses: [{ id: 'north', name: 'North', startingHoles: [1, 10], windows: [{ id: 'am', label: 'AM', firstTime: '08:00', lastTime: '08:10', intervalMinutes: 10 }, { id: 'pm', label: 'PM', firstTime: '13:00', lastTime: '13:10', intervalMinutes: 10 }] }],
    });
    expect(res.status).toBe(200);
    expect(res.body.unplaced).toEqual([]);
    expect(res.body.waves.flatMap((w: { groups: { players: string[] }[] }) => w.groups.flatMap((g) => g.players)).sort()).toEqual(Object.values(id).sort());
  });
});
