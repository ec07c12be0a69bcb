/**
 * Where the TV display gets its data, and how it keeps it: a poll every few seconds with `If-None-Match` (the public
 * views answer 304 while nothing changed), the last good payload kept in storage (a reload with no answer from the
 * server still shows it), and an honest state: live, reconnecting (with the time of the last answer), or gone.
 *
 * Sources:
 * - `/display/:code` → `GET /display/codes/:code` (public, by access code);
 * - `/display/trips/:tripId` → `GET /display/trips/:tripId` (public while the organizer made it so);
 * - `/display/trips/:tripId#token=<display preview token>` → `GET /trips/:tripId/display/preview` with that token (the
 *   organizer's preview, public display or not). The token is a display preview token from the dashboard
 *   (`POST /trips/:tripId/display/preview-token`): it reads this trip's display and nothing else, for 15 minutes; it is
 *   never the dashboard's sign-in. It leaves the address bar at once and stays in this tab only (sessionStorage); so
 *   does the data it reads. Once it has expired the page shows the public display if there is one, else says the
 *   preview is over (a TV takes the TV link, not a preview).
 */
import type { DisplayPayload } from '../../shared/schemas/display.js';

/** How often the page asks: a new score is on screen within one interval (plus the request) of reaching the server. */
export const POLL_MS = 3_000;
/** The second try after a first failed request. */
export const RETRY_MS = 1_000;
/** A request that has not answered by then counts as a failure (a TV on a dead Wi-Fi link must not wait forever). */
export const REQUEST_TIMEOUT_MS = 8_000;
/** Consecutive failures before the page says it is reconnecting (one lost request is not worth a note). */
export const FAILURES_BEFORE_NOTE = 2;

export type Source =
  | { kind: 'code'; code: string }
  | { kind: 'trip'; tripId: string; token: string | null }
  | { kind: 'invalid'; path: string };

export type FeedState =
  | { phase: 'loading'; failures: number }
  /** `confirmedAt`: when the server last answered (200 or 304); `reconnecting`: it has not answered lately. */
  | { phase: 'live'; payload: DisplayPayload; confirmedAt: number; reconnecting: boolean; preview: boolean }
  /** No display here: an unknown/revoked code, a trip whose display is not public, a preview sign-in refused. */
  | { phase: 'gone'; reason: 'unknown_code' | 'not_public' | 'preview_refused' };

