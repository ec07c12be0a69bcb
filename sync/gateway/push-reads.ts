/**
 * The read a push makes before its write, made once instead of twice (issue 36).
 *
 * RxDB's `replicateCouchDB` pushes in two requests: `POST _all_docs` with the ids it is about to write (their current
 * revisions, to tell its conflicts), then `POST _bulk_docs`. The gateway's `_bulk_docs` read the same ids again, with
 * the documents the write rules judge them by (`GatewayPolicy.relatedIds`: a score's scorecard and round), so every
 * score cost CouchDB two reads and a write. Now the `_all_docs` of a session reads those related documents and the
 * conflicts too, in its one request, and keeps what it read here; the `_bulk_docs` that follows takes it instead of
 * reading again, when all of these hold:
 * - it is a normal edit (`new_edits` true: each document names the revision it extends, and CouchDB itself refuses
 *   the write of one that is no longer current, as a `conflict`, so a written document's stored version was exactly
 *   the one read);
 * - the read is recent ({@link REUSE_MS}) and holds every id the write needs;
 * - the store says the trip's database was not written since just before that read began (`writtenSince`): by this
 *   server, its writes still under way included, or by another, as far as the feed of database updates has named
 *   them (change-watch.ts: within its delay). A store that cannot tell (the embedded one, a feed not running) is
 *   never reused from, and neither is a read whose push a store call or the rules refused: a refusal, or any doubt,
 *   is judged again from a fresh read.
 * Each kept read is taken once. At most {@link MAX_KEPT} are kept (one per session pushing): the oldest go first.
 */
import type { GatewayDoc } from './types.js';

/** A kept read is reused by a `_bulk_docs` that arrives at most this long after it ended. */
export const REUSE_MS = 2_000;
const MAX_KEPT = 4_096;

export interface KeptRead {
  /** The database's mark taken just before the read began (`GatewayDatabase.readMark`). */
  mark: number;
  /** When the read ended (performance.now()). */
  endedAt: number;
  /** Each id read: its stored winning revision with its `_conflicts`, or null when it does not exist (or is deleted). */
  docs: ReadonlyMap<string, GatewayDoc | null>;
}

export class PushReads {
  private readonly kept = new Map<string, KeptRead>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  keep(key: string, read: KeptRead): void {
    this.kept.delete(key);
    this.kept.set(key, read);
    while (this.kept.size > MAX_KEPT) this.kept.delete(this.kept.keys().next().value!);
  }

  /** The read kept for `key` (taken: it is not kept any more) when it is recent and holds every one of `ids`. */
  take(key: string, ids: readonly string[]): KeptRead | undefined {
    const read = this.kept.get(key);
    if (!read) return undefined;
    this.kept.delete(key);
    if (this.now() - read.endedAt > REUSE_MS) return undefined;
    return ids.every((id) => read.docs.has(id)) ? read : undefined;
  }

  /** Reads kept now (tests). */
  get size(): number {
    return this.kept.size;
  }
}

/** Whose reads are kept apart: one session of one trip. */
export function pushReadKey(tripId: string, sessionId: string): string {
  return `${tripId}\u0000${sessionId}`;
}
