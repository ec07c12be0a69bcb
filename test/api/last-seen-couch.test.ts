/**
 * Issue 36: "last heard from" on two app servers over one CouchDB. Each server writes the times of every phone it
 * heard that are due in one `_bulk_docs` at most every LAST_SEEN_FLUSH_MS (with a hundred phones in play it wrote
 * five documents a second, one request each); a time another server wrote meanwhile is read and written over, never
 * moved back; and each server's answer merges the stored times with what it heard itself.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LAST_SEEN_FLUSH_MS, LAST_SEEN_WRITE_MS, lastSeenByPlayer, recordSeen, type LastSeenDoc } from '../../server/portal/last-seen.js';
import type { AppDeps } from '../../server/deps.js';
import { docsWithPrefix } from '../../server/store/docs.js';
import { startRaceServers, type RaceSetup } from '../support/race-couch.js';

let race: RaceSetup;
const clock = { offset: 0 };

beforeAll(async () => {
  race = await startRaceServers('last_seen', { now: () => new Date(Date.UTC(2027, 3, 11, 9) + clock.offset) });
}, 60_000);

afterAll(() => race?.close());

/** Counts each server's writes to the registry (the store's own methods, wrapped: nothing is faked). */
function countWrites(deps: AppDeps) {
  const registry = deps.store.registry;
  const counts = { bulk: 0, put: 0 };
  const bulkDocs = registry.bulkDocs.bind(registry);
  const put = registry.put.bind(registry);
  registry.bulkDocs = (...args) => ((counts.bulk += 1), bulkDocs(...args));
  registry.put = (...args) => ((counts.put += 1), put(...args));
  return counts;
}

describe('last heard from, on two app servers', () => {
  it('writes the phones a server heard together, over the other server\'s writes, never moving a time back', async () => {
    const [one, two] = race.servers.map((s) => s.deps) as [AppDeps, AppDeps];
    const writes = [countWrites(one), countWrites(two)];
    const tripId = `t${randomUUID().replaceAll('-', '').slice(0, 20)}`;
    const players = Array.from({ length: 40 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const stored = async () => new Map((await docsWithPrefix<LastSeenDoc>(one.store.registry, `lastseen:${tripId}:`)).map((d) => [d.playerId, d.at]));
    const at = () => new Date(Date.UTC(2027, 3, 11, 9) + clock.offset).toISOString();

    // Forty phones heard on server one at once: one write of all forty (the first flush goes at once).
    const first = at();
    for (const p of players) recordSeen(one, tripId, p);
    await expect.poll(async () => (await stored()).size, { timeout: 5_000 }).toBe(40);
    expect(writes[0]).toEqual({ bulk: 1, put: 0 });
    expect([...(await stored()).values()].every((t) => t === first)).toBe(true);

    // Heard again within the write interval: nothing new is written.
    clock.offset += 5_000;
    for (const p of players) recordSeen(one, tripId, p);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(writes[0]).toEqual({ bulk: 1, put: 0 });
    // ... but this server's answer has the newer time, from its memory.
    expect((await lastSeenByPlayer(one, tripId)).get('p00')).toBe(at());

    // Server two hears half of them later: it reads the documents it never wrote and writes over them, in one flush.
    clock.offset += LAST_SEEN_WRITE_MS + LAST_SEEN_FLUSH_MS;
    const second = at();
    for (const p of players.slice(0, 20)) recordSeen(two, tripId, p);
    await expect.poll(async () => [...(await stored()).values()].filter((t) => t === second).length, { timeout: 5_000 }).toBe(20);
    expect(writes[1]).toEqual({ bulk: 1, put: 0 });

    // Server one, whose revisions of those twenty are stale now, hears everyone again: its write of those conflicts,
    // it reads them and writes again; every time ends at the newest heard, none moved back.
    clock.offset += LAST_SEEN_WRITE_MS + LAST_SEEN_FLUSH_MS;
    const third = at();
    for (const p of players) recordSeen(one, tripId, p);
    await expect.poll(async () => [...(await stored()).values()].filter((t) => t === third).length, { timeout: 5_000 }).toBe(40);
    expect(writes[0]!.put).toBe(0);
    expect(writes[0]!.bulk).toBeGreaterThanOrEqual(2);
    expect(writes[0]!.bulk).toBeLessThanOrEqual(3);

    // Server two sees the stored times (after its read interval), merged with its own older memory.
    clock.offset += 1_000;
    await expect.poll(async () => (await lastSeenByPlayer(two, tripId)).get('p30'), { timeout: 10_000, interval: 500 }).toBe(third);
    expect((await lastSeenByPlayer(two, tripId)).size).toBe(40);
  });
});
