/**
 * Display access codes: 10 random bytes (80 bits, far beyond guessing at any request rate) written as 16 characters
 * of RFC 4648 base32, which reads aloud and types on a TV remote without ambiguity of case. The randomness is an
 * argument, as every function in `shared/` takes it.
 */

/** Random bytes in a code. */
export const ACCESS_CODE_BYTES = 10;

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * RFC 4648 §6 base32 without padding.
 * @example base32(new TextEncoder().encode('foobar')) // "MZXW6YTBOI"
 */
export function base32(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += ALPHABET[(buffer << (5 - bits)) & 31];
  return out;
}

/** A new access code from `ACCESS_CODE_BYTES` random bytes. */
export function accessCodeFrom(random: Uint8Array): string {
  if (random.length !== ACCESS_CODE_BYTES) throw new Error(`an access code takes ${ACCESS_CODE_BYTES} random bytes`);
  return base32(random);
}

/** The form a code is hashed and compared in: upper case, so a code typed in lower case still opens the display. */
export function normalizeAccessCode(code: string): string {
  return code.trim().toUpperCase();
}
