import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../server/app.js';
import { buildOpenApi } from '../../server/openapi/document.js';
import { gatewayPaths } from '../../server/sync/sync.openapi.js';
import { richTrip, type RichTrip } from '../browser/support/rich-trip.js';
import { api, organizer, tripBody } from '../support/client.js';
import { DEFAULT_RATE_LIMITS } from '../../server/config.js';
import { startTestServer, type TestServer } from '../support/server.js';
import type { FuzzContext } from './arbitraries.js';
import { operationsOf, problemWith, requestsOf, send, type FuzzRequest, type Operation } from './operations.js';

/**
 * Every operation of `/openapi.json`, fuzzed from its own schemas against the real app on real storage (see
 * operations.ts for the properties). Seeded: `FUZZ_SEED` (default below) gives each operation its own seed, printed
 * with the smallest counterexample when a property fails, so a failure replays exactly. `FUZZ_RUNS` requests per
 * operation (default 12 in `npm test`); `npm run fuzz` sends 200 per operation (about 10 minutes) with a fresh seed.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
/** Per operation, so the whole run stays bounded whatever a slow operation does. */
const TIME_LIMIT_MS = Number(process.env.FUZZ_MS_PER_OPERATION ?? 20_000);

const doc = JSON.parse(JSON.stringify(buildOpenApi(allRoutes(), { version: 'fuzz', serverUrl: '/' }, gatewayPaths())));
const operations = operationsOf(doc);

function seedOf(op: Operation): number {
  let h = SEED | 0;
  for (const c of op.id) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

let server: TestServer;
let trip: RichTrip;
let otherTripId: string;
let strangerTripId: string;
const pools = new Map<string, string[]>();
const otherPools = new Map<string, string[]>();

/** Ids of each document type of a trip, and every document id, for drawing path parameters and id fields. */
async function poolsOf(tripId: string, into: Map<string, string[]>) {
  const { rows } = await server.deps.store.trip(tripId).allDocs({ includeDocs: true });
  const add = (k: string, v: string) => into.set(k, [...new Set([...(into.get(k) ?? []), v])]);
  for (const row of rows) {
    const d = row.doc as { _id: string; type?: string; id?: unknown } | null | undefined;
    if (!d || d._id.startsWith('_design/')) continue;
    add('docId', d._id);
    if (typeof d.type === 'string' && typeof d.id === 'string') {
      add(d.type.toLowerCase(), d.id);
      add('*', d.id);
    }
  }
  add('tripid', tripId);
}

function lookup(map: Map<string, string[]>, name: string): string[] {
  const word = name.replace(/Ids?$/, '').toLowerCase();
  if (name === 'docId') return map.get('docId') ?? [];
  if (word === 'trip') return map.get('tripid') ?? [];
  if (!word) return map.get('*') ?? [];
  const types = [...map.keys()].filter((t) => t !== '*' && t !== 'docId' && t !== 'tripid' && (t === word || t.endsWith(word) || word.endsWith(t)));
  const ids = types.flatMap((t) => map.get(t)!);
  return ids.length ? ids : (map.get('*') ?? []);
}

const ctx: FuzzContext = {
  doc,
  idsFor: (name) => (name.startsWith('other:') ? lookup(otherPools, name.slice(6)) : lookup(pools, name)),
};

/** Every document of the fuzzed trip and of the registry, as `id@rev`, to prove a refused request wrote nothing. */
async function snapshot(): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const [tripDocs, registry] = await Promise.all([server.deps.store.trip(trip.tripId).allDocs().catch(() => ({ rows: [] })), server.deps.store.registry.allDocs()]);
  for (const r of tripDocs.rows) out.set(`trip/${r.id}`, r.value?.rev ?? '');
  // When a phone was last heard from (server/portal/last-seen.ts) records the contact itself, not anything the request
  // asked to change: a portal request that is let in and then refused (a stale round id) still proves the phone is
  // reachable, which is what the organizer's control room shows.
  for (const r of registry.rows) if (!r.id?.startsWith('lastseen:')) out.set(`registry/${r.id}`, r.value?.rev ?? '');
  return out;
}

