/**
 * Every way a request can fail, as one typed error: the screens switch on `kind`, never on a status number. A
 * refusal of the input (`validation`) carries every issue the server listed, with its path, so a form can show
 * each at its field.
 */
import type { Issue } from '../../common/form-errors.js';

export type ApiErrorKind =
  | 'validation' // 400
  | 'unauthorized' // 401: no, expired or revoked token
  | 'forbidden' // 403
  | 'not_found' // 404
  | 'conflict' // 409
  | 'gone' // 410 (an expired code)
  | 'unprocessable' // 422
  | 'rate_limited' // 429, with Retry-After
  | 'unavailable' // 503, with Retry-After
  | 'network' // no answer at all
  | 'server'; // anything else (500…)

const KIND_BY_STATUS: Record<number, ApiErrorKind> = {
  400: 'validation',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  410: 'gone',
  422: 'unprocessable',
  429: 'rate_limited',
  503: 'unavailable',
};

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    /** The server's error code (`email_taken`, `code_expired`…), or `network`. */
    readonly code: string,
    message: string,
    /** Every problem the server listed (400 `validation_failed` and a few others name their field). */
    readonly issues: Issue[] = [],
    /** Seconds to wait before trying again (429, 503), from `Retry-After`. */
    readonly retryAfterSeconds?: number,
    readonly requestId?: string,
  ) {
    super(message);
  }

  static fromStatus(status: number, body: unknown, retryAfter: string | null): ApiError {
    const error = (body as { error?: { code?: unknown; message?: unknown; details?: unknown; requestId?: unknown } } | undefined)?.error;
    const kind = KIND_BY_STATUS[status] ?? (status >= 400 && status < 500 ? 'validation' : 'server');
    const issues = Array.isArray(error?.details)
      ? error.details.filter((d): d is Issue => !!d && typeof d === 'object' && Array.isArray((d as Issue).path) && typeof (d as Issue).message === 'string')
      : [];
    const seconds = retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined;
    return new ApiError(
      kind,
      status,
      typeof error?.code === 'string' ? error.code : `http_${status}`,
      typeof error?.message === 'string' ? error.message : `the server answered ${status}`,
      issues,
      seconds,
      typeof error?.requestId === 'string' ? error.requestId : undefined,
    );
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

/** A sentence for an organizer about a failure that belongs to no field. */
export function describeFailure(e: unknown): string {
  if (!isApiError(e)) return 'Something went wrong in this page. Reload it and try again.';
  switch (e.kind) {
    case 'network':
      return 'The server could not be reached. Check the connection and try again.';
    case 'rate_limited':
      return `Too many attempts. Try again in ${waitInWords(e.retryAfterSeconds)}.`;
    case 'unavailable':
      return `The server is busy or its database is unavailable. Try again in ${waitInWords(e.retryAfterSeconds)}.`;
    case 'forbidden':
      return 'Your account may not do this on this trip.';
    case 'not_found':
      return 'This no longer exists: it may have been deleted, or you no longer organize this trip.';
    case 'unauthorized':
      return 'You are signed out. Sign in again to continue.';
    case 'server':
      return `The server failed to answer (${e.status}). Try again; if it keeps failing, tell whoever runs it${e.requestId ? ` (request ${e.requestId})` : ''}.`;
    default:
      return e.message ? e.message[0]!.toUpperCase() + e.message.slice(1) : 'The server refused this.';
  }
}

export function waitInWords(seconds: number | undefined): string {
  if (seconds === undefined) return 'a moment';
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
