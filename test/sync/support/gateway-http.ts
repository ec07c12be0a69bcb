/** Raw HTTP calls to the gateway, for what PouchDB and RxDB clients do not show (status codes, exact bodies). */

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  text: string;
  json: T;
}

export interface CallOptions {
  auth?: string;
  /** A JSON value (stringified) or a raw string sent as it is. */
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** `path` is relative to the gateway prefix's origin, e.g. `/sync/trips/trip1/_changes?limit=2`. */
export async function call(origin: string, method: string, path: string, options: CallOptions = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.auth) headers.Authorization = options.auth;
  let body: string | undefined;
  if (options.raw !== undefined) body = options.raw;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${origin}${path}`, { method, headers, ...(body !== undefined ? { body } : {}), ...(options.signal ? { signal: options.signal } : {}) });
  const text = await res.text();
  let json: unknown;
  try {
    json = text.trim() ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}
