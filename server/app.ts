import { createHmac, randomUUID } from 'node:crypto';
import koaCors from '@koa/cors';
import Koa from 'koa';
import Router from '@koa/router';
import { authRoutes } from './auth/auth.routes.js';
import type { AppDeps } from './deps.js';
import { admission, admitLater, BUSY_RETRY_AFTER_SECONDS, DEFAULT_ADMISSION, ReadGate } from './http/admission.js';
import { compressJson } from './http/compress.js';
import { AppError, errorMiddleware } from './http/errors.js';
import { routeMiddleware, type RouteSpec } from './http/route.js';
import { metaRoutes, VERSION } from './meta/meta.routes.js';
import { buildOpenApi } from './openapi/document.js';
import { asArrivedNow } from './store/arrival.js';
import { competitionRoutes } from './competitions/competitions.routes.js';
import { courseRoutes } from './courses/courses.routes.js';
import { gameRoutes } from './games/games.routes.js';
import { leaderboardRoutes } from './leaderboards/leaderboards.routes.js';
import { exportRoutes } from './exports/exports.routes.js';
import { playerRoutes } from './players/players.routes.js';
import { portalRoutes } from './portal/portal.routes.js';
import { portalTokenRoutes } from './portal/tokens.routes.js';
import { roundRoutes } from './rounds/rounds.routes.js';
import { gatewayPaths } from './sync/sync.openapi.js';
import { createGatewayPolicy } from './sync/sync.policy.js';
import { syncRoutes } from './sync/sync.routes.js';
import { scoreRoutes } from './scores/scores.routes.js';
import { CouchError, createSyncGateway } from '../sync/gateway/index.js';
import { SYNC_PREFIX } from '../sync/gateway/gateway.js';
import { SERVER_RECEIVED_HEADER, SERVER_TIME_HEADER } from '../shared/domain/write-rules.js';
import { tripRoutes } from './trips/trips.routes.js';
import { organizerRoutes } from './trips/organizers.routes.js';
import { resetRoutes } from './auth/reset.routes.js';
import { portalSendRoutes } from './portal/send.routes.js';
import { wizardRoutes } from './wizard/wizard.routes.js';
import { expenseRoutes } from './money/expenses.routes.js';
import { paymentRoutes } from './money/payments.routes.js';
import { portalMoneyRoutes } from './money/portal-money.routes.js';
import { potRoutes } from './money/pot.routes.js';
import { receiptRoutes } from './money/receipts.routes.js';
import { settlementRoutes } from './money/settlements.routes.js';
import { wagerRoutes } from './money/wagers.routes.js';
import { moneySourceRoutes } from './money/money-sources.routes.js';
import { eventRoutes } from './scheduling/events.routes.js';
import { openTeeTimeRoutes } from './scheduling/open-tee-times.routes.js';
import { pairingRoutes } from './scheduling/pairings.routes.js';
import { reportRoutes } from './reports/reports.routes.js';
import { travelRoutes } from './travel/travel.routes.js';
import { activityRoutes } from './activities/activities.routes.js';
import { availabilityRoutes } from './availability/availability.routes.js';
import { displayRoutes } from './display/display.routes.js';
import { analyticsRoutes } from './analytics/analytics.routes.js';
import { DEFAULT_LONGPOLL_GATHER_MS, DEFAULT_WEB_DIR } from './config.js';
import { webApps } from './web/static.js';

/** Every REST route of the app, in registration order. Static paths come before parameterised ones. */
export function allRoutes(): RouteSpec[] {
  return [...metaRoutes, ...authRoutes, ...resetRoutes, ...wizardRoutes, ...tripRoutes, ...organizerRoutes, ...playerRoutes, ...courseRoutes, ...roundRoutes, ...portalSendRoutes, ...portalTokenRoutes, ...portalRoutes, ...syncRoutes, ...scoreRoutes, ...competitionRoutes, ...gameRoutes, ...leaderboardRoutes,
    ...receiptRoutes, ...expenseRoutes, ...settlementRoutes, ...wagerRoutes, ...potRoutes, ...paymentRoutes, ...portalMoneyRoutes, ...moneySourceRoutes,
    ...pairingRoutes, ...eventRoutes, ...openTeeTimeRoutes, ...reportRoutes,
    ...travelRoutes, ...activityRoutes, ...availabilityRoutes, ...displayRoutes, ...analyticsRoutes, ...exportRoutes];
}

