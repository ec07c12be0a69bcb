import type { Context, Next } from 'koa';

/**
 * Reads wait their turn; writes never do.
 *
 * Node serves every request on one thread. Under load each turn of the event loop runs the work of every request
 * whose data arrived meanwhile, so with 200 clients polling leaderboards a turn lasts a hundred milliseconds or
 * more. Most reads are answered from memory within a turn or two, but a score write waits on storage several times
 * (the database's write, the changes feed it then reads), once per turn each: it took seconds while the reads kept
 * flowing (`npm run bench:load`). So reads are admitted a few at a time (`READ_CONCURRENCY`), and a read that has
 * to wait is let in from the event loop's check phase, after the storage callbacks of that turn: a turn then holds
 * a bounded amount of read work, and a write's storage steps follow each other quickly whatever the number of
 * readers. Reads stay first come, first served among themselves.
 *
 * A read is a GET or HEAD, or a replication read by POST (`_bulk_get`, a filtered `_changes`), except a longpoll
 * `_changes` (it waits for a change, which is no work), `/health`, and a trip database's info and replication
 * checkpoints (`_local/…`): answered from memory, and every replication cycle of a phone, push as well as pull, waits
 * on them. Writes, and the push half of replication (`_revs_diff`, `_bulk_docs`), are not gated. Nor is a
 * `POST _all_docs` by `keys`: RxDB's push reads the documents it is about to write that way, just before its
 * `_bulk_docs`, and as a read it waited behind the boards and the TVs (`npm run bench:season` on Apache CouchDB,
 * 50 trips in play: p50 1.0 s, p95 4.5 s in the queue, the largest step of a score's way to REST).
 * A key range by `POST _all_docs` is a read of any size: the gateway has it wait its turn once the body shows it
 * (`admitLater`).
 * A read whose client went away while it waited is dropped when its turn comes (logged with status 499). Past `READ_QUEUE_LIMIT` waiting reads the server answers 503 `server_busy`
 * with `Retry-After` at once rather than queueing without bound.
 */
export interface AdmissionOptions {
  /** Reads run at once; the rest wait. */
  readConcurrency: number;
  /** Reads waiting at most; past it 503. */
  readQueueLimit: number;
}

/**
 * Unless configured: 8 reads at once, 2,000 waiting. Under `bench:load` (2 CPUs, 200 readers, 50 writers, the server
 * saturated: whatever reads get, writes lose) with reads that wait for a shared board giving their turn back
 * (`readTurnOf`), 4 gave writes p95 ≈ 160 ms and reads ≈ 680 ms, 6 gave ≈ 195 and ≈ 580, 8 gave ≈ 200 and ≈ 500,
 * 16 gave ≈ 320 and ≈ 390: 8 keeps writes inside 250 ms. (Before, when a waiting read kept its turn, 16 gave ≈ 155
 * and ≈ 560: most turns were held by reads waiting for a board, and the reads behind them waited too.)
 */
export const DEFAULT_ADMISSION: AdmissionOptions = { readConcurrency: 8, readQueueLimit: 2_000 };

export const BUSY_RETRY_AFTER_SECONDS = 1;

const POST_READS = /\/(_bulk_get|_changes)$/;
/** A trip database's info (`/sync/trips/{tripId}` or with a slash) and its checkpoints (`/sync/trips/{tripId}/_local/{id}`). */
const SYNC_FROM_MEMORY = /^\/sync\/trips\/[^/]+(\/|\/_local\/.+)?$/;

/** Whether a request is a read the gate admits in turn (see above). */
export function isGatedRead(method: string, path: string, query: Record<string, unknown>): boolean {
  if (path === '/health') return false;
  if (path.endsWith('/_changes') && query.feed === 'longpoll') return false;
  if (SYNC_FROM_MEMORY.test(path)) return false;
  if (method === 'GET' || method === 'HEAD') return true;
  return method === 'POST' && path.startsWith('/sync/') && POST_READS.test(path);
}

