import { isIPv6 } from 'node:net';
import type { Context } from 'koa';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimit, RateLimitConfig } from '../config.js';
import type { AppDeps } from '../deps.js';
import { AppError, ErrorBody } from './errors.js';
import type { ResponseSpec } from './route.js';

/** The endpoints that guess secrets, each with its configured limit. */
export type LimitName = Exclude<keyof RateLimitConfig, 'enabled'>;

/**
 * How each limit is keyed and counted. Every limit counts per client address; `account` adds a key per account:
 * - `ip+account`: one account as tried from one address, so failures from an attacker's address never lock the
 *   account's owner out on another address; the address's own (larger) budget stops one address trying many accounts.
 * - `account`: the account whatever the address, for actions whose cost lands on the account's owner (mail sent).
 * `ipFactor` multiplies the configured points for the per-address key when there is an account key beside it.
 *
 * For limits on failures ({@link limitFailures}), `reserve` decides when an attempt is counted: up front, given back
 * on success (no burst of simultaneous guesses can exceed the budget, but simultaneous successes count while in
 * flight), or only once it failed (successes never count; guesses in flight when the budget runs out still get
 * through). Logins reserve, since each guess at a human password matters; token and code exchanges guess 256
 * random bits, where a few more in flight change nothing and a group of phones behind one address must get through.
 */
const RULES: Record<LimitName, { account?: 'ip+account' | 'account'; ipFactor: number; reserve: boolean }> = {
  login: { account: 'ip+account', ipFactor: 10, reserve: true },
  register: { ipFactor: 1, reserve: true },
  passwordReset: { account: 'account', ipFactor: 10, reserve: false },
  portalValidate: { ipFactor: 1, reserve: false },
};

interface Limiters {
  byIp: RateLimiterMemory;
  byAccount?: RateLimiterMemory;
}

/**
 * The limiters of one app, in this process's memory: each server process counts on its own (see the README on
 * running several). Keyed by the app's dependencies, so each test server starts from zero.
 */
const limitersByApp = new WeakMap<AppDeps, Map<LimitName, Limiters>>();

function limiters(deps: AppDeps, name: LimitName): Limiters {
  let byName = limitersByApp.get(deps);
  if (!byName) limitersByApp.set(deps, (byName = new Map()));
  let found = byName.get(name);
  if (!found) {
    const limit: RateLimit = deps.config.rateLimits[name];
    const rule = RULES[name];
    const make = (points: number, scope: string) => new RateLimiterMemory({ keyPrefix: `${name}:${scope}`, points, duration: limit.durationSeconds });
    found = {
      byIp: make(rule.account ? limit.points * rule.ipFactor : limit.points, 'ip'),
      ...(rule.account ? { byAccount: make(limit.points, rule.account) } : {}),
    };
    byName.set(name, found);
  }
  return found;
}

/** The documented 429 of a limited route. */
export const RATE_LIMITED: ResponseSpec = {
  description: 'Too many attempts from this client (or on this account): code `rate_limited`; the `Retry-After` header says in how many seconds to try again',
  schema: ErrorBody,
};

interface Keys {
  ip: string;
  account?: string;
}

function keysOf(ctx: Context, name: LimitName, hasAccountLimiter: boolean, account: string | undefined): Keys {
  const ip = clientKey(ctx.ip);
  const email = account?.trim().toLowerCase();
  if (!hasAccountLimiter || email === undefined) return { ip };
  return { ip, account: RULES[name].account === 'ip+account' ? `${ip} ${email}` : email };
}

function refusal(results: (RateLimiterRes | null | undefined)[]): AppError {
  const waitMs = Math.max(0, ...results.map((r) => r?.msBeforeNext ?? 0));
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError('rate_limited', `too many attempts; try again in ${seconds} s`, undefined, { 'Retry-After': String(seconds) });
}

/**
 * Consumes a point on each key; a spent budget is a 429 (the point still counts, until the window ends). The
 * address goes first and a refused address touches no account key, so a flood of made-up emails from one address
 * cannot fill memory with keys.
 */
