/**
 * Issue 33: twenty `POST …/settlements/persist` at once, ten through each of two app servers over one CouchDB, store
 * exactly one plan: one 201, the rest 200 (unchanged) or 409. On Apache CouchDB 3.5 three callers could each be told
 * they created the plan: the lock was claimed over the revision read before planning, but a server that read the
 * lock after another claimed it could read the pending settlements before the other wrote them, and store a second
 * plan. A proxy in front of the test setup's CouchDB-compatible server delays each answer at random, which opens the
 * windows a fast CouchDB opens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organizer, tripBody } from '../support/client.js';
import { startRaceServers, type RaceSetup } from '../support/race-couch.js';
import type { TestServer } from '../support/server.js';

const ROUNDS = Number(process.env.SETTLE_RACE_ROUNDS ?? 50);
const PER_SERVER = 10;
let race: RaceSetup;
let servers: TestServer[] = [];
let random: () => number;

beforeAll(async () => {
  // Two app servers over one CouchDB, through a proxy that delays each request and answer at random (see the helper).
  race = await startRaceServers('settle_race');
  servers = race.servers;
  random = race.random;
}, 60_000);

afterAll(() => race?.close());

describe('settlement plans stored through two app servers over one CouchDB', () => {
  it(`stores exactly one plan in each of ${ROUNDS} rounds of ${2 * PER_SERVER} persists at once`, { timeout: 240_000 }, async () => {
    const org = await organizer(servers[0]!.url);
    const tripId = (await org.client.post('/trips', tripBody())).body.id as string;
    const names = ['Al', 'Bo', 'Cy', 'Di', 'Ed', 'Flo'];
    const ids = ((await org.client.post(`/trips/${tripId}/players/bulk`, { players: names.map((name) => ({ name, handicapIndex: 10 })) })).body.items as { id: string }[]).map((p) => p.id);
    const clients = servers.map((s) => api(s.url, org.token));
    const tally: Record<string, number> = {};
    for (let round = 0; round < ROUNDS; round++) {
      // A new expense each round, so the plan changes and each round has one plan to store. Every other round
      // starts with nothing pending (the last plan was all paid): the new plan is all new settlements, nothing to
      // remove; the others replace a pending plan.
      const payer = ids[round % ids.length]!;
      const owing = ids.filter((_, i) => (i + round) % 3 !== 0);
      const expense = await clients[round % 2]!.post(`/trips/${tripId}/expenses`, {
        payerId: payer,
        amountCents: 1000 + Math.floor(random() * 20_000),
        category: 'food',
        date: '2027-04-11',
        description: `Round ${round}`,
        split: { mode: 'equal', playerIds: owing.includes(payer) ? owing : [...owing, payer] },
      });
      expect(expense.status).toBe(201);
      const answers = await Promise.all(Array.from({ length: 2 * PER_SERVER }, (_, i) => clients[i % 2]!.post(`/trips/${tripId}/settlements/unified/persist`)));
      const statuses = answers.map((a) => (a.status === 409 ? `409 ${a.body.error?.code ?? ''}` : String(a.status)));
      for (const s of statuses) tally[s] = (tally[s] ?? 0) + 1;
      expect(statuses.filter((s) => s === '201'), `round ${round}: ${JSON.stringify(statuses)}`).toHaveLength(1);
      expect(statuses.every((s) => s === '201' || s === '200' || s.startsWith('409'))).toBe(true);
      // What the one 201 answered is what the trip holds: its plan, pending, with the ids it gave.
      const created = answers.find((a) => a.status === 201)!.body as { planId: string; items: { id: string }[] };
      const pending = (await clients[(round + 1) % 2]!.get(`/trips/${tripId}/settlements?status=pending`)).body.items as { id: string; planId: string }[];
      expect(pending.map((s) => s.id).sort()).toEqual(created.items.map((s) => s.id).sort());
      expect(new Set(pending.map((s) => s.planId))).toEqual(new Set([created.planId]));
      const plan = (await clients[round % 2]!.get(`/trips/${tripId}/settlements/unified`)).body as { planId: string; transfers: unknown[] };
      expect(plan.planId).toBe(created.planId);
      expect(pending).toHaveLength(plan.transfers.length);
      // Every 200 names the same plan and the same settlements.
      for (const a of answers.filter((x) => x.status === 200)) {
        expect(a.body.planId).toBe(created.planId);
        expect((a.body.items as { id: string }[]).map((s) => s.id).sort()).toEqual(created.items.map((s) => s.id).sort());
      }
      if (round % 2 === 0) {
        for (const s of pending) expect((await clients[0]!.patch(`/trips/${tripId}/settlements/${s.id}/complete`)).status).toBe(200);
      }
    }
    expect(tally['201']).toBe(ROUNDS);
  });
});
