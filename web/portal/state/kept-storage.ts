/**
 * Where the phone keeps its trips: an RxDB storage that answers from memory and writes every change through to
 * IndexedDB before it says the write is done (issue 25). It replaces RxDB's Dexie storage, for two reasons measured
 * on a phone (`npm run bench:portal`):
 * - **First sync.** Over Dexie, each pulled document cost four IndexedDB reads (RxDB reads the local document and its
 *   replication meta row, then Dexie reads both again inside its write) besides its two writes: 12,000 reads for a
 *   3,000-document trip, most of the time the first open of a link takes. Here reads are memory lookups.
 * - **Size.** Dexie is about 98 KB of the portal's minified JavaScript; this file and RxDB's memory storage are a
 *   fraction of it.
 *
 * How it stays safe:
 * - A write is applied to memory (RxDB's memory storage: the same conflict checks, indexes and queries), and the
 *   documents it wrote are put into the instance's own IndexedDB database in one transaction, created in the same
 *   tick (so transactions commit in write order). The write resolves only once that transaction completed: an
 *   entered score RxDB reports as stored is on disk. A failed transaction rejects the write, loudly.
 * - At open, the IndexedDB database is read whole into memory (a trip is a few thousand documents).
 * - Memory is the truth only while one page owns the trip: `trips.ts` holds a Web Lock per trip, so a second tab
 *   waits instead of writing from a stale copy (tab-lock.ts).
 * - A phone that kept its trips under the Dexie storage (before this file) has them moved over at the first open:
 *   the old database is read with plain IndexedDB (Dexie's layout: one database per instance, documents in its
 *   `docs` store, boolean index fields as '1'/'0'), written here, then deleted. Unpushed scores move with it and are
 *   pushed as before.
 */
import { getPrimaryFieldOfPrimaryKey, getSchemaByObjectPath, RXDB_VERSION } from 'rxdb';
import type {
  BulkWriteRow,
  EventBulk,
  PreparedQuery,
  RxDocumentData,
  RxJsonSchema,
  RxStorage,
  RxStorageBulkWriteResponse,
  RxStorageChangeEvent,
  RxStorageCountResult,
  RxStorageInstance,
  RxStorageInstanceCreationParams,
  RxStorageQueryResult,
} from 'rxdb';
import {
  getMemoryCollectionKey,
  getRxStorageMemory,
  type MemoryStorageInternals,
  type RxStorageInstanceMemory,
  type RxStorageMemoryInstanceCreationOptions as Options,
} from 'rxdb/plugins/storage-memory';
import type { Observable } from 'rxjs';

const STORE = 'docs';
const memory = getRxStorageMemory();

type Doc = RxDocumentData<unknown>;
type Params = RxStorageInstanceCreationParams<unknown, Options>;

/** The IndexedDB database of one storage instance (a collection, RxDB's internal store, a replication's meta rows). */
export function keptDatabaseName(databaseName: string, collectionName: string, schemaVersion: number): string {
  return `golf-kept-${databaseName}--${schemaVersion}--${collectionName}`;
}

/** The name RxDB's Dexie storage gave the same instance (what phones used before this storage). */
export function dexieDatabaseName(databaseName: string, collectionName: string, schemaVersion: number): string {
  return `rxdb-dexie-${databaseName}--${schemaVersion}--${collectionName}`;
}

