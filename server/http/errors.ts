import type { Context, Next } from 'koa';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode, type ErrorDetail, type Failure } from '../../shared/errors.js';
import type { Logger } from '../logger.js';

/** An expected failure raised by a route or service; the error middleware turns it into the error body. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  static from(failure: Failure): AppError {
    return new AppError(failure.code, failure.message, failure.details);
  }
}

/** Unwraps a domain `Result`, raising its failure. */
export function unwrap<T>(result: { ok: true; value: T } | { ok: false; failure: Failure }): T {
  if (!result.ok) throw AppError.from(result.failure);
  return result.value;
}

/**
 * The documented error body: `{"error":{"code","message","details","requestId"}}`. For `validation_failed` the
 * message names the first problem and `details` lists every problem found in the request's query and body (or its
 * path parameters), each as `{path, message, code}`.
 */
export const ErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.array(z.record(z.string(), z.unknown())).optional(),
    requestId: z.string().optional(),
  }),
});

/**
 * A field that is missing altogether says so ("required") instead of zod's "expected string, received undefined".
 * A message a schema gives itself still wins; this only replaces zod's default wording.
 */
z.config({
  customError: (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'required' : undefined),
});

/**
 * zod issues as error details, every one of them: where (`path`, starting with the part of the request: `params`,
 * `query` or `body`), what (`message`), and zod's own `code`; an unknown key also names the keys (`keys`).
 */
export function zodDetails(error: z.ZodError, prefix: (string | number)[] = []): ErrorDetail[] {
  return error.issues.map((i) => ({
    path: [...prefix, ...i.path.map((p) => (typeof p === 'symbol' ? String(p) : p))],
    message: i.message,
    code: i.code,
    ...(i.code === 'unrecognized_keys' ? { keys: i.keys } : {}),
  }));
}

/**
 * The one error middleware: expected failures become their status and the error body; anything else is logged
 * with the request id and answered as a 500 without a stack trace.
 */
export function errorMiddleware(logger: Logger) {
  return async (ctx: Context, next: Next) => {
    try {
      await next();
    } catch (err) {
      const requestId = ctx.state.requestId as string | undefined;
      let appErr: AppError;
      if (err instanceof AppError) {
        appErr = err;
      } else if (isStoreUnavailable(err)) {
        // The database (CouchDB) is unreachable or failing: a temporary condition the client should retry, not a
        // bug. /health and the replication gateway say the same with 503.
        logger.warn('store unavailable', { requestId, method: ctx.method, path: ctx.path, err: serialize(err) });
        appErr = new AppError('store_unavailable', 'the database is unavailable; try again shortly', undefined, { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) });
      } else if (isHttpClientError(err)) {
        // Errors raised by Koa or a library for a bad request (e.g. malformed multipart) keep their 4xx status.
        appErr = new AppError(codeForStatus(err.status), err.expose ? err.message : 'bad request');
      } else {
        logger.error('unhandled error', { requestId, method: ctx.method, path: ctx.path, err: serialize(err) });
        appErr = new AppError('internal', 'internal server error');
      }
      ctx.status = appErr.status;
      ctx.set('Cache-Control', 'no-store');
      for (const [k, v] of Object.entries(appErr.headers ?? {})) ctx.set(k, v);
      ctx.body = {
        error: {
          code: appErr.code,
          message: appErr.message,
          ...(appErr.details ? { details: appErr.details } : {}),
          ...(requestId ? { requestId } : {}),
        },
      };
    }
  };
}

/** Seconds a client is asked to wait when the database is unavailable (CouchDB restarts take a few seconds). */
export const STORE_RETRY_AFTER_SECONDS = 5;

/** The store adapters raise `StoreUnavailableError` (by name: no import of the adapters here) when the database is down. */
function isStoreUnavailable(err: unknown): boolean {
  for (let e = err as { name?: unknown; cause?: unknown } | null | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    if (e.name === 'StoreUnavailableError') return true;
  }
  return false;
}

function isHttpClientError(err: unknown): err is { status: number; expose?: boolean; message: string } {
  const s = (err as { status?: unknown } | null)?.status;
  return typeof s === 'number' && s >= 400 && s < 500;
}

function codeForStatus(status: number): ErrorCode {
  const byStatus: Record<number, ErrorCode> = {
    400: 'validation_failed',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not_found',
    405: 'method_not_allowed',
    409: 'conflict',
    413: 'payload_too_large',
    415: 'unsupported_media_type',
    422: 'unprocessable',
  };
  return byStatus[status] ?? 'validation_failed';
}

function serialize(err: unknown) {
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack };
  return { value: String(err) };
}
