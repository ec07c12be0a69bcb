/**
 * The first scores of a round start it (ready → in_progress). At the first tee every group's first score finds the
 * round ready at once: the requests of one server share one write of the round instead of each writing it, one
 * winning and the rest conflicting, one batch after the other (each score of that wave waited for all of them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, StoredDoc } from '../../server/store/docstore.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

const NAMES = ['Al', 'Bo', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal'];
let t: GamesTrip;

beforeAll(async () => {
  t = await gamesTrip(NAMES.map((name, i) => ({ name, handicapIndex: 4 + i })));
});
afterAll(() => t.server.close());

/**
 * Counts the writes of document `id` the server makes to the trip's database (the same object the server uses), each
 * held `slowMs` first: a disk as slow as a loaded server's, so the first scores all find the round still ready (on an
 * idle machine the first write of the round lands before the others look, and the race is not seen).
 */
function countPuts(db: Database, id: string, slowMs: number): { count: () => number } {
  let n = 0;
  const put = db.put.bind(db);
  db.put = async (doc: StoredDoc) => {
    if (doc._id !== id) return put(doc);
    n += 1;
    await new Promise((r) => setTimeout(r, slowMs));
    return put(doc);
  };
  return { count: () => n };
}

describe('a round started by many first scores at once', () => {
  it('is written once, and every score of the wave lands', async () => {
    const roundId = await t.round([NAMES.slice(0, 4), NAMES.slice(4)]);
    const puts = countPuts(t.server.deps.store.trip(t.tripId), `round:${roundId}`, 300);
    // Every hole of every card at once: the organizer's REST writes and the golfers' own, mixed.
    const writes = NAMES.flatMap((name, i) =>
      Array.from({ length: 18 }, (_, h) =>
        i % 2 === 0
          ? t.org.client.put(`/trips/${t.tripId}/scorecards/${roundId}-${t.id[name]}/scores/${h + 1}`, { strokes: 4 + (h % 3) })
          : t.portal[name]!.put(`/trip-portal/scorecards/${roundId}-${t.id[name]}/scores`, { hole: h + 1, strokes: 4 + (h % 3), deviceId: `phone-${name}` }),
      ),
    );
    const answers = await Promise.all(writes);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const round = await t.org.client.get(`/trips/${t.tripId}/rounds/${roundId}`);
    expect(round.body.state).toBe('in_progress');
    expect(puts.count()).toBe(1);
    for (const name of NAMES) {
      const card = await t.org.client.get(`/trips/${t.tripId}/scorecards/${roundId}-${t.id[name]}/scores`);
      expect(card.body.items.map((s: { hole: number; strokes: number }) => [s.hole, s.strokes])).toEqual(Array.from({ length: 18 }, (_, h) => [h + 1, 4 + (h % 3)]));
    }
  });
});
