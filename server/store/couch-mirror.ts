import { arrivedAt, stamp } from './arrival.js';
import { deepFreeze } from './by-seq.js';
import type { CouchHttp } from './couch-http.js';
import type { AllDocsRow, CopyFollower, StoredDoc } from './docstore.js';
import { lowerBound } from './seq-index.js';

/**
 * A trip database's documents, kept on this server from CouchDB's changes feed, for the reads that only read
 * (`allDocs` with `shared`: the ranges a board or the TV payload is built from).
 *
 * Without it, every new state of a trip cost CouchDB the whole trip again: eight range reads, of which the scores
 * alone were 2,600 documents (`npm run bench:tripday`: about 170 ms of the stand-in's time each, once per TV poll of a
 * changed trip, and every phone's push and every REST read behind it waited). Now a read costs one `_changes` from
 * where the copy stands, usually a few rows.
 *
 * Exact in the same way as `oncePerSeq` (by-seq.ts): a read is answered from a catch-up that started after the read
 * did (or after its request arrived, arrival.ts), so it holds every write acknowledged before the read began, whichever
 * server made it. Catch-ups run one at a
 * time; reads that arrive while one runs share the next. `_changes` with `include_docs` carries each document's
 * current winning revision (whatever the row's sequence), so a row seen twice (a cluster may replay some) changes
 * nothing. A failed catch-up drops the copy: the next read starts it again from the beginning.
 *
 * A feed that is not a snapshot (pouchdb-server's, the stand-in: its sequences are numbers) can leave a document out
 * of one read altogether: PouchDB's LevelDB feed walks the stored revisions by sequence and skips a row whose
 * document has a later one by the time it looks, and a write that lands then, after the walk has passed its end,
 * is neither answered nor moves `last_seq` (test/sync/season.test.ts saw a round board answer 404 for a round written
 * long before, edited by a phone's first score just as the organizer's read took the trip's first copy). Such a
 * write was committed before the read ended, so the database's `update_seq` read after it is past `last_seq`: on
 * those feeds a catch-up reads again from where it stands until the two agree (at most `SNAPSHOT_READS` reads:
 * a trip written faster than that is left for the next read, as a longer catch-up would be). Apache CouchDB reads each
 * shard's feed from one snapshot of it (opaque sequences): one read, as before.
 */
/** Reads of a feed that is not a snapshot in one catch-up, at most (each after the first follows a check of `update_seq`). */
const SNAPSHOT_READS = 3;

export class CouchMirror {
  private docs = new Map<string, StoredDoc>();
  /** Each document's JSON length, and their sum: what the copy holds, for the budget of all copies. */
  private charsOf = new Map<string, number>();
  private chars = 0;
  private seq: string | number = 0;
  /** The ids in `_all_docs` order, until the set of ids changes. */
  private sorted: string[] | undefined;
  /**
   * An id outside the Basic Multilingual Plane was seen: JavaScript's string order (UTF-16 units) no longer matches
   * CouchDB's (code points), so ranges are read from CouchDB, as the embedded store's mirror does (seq-index.ts).
   */
  private astralIds = false;
  /** The feed has been read once: its kind of sequence (numbers or opaque) is known. */
  private read0 = false;
  /** The last catch-up asked for: each starts once the one before it has ended, so two never apply at once. */
  private last: Promise<void> = Promise.resolve();
  /** A catch-up asked for that has not started yet: a read arriving now shares it. */
  private waiting?: Promise<void>;
  /**
   * The catch-up that started last, and when (on the request counter, arrival.ts): a request that arrived before it
   * started shares it, running or ended, instead of asking for another. A board, the trip document and the TV
   * payload's parts, read one after another for one request, cost one catch-up; so do the requests that came meanwhile.
   */
  private started?: { at: number; done: Promise<void> };
  /** The last catch-up that ended well: when it started (arrival.ts counter) and ended (performance.now()). */
  private settled?: { from: number; endedAt: number };
  /** Told every row a catch-up applies, until the copy is dropped (change-watch.ts: its reads of this database). */
  private readonly followers = new Set<CopyFollower>();

  constructor(
    private readonly http: CouchHttp,
    private readonly path: string,
    /** Told the copy's characters of JSON after each catch-up that changed them. */
    private readonly resized: (chars: number) => void = () => undefined,
  ) {}

  /**
   * Rows of `_all_docs` with `include_docs` from `startKey` to `endKey` (both included), as of now; frozen. Undefined
   * when the copy cannot order the range as CouchDB does (see `astralIds`): the caller reads CouchDB.
   */
  async range(startKey: string | undefined, endKey: string | undefined, atSeq?: string | number): Promise<AllDocsRow[] | undefined> {
    // A caller computing for a state this copy gave it (`state`) is answered from the copy as it stands: the copy
    // only moves forward, so it holds that state or a later one. Otherwise a catch-up that starts after this call.
    if (atSeq === undefined || !reached(this.seq, atSeq)) await this.caughtUp();
    if (this.astralIds) return undefined;
    const ids = (this.sorted ??= [...this.docs.keys()].sort());
    const from = startKey === undefined ? 0 : lowerBound(ids, startKey);
    const rows: AllDocsRow[] = [];
    for (let i = from; i < ids.length; i++) {
      const id = ids[i]!;
      if (endKey !== undefined && id > endKey) break;
      const doc = this.docs.get(id)!;
      rows.push({ id, key: id, value: { rev: doc._rev! }, doc });
    }
    return rows;
  }

  /**
   * The state of the database as of a catch-up that starts after this call (what `info().update_seq` says for
   * `oncePerSeq`, at the cost of the catch-up the reads that follow would make anyway): the feed's `last_seq`.
   */
  async state(): Promise<string | number> {
    await this.caughtUp();
    return this.seq;
  }

