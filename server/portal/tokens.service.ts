import type { z } from 'zod';
import type { PlayerDoc } from '../../shared/schemas/player.js';
import type { IssuedToken, ShownLinks, TokenInfo } from '../../shared/schemas/portal.js';
import type { TripDoc } from '../../shared/schemas/trip.js';
import { bearerChallenge } from '../auth/keys.js';
import type { AppDeps } from '../deps.js';
import { AppError } from '../http/errors.js';
import { getPlayer, listPlayers } from '../players/players.service.js';
import { StoreConflictError, type StoredDoc } from '../store/docstore.js';
import { updateDoc } from '../store/docs.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { tripIndexId, type TripIndexDoc } from '../trips/trip-index.js';
import {
  defaultTokenExpiry,
  generationTokenId,
  hashTokenSecret,
  newTokenSecret,
  portalLink,
  sealTokenSecret,
  shownTokenSecret,
  storePortalTokens,
  type PortalTokenDoc,
} from './tokens.js';

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
 * Issues one token per player: a fresh 256-bit secret each, stored as its SHA-256 and sealed (see `PortalTokenDoc`).
 * With `replace`, each player's link is replaced ({@link replaceLink}): their earlier tokens are revoked.
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
  if (options.replace) {
    const out: z.infer<typeof IssuedToken>[] = [];
    for (const p of players) out.push(await replaceLink(deps, index, p, { createdBy, expiresAt, singleUse: options.singleUse }, base));
    return out;
  }
  const issued = players.map((p) => ({ id: deps.newId(), tripId: index.tripId, playerId: p.id, playerName: p.name, secret: newTokenSecret(), expiresAt, singleUse: options.singleUse, createdBy }));
  await storePortalTokens(deps, issued);
  return issued.map((t) => ({ id: t.id, tripId: t.tripId, playerId: t.playerId, playerName: t.playerName, token: t.secret, link: portalLink(base, t.secret), expiresAt, singleUse: t.singleUse }));
}

