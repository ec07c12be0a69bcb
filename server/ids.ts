import { randomInt } from 'node:crypto';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const ALPHABET = `${LETTERS}0123456789`;

/** Length of a record id: a letter then 19 base-36 characters, about 102 bits. */
export const ID_LENGTH = 20;

/**
 * A random record identifier: a lowercase letter, then 19 characters of `a-z0-9`, each drawn uniformly
 * (`crypto.randomInt` rejects the values that would make some characters likelier, as `byte % 36` did).
 * Starting with a letter keeps it legal as a CouchDB name part and never mistaken for a number.
 * @example newId() // "k3x9q0m2ab7c4d5e6f8g"
 */
export function newId(): string {
  let id = LETTERS[randomInt(LETTERS.length)]!;
  for (let i = 1; i < ID_LENGTH; i++) id += ALPHABET[randomInt(ALPHABET.length)]!;
  return id;
}
