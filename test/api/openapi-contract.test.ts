/**
 * The contract /openapi.json states: operation ids that stay put, shared component schemas (each defined once),
 * `required` exactly where a field is required, examples on the main flows that the routes accept, a license, and
 * the 4xx every operation declares.
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../server/app.js';
import { VERSION } from '../../server/meta/meta.routes.js';
import { COMPONENTS } from '../../server/openapi/components.js';
import { buildOpenApi, LICENSE, openApiPath } from '../../server/openapi/document.js';
import { EXAMPLES } from '../../server/openapi/examples.js';
import { BulkDocsBody, gatewayPaths } from '../../server/sync/sync.openapi.js';
import { api } from '../support/client.js';
import { inlineRefs } from '../support/openapi.js';
import { startTestServer, type TestServer } from '../support/server.js';

type Operation = { operationId?: string; requestBody?: any; responses: Record<string, any> };
type Doc = { info: any; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

const routes = allRoutes();
const doc = buildOpenApi(routes, { version: VERSION, serverUrl: '/' }, gatewayPaths()) as unknown as Doc;
const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ key: `${method} ${path}`, op })));

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('operation ids', () => {
  it('every operation has one, and no two share one', () => {
    const ids = operations.map((o) => o.op.operationId);
    expect(ids.filter((id) => typeof id !== 'string' || !/^[A-Za-z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids.length - new Set(ids).size).toBe(0);
  });

  it('an operation keeps the id it was published with (test/api/openapi-operation-ids.json)', () => {
    const published = JSON.parse(readFileSync(new URL('./openapi-operation-ids.json', import.meta.url), 'utf8')) as Record<string, string>;
    const now = Object.fromEntries(operations.map((o) => [o.key, o.op.operationId]));
    const changed = Object.entries(published).filter(([key, id]) => key in now && now[key] !== id);
    expect(changed.map(([key, id]) => `${key}: published ${id}, now ${now[key]}`)).toEqual([]);
    // The list covers the API as published (routes added later keep their generated id from the day they are added).
    expect(Object.keys(published).filter((key) => key in now).length).toBeGreaterThan(250);
  });
});

describe('component schemas', () => {
  it('the main domain schemas are components, referenced by the operations that answer them', () => {
    const answer = (path: string, method: string, status: number) => doc.paths[path]![method]!.responses[status].content['application/json'].schema;
    expect(answer('/trips/{tripId}/expenses/{expenseId}', 'get', 200)).toEqual({ $ref: '#/components/schemas/Expense' });
    expect(answer('/trips/{tripId}/players/{playerId}', 'patch', 200)).toEqual({ $ref: '#/components/schemas/Player' });
    expect(answer('/trips/{tripId}/wagers', 'post', 201)).toEqual({ $ref: '#/components/schemas/Wager' });
    expect(answer('/trips/{tripId}/rounds/{roundId}', 'get', 200)).toEqual({ $ref: '#/components/schemas/Round' });
    for (const name of ['Trip', 'Player', 'Round', 'Course', 'Expense', 'Settlement', 'Wager', 'Instant', 'Error']) expect(doc.components.schemas).toHaveProperty(name);
  });

  it('defines each component once: no copy of one is inlined anywhere else', () => {
    const bodies = new Map(Object.entries(doc.components.schemas).map(([name, body]) => [JSON.stringify(body), name]));
    const copies: string[] = [];
    const walk = (node: unknown, at: string, root: boolean) => {
      if (!node || typeof node !== 'object') return;
      const name = bodies.get(JSON.stringify(node));
      if (name && !root) copies.push(`${name} at ${at}`);
      for (const [k, v] of Object.entries(node)) walk(v, `${at}/${k}`, false);
    };
    walk(doc.paths, '#/paths', false);
    for (const [name, body] of Object.entries(doc.components.schemas)) walk(body, `#/components/schemas/${name}`, true);
    expect(copies).toEqual([]);
  });

  it('every reference resolves and every component is used', () => {
    const refs = new Set<string>();
    const walk = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) (k === '$ref' && typeof v === 'string' ? refs.add(v) : walk(v));
    };
    walk(doc);
    expect([...refs].filter((r) => !r.startsWith('#/components/schemas/') || !(r.slice(21) in doc.components.schemas))).toEqual([]);
    expect(Object.keys(doc.components.schemas).filter((name) => !refs.has(`#/components/schemas/${name}`))).toEqual([]);
    expect(Object.keys(COMPONENTS).sort()).toEqual(expect.arrayContaining(Object.keys(doc.components.schemas).filter((n) => !n.endsWith('Input'))));
  });
});

describe('required fields', () => {
  /** Walks a zod schema and its JSON Schema together; every object's `required` must list exactly its fields that are not optional. */
  function mismatches(where: string, schema: z.ZodType, json: any, io: 'input' | 'output', out: string[]): number {
    const def = (schema as any)._zod.def;
    let objects = 0;
    if (def.type === 'object' && json?.properties) {
      objects++;
      const shape = def.shape as Record<string, any>;
      const want = Object.keys(shape).filter((k) => (io === 'input' ? shape[k]._zod.optin : shape[k]._zod.optout) === undefined);
      const got = (json.required ?? []) as string[];
      if ([...want].sort().join() !== [...got].sort().join()) out.push(`${where}: required ${JSON.stringify(got)}, should be ${JSON.stringify(want)}`);
      for (const k of Object.keys(shape)) objects += mismatches(`${where}.${k}`, shape[k], json.properties[k], io, out);
    } else if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type)) {
      objects += mismatches(where, def.innerType, json?.anyOf ? json.anyOf.find((s: any) => s.type !== 'null') : json, io, out);
    } else if (def.type === 'array') {
      objects += mismatches(`${where}[]`, def.element, json?.items, io, out);
    } else if (def.type === 'pipe') {
      objects += mismatches(where, io === 'input' ? def.in : def.out, json, io, out);
    }
    return objects;
  }

  it('marks every required field of every body (as sent) and every answer (as received), and no other', () => {
    const out: string[] = [];
    let objects = 0;
    for (const r of routes) {
      const op = doc.paths[openApiPath(r.path)]![r.method]!;
      if (r.body) objects += mismatches(`${r.method} ${r.path} body`, r.body, inlineRefs(doc, op.requestBody.content['application/json'].schema), 'input', out);
      for (const [status, spec] of Object.entries(r.responses)) {
        if (spec.schema && !spec.contentType) objects += mismatches(`${r.method} ${r.path} ${status}`, spec.schema, inlineRefs(doc, op.responses[status].content['application/json'].schema), 'output', out);
      }
    }
    expect(out).toEqual([]);
    expect(objects).toBeGreaterThan(500);
  });

  it('POST /trips says its conditional requirement: a copy (copyFromTripId), or name, endDate, timezone and currency', () => {
    const body = inlineRefs(doc, doc.paths['/trips']!.post!.requestBody.content['application/json'].schema);
    expect(body.required).toEqual(['startDate']);
    expect(body.anyOf).toEqual([{ required: ['copyFromTripId'] }, { required: ['name', 'endDate', 'timezone', 'currency'] }]);
    // The zod schema agrees with each branch: the fields the document requires in it are the ones it refuses without.
    const full = { name: 'Trip', startDate: '2027-04-10', endDate: '2027-04-12', timezone: 'Europe/Lisbon', currency: 'EUR' };
    const route = routes.find((r) => r.method === 'post' && r.path === '/trips')!;
    expect(route.body!.safeParse(full).success).toBe(true);
    expect(route.body!.safeParse({ startDate: '2027-04-10', copyFromTripId: 'abcdefghij0123456789' }).success).toBe(true);
    for (const field of ['name', 'endDate', 'timezone', 'currency'] as const) {
      const { [field]: _left, ...rest } = full;
      expect(route.body!.safeParse(rest).success, field).toBe(false);
    }
  });

  it('a default makes a field optional as sent and present as received', () => {
    const body = inlineRefs(doc, doc.paths['/trips/{tripId}/players']!.post!.requestBody.content['application/json'].schema);
    expect(body.required).toEqual(['name']);
    expect(body.properties.role.default).toBe('player');
  });
});

