/**
 * Errors in CouchDB's shape (CouchDB API: "HTTP Status Codes" — every error body is `{"error", "reason"}`).
 * PouchDB turns `error` into the error's `name` and stops a live replication for `unauthorized` and `forbidden`,
 * retrying anything else; so the name must be right and the body must always be JSON.
 */

export class CouchError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly reason: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(reason);
    this.name = 'CouchError';
  }

  get body(): Record<string, unknown> {
    return { error: this.error, reason: this.reason, ...this.extra };
  }
}

export const badRequest = (reason: string) => new CouchError(400, 'bad_request', reason);
export const notFound = (reason = 'missing') => new CouchError(404, 'not_found', reason);
export const forbidden = (reason: string) => new CouchError(403, 'forbidden', reason);
export const conflict = () => new CouchError(409, 'conflict', 'Document update conflict.');
export const methodNotAllowed = (allowed: string[]) =>
  new CouchError(405, 'method_not_allowed', `Only ${allowed.join(',')} allowed`, {}, { Allow: allowed.join(', ') });

/** The CouchDB error name for a status the server's policy answered. */
const NAME_BY_STATUS: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  409: 'conflict',
  412: 'file_exists',
  413: 'too_large',
  415: 'bad_content_type',
  429: 'too_many_requests',
  503: 'service_unavailable',
};

/**
 * Turns an error thrown by the injected policy into a whole-request CouchDB error when it carries an HTTP status
 * (the server's AppError: `status`, `code`, `message`, optional `headers`). Anything else is not ours to explain:
 * `undefined`, and the caller answers 500.
 */
export function fromPolicyError(err: unknown): CouchError | undefined {
  if (err instanceof CouchError) return err;
  const e = err as { status?: unknown; code?: unknown; message?: unknown; headers?: unknown } | null;
  if (!e || typeof e !== 'object' || typeof e.status !== 'number' || e.status < 400 || e.status > 599) return undefined;
  const status = e.status;
  const name = NAME_BY_STATUS[status] ?? (typeof e.code === 'string' ? e.code : 'error');
  const reason = typeof e.message === 'string' && e.message ? e.message : name;
  // The server's own code (token_expired, token_revoked, …) tells a device what to do next; CouchDB clients ignore it.
  const extra = typeof e.code === 'string' && e.code !== name ? { code: e.code } : {};
  const headers: Record<string, string> = {};
  if (e.headers && typeof e.headers === 'object') {
    for (const [k, v] of Object.entries(e.headers)) if (typeof v === 'string') headers[k] = v;
  }
  return new CouchError(status, name, reason, extra, headers);
}
