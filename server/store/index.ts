import { join } from 'node:path';
import type { Config } from '../config.js';
import type { BlobStore } from './blobs.js';
import { CouchBlobStore } from './blobs.couch.js';
import { FsBlobStore } from './blobs.fs.js';
import { CouchDocStore } from './couch.adapter.js';
import type { DocStore } from './docstore.js';
import { PouchDocStore } from './pouch.adapter.js';

/** The one place that chooses the storage adapter: CouchDB when COUCHDB_URL is set, embedded PouchDB otherwise. */
export function createDocStore(config: Pick<Config, 'couchdbUrl' | 'dataDir' | 'couchdbTrip' | 'tripCopiesMb'>): DocStore {
  const copiesChars = config.tripCopiesMb === undefined ? undefined : config.tripCopiesMb * 1024 * 1024;
  return config.couchdbUrl
    ? new CouchDocStore(config.couchdbUrl, { ...(config.couchdbTrip ? { tripShards: config.couchdbTrip } : {}), ...(copiesChars ? { copiesChars } : {}) })
    : new PouchDocStore(config.dataDir, copiesChars === undefined ? {} : { copiesChars });
}

/** The one place that chooses the blob adapter: attachments in CouchDB when COUCHDB_URL is set, files under DATA_DIR/blobs otherwise. */
export function createBlobStore(config: Pick<Config, 'couchdbUrl' | 'dataDir'>): BlobStore {
  return config.couchdbUrl ? new CouchBlobStore(config.couchdbUrl) : new FsBlobStore(join(config.dataDir, 'blobs'));
}
