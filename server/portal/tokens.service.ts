import type { z } from 'zod';
import type { PlayerDoc } from '../../shared/schemas/player.js';
import type { IssuedToken, TokenInfo } from '../../shared/schemas/portal.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import { bearerChallenge } from '../auth/keys.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { getPlayer, listPlayers } from '../players/players.service.js';
import type { StoredDoc } from '../store/docstore.js';
import { updateDoc } from '../store/docs.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { tripIndexId, type TripIndexDoc } from '../trips/trip-index.js';
import { defaultTokenExpiry, hashTokenSecret, newTokenSecret, portalLink, storePortalTokens, type PortalTokenDoc } from './tokens.js';

type Stored<T> = T & StoredDoc;

export const tokenDocId = (tokenId: string) => `portaltoken:${tokenId}`;

export function tokenStatus(t: PortalTokenDoc, now: Date): z.infer<typeof TokenInfo>['status'] {
  if (t.revokedAt) return 'revoked';
  if (t.singleUse && t.usedAt) return 'used';
  if (Date.parse(t.expiresAt) <= now.getTime()) return 'expired';
  return 'active';
}

export function presentToken(t: PortalTokenDoc, now: Date, playerName?: string): z.infer<typeof TokenInfo> {
  return {
    id: t.id,
    tripId: t.tripId,
    playerId: t.playerId,
    ...(playerName ? { playerName } : {}),
    status: tokenStatus(t, now),
    expiresAt: t.expiresAt,
    singleUse: t.singleUse,
    ...(t.usedAt ? { usedAt: t.usedAt } : {}),
    ...(t.openedAt ? { openedAt: t.openedAt } : {}),
    ...(t.revokedAt ? { revokedAt: t.revokedAt } : {}),
    createdAt: t.createdAt,
  };
}

/**
 * Issues one token per player: a fresh 256-bit secret each, stored only as its SHA-256. The answer is the only
 * place the secrets ever appear.
 */
export async function issueTokens(
  deps: AppDeps,
  index: TripIndexDoc,
  createdBy: string,
  options: { playerIds?: string[]; expiresAt?: string; singleUse: boolean; replace?: boolean },
  /** Where the links point (`publicBase` of the request). */
  base: string,
): Promise<z.infer<typeof IssuedToken>[]> {
  const { db, trip } = await loadTripDoc(deps, index);
  const all = await listPlayers(db);
  // A player named twice in `playerIds` still gets one token: one per player.
  const players: Stored<PlayerDoc>[] = options.playerIds
    ? await Promise.all([...new Set(options.playerIds)].map((id) => getPlayer(db, id)))
    : all;
  if (players.length === 0) throw new AppError('unprocessable', 'the trip has no players to issue tokens for');
  const expiresAt = options.expiresAt ?? defaultTokenExpiry(trip.endDate);
  if (Date.parse(expiresAt) <= deps.now().getTime()) {
    throw new AppError('validation_failed', 'expiresAt must be in the future', [{ path: ['body', 'expiresAt'], message: 'in the past' }]);
  }
  const issued = players.map((p) => ({ id: deps.newId(), tripId: index.tripId, playerId: p.id, playerName: p.name, secret: newTokenSecret(), expiresAt, singleUse: options.singleUse, createdBy }));
  const earlier = options.replace ? await listTokens(deps, index) : [];
  await storePortalTokens(deps, issued);
  if (options.replace) {
    // Revoked after the new tokens are stored: a failure on the way leaves a player with a working link.
    const ids = new Set(players.map((p) => p.id));
    for (const t of earlier) if (ids.has(t.playerId) && t.status !== 'revoked') await revokeToken(deps, index, t.id);
  }
  return issued.map((t) => ({ id: t.id, tripId: t.tripId, playerId: t.playerId, playerName: t.playerName, token: t.secret, link: portalLink(base, t.secret), expiresAt, singleUse: t.singleUse }));
}

export async function listTokens(deps: AppDeps, index: TripIndexDoc): Promise<z.infer<typeof TokenInfo>[]> {
  const { rows } = await deps.store.registry.query('registry/tokens_by_trip', { startKey: [index.tripId], endKey: [index.tripId, {}], includeDocs: true });
  const names = new Map((await listPlayers(deps.store.trip(index.tripId))).map((p) => [p.id, p.name]));
  const now = deps.now();
  return rows
    .map((r) => r.doc as PortalTokenDoc)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))
    .map((t) => presentToken(t, now, names.get(t.playerId)));
}

async function changeToken(deps: AppDeps, index: TripIndexDoc, tokenId: string, change: (t: PortalTokenDoc) => PortalTokenDoc) {
  const current = await deps.store.registry.get<PortalTokenDoc>(tokenDocId(tokenId));
  if (!current || current.tripId !== index.tripId) throw new AppError('not_found', `no portal token ${tokenId} on this trip`);
  const updated = await updateDoc<PortalTokenDoc>(deps.store.registry, current._id, (t) => ({ ...change(t), updatedAt: deps.now().toISOString() }));
  return presentToken(updated!, deps.now());
}

