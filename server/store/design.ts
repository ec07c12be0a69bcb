import { sameDesign, type DesignDoc } from '../../couchdb/design/index.js';
import { StoreConflictError, type Database, type StoredDoc } from './docstore.js';

/**
 * Puts each design document whose content differs from the stored one; leaves identical ones untouched. Shared by
 * both adapters, so an embedded and a CouchDB deployment index the same views. A conflict means another server
 * instance installed it at the same moment: read again and compare.
 */
export async function installDesignDocs(db: Database, docs: DesignDoc[]): Promise<void> {
  for (const wanted of docs) {
    for (let attempt = 0; ; attempt++) {
      const stored = await db.get(wanted._id);
      if (sameDesign(stored, wanted)) break;
      try {
        await db.put({ ...(wanted as unknown as StoredDoc), ...(stored?._rev ? { _rev: stored._rev } : {}) });
        break;
      } catch (err) {
        if (err instanceof StoreConflictError && attempt < 3) continue;
        throw err;
      }
    }
  }
}
