import { mkdir, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import PouchDB from 'pouchdb-node';
import { designDocs } from '../../couchdb/design/index.js';
import { installDesignDocs } from './design.js';
import { WriteEvents, type Database, type DocStore, type WriteListener } from './docstore.js';
import { PouchDatabase } from './pouch.database.js';

const REGISTRY = 'golf_registry';
/** Databases whose changes feed is mirrored in memory at once (seq-index.ts); the least recently used drop theirs. */
const MAX_INDEXED = 200;
/**
 * Characters of document bodies the mirrors may hold together (about bytes: JSON of ASCII ids and values), unless
 * configured (`TRIP_COPIES_MB`): past it the least recently used databases drop their mirror. A 144-player trip with
 * every score of three rounds and their histories is about 6 MB.
 */
const MAX_MIRRORED_CHARS = 256 * 1024 * 1024;
/**
 * LevelDB's sizes for a trip's database. Each open LevelDB keeps its own block cache (8 MB by default) and memtable
 * (up to 4 MB by default), outside the JS heap; a season's server holds some 60 trips open, so the defaults were most
 * of its native memory: 60 reopened trips of 4,000 documents, read through, took 351 MB of RSS at the defaults and
 * 187 MB with a 256 KB cache (the heap 18 MB in both). A trip's reads are served from its copy in memory, and the
 * reads that fill the copy are one sequential pass that a cache of any size here does not hold, so the cache buys
 * little; the memtable bounds what a trip in play writes before a flush. The registry, read from LevelDB on every
 * cache miss, keeps the defaults.
 */
// leveldown's open options, passed through by PouchDB's LevelDB adapter (its types do not list them).
const TRIP_LEVELDB = { adapter: 'leveldb', cacheSize: 256 * 1024, writeBufferSize: 1024 * 1024 } as PouchDB.Configuration.DatabaseConfiguration;
/** How far before now a position of the writes is put: file times and the clock may disagree by a little. */
const WRITE_CLOCK_MARGIN_MS = 60_000;
/** A database's write mark is moved to now before a write unless it was moved less than this long ago (< the margin). */
const WRITE_MARK_EVERY_MS = 10_000;

/**
 * When each database was last written, as the times of files under `DATA_DIR/db-written/` (one empty file per
 * database), moved before a write. LevelDB's own files cannot tell: opening a database writes its LOG, a new log
 * file and, when the last one held writes, a new table, so a trip only read (by the startup sweep itself, say) looked
 * written, and every start swept every trip a season had opened (issue 36, bench:season's embedded store).
 */
class WriteMarks {
  private readonly moved = new Map<string, { at: number; done: Promise<void> }>();

  constructor(readonly dir: string) {}

  file(name: string): string {
    return join(this.dir, name);
  }

  /** Resolves once the mark of `name` is at most WRITE_MARK_EVERY_MS older than now. */
  before(name: string): Promise<void> {
    const now = Date.now();
    const last = this.moved.get(name);
    if (last && last.at > now - WRITE_MARK_EVERY_MS) return last.done;
    const done = (async () => {
      await mkdir(this.dir, { recursive: true });
      // Made if missing, then its time set: an empty write alone need not move it on every file system.
      await writeFile(this.file(name), '', { flag: 'a' });
      const at = new Date();
      await utimes(this.file(name), at, at);
    })();
    this.moved.set(name, { at: now, done });
    // A failed move is tried again by the next write (and fails that write, as the store's own write would).
    done.catch(() => this.moved.delete(name));
    return done;
  }

  /** The mark's time (ms), or undefined where the database has none (last written before marks were kept). */
  async time(name: string): Promise<number | undefined> {
    return stat(this.file(name)).then((st) => st.mtimeMs, () => undefined);
  }

  /** A mark for a database that had none, at `at`: no write of it is later than that (`databasesWrittenSince`). */
  async adopt(name: string, at: number): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(this.file(name), '', { flag: 'wx' });
    await utimes(this.file(name), at / 1000, at / 1000);
  }

  async drop(name: string): Promise<void> {
    this.moved.delete(name);
    await rm(this.file(name), { force: true });
  }
}

/**
 * The embedded adapter: PouchDB on LevelDB, one folder per database under `DATA_DIR/db/`. The default, so the
 * server runs on a laptop with no CouchDB.
 */
export class PouchDocStore implements DocStore {
  readonly kind = 'pouchdb' as const;
  private readonly dir: string;
  private readonly open = new Map<string, PouchDatabase>();
  private readonly events = new WriteEvents();
  /** Databases holding a SeqIndex, least recently used first. */
  private readonly indexed = new Map<string, PouchDatabase>();

  private readonly maxMirroredChars: number;

  private readonly marks: WriteMarks;

  constructor(dataDir: string, options: { copiesChars?: number } = {}) {
    this.dir = join(dataDir, 'db');
    this.marks = new WriteMarks(join(dataDir, 'db-written'));
    this.maxMirroredChars = options.copiesChars ?? MAX_MIRRORED_CHARS;
  }

  onWrite(listener: WriteListener): () => void {
    return this.events.on(listener);
  }

  /** LevelDB opens its folder as soon as a handle is made, so handles exist only after `init` made the folder. */
  get registry(): Database {
    return this.handle(REGISTRY);
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await installDesignDocs(this.registry, designDocs().registry);
  }

