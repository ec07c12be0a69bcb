import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { DEFAULT_ADMISSION } from './http/admission.js';
import type { LogLevel } from './logger.js';

/** Runtime configuration. Only `main.ts` reads the environment; tests build a Config directly. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  couchdbUrl?: string;
  /**
   * Shards of each new trip database (`COUCHDB_TRIP_Q`, default 1: CouchDB's guidance for many small databases; a
   * trip is a few thousand documents) and copies of each shard (`COUCHDB_TRIP_N`; unset: the cluster's default, 3
   * on a three-node cluster). Databases created earlier keep theirs.
   */
  couchdbTrip?: { q: number; n?: number };
  /**
   * Megabytes of document JSON this server keeps in its copies of trips for shared reads (`TRIP_COPIES_MB`,
   * default {@link defaultTripCopiesMb} of the process's heap limit): past it the least recently read trips drop theirs.
   */
  tripCopiesMb?: number;
  /** The origin links handed out start with (`PUBLIC_BASE_URL`); unset: the request's own origin. */
  publicBaseUrl?: string;
  /** Behind a reverse proxy: honour `X-Forwarded-For/-Proto/-Host` for client addresses and link origins. */
  trustProxy: boolean;
  /**
   * With `trustProxy`: how many proxies in front of the server append to `X-Forwarded-For`. The client's address is
   * the entry that many places from the end; anything before it was written by the client and is ignored.
   */
  trustProxyHops: number;
  /** After SIGTERM, how long requests in flight may run before their connections are cut, ms. */
  shutdownGraceMs: number;
  /** Outgoing mail: SMTP when `smtpUrl` is set, otherwise each message is written to `DATA_DIR/outbox` and logged. */
  mail: { smtpUrl?: string; from: string };
  /** Reads running at once and waiting at most (`READ_CONCURRENCY`, `READ_QUEUE_LIMIT`; http/admission.ts). Unset: the defaults there. */
  admission?: { readConcurrency: number; readQueueLimit: number };
  /**
   * After a waiting longpoll `_changes` learns of a change, how long it gathers more before answering, ms
   * (`LONGPOLL_GATHER_MS`; unset: {@link DEFAULT_LONGPOLL_GATHER_MS}; 0 answers at once, as CouchDB).
   */
  longpollGatherMs?: number;
  /** Attempts allowed per window on the endpoints that guess secrets (login, register, password reset, portal validate). */
  rateLimits: RateLimitConfig;
  /**
   * TESTS ONLY, never read from the environment: a cheaper scrypt cost for password hashes, so test suites that
   * register many accounts stay fast. Unset (always so in production): the OWASP minimum N=2^17, r=8, p=1.
   */
  testOnlyPasswordCost?: { N: number; r: number; p: number };
  auth: {
    /** HS256 secret for dashboard tokens; when absent one is generated and kept in DATA_DIR. */
    jwtSecret?: string;
    /** JWKS of an identity provider whose tokens the dashboard accepts. */
    jwksUrl?: string;
    /** Audience dashboard tokens must carry. */
    audience: string;
    /** Issuer required of identity-provider tokens, when set. */
    issuer?: string;
    /** Lifetime of dashboard tokens this server issues, seconds. */
    tokenTtlSeconds: number;
    /** Lifetime of portal sessions, seconds: short, since a device renews it with its portal token. */
    portalSessionTtlSeconds: number;
  };
  /** Lifetime of signed URLs to report files (private audio, sandboxed HTML), seconds. */
  signedUrlTtlSeconds: number;
  logLevel: LogLevel;
  /** The built browser apps (`npm run build:web`); default `dist/web` in the repository. */
  webDir?: string;
}

/** One limit: `points` attempts per `durationSeconds`, per client address and per account or token. */
export interface RateLimit {
  points: number;
  durationSeconds: number;
}

