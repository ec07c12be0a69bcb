import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

/**
 * A golfer's overview reads the trip's rounds and names once per state of the trip database, shared by every golfer
 * asking meanwhile (issue 25): each golfer still gets their own card and group, and a read that starts after a write
 * was acknowledged sees it, while other golfers keep reading.
 */

let t: GamesTrip;
let day1: string;

beforeAll(async () => {
  t = await gamesTrip([{ name: 'Al' }, { name: 'Bo' }, { name: 'Cy' }, { name: 'Di' }]);
  day1 = await t.round([['Al', 'Bo'], ['Cy', 'Di']], { name: 'Day 1' });
});
afterAll(() => t.server.close());

type Overview = { rounds: { id: string; name: string; myScorecardId: string | null; myGroup: { players: { name: string }[] } | null }[] };
const overview = async (name: string) => {
  const res = await t.portal[name]!.get(`/trip-portal/trips/${t.tripId}`);
  expect(res.status).toBe(200);
  return res.body as Overview;
};

describe("the golfers' shared overview", () => {
  it("gives each golfer their own card and group from the same state", async () => {
    const [al, cy] = await Promise.all([overview('Al'), overview('Cy')]);
    expect(al.rounds.map((r) => r.myScorecardId)).toEqual([`${day1}-${t.id.Al}`]);
    expect(cy.rounds.map((r) => r.myScorecardId)).toEqual([`${day1}-${t.id.Cy}`]);
    expect(al.rounds[0]!.myGroup!.players.map((p) => p.name)).toEqual(['Al', 'Bo']);
    expect(cy.rounds[0]!.myGroup!.players.map((p) => p.name)).toEqual(['Cy', 'Di']);
  });

  it('shows every acknowledged change to a read started after it, while other golfers read', async () => {
    let reading = true;
    const readers = ['Bo', 'Cy', 'Di'].map(async (name) => {
      while (reading) await overview(name);
    });
    try {
      for (let i = 1; i <= 5; i++) {
        const renamed = await t.org.client.patch(`/trips/${t.tripId}/players/${t.id.Bo}`, { name: `Bo ${i}` });
        expect(renamed.status).toBe(200);
        expect((await overview('Al')).rounds[0]!.myGroup!.players.map((p) => p.name)).toEqual(['Al', `Bo ${i}`]);
        const moved = await t.org.client.patch(`/trips/${t.tripId}/rounds/${day1}`, { name: `Day 1 (${i})` });
        expect(moved.status).toBe(200);
        expect((await overview('Di')).rounds[0]!.name).toBe(`Day 1 (${i})`);
      }
      // A round made ready meanwhile appears, in date order; a draft one does not.
      const day2 = await t.round([['Al', 'Cy']], { name: 'Day 2' });
      await t.round([['Al', 'Di']], { name: 'Draft', ready: false });
      expect((await overview('Al')).rounds.map((r) => r.id)).toEqual([day1, day2]);
    } finally {
      reading = false;
      await Promise.all(readers);
    }
  });
});
