/**
 * An in-memory mirror of one embedded database's changes feed: for every document, the sequence of its latest
 * write, its leaf revisions, its winning revision, whether that is a deletion, and the winner's body (JSON).
 *
 * Why: PouchDB's LevelDB adapter answers `changes` by walking every stored revision body from `since` and reading
 * each document's metadata (about 10 ms per 100 rows, several times that while phones write), and a phone pulling a
 * trip asks for a page of 100 rows dozens of times. Answered from here a page takes well under a millisecond. It
 * also answers which of a list of ids exist (`allDocs` by keys, which PouchDB runs as one range query per key,
 * about 11 ms for the 72 new scores of a phone's push). And it answers reads of the winning documents (`get`, a range
 * of ids, documents by keys): PouchDB reads each document from LevelDB under a read lock that every write waits for,
 * so 200 readers of a trip (each leaderboard reads every player, scorecard and score) kept score writes waiting
 * seconds. The bodies held are bounded across databases by the adapter.
 *
 * Consistency: before every changes answer the mirror catches up with the database (`info().update_seq` is in
 * memory, and PouchDB moves it only once a write is committed), so a read never misses a write that finished before
 * it started; so does every read of documents. Existence lookups do not catch up: LevelDB lets only this process open the database, so every write
 * goes through the adapter, which tells the mirror which ids it is writing and, once done, at which sequence; an id
 * written since the last catch-up (or being written) is reported as unknown, and the caller asks PouchDB for it. Rows are exactly PouchDB's: one per document at the sequence of its latest write, `changes` as the style
 * asks (`all_docs`: every leaf, in PouchDB's order), `deleted` when the winner is a deletion, and `last_seq` the
 * sequence of the last row considered (a `doc_ids` filter skips rows without moving it), or `since` when none was.
 */
import { deepFreeze } from './by-seq.js';

/** The ids the adapter is writing now (their writes may not have reached the mirror's bookkeeping yet). */
export interface Writing {
  has(id: string): boolean;
  ids(): Iterable<string>;
}

export interface IndexedChange {
  id: string;
  seq: number;
  changes: { rev: string }[];
  deleted?: boolean;
  /** The winning revision as stored (with `_id` and `_rev`; a deletion's own body too), asked with `includeDocs`. */
  doc?: Record<string, unknown>;
  /** The same as JSON text, instead of `doc`, asked with `rawDocs`. */
  docJson?: string;
}

interface Entry {
  id: string;
  seq: number;
  /** Leaf revisions, as PouchDB lists them for `style: all_docs`. */
  leaves: string[];
  winner: string;
  deleted: boolean;
  /** Superseded by a later write of the same document (left in `bySeq` until the next compaction). */
  stale: boolean;
  /**
   * The winning revision's JSON (with `_id` and `_rev`) while it has no attachments: a live document's, or a
   * deletion's (its tombstone, as PouchDB's feed gives it with `include_docs`). Every read of documents checks
   * `deleted` first; only the changes feed answers a deletion's body.
   */
  body: string | undefined;
  /** `body` parsed and frozen, made at the first shared read. */
  frozen?: Readonly<Record<string, unknown>>;
}

/** What the mirror reads from the database it follows. */
export interface SeqSource {
  updateSeq(): Promise<number>;
  /** PouchDB's changes after `since`, `style: all_docs` with documents (the winner is `doc._rev`, the body `doc`). */
  changesSince(since: number, limit: number): Promise<{
    results: SourceRow[];
    lastSeq: number;
  }>;
  /** The same rows with `since < seq <= upTo`: a read that stops past `upTo`, for catching up in parallel parts. */
  changesBetween?(since: number, upTo: number): Promise<SourceRow[]>;
}

export interface SourceRow {
  id: string;
  seq: number;
  changes: { rev: string }[];
  deleted?: boolean;
  doc?: { _rev?: string; [key: string]: unknown };
}

const CATCH_UP_PAGE = 2_000;
/**
 * A catch-up over at least twice this many sequences is read in parts side by side (at most `CATCH_UP_PARTS`).
 * PouchDB's changes feed reads each row's metadata one after the other, one turn of the event loop each: under load
 * (turns of a few milliseconds) 40 rows took 100 ms or more, and every board and every score write's conflict check
 * waited on it. Measured in one process with 30 writers and turns of 3 ms (about 26 rows a catch-up): one read 210 ms
 * at the median, 6 parts side by side 35 ms. Each part is a changes feed, and PouchDB warns past 10 feeds
 * listening to one database, hence 6 (7 with the adapter's live feed). A part costs a feed of its own (an iterator,
 * a row read past its end): short catch-ups, the most frequent ones, stay one read.
 */
