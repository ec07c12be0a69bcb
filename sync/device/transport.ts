/**
 * The `fetch` RxDB's CouchDB replication uses. Around each request it
 * - sends `Authorization: Bearer <session>`, and on 401 (or a 404 saying the trip or player is gone) renews the
 *   session and sends the request again; when the token itself is refused the request waits until `setToken`
 *   (RxDB sees no error, so nothing is retried, dropped or hammered meanwhile);
 * - sends to the current sync URL (RxDB keeps the URL it was created with; the base URL may change);
 * - backs off exponentially while the server is unreachable, a wait that `retarget` cuts short;
 * - screens `_bulk_docs` answers: RxDB treats any per-document error other than `conflict` as a bug and retries the
 *   whole batch forever, so one refused score would block every later write. A `forbidden` row is reported and
 *   answered to RxDB as written: the server recorded the refusal, and retrying cannot change it.
 */
import { Subject } from 'rxjs';
import { DeviceTripError } from './types.js';
import type { SessionKeeper } from './session.js';

export type RequestKind = 'pull' | 'longpoll' | 'push' | 'other';

export type TransportEvent =
  | { type: 'response'; kind: RequestKind; status: number; seq: number }
  | { type: 'unreachable'; kind: RequestKind; seq: number }
  | { type: 'refused'; docId: string; reason: string }
  | { type: 'accepted'; docIds: string[] };

export interface TransportOptions {
  fetchImpl: typeof fetch;
  session: SessionKeeper;
  /** The URL RxDB was created with (ends with `/`). */
  rxdbUrl: string;
  /** The current sync URL (without the trailing `/`). */
  target: () => string;
  initialMs: number;
  maxMs: number;
  /** Longest a longpoll waits (its `timeout`): the server hears the device at least this often while it has a network. */
  heardEveryMs: number;
}

const SINCE_NOW = /([?&])since=now(?=&|$)/;

/** 502/503/504: a proxy or the server says it cannot serve now — for the device, the same as no signal. */
const UNAVAILABLE = new Set([502, 503, 504]);

export class SyncTransport {
  readonly events$ = new Subject<TransportEvent>();
  private readonly inflight = new Set<AbortController>();
  private readonly backoff: Backoff;
  private seq = 0;
  private closed = false;
  /** `last_seq` of the first pull that reached the end of the feed (see `sinceKnown`). */
  private lastSeqSeen: string | undefined;
  /** Resolves once a pull reached the end of the feed (or the transport closes): see `fetch`. */
  private readonly caughtUp: Promise<void>;
  private markCaughtUp!: () => void;

  constructor(private readonly options: TransportOptions) {
    this.backoff = new Backoff(options.initialMs, options.maxMs);
    this.caughtUp = new Promise((resolve) => (this.markCaughtUp = resolve));
  }

  /** The number of the last request started; `events$` rows carry theirs. */
  get lastSeq(): number {
    return this.seq;
  }

  /** The base URL changed: drop requests in flight to the old one and try the new one at once. */
  retarget(): void {
    for (const c of this.inflight) c.abort(new DeviceTripError('retargeted', 'the sync URL changed'));
    this.backoff.reset();
  }

  /**
   * The device lost its network (the OS says so): requests in flight — a longpoll waits up to a minute for changes —
   * are dropped and count as unreachable at once, so the status says offline now rather than when they time out.
   */
  networkLost(): void {
    for (const c of this.inflight) c.abort(new DeviceTripError('unreachable', 'the device lost its network'));
  }

  /** Try now: ends the backoff wait without dropping requests in flight. */
  wake(): void {
    this.backoff.reset();
  }

  close(): void {
    this.closed = true;
    this.markCaughtUp();
    for (const c of this.inflight) c.abort(new DeviceTripError('closed', 'the trip is closed'));
    this.backoff.reset();
    this.events$.complete();
  }

