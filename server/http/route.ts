import type { Context } from 'koa';
import { z } from 'zod';
import type { ErrorCode, ErrorDetail } from '../../shared/errors.js';
import type { AppDeps } from '../deps.js';
import { dashboardTokenRevoked } from '../auth/accounts.js';
import { loadTripAccess, type TripIndexDoc } from '../trips/trip-index.js';
import {
  authenticateDashboard,
  authenticateDisplayPreview,
  authenticatePortal,
  type AuthMode,
  type DashboardPrincipal,
  type DisplayPreviewPrincipal,
  type PortalPrincipal,
  type Principal,
} from './auth.js';
import { portalTripAccess } from '../portal/session.js';
import { readJson } from './body.js';
import { AppError, zodDetails } from './errors.js';
import { readTurnOf } from './admission.js';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type PrincipalOf<A extends AuthMode> = A extends 'dashboard'
  ? DashboardPrincipal
  : A extends 'portal'
    ? PortalPrincipal
    : A extends 'display_preview'
      ? DisplayPreviewPrincipal
      : undefined;

export interface ResponseSpec {
  description: string;
  schema?: z.ZodType;
  contentType?: string;
}

export interface HandlerInput<A extends AuthMode, P, Q, B> {
  params: P;
  query: Q;
  body: B;
  auth: PrincipalOf<A>;
  /** The trip's index entry, for routes with `trip` access. */
  trip: TripIndexDoc;
  ctx: Context;
  deps: AppDeps;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/**
 * One route: its path, auth mode, schemas and handler. The same object registers the route on the router and
 * describes it in `/openapi.json`, so the document is generated from the schemas that validate requests.
 */
export interface RouteSpec<A extends AuthMode = AuthMode, P extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: Method;
  path: string;
  auth: A;
  /**
   * For `/trips/:tripId/…` routes: the caller must organize the trip (any organizer, or the owner only). For a
   * `display_preview` route: the organizer who asked for the preview token still does.
   */
  trip?: 'organizer' | 'owner';
  summary: string;
  description?: string;
  tags: string[];
  params?: P;
  query?: Q;
  body?: B;
  /** Document a request body that is not JSON (e.g. multipart); the handler reads it itself. */
  rawBody?: { contentType: string; schema: z.ZodType; description?: string; alternatives?: { contentType: string; schema: z.ZodType }[] };
  responses: Record<number, ResponseSpec>;
  /** Error codes this route answers beyond those of its auth mode and validation. */
  errors?: ErrorCode[];
  /**
   * The answer is a value computed once per state of the trip and shared by the requests meanwhile (`oncePerSeq`):
   * once its checks have passed, the request gives back its read turn before the handler waits for it
   * and takes one again to answer (`readTurnOf`, server/http/admission.ts).
   */
  sharedPerState?: true;
  handler: (input: HandlerInput<A, z.output<P>, z.output<Q>, z.output<B>>) => Promise<Reply>;
}

/** Declares a route with its types inferred from its schemas. */
export function defineRoute<A extends AuthMode, P extends z.ZodType = z.ZodUndefined, Q extends z.ZodType = z.ZodUndefined, B extends z.ZodType = z.ZodUndefined>(
  spec: RouteSpec<A, P, Q, B>,
): RouteSpec {
  return spec as unknown as RouteSpec;
}

/**
 * The middleware of one route, in a fixed order: authenticate (401) → path parameters (400) → trip access (404, or
 * 403 for owner-only actions; for portal routes, the session's access to the trip) → query and body (400/413/415) →
 * handler. Nothing runs the handler before every check has passed, so bad input changes nothing. The query and the
 * body are judged together: one 400 lists every problem of both in `details`.
 */