export class ReadGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** Reads admitted, queued and refused so far, and the longest queue seen. */
  readonly stats = { admitted: 0, queued: 0, refused: 0, maxQueue: 0 };

  constructor(private readonly options: AdmissionOptions) {}

  get queueLength(): number {
    return this.waiting.length;
  }

  /**
   * Runs `work` when a read may run: `ran`; `refused`, without running it, when the queue is full (the caller
   * answers 503); `gone` when `gone()` says the client left while the read waited. `work` gets its turn, which it
   * may give back while it waits for something it does not compute itself and take again to finish (`ReadTurn`).
   */
  async run(work: (turn: ReadTurn) => Promise<void>, gone: () => boolean): Promise<'ran' | 'refused' | 'gone'> {
    if (this.active >= this.options.readConcurrency) {
      if (this.waiting.length >= this.options.readQueueLimit) {
        this.stats.refused += 1;
        return 'refused';
      }
      this.stats.queued += 1;
      await this.wait(false);
      if (gone()) {
        this.release();
        return 'gone';
      }
    } else {
      this.active += 1;
    }
    this.stats.admitted += 1;
    let holding = true;
    const turn: ReadTurn = {
      giveBack: () => {
        if (!holding) return;
        holding = false;
        this.release();
      },
      takeAgain: async () => {
        if (holding) return;
        if (this.active < this.options.readConcurrency) this.active += 1;
        // Ahead of the reads that have not started: this one waited its turn once already, and what is left of it
        // is answering.
        else await this.wait(true);
        holding = true;
      },
    };
    try {
      await work(turn);
    } finally {
      turn.giveBack();
    }
    return 'ran';
  }

  /** Until `release` hands a turn over (active stays counted, so no newcomer can take it in between). */
  private wait(first: boolean): Promise<void> {
    return new Promise<void>((resolve) => {
      if (first) this.waiting.unshift(resolve);
      else this.waiting.push(resolve);
      if (this.waiting.length > this.stats.maxQueue) this.stats.maxQueue = this.waiting.length;
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (!next) {
      this.active -= 1;
      return;
    }
    // In the check phase, after this turn's I/O callbacks: not in this microtask chain, where one read after the
    // other would run without the loop ever reaching a storage callback.
    setImmediate(next);
  }
}

/**
 * The gate as Koa middleware for the requests `applies` selects; `refuse` answers a read refused for a full queue
 * (REST and the replication gateway answer in their own error shapes).
 */
export function admission(gate: ReadGate, applies: (ctx: Context) => boolean, refuse: (ctx: Context) => void) {
  return async (ctx: Context, next: Next) => {
    if (!applies(ctx) || !isGatedRead(ctx.method, ctx.path, ctx.query)) return next();
    const outcome = await gate.run((turn) => {
      (ctx.state as ReadTurnState)[READ_TURN] = turn;
      return next();
    }, () => ctx.req.socket?.destroyed === true);
    if (outcome === 'refused') {
      ctx.set('Retry-After', String(BUSY_RETRY_AFTER_SECONDS));
      refuse(ctx);
    } else if (outcome === 'gone') {
      // Nobody to answer: nginx's "client closed request" for the log line, and nothing written.
      ctx.status = 499;
      ctx.respond = false;
    }
  };
}

/**
 * Runs `read` in a turn of the gate, for a request the middleware let through because only its body tells whether it
 * is a read (the gateway's `admitRead`): at once if the request holds a turn already. `refuse` gives the error to
 * throw when the queue is full; a client that left while the read waited gets nothing (499).
 */
export function admitLater(gate: ReadGate, refuse: () => Error) {
  return async (ctx: Context, read: () => Promise<void>): Promise<void> => {
    if (readTurnOf(ctx)) return read();
    const outcome = await gate.run(read, () => ctx.req.socket?.destroyed === true);
    if (outcome === 'refused') throw refuse();
    if (outcome === 'gone') {
      ctx.status = 499;
      ctx.respond = false;
    }
  };
}

/** A gated read's turn (see `ReadGate.run`). */
export interface ReadTurn {
  /** Lets the next read in; nothing if the turn was given back already. */
  giveBack(): void;
  /** Waits for a turn again, ahead of the reads not started yet; at once if it still holds one. */
  takeAgain(): Promise<void>;
}

const READ_TURN = Symbol('read turn');
interface ReadTurnState {
  [READ_TURN]?: ReadTurn;
}

/**
 * The turn of a gated read, for one that waits for a value computed once per state of a trip and shared by every
 * request meanwhile (a leaderboard, the TV's payload: `oncePerSeq`). Such a read does no work while it waits: one
 * computation serves them all. Holding its turn meanwhile, it kept the reads behind it waiting for that computation
 * too: with 16 turns and boards recomputed as fast as scores arrive, every read (a small scorecard as much as a
 * board) queued for hundreds of milliseconds under `npm run bench:load`. So it gives its turn back while it waits
 * and takes one again to answer, so that answering (a board is hundreds of kilobytes to write) stays within the
 * bounded read work of a turn of the event loop. The computation is one per key and state at a time. Undefined for
 * a request that is not gated.
 */
export function readTurnOf(ctx: Context): ReadTurn | undefined {
  return (ctx.state as ReadTurnState)[READ_TURN];
}
