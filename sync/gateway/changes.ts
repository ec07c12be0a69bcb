/**
 * `GET` and `POST /{db}/_changes` (CouchDB API: /{db}/_changes), feeds `normal` and `longpoll`, with `since`
 * (including `now`), `limit`, `style`, `include_docs`, `conflicts`, `descending`, `heartbeat`, `timeout`, and the
 * built-in filters `_doc_ids` and `_selector` (`_design` answers nothing: design documents are never sent).
 * `seq_interval`, `attachments` and `att_encoding_info` are accepted and ignored.
 *
 * Read filtering: rows the actor may not see are left out, but `last_seq` still moves past them; and a page
 * that lost rows to the filter is refilled from the store, because PouchDB takes a page shorter than `limit` as
 * the end of the feed.
 */
import type { Context } from 'koa';
import { badRequest, CouchError } from './couch-errors.js';
import { canSee, sendBytes, type SyncRequest } from './context.js';
import { isObject, Params, parseSeq } from './http.js';
import { compileSelector, SelectorError, type Matcher } from './selector.js';
import type { GatewayChangeRow, GatewayDoc } from './types.js';

/** CouchDB's default longpoll timeout (`chttpd/changes_timeout`) and `heartbeat=true` interval. */
const DEFAULT_TIMEOUT_MS = 60_000;
/** A longpoll allowed to wait at least this long may wait before reading (`waitAnswersAtOnce`). */
const WAIT_FIRST_MIN_MS = 1_000;
/** A wait for a change that ends sooner than this found one there already. */
const AT_ONCE_MS = 15;
const MIN_HEARTBEAT_MS = 100;

interface FeedQuery {
  feed: 'normal' | 'longpoll';
  since: string | number | 'now';
  limit: number | undefined;
  style: 'main_only' | 'all_docs';
  includeDocs: boolean;
  conflicts: boolean;
  descending: boolean;
  docIds: string[] | undefined;
  selector: Matcher | undefined;
  designOnly: boolean;
  timeoutMs: number;
  heartbeatMs: number | undefined;
}

interface FeedPage {
  rows: GatewayChangeRow[];
  lastSeq: string | number;
  /** Rows the store answered, before read filtering. */
  scanned: number;
}

export async function handleChanges(req: SyncRequest, body: unknown): Promise<void> {
  if (body !== undefined && !isObject(body)) throw badRequest('the request body must be a JSON object');
  const q = parseQuery(req, Params.of(req.ctx), body ?? {});
  const since = q.since === 'now' ? (await req.db.info()).updateSeq : q.since;
  // A longpoll from a position the server is already waiting on (the other phones of the trip are) has nothing to
  // read yet: it joins the wait instead of asking the store first. Where the wait is itself a read from that position
  // (CouchDB's longpoll answers at once when there is a change after it), the longpoll waits first too: a phone's
  // longpoll costs the wait and the read after it, not a read, the wait and a read (issue 36). A short timeout still
  // reads first, so a client asking for what there is gets it.
  const waitAtOnce =
    q.feed === 'longpoll' &&
    !q.descending &&
    ((req.policy.unchangedSince?.(req.tripId, since) ?? false) || (q.timeoutMs >= WAIT_FIRST_MIN_MS && (req.policy.waitAnswersAtOnce?.(req.tripId) ?? false)));
  let page: Answered = waitAtOnce ? { rows: [], lastSeq: since, scanned: 0 } : await readAnswer(req, q, since);
  if (q.feed !== 'longpoll' || page.rows.length > 0 || q.descending) {
    await sendAnswer(req, q, page);
    return;
  }

  // Longpoll (CouchDB API: "Polling" feed): wait for a change the actor may see, or the timeout.
  const heartbeat = new Heartbeat(req.ctx, q.heartbeatMs);
  try {
    const deadline = Date.now() + q.timeoutMs;
    while (page.rows.length === 0 && !req.signal.aborted) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      const waitStarted = Date.now();
      await req.policy.waitForChange(req.tripId, page.lastSeq, left, req.signal);
      if (req.signal.aborted) break;
      // Gather what else is written in a moment (a group's scores arrive together): one pull for several changes. A
      // wait answered at once found changes made before it (a phone coming back from a gap): nothing to gather.
      const answeredAtOnce = Date.now() - waitStarted < AT_ONCE_MS;
      const gather = answeredAtOnce ? 0 : Math.min(req.settings.longpollGatherMs, deadline - Date.now());
      if (gather > 0) await abortableDelay(gather, req.signal);
      const next = await readAnswer(req, q, page.lastSeq);
      // A policy that wakes up with nothing new must not make this loop spin.
      if (next.scanned === 0) await delay(Math.min(100, Math.max(0, deadline - Date.now())));
      page = next.scanned === 0 ? page : next;
    }
    heartbeat.finish(page.body ?? (await answerBytes(req, q, page)));
  } catch (err) {
    if (!heartbeat.started) throw err;
    // The status line is gone already: the client can only see the connection drop, and retries.
    heartbeat.abort();
    req.ctx.app.emit('error', err, req.ctx);
  } finally {
    heartbeat.stop();
  }
}

