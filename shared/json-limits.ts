/**
 * What every JSON body must be before any work is done on it (REST and the sync gateway alike): nested at most
 * {@link MAX_JSON_DEPTH} levels (a 10 KB body nested 5,000 levels otherwise overflows the stack of whatever walks
 * it: the validator, the refusal recorder), and made of well-formed Unicode — valid UTF-8 bytes, and no lone
 * surrogate escaped as `\ud800` (CouchDB refuses both, so a value the embedded store took could never move to it).
 */

/** Deepest nesting of arrays and objects a body may have; real documents stay under 10. */
export const MAX_JSON_DEPTH = 32;

const strict = new TextDecoder('utf-8', { fatal: true });

/** The body's text, or the problem with its bytes (invalid UTF-8). */
export function decodeUtf8(bytes: { buffer: ArrayBufferLike; byteOffset: number; byteLength: number }): { ok: true; text: string } | { ok: false; problem: string } {
  try {
    return { ok: true, text: strict.decode(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength)) };
  } catch {
    return { ok: false, problem: 'the body is not valid UTF-8' };
  }
}

/**
 * The problem with the nesting of JSON `text`, or null: counts brackets outside strings, before parsing (so a deep
 * body costs one linear scan, never a deep recursion). Malformed JSON is left to the parser.
 */
export function jsonDepthProblem(text: string, max = MAX_JSON_DEPTH): string | null {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return `the body is nested more than ${max} levels deep`;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return null;
}

/**
 * The path of the first string (key or value) of a parsed body that holds a lone surrogate, or null. Call after
 * {@link jsonDepthProblem}: the walk recurses at most that deep.
 */
export function illFormedStringPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return value.isWellFormed() ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = illFormedStringPath(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (!k.isWellFormed()) return [...path, k];
      const found = illFormedStringPath(v, [...path, k]);
      if (found) return found;
    }
  }
  return null;
}