  tripDbName(tripId: string): string {
    return `trip-${tripId}`;
  }

  trip(tripId: string): Database {
    return this.handle(this.tripDbName(tripId));
  }

  async createTrip(tripId: string): Promise<Database> {
    const db = this.trip(tripId);
    // PouchDB has no _security object; access control is the server's (the CouchDB adapter sets it).
    await installDesignDocs(db, designDocs().trip);
    return db;
  }

  /**
   * An open LevelDB database costs this process its block cache and write buffer, a few MB whether it is read or
   * not: the startup sweep over 250 trips written since the last start left 250 open and the server at 850 MB before
   * any phone asked anything (`npm run bench:season`, embedded). A handle opened for the task is closed after it,
   * unless someone else asked for it meanwhile (`handle`).
   */
  borrowTrip(tripId: string): { db: Database; release(): Promise<void> } {
    const name = this.tripDbName(tripId);
    const wasOpen = this.open.has(name);
    const db = this.handle(name, false);
    return {
      db,
      release: async () => {
        if (wasOpen || this.handedOut.has(db) || this.open.get(name) !== db) return;
        this.open.delete(name);
        this.indexed.delete(name);
        db.dropIndex();
        await db.pouch.close().catch(() => undefined);
      },
    };
  }

  async destroyTrip(tripId: string): Promise<void> {
    const name = this.tripDbName(tripId);
    const db = this.open.get(name) ?? this.handle(name);
    this.open.delete(name);
    this.indexed.delete(name);
    await db.pouch.destroy();
    await this.marks.drop(name);
  }

  async tripExists(tripId: string): Promise<boolean> {
    try {
      await stat(join(this.dir, this.tripDbName(tripId)));
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The clock, less {@link WRITE_CLOCK_MARGIN_MS}: every write moves its database's mark first ({@link WriteMarks}),
   * so a database written after a position has a mark modified after it (`fs.stat`, no database opened).
   */
  async writesPosition(): Promise<number> {
    return Date.now() - WRITE_CLOCK_MARGIN_MS;
  }

  async databasesWrittenSince(position: string | number): Promise<Set<string> | undefined> {
    if (typeof position !== 'number') return undefined;
    const written = new Set<string>();
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch {
      return undefined;
    }
    for (const name of names) {
      if (!name.startsWith('trip-')) continue;
      const marked = await this.marks.time(name);
      if (marked !== undefined) {
        if (marked >= position) written.add(name);
        continue;
      }
      // No mark: last written before marks were kept, or open here now (then counted written). Its files' newest time
      // bounds its last write; it becomes its mark (unless open: a write in flight may not have touched a file yet).
      const files = await readdir(join(this.dir, name)).catch(() => [] as string[]);
      const times = await Promise.all(files.map((f) => stat(join(this.dir, name, f)).then((s) => s.mtimeMs, () => Number.POSITIVE_INFINITY)));
      const newest = Math.max(0, ...times);
      if (newest >= position || this.open.has(name)) written.add(name);
      if (!this.open.has(name) && Number.isFinite(newest)) await this.marks.adopt(name, newest).catch(() => undefined);
    }
    return written;
  }

  async close(): Promise<void> {
    const dbs = [...this.open.values()];
    this.open.clear();
    this.indexed.clear();
    await Promise.all(dbs.map((d) => d.pouch.close().catch(() => undefined)));
  }

  /** Removes every database folder (tests only). */
  async wipe(): Promise<void> {
    await this.close();
    await rm(this.dir, { recursive: true, force: true });
  }

  /** What this process holds open of trips: databases (LevelDB handles) and in-memory mirrors (tests, benches). */
  held(): { openTrips: number; mirrors: number } {
    const trips = (names: Iterable<string>) => [...names].filter((n) => n !== REGISTRY).length;
    return { openTrips: trips(this.open.keys()), mirrors: trips(this.indexed.keys()) };
  }

  private usedIndex(db: PouchDatabase): void {
    this.indexed.delete(db.name);
    this.indexed.set(db.name, db);
    while (this.indexed.size > 1 && (this.indexed.size > MAX_INDEXED || this.mirroredChars() > this.maxMirroredChars)) {
      const [oldest] = this.indexed.values();
      this.indexed.delete(oldest!.name);
      oldest!.dropIndex();
    }
  }

  private mirroredChars(): number {
    let chars = 0;
    for (const db of this.indexed.values()) chars += db.mirroredChars();
    return chars;
  }

  /** `handedOut` false: for `borrowTrip` only; every other handle is kept open, since its holder may use it at any time. */
  private handle(name: string, handedOut = true): PouchDatabase {
    let db = this.open.get(name);
    if (!db) {
      // The registry is not mirrored: its documents grow with the season, and its hot reads are cached above it.
      const pouch = new PouchDB(join(this.dir, name), name === REGISTRY ? {} : TRIP_LEVELDB);
      db = new PouchDatabase(name, pouch, this.events, (d) => this.usedIndex(d), () => this.marks.before(name), name !== REGISTRY);
      this.open.set(name, db);
    }
    if (handedOut) this.handedOut.add(db);
    return db;
  }

  /** Handles given to a caller that may keep them (everything but `borrowTrip`). */
  private readonly handedOut = new WeakSet<PouchDatabase>();
}
