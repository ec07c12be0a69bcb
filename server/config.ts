import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LogLevel } from './logger.js';

/** Runtime configuration. Only `main.ts` reads the environment; tests build a Config directly. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  couchdbUrl?: string;
  publicBaseUrl: string;
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

/** Where `web/build.ts` writes the browser apps by default. */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../dist/web', import.meta.url));

export const DEFAULT_AUDIENCE = 'golf-trips-dashboard';

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = intOr(env.PORT, 3000, 'PORT');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: resolve(env.DATA_DIR ?? './data'),
    ...(env.COUCHDB_URL ? { couchdbUrl: env.COUCHDB_URL } : {}),
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    auth: {
      ...(env.AUTH_JWT_SECRET ? { jwtSecret: env.AUTH_JWT_SECRET } : {}),
      ...(env.AUTH_JWKS_URL ? { jwksUrl: env.AUTH_JWKS_URL } : {}),
      audience: env.AUTH_JWT_AUDIENCE ?? DEFAULT_AUDIENCE,
      ...(env.AUTH_JWT_ISSUER ? { issuer: env.AUTH_JWT_ISSUER } : {}),
      tokenTtlSeconds: intOr(env.AUTH_TOKEN_TTL_SECONDS, 12 * 3600, 'AUTH_TOKEN_TTL_SECONDS'),
      portalSessionTtlSeconds: intOr(env.PORTAL_SESSION_TTL_SECONDS, 3600, 'PORTAL_SESSION_TTL_SECONDS'),
    },
    signedUrlTtlSeconds: positiveInt(env.SIGNED_URL_TTL_SECONDS, 900, 'SIGNED_URL_TTL_SECONDS'),
    logLevel: (env.LOG_LEVEL as LogLevel | undefined) ?? 'info',
    webDir: resolve(env.WEB_DIR ?? DEFAULT_WEB_DIR),
  };
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
