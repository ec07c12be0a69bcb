/**
 * The embedded registry is read from LevelDB, not from an in-memory mirror: it grows with the season (a 1,000-trip
 * season's registry holds 33,000 documents, 18.5 MB of JSON, mostly portal tokens of trips long over), its hot reads
 * are cached above it (portal sessions, TV codes), and a mirror of it took the copies' budget from the trips in play
 * (issue 36). What it answers is still exact the moment a write is acknowledged.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PouchDocStore } from '../../server/store/pouch.adapter.js';
import type { StoredDoc } from '../../server/store/docstore.js';

describe('the embedded registry', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'golf-pouch-registry-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('does not take the copies budget from the trips in play, however many documents it has', async () => {
    // 60,000 characters of copies: one trip's 20 scores fit, the registry's 1,500 tokens (about 180,000) do not.
    const store = new PouchDocStore(dir, { copiesChars: 60_000 });
    await store.init();
    const trip = await store.createTrip('inplay');
    await trip.bulkDocs(Array.from({ length: 20 }, (_, i) => ({ _id: `score:${i}`, type: 'score', strokes: 4 })));
    const tokens = Array.from({ length: 1_500 }, (_, i) => ({ _id: `portaltoken:t${i}`, type: 'portaltoken', tripId: `trip${i % 50}`, secretHash: 'f'.repeat(64) }));
    await store.registry.bulkDocs(tokens);

    expect((await trip.get<StoredDoc & { strokes: number }>('score:3'))?.strokes).toBe(4);
    expect(store.held().mirrors).toBe(1);
    // Reading every token, by id, by keys and as a range, leaves the trip's mirror where it was.
    for (const t of tokens.slice(0, 200)) expect((await store.registry.get(t._id))?._id).toBe(t._id);
    const byKeys = await store.registry.allDocs({ keys: tokens.map((t) => t._id), includeDocs: true });
    expect(byKeys.rows.filter((r) => r.doc).length).toBe(1_500);
    const range = await store.registry.allDocs({ startKey: 'portaltoken:', endKey: 'portaltoken:\ufff0', includeDocs: true });
    expect(range.rows.length).toBe(1_500);
    expect(store.held().mirrors).toBe(1);
    await store.close();
  });

  it('answers reads, changes and revision differences exactly, right after each write', async () => {
    const store = new PouchDocStore(dir);
    await store.init();
    const reg = store.registry;
    const start = Number((await reg.info()).updateSeq);
    const a = await reg.put({ _id: 'account:a', type: 'account', name: 'Mike' });
    expect((await reg.get<StoredDoc & { name: string }>('account:a'))?.name).toBe('Mike');
    const a2 = await reg.put({ _id: 'account:a', _rev: a.rev, type: 'account', name: 'Mike B.' });
    expect((await reg.get<StoredDoc & { name: string }>('account:a'))?.name).toBe('Mike B.');
    await reg.put({ _id: 'account:b', type: 'account', name: 'Mike A.' });
    await reg.remove('account:b', (await reg.get('account:b'))!._rev!);
    expect(await reg.get('account:b')).toBeUndefined();

    const byKeys = await reg.allDocs({ keys: ['account:a', 'account:b', 'account:none'], includeDocs: true });
    expect(byKeys.rows.map((r) => [r.key, r.value?.rev ?? r.error, r.value?.deleted ?? false])).toEqual([
      ['account:a', a2.rev, false],
      ['account:b', expect.stringMatching(/^2-/), true],
      ['account:none', 'not_found', false],
    ]);
    const range = await reg.allDocs({ startKey: 'account:', endKey: 'account:\ufff0', includeDocs: true });
    expect(range.rows.map((r) => (r.doc as { name?: string }).name)).toEqual(['Mike B.']);

    const feed = await reg.changes({ since: start, includeDocs: true });
    expect(feed.results.map((r) => [r.id, r.deleted ?? false])).toEqual([
      ['account:a', false],
      ['account:b', true],
    ]);
    const diff = await reg.revsDiff({ 'account:a': [a2.rev, '9-abc'], 'account:new': ['1-abc'] });
    expect(diff).toEqual({ 'account:a': { missing: ['9-abc'] }, 'account:new': { missing: ['1-abc'] } });
    await store.close();
  });
});
