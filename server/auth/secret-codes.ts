import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Single-use secret codes sent by mail (co-organizer invites, password resets): `<record id>.<secret>`, the secret
 * 256 random bits in base64url. The record keeps only the SHA-256 of the secret (enough for a secret this long), so
 * a copy of the database cannot be used to accept an invite or reset a password.
 */
export function newSecretCode(recordId: string): { code: string; secretHash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { code: `${recordId}.${secret}`, secretHash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** The record id and secret of a code, or undefined when it does not have the shape of one. */
export function splitSecretCode(code: string): { recordId: string; secret: string } | undefined {
  const m = /^([a-z][a-z0-9]{5,39})\.([A-Za-z0-9_-]{20,100})$/.exec(code.trim());
  return m ? { recordId: m[1]!, secret: m[2]! } : undefined;
}

/** Compares a presented secret with the stored hash in constant time. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(hashSecret(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(new Uint8Array(a), new Uint8Array(b));
}