function parseQuery(req: SyncRequest, params: Params, body: Record<string, unknown>): FeedQuery {
  const feed = params.string('feed') ?? 'normal';
  if (feed !== 'normal' && feed !== 'longpoll') {
    throw badRequest(`feed=${feed} is not supported here; use normal or longpoll`);
  }
  const style = params.string('style') ?? 'main_only';
  if (style !== 'main_only' && style !== 'all_docs') throw badRequest('style must be main_only or all_docs');
  const rawSince = params.string('since');
  const limit = params.int('limit');

  const filter = params.string('filter');
  let docIds: string[] | undefined;
  let selector: Matcher | undefined;
  if (filter === '_doc_ids') {
    const ids = Object.hasOwn(body, 'doc_ids') ? body.doc_ids : params.json('doc_ids');
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== 'string')) {
      throw badRequest('filter=_doc_ids needs doc_ids, a JSON array of document ids');
    }
    docIds = ids as string[];
  } else if (filter === '_selector') {
    const sel = Object.hasOwn(body, 'selector') ? body.selector : params.json('selector');
    try {
      selector = compileSelector(sel);
    } catch (err) {
      if (err instanceof SelectorError) throw badRequest(`invalid selector: ${err.message}`);
      throw err;
    }
  } else if (filter !== undefined && filter !== '_design') {
    throw new CouchError(400, 'bad_request', `filter ${filter} is not supported; use _doc_ids or _selector`);
  }

  const timeout = params.int('timeout');
  const heartbeatRaw = params.string('heartbeat');
  let heartbeatMs: number | undefined;
  if (heartbeatRaw === 'true') heartbeatMs = req.settings.heartbeatMs;
  else if (heartbeatRaw !== undefined && heartbeatRaw !== 'false') heartbeatMs = Math.max(MIN_HEARTBEAT_MS, params.int('heartbeat') ?? 0);

  return {
    feed,
    since: rawSince === undefined ? 0 : rawSince === 'now' ? 'now' : parseSeq(rawSince),
    limit: limit === undefined ? undefined : Math.max(1, limit),
    style,
    includeDocs: params.bool('include_docs'),
    conflicts: params.bool('conflicts'),
    descending: params.bool('descending'),
    docIds,
    selector,
    designOnly: filter === '_design',
    timeoutMs: Math.min(timeout ?? DEFAULT_TIMEOUT_MS, req.settings.maxLongpollMs),
    heartbeatMs,
  };
}

/** A page of the feed, with its answer's bytes when it has rows (made once for every request it is shared with). */
interface Answered extends FeedPage {
  body?: Buffer;
}

async function sendAnswer(req: SyncRequest, q: FeedQuery, page: Answered): Promise<void> {
  sendBytes(req.ctx, page.body ?? (await answerBytes(req, q, page)));
}

