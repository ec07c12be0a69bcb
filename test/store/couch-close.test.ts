/**
 * Closing the CouchDB store ends the requests that wait on CouchDB (server/store/couch-http.ts): a longpoll that
 * `waitForChange` holds open for up to a minute ends with the store, so a stopped server leaves nothing open.
 */
import { describe, expect, inject, it } from 'vitest';
import { CouchDocStore } from '../../server/store/couch.adapter.js';

describe('closing the CouchDB store', () => {
  it('ends a waiting longpoll at once instead of after its timeout', async () => {
    const store = new CouchDocStore(inject('couchUrl'), { registryName: `golf_registry_close_${process.pid}` });
    await store.init();
    const since = (await store.registry.info()).updateSeq;
    const started = performance.now();
    const waiting = store.registry.waitForChange(since, 30_000).then(
      (changed) => ({ changed, error: undefined as unknown }),
      (error: unknown) => ({ changed: false, error }),
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    await store.close();
    const outcome = await waiting;
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(outcome.changed).toBe(false);
    await fetch(`${inject('couchUrl')}/golf_registry_close_${process.pid}`, { method: 'DELETE' });
  });
});
