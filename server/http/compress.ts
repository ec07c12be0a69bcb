import { promisify } from 'node:util';
import { gzip as gzipAsync, gzipSync } from 'node:zlib';
import type { Context, Next } from 'koa';

const gzip = promisify(gzipAsync);

/** Bodies smaller than this go as they are: the header and the work would cost more than the bytes saved. */
export const COMPRESS_MIN_BYTES = 1_024;

/**
 * gzip for the API's JSON answers, when the client takes it (every browser and fetch does).
 *
 * A round leaderboard of a full field, hole by hole, is about 350 KB of JSON and gzips to a tenth of that: a phone
 * on a course's weak signal, the TV polling the display, the organizer's dashboard polling the control room. Sent
 * as they were, the server also spent its time writing those bytes to sockets (`npm run bench:load`: the largest
 * item of its profile once boards were shared).
 *
 * A body shared by every request of one state of a trip (a board's or the display's bytes, the same `Buffer` for
 * each request: `boardJson`, `publicReply`) is compressed once, off the event loop, and the result shared the same
 * way; any other body is compressed for its request. Entity tags are left as they are: they are the JSON's digest
 * (the TV's payload, the control room) or a document's version (`If-Match` on a course compares them strongly), the
 * same for both encodings, and none of these answers serves byte ranges, where the two encodings' bytes must not mix
 * (so `If-None-Match` revalidates either copy, and `If-Match` keeps working). HEAD answers the headers GET would.
 * Answers without a body, streams (files, exports) and anything already encoded (the web apps' precompressed
 * bundles) are left alone.
 */
export function compressJson(skip: (ctx: Context) => boolean) {
  return async (ctx: Context, next: Next) => {
    await next();
    if (skip(ctx) || ctx.response.get('Content-Encoding') || !ctx.response.is('json')) return;
    const body: unknown = ctx.body;
    const bytes = Buffer.isBuffer(body) ? body : typeof body === 'string' ? Buffer.from(body) : body !== null && typeof body === 'object' && !isStream(body) ? Buffer.from(JSON.stringify(body)) : undefined;
    if (!bytes || bytes.length < COMPRESS_MIN_BYTES) return;
    ctx.vary('Accept-Encoding');
    if (ctx.acceptsEncodings('gzip', 'identity') !== 'gzip') {
      if (bytes !== body) ctx.body = bytes;
      return;
    }
    const packed = Buffer.isBuffer(body) ? await sharedGzip(body) : gzipSync(view(bytes));
    const type = ctx.type;
    ctx.body = packed;
    ctx.type = type;
    ctx.set('Content-Encoding', 'gzip');
  };
}

/** Compressed once per `Buffer` (the shared bodies are never changed once made), off the event loop. */
const packedOf = new WeakMap<Buffer, Promise<Buffer>>();

function sharedGzip(body: Buffer): Promise<Buffer> {
  let packed = packedOf.get(body);
  if (!packed) {
    packed = gzip(view(body));
    packedOf.set(body, packed);
    // A failure is not kept: the next request tries again.
    packed.catch(() => packedOf.delete(body));
  }
  return packed;
}

/** The same bytes as zlib's typings take them (no copy). */
function view(bytes: Buffer): Uint8Array {
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
}

function isStream(body: object): boolean {
  return typeof (body as { pipe?: unknown }).pipe === 'function';
}
