import { AsyncLocalStorage } from 'node:async_hooks';
import type { Context, Next } from 'koa';
import type { AppDeps } from '../deps.js';

/**
 * Where the links the server hands out (portal links, `syncUrl`, display and report URLs) point.
 *
 * `PUBLIC_BASE_URL` when it is set. When it is not, the origin the client used to reach this server: its `Host`
 * (and the scheme of the connection), or `X-Forwarded-Host`/`-Proto` when `TRUST_PROXY` is set (Koa's `proxy`). A
 * phone that reached the server at `http://192.168.1.20:3000` is then told to sync there, not at `localhost`.
 *
 * The origin of the request being served is kept in an AsyncLocalStorage so that services deep in a call (a token
 * issued by the setup wizard, a report's signed URL) need no extra parameter; work a request starts keeps it.
 */
const requestOrigin = new AsyncLocalStorage<string>();

/** Middleware: remembers the request's own origin for {@link publicBase}. */
export function rememberOrigin() {
  return (ctx: Context, next: Next) => requestOrigin.run(originOf(ctx), next);
}

function originOf(ctx: Context): string {
  // Koa's `origin` is `protocol://host`, honouring X-Forwarded-* only when the app trusts the proxy.
  const host = ctx.host;
  return host && /^[A-Za-z0-9.\-:[\]]+$/.test(host) ? `${ctx.protocol}://${host}` : '';
}

/** The base of links handed out in answers: `PUBLIC_BASE_URL`, else the current request's origin. */
export function publicBase(deps: AppDeps): string {
  return deps.config.publicBaseUrl ?? (requestOrigin.getStore() || fallbackBase(deps));
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
