/**
 * The device's status, from what actually happened: the transport's answers (reachable or not, refused documents),
 * the session (token refused), RxDB's replication events, and the pending writes counted from RxDB's own state.
 */
import { BehaviorSubject, type Observable, type Subscription } from 'rxjs';
import type { RxCollection, RxDocumentData } from 'rxdb';
import type { RxCouchDBReplicationState } from 'rxdb/plugins/replication-couchdb';
import { PendingWrites } from './pending.js';
import type { LocalDoc } from './schema.js';
import type { SessionKeeper } from './session.js';
import type { SyncTransport, TransportEvent } from './transport.js';
import type { DeviceStatus } from './types.js';

export class StatusTracker {
  readonly status$: Observable<DeviceStatus>;
  private readonly subject = new BehaviorSubject<DeviceStatus>({ state: 'syncing', pendingWrites: 0, lastSyncedAt: null, refused: [], authError: null });
  private readonly pending: PendingWrites;
  private readonly refused = new Map<string, string>();
  private readonly subs: Subscription[] = [];
  private offline = false;
  private active = false;
  private closed = false;
  private lastContactAt: string | null = null;
  private lastSyncedAt: string | null = null;
  private refreshing: Promise<void> | undefined;
  private dirty = false;

  constructor(
    docs: RxCollection<LocalDoc>,
    private readonly replication: RxCouchDBReplicationState<LocalDoc>,
    transport: SyncTransport,
    private readonly session: SessionKeeper,
    private readonly now: () => Date,
    private readonly onError: (err: unknown) => void,
  ) {
    this.status$ = this.subject.asObservable();
    this.pending = new PendingWrites(docs, replication);
    // A change carries the document's new state: one the pull wrote settles at once (PendingWrites.saw).
    const saw = (id: string, doc: RxDocumentData<LocalDoc> | undefined) => {
      this.pending.saw(id, doc);
      this.schedule();
    };
    this.subs.push(
      docs.$.subscribe((ev) => saw(ev.documentId, ev.documentData as RxDocumentData<LocalDoc> | undefined)),
      replication.received$.subscribe((doc) => saw(doc.docId, doc as RxDocumentData<LocalDoc>)),
      // Sent is announced before RxDB records the acknowledgement: count again once its push queue settled.
      replication.sent$.subscribe((doc) => {
        this.pending.touch([doc.docId]);
        const settled = replication.internalReplicationState?.streamQueue.up ?? Promise.resolve();
        void settled.then(
          () => this.schedule(),
          () => this.schedule(),
        );
      }),
      replication.active$.subscribe((active) => {
        this.active = active;
        this.schedule();
      }),
      transport.events$.subscribe((ev) => this.onTransport(ev)),
    );
  }

  get current(): DeviceStatus {
    return this.subject.getValue();
  }

  get pendingWrites(): number {
    return this.pending.count;
  }

  /** Every stored document is a candidate at start: writes of an earlier run may still be unacknowledged. */
  async start(ids: string[]): Promise<void> {
    this.pending.touch(ids);
    await this.refreshNow();
  }

  dismissRefused(docId: string): void {
    if (this.refused.delete(docId)) this.publish();
  }

  /** Counts pending writes now and publishes; resolves once no count is running or asked for. */
  async refreshNow(): Promise<void> {
    this.schedule();
    while (this.refreshing) await this.refreshing;
  }

  /** Re-counts pending writes and publishes the status; calls during a count make it run once more. */
  schedule(): void {
    this.dirty = true;
    this.refreshing ??= this.refreshLoop().finally(() => {
      this.refreshing = undefined;
      if (this.dirty && !this.closed) this.schedule();
    });
  }

  close(): void {
    this.closed = true;
    for (const sub of this.subs) sub.unsubscribe();
    this.publish();
    this.subject.complete();
  }

  private onTransport(ev: TransportEvent): void {
    if (ev.type === 'unreachable') this.offline = true;
    else if (ev.type === 'response') {
      this.offline = false;
      if (ev.status < 400) this.lastContactAt = this.now().toISOString();
    } else if (ev.type === 'refused') {
      this.refused.set(ev.docId, ev.reason);
      this.pending.touch([ev.docId]);
    } else {
      for (const id of ev.docIds) this.refused.delete(id);
      this.pending.touch(ev.docIds);
    }
    this.schedule();
  }

  private async refreshLoop(): Promise<void> {
    // One task later: a pull announces its documents as collection changes first, then as received (with their
    // origin mark) once stored; counting after both costs no read for them (PendingWrites.saw).
    await new Promise((resolve) => setTimeout(resolve, 0));
    while (this.dirty && !this.closed) {
      this.dirty = false;
      try {
        await this.pending.refresh();
      } catch (err) {
        if (!this.closed) this.onError(err);
      }
      this.publish();
    }
  }

  publish(): void {
    if (this.subject.closed) return;
    const pendingWrites = this.pending.count;
    const problem = this.session.refused;
    // Synced: the server answered, and nothing local is left that it has not acknowledged.
    if (pendingWrites === 0 && !this.offline && !problem && this.lastContactAt !== null) this.lastSyncedAt = this.lastContactAt;
    const next: DeviceStatus = {
      state: this.closed ? 'stopped' : problem ? 'needs_token' : this.offline ? 'offline' : pendingWrites > 0 || this.active ? 'syncing' : 'online',
      pendingWrites,
      lastSyncedAt: this.lastSyncedAt,
      refused: [...this.refused].map(([docId, reason]) => ({ docId, reason })),
      authError: problem?.code ?? null,
    };
    if (JSON.stringify(next) !== JSON.stringify(this.subject.getValue())) this.subject.next(next);
  }
}
