import { hkdfSync, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRemoteJWKSet, errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { Config } from '../config.js';
import { AppError } from '../http/errors.js';

export const ISSUER = 'golf-trip-server';
export const PORTAL_AUDIENCE = 'golf-trips-portal';
/** The audience of a display preview token: the organizer's preview of one trip's TV page, read only. */
export const DISPLAY_PREVIEW_AUDIENCE = 'golf-trips-display-preview';
/** The one thing a display preview token may do. */
export const DISPLAY_PREVIEW_SCOPE = 'display:read';

/**
 * Signs and verifies the three kinds of token, each with its own key and audience: dashboard tokens, portal sessions,
 * and display preview tokens (the organizer's preview of one trip's TV page: that trip's display, read only, for
 * minutes; it is what a preview page's address carries, never the dashboard token).
 */
export interface AuthKeys {
  signDashboard(claims: { sub: string; email?: string; name?: string }): Promise<{ token: string; expiresAt: string }>;
  verifyDashboard(token: string): Promise<JWTPayload>;
  signPortal(claims: JWTPayload & { sub: string }, ttlSeconds: number): Promise<{ token: string; expiresAt: string }>;
  verifyPortal(token: string): Promise<JWTPayload>;
  /** A preview token of one trip's display for the organizer `sub`, valid `ttlSeconds`. */
  signDisplayPreview(claims: { sub: string; tripId: string }, ttlSeconds: number): Promise<{ token: string; expiresAt: string }>;
  /** The claims of a preview token (`sub`, `trip`, `scope`); 401 `token_invalid` / `token_expired` otherwise. */
  verifyDisplayPreview(token: string): Promise<JWTPayload>;
  /** Secret for signing URLs (e.g. private audio), derived apart from the token keys. */
  urlSigningKey: Uint8Array;
  /** AES-256-GCM key for secrets the server must hold briefly (portal tokens a wizard issued, until delivered). */
  sealingKey: Uint8Array;
}

/**
 * Builds the keys from configuration. Without AUTH_JWT_SECRET a random secret is generated once and kept in
 * `DATA_DIR/auth-secret` (mode 0600), so tokens survive restarts. Portal sessions use a key derived from it with
 * HKDF, so a portal session can never verify as a dashboard token (spec, Authentication rule 1), even before the
 * audience check.
 */
export async function loadKeys(config: Config, now: () => Date = () => new Date()): Promise<AuthKeys> {
  const secret = new Uint8Array(config.auth.jwtSecret ? Buffer.from(config.auth.jwtSecret, 'utf8') : await persistedSecret(config.dataDir));
  if (secret.length < 32) throw new Error('AUTH_JWT_SECRET must be at least 32 bytes');
  const derive = (label: string) => new Uint8Array(hkdfSync('sha256', secret, new Uint8Array(0), label, 32));
  // Imported once: given raw bytes, jose imports the key again on every sign and verify.
  const dashboardKey = await hmacKey(secret);
  const portalKey = await hmacKey(derive('golf-trips portal session v1'));
  const previewKey = await hmacKey(derive('golf-trips display preview v1'));
  const urlSigningKey = derive('golf-trips signed url v1');
  const sealingKey = derive('golf-trips sealed secrets v1');
  const jwks = config.auth.jwksUrl ? createRemoteJWKSet(new URL(config.auth.jwksUrl)) : undefined;
  const clockNow = () => Math.floor(now().getTime() / 1000);
  const dashboardVerified = new VerifiedTokens(now);
  const portalVerified = new VerifiedTokens(now);
  const previewVerified = new VerifiedTokens(now);

  return {
    urlSigningKey,
    sealingKey,
    async signDashboard(claims) {
      const iat = clockNow();
      const exp = iat + config.auth.tokenTtlSeconds;
      const token = await new SignJWT({ email: claims.email, name: claims.name })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(config.auth.audience)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(dashboardKey);
      return { token, expiresAt: new Date(exp * 1000).toISOString() };
    },
    async verifyDashboard(token) {
      const alg = headerAlg(token);
      if (alg === 'HS256') {
        return dashboardVerified.get(token) ?? dashboardVerified.keep(token, await verify(() => jwtVerify(token, dashboardKey, { audience: config.auth.audience, algorithms: ['HS256'], currentDate: now() })));
      }
      if (!jwks) throw new AppError('token_invalid', 'the token is not signed by a key this server accepts');
      return verify(() =>
        jwtVerify(token, jwks, {
          audience: config.auth.audience,
          ...(config.auth.issuer ? { issuer: config.auth.issuer } : {}),
          currentDate: now(),
        }),
      );
    },
    async signPortal(claims, ttlSeconds) {
      const iat = clockNow();
      const exp = iat + ttlSeconds;
      const { sub, ...rest } = claims;
      const token = await new SignJWT(rest)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(PORTAL_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(portalKey);
      return { token, expiresAt: new Date(exp * 1000).toISOString() };
    },
    async verifyPortal(token) {
      return portalVerified.get(token) ?? portalVerified.keep(token, await verify(() => jwtVerify(token, portalKey, { audience: PORTAL_AUDIENCE, issuer: ISSUER, algorithms: ['HS256'], currentDate: now() })));
    },
    async signDisplayPreview(claims, ttlSeconds) {
      const iat = clockNow();
      const exp = iat + ttlSeconds;
      const token = await new SignJWT({ trip: claims.tripId, scope: DISPLAY_PREVIEW_SCOPE })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(ISSUER)
        .setAudience(DISPLAY_PREVIEW_AUDIENCE)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(previewKey);
      return { token, expiresAt: new Date(exp * 1000).toISOString() };
    },
    async verifyDisplayPreview(token) {
      const claims =
        previewVerified.get(token) ??
        previewVerified.keep(token, await verify(() => jwtVerify(token, previewKey, { audience: DISPLAY_PREVIEW_AUDIENCE, issuer: ISSUER, algorithms: ['HS256'], currentDate: now() })));
      if (claims.scope !== DISPLAY_PREVIEW_SCOPE || typeof claims.trip !== 'string' || !claims.sub) {
        throw new AppError('token_invalid', 'the token is not a display preview token', undefined, bearerChallenge('invalid_token'));
      }
      return claims;
    },
  };
}

function hmacKey(raw: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new Uint8Array(raw), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

const VERIFIED_TOKENS_MAX = 10_000;

/**
 * Payloads of tokens this server signed and has verified, so a phone's or browser's every request does not pay for
 * the signature check again. A payload is answered only while the token is within its validity (`nbf` ≤ now < `exp`);
 * checks that depend on server state (a revoked session, a password reset) are the callers' and run every time.
 * Each caller gets its own copy. When full, the oldest entry is dropped.
 */
class VerifiedTokens {
  /**
   * By token: its validity in ms and the payload as JSON (a JWT payload is JSON), parsed afresh for each caller:
   * about five times cheaper than `structuredClone` of the object, on every request of every phone.
   */
  private readonly payloads = new Map<string, { exp: number; nbf: number; json: string }>();
  constructor(private readonly now: () => Date) {}

  get(token: string): JWTPayload | undefined {
    const known = this.payloads.get(token);
    if (!known) return undefined;
    if (!this.valid(known.exp, known.nbf)) {
      this.payloads.delete(token);
      return undefined;
    }
    return JSON.parse(known.json) as JWTPayload;
  }

  keep(token: string, payload: JWTPayload): JWTPayload {
    if (typeof payload.exp !== 'number') return payload;
    const entry = { exp: payload.exp * 1000, nbf: typeof payload.nbf === 'number' ? payload.nbf * 1000 : -Infinity, json: JSON.stringify(payload) };
    if (!this.valid(entry.exp, entry.nbf)) return payload;
    if (this.payloads.size >= VERIFIED_TOKENS_MAX) this.payloads.delete(this.payloads.keys().next().value!);
    this.payloads.set(token, entry);
    return payload;
  }

  private valid(expMs: number, nbfMs: number): boolean {
    const ms = this.now().getTime();
    return expMs > ms && nbfMs <= ms;
  }
}

async function verify(fn: () => Promise<{ payload: JWTPayload }>): Promise<JWTPayload> {
  try {
    return (await fn()).payload;
  } catch (err) {
    if (err instanceof errors.JWTExpired) throw new AppError('token_expired', 'the token has expired', undefined, bearerChallenge('invalid_token'));
    throw new AppError('token_invalid', 'the token is not valid', undefined, bearerChallenge('invalid_token'));
  }
}

export function bearerChallenge(error?: string): Record<string, string> {
  return { 'WWW-Authenticate': error ? `Bearer error="${error}"` : 'Bearer' };
}

function headerAlg(token: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { alg?: string };
    return header.alg;
  } catch {
    throw new AppError('token_invalid', 'the token is not a JWT', undefined, bearerChallenge('invalid_token'));
  }
}

async function persistedSecret(dataDir: string): Promise<Buffer> {
  const file = join(dataDir, 'auth-secret');
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  } catch {
    await mkdir(dataDir, { recursive: true });
    const secret = randomBytes(48);
    // 'wx' fails if another process wrote it first; then read theirs.
    try {
      await writeFile(file, secret.toString('base64') + '\n', { flag: 'wx', mode: 0o600 });
      await chmod(file, 0o600);
      return secret;
    } catch {
      return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    }
  }
}