  /** Given to `replicateCouchDB` as its `fetch`. */
  readonly fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const kind = kindOf(raw);
    let renewals = 0;
    for (;;) {
      if (this.closed) throw new DeviceTripError('closed', 'the trip is closed');
      if (this.options.session.refused) {
        await this.options.session.whenUsable();
        renewals = 0; // a new token was set: its sessions get their own renewals
      }
      await this.backoff.ready();
      // RxDB's first longpoll asks `since=now` while its first pull may still be on its way: sent now, the server
      // would start it after the changes written since that pull read, and none of them would reach this device.
      // It waits for the pull that reached the end of the feed, and asks from there: started from an earlier page,
      // it would fetch and store every later page a second time alongside the pull (a first sync of 3,000
      // documents received 6,000).
      if (kind === 'longpoll' && this.lastSeqSeen === undefined && SINCE_NOW.test(raw)) {
        await this.caughtUp;
        continue;
      }
      const session = this.options.session.current.session;
      const seq = ++this.seq;
      const startedAt = Date.now();
      const controller = new AbortController();
      this.inflight.add(controller);
      let res: Response;
      try {
        const headers = new Headers(init.headers);
        headers.set('Authorization', `Bearer ${session}`);
        const answer = await this.options.fetchImpl(this.withTimeout(this.sinceKnown(this.map(raw), kind), kind), { ...init, headers, signal: controller.signal });
        // Read the whole body under the same abort signal: a longpoll that already sent its headers is then
        // dropped by `retarget` too, instead of going on answering from the old address.
        const text = await answer.text();
        const parsed = kind === 'pull' && answer.ok && this.lastSeqSeen === undefined ? this.noteEndOfFeed(text, pageLimit(raw)) : undefined;
        res = buffered(answer, text, parsed);
      } catch (err) {
        // Our own aborts for a new base URL or close say nothing about the network; one for a lost network does.
        if (!controller.signal.aborted || (controller.signal.reason as DeviceTripError | undefined)?.code === 'unreachable') this.unreachable(kind, seq, startedAt);
        throw err;
      } finally {
        this.inflight.delete(controller);
      }
      if (UNAVAILABLE.has(res.status)) {
        this.unreachable(kind, seq, startedAt);
        return res;
      }
      this.backoff.succeeded();
      const code = await authProblem(res);
      if (code !== undefined) {
        // Two renewals per request at most (a short session may lapse once more in between): a fresh session
        // refused again means the token is no good, and renewing forever would hammer the server.
        if (renewals >= 2) this.options.session.refuse(code, 'the gateway refused freshly validated sessions');
        else {
          renewals += 1;
          await this.renewOrThrow(kind, seq, startedAt, session);
        }
        continue; // refused: `whenUsable` holds the request until a new token is set
      }
      this.events$.next({ type: 'response', kind, status: res.status, seq });
      return kind === 'push' && res.ok ? this.screenBulkDocs(res) : res;
    }
  };

  private async renewOrThrow(kind: RequestKind, seq: number, startedAt: number, session: string): Promise<void> {
    try {
      await this.options.session.renew(session);
    } catch (err) {
      if ((err as DeviceTripError).code === 'unreachable') this.unreachable(kind, seq, startedAt);
      throw err;
    }
  }

  private unreachable(kind: RequestKind, seq: number, startedAt: number): void {
    this.backoff.failed(startedAt);
    this.events$.next({ type: 'unreachable', kind, seq });
  }

  /**
   * RxDB's live stream asks for changes `since=now` until its first longpoll answers, and asks the same again after
   * a failure: changes made on the server while the device had no network would then be skipped, and the checkpoint
   * of the next change would move past them for good. The longpoll asks from where the first pull reached the end
   * of the feed instead (changes the device has already are sent again and change nothing); once it has answered,
   * RxDB goes on from each answer's `last_seq`, even after a failure.
   */
  private sinceKnown(url: string, kind: RequestKind): string {
    if (kind !== 'longpoll' || this.lastSeqSeen === undefined) return url;
    return url.replace(SINCE_NOW, `$1since=${encodeURIComponent(this.lastSeqSeen)}`);
  }

  /**
   * A longpoll ends after `heardEveryMs` (25 s) without a change, and RxDB asks again at once: each new request is
   * what tells the server the phone is there (its "last heard"), so an idle phone with signal is heard at least that
   * often, well inside the control room's 90 s before it calls a phone silent. RxDB's own longpolls wait up to the
   * server's cap (60 s), which put an idle phone 60 s apart, and 85 s on another app server.
   */
  private withTimeout(url: string, kind: RequestKind): string {
    if (kind !== 'longpoll') return url;
    const ms = String(Math.max(1_000, Math.round(this.options.heardEveryMs)));
    return /([?&])timeout=\d*/.test(url) ? url.replace(/([?&])timeout=\d*/, `$1timeout=${ms}`) : `${url}&timeout=${ms}`;
  }

  /**
   * Notes where the first pull reached the end of the feed: a page shorter than its `limit` (RxDB stops there, and
   * the gateway refills pages its read filter shortened).
   */
  private noteEndOfFeed(text: string, limit: number | undefined): unknown {
    let answer: { last_seq?: unknown; results?: unknown };
    try {
      answer = JSON.parse(text) as typeof answer;
    } catch {
      return undefined; // not a changes answer: nothing to note, and RxDB reports it
    }
    const seq = answer?.last_seq;
    const atEnd = limit === undefined || !Array.isArray(answer?.results) || answer.results.length < limit;
    if ((typeof seq === 'string' || typeof seq === 'number') && atEnd) {
      this.lastSeqSeen = String(seq);
      this.markCaughtUp();
    }
    return answer;
  }

  private map(url: string): string {
    const from = this.options.rxdbUrl;
    return url.startsWith(from) ? `${this.options.target()}/${url.slice(from.length)}` : url;
  }

  private async screenBulkDocs(res: Response): Promise<Response> {
    const rows = (await res.json()) as unknown;
    if (!Array.isArray(rows)) return jsonResponse(rows, res);
    const accepted: string[] = [];
    const screened = rows.map((row: { id?: unknown; ok?: unknown; error?: unknown; reason?: unknown }) => {
      const id = typeof row?.id === 'string' ? row.id : '';
      if (row?.error === 'forbidden') {
        this.events$.next({ type: 'refused', docId: id, reason: typeof row.reason === 'string' ? row.reason : 'forbidden' });
        return { id, ok: true };
      }
      if (row?.ok) accepted.push(id);
      return row;
    });
    if (accepted.length) this.events$.next({ type: 'accepted', docIds: accepted });
    return jsonResponse(screened, res);
  }
}

