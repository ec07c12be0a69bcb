/**
 * An unmodified RxDB 17 phone for the replication tests: a memory-storage database with one `docs` collection that
 * holds every trip document type, as the plugin's users would set it up.
 */
import { createRxDatabase, type RxCollection, type RxConflictHandler, type RxDatabase } from 'rxdb';
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory';

// The primary key is a field our documents do not have: the plugin then maps CouchDB's `_id` onto it. The other
// properties are the fields the tests query; no schema validator is added, so documents keep any other field.
const schema = {
  version: 0,
  primaryKey: 'docId',
  type: 'object',
  properties: {
    docId: { type: 'string', maxLength: 200 },
    type: { type: 'string' },
    id: { type: 'string' },
    scorecardId: { type: 'string' },
    roundId: { type: 'string' },
    playerId: { type: 'string' },
    hole: { type: 'number' },
    strokes: { type: 'number' },
    enteredBy: { type: 'string' },
    deviceId: { type: 'string' },
    enteredAt: { type: 'string' },
    history: { type: 'array', items: { type: 'object' } },
    state: { type: 'string' },
    note: { type: 'string' },
    verifiedBy: { type: 'string' },
    createdAt: { type: 'string' },
    updatedAt: { type: 'string' },
  },
  required: ['docId', 'type'],
} as const;

export async function openRxPhone<T>(label: string, conflictHandler?: RxConflictHandler<T>): Promise<{ db: RxDatabase; docs: RxCollection<T> }> {
  // A name of its own: RxDB refuses to open a second database of the same name in one process.
  const name = `phone${label.toLowerCase()}${process.pid}${Date.now()}${Math.floor(Math.random() * 1e6)}`;
  const db = await createRxDatabase({ name, storage: getRxStorageMemory(), multiInstance: false });
  await db.addCollections({ docs: { schema, ...(conflictHandler ? { conflictHandler } : {}) } });
  return { db, docs: db.docs as RxCollection<T> };
}
