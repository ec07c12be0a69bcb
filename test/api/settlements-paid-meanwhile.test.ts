/**
 * A settlement paid while a plan replacing it is being written (issue 33): the payment lands between the persist's
 * read of the pending settlements and its removal of them. The removal then conflicts, the paid settlement stays
 * paid, and the persist plans again around that payment instead of leaving a plan that ignores it. The payment is
 * made by the real route through the real store; only its moment is chosen, by a database handle that makes it
 * just before the persist's first write of settlements (a moment a test cannot otherwise hit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { persistPlan } from '../../server/money/settlements.service.js';
import type { Database, StoredDoc } from '../../server/store/docstore.js';
import { tripDocId } from '../../server/trips/trip-db.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import { organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

describe('a settlement paid while a new plan replaces it', () => {
  it('stays paid, and the stored plan is the plan net of that payment', async () => {
    const org = await organizer(server.url);
    const tripId = (await org.client.post('/trips', tripBody())).body.id as string;
    const [al, bo, cy] = ((await org.client.post(`/trips/${tripId}/players/bulk`, { players: ['Al', 'Bo', 'Cy'].map((name) => ({ name, handicapIndex: 10 })) })).body.items as { id: string }[]).map((p) => p.id);
    const expense = (payerId: string, amountCents: number) =>
      org.client.post(`/trips/${tripId}/expenses`, { payerId, amountCents, category: 'food', date: '2027-04-11', description: 'Dinner', split: { mode: 'equal', playerIds: [al, bo, cy] } });
    expect((await expense(al!, 9000)).status).toBe(201);
    const first = await org.client.post(`/trips/${tripId}/settlements/generate`);
    expect(first.status).toBe(201);
    const firstIds = (first.body.items as { id: string }[]).map((s) => s.id);
    expect(firstIds).toHaveLength(2);
    // Bo pays a dinner too: the plan changes, and the first plan's settlements are to be removed.
    expect((await expense(bo!, 6000)).status).toBe(201);

    const real = server.deps.store.trip(tripId);
    let paidId: string | undefined;
    const db = new Proxy(real, {
      get(target, key, receiver) {
        if (key !== 'bulkDocs') return Reflect.get(target, key, receiver);
        return async (docs: StoredDoc[], options?: { newEdits?: boolean }) => {
          if (!paidId && docs.some((d) => d._deleted && d._id.startsWith('settlement:'))) {
            paidId = firstIds[0]!;
            // Another request marks one of the settlements about to be removed paid, first.
            expect((await org.client.post(`/trips/${tripId}/settlements/${paidId}/mark-paid`)).status).toBe(200);
          }
          return target.bulkDocs(docs, options);
        };
      },
    }) as Database;
    const trip = (await real.get(tripDocId(tripId)))!;
    const result = await persistPlan(server.deps, db, { ...(trip as unknown as TripDoc), id: tripId }, 'plain');
    expect(paidId).toBeDefined();
    expect(result.unchanged).toBe(false);

    const all = (await org.client.get(`/trips/${tripId}/settlements`)).body.items as { id: string; status: string; planId: string; cents: number }[];
    expect(all.find((s) => s.id === paidId)?.status).toBe('paid');
    // The plan now stored is the plan of the balances net of the payment, and nothing else is pending.
    const pending = all.filter((s) => s.status === 'pending');
    const again = await org.client.post(`/trips/${tripId}/settlements/generate`);
    expect(again.status).toBe(200);
    expect(again.body.unchanged).toBe(true);
    expect((again.body.items as { id: string }[]).map((s) => s.id).sort()).toEqual(pending.map((s) => s.id).sort());
    expect(new Set(pending.map((s) => s.planId))).toEqual(new Set([result.planId]));
    // Every balance is settled by what is paid plus what is pending.
    const balances = (await org.client.get(`/trips/${tripId}/expense-balances`)).body.balances as { playerId: string; netCents: number }[];
    const after = new Map(balances.map((b) => [b.playerId, b.netCents]));
    for (const s of all) {
      const full = s as unknown as { fromPlayerId: string; toPlayerId: string };
      after.set(full.fromPlayerId, after.get(full.fromPlayerId)! + s.cents);
      after.set(full.toPlayerId, after.get(full.toPlayerId)! - s.cents);
    }
    expect([...after.values()].every((v) => v === 0)).toBe(true);
  });
});
