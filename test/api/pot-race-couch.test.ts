/**
 * Issue 33: the tournament pot's applied result is the pot's configuration paid out. Applies and changes of the entry
 * at once, through two app servers over one CouchDB, never leave a result of an entry the pot no longer has. Before,
 * an apply read the pot, computed the payout, and wrote it over whatever the pot had become: a change that landed in
 * between (which clears the result) was overwritten by a result of the old entry, and both callers were told 200.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, course18, organizer, tripBody, type Api } from '../support/client.js';
import { startRaceServers, type RaceSetup } from '../support/race-couch.js';

const ROUNDS = 5;
const PER_SERVER = 6;
let race: RaceSetup;
let clients: Api[];
let pot: string;

beforeAll(async () => {
  race = await startRaceServers('pot_race');
  const org = await organizer(race.servers[0]!.url);
  const tripId = (await org.client.post('/trips', tripBody())).body.id as string;
  const players = ((await org.client.post(`/trips/${tripId}/players/bulk`, { players: ['Al', 'Bo', 'Cy', 'Di'].map((name) => ({ name, handicapIndex: 10 })) })).body.items as { id: string }[]).map((p) => p.id);
  const round = await org.client.post(`/trips/${tripId}/rounds`, { name: 'Day 1', date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: players }] });
  expect((await org.client.patch(`/trips/${tripId}/rounds/${round.body.id}/ready`)).status).toBe(200);
  for (const [i, playerId] of players.entries()) {
    const res = await org.client.post(`/trips/${tripId}/scorecards/${round.body.id}-${playerId}/scores/bulk`, { scores: Array.from({ length: 18 }, (_, h) => ({ hole: h + 1, strokes: 4 + i })) });
    expect(res.status, res.text).toBe(200);
  }
  expect((await org.client.post(`/trips/${tripId}/rounds/${round.body.id}/complete`)).status).toBe(200);
  const competition = await org.client.post(`/trips/${tripId}/competitions`, { name: 'Cup', format: 'stroke_gross', roundIds: [round.body.id] });
  pot = `/trips/${tripId}/tournament-pot`;
  expect((await org.client.patch(pot, { entryCents: 1000, competitionId: competition.body.id, payouts: [{ place: 1, percent: 100 }] })).status).toBe(200);
  clients = race.servers.map((s) => api(s.url, org.token));
}, 60_000);

afterAll(() => race?.close());

describe('the tournament pot applied and changed at once through two app servers over one CouchDB', () => {
  it(`keeps an applied result only of the entry it holds, in each of ${ROUNDS} rounds`, { timeout: 60_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const entry = 2000 + 100 * round;
      // Applies through both servers, and one change of the entry in the middle of them.
      const calls = Array.from({ length: 2 * PER_SERVER }, (_, i) =>
        i === PER_SERVER ? clients[i % 2]!.patch(pot, { entryCents: entry }) : clients[i % 2]!.post(`${pot}/apply`),
      );
      const answers = await Promise.all(calls);
      expect(answers.every((a) => a.status === 200 || (a.status === 409 && a.body.error.code === 'conflict')), JSON.stringify(answers.map((a) => a.status))).toBe(true);
      const now = (await clients[(round + 1) % 2]!.get(pot)).body as { entryCents: number; totalCents: number; applied: { entries: { cents: number }[]; payouts: { cents: number }[] } | null };
      expect(now.entryCents).toBe(entry);
      if (now.applied) {
        expect(now.applied.entries.map((e) => e.cents), `round ${round}`).toEqual(now.applied.entries.map(() => entry));
        expect(now.applied.payouts.reduce((s, p) => s + p.cents, 0)).toBe(now.totalCents);
      }
      // Applied again alone, the result is the new entry's.
      const again = await clients[round % 2]!.post(`${pot}/apply`);
      expect(again.status).toBe(200);
      expect(again.body.applied.entries.every((e: { cents: number }) => e.cents === entry)).toBe(true);
    }
  });
});
