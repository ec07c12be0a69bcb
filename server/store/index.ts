import type { Config } from '../config.js';
import { CouchDocStore } from './couch.adapter.js';
import type { DocStore } from './docstore.js';
import { PouchDocStore } from './pouch.adapter.js';

/** The one place that chooses the storage adapter: CouchDB when COUCHDB_URL is set, embedded PouchDB otherwise. */
export function createDocStore(config: Pick<Config, 'couchdbUrl' | 'dataDir'>): DocStore {
  return config.couchdbUrl ? new CouchDocStore(config.couchdbUrl) : new PouchDocStore(config.dataDir);
}