describe('examples', () => {
  const MAIN_FLOWS = [
    'post /trips',
    'post /trips/{tripId}/players',
    'post /trips/{tripId}/players/bulk',
    'post /courses',
    'post /trips/{tripId}/rounds',
    'post /trip-portal/validate',
    'put /trip-portal/scorecards/{scorecardId}/scores',
    'post /trip-portal/scorecards/{scorecardId}/scores/bulk',
    'post /trips/{tripId}/scorecards/{scorecardId}/scores/bulk',
    'post /trips/{tripId}/expenses',
    'post /trip-portal/trips/{tripId}/expenses',
    'post /trips/{tripId}/wagers',
    'patch /trips/{tripId}/wagers/{wagerId}/settle',
    'post /sync/trips/{tripId}/_bulk_docs',
  ];

  it('every request body of the main flows has one in the document', () => {
    for (const key of MAIN_FLOWS) {
      const [method, path] = key.split(' ') as [string, string];
      expect(EXAMPLES[key], key).toBeDefined();
      expect(doc.paths[path]?.[method]?.requestBody?.content?.['application/json']?.example, key).toEqual(EXAMPLES[key]);
    }
  });

  const schemaOf = (key: string): z.ZodType => {
    if (key === 'post /sync/trips/{tripId}/_bulk_docs') return BulkDocsBody;
    const route = routes.find((r) => `${r.method} ${openApiPath(r.path)}` === key);
    if (!route?.body) throw new Error(`${key}: no route with a JSON body`);
    return route.body;
  };

  it.each(Object.keys(EXAMPLES))('%s: the example is a body the operation’s own schema accepts', (key) => {
    const r = schemaOf(key).safeParse(EXAMPLES[key]);
    expect(r.success ? [] : r.error.issues).toEqual([]);
  });

  it('the _bulk_docs example is a score document the gateway’s schema takes', async () => {
    const { ScoreDoc } = await import('../../shared/schemas/round.js');
    const first = (EXAMPLES['post /sync/trips/{tripId}/_bulk_docs'] as { docs: unknown[] }).docs[0];
    expect(ScoreDoc.safeParse(first).success).toBe(true);
  });
});