export function getRxStorageKept(): RxStorage<MemoryStorageInternals<unknown>, Options> {
  const storage: RxStorage<MemoryStorageInternals<unknown>, Options> = {
    name: 'golf-kept',
    rxdbVersion: RXDB_VERSION,
    async createStorageInstance<RxDocType>(params: RxStorageInstanceCreationParams<RxDocType, Options>) {
      if (params.multiInstance) throw new Error('the kept storage serves one page per trip (a Web Lock, tab-lock.ts): open it with multiInstance: false');
      const name = keptDatabaseName(params.databaseName, params.collectionName, params.schema.version);
      const db = await openStore(name);
      const memoryKey = getMemoryCollectionKey(params.databaseName, params.collectionName, params.schema.version);
      // Already in memory when this page opened the trip before (RxDB's memory storage keeps closed states).
      const inMemory = memory.collectionStates.has(memoryKey);
      try {
        const inner = (await memory.createStorageInstance(params as Params)) as RxStorageInstanceMemory<unknown>;
        if (!inMemory) {
          let docs = await readAll(db);
          if (docs.length === 0) docs = await moveFromDexie(db, params as Params);
          if (docs.length > 0) {
            const loaded = await inner.bulkWrite(
              docs.map((document) => ({ document })),
              'golf-kept-load',
            );
            if (loaded.error.length > 0) throw new Error(`${name}: ${loaded.error.length} stored documents could not be loaded`);
          }
        }
        return new KeptInstance(inner, db, name) as unknown as RxStorageInstance<RxDocType, MemoryStorageInternals<unknown>, Options>;
      } catch (err) {
        db.close();
        // A load that failed half way must not pass for the whole trip at the next open.
        if (!inMemory) memory.collectionStates.delete(memoryKey);
        throw err;
      }
    },
  };
  return storage;
}

class KeptInstance implements RxStorageInstance<unknown, MemoryStorageInternals<unknown>, Options> {
  readonly databaseName: string;
  readonly collectionName: string;
  readonly schema: Readonly<RxJsonSchema<Doc>>;
  readonly internals: MemoryStorageInternals<unknown>;
  readonly options: Readonly<Options>;

  constructor(
    private readonly inner: RxStorageInstanceMemory<unknown>,
    private readonly db: IDBDatabase,
    private readonly name: string,
  ) {
    this.databaseName = inner.databaseName;
    this.collectionName = inner.collectionName;
    this.schema = inner.schema;
    this.internals = inner.internals;
    this.options = inner.options;
  }

  bulkWrite(rows: BulkWriteRow<unknown>[], context: string): Promise<RxStorageBulkWriteResponse<unknown>> {
    // The memory storage categorizes and applies the write synchronously; what it wrote is known at once.
    const answer = this.inner.bulkWrite(rows, context);
    const categorized = this.inner.categorizedByWriteInput.get(rows);
    const written = categorized ? [...categorized.bulkInsertDocs, ...categorized.bulkUpdateDocs].map((r) => r.document) : [];
    if (written.length === 0) return answer;
    const stored = putAll(this.db, written, this.inner.primaryPath);
    return Promise.all([answer, stored]).then(([result]) => result);
  }

  findDocumentsById(ids: string[], withDeleted: boolean): Promise<Doc[]> {
    return this.inner.findDocumentsById(ids, withDeleted);
  }

  query(preparedQuery: PreparedQuery<unknown>): Promise<RxStorageQueryResult<unknown>> {
    return this.inner.query(preparedQuery);
  }

  count(preparedQuery: PreparedQuery<unknown>): Promise<RxStorageCountResult> {
    return this.inner.count(preparedQuery);
  }

  getAttachmentData(documentId: string, attachmentId: string, digest: string): Promise<Blob> {
    return this.inner.getAttachmentData(documentId, attachmentId, digest) as unknown as Promise<Blob>;
  }

  changeStream(): Observable<EventBulk<RxStorageChangeEvent<Doc>, unknown>> {
    return this.inner.changeStream();
  }

  /** Deleted documents older than the limit leave memory, then IndexedDB. */
  async cleanup(minimumDeletedTime: number): Promise<boolean> {
    const before = new Set(this.internals.documents.keys());
    const done = await this.inner.cleanup(minimumDeletedTime);
    const gone = [...before].filter((id) => !this.internals.documents.has(id));
    if (gone.length > 0) await deleteAll(this.db, gone);
    return done;
  }

  async close(): Promise<void> {
    await this.inner.close();
    this.db.close();
  }

