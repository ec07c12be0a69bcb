import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allRoutes } from '../../server/app.js';
import type { RouteSpec } from '../../server/http/route.js';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * Every route answers an undeclared query key the same way: 400 `validation_failed`, the key named in `details`.
 * The routes are taken from the route list itself, so a route added later is covered too.
 */

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let portal: Api;
/** A display preview token of the test trip. */
let preview: Api;
let tripId: string;

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const player = await org.client.post(`/trips/${tripId}/players`, { name: 'Al' });
  const token = await org.client.post('/trip-portal/token', { tripId, playerId: player.body.id });
  const session = await api(server.url).post('/trip-portal/validate', { token: token.body.token });
  expect(session.status).toBe(200);
  portal = api(server.url, session.body.session);
  const minted = await org.client.post(`/trips/${tripId}/display/preview-token`);
  expect(minted.status).toBe(201);
  preview = api(server.url, minted.body.token);
});
afterAll(() => server.close());

/** Values for a route's path parameters that its schema accepts: the test trip, else the first well-formed candidate. */
function pathOf(route: RouteSpec): string {
  const names = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const values: Record<string, string> = {};
  for (const name of names) {
    if (name === 'tripId') {
      values[name] = tripId;
      continue;
    }
    const candidates = ['abcdef123456', '1', 'ABCDEFGHJKMNPQRS', 'abcdef123456-abcdef654321', 'a'];
    const fits = candidates.find((c) => {
      const r = (route.params as z.ZodType).safeParse({ ...values, ...Object.fromEntries(names.map((n) => [n, values[n] ?? c])) });
      return r.success || !r.error.issues.some((i) => i.path[0] === name);
    });
    if (!fits) throw new Error(`no value for :${name} of ${route.path}`);
    values[name] = fits;
  }
  return route.path.replace(/:(\w+)/g, (_m, n: string) => values[n]!);
}

const gets = allRoutes().filter((r) => r.method === 'get');

describe('an undeclared query key', () => {
  it('covers every GET route', () => {
    expect(gets.length).toBeGreaterThan(100);
  });

  it.each(gets.map((r) => [r.path, r] as const))('GET %s?bogus=1 answers 400 naming the key', async (_path, route) => {
    const path = `${pathOf(route)}?bogus=1`;
    const client = route.auth === 'dashboard' ? org.client : route.auth === 'portal' ? portal : route.auth === 'display_preview' ? preview : api(server.url);
    if (route.auth !== 'public') {
      // Unauthenticated, the credential is judged first.
      expect((await api(server.url).get(path)).status).toBe(401);
    }
    const res = await client.get(path);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toContainEqual(expect.objectContaining({ path: ['query'], code: 'unrecognized_keys', keys: ['bogus'] }));
    // A route with a required query also lists what is missing; alone, the unknown key is the message.
    if (res.body.error.details.length === 1) expect(res.body.error.message).toContain('bogus');
  });
});

describe('declared keys keep working', () => {
  it('takes the documented keys of a route and refuses an extra one beside them', async () => {
    expect((await org.client.get(`/trips/${tripId}/rounds?state=draft`)).status).toBe(200);
    const extra = await org.client.get(`/trips/${tripId}/rounds?state=draft&_=123`);
    expect(extra.status).toBe(400);
    expect(extra.body.error.details[0]).toMatchObject({ path: ['query'], keys: ['_'] });
    expect((await org.client.get('/trips?limit=2&offset=0')).status).toBe(200);
  });

  it('lets a signed report URL (expires, signature) through, and refuses one with a key added', async () => {
    const form = new FormData();
    form.set('title', 'Day one');
    form.set('file', new Blob(['<!doctype html><html><head><title>Day one</title></head><body><p>Recap</p></body></html>'], { type: 'text/html' }), 'day1.html');
    const created = await fetch(`${server.url}/trips/${tripId}/reports`, { method: 'POST', headers: { authorization: `Bearer ${org.token}` }, body: form });
    expect(created.status).toBe(201);
    const report = (await created.json()) as { html_url: string };
    const url = new URL(report.html_url, server.url);
    const signed = `${url.pathname}${url.search}`;
    expect(url.searchParams.has('expires') && url.searchParams.has('signature')).toBe(true);
    const ok = await fetch(`${server.url}${signed}`);
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    const res = await api(server.url).get(`${signed}&utm_source=mail`);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ path: ['query'], keys: ['utm_source'] });
  });
});