const CATCH_UP_PART_MIN = 8;
const CATCH_UP_PARTS = 6;

export class SeqIndex {
  private readonly byId = new Map<string, Entry>();
  /** Ascending by `seq`; superseded entries stay until there are as many of them as live ones. */
  private bySeq: Entry[] = [];
  private staleCount = 0;
  private seq = 0;
  private catching: Promise<void> | undefined;
  /** Whether a first catch-up has read everything written before the mirror was made. */
  private built = false;
  /** Ids written (by this process) at a sequence the mirror has not read yet: id → that sequence. */
  private readonly dirty = new Map<string, number>();
  /** Every id the mirror knows (deleted ones too), in UTF-16 code unit order. */
  private readonly sortedIds: string[] = [];
  /**
   * An id holds a character outside the Basic Multilingual Plane: LevelDB orders ids by their UTF-8 bytes, which
   * then differs from JavaScript's string order, so ranges are left to PouchDB.
   */
  private astralIds = false;
  /** Characters of the bodies held, about their bytes (ids are ASCII as a rule). */
  bodyChars = 0;

  constructor(private readonly source: SeqSource) {}

  /**
   * Rows after `since` as PouchDB's `changes` answers them (not descending). With `includeDocs` each row has its
   * winning revision's body, parsed afresh for the caller; undefined when a row's body is not held (attachments), or
   * the feed could not be read up to the database's sequence, and PouchDB must answer.
   *
   * Why documents too: a phone's pull and longpoll ask with `include_docs` (RxDB's replication, PouchDB's), and
   * PouchDB answers those by reading every row's winning revision from LevelDB: when a score wakes the 36 phones of a
   * trip, each read it again (measured under the open-loop load of `bench:load`, 4.2 ms of server CPU a request, most
   * of it those reads). The mirror read that revision once, when it caught up.
   */
  async changes(options: { since: number; limit?: number; style: 'main_only' | 'all_docs'; docIds?: string[]; includeDocs?: boolean; rawDocs?: boolean }): Promise<{ results: IndexedChange[]; lastSeq: number } | undefined> {
    const caughtUp = await this.catchUp();
    const { since, limit, style, includeDocs, rawDocs } = options;
    if (includeDocs && !caughtUp) return undefined;
    const wanted = options.docIds ? new Set(options.docIds) : undefined;
    const results: IndexedChange[] = [];
    let lastSeq = since;
    for (let i = this.firstAfter(since); i < this.bySeq.length; i++) {
      if (limit !== undefined && results.length >= limit) break;
      const e = this.bySeq[i]!;
      if (e.stale || (wanted && !wanted.has(e.id))) continue;
      lastSeq = e.seq;
      const row: IndexedChange = { id: e.id, seq: e.seq, changes: style === 'all_docs' ? e.leaves.map((rev) => ({ rev })) : [{ rev: e.winner }] };
      if (e.deleted) row.deleted = true;
      if (includeDocs) {
        if (e.body === undefined) return undefined;
        if (rawDocs) row.docJson = e.body;
        else row.doc = JSON.parse(e.body) as Record<string, unknown>;
      }
      results.push(row);
    }
    return { results, lastSeq };
  }

  /**
   * What the mirror knows for sure of each id: its winning revision (deleted ones too), or that it does not exist.
   * Ids written since the last catch-up, or being written (`writing`), are left in `unsure` for the caller to read.
   */
  async lookup(ids: readonly string[], writing: (id: string) => boolean): Promise<{ known: Map<string, { winner: string; deleted: boolean } | null>; unsure: string[] }> {
    if (!this.built) await this.catchUp();
    const known = new Map<string, { winner: string; deleted: boolean } | null>();
    const unsure: string[] = [];
    for (const id of ids) {
      if (writing(id) || (this.dirty.get(id) ?? 0) > this.seq) {
        unsure.push(id);
        continue;
      }
      const e = this.byId.get(id);
      known.set(id, e ? { winner: e.winner, deleted: e.deleted } : null);
    }
    return { known, unsure };
  }