/** The answers of one database's feed that requests may share (see `readAnswer`): made at one generation of it. */
interface SharedAnswers {
  generation: number | undefined;
  byKey: Map<string, Promise<Answered>>;
}
const sharedAnswers = new WeakMap<object, SharedAnswers>();
/** Distinct requests of one generation kept at most (phones at different positions, limits, styles). */
const MAX_SHARED_ANSWERS = 64;

/**
 * The page after `since` and, when it has rows, its answer's bytes: shared by every request that asks the same of
 * the same state of the trip's database, for actors the policy lets see the same documents (`readScope`).
 *
 * Why: a score wakes every phone of the trip, and after the longpoll's gather they read from the same position,
 * each with its documents (RxDB's and PouchDB's pulls ask with `include_docs`). Read, filtered and serialized for
 * each, the answers were most of the server's CPU under `bench:load`'s open-loop load. The first request reads
 * and serializes; the others send its bytes.
 *
 * Exactness: a database that tells its write generation (`changesGeneration`: it moves when any write of a
 * document starts or ends) keeps an answer for as long as the generation it was read at stays current, so no
 * request is given an answer that misses a write acknowledged before the request asked. One that does not tell
 * shares only reads under way at once (as CouchDB's adapter already does for the feed): such a page is still a
 * page of the feed from `since`, and the phone goes on from its `last_seq`, so nothing is skipped.
 */
async function readAnswer(req: SyncRequest, q: FeedQuery, since: string | number): Promise<Answered> {
  const scope = req.policy.readScope?.(req.actor);
  const shareable = scope !== undefined && !q.descending && !q.docIds && !q.selector && !q.designOnly;
  if (!shareable) return withBody(req, q, await readFeed(req, q, since));
  const generation = req.db.changesGeneration?.();
  let shared = sharedAnswers.get(req.db);
  // A new generation: what was read before it may miss a write.
  if (!shared || shared.generation !== generation) {
    shared = { generation, byKey: new Map() };
    sharedAnswers.set(req.db, shared);
  }
  const key = `${scope}\n${String(since)}\n${q.limit ?? ''}\n${q.style}\n${q.includeDocs ? 1 : 0}${q.conflicts ? 1 : 0}`;
  const known = shared.byKey.get(key);
  if (known) return known;
  const store = shared;
  const made = readFeed(req, q, since).then((page) => withBody(req, q, page));
  if (store.byKey.size >= MAX_SHARED_ANSWERS) store.byKey.delete(store.byKey.keys().next().value!);
  store.byKey.set(key, made);
  const forget = () => {
    if (store.byKey.get(key) === made) store.byKey.delete(key);
  };
  // A failed read is not shared afterwards; without generations neither is a finished one.
  made.then(() => (generation === undefined ? forget() : undefined), forget);
  return made;
}

async function withBody(req: SyncRequest, q: FeedQuery, page: FeedPage): Promise<Answered> {
  if (page.rows.length === 0) return page;
  return { ...page, body: await answerBytes(req, q, page) };
}

/**
 * Rows without documents are asked of the store in pages of at least this many, whatever smaller `limit` a client
 * gives (PouchDB counts its live limit down, 100, 99, 98…): phones a change woke read from one position together, and
 * asking the same lets them share one read (couch.adapter.ts). The page is cut to what the client asked for.
 */
const FEED_PAGE = 100;

