import { createHash } from 'node:crypto';
import type { Context } from 'koa';
import { strongEtag } from '../../shared/domain/display/index.js';
import { notModified } from '../http/files.js';
import type { Reply } from '../http/route.js';

/** Seconds a browser or shared cache may reuse a public display answer: short, since scores arrive hole by hole. */
export const PUBLIC_MAX_AGE_SECONDS = 15;

/**
 * The answer of a public display view, cacheable: a strong ETag (SHA-256 of the JSON bytes sent, which is
 * `JSON.stringify` of the body, as Koa serializes it), `Cache-Control: public, max-age=15`, and 304 without a body
 * when `If-None-Match` names the current tag, weakly compared (RFC 9110 §13.1.2, §15.4.5: a 304 repeats ETag and
 * Cache-Control).
 * `Vary: Origin` because the CORS header is only added to requests that carry an Origin.
 */
export function publicReply(ctx: Context, body: object, check?: (body: object) => void): Reply {
  const { json, etag } = serialized(body);
  const headers = {
    ETag: etag,
    'Cache-Control': `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`,
    Vary: 'Origin',
    'X-Robots-Tag': 'noindex',
  };
  if (notModified(ctx, { etag })) return { status: 304, headers };
  check?.(body);
  ctx.type = 'json';
  ctx.body = json;
  return { headers };
}

const made = new WeakMap<object, { json: Buffer; etag: string }>();

/** The bytes sent and their tag; made once per frozen (shared, so unchangeable) body, each time for any other. */
function serialized(body: object): { json: Buffer; etag: string } {
  const hit = made.get(body);
  if (hit) return hit;
  const text = JSON.stringify(body);
  const value = { json: Buffer.from(text), etag: strongEtag(createHash('sha256').update(text).digest('base64url')) };
  if (Object.isFrozen(body)) made.set(body, value);
  return value;
}
