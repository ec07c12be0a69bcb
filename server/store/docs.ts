import { StoreConflictError, type Database, type StoredDoc } from './docstore.js';

/** Every document of a type, through the `by_type` view of the trip and registry design documents. */
export async function docsOfType<T extends StoredDoc>(db: Database, type: string, designDoc = 'trip'): Promise<T[]> {
  const { rows } = await db.query(`${designDoc}/by_type`, { key: type, includeDocs: true });
  return rows.map((r) => r.doc as T).filter(Boolean);
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
