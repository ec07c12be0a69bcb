/**
 * The CouchDB adapter's HTTP side (couch.adapter.ts): nano as a plain HTTP client, and CouchDB's answers translated into
 * the store's errors: a 4xx the caller's business (`CouchRequestError`), an unreachable server or a 5xx an outage.
 */
import nano from 'nano';
import { StoreUnavailableError } from './docstore.js';

export type Query = Record<string, string | number | boolean | undefined>;

/** A 4xx answer that is the caller's business (not found, forbidden by validate_doc_update, bad request). */
export class CouchRequestError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly reason: string,
  ) {
    super(`${error}: ${reason}`);
    this.name = error;
  }
}

export function isStatus(err: unknown, status: number): boolean {
  return err instanceof CouchRequestError && err.status === status;
}

export interface Request {
  method?: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** Already encoded, relative to the server URL. */
  path: string;
  qs?: Query;
  body?: unknown;
  /** nano sends `Accept: application/json` unless told otherwise; said explicitly where CouchDB depends on it. */
  accept?: string;
  /** Aborts the request (a longpoll nobody waits on any more). */
  signal?: AbortSignal;
}

/** nano as a plain HTTP client: it carries the credentials of the URL; we build and encode every path ourselves. */
export class CouchHttp {
  private readonly server: nano.ServerScope;
  /** Aborted by `close`: requests that wait (longpolls) end with the store instead of holding CouchDB open. */
  private readonly closing = new AbortController();

  close(): void {
    this.closing.abort();
  }

  constructor(url: string) {
    // parseUrl false (a documented nano option missing from its typings): a path in COUCHDB_URL, such as a reverse
    // proxy prefix, is not a database name.
    this.server = nano({ url, parseUrl: false } as nano.Configuration);
  }

  async request<T>(req: Request): Promise<T> {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(req.qs ?? {})) if (v !== undefined) params.set(k, String(v));
    const query = params.toString();
    try {
      return (await this.server.request({
        method: req.method ?? 'GET',
        // The query goes in the path: nano would JSON-encode `key`/`startkey` a second time if given as `qs`.
        path: query ? `${req.path}?${query}` : req.path,
        ...(req.body !== undefined ? { body: req.body } : {}),
        ...(req.accept ? { accept: req.accept } : {}),
        // Only requests that can wait carry a signal; the store's own is added to theirs.
        ...(req.signal ? { signal: AbortSignal.any([req.signal, this.closing.signal]) } : {}),
      } as nano.RequestOptions)) as T;
    } catch (err) {
      throw translate(err, req);
    }
  }
}

function translate(err: unknown, req: Request): Error {
  const e = (err ?? {}) as { statusCode?: number; error?: unknown; reason?: unknown; message?: unknown };
  const where = `${req.method ?? 'GET'} /${req.path}`;
  if (typeof e.statusCode !== 'number') {
    return new StoreUnavailableError(`CouchDB unreachable (${where}): ${String(e.message ?? err)}`, { cause: err });
  }
  // The server always calls CouchDB as its admin: 401 means COUCHDB_URL's credentials are wrong, which no caller
  // can fix, so it is an outage like a 5xx.
  if (e.statusCode >= 500 || e.statusCode === 401) {
    return new StoreUnavailableError(`CouchDB answered ${e.statusCode} to ${where}: ${String(e.reason ?? e.message ?? '')}`, { cause: err });
  }
  const error = typeof e.error === 'string' ? e.error : 'error';
  return new CouchRequestError(e.statusCode, error, typeof e.reason === 'string' ? e.reason : error);
}