/** The trip's tokens as stored, oldest first. */
export async function tokenDocs(deps: AppDeps, tripId: string): Promise<PortalTokenDoc[]> {
  const { rows } = await deps.store.registry.query('registry/tokens_by_trip', { startKey: [tripId], endKey: [tripId, {}], includeDocs: true });
  return rows
    .map((r) => r.doc as PortalTokenDoc | undefined)
    .filter((t): t is PortalTokenDoc => !!t)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

const generationOf = (t: PortalTokenDoc) => t.generation ?? 0;

function shownLink(t: PortalTokenDoc, playerName: string, secret: string, base: string): z.infer<typeof IssuedToken> {
  return { id: t.id, tripId: t.tripId, playerId: t.playerId, playerName, token: secret, link: portalLink(base, secret), expiresAt: t.expiresAt, singleUse: t.singleUse };
}

/** The player's newest working token whose secret is kept, with it; undefined when there is none. */
function newestShowable(deps: AppDeps, mine: PortalTokenDoc[]): { token: PortalTokenDoc; secret: string } | undefined {
  const now = deps.now();
  for (const t of [...mine].reverse()) {
    if (tokenStatus(t, now) !== 'active') continue;
    const secret = shownTokenSecret(deps.keys.sealingKey, t);
    if (secret) return { token: t, secret };
  }
  return undefined;
}

/**
 * Writes the player's link of `generation` under its fixed id. When another request (on this server or another)
 * wrote that generation first, its token is answered instead (`made: false`): of two requests making the player's
 * next link at once, both hand over the same one.
 */
async function writeGeneration(
  deps: AppDeps,
  index: TripIndexDoc,
  playerId: string,
  generation: number,
  options: { createdBy: string; expiresAt: string; singleUse: boolean },
): Promise<{ token: PortalTokenDoc; secret: string | undefined; made: boolean }> {
  const id = generationTokenId(index.tripId, playerId, generation);
  const secret = newTokenSecret();
  const now = deps.now().toISOString();
  const doc: PortalTokenDoc = {
    _id: tokenDocId(id),
    type: 'portaltoken',
    id,
    tripId: index.tripId,
    playerId,
    secretHash: hashTokenSecret(secret),
    sealedSecret: sealTokenSecret(deps.keys.sealingKey, secret),
    generation,
    expiresAt: options.expiresAt,
    singleUse: options.singleUse,
    createdBy: options.createdBy,
    createdAt: now,
    updatedAt: now,
  };
  try {
    const { rev } = await deps.store.registry.put(doc);
    return { token: { ...doc, _rev: rev }, secret, made: true };
  } catch (err) {
    if (!(err instanceof StoreConflictError)) throw err;
  }
  const theirs = await deps.store.registry.get<PortalTokenDoc>(doc._id);
  if (!theirs) throw new AppError('conflict', 'the link was changed meanwhile; try again');
  return { token: theirs, secret: shownTokenSecret(deps.keys.sealingKey, theirs), made: false };
}

const LINK_ATTEMPTS = 5;

/**
 * The player's link to hand over (copy, QR code, mail): their newest working link, shown again, so handing it over
 * revokes nothing. With `make`, a player with no working link that can be shown gets a new one, as the next
 * generation of their links (see `PortalTokenDoc.generation`), so two servers doing this at once store one link.
 * Undefined when there is nothing to show and `make` is not asked.
 */
export async function currentLink(
  deps: AppDeps,
  index: TripIndexDoc,
  player: Pick<PlayerDoc, 'id' | 'name'>,
  options: { make: boolean; createdBy: string; expiresAt: string },
  base: string,
  known?: PortalTokenDoc[],
): Promise<{ link: z.infer<typeof IssuedToken>; made: boolean } | undefined> {
  let mine = known ?? (await tokenDocs(deps, index.tripId)).filter((t) => t.playerId === player.id);
  for (let attempt = 0; attempt < LINK_ATTEMPTS; attempt++) {
    const showable = newestShowable(deps, mine);
    if (showable) return { link: shownLink(showable.token, player.name, showable.secret, base), made: false };
    if (!options.make) return undefined;
    const generation = Math.max(0, ...mine.map(generationOf)) + 1;
    const written = await writeGeneration(deps, index, player.id, generation, { createdBy: options.createdBy, expiresAt: options.expiresAt, singleUse: false });
    if (written.secret && tokenStatus(written.token, deps.now()) === 'active') return { link: shownLink(written.token, player.name, written.secret, base), made: written.made };
    // That generation was made and already replaced or revoked meanwhile: read again.
    mine = (await tokenDocs(deps, index.tripId)).filter((t) => t.playerId === player.id);
  }
  throw new AppError('conflict', `${player.name}'s link kept changing meanwhile; try again`);
}

/**
 * Replaces the player's link: a new link (the next generation), then every earlier token of theirs is revoked (their
 * phones ask for the new link at their next request). Two replaces at once store one new link and answer it to
 * both; a replace that finds a later one already made revokes only what came before its own.
 */
export async function replaceLink(
  deps: AppDeps,
  index: TripIndexDoc,
  player: Pick<PlayerDoc, 'id' | 'name'>,
  options: { createdBy: string; expiresAt: string; singleUse: boolean },
  base: string,
): Promise<z.infer<typeof IssuedToken>> {
  for (let attempt = 0; attempt < LINK_ATTEMPTS; attempt++) {
    const mine = (await tokenDocs(deps, index.tripId)).filter((t) => t.playerId === player.id);
    const generation = Math.max(0, ...mine.map(generationOf)) + 1;
    const written = await writeGeneration(deps, index, player.id, generation, options);
    if (!written.secret || written.token.revokedAt) continue;
    // Revoked after the new token is stored: a failure on the way leaves a player with a working link. Read again,
    // so a token stored meanwhile by another request (of an earlier generation) is revoked too.
    const now = deps.now();
    for (const t of await tokenDocs(deps, index.tripId)) {
      if (t.playerId === player.id && t.id !== written.token.id && generationOf(t) < generation && tokenStatus(t, now) !== 'revoked') await revokeToken(deps, index, t.id);
    }
    return shownLink(written.token, player.name, written.secret, base);
  }
  throw new AppError('conflict', `${player.name}'s link kept changing meanwhile; try again`);
}

/**
 * The working links of the trip's players (or of `playerIds`), shown again to an organizer; with `make`, a new link
 * for each player who has none that can be shown. Nothing is revoked.
 */
export async function showLinks(
  deps: AppDeps,
  index: TripIndexDoc,
  createdBy: string,
  options: { playerIds?: string[]; make: boolean },
  base: string,
): Promise<z.infer<typeof ShownLinks>> {
  const { db, trip } = await loadTripDoc(deps, index);
  const players: Stored<PlayerDoc>[] = options.playerIds ? await Promise.all([...new Set(options.playerIds)].map((id) => getPlayer(db, id))) : await listPlayers(db);
  const expiresAt = defaultTokenExpiry(trip.endDate);
  if (options.make && Date.parse(expiresAt) <= deps.now().getTime()) {
    throw new AppError('unprocessable', 'the trip ended more than a week ago: a new link would already have expired');
  }
  const tokens = await tokenDocs(deps, index.tripId);
  const out: z.infer<typeof ShownLinks> = { items: [], made: [], notShown: [] };
  for (const p of players) {
    const mine = tokens.filter((t) => t.playerId === p.id);
    const found = await currentLink(deps, index, p, { make: options.make, createdBy, expiresAt }, base, mine);
    if (found) {
      out.items.push(found.link);
      if (found.made) out.made.push(p.id);
      continue;
    }
    const working = mine.some((t) => tokenStatus(t, deps.now()) === 'active');
    out.notShown.push({ playerId: p.id, playerName: p.name, reason: working ? 'not_kept' : 'no_link' });
  }
  return out;
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
  // The sealed secret goes with it: a revoked link is never shown again.
  return changeToken(deps, index, tokenId, (t) => {
    if (t.revokedAt && !t.sealedSecret) return t;
    const { sealedSecret: _gone, ...rest } = t;
    return { ...rest, revokedAt: t.revokedAt ?? deps.now().toISOString() };
  });
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
