import type { Context } from 'koa';
import type { AppDeps } from '../deps.js';

/**
 * Where the links the server hands out (portal links, `syncUrl`, display and report URLs) point.
 *
 * `PUBLIC_BASE_URL` when it is set. When it is not, the origin the client used to reach this server: its `Host`
 * (and the scheme of the connection), or `X-Forwarded-Host`/`-Proto` when `TRUST_PROXY` is set (Koa's `proxy`). A
 * phone that reached the server at `http://192.168.1.20:3000` is then told to sync there, not at `localhost`.
 *
 * The request is passed to where a link is made (no AsyncLocalStorage: in Node 20 it hooks every promise of every
 * request, which cost 14% of the server's CPU under `npm run bench:load`).
 */
function originOf(ctx: Pick<Context, 'host' | 'protocol'>): string {
  // Koa's `origin` is `protocol://host`, honouring X-Forwarded-* only when the app trusts the proxy.
  const host = ctx.host;
  return host && /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? `${ctx.protocol}://${host}` : '';
}

/** The base of links handed out in the answer to `ctx`: `PUBLIC_BASE_URL`, else the request's own origin. */
export function publicBase(deps: AppDeps, ctx: Pick<Context, 'host' | 'protocol'>): string {
  return deps.config.publicBaseUrl ?? (originOf(ctx) || fallbackBase(deps));
}

/**
 * The base of links sent by mail. Never the request's origin: a password reset is asked for by whoever types the
 * address, and a forged `Host` must not choose where the victim's reset link points. Without `PUBLIC_BASE_URL`
 * (a laptop run) mailed links point at this machine.
 */
export function mailBase(deps: AppDeps): string {
  return deps.config.publicBaseUrl ?? fallbackBase(deps);
}

function fallbackBase(deps: AppDeps): string {
  const host = deps.config.host === '0.0.0.0' || deps.config.host === '::' ? 'localhost' : deps.config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${deps.config.port}`;
}
