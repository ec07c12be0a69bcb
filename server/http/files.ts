import { create as formatContentDisposition } from 'content-disposition';
import type { Context } from 'koa';
import parseRanges from 'range-parser';
import { ifNoneMatch } from '../../shared/domain/display/index.js';

/**
 * Serving files: HTTP Range requests and Content-Disposition.
 *
 * HTTP Range requests (RFC 9110 §14), read by range-parser: `bytes=first-last`, `bytes=first-`, `bytes=-suffix`, and
 * lists of them. Overlapping or adjacent ranges are merged (§14.2 allows it); when several separate ranges remain, the
 * whole file is answered (a server may ignore Range, and multipart/byteranges is not worth it for receipts and
 * recordings). A header that does not parse, another unit, or an invalid range (last before first, §14.1.1) is
 * ignored: the whole file. No satisfiable range (a start past the end, a zero suffix, an empty file) is 416.
 */
export type RangeAnswer = { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

/** `first-last` with last before first: an invalid range-spec, which makes the header invalid, not unsatisfiable. */
const INVALID_SPEC = /(?:^|,)\s*(\d+)\s*-\s*(\d+)\s*(?=,|$)/g;
/** A suffix range `-N`. */
const SUFFIX_SPEC = /(^|,)(\s*)-(\d+)(?=\s*(?:,|$))/g;

export function parseRange(header: string | undefined, size: number): RangeAnswer {
  if (!header) return { kind: 'whole' };
  const eq = header.indexOf('=');
  if (eq < 0 || header.slice(0, eq).trim().toLowerCase() !== 'bytes') return { kind: 'whole' };
  const specs = header.slice(eq + 1);
  for (const m of specs.matchAll(INVALID_SPEC)) if (Number(m[2]) < Number(m[1])) return { kind: 'whole' };
  // A suffix longer than the file means all of it (RFC 9110 §14.1.2); range-parser 1.3 would call it unsatisfiable.
  const clamped = size > 0 ? specs.replace(SUFFIX_SPEC, (all, sep: string, ws: string, n: string) => (Number(n) > size ? `${sep}${ws}-${size}` : all)) : specs;
  const ranges = parseRanges(size, `bytes=${clamped}`, { combine: true });
  if (ranges === -2) return { kind: 'whole' };
  if (ranges === -1) return { kind: 'unsatisfiable' };
  if (ranges.length !== 1) return { kind: 'whole' };
  const [range] = ranges;
  return { kind: 'partial', start: range!.start, end: range!.end };
}

/**
 * `Content-Disposition` for a file name (RFC 6266), formatted by the content-disposition package. The plain
 * `filename` is an ASCII fallback with every quote, backslash, percent sign and non-ASCII or control character
 * replaced by `_` (what RFC 6266 Appendix D advises for old user agents); when that differs from the name, the exact
 * name follows as RFC 8187 `filename*`.
 * @example contentDisposition('Reçu.png') // `inline; filename="Re_u.png"; filename*=UTF-8''Re%C3%A7u.png`
 */
export function contentDisposition(name: string, type: 'inline' | 'attachment' = 'inline'): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  return formatContentDisposition(name, { type, fallback });
}

/**
 * Conditional GET (RFC 9110 §13.1.2): whether `If-None-Match` names the answer's current entity tag (weak
 * comparison, lists, `*`), so the answer is 304. Not Koa's `ctx.fresh`: it calls every request with
 * `Cache-Control: no-cache` stale, and fetch() adds that header to each request whose script sets If-None-Match
 * (the TV display's poll does), so those would never get a 304.
 */
export function notModified(ctx: Context, validators: { etag: string }): boolean {
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return false;
  return ifNoneMatch(ctx.get('if-none-match') || undefined, validators.etag);
}