  async remove(): Promise<void> {
    await this.inner.remove();
    this.db.close();
    await request(indexedDB.deleteDatabase(this.name));
  }
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function openStore(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => {
      const db = req.result;
      // Another version of the app deleting or upgrading it: let it (this page's copy stays in memory).
      db.onversionchange = () => db.close();
      resolve(db);
    };
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error(`${name} is held open by an older version of this app in another tab: close it`));
  });
}

function readAll(db: IDBDatabase): Promise<Doc[]> {
  return request(db.transaction(STORE, 'readonly').objectStore(STORE).getAll() as IDBRequest<Doc[]>);
}

/** Puts the documents (keyed by their primary key) in one transaction; resolves when it completed. */
function putAll(db: IDBDatabase, docs: Doc[], primaryPath: string): Promise<void> {
  const tx = db.transaction(STORE, 'readwrite');
  const store = tx.objectStore(STORE);
  for (const doc of docs) store.put(doc, (doc as Record<string, unknown>)[primaryPath] as string);
  return done(tx);
}

function deleteAll(db: IDBDatabase, ids: string[]): Promise<void> {
  const tx = db.transaction(STORE, 'readwrite');
  const store = tx.objectStore(STORE);
  for (const id of ids) store.delete(id);
  return done(tx);
}

/**
 * The documents RxDB's Dexie storage kept for this instance, converted back as Dexie read them, written into `db`;
 * the old database is deleted once they are. None when there is no such database (it is not created by looking).
 */
async function moveFromDexie(db: IDBDatabase, params: Params): Promise<Doc[]> {
  const name = dexieDatabaseName(params.databaseName, params.collectionName, params.schema.version);
  const old = await new Promise<IDBDatabase | null>((resolve, reject) => {
    const req = indexedDB.open(name);
    let missing = false;
    req.onupgradeneeded = () => {
      missing = true;
      req.transaction?.abort();
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => (missing ? resolve(null) : reject(req.error));
  });
  if (!old) return [];
  let docs: Doc[] = [];
  try {
    if (old.objectStoreNames.contains(STORE)) {
      const rows = await request(old.transaction(STORE, 'readonly').objectStore(STORE).getAll());
      const booleans = booleanIndexes(params.schema as RxJsonSchema<Doc>);
      docs = rows.map((row) => fromDexie(row, booleans));
    }
  } finally {
    old.close();
  }
  if (docs.length > 0) await putAll(db, docs, getPrimaryFieldOfPrimaryKey(params.schema.primaryKey) as string);
  // Only once the documents are here; a failure leaves the old database for the next open to try again.
  indexedDB.deleteDatabase(name);
  return docs;
}

/** Index fields of type boolean, which Dexie stored as '1'/'0' (IndexedDB cannot index booleans), and `_deleted`. */
function booleanIndexes(schema: RxJsonSchema<Doc>): string[] {
  const fields = new Set<string>();
  for (const index of schema.indexes ?? []) {
    for (const field of Array.isArray(index) ? index : [index]) {
      if ((getSchemaByObjectPath(schema, field) as { type?: unknown } | undefined)?.type === 'boolean') fields.add(field);
    }
  }
  fields.add('_deleted');
  return [...fields];
}

/** A document as Dexie stored it → as RxDB wrote it: '1'/'0' back to booleans, `__` key prefixes back to `|`. */
function fromDexie(row: unknown, booleans: string[]): Doc {
  const doc = fromDexieField(row) as Record<string, unknown>;
  for (const path of booleans) {
    const parts = path.split('.');
    let at: Record<string, unknown> | undefined = doc;
    for (const part of parts.slice(0, -1)) at = at?.[part] as Record<string, unknown> | undefined;
    const last = parts[parts.length - 1]!;
    if (at && last in at) at[last] = at[last] === '1';
  }
  return doc as Doc;
}

function fromDexieField(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(fromDexieField);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[key.startsWith('__') ? `|${key.slice(2)}` : key] = fromDexieField(inner);
  return out;
}
