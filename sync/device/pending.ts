/**
 * Counts local writes the server has not acknowledged, by RxDB's own bookkeeping rather than a guess from events:
 * RxDB keeps, per document, the state it assumes the server has (the "assumed master state", written once a push
 * was answered or a pull was stored). A document is pending when its local state differs from that — the very
 * test RxDB's upstream uses to decide what to push — so the count survives restarts and conflict rounds.
 *
 * Only candidates are checked (documents changed since the last check, and every document at start), so a check
 * costs as much as the recent writes, not the whole trip. A change that carries the document's new state and shows
 * it was written by the pull (RxDB's origin mark, the test's first step) settles that document with no read at all:
 * a first sync of 3,000 documents would otherwise read each of them and its meta row once more. And a document read
 * back that carries the mark needs no meta row either.
 */
import { getAssumedMasterState, getHeightOfRevision, writeDocToDocState, type RxCollection, type RxDocumentData } from 'rxdb';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import type { LocalDoc } from './schema.js';

export class PendingWrites {
  private readonly candidates = new Set<string>();
  private readonly pending = new Set<string>();
  private identifierHash: Promise<string> | undefined;
  /** The hash once known (the origin mark is compared with it). */
  private knownHash: string | undefined;
  /**
   * Per document, the highest revision height a change was seen with, and whether that write was the pull's: an
   * older change arriving late is ignored. Two notices of one height are one write (a local write always raises the
   * height): RxDB announces a pulled document twice, once with its origin mark (`received$`) and once as the
   * collection's change, whose copy of an inserted document has lost the mark (RxDB resets `_meta` on insert).
   */
  private readonly seen = new Map<string, { height: number; pulled: boolean }>();

  constructor(
    private readonly collection: RxCollection<LocalDoc>,
    private readonly replication: RxCouchDBReplicationState<LocalDoc>,
  ) {
    // The origin mark is compared with the replication's hash: known as soon as it starts, before the first pull
    // is stored, so even the first batch settles without reads.
    void replication.startPromise.then(() => this.learnHash()).catch(() => undefined);
  }

  /** The replication's hash, once it started (undefined before). */
  private async learnHash(): Promise<string | undefined> {
    const state = this.replication.internalReplicationState;
    if (!state || this.knownHash !== undefined) return this.knownHash;
    this.identifierHash ??= Promise.resolve(state.input.hashFunction(state.input.identifier));
    this.knownHash = await this.identifierHash;
    return this.knownHash;
  }

  get count(): number {
    return this.pending.size;
  }

  /** Documents that changed locally or remotely: checked at the next `refresh`. */
  touch(ids: Iterable<string>): void {
    for (const id of ids) this.candidates.add(id);
  }

  /**
   * A change with the document's state after it (a collection change event, or a document the pull stored). When
   * the state carries the pull's origin mark for its own revision, the document is settled at once: it holds what the
   * server sent, so nothing of it is pending. Anything else becomes a candidate. A change older than one already seen
   * (a lower revision height) is ignored, so a late notice of a pull never hides a local write made after it.
   */
  saw(id: string, doc: RxDocumentData<LocalDoc> | undefined): void {
    const height = doc?._rev ? getHeightOfRevision(doc._rev) : undefined;
    if (height === undefined || this.knownHash === undefined) {
      this.candidates.add(id);
      return;
    }
    const before = this.seen.get(id);
    if (before && (height < before.height || (height === before.height && before.pulled))) return;
    const fromPull = pulled(doc!, this.knownHash);
    this.seen.set(id, { height, pulled: fromPull });
    if (fromPull) {
      this.candidates.delete(id);
      this.pending.delete(id);
    } else this.candidates.add(id);
  }

  /** Re-checks the candidates (and what was pending); answers the number of pending documents. */
  async refresh(): Promise<number> {
    const identifierHash = await this.learnHash();
    const state = this.replication.internalReplicationState;
    const ids = [...new Set([...this.candidates, ...this.pending])];
    this.candidates.clear();
    if (ids.length === 0) return this.pending.size;
    if (!state || identifierHash === undefined) {
      // Not started yet: nothing was acknowledged in this run; check again once it runs.
      for (const id of ids) this.candidates.add(id);
      return this.pending.size;
    }
    const forkDocs = await this.collection.storageInstance.findDocumentsById(ids, true);
    const forkById = new Map<string, RxDocumentData<LocalDoc>>(forkDocs.map((d) => [d.docId, d]));
    // A document the pull announced for the revision read (during this read, or before it) came from the server;
    // only the others, and not marked as pulled, need their meta row (the assumed master state).
    const fromPull = (id: string, fork: RxDocumentData<LocalDoc>) => {
      const seen = this.seen.get(id);
      return pulled(fork, identifierHash) || (seen !== undefined && seen.pulled && seen.height >= getHeightOfRevision(fork._rev));
    };
    const unmarked = ids.filter((id) => {
      const fork = forkById.get(id);
      return fork !== undefined && !fromPull(id, fork);
    });
    const assumed = unmarked.length > 0 ? await getAssumedMasterState(state, unmarked) : {};
    for (const id of ids) {
      const fork = forkById.get(id);
      if (fork && !fromPull(id, fork) && isUnpushed(fork, assumed[id], identifierHash, state.input.conflictHandler.isEqual)) this.pending.add(id);
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
  if (pulled(fork, identifierHash)) return false;
  if (!assumed) return true; // never acknowledged by the server
  // A resolved conflict is pushed even when it equals the server's state.
  if (assumed.metaDocument.isResolvedConflict === fork._rev) return true;
  return !isEqual(assumed.docData, writeDocToDocState(fork, false, false), 'device-pending-writes');
}

/** RxDB's origin mark (replication-protocol downstream): this revision of the document was written by the pull. */
function pulled(fork: RxDocumentData<LocalDoc>, identifierHash: string): boolean {
  const origin = (fork._meta as { o?: { hash?: string; _rev?: number } } | undefined)?.o;
  return origin !== undefined && origin.hash === identifierHash && origin._rev === getHeightOfRevision(fork._rev);
}
