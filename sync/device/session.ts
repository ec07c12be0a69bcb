/**
 * The portal session of one device: exchanging the token for a session (`POST /trip-portal/validate`), renewing it
 * when the gateway says it expired, and the `needs_token` state when the token itself is refused.
 */
import { ValidateAnswer } from '../../shared/schemas/portal.js';
import { DeviceTripError, type PortalSession } from './types.js';

/** Raised when the server could not be reached at all (as opposed to an answer saying no). */
export class UnreachableError extends DeviceTripError {
  constructor(cause: unknown) {
    super('unreachable', `the server could not be reached: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

type ValidateOutcome = { ok: true; session: PortalSession } | { ok: false; status: number; code: string; message: string };

/** Exchanges a portal token for a session. Refusals (4xx) are answered; unreachable and 5xx throw. */
export async function validateToken(fetchImpl: typeof fetch, baseUrl: string, token: string): Promise<ValidateOutcome> {
  let res: Response;
  try {
    res = await fetchImpl(new URL('trip-portal/validate', withSlash(baseUrl)), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token }),
    });
  } catch (err) {
    throw new UnreachableError(err);
  }
  const body = (await res.json().catch(() => undefined)) as unknown;
  if (res.ok) {
    const parsed = ValidateAnswer.safeParse(body);
    if (!parsed.success) throw new DeviceTripError('server_error', 'the validate answer is not a portal session', res.status);
    return { ok: true, session: parsed.data };
  }
  if (res.status >= 500) throw new DeviceTripError('server_error', `validate answered ${res.status}`, res.status);
  // The REST error shape: {error: {code, message}}.
  const error = (body as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
  const code = typeof error?.code === 'string' ? error.code : `http_${res.status}`;
  const message = typeof error?.message === 'string' ? error.message : `validate answered ${res.status}`;
  return { ok: false, status: res.status, code, message };
}

export function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/**
 * Holds the token and the current session. `renew` is single-flight: when several requests get 401 at once, one
 * validation answers them all. A refused token blocks every request (`whenUsable`) until `setToken` succeeds.
 */
export class SessionKeeper {
  private refusal: { code: string; message: string } | null = null;
  private renewing: Promise<'renewed' | 'refused'> | undefined;
  private waiters: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  private closed = false;
  /** How many times a new session replaced an expired one (tests and diagnostics). */
  renewals = 0;

  constructor(
    private readonly fetchImpl: typeof fetch,
    private readonly baseUrl: () => string,
    private token: string,
    private answer: PortalSession,
    private readonly onChange: () => void,
  ) {}

  get current(): PortalSession {
    return this.answer;
  }

  /** The reason the token was refused, while it is. */
  get refused(): { code: string; message: string } | null {
    return this.refusal;
  }

  /**
   * Called after a 401 answered a request sent with `usedSession`. Answers `renewed` when a fresh session is in
   * place (possibly renewed by another request meanwhile), `refused` when the token itself was refused.
   */
  async renew(usedSession: string): Promise<'renewed' | 'refused'> {
    if (this.refusal) return 'refused';
    if (this.answer.session !== usedSession) return 'renewed';
    this.renewing ??= this.validate().finally(() => {
      this.renewing = undefined;
    });
    return this.renewing;
  }

  private async validate(): Promise<'renewed' | 'refused'> {
    const token = this.token;
    const outcome = await validateToken(this.fetchImpl, this.baseUrl(), token);
    if (token !== this.token) return 'renewed'; // setToken ran meanwhile: its session stands
    if (!outcome.ok) {
      this.refuse(outcome.code, outcome.message);
      return 'refused';
    }
    this.accept(outcome.session);
    this.renewals += 1;
    this.onChange();
    return 'renewed';
  }

  /** The token is no good: requests wait in `whenUsable` until `setToken`. */
  refuse(code: string, message: string): void {
    if (this.refusal) return;
    this.refusal = { code, message };
    this.onChange();
  }

  /** Validates a new token; on success the refusal ends and waiting requests continue with the new session. */
  async setToken(token: string): Promise<PortalSession> {
    if (this.closed) throw new DeviceTripError('closed', 'the trip is closed');
    const outcome = await validateToken(this.fetchImpl, this.baseUrl(), token);
    if (!outcome.ok) throw new DeviceTripError(outcome.code, outcome.message, outcome.status);
    this.accept(outcome.session);
    this.token = token;
    this.refusal = null;
    for (const w of this.waiters.splice(0)) w.resolve();
    this.onChange();
    return outcome.session;
  }

  /** Resolves at once unless the token is refused; then when a new token was accepted (rejects on close). */
  whenUsable(): Promise<void> {
    if (this.closed) return Promise.reject(new DeviceTripError('closed', 'the trip is closed'));
    if (!this.refusal) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  close(): void {
    this.closed = true;
    for (const w of this.waiters.splice(0)) w.reject(new DeviceTripError('closed', 'the trip is closed'));
  }

  /** A token of another trip or player would write into this trip's database as someone else: refused. */
  private accept(session: PortalSession): void {
    if (session.trip.id !== this.answer.trip.id || session.player.id !== this.answer.player.id) {
      throw new DeviceTripError('wrong_trip', `the token is for trip ${session.trip.id} as player ${session.player.id}, not this device's trip and player`);
    }
    this.answer = session;
  }
}
