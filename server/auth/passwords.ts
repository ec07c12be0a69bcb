import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.js';

/** scrypt's cost parameters: CPU/memory cost `N` (a power of two), block size `r`, parallelism `p`. */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * The OWASP password storage cheat sheet's scrypt minimum: N = 2^17, r = 8, p = 1 (128 MiB and, on a small
 * server, a few hundred ms of one core per hash). New hashes use it, and weaker stored hashes are replaced by it
 * at the owner's next successful login.
 */
export const OWASP_SCRYPT: ScryptCost = { N: 1 << 17, r: 8, p: 1 };

/** The cost new hashes get: the OWASP minimum, unless a test configured a cheaper one. */
export function passwordCost(config: Pick<Config, 'testOnlyPasswordCost'>): ScryptCost {
  return config.testOnlyPasswordCost ?? OWASP_SCRYPT;
}

const KEYLEN = 32;

/** The bounds a stored hash's parameters must keep before they are run, so a damaged record cannot exhaust memory. */
const MAX_LOG2_N = 20;
const MAX_R = 32;
const MAX_P = 16;

/** Memory scrypt needs is about 128·N·r bytes (plus 128·r·p); Node refuses above `maxmem` (32 MiB by default). */
const maxmem = ({ N, r, p }: ScryptCost) => 128 * r * (N + p + 2) + 1024 * 1024;

/** Runs on libuv's thread pool, so a hash does not block the event loop. */
const scrypt = (password: string, salt: Uint8Array, keylen: number, cost: ScryptCost) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, { ...cost, maxmem: maxmem(cost) }, (err, key) => (err ? reject(err) : resolve(key))),
  );

/** `scrypt$N$r$p$salt$hash`, salt and hash base64url: the parameters travel with the hash, so older hashes still verify. */
export async function hashPassword(password: string, cost: ScryptCost = OWASP_SCRYPT): Promise<string> {
  const salt = new Uint8Array(randomBytes(16));
  const hash = await scrypt(password.normalize('NFKC'), salt, KEYLEN, cost);
  return ['scrypt', cost.N, cost.r, cost.p, Buffer.from(salt).toString('base64url'), hash.toString('base64url')].join('$');
}

interface Parsed {
  cost: ScryptCost;
  salt: Uint8Array;
  hash: Buffer;
}

function parse(stored: string): Parsed | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map((s) => (/^\d{1,9}$/.test(s!) ? Number(s) : NaN)) as [number, number, number];
  const powerOfTwo = N >= 2 && N <= 2 ** MAX_LOG2_N && (N & (N - 1)) === 0;
  if (!powerOfTwo || !(r >= 1 && r <= MAX_R) || !(p >= 1 && p <= MAX_P)) return undefined;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const hash = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || hash.length < 16) return undefined;
  return { cost: { N, r, p }, salt: new Uint8Array(salt), hash };
}

/** Whether `password` matches the stored hash, compared in constant time. A malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const actual = await scrypt(password.normalize('NFKC'), parsed.salt, parsed.hash.length, parsed.cost);
  return timingSafeEqual(new Uint8Array(actual), new Uint8Array(parsed.hash));
}

/** Whether a stored hash is weaker than `cost` (or unreadable), so it should be replaced after a successful login. */
export function needsRehash(stored: string, cost: ScryptCost = OWASP_SCRYPT): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const c = parsed.cost;
  return c.N < cost.N || c.r < cost.r || c.p < cost.p || parsed.hash.length < KEYLEN;
}

/**
 * A hash of a random password at `cost`, verified against when the email is unknown, so that an unknown address
 * costs as much time as a known one and the answer time does not reveal which emails are registered.
 */
const dummies = new Map<string, Promise<string>>();
export function dummyHash(cost: ScryptCost = OWASP_SCRYPT): Promise<string> {
  const key = `${cost.N}:${cost.r}:${cost.p}`;
  let dummy = dummies.get(key);
  if (!dummy) {
    dummy = hashPassword(randomBytes(16).toString('hex'), cost);
    dummies.set(key, dummy);
  }
  return dummy;
}
