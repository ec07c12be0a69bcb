/**
 * Serves the browser apps built by `web/build.ts` (`npm run build:web`, run by `npm start` and `npm test`):
 *
 * - `/` (and `/index.html`): the organizer's dashboard. It routes by the fragment (`/#/trips/<id>`) because REST
 *   owns `/trips/*`; its bundles are under `/dashboard/assets/…`, a prefix no REST path uses;
 * - `/portal`, `/portal/`: the golfer's app (its page; the token travels in the fragment, never to the server);
 * - `/portal/sw.js`: its service worker, allowed the scope `/portal` so it also covers the link without a slash;
 *   `/display/sw.js` the display's (scope `/display/`), which precaches the page as `/display/index.html`;
 * - `/display/:accessCode` and, for a browser asking for HTML, `/display/trips/:tripId`: the TV display page
 *   (`/display/codes/:code` and `/display/trips/:tripId` stay the JSON payload for every other client);
 * - `/dashboard/assets/…`, `/portal/assets/…`, `/display/assets/…`: content-hashed bundles, cached for a year as immutable.
 *
 * Pages, the manifest and the worker are `no-cache` (revalidated each time), so a new build reaches phones at once.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type Koa from 'koa';
import { AppError } from '../http/errors.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/**
 * The pages' Content-Security-Policy: everything from this server only. Reports open in a sandboxed frame from
 * their signed URL on this server (`frame-src 'self'`), receipts preview as `blob:` images; no inline script.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob:",
  "frame-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The TV page's: the same, except that pages of this server may frame it (the dashboard's live preview). */
export const DISPLAY_PAGE_CSP = PAGE_CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'");

const DISPLAY_API = /^\/display\/(codes|trips)\//;

/** The file a request names under `dir`, or undefined (no such file, or a path that tries to leave `dir`). */
async function fileUnder(dir: string, rel: string): Promise<{ path: string; size: number; mtime: Date } | undefined> {
  const path = normalize(join(dir, rel));
  if (!path.startsWith(dir + sep)) return undefined;
  try {
    const s = await stat(path);
    return s.isFile() ? { path, size: s.size, mtime: s.mtime } : undefined;
  } catch {
    return undefined;
  }
}

export function webApps(outDir: string): Koa.Middleware {
  const root = normalize(outDir);

  async function send(ctx: Koa.Context, rel: string, cache: 'immutable' | 'no-cache', extra: Record<string, string> = {}): Promise<boolean> {
    let file = await fileUnder(root, rel);
    if (!file) return false;
    const type = TYPES[extname(file.path)] ?? 'application/octet-stream';
    if (cache === 'immutable') {
      // The same bytes for every origin: allowed to all without `Vary: Origin` (which the CORS middleware sets on every
      // answer). A module script is fetched with an Origin header and the service worker's precache without one, so
      // with Vary the precache missed the HTTP cache and the first visit downloaded every bundle twice (issue 25).
      ctx.remove('Vary');
      ctx.set('Access-Control-Allow-Origin', '*');
    }
    // Bundles have precompressed copies (web/build.ts): Brotli or gzip when the browser takes it.
    if (cache === 'immutable' && /\.(js|css)$/.test(rel)) {
      ctx.vary('Accept-Encoding');
      const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
      const packed = encoding === 'br' || encoding === 'gzip' ? await fileUnder(root, `${rel}.${encoding === 'br' ? 'br' : 'gz'}`) : undefined;
      if (packed) {
        file = packed;
        ctx.set('Content-Encoding', encoding as string);
      }
    }
    ctx.status = 200;
    ctx.type = type;
    ctx.length = file.size;
    ctx.lastModified = file.mtime;
    ctx.set('Cache-Control', cache === 'immutable' ? 'public, max-age=31536000, immutable' : 'no-cache');
    for (const [k, v] of Object.entries(extra)) ctx.set(k, v);
    if (cache === 'no-cache') {
      ctx.etag = `"${file.size.toString(36)}-${file.mtime.getTime().toString(36)}"`;
      if (ctx.fresh) {
        ctx.status = 304;
        return true;
      }
    }
    ctx.body = ctx.method === 'HEAD' ? null : createReadStream(file.path);
    return true;
  }

  async function page(ctx: Koa.Context, app: 'portal' | 'display' | 'dashboard'): Promise<void> {
    // The TV page may be framed by this server's own pages: the dashboard previews it live, scaled down (issue 24).
    const headers =
      app === 'display'
        ? { 'Content-Security-Policy': DISPLAY_PAGE_CSP, 'Referrer-Policy': 'no-referrer', 'X-Frame-Options': 'SAMEORIGIN' }
        : { 'Content-Security-Policy': PAGE_CSP, 'Referrer-Policy': 'no-referrer', 'X-Frame-Options': 'DENY' };
    if (!(await send(ctx, `${app}/index.html`, 'no-cache', headers))) {
      throw new AppError('unavailable', 'the web apps are not built: run `npm run build:web` (npm start and npm test do)');
    }
  }

  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    const p = ctx.path;
    if (p === '/' || p === '/index.html') return page(ctx, 'dashboard');
    if (p === '/portal' || p === '/portal/' || p === '/portal/index.html') return page(ctx, 'portal');
    if (p === '/portal/sw.js') {
      if (await send(ctx, 'portal/sw.js', 'no-cache', { 'Service-Worker-Allowed': '/portal' })) return;
      return next();
    }
    if (p === '/portal/manifest.webmanifest' || p.startsWith('/portal/icons/')) {
      if (await send(ctx, p.slice(1), 'no-cache')) return;
      return next();
    }
    if (p === '/display/sw.js') {
      if (await send(ctx, 'display/sw.js', 'no-cache', { 'Service-Worker-Allowed': '/display/' })) return;
      return next();
    }
    // What the display's worker precaches as its page (the page does not depend on the code in its URL).
    if (p === '/display/index.html') return page(ctx, 'display');
    if (p.startsWith('/portal/assets/') || p.startsWith('/display/assets/') || p.startsWith('/dashboard/assets/')) {
      if (await send(ctx, p.slice(1), 'immutable')) return;
      return next();
    }
    if (DISPLAY_API.test(p)) {
      // A browser opening the trip's display URL gets the page; API clients (Accept: */*, JSON) the payload.
      if (/^\/display\/trips\/[^/]+\/?$/.test(p) && ctx.accepts('application/json', 'text/html') === 'text/html') return page(ctx, 'display');
      return next();
    }
    if (/^\/display\/[A-Za-z0-9_-]+\/?$/.test(p)) return page(ctx, 'display');
    return next();
  };
}
