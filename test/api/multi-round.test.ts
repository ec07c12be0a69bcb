import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng } from '../../shared/domain/scheduling/random.js';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
const ids: string[] = [];

type Group = { number: number; playerIds: string[]; teeTime: string | null; startingHole: number | null };
type PlayerFairness = { playerId: string; early: number; late: number; front: number; back: number; score: number };

async function rounds(count: number, playerIds = ids): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await org.client.post(`/trips/${tripId}/rounds`, { date: `2027-05-0${i + 1}`, course: course18(), defaultTee: 'White', playerIds });
    expect(res.status).toBe(201);
    out.push(res.body.id);
  }
  return out;
}
/** Meetings per pair over the rounds as the rounds now hold them. */
async function meetings(roundIds: string[]): Promise<Map<string, number>> {
  const count = new Map<string, number>();
  for (const roundId of roundIds) {
    const groups: Group[] = (await org.client.get(`/rounds/${roundId}/pairings`)).body.groups;
    for (const g of groups) {
      const members = [...g.playerIds].sort();
      members.forEach((a, i) => members.slice(i + 1).forEach((b) => count.set(`${a}|${b}`, (count.get(`${a}|${b}`) ?? 0) + 1)));
    }
  }
  return count;
}

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const added = await org.client.post(`/trips/${tripId}/players/bulk`, { players: Array.from({ length: 16 }, (_, i) => ({ name: `Golfer ${i + 1}`, handicapIndex: i + 1 })) });
  ids.push(...added.body.items.map((p: { id: string }) => p.id));
});
afterAll(() => server.close());

