/**
 * Documents an access check reads on every request, kept while used (server/store/read-cache.ts): on two CouchDB
 * adapters over one CouchDB, as two app servers are, a write on one reaches the other's reads within the watch
 * interval; on the writing one at once.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WATCH_INTERVAL_MS } from '../../server/store/change-watch.js';
import { CouchDocStore } from '../../server/store/couch.adapter.js';
import { readCached } from '../../server/store/read-cache.js';
import { startCouchCounter, type CouchCounter } from '../sync/support/couch-counter.js';
import { eventually } from '../sync/support/eventually.js';

const registryName = `golf_registry_readcache_${process.pid}_${Date.now()}`;
let couch: CouchCounter;
let a: CouchDocStore;
let b: CouchDocStore;

beforeAll(async () => {
  couch = await startCouchCounter(inject('couchUrl'));
  a = new CouchDocStore(couch.url, { registryName });
  b = new CouchDocStore(couch.url, { registryName });
  await a.init();
});

afterAll(async () => {
  await fetch(`${new URL(inject('couchUrl')).origin}/${registryName}`, { method: 'DELETE' });
  await couch.close();
});

const docReads = (from: number, id: string) => couch.since(from).filter((r) => r.path === `/${registryName}/${encodeURIComponent(id)}`).length;

describe('readCached on the CouchDB adapter', () => {
  it('reads a document once while it is used, and sees a write at once on its own server', async () => {
    await a.registry.put({ _id: 'account:one', type: 'account', name: 'Ann' });
    expect((await readCached(a, a.registry, 'account:one'))?.name).toBe('Ann');
    const from = couch.seen.length;
    const again = await readCached<{ _id: string; name: string }>(a, a.registry, 'account:one');
    expect(again?.name).toBe('Ann');
    expect(docReads(from, 'account:one')).toBe(0);
    // Each caller gets its own copy.
    again!.name = 'changed by a caller';
    expect((await readCached(a, a.registry, 'account:one'))?.name).toBe('Ann');
    const stored = await a.registry.get('account:one');
    await a.registry.put({ ...stored!, name: 'Annie' });
    expect((await readCached(a, a.registry, 'account:one'))?.name).toBe('Annie');
  });

  it('sees another server\'s write within the interval, and never keeps a document that is not there', async () => {
    await a.registry.put({ _id: 'tripindex:t1', type: 'tripindex', status: 'active' });
    expect((await readCached(b, b.registry, 'tripindex:t1'))?.status).toBe('active');
    const stored = await a.registry.get('tripindex:t1');
    await a.registry.put({ ...stored!, status: 'deleting' });
    const written = performance.now();
    await eventually(async () => expect((await readCached(b, b.registry, 'tripindex:t1'))?.status).toBe('deleting'), WATCH_INTERVAL_MS * 3);
    expect(performance.now() - written).toBeLessThan(WATCH_INTERVAL_MS * 2);

    expect(await readCached(b, b.registry, 'tripindex:t2')).toBeUndefined();
    await a.registry.put({ _id: 'tripindex:t2', type: 'tripindex', status: 'active' });
    expect((await readCached(b, b.registry, 'tripindex:t2'))?.status).toBe('active');
  });
});