  /** Told by the adapter once a write of `ids` finished, with the database's sequence after it. */
  wrote(ids: readonly string[], seq: number): void {
    if (seq <= this.seq) return;
    for (const id of ids) this.dirty.set(id, Math.max(seq, this.dirty.get(id) ?? 0));
  }

  /** Index of the first entry with a sequence above `since`. */
  private firstAfter(since: number): number {
    let lo = 0;
    let hi = this.bySeq.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.bySeq[mid]!.seq <= since) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * The winning revision of `id` as JSON, read from memory once the mirror holds every write committed before the
   * call: null when there is no such document or it is deleted, undefined when the mirror cannot tell (the body is
   * not held: attachments; or the feed could not be read up to the database's sequence) and PouchDB must answer.
   */
  async doc(id: string, writing: Writing): Promise<string | null | undefined> {
    if (!(await this.current((a) => this.unsettled(a, writing), [id]))) return undefined;
    const e = this.byId.get(id);
    if (!e || e.deleted) return null;
    return e.body;
  }

  /**
   * For a read of `ids` with their documents, once the mirror holds every write committed before the call: each
   * id missing, deleted (its winning revision), or live (its winner's body as stored). With `singleLeaf` (a read
   * with conflicts) a live one counts only with a single leaf, so no conflict is possible. An id left out of the
   * map (several leaves, or no body held), or no map at all, is PouchDB's to answer.
   */
  async states(ids: readonly string[], singleLeaf: boolean, writing: Writing): Promise<Map<string, { kind: 'missing' } | { kind: 'deleted'; winner: string } | { kind: 'live'; winner: string; body: string }> | undefined> {
    if (!(await this.current((a) => this.unsettled(a, writing), ids))) return undefined;
    const states = new Map<string, { kind: 'missing' } | { kind: 'deleted'; winner: string } | { kind: 'live'; winner: string; body: string }>();
    for (const id of ids) {
      const e = this.byId.get(id);
      if (!e) states.set(id, { kind: 'missing' });
      else if (e.deleted) states.set(id, { kind: 'deleted', winner: e.winner });
      else if ((!singleLeaf || e.leaves.length === 1) && e.body !== undefined) states.set(id, { kind: 'live', winner: e.winner, body: e.body });
    }
    return states;
  }

  /**
   * The live documents with `startKey <= id <= endKey`, in id order, with their winning revision and body (PouchDB's
   * `allDocs` range), current as `doc` is; undefined when the mirror cannot answer it exactly.
   */
  async range(startKey: string, endKey: string, writing: Writing): Promise<MirrorRow[] | undefined> {
    if (startKey > endKey) return undefined;
    const inRange = (id: string) => id >= startKey && id <= endKey;
    const touched = () => [...writing.ids()].some(inRange) || [...this.dirty].some(([id, seq]) => seq > this.seq && inRange(id));
    if (!(await this.current(() => touched(), [])) || this.astralIds) return undefined;
    const rows: MirrorRow[] = [];
    for (let i = lowerBound(this.sortedIds, startKey); i < this.sortedIds.length && this.sortedIds[i]! <= endKey; i++) {
      const e = this.byId.get(this.sortedIds[i]!)!;
      if (e.deleted) continue;
      if (e.body === undefined) return undefined;
      rows.push(new MirrorRow(e, e.body));
    }
    return rows;
  }

  /**
   * Whether a read can be answered as it stands: the mirror is built and `stale` says none of what the read covers was
   * written since the last catch-up (or is being written); otherwise it catches up first. Every write goes through
   * the adapter, which tells the mirror what it writes (see `lookup`), so a read never misses an acknowledged write,
   * and reads of documents nobody just wrote do not wait for the changes feed.
   */
  private async current(stale: (ids: readonly string[]) => boolean, ids: readonly string[]): Promise<boolean> {
    if (this.built && !stale(ids)) return true;
    return this.catchUp();
  }

  /** Some of `ids` is being written, or was written at a sequence the mirror has not read yet. */
  private unsettled(ids: readonly string[], writing: Writing): boolean {
    return ids.some((id) => writing.has(id) || (this.dirty.get(id) ?? 0) > this.seq);
  }

  /**
   * Reads what was committed since the last catch-up; concurrent callers share one read. True once the mirror holds
   * every write committed before the call.
   */
  private async catchUp(): Promise<boolean> {
    // The sequence at the call is the goal: writes committed later need not wait for this reader.
    const target = await this.source.updateSeq();
    while (this.seq < target) {
      if (!this.catching) {
        this.catching = this.readMore(target).finally(() => {
          this.catching = undefined;
        });
      }
      const before = this.seq;
      await this.catching;
      // Nothing new although the database said there was: stop rather than spin (the next call reads again).
      if (this.seq === before) return false;
    }
    return true;
  }

  private async readMore(target: number): Promise<void> {
    const parts = this.partsUpTo(target);
    // The parts and the rest (to the end of the feed) side by side, applied in sequence order.
    const [pages, rest] = await Promise.all([Promise.all(parts.map((p) => this.source.changesBetween!(p.since, p.upTo))), this.readFrom(parts.at(-1)?.upTo ?? this.seq)]);
    for (const page of [...pages, rest]) for (const row of page) this.apply(row);
    this.built = true;
    for (const [id, seq] of this.dirty) if (seq <= this.seq) this.dirty.delete(id);
  }

  /** Every row after `since`, page by page to the end of the feed. */
  private async readFrom(since: number): Promise<SourceRow[]> {
    const rows: SourceRow[] = [];
    for (let from = since; ; ) {
      const page = await this.source.changesSince(from, CATCH_UP_PAGE);
      rows.push(...page.results);
      if (page.results.length < CATCH_UP_PAGE) return rows;
      from = page.results.at(-1)!.seq;
    }
  }

  /**
   * Up to `target`, bounded parts `(a, b]`, `(b, c]`, … read side by side with the rest after the last. A part is
   * complete up to its end however many of its rows were superseded (the feed skips those: their documents' later
   * rows are in a later part or the rest), so, applied in order, the parts give exactly what one read from the start
   * gives. None when the catch-up is short or the source reads only from a point on.
   */
  private partsUpTo(target: number): { since: number; upTo: number }[] {
    const span = target - this.seq;
    if (!this.source.changesBetween || span < 2 * CATCH_UP_PART_MIN) return [];
    const parts = Math.min(CATCH_UP_PARTS, Math.floor(span / CATCH_UP_PART_MIN));
    const step = Math.ceil(span / parts);
    return Array.from({ length: parts - 1 }, (_, i) => ({ since: this.seq + i * step, upTo: this.seq + (i + 1) * step }));
  }

  private apply(row: SourceRow): void {
    if (row.seq <= this.seq) return;
    const previous = this.byId.get(row.id);
    if (previous) {
      previous.stale = true;
      this.staleCount += 1;
      this.bodyChars -= previous.body?.length ?? 0;
      previous.body = undefined;
      previous.frozen = undefined;
    } else {
      this.sortedIds.splice(lowerBound(this.sortedIds, row.id), 0, row.id);
      if (/[\ud800-\udfff]/.test(row.id)) this.astralIds = true;
    }
    const leaves = row.changes.map((c) => c.rev);
    const deleted = row.deleted === true;
    const body = row.doc && row.doc._attachments === undefined ? JSON.stringify(row.doc) : undefined;
    this.bodyChars += body?.length ?? 0;
    const entry: Entry = { id: row.id, seq: row.seq, leaves, winner: row.doc?._rev ?? leaves[0]!, deleted, stale: false, body };
    this.byId.set(row.id, entry);
    this.bySeq.push(entry);
    this.seq = row.seq;
    if (this.staleCount > 1_000 && this.staleCount > this.bySeq.length / 2) {
      this.bySeq = this.bySeq.filter((e) => !e.stale);
      this.staleCount = 0;
    }
  }
}

/**
 * A live document of a range: its id, winning revision and body, and `shared()`, the body parsed and frozen, made
 * once and kept until the document changes (a new entry replaces this one). A class, not an object with a closure
 * per row: a range of a big trip has thousands of rows, and tsx gives every closure made a name at run time.
 */
export class MirrorRow {
  readonly id: string;
  readonly rev: string;
  /**
   * The body as of the range: taken now, since a catch-up before the caller reads the row may supersede the entry
   * (and drop its body).
   */
  constructor(
    private readonly entry: Entry,
    readonly body: string,
  ) {
    this.id = entry.id;
    this.rev = entry.winner;
  }
  shared(): Readonly<Record<string, unknown>> {
    return (this.entry.frozen ??= deepFreeze(JSON.parse(this.body) as Record<string, unknown>));
  }
}

/** Index of the first id not below `key` in an ascending array. */
export function lowerBound(ids: readonly string[], key: string): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