const TOKEN_KEY = 'golf.display.token.';
const CACHE_KEY = 'golf.display.last.v1.';
const CODE = /^[A-Za-z2-7]{16}$/;
const TRIP_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The source a page address names; a `#token=` fragment is taken out of the URL and kept for this tab. */
export function sourceOf(loc: Pick<Location, 'pathname' | 'hash' | 'search'>, session: Storage | null, replace: (url: string) => void): Source {
  const path = loc.pathname.replace(/\/+$/, '');
  const trip = /^\/display\/trips\/([^/]+)$/.exec(path);
  if (trip) {
    const tripId = decodeURIComponent(trip[1]!);
    if (!TRIP_ID.test(tripId)) return { kind: 'invalid', path };
    const fragment = new URLSearchParams(loc.hash.replace(/^#/, ''));
    const given = fragment.get('token');
    if (given) {
      try {
        session?.setItem(TOKEN_KEY + tripId, given);
      } catch {
        /* storage full or refused: the token still works for this page */
      }
      replace(loc.pathname + loc.search);
      return { kind: 'trip', tripId, token: given };
    }
    return { kind: 'trip', tripId, token: readStorage(session, TOKEN_KEY + tripId) };
  }
  const code = /^\/display\/([^/]+)$/.exec(path);
  if (code && CODE.test(code[1]!)) return { kind: 'code', code: code[1]!.toUpperCase() };
  return { kind: 'invalid', path };
}

function readStorage(storage: Storage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

interface Kept {
  payload: DisplayPayload;
  etag: string | null;
  confirmedAt: number;
}

/** A payload as far as the page relies on it (the server's schema is richer; this guards against a foreign answer). */
function looksLikePayload(v: unknown): v is DisplayPayload {
  const p = v as DisplayPayload | null;
  return !!p && typeof p === 'object' && typeof p.trip?.name === 'string' && typeof p.trip.timezone === 'string' && Array.isArray(p.display?.panels) && typeof p.display.rotationSeconds === 'number';
}

export interface FeedOptions {
  fetch?: typeof fetch;
  local?: Storage | null;
  session?: Storage | null;
  now?: () => number;
  pollMs?: number;
}

/**
 * Polls a source and reports each change of state. `start()` shows a kept payload at once (if any) and begins
 * polling; `stop()` ends it. A preview whose token is refused falls back to the public view of the trip.
 */
export class Feed {
  private source: Source;
  private kept: Kept | null = null;
  private failures = 0;
  /** Whether the server has answered since the page opened (a kept payload alone is not). */
  private answered = false;
  /** The preview's token was refused (expired, signed out, another organizer's trip). */
  private refused = false;
  /** Why there is no display here, while the server says so (kept through a later network failure). */
  private gone: Extract<FeedState, { phase: 'gone' }>['reason'] | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  private inFlight = false;
  private readonly fetch: typeof fetch;
  private readonly local: Storage | null;
  private readonly session: Storage | null;
  private readonly now: () => number;
  private readonly pollMs: number;

  constructor(
    source: Source,
    private readonly onState: (state: FeedState) => void,
    options: FeedOptions = {},
  ) {
    this.source = source;
    this.fetch = options.fetch ?? ((input, init) => fetch(input, init));
    this.local = options.local === undefined ? safeStorage('localStorage') : options.local;
    this.session = options.session === undefined ? safeStorage('sessionStorage') : options.session;
    this.now = options.now ?? Date.now;
    this.pollMs = options.pollMs ?? POLL_MS;
  }

  start(): void {
    this.running = true;
    this.kept = this.readKept();
    if (this.kept) this.emitLive();
    else this.onState({ phase: 'loading', failures: 0 });
    void this.poll();
  }

  stop(): void {
    this.running = false;
    clearTimeout(this.timer);
  }

  /** Ask now (the network came back, the screen woke up) instead of at the next tick. */
  pollNow(): void {
    if (!this.running || this.inFlight) return;
    clearTimeout(this.timer);
    void this.poll();
  }

  private get preview(): boolean {
    return this.source.kind === 'trip' && !!this.source.token;
  }

  /** The storage of the kept payload: this tab only for a preview (its data is not public). */
  private get store(): Storage | null {
    return this.preview ? this.session : this.local;
  }

  private get cacheKey(): string {
    const s = this.source;
    return CACHE_KEY + (s.kind === 'code' ? `code.${s.code}` : s.kind === 'trip' ? `${s.token ? 'preview' : 'trip'}.${s.tripId}` : 'none');
  }

  private readKept(): Kept | null {
    const raw = readStorage(this.store, this.cacheKey);
    if (!raw) return null;
    try {
      const kept = JSON.parse(raw) as Kept;
      return looksLikePayload(kept.payload) && typeof kept.confirmedAt === 'number' ? kept : null;
    } catch {
      return null;
    }
  }

  private writeKept(): void {
    try {
      if (this.kept) this.store?.setItem(this.cacheKey, JSON.stringify(this.kept));
      else this.store?.removeItem(this.cacheKey);
    } catch {
      /* storage full: the page still shows the data, a reload just cannot */
    }
  }

  private request(): { url: string; headers: Record<string, string> } {
    const s = this.source;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (s.kind === 'code') return { url: `/display/codes/${s.code}`, headers };
    if (s.kind === 'trip' && s.token) return { url: `/trips/${encodeURIComponent(s.tripId)}/display/preview`, headers: { ...headers, authorization: `Bearer ${s.token}` } };
    if (s.kind === 'trip') return { url: `/display/trips/${encodeURIComponent(s.tripId)}`, headers };
    throw new Error('no source');
  }

  private async poll(): Promise<void> {
    if (!this.running) return;
    if (this.source.kind === 'invalid') {
      this.onState({ phase: 'gone', reason: 'unknown_code' });
      return;
    }
    this.inFlight = true;
    let next = this.pollMs;
    try {
      const { url, headers } = this.request();
      if (this.kept?.etag) headers['if-none-match'] = this.kept.etag;
      const abort = new AbortController();
      const timeout = setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
      let res: Response;
      try {
        res = await this.fetch(url, { headers, cache: 'no-store', signal: abort.signal });
      } finally {
        clearTimeout(timeout);
      }
      if (!this.running) return;
      if (res.status === 304 && this.kept) {
        this.answer();
        this.kept = { ...this.kept, confirmedAt: this.now() };
        this.writeKept();
        this.emitLive();
      } else if (res.ok) {
        const body: unknown = await res.json();
        if (!looksLikePayload(body)) throw new Error('the server answered something that is not a display');
        this.answer();
        this.kept = { payload: body, etag: res.headers.get('etag'), confirmedAt: this.now() };
        this.writeKept();
        this.emitLive();
      } else if ((res.status === 401 || res.status === 403) && this.source.kind === 'trip' && this.source.token) {
        // The preview token expired or was refused: forget it, show the public display if there is one.
        try {
          this.session?.removeItem(TOKEN_KEY + this.source.tripId);
          this.session?.removeItem(this.cacheKey);
        } catch {
          /* nothing kept */
        }
        this.source = { kind: 'trip', tripId: this.source.tripId, token: null };
        this.refused = true;
        this.kept = this.readKept();
        next = 0;
      } else if (res.status === 404 || res.status === 400) {
        // A code regenerated or revoked, a trip made private: stop showing its data, here and after a reload.
        this.answer();
        this.kept = null;
        this.writeKept();
        this.gone = this.source.kind === 'code' ? 'unknown_code' : this.refused ? 'preview_refused' : 'not_public';
        this.onState({ phase: 'gone', reason: this.gone });
        next = this.pollMs * 2; // it may come back (made public again): ask now and then
      } else {
        throw new Error(`HTTP ${res.status}`);
      }
    } catch {
      // Network down, server restarting (502/503), a timeout: keep what is on screen.
      this.failures += 1;
      // A first failure is checked again soon: a blip passes unnoticed, an outage is said within seconds.
      if (this.failures === 1) next = RETRY_MS;
      if (this.kept) this.emitLive();
      else if (this.gone) this.onState({ phase: 'gone', reason: this.gone });
      else this.onState({ phase: 'loading', failures: this.failures });
    } finally {
      this.inFlight = false;
    }
    if (this.running) this.timer = setTimeout(() => void this.poll(), next);
  }

  private answer(): void {
    this.failures = 0;
    this.answered = true;
    this.gone = null;
  }

  /** Live data; "reconnecting" after two failed polls in a row, or after one when the data is only what a reload kept. */
  private emitLive(): void {
    const kept = this.kept!;
    this.onState({
      phase: 'live',
      payload: kept.payload,
      confirmedAt: kept.confirmedAt,
      reconnecting: this.failures >= (this.answered ? FAILURES_BEFORE_NOTE : 1),
      preview: this.preview,
    });
  }
}

function safeStorage(name: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return globalThis[name] ?? null;
  } catch {
    return null;
  }
}
