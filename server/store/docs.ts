import { StoreConflictError, type Database, type StoredDoc } from './docstore.js';

/**
 * Every document of a type. Every id is `<type>:<id>` (the storage convention), so this is a range of the primary index, which
 * is always current; a view would have to index new documents first (PouchDB runs each map function per document
 * at query time, which made concurrent sync writes wait on each other). `_designDoc` is kept for callers' clarity.
 */
export async function docsOfType<T extends StoredDoc>(db: Database, type: string, _designDoc = 'trip'): Promise<T[]> {
  return docsWithPrefix<T>(db, `${type}:`);
}

/** Documents whose id starts with `prefix`, in id order. */
export async function docsWithPrefix<T extends StoredDoc>(db: Database, prefix: string): Promise<T[]> {
  const { rows } = await db.allDocs({ startKey: prefix, endKey: `${prefix}\ufff0`, includeDocs: true });
  return rows.map((r) => r.doc as T | null | undefined).filter((d): d is T => !!d);
}

/**
 * Documents of a type for a caller that only reads them: the objects may be shared with other callers and are
 * frozen (see `AllDocsOptions.shared`), so a trip's whole field is not parsed again for every leaderboard.
 */
export async function sharedDocsOfType<T extends StoredDoc>(db: Database, type: string, atSeq?: string | number): Promise<readonly Readonly<T>[]> {
  return sharedDocsWithPrefix<T>(db, `${type}:`, atSeq);
}

/**
 * Documents whose id starts with `prefix`, shared and frozen as {@link sharedDocsOfType}'s. `atSeq`: the state the
 * caller computes for (`AllDocsOptions.atSeq`).
 */
export async function sharedDocsWithPrefix<T extends StoredDoc>(db: Database, prefix: string, atSeq?: string | number): Promise<readonly Readonly<T>[]> {
  const { rows } = await db.allDocs({ startKey: prefix, endKey: `${prefix}\ufff0`, includeDocs: true, shared: true, ...(atSeq !== undefined ? { atSeq } : {}) });
  return rows.map((r) => r.doc as T | null | undefined).filter((d): d is T => !!d);
}

/**
 * One document for a caller that only reads it: frozen, and on the embedded store the same object for every caller
 * until it is written (`shared`), so a large document read on every request (a round with its course and groups, on
 * every score a golfer enters) is not parsed again each time. Undefined when there is none (or it is deleted).
 */
export async function sharedDoc<T extends StoredDoc>(db: Database, id: string, atSeq?: string | number): Promise<Readonly<T> | undefined> {
  const { rows } = await db.allDocs({ startKey: id, endKey: id, includeDocs: true, shared: true, ...(atSeq !== undefined ? { atSeq } : {}) });
  return (rows[0]?.doc ?? undefined) as Readonly<T> | undefined;
}

/**
 * One document as of the state of the database a caller computes for (`at`, from `state()`): from the store's copy of
 * the database where it keeps one (`hasCopy`: no request of its own, the copy holds that state), else (or without
 * `at`) read as `get` does. The caller's own object (a copy), undefined when there is none.
 */
export async function readDoc<T extends StoredDoc>(db: Database, id: string, at: string | number | undefined): Promise<T | undefined> {
  if (at === undefined || !db.hasCopy?.()) return db.get<T>(id);
  const doc = await sharedDoc<T>(db, id, at);
  return doc ? (structuredClone(doc) as T) : undefined;
}

/** The state to read a trip's documents at for one request where the store keeps a copy of it (`readDoc`), else undefined. */
export async function copyState(db: Database): Promise<string | number | undefined> {
  return db.hasCopy?.() && db.state ? db.state() : undefined;
}

/**
 * Documents of a type whose fields equal the values given. Trip databases hold thousands of documents, not
 * millions, so the type view narrows and the fields are compared here.
 */
export async function findDocs<T extends StoredDoc>(db: Database, type: string, where: Record<string, unknown> = {}): Promise<T[]> {
  const docs = await docsOfType<T>(db, type);
  const entries = Object.entries(where);
  return docs.filter((d) => entries.every(([k, v]) => d[k] === v));
}

/**
 * Read-modify-write with optimistic concurrency: reads the document, applies `change`, writes it with the revision
 * read, and tries again when another writer got there first. `change` returns undefined to leave it unchanged.
 */
export async function updateDoc<T extends StoredDoc>(
  db: Database,
  id: string,
  change: (doc: T) => T | undefined,
  attempts = 5,
): Promise<T | undefined> {
  for (let i = 0; ; i++) {
    const current = await db.get<T>(id);
    if (!current) return undefined;
    const next = change(structuredClone(current));
    if (!next) return current;
    try {
      const { rev } = await db.put({ ...next, _id: id, _rev: current._rev });
      return { ...next, _id: id, _rev: rev };
    } catch (err) {
      if (err instanceof StoreConflictError && i + 1 < attempts) continue;
      throw err;
    }
  }
}

/**
 * Writes the document `build` makes from the current one (undefined when there is none, or it was deleted), with the
 * revision read, and builds again when another writer got there first. For documents that may not exist yet.
 */
export async function upsertDoc<T extends StoredDoc>(db: Database, id: string, build: (current: T | undefined) => T, attempts = 5): Promise<T> {
  for (let i = 0; ; i++) {
    const current = await db.get<T>(id);
    const next = build(current === undefined ? undefined : structuredClone(current));
    try {
      const { rev } = await db.put({ ...next, _id: id, ...(current?._rev ? { _rev: current._rev } : {}) });
      return { ...next, _id: id, _rev: rev };
    } catch (err) {
      if (err instanceof StoreConflictError && i + 1 < attempts) continue;
      throw err;
    }
  }
}
