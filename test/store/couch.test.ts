import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { CouchDocStore } from '../../server/store/couch.adapter.js';
import { StoreUnavailableError, tripSecurity } from '../../server/store/docstore.js';
import { runDocStoreContract, type KnownDeviation } from './contract.js';
import { realCouchUrl } from '../support/real-couch.js';

const uniqueRegistry = () => `golf_registry_test_${randomUUID().replace(/-/g, '')}`;
const uniqueTripId = () => `t${randomUUID().replace(/-/g, '').slice(0, 20)}`;

/**
 * Each test gets its own registry database, so runs against a shared CouchDB never meet each other or a real
 * `golf_registry`; the contract destroys the trip databases it creates, and cleanup drops the registry.
 */
function subject(url: string, deviations: KnownDeviation[] = []) {
  return async () => {
    const registryName = uniqueRegistry();
    return {
      store: new CouchDocStore(url, { registryName }),
      cleanup: () => dropDb(url, registryName),
      deviations,
    };
  };
}

const servers: [name: string, url: string, deviations: KnownDeviation[]][] = [
  ['pouchdb-server', inject('couchUrl'), ['bulk-get-missing-as-empty']],
];
// Registered only when a real CouchDB is given, so a run without one has no skipped suite to explain.
if (realCouchUrl) servers.push(['Apache CouchDB', realCouchUrl, ['local-revs-unchecked']]);

for (const [name, url, deviations] of servers) {
  runDocStoreContract(`CouchDocStore on ${name}`, subject(url, deviations));

  describe(`CouchDocStore on ${name}`, () => {
    it("sets a trip database's _security: admins by the server admin, members by the trip's role", async () => {
      const store = new CouchDocStore(url);
      const tripId = uniqueTripId();
      try {
        await store.createTrip(tripId);
        const res = await couchFetch(url, `trip-${tripId}/_security`);
        expect(await res.json()).toEqual(tripSecurity(tripId));
      } finally {
        await store.destroyTrip(tripId);
      }
    });

    it('answers bulk rows in request order when validate_doc_update refuses a document', async () => {
      const store = new CouchDocStore(url);
      const tripId = uniqueTripId();
      try {
        const db = await store.createTrip(tripId);
        // The trip design document refuses a document without `type`; pouchdb-server lists refusals first.
        const rows = await db.bulkDocs([{ _id: 'score:1', type: 'score' }, { _id: 'untyped' }, { _id: 'score:2', type: 'score' }]);
        expect(rows).toEqual([
          { id: 'score:1', ok: true, rev: expect.any(String) },
          { id: 'untyped', error: 'forbidden', reason: 'every document of a trip database has a type' },
          { id: 'score:2', ok: true, rev: expect.any(String) },
        ]);
        await expect(db.put({ _id: 'untyped' })).rejects.toMatchObject({ status: 403, error: 'forbidden' });
      } finally {
        await store.destroyTrip(tripId);
      }
    });
  });
}

describe('CouchDocStore without a reachable CouchDB', () => {
  it('throws StoreUnavailableError', async () => {
    // Port 9 (discard) on loopback: nothing listens there, so the connection is refused at once.
    const store = new CouchDocStore('http://admin:secret@127.0.0.1:9');
    await expect(store.init()).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.trip('abcdef').get('player:p1')).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(store.tripExists('abcdef')).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});

/** A plain request beside the adapter, so its checks do not depend on the adapter's own URL handling. */
async function couchFetch(url: string, path: string, init: RequestInit = {}): Promise<Response> {
  const base = new URL(url);
  const headers = new Headers(init.headers);
  if (base.username) {
    const user = `${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`;
    headers.set('authorization', `Basic ${Buffer.from(user).toString('base64')}`);
  }
  const root = `${base.origin}${base.pathname.replace(/\/?$/, '/')}`;
  return fetch(new URL(path, root), { ...init, headers });
}

async function dropDb(url: string, name: string): Promise<void> {
  const res = await couchFetch(url, encodeURIComponent(name), { method: 'DELETE' });
  if (!res.ok && res.status !== 404) throw new Error(`could not drop ${name}: ${res.status} ${await res.text()}`);
}