describe('multi-round pairings', () => {
  it('rotating: 16 players in foursomes over 5 rounds meet 80 different partners each time, none twice (affine plane)', async () => {
    const roundIds = await rounds(5);
    const res = await org.client.post(`/events/${tripId}/multi-round-pairings`, { roundIds, mode: 'rotating', groupSize: 4, seed: 21 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ tripId, mode: 'rotating', seed: 21, method: 'affine plane of order 4', repeats: [], repeatedPairs: 0, maxMeetings: 1, roundsWithoutRepeat: 5, fairness: null });
    expect(res.body.rounds.map((r: { roundId: string; strategy: string }) => [r.roundId, r.strategy])).toEqual(roundIds.map((r) => [r, 'multi_round_rotating']));
    const met = await meetings(roundIds);
    expect(met.size).toBe(120); // all C(16, 2) pairs: everyone meets everyone exactly once
    expect(Math.max(...met.values())).toBe(1);
    // The same seed gives the same schedule.
    const again = await org.client.post(`/events/${tripId}/multi-round-pairings`, { roundIds, mode: 'rotating', groupSize: 4, seed: 21 });
    expect(again.body.rounds.map((r: { groups: Group[] }) => r.groups.map((g) => g.playerIds))).toEqual(res.body.rounds.map((r: { groups: Group[] }) => r.groups.map((g) => g.playerIds)));
  });

  it('reports repeats per pair when the rounds outrun the design: a 6th round of 16 repeats the 24 pairs it must', async () => {
    const roundIds = await rounds(6);
    // The trip's earlier rounds (other tests) are left out of the count.
    const res = await org.client.post(`/events/${tripId}/multi-round-pairings`, { roundIds, mode: 'rotating', groupSize: 4, seed: 3, fixedRoundIds: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ repeatedPairs: 24, maxMeetings: 2, roundsWithoutRepeat: 5 });
    const met = await meetings(roundIds);
    const twice = [...met.entries()].filter(([, n]) => n === 2).map(([k]) => k).sort();
    expect(res.body.repeats.map((r: { a: string; b: string }) => [r.a, r.b].sort().join('|')).sort()).toEqual(twice);
  });

  it('consistent: identical groups in every round', async () => {
    const roundIds = await rounds(3, ids.slice(0, 10));
    const res = await org.client.post(`/events/${tripId}/multi-round-pairings`, { roundIds, mode: 'consistent', groupSize: 4 });
    expect(res.status).toBe(200);
    expect(res.body.method).toBe('consistent');
    const shapes = res.body.rounds.map((r: { groups: Group[] }) => r.groups.map((g) => [...g.playerIds].sort().join()).sort().join('/'));
    expect(new Set(shapes).size).toBe(1);
    expect(res.body.rounds[0].groups.map((g: Group) => g.playerIds.length)).toEqual([4, 3, 3]);
  });

  it('with tee times and Optimize Fairness: early/late and front/back starts even out, and the fairness reads back', async () => {
    const roundIds = await rounds(4);
    const teeTimes = { format: 'two_tee', firstTime: '08:00', intervalMinutes: 10 };
    const plain = await org.client.post(`/events/${tripId}/multi-round-pairings`, { roundIds, mode: 'consistent', groupSize: 4, seed: 8, teeTimes });
    expect(plain.status).toBe(200);
    // Without the option the groups go out in the order the draw gave them: some players start early or on the
    // front nine more often than not.
    expect(plain.body.fairness.overall).toBeLessThan(100);
    const fair = await org.client.post(`/events/${tripId}/multi-round-pairings`, { roundIds, mode: 'consistent', groupSize: 4, seed: 8, teeTimes, optimizeFairness: true });
    expect(fair.status).toBe(200);
    const players: PlayerFairness[] = fair.body.fairness.players;
    expect(players).toHaveLength(16);
    // Consistent foursomes over 4 two-tee rounds can all have 2 early, 2 late, 2 front and 2 back starts.
    expect(players.every((p) => p.early === 2 && p.late === 2 && p.front === 2 && p.back === 2 && p.score === 100)).toBe(true);
    expect(fair.body.fairness.overall).toBe(100);
    for (const r of fair.body.rounds) expect(r.groups.map((g: Group) => [g.teeTime, g.startingHole])).toEqual([['08:00', 1], ['08:00', 10], ['08:10', 1], ['08:10', 10]]);
    const read = await org.client.get(`/events/${tripId}/fairness`);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(fair.body.fairness);
    // Named rounds: the first round alone is as early/late as a single round can be.
    const one = await org.client.get(`/events/${tripId}/fairness?roundIds=${roundIds[0]}`);
    expect(one.body.roundIds).toEqual([roundIds[0]]);
    expect(one.body.players.every((p: PlayerFairness) => p.early + p.late === 1)).toBe(true);
  });

  it('refuses bad input (400 for the shape, 422 for what the trip cannot take) and changes nothing', async () => {
    const roundIds = await rounds(2);
    const before = (await org.client.get(`/rounds/${roundIds[0]}/pairings`)).body.groups;
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ roundIds, mode: 'rotating', groupSize: 7 }, 400, /2 to 6/],
      [{ roundIds, mode: 'rotating', groupSize: 4, optimizeFairness: true }, 400, /teeTimes/],
      [{ roundIds: [roundIds[0], roundIds[0]], mode: 'rotating', groupSize: 4 }, 400, /twice/],
      [{ roundIds, mode: 'shuffle', groupSize: 4 }, 400, /mode/],
      [{ roundIds: [...roundIds, 'zzzzzzzz'], mode: 'rotating', groupSize: 4 }, 422, /no round/],
      [{ roundIds, mode: 'rotating', groupSize: 4, teeTimes: { format: 'single', firstTime: '08:00', intervalMinutes: 3 } }, 400, /5 to 30/],
      [{ roundIds, mode: 'rotating', groupSize: 4, playerIds: [ids[0], 'zzzzzzzz'] }, 422, /not on this trip/],
    ];
    for (const [body, status, message] of cases) {
      const res = await org.client.post(`/events/${tripId}/multi-round-pairings`, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(JSON.stringify(res.body.error), JSON.stringify(body)).toMatch(message);
    }
    const bad = await org.client.post(`/events/${tripId}/multi-round-pairings`, { roundIds, mode: 'rotating', groupSize: 4, teeTimes: { format: 'single', firstTime: '08:00', intervalMinutes: 3 } });
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', details: [{ path: ['body', 'teeTimes', 'intervalMinutes'], message: 'the tee time interval is 5 to 30 minutes' }] });
    expect((await org.client.get(`/rounds/${roundIds[0]}/pairings`)).body.groups).toEqual(before);
  });

  it('a round with scorecards keeps its players: 409 before anything is written', async () => {
    const [draft, ready] = await rounds(2);
    await org.client.post(`/events/${tripId}/multi-round-pairings`, { roundIds: [draft, ready], mode: 'consistent', groupSize: 4, seed: 1 });
    const marked = await org.client.patch(`/trips/${tripId}/rounds/${ready}/ready`, { ready: true });
    expect(marked.status).toBe(200);
    const before = (await org.client.get(`/rounds/${draft}/pairings`)).body;
    const res = await org.client.post(`/events/${tripId}/multi-round-pairings`, { roundIds: [draft!, ready!], mode: 'rotating', groupSize: 4, playerIds: ids.slice(0, 12) });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('round_not_editable');
    expect((await org.client.get(`/rounds/${draft}/pairings`)).body).toEqual(before);
    // Moving the same players between groups of the ready round is allowed.
    const moved = await org.client.post(`/events/${tripId}/multi-round-pairings`, { roundIds: [draft!, ready!], mode: 'rotating', groupSize: 4, seed: 2, fixedRoundIds: [] });
    expect(moved.status).toBe(200);
    expect(moved.body.repeatedPairs).toBe(0);
  });

  it('fairness of an unknown round is 422', async () => {
    const res = await org.client.get(`/events/${tripId}/fairness?roundIds=zzzzzzzz`);
    expect(res.status).toBe(422);
    expect(res.body.error.details[0].path).toEqual(['query', 'roundIds']);
  });

  it('deleting a round takes its pairing record, waves and open tee times (places and bookings) with it', async () => {
    const [roundId, other] = (await rounds(2)) as [string, string];
    await org.client.post(`/events/${tripId}/multi-round-pairings`, { roundIds: [roundId, other], mode: 'rotating', groupSize: 4, teeTimes: { format: 'single', firstTime: '08:00', intervalMinutes: 10 } });
    const waves = await org.client.post(`/events/${tripId}/waves`, {
      roundId,
      groupSize: 4,
      assignment: 'random',
      courses: [{ id: 'north', name: 'North', startingHoles: [1], windows: [{ id: 'am', label: 'AM', firstTime: '08:00', lastTime: '08:30', intervalMinutes: 10 }] }],
    });
    expect(waves.status).toBe(200);
    expect((await org.client.post(`/rounds/${roundId}/open-tee-times`, { firstTime: '08:00', lastTime: '09:00', intervalMinutes: 10, maxPlayers: 4 })).status).toBe(201);
    expect((await org.client.post(`/rounds/${roundId}/open-tee-times/bookings`, { time: '08:00', playerIds: [ids[0]] })).status).toBe(201);
    const db = server.deps.store.trip(tripId);
    const beside = async (id: string) => {
      const all = await db.allDocs();
      return all.rows.map((r) => r.key).filter((d) => d.includes(id) && !d.startsWith('round:') && !d.startsWith('scorecard:'));
    };
    expect((await beside(roundId)).sort()).toEqual([`openteetimes:${roundId}`, `pairing:${roundId}`, `teebooking:${roundId}-${ids[0]}`, `teeslot:${roundId}-0800`, `waves:${roundId}`].sort());
    const res = await org.client.delete(`/trips/${tripId}/rounds/${roundId}`);
    expect(res.status).toBe(204);
    expect(await beside(roundId)).toEqual([]);
    // The other round keeps its own.
    expect(await beside(other)).toEqual([`pairing:${other}`]);
  });
});

