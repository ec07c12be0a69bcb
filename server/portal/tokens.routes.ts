import { z } from 'zod';
import { BulkTokensBody, ExtendTokenBody, IssuedToken, IssueTokenBody, SessionInfo, TokenInfo, TokenParams, ValidateAnswer, ValidateBody } from '../../shared/schemas/portal.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import type { PortalPrincipal } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import { PageOf, PageQuery, paginate } from '../http/paginate.js';
import { defineRoute } from '../http/route.js';
import { failedWith, limitFailures, RATE_LIMITED } from '../http/rate-limit.js';
import { loadTripAccess } from '../trips/trip-index.js';
import { portalTripAccess, signSession } from './session.js';
import { extendToken, findUsableToken, issueTokens, listTokens, revokeToken, tripAndPlayer, useToken } from './tokens.service.js';
import { publicBase } from '../http/origin.js';
import { portalLinkRoutes } from './links.routes.js';

const tags = ['Portal tokens'];

export const portalTokenRoutes = [
  ...portalLinkRoutes,
  defineRoute({
    method: 'post',
    path: '/trip-portal/token',
    auth: 'dashboard',
    summary: 'Issue a portal token for one player (organizers)',
    description:
      'Issuing is an organizer action, so this route takes a dashboard token. The answer carries the secret and the portal link; the server keeps ' +
      'its hash and, sealed, the secret, so organizers can show a working link again (`POST /trips/:tripId/portal-links/show`). Default expiry: the trip end date plus 7 days. ' +
      'With `replace` (Replace link), the player\'s earlier tokens are revoked once the new one is stored (their sessions stop at their next request); two replaces at once store one new link and answer it to both.',
    tags,
    body: IssueTokenBody,
    responses: { 201: { description: 'The token, with its secret', schema: IssuedToken } },
    errors: ['trip_not_found', 'player_not_found'],
    handler: async ({ auth, body, deps, ctx }) => {
      const index = await loadTripAccess(deps, auth, body.tripId, 'organizer');
      const [issued] = await issueTokens(deps, index, auth.sub, { playerIds: [body.playerId], singleUse: body.singleUse, replace: body.replace, ...(body.expiresAt ? { expiresAt: body.expiresAt } : {}) }, publicBase(deps, ctx));
      return { status: 201, headers: { 'Cache-Control': 'no-store' }, body: issued };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/trip-portal/tokens/bulk',
    auth: 'dashboard',
    summary: 'Issue a portal token for every player (organizers)',
    description: 'One new token per player of the trip (or of `playerIds`). To hand over the links players already have, use `POST /trips/:tripId/portal-links/show`. With `replace`, each player\'s earlier tokens are revoked once the new ones are stored. With `Accept: text/csv` the answer is a CSV file: player, player id, token, link, expiry.',
    tags,
    body: BulkTokensBody,
    responses: {
      201: { description: 'The tokens, with their secrets (or text/csv when asked for)', schema: z.object({ items: z.array(IssuedToken) }) },
    },
    errors: ['trip_not_found', 'player_not_found', 'unprocessable'],
    handler: async ({ auth, body, deps, ctx }) => {
      const index = await loadTripAccess(deps, auth, body.tripId, 'organizer');
      const items = await issueTokens(deps, index, auth.sub, {
        singleUse: body.singleUse,
        replace: body.replace,
        ...(body.playerIds ? { playerIds: body.playerIds } : {}),
        ...(body.expiresAt ? { expiresAt: body.expiresAt } : {}),
      }, publicBase(deps, ctx));
      if (ctx.accepts('application/json', 'text/csv') === 'text/csv') {
        ctx.type = 'text/csv; charset=utf-8';
        ctx.body = toCsv(items);
        const headers: Record<string, string> = { 'Cache-Control': 'no-store', 'Content-Disposition': `attachment; filename="portal-tokens-${index.tripId}.csv"` };
        return { status: 201, headers };
      }
      return { status: 201, headers: { 'Cache-Control': 'no-store' }, body: { items } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trips/:tripId/portal-tokens',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "List the trip's portal tokens (no secrets)",
    description: 'In the order issued (then id), `limit` at a time; follow `nextCursor` for the next page.',
    tags,
    params: TripIdParams,
    query: PageQuery,
    responses: { 200: { description: 'A page of tokens with their status', schema: PageOf(TokenInfo) } },
    handler: async ({ trip, query, deps }) => {
      const page = paginate(await listTokens(deps, trip), (t) => [t.createdAt, t.id], query);
      return { body: { items: page.items, nextCursor: page.nextCursor } };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/trips/:tripId/portal-tokens/:tokenId',
    auth: 'dashboard',
    trip: 'organizer',
    summary: "Change a portal token's expiry",
    description: 'Later, or earlier while still in the future; a past expiry is refused with 400 (revoke the token to end it now). A revoked token cannot be extended (409).',
    tags,
    params: TokenParams,
    body: ExtendTokenBody,
    responses: { 200: { description: 'The token', schema: TokenInfo } },
    errors: ['not_found', 'conflict'],
    handler: async ({ trip, params, body, deps }) => ({ body: await extendToken(deps, trip, params.tokenId, body.expiresAt) }),
  }),
  defineRoute({
    method: 'post',
    path: '/trips/:tripId/portal-tokens/:tokenId/revoke',
    auth: 'dashboard',
    trip: 'organizer',
    summary: 'Revoke a portal token',
    description: 'The token can no longer start sessions, and sessions it started are refused (401 token_revoked) at their next request, sync included.',
    tags,
    params: TokenParams,
    responses: { 200: { description: 'The token', schema: TokenInfo } },
    errors: ['not_found'],
    handler: async ({ trip, params, deps }) => ({ body: await revokeToken(deps, trip, params.tokenId) }),
  }),
  defineRoute({
    method: 'post',
    path: '/trip-portal/validate',
    auth: 'public',
    summary: 'Exchange a portal token for a portal session',
    description:
      'Public: the token in the body is the credential. Answers a short-lived portal session (a JWT to send as `Authorization: Bearer` on ' +
      '/trip-portal/* and /sync/*), the trip, the player and the sync URL. With `session` (an existing, unexpired session) the trip is added to ' +
      'that session. Unknown, expired, revoked and used single-use tokens answer 401 token_invalid, token_expired, token_revoked, token_used. ' +
      'Unknown tokens and sessions (token_invalid) are counted per client address (`RATE_LIMIT_PORTAL_VALIDATE`, default 30 per 5 minutes): ' +
      'beyond that, 429 with `Retry-After`, before the token is looked up. Successful exchanges and refusals of real tokens do not count.',
    tags: ['Portal'],
    body: ValidateBody,
    responses: { 200: { description: 'A portal session', schema: ValidateAnswer }, 429: RATE_LIMITED },
    errors: ['token_invalid', 'token_expired', 'token_revoked', 'token_used', 'trip_not_found', 'player_not_found', 'rate_limited'],
    handler: async ({ body, deps, ctx }) => {
      // Per address only: a token is 256 random bits with no id in it, so there is no per-token key to count guesses on.
      // Only guesses count (an unknown token or session); a real token refused as expired, revoked or used does not.
      const answer = await limitFailures(deps, ctx, 'portalValidate', { isGuess: failedWith('token_invalid') }, () => validate(deps, body, publicBase(deps, ctx)));
      return { headers: { 'Cache-Control': 'no-store' }, body: answer };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/trip-portal/validate',
    auth: 'portal',
    summary: 'Who this portal session is, and until when',
    description:
      'Lists the trips the session can still use; a trip whose token was revoked or expired since is left out. When none is left, the session ' +
      'is refused with the reason of its (first) trip: 401 token_revoked or token_expired, or 404 when the trip or player is gone.',
    tags: ['Portal'],
    responses: { 200: { description: 'The session', schema: SessionInfo } },
    errors: ['token_revoked', 'trip_not_found', 'player_not_found'],
    handler: async ({ auth, deps, ctx }) => {
      const trips = await describeTrips(deps, auth, { refuseWhenNoneLeft: true });
      const exp = decodeExpiry(ctx.get('authorization'));
      return { headers: { 'Cache-Control': 'no-store' }, body: { sessionId: auth.sessionId, expiresAt: exp, trips } };
    },
  }),
];

async function validate(deps: AppDeps, body: z.infer<typeof ValidateBody>, base: string): Promise<z.infer<typeof ValidateAnswer>> {
  let previous: PortalPrincipal | undefined;
  if (body.session) {
    const claims = await deps.keys.verifyPortal(body.session);
    previous = { kind: 'portal', sub: claims.sub!, trips: (claims.trips as PortalPrincipal['trips']) ?? [], sessionId: String(claims.jti) };
  }
  // Every check comes before a single-use token is used up, so a refused exchange leaves it usable.
  const found = await findUsableToken(deps, body.token);
  const { trip, player } = await tripAndPlayer(deps, found.tripId, found.playerId);
  const token = await useToken(deps, found);
  const trips = [...(previous?.trips ?? []).filter((t) => t.tripId !== token.tripId), { tripId: token.tripId, playerId: token.playerId, tokenId: token.id }];
  const session = await signSession(deps, trips, previous?.sessionId);
  const principal: PortalPrincipal = { kind: 'portal', sub: `portal:${previous?.sessionId ?? ''}`, trips, sessionId: previous?.sessionId ?? '' };
  return {
    session: session.token,
    expiresAt: session.expiresAt,
    trip: { id: trip.id, name: trip.name, startDate: trip.startDate, endDate: trip.endDate, timezone: trip.timezone, currency: trip.currency },
    player: { id: player.id, name: player.name, role: player.role, ...(player.team ? { team: player.team } : {}) },
    syncUrl: `${base}/sync/trips/${trip.id}`,
    trips: await describeTrips(deps, principal),
  };
}

/**
 * The trips a session covers that it can still use, with names (a revoked or expired one is left out). With
 * `refuseWhenNoneLeft`, a session that covers trips but can use none of them is refused with the first reason.
 */
async function describeTrips(deps: AppDeps, who: PortalPrincipal, options: { refuseWhenNoneLeft?: boolean } = {}) {
  const out: z.infer<typeof SessionInfo>['trips'] = [];
  let firstRefusal: AppError | undefined;
  for (const t of who.trips) {
    try {
      const access = await portalTripAccess(deps, who, t.tripId);
      out.push({ tripId: t.tripId, playerId: t.playerId, tripName: access.trip.name, playerName: access.player.name });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      firstRefusal ??= err;
    }
  }
  if (options.refuseWhenNoneLeft && out.length === 0 && firstRefusal) throw firstRefusal;
  return out;
}

/** The expiry of the (already verified) session in the Authorization header. */
function decodeExpiry(authorization: string): string {
  const payload = /^Bearer\s+(\S+)/i.exec(authorization)?.[1]?.split('.')[1] ?? '';
  const { exp } = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp: number };
  return new Date(exp * 1000).toISOString();
}

function toCsv(items: z.infer<typeof IssuedToken>[]): string {
  const cell = (v: string) => (/[",\n\r]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : v);
  const rows = [['player', 'playerId', 'token', 'link', 'expiresAt'], ...items.map((t) => [t.playerName, t.playerId, t.token, t.link, t.expiresAt])];
  return rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
