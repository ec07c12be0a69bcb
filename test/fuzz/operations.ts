import fc from 'fast-check';
import { invalidOf, validOf, type FuzzContext, type Schema } from './arbitraries.js';

/**
 * Fuzzing every operation of `/openapi.json` against the real app. For each operation a request is generated from
 * its own parameters and body schema (valid, or made invalid on purpose), sent over HTTP with the right credentials,
 * and the answer must satisfy:
 *
 * 1. never a 5xx;
 * 2. an error has the documented shape (REST: `{error:{code,message}}`; the replication gateway: CouchDB's
 *    `{error,reason}`) and a status the operation declares;
 * 3. a refused request (4xx) changes nothing: the trip's and the registry's documents (ids and revisions) are the
 *    same before and after;
 * 4. a 2xx body matches the response schema the operation declares (the test server checks every response body
 *    against its zod schema and answers 500 when it does not, so property 1 covers it).
 */

export const METHODS = ['get', 'put', 'post', 'patch', 'delete', 'head'] as const;

export interface Operation {
  id: string;
  method: (typeof METHODS)[number];
  /** The OpenAPI path template, `/trips/{tripId}/flights`. */
  path: string;
  op: Schema;
  auth: 'dashboard' | 'portal' | 'display_preview' | 'public';
  /** The replication gateway (CouchDB protocol and error shape). */
  gateway: boolean;
}

/** Every operation of the document, the deleting ones last (deepest path first) so they do not empty the fixture early. */
export function operationsOf(doc: Schema): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const gateway = path.startsWith('/sync/');
      const mode = op['x-auth-mode'];
      const auth: Operation['auth'] = gateway ? 'portal' : mode === 'dashboard' || mode === 'portal' || mode === 'display_preview' ? mode : 'public';
      out.push({ id: op.operationId ?? `${method} ${path}`, method, path, op: { ...op, parameters: [...(item.parameters ?? []), ...(op.parameters ?? [])] }, auth, gateway });
    }
  }
  const rank = (o: Operation) => (o.method === 'delete' ? 1 : 0);
  return out.sort((a, b) => rank(a) - rank(b) || (rank(a) === 1 ? b.path.length - a.path.length : 0));
}

export interface FuzzRequest {
  params: Record<string, string>;
  query: [string, string][];
  /** `undefined`: no body sent. */
  body?: unknown;
  /** What was meant: for the report. */
  kind: 'valid' | 'invalid';
}

// Not '..': a client resolves it as a dot segment (WHATWG URL, %2E%2E included), so it never reaches a route.
const JUNK_IDS = ['...', 'a', 'x'.repeat(300), 'ÿ', 'null', '%00', 'A1B2C3D4E5', '_design', 'trip:other'];

function paramArb(p: Schema, ctx: FuzzContext): fc.Arbitrary<string> {
  const known = ctx.idsFor(p.name);
  const others = ctx.idsFor(`other:${p.name}`);
  const fromSchema = validOf(p.schema, ctx, p.name).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  const options: fc.WeightedArbitrary<string>[] = [{ arbitrary: fromSchema, weight: 1 }, { arbitrary: fc.constantFrom(...JUNK_IDS), weight: 1 }];
  if (known.length) options.push({ arbitrary: fc.constantFrom(...known), weight: 10 });
  if (others.length) options.push({ arbitrary: fc.constantFrom(...others), weight: 1 });
  return fc.oneof(...options);
}