describe('rotating a round against the trip\'s rounds already paired (issue 34)', () => {
  let trip: string;
  const players: string[] = [];
  const groupsOf = async (roundId: string): Promise<string[][]> => ((await org.client.get(`/rounds/${roundId}/pairings`)).body.groups as Group[]).map((g) => g.playerIds);
  const repeatsOver = (rounds: string[][][]) => {
    const count = new Map<string, number>();
    for (const round of rounds) for (const g of round) {
      const m = [...g].sort();
      m.forEach((a, i) => m.slice(i + 1).forEach((b) => count.set(`${a}|${b}`, (count.get(`${a}|${b}`) ?? 0) + 1)));
    }
    return { repeated: [...count.values()].reduce((s, c) => s + Math.max(0, c - 1), 0), count };
  };

  beforeAll(async () => {
    trip = (await org.client.post('/trips', tripBody())).body.id;
    const added = await org.client.post(`/trips/${trip}/players/bulk`, { players: Array.from({ length: 24 }, (_, i) => ({ name: `Player ${i + 1}`, handicapIndex: i })) });
    players.push(...added.body.items.map((p: { id: string }) => p.id));
  });

  it('Day 3 alone avoids the partners of a hand-made Day 1 and a Day 2: the counts are the whole trip\'s, Days 1–2 stay as they are', async () => {
    // Day 1 by hand (list order, four by four, with tee times), Day 2 drawn at random, Day 3 not paired yet.
    const day1Groups = Array.from({ length: 6 }, (_, g) => ({ playerIds: players.slice(g * 4, g * 4 + 4), teeTime: `08:${String(g * 10).padStart(2, '0')}`, startingHole: 1 }));
    const day1 = (await org.client.post(`/trips/${trip}/rounds`, { name: 'Day 1', date: '2027-05-01', course: course18(), defaultTee: 'White', groups: day1Groups })).body.id;
    const day2 = (await org.client.post(`/trips/${trip}/rounds`, { name: 'Day 2', date: '2027-05-02', course: course18(), defaultTee: 'White', playerIds: players })).body.id;
    expect((await org.client.post(`/rounds/${day2}/auto-pair`, { strategy: 'random', groupSize: 4, seed: 4 })).status).toBe(200);
    const day3 = (await org.client.post(`/trips/${trip}/rounds`, { name: 'Day 3', date: '2027-05-03', course: course18(), defaultTee: 'White', playerIds: players })).body.id;
    const before = [await groupsOf(day1), await groupsOf(day2)];
    const res = await org.client.post(`/events/${trip}/multi-round-pairings`, { roundIds: [day3], mode: 'rotating', groupSize: 4, seed: 9, teeTimes: { format: 'single', firstTime: '08:00', intervalMinutes: 10 }, optimizeFairness: true });
    expect(res.status).toBe(200);
    expect(res.body.fixedRoundIds).toEqual([day1, day2]);
    expect(res.body.countedRoundIds).toEqual([day1, day2, day3]);
    expect([await groupsOf(day1), await groupsOf(day2)]).toEqual(before);
    const after = [...before, await groupsOf(day3)];
    const trip3 = repeatsOver(after);
    expect(res.body.repeatedPairs).toBe(trip3.repeated);
    expect(res.body.fixedRepeatedPairs).toBe(repeatsOver(before).repeated);
    for (const r of res.body.repeats as { a: string; b: string; meetings: number; roundIds: string[] }[]) {
      expect(r.meetings).toBe(trip3.count.get([r.a, r.b].sort().join('|')));
      expect(r.roundIds).toEqual([day1, day2, day3].filter((_, i) => after[i]!.some((g) => g.includes(r.a) && g.includes(r.b))));
    }
    // No worse than the best of 200 random Day 3s.
    const rng = createRng(2027);
    let best = Infinity;
    for (let i = 0; i < 200; i++) {
      const order = rng.shuffle(players);
      best = Math.min(best, repeatsOver([...before, Array.from({ length: 6 }, (_, g) => order.slice(g * 4, g * 4 + 4))]).repeated);
    }
    expect(trip3.repeated).toBeLessThanOrEqual(best);
    // Partners met over the trip, and the fairness over the rounds with tee times (Day 1 and Day 3; Day 2 has none).
    const partners = new Map((res.body.players as { playerId: string; partners: number }[]).map((p) => [p.playerId, p.partners]));
    for (const id of players) expect(partners.get(id)).toBe(new Set(after.flatMap((round) => round.find((g) => g.includes(id))!.filter((x) => x !== id))).size);
    expect(res.body.fairness.roundIds).toEqual([day1, day3]);
    expect((await org.client.get(`/events/${trip}/fairness`)).body).toEqual(res.body.fairness);
  });

  it('fixedRoundIds chooses the rounds kept; a round both kept and paired, or unknown, is 422 and nothing changes', async () => {
    const rounds = (await org.client.get(`/trips/${trip}/rounds`)).body.items as { id: string; name: string }[];
    const [day1, day2, day3] = ['Day 1', 'Day 2', 'Day 3'].map((n) => rounds.find((r) => r.name === n)!.id) as [string, string, string];
    const before = await groupsOf(day3);
    for (const [fixedRoundIds, message] of [[[day3], /both paired and kept/], [['zzzzzzzz'], /no round/]] as const) {
      const res = await org.client.post(`/events/${trip}/multi-round-pairings`, { roundIds: [day3], mode: 'rotating', groupSize: 4, fixedRoundIds });
      expect(res.status).toBe(422);
      expect(res.body.error.message).toMatch(message);
      expect(res.body.error.details[0].path).toEqual(['body', 'fixedRoundIds']);
    }
    expect(await groupsOf(day3)).toEqual(before);
    const onlyDay1 = await org.client.post(`/events/${trip}/multi-round-pairings`, { roundIds: [day3], mode: 'rotating', groupSize: 4, seed: 1, fixedRoundIds: [day1] });
    expect(onlyDay1.status).toBe(200);
    expect(onlyDay1.body.countedRoundIds).toEqual([day1, day3]);
    expect(onlyDay1.body.repeatedPairs).toBe(repeatsOver([await groupsOf(day1), await groupsOf(day3)]).repeated);
    expect(onlyDay1.body.fixedRoundIds).not.toContain(day2);
  });
});
