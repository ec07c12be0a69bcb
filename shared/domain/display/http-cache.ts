/**
 * Conditional requests for the public display (RFC 9110 §13.1.2 If-None-Match): whether the client's cached copy,
 * named by the entity tags in `header`, is still the current representation `etag`. If-None-Match uses the weak
 * comparison, so `W/"x"` matches `"x"`; `*` matches any current representation.
 * @example ifNoneMatch('"a", W/"b"', '"b"') // true
 */
export function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const value = header.trim();
  if (value === '*') return true;
  const opaque = (tag: string) => tag.replace(/^W\//, '');
  const wanted = opaque(etag);
  // An entity tag may contain a comma (RFC 9110 etagc), so the list is read tag by tag, not split on commas.
  const tags = value.match(/(?:W\/)?"[^"]*"/g) ?? [];
  return tags.some((t) => opaque(t) === wanted);
}

/** A strong entity tag from a digest of the representation's bytes: `"<digest>"`. */
export function strongEtag(digest: string): string {
  if (/["\s]/.test(digest)) throw new Error('an entity tag digest has no quotes or spaces');
  return `"${digest}"`;
}