export interface RateLimitConfig {
  /** Off only for load benchmarks; always on in production. */
  enabled: boolean;
  login: RateLimit;
  register: RateLimit;
  passwordReset: RateLimit;
  portalValidate: RateLimit;
}

export const DEFAULT_RATE_LIMITS: RateLimitConfig = {
  enabled: true,
  login: { points: 10, durationSeconds: 900 },
  register: { points: 50, durationSeconds: 3600 },
  passwordReset: { points: 5, durationSeconds: 3600 },
  portalValidate: { points: 30, durationSeconds: 300 },
};

/** Where `web/build.ts` writes the browser apps by default: `dist/web`, seen from `server/` or from the compiled `dist/server/`. */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL(/\/dist\/server\/[^/]+$/.test(import.meta.url) ? '../web' : '../dist/web', import.meta.url));

export const DEFAULT_AUDIENCE = 'golf-trips-dashboard';

/**
 * At most 128 MB of document JSON (three to four times that of heap): a season's Saturday of 100 trips in play of 1 MB
 * each (32 players, three rounds of scores with their history), or 20 trips of 144 players (6 MB each).
 */
export const DEFAULT_TRIP_COPIES_MB = 128;

/**
 * The copies' default budget: an eighth of the heap the process may grow to, in megabytes of JSON, so the copies
 * (3–4 bytes of heap per character of JSON, measured on the embedded mirrors) take at most half of it and the rest is
 * left to requests in flight; at most {@link DEFAULT_TRIP_COPIES_MB}, at least 8. Under `npm start` and the image's
 * heap limit of 448 MB (`package.json` `config.heapMb`) that is 62 MB: 50 trips of 1 MB in play. Without a limit
 * (Node's own: a quarter of the machine's memory, up to 4 GB) it is 128 MB, as before (issue 36: a season's server
 * under 600 MB).
 */
export function defaultTripCopiesMb(heapLimitBytes: number = getHeapStatistics().heap_size_limit): number {
  return Math.max(8, Math.min(DEFAULT_TRIP_COPIES_MB, Math.floor(heapLimitBytes / (1024 * 1024) / 8)));
}

/**
 * 100 ms: while a group's scores and 29 other phones' pulls arrive together, each phone pulls several changes at
 * once instead of one each (fewer pulls, checkpoints and pushes of what it pulled); a score reaches the other phones
 * 0.1 s later, which nobody watching a leaderboard notices.
 */