  /**
   * The position of the last catch-up that ended, without catching up, for a reader that may lag (a TV): with when
   * that catch-up started (arrival.ts counter), so the caller can tell whether anything was learnt written since,
   * and when it ended. Undefined before the first, and after a failed one.
   */
  lastCaughtUp(): { seq: string | number; from: number; endedAt: number } | undefined {
    // None under way or asked for: one under way may stand between two reads of a numbered feed.
    if (!this.settled || this.waiting || this.started?.at !== this.settled.from) return undefined;
    return { seq: this.seq, ...this.settled };
  }

  /**
   * Resolves once a catch-up that started after `since` (arrival.ts counter) has ended, shared with the reads: the
   * one that started since, if any (running or ended), else the next. For a follower that learnt the database
   * changed at `since` (the feed of database updates named it): its rows reach the followers.
   */
  caughtUpAfter(since: number): Promise<void> {
    return this.caughtUp(since);
  }

  /**
   * `follower` is told the rows of every catch-up that applies after this call (each document's id and winning
   * revision now), and once, `detached`, when the copy is dropped or a catch-up fails. Returns how to stop.
   */
  follow(follower: CopyFollower): () => void {
    this.followers.add(follower);
    return () => this.followers.delete(follower);
  }

  /**
   * The copy is no longer kept (its budget let it go), or starts again after a failed catch-up: the followers are
   * told where it stood, everything up to there having been told them, and no more. A catch-up under way still ends
   * for its readers.
   */
  drop(): void {
    const seq = this.read0 ? this.seq : undefined;
    const followers = [...this.followers];
    this.followers.clear();
    for (const f of followers) f.detached(seq);
  }

  /** Documents held (`_all_docs`' `total_rows`). */
  get size(): number {
    return this.docs.size;
  }

  /**
   * A catch-up that starts after this call (or after the request being served arrived): the one not started yet if
   * there is one, or a new one after the last.
   * Two catch-ups never run at once: one that read the feed earlier and ended later would put older documents back
   * over newer ones, and a board computed then would be kept for that state.
   */
  private caughtUp(arrived = arrivedAt()): Promise<void> {
    const started = this.started;
    if (arrived !== undefined && started && started.at > arrived) return started.done;
    if (this.waiting) return this.waiting;
    const next: Promise<void> = this.last.then(noop, noop).then(() => {
      if (this.waiting === next) this.waiting = undefined;
      const from = stamp();
      this.started = { at: from, done: next };
      return this.apply().then(() => {
        this.settled = { from, endedAt: performance.now() };
      });
    });
    // A failed catch-up is not shared afterwards: the next read tries again.
    next.catch(() => {
      if (this.started?.done === next) this.started = undefined;
    });
    this.waiting = next;
    this.last = next;
    return next;
  }

  private async apply(): Promise<void> {
    const before = this.chars;
    try {
      // A numbered feed's database says first whether there is anything to read (one small request, as CouchDB's
      // `_changes` with nothing new is): nothing past the copy's position, and no row left out before it either
      // (a row left out has a later one, past the position the feed gave).
      if (this.read0 && typeof this.seq === 'number' && !(await this.behind())) return;
      await this.read();
      // Numbers: a feed that may have left a document out (see the class comment) until the database agrees.
      for (let reads = 1; typeof this.seq === 'number' && reads < SNAPSHOT_READS && (await this.behind()); reads++) await this.read();
    } catch (err) {
      // What was applied before the failure was told; the followers go on from there on their own.
      this.drop();
      this.settled = undefined;
      this.docs = new Map();
      this.charsOf = new Map();
      this.seq = 0;
      this.sorted = undefined;
      this.astralIds = false;
      this.read0 = false;
      if (this.chars !== 0) this.resized((this.chars = 0));
      throw err;
    }
    if (this.chars !== before) this.resized(this.chars);
  }

  /** A numbered feed's database is past the copy's position (its `update_seq`, read now). */
  private async behind(): Promise<boolean> {
    const { update_seq: at } = await this.http.request<{ update_seq: string | number }>({ path: this.path });
    return typeof at === 'number' && at > (this.seq as number);
  }

  /** One read of the feed from where the copy stands, applied. */
  private async read(): Promise<void> {
    const feed = await this.http.request<{ results: { id: string; deleted?: boolean; changes?: { rev: string }[]; doc?: StoredDoc }[]; last_seq: string | number }>({
      path: `${this.path}/_changes`,
      qs: { since: this.seq, include_docs: true },
    });
    for (const row of feed.results) {
      const had = this.docs.has(row.id);
      this.chars -= this.charsOf.get(row.id) ?? 0;
      if (row.deleted || !row.doc || row.doc._deleted) {
        if (had) {
          this.docs.delete(row.id);
          this.charsOf.delete(row.id);
          this.sorted = undefined;
        }
      } else {
        const chars = JSON.stringify(row.doc).length;
        this.docs.set(row.id, deepFreeze(row.doc));
        this.charsOf.set(row.id, chars);
        this.chars += chars;
        if (!had) this.sorted = undefined;
        if (/[\ud800-\udfff]/.test(row.id)) this.astralIds = true;
      }
    }
    this.seq = feed.last_seq;
    this.read0 = true;
    if (this.followers.size && feed.results.length) {
      const changed = feed.results.map((row) => ({ id: row.id, rev: row.doc?._rev ?? row.changes?.[0]?.rev }));
      for (const f of [...this.followers]) f.applied(changed);
    }
  }
}

function noop(): void {}

/** The copy stands at `at` or past it: the same sequence, or (numbered feeds) a later one. */
function reached(seq: string | number, at: string | number): boolean {
  return seq === at || (typeof seq === 'number' && typeof at === 'number' && seq > at);
}
