import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** Encrypts a short secret with AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function seal(key: Uint8Array, plaintext: string): string {
  const iv = new Uint8Array(randomBytes(12));
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ct = Buffer.concat([new Uint8Array(cipher.update(plaintext, 'utf8')), new Uint8Array(cipher.final())]);
  return ['v1', Buffer.from(iv).toString('base64url'), cipher.getAuthTag().toString('base64url'), ct.toString('base64url')].join('.');
}

export function unseal(key: Uint8Array, sealed: string): string {
  const [v, iv, tag, ct] = sealed.split('.');
  if (v !== 'v1' || !iv || !tag || !ct) throw new Error('not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, new Uint8Array(Buffer.from(iv, 'base64url')));
  decipher.setAuthTag(new Uint8Array(Buffer.from(tag, 'base64url')));
  return Buffer.concat([new Uint8Array(decipher.update(new Uint8Array(Buffer.from(ct, 'base64url')))), new Uint8Array(decipher.final())]).toString('utf8');
}