/** The `limit` a pull asked for; undefined when it asked for the whole feed. */
function pageLimit(url: string): number | undefined {
  const limit = Number(new URL(url, 'http://device.invalid').searchParams.get('limit') ?? Number.NaN);
  return Number.isFinite(limit) && limit > 0 ? limit : undefined;
}

function kindOf(url: string): RequestKind {
  const path = url.split('?')[0] ?? '';
  if (path.endsWith('/_bulk_docs')) return 'push';
  if (path.endsWith('/_changes')) return url.includes('feed=longpoll') ? 'longpoll' : 'pull';
  return 'other';
}

/** Codes of a whole-request 404 that mean this session's access is gone, not a missing document. */
const ACCESS_GONE = new Set(['trip_not_found', 'player_not_found']);

/**
 * The server's code when the answer says the session may not sync (401, or 404 because the trip or the player is
 * gone): the caller renews, and a token that cannot be renewed puts the device in `needs_token` with that code.
 * Undefined for any other answer, whose body is left unread for RxDB.
 */
async function authProblem(res: Response): Promise<string | undefined> {
  if (res.status !== 401 && res.status !== 404) return undefined;
  const body = (await res.clone().json().catch(() => undefined)) as { code?: unknown; error?: unknown } | undefined;
  // The gateway adds the server's own code (token_expired, token_revoked, …) next to CouchDB's `error`.
  const code = typeof body?.code === 'string' ? body.code : typeof body?.error === 'string' ? body.error : 'unauthorized';
  return res.status === 404 && !ACCESS_GONE.has(code) ? undefined : code;
}

/**
 * A response whose body was read already (statuses that may not carry a body get none). When the transport parsed it
 * already, `json()` answers that value: a first sync's pages (a few hundred documents each) are not parsed twice.
 */
function buffered(like: Response, text: string, parsed?: unknown): Response {
  const body = [101, 204, 205, 304].includes(like.status) ? null : text;
  const res = new Response(body, { status: like.status, statusText: like.statusText, headers: like.headers });
  if (parsed !== undefined) res.json = () => Promise.resolve(parsed);
  return res;
}

function jsonResponse(body: unknown, like: Response): Response {
  return new Response(JSON.stringify(body), { status: like.status, statusText: like.statusText, headers: { 'content-type': 'application/json' } });
}

/**
 * Exponential backoff shared by every request of the device: while the server is unreachable, a request waits
 * until `initialMs · 2^(failures-1)` (capped at `maxMs`) after the last failure. Failures of requests that started
 * before the last recorded failure belong to the same outage and do not double the delay again.
 */
class Backoff {
  private failures = 0;
  private lastFailureAt = Number.NEGATIVE_INFINITY;
  private nextAt = 0;
  private wakers = new Set<() => void>();

  constructor(
    private readonly initialMs: number,
    private readonly maxMs: number,
  ) {}

  ready(): Promise<void> {
    const wait = this.nextAt - Date.now();
    if (wait <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, wait);
      this.wakers.add(done);
    });
  }

  failed(startedAt: number): void {
    if (startedAt >= this.lastFailureAt) this.failures += 1;
    this.lastFailureAt = Date.now();
    const delay = Math.min(this.maxMs, this.initialMs * 2 ** Math.max(0, this.failures - 1));
    this.nextAt = this.lastFailureAt + delay;
  }

  succeeded(): void {
    this.failures = 0;
    this.nextAt = 0;
  }

  reset(): void {
    this.succeeded();
    for (const wake of [...this.wakers]) wake();
  }
}
