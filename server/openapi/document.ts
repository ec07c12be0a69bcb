import type { z } from 'zod';
import { ERROR_STATUS } from '../../shared/errors.js';
import { ErrorBody } from '../http/errors.js';
import type { RouteSpec } from '../http/route.js';
import { EXAMPLES } from './examples.js';
import { jsonSchema, resolveComponents } from './schemas.js';

const SECURITY: Record<string, { scheme: string; description: string }> = {
  dashboard: {
    scheme: 'dashboardBearer',
    description: 'Dashboard: `Authorization: Bearer <JWT>` issued by /auth/login or by the configured identity provider.',
  },
  portal: {
    scheme: 'portalSession',
    description: 'Portal: `Authorization: Bearer <portal session>` from POST /trip-portal/validate.',
  },
  display_preview: {
    scheme: 'displayPreview',
    description:
      "Display preview: `Authorization: Bearer <token>` from POST /trips/{tripId}/display/preview-token. It reads that trip's display for minutes and nothing else.",
  },
};

/** The header of a 429 (rate limited) or 503 (database unavailable): when to try again. */
const RETRY_AFTER = { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } };

const AUTH_ERRORS = {
  dashboard: ['unauthorized', 'token_invalid', 'token_expired', 'token_revoked', 'wrong_auth_mode'],
  portal: ['unauthorized', 'token_invalid', 'token_expired', 'wrong_auth_mode'],
  display_preview: ['unauthorized', 'token_invalid', 'token_expired', 'token_revoked', 'wrong_auth_mode', 'forbidden'],
  public: [],
} as const;

/**
 * The code is not published under an open-source license: package.json is `private` and names none (npm reads that
 * as UNLICENSED), and the repository has no LICENSE file. `LicenseRef-` is SPDX's form for a license without an SPDX
 * identifier. Change it with package.json's `license` (a test compares them).
 */
export const LICENSE = { name: 'Proprietary: all rights reserved', identifier: 'LicenseRef-Proprietary' };

/** `/trips/:tripId` → `/trips/{tripId}` */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query') {
  if (!schema) return [];
  const js = jsonSchema(schema, 'input') as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
  return Object.entries(js.properties ?? {}).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || (js.required ?? []).includes(name),
    schema: s,
    ...(typeof s.description === 'string' ? { description: s.description } : {}),
  }));
}

/**
 * The OpenAPI 3.1 document, generated from the route list: every route's parameters, body and answers come from
 * the zod schemas that validate them, and every route names its auth mode.
 */
export function buildOpenApi(routes: RouteSpec[], info: { version: string; serverUrl: string }, extraPaths: Record<string, Record<string, unknown>> = {}) {
  const errorSchema = jsonSchema(ErrorBody, 'output');
  const paths: Record<string, Record<string, unknown>> = { ...extraPaths };
  for (const r of routes) {
    const path = openApiPath(r.path);
    const errorCodes = new Set<string>([...AUTH_ERRORS[r.auth], ...(r.errors ?? [])]);
    // Every route refuses a query key it does not declare (a route without a query takes none), so every route can
    // answer 400 validation_failed, besides its invalid parameters and body.
    errorCodes.add('validation_failed');
    if (r.body) ['malformed_json', 'unsupported_media_type', 'payload_too_large'].forEach((c) => errorCodes.add(c));
    if (r.trip) errorCodes.add('trip_not_found');
    if (r.trip === 'owner') errorCodes.add('forbidden');
    // Every route reads the database: with CouchDB unreachable it answers 503 store_unavailable (with Retry-After).
    errorCodes.add('store_unavailable');
    // Reads wait their turn, and past READ_QUEUE_LIMIT waiting ones are refused with 503 server_busy (http/admission.ts).
    if (r.method === 'get') errorCodes.add('server_busy');

    const responses: Record<string, unknown> = {};
    for (const [status, spec] of Object.entries(r.responses)) {
      responses[status] = {
        description: spec.description,
        ...(spec.schema ? { content: { [spec.contentType ?? 'application/json']: { schema: jsonSchema(spec.schema, 'output') } } } : {}),
      };
    }
    const byStatus = new Map<number, string[]>();
    for (const code of errorCodes) {
      const status = ERROR_STATUS[code as keyof typeof ERROR_STATUS];
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
      if (responses[status]) continue;
      responses[status] = {
        description: `Error; code one of: ${codes.join(', ')}`,
        ...(status === 429 || status === 503 ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
        content: { 'application/json': { schema: errorSchema } },
      };
    }

    const op: Record<string, unknown> = {
      operationId: operationId(r),
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      tags: r.tags,
      'x-auth-mode': r.auth,
      security: r.auth === 'public' ? [] : [{ [SECURITY[r.auth]!.scheme]: [] }],
      parameters: [...parameters(r.params, 'path'), ...parameters(r.query, 'query')],
      responses,
    };
    // A body whose every field is optional may be left out (the route reads it as {}).
    if (r.body) op.requestBody = { required: !r.body.safeParse({}).success, content: { 'application/json': { schema: jsonSchema(r.body, 'input') } } };
    if (r.rawBody) {
      op.requestBody = {
        required: true,
        ...(r.rawBody.description ? { description: r.rawBody.description } : {}),
        content: Object.fromEntries(
          [{ contentType: r.rawBody.contentType, schema: r.rawBody.schema }, ...(r.rawBody.alternatives ?? [])].map((c) => [c.contentType, { schema: jsonSchema(c.schema, 'input') }]),
        ),
      };
    }
    (paths[path] ??= {})[r.method] = op;
  }
  attachExamples(paths);
  const { doc: resolvedPaths, schemas } = resolveComponents(paths);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Golf trip sync server',
      version: info.version,
      license: LICENSE,
      description:
        'Trips, players, rounds, scores, money and scheduling for group golf trips, with offline sync over the CouchDB replication protocol. ' +
        'Errors are `{"error":{"code","message","details"}}`. Each operation names its auth mode in `x-auth-mode`.',
    },
    servers: [{ url: info.serverUrl }],
    paths: resolvedPaths,
    components: {
      securitySchemes: {
        dashboardBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: SECURITY.dashboard!.description },
        portalSession: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: SECURITY.portal!.description },
        displayPreview: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: SECURITY.display_preview!.description },
      },
      schemas,
    },
  };
}

/**
 * Puts each example of `examples.ts` on its operation's JSON request body. A document of some routes only (a test's)
 * skips the examples of the others; an operation present without a JSON body is a mistake. That every example has
 * its operation in the whole document is checked by test/api/openapi-contract.test.ts.
 */
function attachExamples(paths: Record<string, Record<string, unknown>>) {
  for (const [key, example] of Object.entries(EXAMPLES)) {
    const [method, path] = key.split(' ') as [string, string];
    const op = paths[path]?.[method] as { requestBody?: { content?: Record<string, Record<string, unknown>> } } | undefined;
    if (!op) continue;
    const media = op.requestBody?.content?.['application/json'];
    if (!media) throw new Error(`OpenAPI: the example for ${key} has no operation with a JSON body`);
    op.requestBody!.content!['application/json'] = { ...media, example };
  }
}

function operationId(r: RouteSpec): string {
  const words = r.path
    .split('/')
    .filter(Boolean)
    .map((seg) => (seg.startsWith(':') ? `by-${seg.slice(1)}` : seg))
    .join('-');
  return `${r.method}-${words}`.replace(/[^A-Za-z0-9]+(.)/g, (_, c: string) => c.toUpperCase());
}
