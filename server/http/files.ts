/**
 * Serving files: HTTP Range requests and Content-Disposition.
 *
 * HTTP Range requests (RFC 9110 §14) for one byte range: `bytes=first-last`, `bytes=first-` and `bytes=-suffix`.
 * A request for several ranges, or a header that does not parse, is answered with the whole file (a server may
 * ignore Range, §14.2); a range that starts past the end is unsatisfiable (416).
 */
export type RangeAnswer = { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header ?? '');
  if (!m || (m[1] === '' && m[2] === '')) return { kind: 'whole' };
  if (m[1] === '') {
    // The last N bytes; a suffix longer than the file means all of it.
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Number(m[2]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  if (end < start) return { kind: 'whole' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}

/**
 * `Content-Disposition: inline` with the name twice (RFC 6266 §4.3): an ASCII fallback with every quote, backslash
 * and non-ASCII character replaced, and the exact name as RFC 8187 `filename*`.
 */
export function contentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `inline; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