function difference(a: Map<string, string>, b: Map<string, string>): string | null {
  const changes: string[] = [];
  for (const [k, v] of b) if (a.get(k) !== v) changes.push(`${k} ${a.get(k) ?? '(new)'} → ${v}`);
  for (const k of a.keys()) if (!b.has(k)) changes.push(`${k} removed`);
  return changes.length ? changes.slice(0, 5).join('; ') : null;
}

beforeAll(async () => {
  // Rate limits stay on (their 429 is part of what is checked) but wide: the fuzzer itself is one client sending
  // thousands of requests, and a portal session must stay obtainable for every portal operation.
  const wide = { points: 100_000, durationSeconds: 60 };
  server = await startTestServer({ config: { rateLimits: { ...DEFAULT_RATE_LIMITS, login: wide, register: wide, passwordReset: wide, portalValidate: wide } } });
  trip = await richTrip(server.url, { players: 8 });
  otherTripId = (await trip.org.client.post('/trips', tripBody({ name: 'Another trip of the same organizer' }))).body.id;
  await trip.org.client.post(`/trips/${otherTripId}/players/bulk`, { players: [{ name: 'Other One' }, { name: 'Other Two' }] });
  const stranger = await organizer(server.url, 'Stranger');
  strangerTripId = (await stranger.client.post('/trips', tripBody({ name: 'A stranger trip' }))).body.id;
  await poolsOf(trip.tripId, pools);
  await poolsOf(otherTripId, otherPools);
  await poolsOf(strangerTripId, otherPools);
  console.log(`fuzzing ${operations.length} operations, ${RUNS} requests each, FUZZ_SEED=${SEED} (set it to replay this run)`);
}, 180_000);
afterAll(() => server?.close());

describe('every operation of /openapi.json, fuzzed from its own schemas', () => {
  it('covers every operation the document lists', () => {
    const listed = Object.values<Record<string, unknown>>(doc.paths).reduce((n, item) => n + ['get', 'put', 'post', 'patch', 'delete', 'head'].filter((m) => m in item).length, 0);
    expect(operations).toHaveLength(listed);
    expect(operations.length).toBeGreaterThan(250);
  });

  it.each(operations.map((o) => [`${o.method.toUpperCase()} ${o.path}`, o] as const))('%s', async (_name, operation) => {
    // Credentials renewed for each operation: an earlier one may have revoked the portal token (that is allowed).
    const token =
      operation.auth === 'dashboard' ? trip.org.token : operation.auth === 'portal' ? await portalSession() : operation.auth === 'display_preview' ? await previewToken() : undefined;
    const property = fc.asyncProperty(requestsOf(operation, ctx), async (req: FuzzRequest) => {
      const before = await snapshot();
      const answer = await send(server.url, operation, req, token);
      const changed = answer.status >= 400 && answer.status < 500 ? difference(before, await snapshot()) : null;
      const problem = problemWith(operation, answer, changed);
      if (problem) throw new Error(`${operation.method.toUpperCase()} ${operation.path} (${req.kind}) ${problem}`);
    });
    await fc.assert(property, { seed: seedOf(operation), numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false, endOnFailure: true });
  }, TIME_LIMIT_MS * 3 + 30_000);
});

let session: string | undefined;

/** The player's portal session, renewed when an earlier operation revoked its token (that is allowed). */
/** A display preview token of the fuzzed trip (its display, read only). */
async function previewToken(): Promise<string> {
  const res = await trip.org.client.post(`/trips/${trip.tripId}/display/preview-token`);
  if (res.status !== 201) throw new Error(`preview token: ${res.status} ${res.text}`);
  return res.body.token as string;
}

async function portalSession(): Promise<string> {
  if (session && (await api(server.url, session).get('/trip-portal/validate')).status === 200) return session;
  const link = await trip.link();
  const res = await api(server.url).post('/trip-portal/validate', { token: link.token });
  if (res.status !== 200) throw new Error(`portal session: ${res.status} ${res.text}`);
  session = res.body.session as string;
  return session;
}
