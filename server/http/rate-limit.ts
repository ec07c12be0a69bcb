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
 * How each limit is keyed. Every limit counts per client address; `account` adds a key per account:
 * - `ip+account`: one account as tried from one address, so failures from an attacker's address never lock the
 *   account's owner out on another address; the address's own (larger) budget stops one address trying many accounts.
 * - `account`: the account whatever the address, for actions whose cost lands on the account's owner (mail sent).
 * `ipFactor` multiplies the configured points for the per-address key when there is an account key beside it.
 */
const RULES: Record<LimitName, { account?: 'ip+account' | 'account'; ipFactor: number }> = {
  login: { account: 'ip+account', ipFactor: 10 },
  register: { ipFactor: 1 },
  passwordReset: { account: 'account', ipFactor: 10 },
  portalValidate: { ipFactor: 1 },
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

/** An attempt let through: tell the limiter when it succeeded, for limits that count failures only. */
export interface Attempt {
  /**
   * Gives the attempt's points back and clears the account's count from this address: for a success, or a refusal
   * that was no guess (only guesses were meant to count).
   */
  succeeded(): Promise<void>;
}

const noAttempt: Attempt = { succeeded: async () => undefined };

/**
 * Counts one attempt of `name` from the request's client (and for `account`, an email, against that account) and
 * refuses it with 429 `rate_limited` and `Retry-After` (seconds) when the budget of the window is spent. Every
 * attempt counts; a caller that limits failures only calls `succeeded()` on success, which gives the points back.
 * Call it before the expensive or revealing work (hashing a password, looking a token up).
 */
export async function rateLimit(deps: AppDeps, ctx: Context, name: LimitName, options: { account?: string } = {}): Promise<Attempt> {
  if (!deps.config.rateLimits.enabled) return noAttempt;
  const { byIp, byAccount } = limiters(deps, name);
  const ip = clientKey(ctx.ip);
  const account = options.account?.trim().toLowerCase();
  const accountKey = byAccount && account !== undefined ? (RULES[name].account === 'ip+account' ? `${ip} ${account}` : account) : undefined;
  const results = await Promise.allSettled([byIp.consume(ip), ...(accountKey !== undefined ? [byAccount!.consume(accountKey)] : [])]);
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (refused.length > 0) {
    const errors = refused.filter((r) => !(r instanceof RateLimiterRes));
    if (errors.length > 0) throw errors[0];
    const waitMs = Math.max(...(refused as RateLimiterRes[]).map((r) => r.msBeforeNext));
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new AppError('rate_limited', `too many attempts; try again in ${seconds} s`, undefined, { 'Retry-After': String(seconds) });
  }
  return {
    async succeeded() {
      await byIp.reward(ip);
      if (accountKey !== undefined) await byAccount!.delete(accountKey);
    },
  };
}

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