/**
 * Moves a token's expiry (later, or earlier but still in the future, as when issuing); a revoked token stays
 * revoked. A past expiry is refused: ending a token now is what revoking is for.
 */
export async function extendToken(deps: AppDeps, index: TripIndexDoc, tokenId: string, expiresAt: string) {
  if (Date.parse(expiresAt) <= deps.now().getTime()) {
    throw new AppError('validation_failed', 'expiresAt must be in the future; revoke the token to end it now', [{ path: ['body', 'expiresAt'], message: 'in the past' }]);
  }
  return changeToken(deps, index, tokenId, (t) => {
    if (t.revokedAt) throw new AppError('conflict', 'the token is revoked; issue a new one');
    return { ...t, expiresAt };
  });
}

/** Revokes a token: it can no longer start sessions, and sessions it started stop working at their next request. */
export async function revokeToken(deps: AppDeps, index: TripIndexDoc, tokenId: string) {
  return changeToken(deps, index, tokenId, (t) => (t.revokedAt ? t : { ...t, revokedAt: deps.now().toISOString() }));
}

/** Why a stored token cannot be used now, as the 401 code the portal answers; undefined when it can. */
export function tokenRefusal(t: PortalTokenDoc | undefined, now: Date): AppError | undefined {
  // A 401 carries a WWW-Authenticate challenge (RFC 9110 §15.5.2), as the auth middleware's own refusals do.
  const challenge = bearerChallenge('invalid_token');
  if (!t) return new AppError('token_invalid', 'this portal token is not known', undefined, challenge);
  if (t.revokedAt) return new AppError('token_revoked', 'this portal token was revoked by an organizer', undefined, challenge);
  if (Date.parse(t.expiresAt) <= now.getTime()) return new AppError('token_expired', 'this portal token has expired', undefined, challenge);
  return undefined;
}

/** Finds a token by its secret and checks it can start a session now (a used single-use token is found by {@link useToken}). */
export async function findUsableToken(deps: AppDeps, secret: string): Promise<PortalTokenDoc> {
  const { rows } = await deps.store.registry.query('registry/tokens_by_hash', { key: hashTokenSecret(secret), includeDocs: true });
  const token = rows[0]?.doc as PortalTokenDoc | undefined;
  const refusal = tokenRefusal(token, deps.now());
  if (refusal) throw refusal;
  return token!;
}

/**
 * Uses a token found by {@link findUsableToken}: a single-use token is marked used here, in one revision-checked
 * write, so two simultaneous exchanges cannot both succeed.
 */
export async function useToken(deps: AppDeps, token: PortalTokenDoc): Promise<PortalTokenDoc> {
  if (!token.singleUse) {
    // The first exchange records that the link was opened: one write in the token's life (a phone renews its
    // session about hourly, and later exchanges find `openedAt` set and write nothing).
    if (token.openedAt) return token;
    const now = deps.now().toISOString();
    return (await updateDoc<PortalTokenDoc>(deps.store.registry, token._id, (t) => (t.openedAt ? undefined : { ...t, openedAt: now, updatedAt: now }))) ?? token;
  }
  const updated = await updateDoc<PortalTokenDoc>(deps.store.registry, token._id, (t) => {
    // Read again at write time: revoked or expired meanwhile still wins over "used".
    const refusal = tokenRefusal(t, deps.now());
    if (refusal) throw refusal;
    if (t.usedAt) throw new AppError('token_used', 'this single-use portal token was already used', undefined, bearerChallenge('invalid_token'));
    return { ...t, usedAt: deps.now().toISOString(), openedAt: t.openedAt ?? deps.now().toISOString(), updatedAt: deps.now().toISOString() };
  });
  return updated!;
}

/** Finds a token by its secret, checks it can start a session, and uses it. */
export async function redeemToken(deps: AppDeps, secret: string): Promise<PortalTokenDoc> {
  return useToken(deps, await findUsableToken(deps, secret));
}

/**
 * The trip and player a token lets in. A trip that is not active (still being built by the wizard, or being
 * deleted, or gone) is 404 as on every portal request, and its database is not touched (opening a deleted trip's
 * database would create it again, empty).
 */
export async function tripAndPlayer(deps: AppDeps, tripId: string, playerId: string): Promise<{ trip: Stored<TripDoc>; player: Stored<PlayerDoc> }> {
  const index = await deps.store.registry.get<TripIndexDoc>(tripIndexId(tripId));
  if (!index || index.status !== 'active') throw new AppError('trip_not_found', 'the trip of this token does not exist (or not yet)');
  const db = deps.store.trip(tripId);
  const [trip, player] = await Promise.all([db.get<Stored<TripDoc>>(`trip:${tripId}`), db.get<Stored<PlayerDoc>>(`player:${playerId}`)]);
  if (!trip) throw new AppError('trip_not_found', 'the trip of this token no longer exists');
  if (!player) throw new AppError('player_not_found', 'the player of this token is no longer on the trip');
  return { trip, player };
}