function queryValue(v: unknown): string {
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** Requests for one operation: valid ones most of the time, then each part made invalid in turn. */
export function requestsOf(operation: Operation, ctx: FuzzContext): fc.Arbitrary<FuzzRequest> {
  const parameters: Schema[] = operation.op.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const params = fc.record(Object.fromEntries(pathParams.map((p) => [p.name as string, paramArb(p, ctx)])) as Record<string, fc.Arbitrary<string>>);

  const validQuery = fc
    .tuple(...queryParams.map((p) => (p.required ? validOf(p.schema, ctx, p.name).map((v) => [p.name, v] as const) : fc.option(validOf(p.schema, ctx, p.name).map((v) => [p.name, v] as const), { nil: undefined }))))
    .map((pairs) => pairs.filter((x): x is readonly [string, unknown] => x !== undefined).map(([k, v]) => [k, queryValue(v)] as [string, string]));
  const invalidQuery = fc.oneof(
    validQuery.map((q) => [...q, ['unexpectedKey', '1'] as [string, string]]),
    ...(queryParams.length
      ? [
          fc.tuple(validQuery, fc.constantFrom(...queryParams), fc.constantFrom('', 'x'.repeat(5000), '-1', '1e309', 'true', '[]', '{}', 'Mars/Olympus_Mons', '2027-02-30', '%')).map(
            ([q, p, bad]) => [...q.filter(([k]) => k !== p.name), [p.name, bad] as [string, string]],
          ),
        ]
      : []),
  );

  const content = operation.op.requestBody?.content ?? {};
  const json: Schema | undefined = content['application/json']?.schema;
  const hasBody = Object.keys(content).length > 0;
  const validBody: fc.Arbitrary<unknown> = json ? validOf(json, ctx) : hasBody ? fc.constant({}) : fc.constant(undefined);
  const invalidBody: fc.Arbitrary<unknown> = json ? invalidOf(json, ctx) : hasBody ? fc.constantFrom(null, 'text', { unexpected: 1 }) : fc.constant(undefined);

  const valid = fc.record({ params, query: validQuery, body: validBody }).map((r) => ({ ...r, kind: 'valid' as const }));
  const badQuery = fc.record({ params, query: invalidQuery, body: validBody }).map((r) => ({ ...r, kind: 'invalid' as const }));
  const badBody = fc.record({ params, query: validQuery, body: invalidBody }).map((r) => ({ ...r, kind: 'invalid' as const }));
  return fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: badBody, weight: hasBody ? 4 : 0 }, { arbitrary: badQuery, weight: 1 });
}

export interface Answer {
  status: number;
  text: string;
  json: any;
}

/** Sends one request: path parameters encoded, JSON body when there is one. */
export async function send(baseUrl: string, operation: Operation, req: FuzzRequest, token: string | undefined): Promise<Answer> {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(req.params[name] ?? 'missing'));
  const qs = new URLSearchParams(req.query).toString();
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (req.body !== undefined && operation.method !== 'get' && operation.method !== 'head') {
    body = JSON.stringify(req.body);
    headers['content-type'] = 'application/json';
  }
  const res = await fetch(`${baseUrl}${path}${qs ? `?${qs}` : ''}`, { method: operation.method.toUpperCase(), headers, ...(body !== undefined ? { body } : {}) });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

/** What the properties found wrong with one answer, or null. */
export function problemWith(operation: Operation, answer: Answer, changed: string | null): string | null {
  const { status, json } = answer;
  if (status >= 500) return `answered ${status}: ${answer.text.slice(0, 500)}`;
  const declared = Object.keys(operation.op.responses ?? {});
  if (status >= 400) {
    if (!declared.includes(String(status)) && !declared.includes('default') && !declared.includes(`${String(status)[0]}XX`)) {
      return `answered ${status}, which the operation does not declare (declared: ${declared.join(', ')}): ${answer.text.slice(0, 300)}`;
    }
    if (operation.method !== 'head') {
      const shaped = operation.gateway
        ? typeof json?.error === 'string' && typeof json?.reason === 'string'
        : typeof json?.error?.code === 'string' && typeof json?.error?.message === 'string';
      if (!shaped) return `answered ${status} without the documented error shape: ${answer.text.slice(0, 300)}`;
    }
    if (changed) return `answered ${status} but changed stored documents: ${changed}`;
  }
  return null;
}