async function consume({ byIp, byAccount }: Limiters, keys: Keys): Promise<void> {
  for (const [limiter, key] of [[byIp, keys.ip], ...(keys.account !== undefined ? [[byAccount!, keys.account] as const] : [])] as const) {
    try {
      await limiter.consume(key);
    } catch (err) {
      if (err instanceof RateLimiterRes) throw refusal([err]);
      throw err;
    }
  }
}

/**
 * Counts one attempt of `name` from the request's client (and, with `account`, an email, against that account)
 * and refuses it with 429 `rate_limited` and `Retry-After` (whole seconds) when the window's budget is spent. For
 * actions limited whatever their outcome (registering, asking for a reset mail); call it before doing anything.
 */
export async function rateLimit(deps: AppDeps, ctx: Context, name: LimitName, options: { account?: string } = {}): Promise<void> {
  if (!deps.config.rateLimits.enabled) return;
  const limiter = limiters(deps, name);
  await consume(limiter, keysOf(ctx, name, limiter.byAccount !== undefined, options.account));
}

/**
 * Runs `work` (a login, a token exchange) unless the client (or, with `account`, that account from this client) has
 * spent its budget of failures, answering 429 `rate_limited` with `Retry-After` then, before any work is done.
 * Only failures that `isGuess` says were guesses count (a wrong password, an unknown token; not a real token
 * refused as expired, nor a failure of ours); a success also clears the account's count from this client.
 */
export async function limitFailures<T>(
  deps: AppDeps,
  ctx: Context,
  name: LimitName,
  options: { account?: string; isGuess: (err: unknown) => boolean },
  work: () => Promise<T>,
): Promise<T> {
  if (!deps.config.rateLimits.enabled) return work();
  const limiter = limiters(deps, name);
  const { byIp, byAccount } = limiter;
  const keys = keysOf(ctx, name, byAccount !== undefined, options.account);
  const reserve = RULES[name].reserve;
  if (reserve) {
    await consume(limiter, keys);
  } else {
    // A count whose window has just ended (its record not yet dropped) no longer refuses.
    const isSpent = (r: RateLimiterRes | null, points: number) => (r && r.consumedPoints >= points && r.msBeforeNext > 0 ? r : null);
    const counts = await Promise.all([byIp.get(keys.ip), keys.account !== undefined ? byAccount!.get(keys.account) : null]);
    const spent = [isSpent(counts[0], byIp.points), isSpent(counts[1], byAccount?.points ?? 0)];
    if (spent.some((r) => r)) throw refusal(spent);
  }
  const onKeys = (f: (limiter: RateLimiterMemory, key: string) => Promise<unknown>) =>
    Promise.all([f(byIp, keys.ip), ...(keys.account !== undefined ? [f(byAccount!, keys.account)] : [])]);
  let result: T;
  try {
    result = await work();
  } catch (err) {
    if (options.isGuess(err)) {
      if (!reserve) await onKeys((l, k) => l.penalty(k));
    } else if (reserve) {
      await onKeys((l, k) => l.reward(k));
    }
    throw err;
  }
  if (reserve) await byIp.reward(keys.ip);
  if (keys.account !== undefined) await byAccount!.delete(keys.account);
  return result;
}

/** An `isGuess` for {@link limitFailures}: the failure is an {@link AppError} with one of these codes. */
export const failedWith =
  (...codes: string[]) =>
  (err: unknown): boolean =>
    err instanceof AppError && codes.includes(err.code);

/**
 * The key of a client address: an IPv4 address as it is (also when written IPv4-mapped, `::ffff:a.b.c.d`); an IPv6
 * address by its /64 network, since one subscriber usually holds a whole /64 and could otherwise take a fresh
 * address for every attempt.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  const bare = address.split('%')[0]!;
  if (!isIPv6(bare)) return address;
  const [head = '', tail] = bare.split('::');
  const groups = (s: string) => (s ? s.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const h = groups(head);
  const full = tail === undefined ? h : [...h, ...Array<string>(8 - h.length - groups(tail).length).fill('0'), ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