export const DEFAULT_LONGPOLL_GATHER_MS = 100;

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intOr(env.PORT, 3000, 'PORT');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    ...(env.COUCHDB_URL ? { couchdbUrl: env.COUCHDB_URL } : {}),
    couchdbTrip: {
      q: positiveInt(env.COUCHDB_TRIP_Q, 1, 'COUCHDB_TRIP_Q'),
      ...(env.COUCHDB_TRIP_N ? { n: positiveInt(env.COUCHDB_TRIP_N, 3, 'COUCHDB_TRIP_N') } : {}),
    },
    tripCopiesMb: positiveInt(env.TRIP_COPIES_MB, defaultTripCopiesMb(), 'TRIP_COPIES_MB'),
    ...(env.PUBLIC_BASE_URL ? { publicBaseUrl: env.PUBLIC_BASE_URL.replace(/\/+$/, '') } : {}),
    trustProxy: flag(env.TRUST_PROXY, 'TRUST_PROXY'),
    trustProxyHops: positiveInt(env.TRUST_PROXY_HOPS, 1, 'TRUST_PROXY_HOPS'),
    shutdownGraceMs: intOr(env.SHUTDOWN_GRACE_MS, 10_000, 'SHUTDOWN_GRACE_MS'),
    mail: { ...(env.SMTP_URL ? { smtpUrl: env.SMTP_URL } : {}), from: env.MAIL_FROM ?? 'Golf trips <no-reply@localhost>' },
    longpollGatherMs: intOr(env.LONGPOLL_GATHER_MS, DEFAULT_LONGPOLL_GATHER_MS, 'LONGPOLL_GATHER_MS'),
    admission: {
      readConcurrency: positiveInt(env.READ_CONCURRENCY, DEFAULT_ADMISSION.readConcurrency, 'READ_CONCURRENCY'),
      readQueueLimit: positiveInt(env.READ_QUEUE_LIMIT, DEFAULT_ADMISSION.readQueueLimit, 'READ_QUEUE_LIMIT'),
    },
    rateLimits: {
      enabled: env.RATE_LIMITS !== 'off',
      login: limit(env.RATE_LIMIT_LOGIN, DEFAULT_RATE_LIMITS.login, 'RATE_LIMIT_LOGIN'),
      register: limit(env.RATE_LIMIT_REGISTER, DEFAULT_RATE_LIMITS.register, 'RATE_LIMIT_REGISTER'),
      passwordReset: limit(env.RATE_LIMIT_PASSWORD_RESET, DEFAULT_RATE_LIMITS.passwordReset, 'RATE_LIMIT_PASSWORD_RESET'),
      portalValidate: limit(env.RATE_LIMIT_PORTAL_VALIDATE, DEFAULT_RATE_LIMITS.portalValidate, 'RATE_LIMIT_PORTAL_VALIDATE'),
    },
    auth: {
      ...(env.AUTH_JWT_SECRET ? { jwtSecret: env.AUTH_JWT_SECRET } : {}),
      ...(env.AUTH_JWKS_URL ? { jwksUrl: env.AUTH_JWKS_URL } : {}),
      audience: env.AUTH_JWT_AUDIENCE ?? DEFAULT_AUDIENCE,
      ...(env.AUTH_JWT_ISSUER ? { issuer: env.AUTH_JWT_ISSUER } : {}),
      tokenTtlSeconds: intOr(env.AUTH_TOKEN_TTL_SECONDS, 12 * 3600, 'AUTH_TOKEN_TTL_SECONDS'),
      portalSessionTtlSeconds: intOr(env.PORTAL_SESSION_TTL_SECONDS, 3600, 'PORTAL_SESSION_TTL_SECONDS'),
    },
    signedUrlTtlSeconds: positiveInt(env.SIGNED_URL_TTL_SECONDS, 900, 'SIGNED_URL_TTL_SECONDS'),
    logLevel: logLevel(env.LOG_LEVEL),
    webDir: resolve(env.WEB_DIR ?? DEFAULT_WEB_DIR),
  };
}

const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

/** A typo in LOG_LEVEL stops the start rather than silently logging at another level. */
function logLevel(value: string | undefined): LogLevel {
  if (value === undefined || value === '') return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(value)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${value}`);
  return value as LogLevel;
}

/** `1`/`true`/`yes` or `0`/`false`/`no`/unset. */
function flag(value: string | undefined, name: string): boolean {
  if (value === undefined || value === '') return false;
  if (/^(1|true|yes)$/i.test(value)) return true;
  if (/^(0|false|no)$/i.test(value)) return false;
  throw new Error(`${name} must be true or false, got ${value}`);
}

/** `<points>/<seconds>`, e.g. `10/300`: ten attempts per five minutes. */
function limit(value: string | undefined, fallback: RateLimit, name: string): RateLimit {
  if (value === undefined || value === '') return fallback;
  const m = /^(\d+)\/(\d+)$/.exec(value.trim());
  if (!m || Number(m[1]) < 1 || Number(m[2]) < 1) throw new Error(`${name} must be <points>/<seconds>, e.g. 10/300, got ${value}`);
  return { points: Number(m[1]), durationSeconds: Number(m[2]) };
}

function intOr(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got ${value}`);
  return n;
}

function positiveInt(value: string | undefined, fallback: number, name: string): number {
  const n = intOr(value, fallback, name);
  if (n === 0) throw new Error(`${name} must be at least 1, got ${value}`);
  return n;
}
