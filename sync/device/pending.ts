/**
 * Counts local writes the server has not acknowledged, by RxDB's own bookkeeping rather than a guess from events:
 * RxDB keeps, per document, the state it assumes the server has (the "assumed master state", written once a push
 * was answered or a pull was stored). A document is pending when its local state differs from that — the very
 * test RxDB's upstream uses to decide what to push — so the count survives restarts and conflict rounds.
 *
 * Only candidates are checked (documents changed since the last check, and every document at start), so a check
 * costs as much as the recent writes, not the whole trip.
 */
import { getAssumedMasterState, getHeightOfRevision, writeDocToDocState, type RxCollection, type RxDocumentData } from 'rxdb';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import type { LocalDoc } from './schema.js';

export class PendingWrites {
  private readonly candidates = new Set<string>();
  private readonly pending = new Set<string>();
  private identifierHash: Promise<string> | undefined;

  constructor(
    private readonly collection: RxCollection<LocalDoc>,
    private readonly replication: RxCouchDBReplicationState<LocalDoc>,
  ) {}

  get count(): number {
    return this.pending.size;
  }

  /** Documents that changed locally or remotely: checked at the next `refresh`. */
  touch(ids: Iterable<string>): void {
    for (const id of ids) this.candidates.add(id);
  }

  /** Re-checks the candidates (and what was pending); answers the number of pending documents. */
  async refresh(): Promise<number> {
    const state = this.replication.internalReplicationState;
    const ids = [...new Set([...this.candidates, ...this.pending])];
    this.candidates.clear();
    if (ids.length === 0) return this.pending.size;
    if (!state) {
      // Not started yet: nothing was acknowledged in this run; check again once it runs.
      for (const id of ids) this.candidates.add(id);
      return this.pending.size;
    }
    this.identifierHash ??= Promise.resolve(state.input.hashFunction(state.input.identifier));
    const [forkDocs, assumed, identifierHash] = await Promise.all([
      this.collection.storageInstance.findDocumentsById(ids, true),
      getAssumedMasterState(state, ids),
      this.identifierHash,
    ]);
    const forkById = new Map<string, RxDocumentData<LocalDoc>>(forkDocs.map((d) => [d.docId, d]));
    for (const id of ids) {
      const fork = forkById.get(id);
      if (fork && isUnpushed(fork, assumed[id], identifierHash, state.input.conflictHandler.isEqual)) this.pending.add(id);
      else this.pending.delete(id);
    }
    return this.pending.size;
  }
}

type Assumed = Awaited<ReturnType<typeof getAssumedMasterState<LocalDoc>>>[string];

/** RxDB's own test (replication-protocol upstream and downstream) for "a local write the master has not seen". */
function isUnpushed(
  fork: RxDocumentData<LocalDoc>,
  assumed: Assumed | undefined,
  identifierHash: string,
  isEqual: (a: any, b: any, context: string) => boolean,
): boolean {
  // Written by the pull itself (its meta row may follow a moment later): it came from the server.
  const origin = (fork._meta as { o?: { hash?: string; _rev?: number } }).o;
  if (origin && origin.hash === identifierHash && origin._rev === getHeightOfRevision(fork._rev)) return false;
  if (!assumed) return true; // never acknowledged by the server
  // A resolved conflict is pushed even when it equals the server's state.
  if (assumed.metaDocument.isResolvedConflict === fork._rev) return true;
  return !isEqual(assumed.docData, writeDocToDocState(fork, false, false), 'device-pending-writes');
}
