import type { Context } from 'koa';
import type { AuthKeys } from '../auth/keys.js';
import { bearerChallenge, ISSUER } from '../auth/keys.js';
import { AppError } from './errors.js';

/** Who is calling: an organizer with a dashboard token, or a trip participant with a portal session. */
export type Principal = DashboardPrincipal | PortalPrincipal;

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

/** Each endpoint family uses exactly one mode (spec, Authentication rule 1). */
export type AuthMode = 'dashboard' | 'portal' | 'public';

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
    throw err;
  }
  if (isRevoked && claims.iss === ISSUER && typeof claims.iat === 'number' && (await isRevoked(claims.sub, claims.iat))) {
    throw new AppError('token_revoked', 'this token was issued before the password was reset; sign in again', undefined, bearerChallenge('invalid_token'));
  }
  const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
  const name = typeof claims.name === 'string' ? claims.name : undefined;
  return { kind: 'dashboard', sub: claims.sub, ...(email ? { email } : {}), ...(name ? { name } : {}) };
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
    }
    throw err;
  }
  const trips = Array.isArray(claims.trips) ? (claims.trips as PortalPrincipal['trips']) : [];
  return { kind: 'portal', sub: claims.sub!, trips, sessionId: String(claims.jti ?? claims.sub) };
}
