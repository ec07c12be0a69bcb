/**
 * Scheduling at real sizes through the REST routes: waves split an uneven field as pairings do and never send a
 * player off alone; round-robin tee sheets keep both teams in every group of a split match, or say why they cannot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
});
afterAll(() => server.close());

type WaveGroup = { players: string[]; time: string; hole: number };
type WavesBody = { waves: { courseId: string; windowId: string; groups: WaveGroup[] }[]; unplaced: string[]; problems: string[] };
type RoundRobinBody = { rounds: { round: number; matches: [string, string][]; bye: string | null; teeSheet: string[][] }[]; problems: string[] };

/** A trip with `players` (name, optional team) and one round of them all; answers the ids in order. */
async function tripWith(players: { name: string; team?: string; division?: string; flight?: string; fields?: Record<string, string | number> }[]): Promise<{ tripId: string; roundId: string; ids: string[] }> {
  const tripId = (await org.client.post('/trips', tripBody())).body.id as string;
  const added = await org.client.post(`/trips/${tripId}/players/bulk`, { players: players.map((p, i) => ({ ...p, handicapIndex: (i * 7) % 36 })) });
  expect(added.status).toBe(201);
  const ids = added.body.items.map((p: { id: string }) => p.id) as string[];
  const round = await org.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-11', course: course18(), defaultTee: 'White', playerIds: ids });
  expect(round.status).toBe(201);
  return { tripId, roundId: round.body.id, ids };
}
const named = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `S${String(i + 1).padStart(3, '0')}` }));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const course = (id: string, times: number, windows = [{ id: 'am', start: 480 }]) => ({
  id,
  name: id.toUpperCase(),
  startingHoles: [1, 10],
  windows: windows.map((w) => ({ id: w.id, label: w.id.toUpperCase(), firstTime: hhmm(w.start), lastTime: hhmm(w.start + 10 * (times - 1)), intervalMinutes: 10 })),
});
const sizes = (body: WavesBody) => body.waves.flatMap((w) => w.groups.map((g) => g.players.length));
const placedOnce = (body: WavesBody, ids: readonly string[]) => {
  const placed = [...body.waves.flatMap((w) => w.groups.flatMap((g) => g.players)), ...body.unplaced];
  expect(placed.sort()).toEqual([...ids].sort());
};

describe('waves by what players carry', () => {
  it('24 players of one division and 1 of another, two identical courses, foursomes: the one joins a group with room', async () => {
    const players = [...named(24).map((p) => ({ ...p, division: 'Open' })), { name: 'Z001', division: 'Seniors' }];
    const { tripId, roundId, ids } = await tripWith(players);
    const res = await org.client.post(`/events/${tripId}/waves`, { roundId, groupSize: 4, assignment: 'division', courses: [course('north', 6), course('south', 6)] });
    expect(res.status).toBe(200);
    placedOnce(res.body, ids);
    expect(Math.min(...sizes(res.body))).toBeGreaterThanOrEqual(2);
    const lone = ids[24]!;
    const group = res.body.waves.flatMap((w: { groups: WaveGroup[] }) => w.groups).find((g: WaveGroup) => g.players.includes(lone))!;
    expect(group.players.length).toBeGreaterThan(1);
    // The organizer sees that a group mixes two divisions.
    expect(res.body.problems.join(' ')).toMatch(/Seniors|division/);
  });

  it('places by flight and by a custom field the players carry, each value kept together', async () => {
    const players = named(16).map((p, i) => ({ ...p, flight: i < 8 ? 'A' : 'B', fields: { club: i % 2 ? 'North' : 'South' } }));
    const { tripId, roundId, ids } = await tripWith(players);
    for (const [assignment, value] of [['flight', (i: number) => (i < 8 ? 'A' : 'B')], ['custom_field', (i: number) => (i % 2 ? 'North' : 'South')]] as const) {
      const res = await org.client.post(`/events/${tripId}/waves`, { roundId, groupSize: 4, assignment, ...(assignment === 'custom_field' ? { customField: 'club' } : {}), courses: [course('north', 4), course('south', 4)] });
      expect(res.status).toBe(200);
      placedOnce(res.body, ids);
      for (const g of res.body.waves.flatMap((w: { groups: WaveGroup[] }) => w.groups) as WaveGroup[]) {
        expect(new Set(g.players.map((p) => value(ids.indexOf(p)))).size).toBe(1);
      }
    }
  });
});

