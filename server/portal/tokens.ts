import { createHash, randomBytes } from 'node:crypto';
import { addDays } from '../../shared/schemas/common.js';
import type { AppDeps } from '../deps.js';
import type { StoredDoc } from '../store/docstore.js';

/**
 * A portal token as stored in the registry, `portaltoken:<id>`: only the SHA-256 of the secret is kept (the secret
 * has 256 random bits, so a fast hash is enough), with its expiry and whether it may be used once.
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
  tokens: { id: string; tripId: string; playerId: string; secret: string; expiresAt: string; singleUse: boolean; createdBy: string }[],
): Promise<void> {
  const now = deps.now().toISOString();
  const docs: PortalTokenDoc[] = tokens.map((t) => ({
    _id: `portaltoken:${t.id}`,
    type: 'portaltoken',
    id: t.id,
    tripId: t.tripId,
    playerId: t.playerId,
    secretHash: hashTokenSecret(t.secret),
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