/** Reads rows after `since` until `limit` visible rows are found or the store has no more. */
async function readFeed(req: SyncRequest, q: FeedQuery, since: string | number): Promise<FeedPage> {
  const rows: GatewayChangeRow[] = [];
  let cursor = since;
  let scanned = 0;
  for (;;) {
    const want = q.limit === undefined ? undefined : q.limit - rows.length;
    // The read filter needs the documents unless the policy reads from ids; a selector always needs them.
    const includeDocs = q.includeDocs || q.selector !== undefined || !req.policy.readsById;
    // Documents only passed on (the filter reads ids, no selector or conflicts to add) may come as the store's JSON.
    const rawDocs = q.includeDocs && req.policy.readsById === true && !q.selector && !q.conflicts;
    // Rows without documents are small: a page of FEED_PAGE costs about what a page of `want` does.
    const ask = want === undefined || includeDocs ? want : Math.max(want, FEED_PAGE);
    const page = await req.db.changes({
      since: cursor,
      ...(ask !== undefined ? { limit: ask } : {}),
      includeDocs,
      ...(rawDocs ? { rawDocs } : {}),
      style: q.style,
      ...(q.docIds ? { docIds: q.docIds } : {}),
      descending: q.descending,
    });
    let full = false;
    for (const row of page.results) {
      scanned += 1;
      if (keep(req, q, row)) rows.push(row);
      if (q.limit !== undefined && rows.length >= q.limit) {
        // Cut here: the client goes on after the last row it was given (a row's seq is a position of the feed).
        full = true;
        cursor = row.seq;
        break;
      }
    }
    if (!full) cursor = page.lastSeq;
    const exhausted = ask === undefined || page.results.length < ask || page.results.length === 0;
    if (full || exhausted || q.descending) break;
  }
  return { rows, lastSeq: cursor, scanned };
}

function keep(req: SyncRequest, q: FeedQuery, row: GatewayChangeRow): boolean {
  if (q.designOnly) return false;
  const doc: GatewayDoc = row.doc ?? { _id: row.id, ...(row.deleted ? { _deleted: true } : {}) };
  if (!canSee(req, doc)) return false;
  return q.selector ? q.selector(doc) : true;
}

/**
 * The answer's JSON, `{"results":[…],"last_seq":…}`, each row `{"seq","id","changes","deleted"?,"doc"?}` as CouchDB
 * orders them. A document the store gave as JSON text (`docJson`) goes in as it is, never parsed and serialized again.
 */
async function answerBytes(req: SyncRequest, q: FeedQuery, page: FeedPage): Promise<Buffer> {
  const rows = await Promise.all(
    page.rows.map(async (row) => {
      let head = `{"seq":${JSON.stringify(row.seq)},"id":${JSON.stringify(row.id)},"changes":${JSON.stringify(row.changes)}${row.deleted ? ',"deleted":true' : ''}`;
      if (!q.includeDocs) return `${head}}`;
      if (row.docJson !== undefined) return `${head},"doc":${row.docJson}}`;
      if (!row.doc) return `${head}}`;
      let doc = row.doc;
      if (q.conflicts && !row.deleted) {
        const withConflicts = await req.db.get(row.id, { conflicts: true });
        if (withConflicts?._conflicts) doc = { ...row.doc, _conflicts: withConflicts._conflicts };
      }
      head += `,"doc":${JSON.stringify(doc)}}`;
      return head;
    }),
  );
  return Buffer.from(`{"results":[${rows.join(',')}],"last_seq":${JSON.stringify(page.lastSeq)}}`);
}

/**
 * Newlines every `heartbeat` ms while a longpoll waits (CouchDB API: `heartbeat` parameter), written on the raw
 * response: the status line goes out with the first one, and the JSON follows them (JSON parsers skip leading
 * whitespace, which is how CouchDB clients read it).
 */
class Heartbeat {
  private timer: NodeJS.Timeout | undefined;
  started = false;

  constructor(
    private readonly ctx: Context,
    intervalMs: number | undefined,
  ) {
    if (intervalMs !== undefined) this.timer = setInterval(() => this.beat(), intervalMs);
  }

  private beat() {
    const res = this.ctx.res;
    if (res.destroyed || res.writableEnded) return;
    if (!this.started) {
      this.started = true;
      this.ctx.respond = false;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'must-revalidate, no-store' });
    }
    res.write('\n');
  }

  /** Answers `body`, the answer's JSON. */
  finish(body: Buffer) {
    this.stop();
    if (!this.started) return sendBytes(this.ctx, body);
    // Koa no longer writes this response; upstream middleware still sees a body and the status.
    this.ctx.body = '';
    if (this.ctx.res.destroyed) return;
    this.ctx.res.write(body);
    this.ctx.res.end('\n');
  }

  abort() {
    this.ctx.body = '';
    this.ctx.res.destroy();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}

function delay(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** `ms`, or less if `signal` aborts first (the server is closing or the client left). */
function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}