describe('waves at real sizes', () => {
  it('21 players in twosomes: the same nine twosomes and a threesome as auto-pair, nobody alone', async () => {
    const { tripId, roundId, ids } = await tripWith(named(21));
    const res = await org.client.post(`/events/${tripId}/waves`, { roundId, groupSize: 2, assignment: 'handicap', seed: 4, courses: [course('north', 8)] });
    expect(res.status).toBe(200);
    placedOnce(res.body, ids);
    const pairing = await org.client.post(`/rounds/${roundId}/auto-pair`, { strategy: 'handicap', groupSize: 2, seed: 4 });
    expect(pairing.status).toBe(200);
    expect(sizes(res.body)).toEqual(pairing.body.groups.map((g: { playerIds: string[] }) => g.playerIds.length));
    expect(sizes(res.body)).toEqual([3, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    expect(res.body.problems).toEqual([]);
  });

  it('a field split over two waves leaves nobody alone in either', async () => {
    // Twosomes on one tee: AM has 2 tee times, PM 3; the 9 players (none with a division) fill PM's 6, then 3 in AM.
    const { tripId, roundId, ids } = await tripWith(named(9));
    const courses = [{ id: 's', name: 'S', startingHoles: [1], windows: [
      { id: 'am', label: 'AM', firstTime: '08:00', lastTime: '08:10', intervalMinutes: 10 },
      { id: 'pm', label: 'PM', firstTime: '12:00', lastTime: '12:20', intervalMinutes: 10 },
    ] }];
    const res = await org.client.post(`/events/${tripId}/waves`, { roundId, groupSize: 2, assignment: 'division', courses });
    expect(res.status).toBe(200);
    placedOnce(res.body, ids);
    expect(res.body.unplaced).toEqual([]);
    expect(Math.min(...sizes(res.body))).toBeGreaterThanOrEqual(2);
    expect(res.body.problems.filter((m: string) => m.includes('single player'))).toEqual([]);
  });

  it.each([27, 117])('seeded random fields of %i players in twosomes over two courses and AM/PM: every group 2 or 3, each player once', async (n) => {
    const { tripId, roundId, ids } = await tripWith(named(n));
    const times = Math.ceil(n / 8) + 1;
    const windows = [{ id: 'am', start: 420 }, { id: 'pm', start: 780 }];
    for (const seed of [1, 2, 3]) {
      const res = await org.client.post(`/events/${tripId}/waves`, { roundId, groupSize: 2, assignment: 'random', seed, courses: [course('north', times, windows), course('south', times, windows)] });
      expect(res.status).toBe(200);
      placedOnce(res.body, ids);
      expect(res.body.unplaced).toEqual([]);
      expect(sizes(res.body).every((s) => s === 2 || s === 3)).toBe(true);
      expect(res.body.problems).toEqual([]);
    }
  });
});

describe('round-robin tee sheets with teams of unequal sizes', () => {
  const teams = (spec: Record<string, number>) => Object.entries(spec).flatMap(([team, n]) => Array.from({ length: n }, (_, i) => ({ name: `${team} ${i + 1}`, team })));
  const teamOf = (body: { ids: string[]; players: { team: string }[] }) => new Map(body.ids.map((id, i) => [id, body.players[i]!.team]));

  it('3 players against 2 in foursomes: two groups, both teams in each, no problem', async () => {
    const players = teams({ Blue: 3, Red: 2 });
    const { tripId, ids } = await tripWith(players);
    const res = await org.client.post(`/events/${tripId}/round-robin`, { participantType: 'teams', seeding: 'alphabetical', teeSheet: 'foursomes' });
    expect(res.status).toBe(201);
    const body = res.body as RoundRobinBody;
    const team = teamOf({ ids, players });
    expect(body.rounds).toHaveLength(1);
    const sheet = body.rounds[0]!.teeSheet;
    expect(sheet.map((g) => g.length)).toEqual([3, 2]);
    expect(sheet.every((g) => new Set(g.map((id) => team.get(id))).size === 2)).toBe(true);
    expect(sheet.flat().sort()).toEqual([...ids].sort());
    expect(body.problems).toEqual([]);
  });

  it('3 players against 1 in twosomes: the tee sheet says why one twosome holds one team, and keeps saying it on GET', async () => {
    const players = teams({ Blue: 3, Red: 1 });
    const { tripId, ids } = await tripWith(players);
    const res = await org.client.post(`/events/${tripId}/round-robin`, { participantType: 'teams', seeding: 'alphabetical', teeSheet: 'twosomes' });
    expect(res.status).toBe(201);
    const body = res.body as RoundRobinBody;
    const sheet = body.rounds[0]!.teeSheet;
    expect(sheet.map((g) => g.length)).toEqual([2, 2]);
    expect(sheet.flat().sort()).toEqual([...ids].sort());
    const [home, away] = body.rounds[0]!.matches[0]!;
    const count = (t: string) => players.filter((p) => p.team === t).length;
    const n = (t: string) => `${count(t)} player${count(t) === 1 ? '' : 's'}`;
    expect(body.problems).toEqual([`round 1: ${home} (${n(home)}) against ${away} (${n(away)}) cannot be split into twosomes that each hold both teams: 1 of 2 groups holds only Blue`]);
    expect((await org.client.get(`/events/${tripId}/round-robin`)).body).toEqual(res.body);
  });

  it('24 teams of unequal sizes (144 players): each player once a round, groups of 2 to 4 holding both teams of a split match, or a problem', async () => {
    // Sizes 1..11, repeating: 24 teams, 144 players in all.
    const spec: Record<string, number> = {};
    let total = 0;
    for (let t = 0; t < 24; t++) {
      const n = t === 23 ? 144 - total : 1 + ((t * 5) % 11);
      spec[`Team ${String.fromCharCode(65 + t)}`] = n;
      total += n;
    }
    expect(total).toBe(144);
    const players = teams(spec);
    const { tripId, ids } = await tripWith(players);
    const team = teamOf({ ids, players });
    const res = await org.client.post(`/events/${tripId}/round-robin`, { participantType: 'teams', seeding: 'alphabetical', teeSheet: 'foursomes' });
    expect(res.status).toBe(201);
    const body = res.body as RoundRobinBody;
    expect(body.rounds).toHaveLength(23);
    for (const round of body.rounds) {
      const all = round.teeSheet.flat();
      expect(new Set(all).size).toBe(all.length);
      expect(all.length).toBe(144);
      expect(round.teeSheet.every((g) => g.length >= 2 && g.length <= 4)).toBe(true);
      for (const [h, a] of round.matches) {
        if (spec[h]! + spec[a]! <= 4) continue;
        const mine = round.teeSheet.filter((g) => g.some((id) => team.get(id) === h || team.get(id) === a));
        const oneTeam = mine.filter((g) => new Set(g.map((id) => team.get(id))).size < 2);
        const problem = body.problems.find((m) => m.startsWith(`round ${round.round}: ${h} (`) && m.includes(` against ${a} (`));
        if (oneTeam.length === 0) expect(problem).toBeUndefined();
        else expect(problem).toContain(`${oneTeam.length} of ${mine.length} group`);
      }
    }
  });
});