export function routeMiddleware(route: RouteSpec, deps: AppDeps) {
  const querySchema = strictQuery(route.query);
  return async (ctx: Context) => {
    const auth = await authenticate(ctx, route.auth, deps);
    const params = check(parse(route.params, ctx.params ?? {}, 'params'));
    let trip: TripIndexDoc | undefined;
    if (route.trip) {
      const tripId = (params as { tripId?: string }).tripId;
      if (!tripId) throw new Error(`route ${route.path} has trip access but no tripId`);
      const who: DashboardPrincipal = auth?.kind === 'display_preview' ? { kind: 'dashboard', sub: auth.sub } : (auth as DashboardPrincipal);
      trip = await loadTripAccess(deps, who, tripId, route.trip);
    }
    // A portal route of one trip checks the session's access to it before reading the body, as dashboard routes do:
    // another trip's id answers 403/404 whatever the body (the handler's own check then hits the access cache).
    const portalTrip = route.auth === 'portal' ? (params as { tripId?: unknown } | undefined)?.tripId : undefined;
    if (typeof portalTrip === 'string') await portalTripAccess(deps, auth as PortalPrincipal, portalTrip);
    const queryResult = parse(querySchema, { ...ctx.query }, 'query');
    // No body at all is an empty object; a JSON `null` (or any other value) is what was sent, and the schema judges it.
    // A body that cannot be read (413, 415, malformed JSON) is refused as such before its content is judged.
    const sent = route.body ? await readJson(ctx) : undefined;
    const bodyResult = route.body ? parse(route.body, sent === undefined ? {} : sent, 'body') : { ok: true as const, value: undefined };
    const query = check(queryResult, bodyResult);
    const body = check(bodyResult, queryResult);
    const turn = route.sharedPerState ? readTurnOf(ctx) : undefined;
    turn?.giveBack();
    const reply = await route.handler({ params, query: route.query ? query : undefined, body, auth, trip: trip!, ctx, deps } as HandlerInput<AuthMode, unknown, unknown, unknown>);
    await turn?.takeAgain();
    const status = reply.status ?? 200;
    for (const [k, v] of Object.entries(reply.headers ?? {})) ctx.set(k, v);
    ctx.status = status;
    if (reply.body !== undefined) {
      if (deps.validateResponses) checkResponse(route, status, reply.body);
      ctx.body = reply.body;
    }
  };
}

/**
 * The query schema a route enforces: its own, refusing keys it does not declare, or — for a route that declares no
 * query — one that takes no key at all. Every route thus answers an unknown query key the same way: 400
 * `validation_failed` naming the key.
 */
export function strictQuery(schema: z.ZodType | undefined): z.ZodType {
  if (!schema) return z.strictObject({});
  if (schema instanceof z.ZodObject && schema._zod.def.catchall === undefined) return schema.strict();
  return schema;
}

type Parsed = { ok: true; value: unknown } | { ok: false; where: 'params' | 'query' | 'body'; details: ErrorDetail[] };

function parse(schema: z.ZodType | undefined, value: unknown, where: 'params' | 'query' | 'body'): Parsed {
  if (!schema) return { ok: true, value: undefined };
  const r = schema.safeParse(value);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, where, details: zodDetails(r.error, [where]) };
}

/**
 * The value of a parsed part, or the 400 listing every problem of it and of the other parts judged with it. The
 * message names the first problem; `details` holds them all, each with its `path` (starting with the part).
 */
function check(result: Parsed, ...others: Parsed[]): unknown {
  const failed = [result, ...others].filter((r): r is Extract<Parsed, { ok: false }> => !r.ok);
  if (failed.length === 0) return (result as { value: unknown }).value;
  const details = failed.flatMap((f) => f.details);
  const first = failed[0]!;
  const firstDetail = first.details[0]!;
  const at = firstDetail.path!.slice(1).reduce<string>((s, p) => (typeof p === 'number' ? `${s}[${p}]` : s ? `${s}.${p}` : p), '');
  const more = details.length > 1 ? ` (and ${details.length - 1} more problem${details.length > 2 ? 's' : ''} in details)` : '';
  throw new AppError('validation_failed', `invalid ${first.where}${at ? ` at ${at}` : ''}: ${firstDetail.message}${more}`, details);
}

async function authenticate(ctx: Context, mode: AuthMode, deps: AppDeps): Promise<Principal | undefined> {
  if (mode === 'dashboard') return authenticateDashboard(ctx, deps.keys, (accountId, issuedAt) => dashboardTokenRevoked(deps, accountId, issuedAt));
  if (mode === 'portal') return authenticatePortal(ctx, deps.keys);
  if (mode === 'display_preview') {
    return authenticateDisplayPreview(ctx, deps.keys, (ctx.params as Record<string, unknown> | undefined)?.tripId, (accountId, issuedAt) => dashboardTokenRevoked(deps, accountId, issuedAt));
  }
  return undefined;
}

function checkResponse(route: RouteSpec, status: number, body: unknown) {
  const spec = route.responses[status];
  if (!spec) throw new Error(`${route.method.toUpperCase()} ${route.path} answered ${status}, which its route does not document`);
  if (!spec.schema) return;
  const r = spec.schema.safeParse(body);
  if (!r.success) {
    throw new Error(`${route.method.toUpperCase()} ${route.path} answered a ${status} body its schema refuses: ${JSON.stringify(zodDetails(r.error))}`);
  }
}
