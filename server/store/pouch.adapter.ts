import { mkdir, readdir, rm, stat } from 'node:fs/promises';
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
/** How far before now a position of the writes is put: file times and the clock may disagree by a little. */
const WRITE_CLOCK_MARGIN_MS = 60_000;

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

  constructor(dataDir: string, options: { copiesChars?: number } = {}) {
    this.dir = join(dataDir, 'db');
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
   * The clock, less {@link WRITE_CLOCK_MARGIN_MS}: LevelDB appends every write to its log file before answering, so a
   * database written after a position has a file modified after it (`fs.stat`, no database opened).
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
      const files = await readdir(join(this.dir, name)).catch(() => [] as string[]);
      const times = await Promise.all(files.map((f) => stat(join(this.dir, name, f)).then((s) => s.mtimeMs, () => Number.POSITIVE_INFINITY)));
      if (times.some((t) => t >= position)) written.add(name);
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
      db = new PouchDatabase(name, new PouchDB(join(this.dir, name)), this.events, (d) => this.usedIndex(d));
      this.open.set(name, db);
    }
    if (handedOut) this.handedOut.add(db);
    return db;
  }

  /** Handles given to a caller that may keep them (everything but `borrowTrip`). */
  private readonly handedOut = new WeakSet<PouchDatabase>();
}