/** Builds the Koa application from its dependencies; nothing listens or reads the environment here. */
export function createApp(deps: AppDeps) {
  // Behind trusted proxies, the client address is the X-Forwarded-For entry the nearest proxies appended (Koa's
  // `maxIpsCount` keeps that many from the end), never one the client wrote in front of them.
  const app = new Koa({ proxy: deps.config.trustProxy, maxIpsCount: deps.config.trustProxyHops });
  const router = new Router();
  const routes = allRoutes();
  for (const route of routes) router[route.method](route.path, routeMiddleware(route, deps));

  const openapi = buildOpenApi(routes, { version: VERSION, serverUrl: deps.config.publicBaseUrl ?? '/' }, gatewayPaths());
  router.get('/openapi.json', (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = openapi;
  });

  app.on('error', (err: unknown) => deps.logger.error('unhandled error', { err: err instanceof Error ? { name: err.name, message: err.message, stack: err.stack } : String(err) }));
  // Every request knows when it arrived: a read of a trip's state started since then serves it too (store/arrival.ts).
  app.use((_ctx, next) => asArrivedNow(next));
  app.use(requestContext(deps));
  app.use(cors());
  const isSync = (ctx: Koa.Context) => ctx.path === SYNC_PREFIX || ctx.path.startsWith(`${SYNC_PREFIX}/`);
  // The REST answers gzipped for clients that take it (http/compress.ts); the replication gateway answers as CouchDB does.
  app.use(compressJson(isSync));
  // Reads are admitted a few at a time so that writes are not kept waiting behind them (http/admission.ts); one
  // gate for the gateway's replication reads and the REST reads, each refusing in its own error shape.
  const gate = new ReadGate(deps.config.admission ?? DEFAULT_ADMISSION);
  const BUSY = 'too many reads are waiting; try again in a moment';
  // The gateway's refusal, by its middleware and by its key-range reads (`admitRead`).
  const syncBusy = () => new CouchError(503, 'service_unavailable', BUSY, {}, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) });
  app.use(
    admission(gate, isSync, (ctx) => {
      const busy = syncBusy();
      ctx.status = busy.status;
      ctx.body = busy.body;
    }),
  );
  // The replication gateway speaks CouchDB's protocol and error shape under /sync/trips; everything else is REST.
  // Aborted by `endLiveFeeds` when the server shuts down: waiting longpolls then answer at once.
  const liveFeeds = new AbortController();
  app.use(
    createSyncGateway(createGatewayPolicy(deps), {
      uuid: gatewayUuid(deps),
      closing: liveFeeds.signal,
      longpollGatherMs: deps.config.longpollGatherMs ?? DEFAULT_LONGPOLL_GATHER_MS,
      admitRead: admitLater(gate, syncBusy),
    }),
  );
  app.use(errorMiddleware(deps.logger));
  app.use(
    admission(gate, (ctx) => !isSync(ctx), () => {
      throw new AppError('server_busy', BUSY, undefined, { 'Retry-After': String(BUSY_RETRY_AFTER_SECONDS) });
    }),
  );
  // The golfer's app (/portal) and the TV display page (/display/…), built by web/build.ts.
  app.use(webApps(deps.config.webDir ?? DEFAULT_WEB_DIR));
  // Unmatched requests fall through the router with no body: a known path with another method is 405 (with the
  // Allow header RFC 9110 §15.5.6 asks for), anything else 404, both in the error shape.
  app.use(async (ctx, next) => {
    await next();
    if (ctx.body !== undefined && ctx.body !== null) return;
    const allow = ctx.response.get('Allow');
    if (ctx.status === 405 || ctx.status === 501) {
      throw new AppError('method_not_allowed', 'this path does not take that method', undefined, allow ? { Allow: allow } : undefined);
    }
    if (ctx.status === 404) throw new AppError('route_not_found', 'no such route');
  });
  app.use(router.routes());
  app.use(router.allowedMethods());
  return { app, routes, openapi, readGate: gate, endLiveFeeds: () => liveFeeds.abort() };
}

/**
 * CORS for the portal web app and phones running in a browser: any origin may call, because credentials travel as
 * a Bearer header (never cookies), so a foreign page learns nothing it could not fetch itself. Requests without an
 * Origin get no CORS headers; preflights end here (204) and may be cached for ten minutes. On an error that escapes
 * to Koa, the headers go with it.
 */
function cors() {
  return koaCors({
    origin: (ctx) => (ctx.get('origin') ? '*' : ''),
    credentials: false,
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // Access-Control-Allow-Headers repeats what the preflight asks for (Authorization, Content-Type, X-Request-Id…).
    exposeHeaders: ['X-Request-Id', 'Location', 'Content-Disposition', 'Content-Range', 'Accept-Ranges', 'Content-Length', 'ETag', 'Retry-After', SERVER_TIME_HEADER, SERVER_RECEIVED_HEADER],
    maxAge: 600,
  });
}

/** The gateway's server uuid: stable across restarts and equal on every server sharing the secret (PouchDB builds
 * checkpoint ids from it, so a changed uuid would make every phone replicate from scratch). */
function gatewayUuid(deps: AppDeps): string {
  return createHmac('sha256', deps.keys.urlSigningKey).update('sync gateway uuid').digest('hex').slice(0, 32);
}

/**
 * The path as logged: a display access code in it is a credential, so it is replaced, in the payload's path
 * (`/display/codes/:code`) and in the TV page's (`/display/:code`). (Signed file URLs carry their signature in the
 * query, and preview and portal links their token in the fragment: neither is logged, nor is any header.)
 */
export function loggedPath(path: string): string {
  return path
    .replace(/^\/display\/codes\/[^/]+/, '/display/codes/[redacted]')
    .replace(/^\/display\/(?!(?:codes|trips|assets)(?:\/|$)|sw\.js$|index\.html$)[^/]+/, '/display/[redacted]');
}

/** Request id (kept from X-Request-Id when sane), security headers, and one structured log line per request. */
function requestContext(deps: AppDeps) {
  return async (ctx: Koa.Context, next: Koa.Next) => {
    const given = ctx.get('x-request-id');
    const requestId = /^[A-Za-z0-9._-]{1,100}$/.test(given) ? given : randomUUID();
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    ctx.set('X-Content-Type-Options', 'nosniff');
    const started = process.hrtime.bigint();
    const received = deps.now().getTime();
    try {
      await next();
    } finally {
      // Every answer carries the server's clock, when the request arrived and when it is answered: phones learn their
      // offset from it and stamp their entries with the server's time (sync/device/clock.ts), whatever their own
      // clock says.
      if (!ctx.headerSent) ctx.set({ [SERVER_RECEIVED_HEADER]: String(received), [SERVER_TIME_HEADER]: String(deps.now().getTime()) });
      deps.logger.info('request', {
        requestId,
        method: ctx.method,
        path: loggedPath(ctx.path),
        status: ctx.status,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      });
    }
  };
}
