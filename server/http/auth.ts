import type { Context } from 'koa';
import type { AuthKeys } from '../auth/keys.js';
import { bearerChallenge, ISSUER } from '../auth/keys.js';
import { AppError } from './errors.js';

/**
 * Who is calling: an organizer with a dashboard token, a trip participant with a portal session, or a page showing an
 * organizer's preview of one trip's TV display with a display preview token.
 */
export type Principal = DashboardPrincipal | PortalPrincipal | DisplayPreviewPrincipal;

export interface DashboardPrincipal {
  kind: 'dashboard';
  sub: string;
  email?: string;
  name?: string;
}

export interface PortalPrincipal {
  kind: 'portal';
  sub: string;
  /** Trips this session may read, each with the player it acts as. */
  trips: { tripId: string; playerId: string; tokenId: string }[];
  sessionId: string;
}

/** A display preview token: it reads the display of `tripId` and nothing else, for minutes. */
export interface DisplayPreviewPrincipal {
  kind: 'display_preview';
  /** The organizer who asked for it. */
  sub: string;
  tripId: string;
}

/** Each endpoint family uses exactly one mode (spec, Authentication rule 1). */
export type AuthMode = 'dashboard' | 'portal' | 'display_preview' | 'public';

function bearer(ctx: Context): string {
  return bearerOf(ctx.get('authorization'));
}

/** The token of an `Authorization: Bearer <token>` header; 401 when it is missing or of another scheme. */
export function bearerOf(header: string | undefined): string {
  if (!header) throw new AppError('unauthorized', 'send Authorization: Bearer <token>', undefined, bearerChallenge());
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) throw new AppError('unauthorized', 'the Authorization header must be "Bearer <token>"', undefined, bearerChallenge('invalid_request'));
  return m[1]!;
}

/**
 * Verifies a dashboard token. A portal session is refused with `wrong_auth_mode`: it is signed with another key and
 * audience, so it fails verification here; the message says which mode the route takes.
 */
export async function authenticateDashboard(
  ctx: Context,
  keys: AuthKeys,
  /** True when the account ended the tokens it was issued before `issuedAt` (a password reset); this server's tokens only. */
  isRevoked?: (accountId: string, issuedAt: number) => Promise<boolean>,
): Promise<DashboardPrincipal> {
  const token = bearer(ctx);
  let claims;
  try {
    claims = await keys.verifyDashboard(token);
    if (!claims.sub) throw new AppError('token_invalid', 'the token names no subject', undefined, bearerChallenge('invalid_token'));
  } catch (err) {
    if (err instanceof AppError && err.code === 'token_invalid' && (await isPortalSession(keys, token))) {
      throw new AppError('wrong_auth_mode', 'this route takes a dashboard token; a portal session was sent', undefined, bearerChallenge('invalid_token'));
    }
    if (err instanceof AppError && err.code === 'token_invalid' && (await isPreviewToken(keys, token))) {
      throw new AppError('wrong_auth_mode', 'this route takes a dashboard token; a display preview token was sent', undefined, bearerChallenge('invalid_token'));
    }
    throw err;
  }
  if (isRevoked && claims.iss === ISSUER && typeof claims.iat === 'number' && (await isRevoked(claims.sub, claims.iat))) {
    throw new AppError('token_revoked', 'this token was issued before the password was reset; sign in again', undefined, bearerChallenge('invalid_token'));
  }
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
  const name = typeof claims.name === 'string' ? claims.name : undefined;
  return { kind: 'dashboard', sub: claims.sub, ...(email ? { email } : {}), ...(name ? { name } : {}) };
}

/** Whether a token is a display preview token (expired or not): its signature and audience are a preview's. */
async function isPreviewToken(keys: AuthKeys, token: string): Promise<boolean> {
  try {
    await keys.verifyDisplayPreview(token);
    return true;
  } catch (err) {
    return err instanceof AppError && err.code === 'token_expired';
  }
}

async function isPortalSession(keys: AuthKeys, token: string): Promise<boolean> {
  try {
    await keys.verifyPortal(token);
    return true;
  } catch (err) {
    return err instanceof AppError && err.code === 'token_expired';
  }
}

/** Verifies a portal session and reads which trips and players it covers. */
export async function authenticatePortal(ctx: Context, keys: AuthKeys): Promise<PortalPrincipal> {
  return authenticatePortalHeader(ctx.get('authorization'), keys);
}

export async function authenticatePortalHeader(header: string | undefined, keys: AuthKeys): Promise<PortalPrincipal> {
  const token = bearerOf(header);
  let claims;
  try {
    claims = await keys.verifyPortal(token);
  } catch (err) {
    if (err instanceof AppError && err.code === 'token_invalid') {
      const dashboard = await keys.verifyDashboard(token).then(
        () => true,
        () => false,
      );
      if (dashboard) throw new AppError('wrong_auth_mode', 'this route takes a portal session; a dashboard token was sent', undefined, bearerChallenge('invalid_token'));
      if (await isPreviewToken(keys, token)) throw new AppError('wrong_auth_mode', 'this route takes a portal session; a display preview token was sent', undefined, bearerChallenge('invalid_token'));
    }
    throw err;
  }
  const trips = Array.isArray(claims.trips) ? (claims.trips as PortalPrincipal['trips']) : [];
  return { kind: 'portal', sub: claims.sub!, trips, sessionId: String(claims.jti ?? claims.sub) };
}

/**
 * Verifies a display preview token, and that it is for `tripId` (another trip's display answers 403 `forbidden`). A
 * dashboard token or a portal session is refused with `wrong_auth_mode`: neither may stand in for a preview token
 * (the preview page must never hold the organizer's sign-in). `isRevoked` as for dashboard tokens: a password reset
 * ends the previews its account asked for.
 */
export async function authenticateDisplayPreview(
  ctx: Context,
  keys: AuthKeys,
  tripId: unknown,
  isRevoked?: (accountId: string, issuedAt: number) => Promise<boolean>,
): Promise<DisplayPreviewPrincipal> {
  const token = bearer(ctx);
  let claims;
  try {
    claims = await keys.verifyDisplayPreview(token);
  } catch (err) {
    if (err instanceof AppError && err.code === 'token_invalid') {
      const other = (await keys.verifyDashboard(token).then(
        () => 'a dashboard token',
        () => null,
      )) ?? ((await isPortalSession(keys, token)) ? 'a portal session' : null);
      if (other) throw new AppError('wrong_auth_mode', `this route takes a display preview token; ${other} was sent`, undefined, bearerChallenge('invalid_token'));
    }
    throw err;
  }
  if (claims.trip !== tripId) throw new AppError('forbidden', 'this preview token is for the display of another trip');
  if (isRevoked && typeof claims.iat === 'number' && (await isRevoked(claims.sub!, claims.iat))) {
    throw new AppError('token_revoked', 'this preview was opened before the password was reset; open it again from the dashboard', undefined, bearerChallenge('invalid_token'));
  }
  return { kind: 'display_preview', sub: claims.sub!, tripId: claims.trip as string };
}
