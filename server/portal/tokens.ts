import { createHash, hkdfSync, randomBytes } from 'node:crypto';
import { addDays } from '../../shared/schemas/common.js';
import { seal, unseal } from '../auth/seal.js';
import type { AppDeps } from '../deps.js';
import type { StoredDoc } from '../store/docstore.js';

/**
 * A portal token as stored in the registry, `portaltoken:<id>`: the SHA-256 of the secret (the secret has 256 random
 * bits, so a fast hash is enough; the portal finds a token by it), with its expiry and whether it may be used once.
 *
 * So that organizers can show a working link again (copy it, print its QR code, mail it again) without making a new
 * one, the secret is also kept encrypted (`sealedSecret`: AES-256-GCM under a key derived by HKDF from the server's
 * secret, see {@link linkKey}), never in plain text, and only while the token works: revoking it removes the sealed
 * copy. Tokens stored before this was kept have no `sealedSecret` and cannot be shown again.
 */
export interface PortalTokenDoc extends StoredDoc {
  type: 'portaltoken';
  id: string;
  tripId: string;
  playerId: string;
  secretHash: string;
  expiresAt: string;
  singleUse: boolean;
  usedAt?: string;
  /** The first time the token was exchanged for a session: the link was opened. */
  openedAt?: string;
  revokedAt?: string;
  /** The secret, sealed with {@link linkKey}; absent once revoked (and on tokens made before links could be shown again). */
  sealedSecret?: string;
  /**
   * The player's link generation for tokens made by the Links screen's rules (mail, show, replace), stored under an
   * id derived from trip, player and generation ({@link generationTokenId}), so two servers making "the player's next
   * link" at once write the same document and one of them wins. Absent (counted as 0) on other tokens.
   */
  generation?: number;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

/** A new token secret: `gtp_` and 43 base64url characters (256 bits). */
export function newTokenSecret(): string {
  return `gtp_${randomBytes(32).toString('base64url')}`;
}

export function hashTokenSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

const linkKeys = new WeakMap<Uint8Array, Uint8Array>();

/**
 * The key sealing portal link secrets at rest: derived by HKDF-SHA-256 from the server's sealing key (itself derived
 * from AUTH_JWT_SECRET or `DATA_DIR/auth-secret`), with its own label, so it seals nothing else.
 */
export function linkKey(sealingKey: Uint8Array): Uint8Array {
  let key = linkKeys.get(sealingKey);
  if (!key) linkKeys.set(sealingKey, (key = new Uint8Array(hkdfSync('sha256', sealingKey, new Uint8Array(0), 'golf-trips portal link v1', 32))));
  return key;
}

export function sealTokenSecret(sealingKey: Uint8Array, secret: string): string {
  return seal(linkKey(sealingKey), secret);
}

/**
 * The secret of a stored token, for its organizers; undefined when none is kept (revoked, or stored before secrets
 * were kept) or it cannot be opened with this server's key (the server's secret changed), or it does not match the
 * token's hash (a sealed value moved to another document).
 */
export function shownTokenSecret(sealingKey: Uint8Array, t: Pick<PortalTokenDoc, 'sealedSecret' | 'secretHash' | 'revokedAt'>): string | undefined {
  if (!t.sealedSecret || t.revokedAt) return undefined;
  try {
    const secret = unseal(linkKey(sealingKey), t.sealedSecret);
    return hashTokenSecret(secret) === t.secretHash ? secret : undefined;
  } catch {
    return undefined;
  }
}

/** The id of a player's link of `generation`: `l` and 31 hex digits of a hash (a valid id, the same on every server). */
export function generationTokenId(tripId: string, playerId: string, generation: number): string {
  return `l${createHash('sha256').update(`${tripId}\n${playerId}\n${generation}`, 'utf8').digest('hex').slice(0, 31)}`;
}

/** Default expiry of a portal token: the end of the day a week after the trip ends (UTC). */
export function defaultTokenExpiry(tripEndDate: string): string {
  return `${addDays(tripEndDate, 7)}T23:59:59.000Z`;
}

/** The link a player opens; the secret travels in the fragment so it never reaches a server log. */
export function portalLink(base: string, secret: string): string {
  return `${base}/portal#token=${secret}`;
}

/**
 * Stores token records with fixed ids. A record already stored under its id counts as written, so a retried
 * wizard step issues nothing twice.
 */
export async function storePortalTokens(
  deps: AppDeps,
  tokens: { id: string; tripId: string; playerId: string; secret: string; expiresAt: string; singleUse: boolean; createdBy: string; generation?: number }[],
): Promise<void> {
  const now = deps.now().toISOString();
  const docs: PortalTokenDoc[] = tokens.map((t) => ({
    _id: `portaltoken:${t.id}`,
    type: 'portaltoken',
    id: t.id,
    tripId: t.tripId,
    playerId: t.playerId,
    secretHash: hashTokenSecret(t.secret),
    sealedSecret: sealTokenSecret(deps.keys.sealingKey, t.secret),
    ...(t.generation !== undefined ? { generation: t.generation } : {}),
    expiresAt: t.expiresAt,
    singleUse: t.singleUse,
    createdBy: t.createdBy,
    createdAt: now,
    updatedAt: now,
  }));
  const results = await deps.store.registry.bulkDocs(docs);
  const failed = results.filter((r) => r.error && r.error !== 'conflict');
  if (failed.length > 0) throw new Error(`could not store portal tokens: ${failed.map((f) => f.error).join(', ')}`);
}
