/**
 * The one HTTP client of the dashboard: every request goes through it.
 *
 * - JSON in and out, `Authorization: Bearer <token>` from the session (read at send time, so a new sign-in
 *   applies to the next request and to retries).
 * - Failures become an {@link ApiError} with a `kind` (validation with every issue, 401, 403, 404, 409, 429 and 503
 *   with their Retry-After…).
 * - Identical GETs in flight at once share one request (a screen and its header asking for the same trip).
 * - A 401 on a request that carried a token goes to ONE handler (`onUnauthorized`), however many requests got it
 *   at once: it asks the organizer to sign in again and answers whether they did; the requests are then sent
 *   again with the new token, so a form being sent when the token expired is sent after signing in.
 *
 * Caching is not done here: the data layer (`../data/query.ts`) is the only cache.
 */
import { ApiError } from './errors.js';

export interface ClientOptions {
  /** The current token, or null when signed out. */
  token: () => string | null;
  /**
   * Called once for any number of concurrent 401s of requests that carried a token; resolves true when the
   * organizer signed in again (retry), false when they gave up.
   */
  onUnauthorized: () => Promise<boolean>;
  fetch?: typeof fetch;
  base?: string;
}

export interface RequestOptions {
  signal?: AbortSignal;
  /** Do not hand a 401 to the sign-in handler (the sign-in request itself). */
  anonymous?: boolean;
}

export class ApiClient {
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private reauth: Promise<boolean> | null = null;

  constructor(private readonly options: ClientOptions) {}

  /** A GET; identical GETs in flight at once (same path, same token) share one request. */
  get<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const key = `${this.options.token() ?? ''} ${path}`;
    const running = this.inFlight.get(key);
    if (running) return running as Promise<T>;
    const p = this.request<T>('GET', path, undefined, opts).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, p);
    return p;
  }

  post<T>(path: string, body?: unknown, opts?: RequestOptions): Promise<T> {
    return this.request<T>('POST', path, body, opts);
  }

  put<T>(path: string, body: unknown, opts?: RequestOptions): Promise<T> {
    return this.request<T>('PUT', path, body, opts);
  }

  patch<T>(path: string, body: unknown, opts?: RequestOptions): Promise<T> {
    return this.request<T>('PATCH', path, body, opts);
  }

  delete<T = void>(path: string, opts?: RequestOptions): Promise<T> {
    return this.request<T>('DELETE', path, undefined, opts);
  }

  private async request<T>(method: string, path: string, body: unknown, opts: RequestOptions = {}, retried = false): Promise<T> {
    const token = opts.anonymous ? null : this.options.token();
    const headers: Record<string, string> = { accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const doFetch = this.options.fetch ?? fetch;
    let res: Response;
    try {
      res = await doFetch(`${this.options.base ?? ''}${path}`, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
    } catch (err) {
      if ((err as { name?: string } | null)?.name === 'AbortError') throw err;
      throw new ApiError('network', 0, 'network', 'the server could not be reached');
    }
    const text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (res.ok) return parsed as T;
    if (res.status === 401 && token && !retried) {
      if (await this.signInAgain()) return this.request<T>(method, path, body, opts, true);
    }
    throw ApiError.fromStatus(res.status, parsed, res.headers.get('retry-after'));
  }

  /** One sign-in prompt for every request refused at the same time. */
  private signInAgain(): Promise<boolean> {
    this.reauth ??= this.options.onUnauthorized().finally(() => {
      this.reauth = null;
    });
    return this.reauth;
  }
}