describe('license', () => {
  it('is the one package.json declares (none, and private: all rights reserved)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { license?: string; private?: boolean };
    expect(doc.info.license).toEqual(LICENSE);
    if (pkg.license === undefined || pkg.license === 'UNLICENSED') {
      expect(pkg.private).toBe(true);
      expect(LICENSE.identifier).toBe('LicenseRef-Proprietary');
    } else {
      expect(LICENSE.identifier).toBe(pkg.license);
    }
  });
});

describe('the 4xx every operation declares', () => {
  it('GET /health answers an unknown query key with the documented 400', async () => {
    expect(doc.paths['/health']!.get!.responses).toHaveProperty('400');
    const res = await api(server.url).get('/health?verbose=1');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('keeps the per-organizer settlement plan at the path the specification names', () => {
    expect(doc.paths).toHaveProperty(['/trips/{tripId}/settlements/organizer/{organizerPlayerId}', 'get']);
    expect(doc.paths).toHaveProperty(['/trips/{tripId}/settlements/organizer/{organizerPlayerId}/persist', 'post']);
  });

  it('the replication gateway declares the document id of the paths that have one', () => {
    for (const path of ['/sync/trips/{tripId}/_local/{docId}', '/sync/trips/{tripId}/{docId}']) {
      for (const op of Object.values(doc.paths[path]!)) expect((op as any).parameters).toContainEqual(expect.objectContaining({ name: 'docId', in: 'path', required: true }));
    }
    expect(Object.keys(doc.paths).filter((p) => p.endsWith('/'))).toEqual([]);
  });
});
