/**
 * The dashboard's data layer and API client (web/dashboard/data/query.ts, web/dashboard/api/client.ts) and the
 * wording of form problems (web/common/form-errors.ts), without a browser.
 */
import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../../web/common/form-errors.js';
import { ApiClient } from '../../web/dashboard/api/client.js';
import { ApiError } from '../../web/dashboard/api/errors.js';
import { QueryClient, hashKey } from '../../web/dashboard/data/query.js';
import { WizardBody } from '../../shared/schemas/wizard.js';

const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};

describe('QueryClient', () => {
  it('runs a query once for every reader at the same time, and answers from the cache while fresh', async () => {
    let now = 0;
    const q = new QueryClient(() => now, 1000);
    let calls = 0;
    const fn = async () => ++calls;
    expect(await Promise.all([q.fetch(['trip', 'a'], fn), q.fetch(['trip', 'a'], fn)])).toEqual([1, 1]);
    expect(await q.fetch(['trip', 'a'], fn)).toBe(1);
    now = 1500;
    expect(await q.fetch(['trip', 'a'], fn)).toBe(2);
  });

  it('keys by content: property order does not make another key', () => {
    expect(hashKey(['trips', { offset: 0, limit: 20 }])).toBe(hashKey(['trips', { limit: 20, offset: 0 }]));
  });

  it('invalidates by prefix: watched entries fetch again, others on their next read', async () => {
    const q = new QueryClient(() => 0, 60_000);
    let n = 0;
    const fn = async () => ++n;
    await q.fetch(['trips', { offset: 0 }], fn);
    await q.fetch(['trips', { offset: 20 }], fn);
    await q.fetch(['trip', 'x'], fn);
    const seen: unknown[] = [];
    q.subscribe(['trips', { offset: 0 }], () => seen.push(q.state(['trips', { offset: 0 }]).data));
    await q.invalidate(['trips']);
    expect(q.state(['trips', { offset: 0 }]).data).toBe(4);
    expect(q.state(['trips', { offset: 20 }]).stale).toBe(true);
    expect(q.state(['trip', 'x']).stale).toBe(false);
    expect(seen).toContain(4);
  });

  it('does not let an answer that arrives after a set overwrite it', async () => {
    const q = new QueryClient();
    const slow = deferred<string>();
    const running = q.fetch(['trip', 'a'], () => slow.promise);
    q.set(['trip', 'a'], 'from the mutation');
    slow.resolve('old answer');
    await running;
    expect(q.state(['trip', 'a']).data).toBe('from the mutation');
  });

  it('drops the data of a resource that is gone (404/403), keeps it on other failures', async () => {
    const q = new QueryClient(() => 0, 0);
    await q.fetch(['trip', 'a'], async () => 'trip');
    await q.fetch(['trip', 'a'], async () => Promise.reject(new ApiError('unavailable', 503, 'server_busy', 'busy'))).catch(() => undefined);
    expect(q.state(['trip', 'a']).data).toBe('trip');
    await q.fetch(['trip', 'a'], async () => Promise.reject(new ApiError('not_found', 404, 'not_found', 'gone'))).catch(() => undefined);
    expect(q.state(['trip', 'a'])).toMatchObject({ data: undefined, status: 'error' });
  });
});

function fakeFetch(answers: ((init: RequestInit & { url: string }) => Response | Promise<Response>)[]) {
  const seen: (RequestInit & { url: string })[] = [];
  const f = (async (url: string, init: RequestInit) => {
    const req = { ...init, url };
    seen.push(req);
    const next = answers.shift();
    if (!next) throw new Error('no more answers');
    return next(req);
  }) as unknown as typeof fetch;
  return { f, seen };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

describe('ApiClient', () => {
  it('merges identical GETs in flight into one request, with the Bearer token', async () => {
    const gate = deferred<Response>();
    const { f, seen } = fakeFetch([() => gate.promise]);
    const c = new ApiClient({ token: () => 'tok', onUnauthorized: async () => false, fetch: f });
    const both = Promise.all([c.get('/trips'), c.get('/trips')]);
    gate.resolve(json(200, { items: [] }));
    expect(await both).toEqual([{ items: [] }, { items: [] }]);
    expect(seen).toHaveLength(1);
    expect((seen[0]!.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('types failures: every validation issue, Retry-After of 429 and 503', async () => {
    const { f } = fakeFetch([
      () => json(400, { error: { code: 'validation_failed', message: 'invalid body', details: [{ path: ['body', 'name'], message: 'required', code: 'invalid_type' }, { path: ['body', 'endDate'], message: 'x', code: 'custom' }] } }),
      () => json(429, { error: { code: 'rate_limited', message: 'slow down' } }, { 'retry-after': '120' }),
      () => json(503, { error: { code: 'server_busy', message: 'busy' } }, { 'retry-after': '1' }),
    ]);
    const c = new ApiClient({ token: () => null, onUnauthorized: async () => false, fetch: f });
    const e1 = (await c.post('/trips', {}).catch((e: unknown) => e)) as ApiError;
    expect([e1.kind, e1.issues.length]).toEqual(['validation', 2]);
    const e2 = (await c.post('/auth/login', {}).catch((e: unknown) => e)) as ApiError;
    expect([e2.kind, e2.retryAfterSeconds]).toEqual(['rate_limited', 120]);
    const e3 = (await c.get('/trips').catch((e: unknown) => e)) as ApiError;
    expect([e3.kind, e3.retryAfterSeconds]).toEqual(['unavailable', 1]);
  });

  it('hands concurrent 401s to one sign-in, then sends each request again with the new token', async () => {
    let token = 'old';
    let prompts = 0;
    const { f, seen } = fakeFetch([
      () => json(401, { error: { code: 'token_expired', message: 'expired' } }),
      () => json(401, { error: { code: 'token_expired', message: 'expired' } }),
      () => json(200, { ok: 1 }),
      () => json(200, { ok: 2 }),
    ]);
    const c = new ApiClient({
      token: () => token,
      onUnauthorized: async () => {
        prompts += 1;
        token = 'new';
        return true;
      },
      fetch: f,
    });
    const answers = await Promise.all([c.patch('/trips/a', { name: 'x' }), c.post('/trips/a/organizer-invites', { email: 'a@b.c' })]);
    expect(answers).toEqual([{ ok: 1 }, { ok: 2 }]);
    expect(prompts).toBe(1);
    expect(seen.slice(2).map((r) => (r.headers as Record<string, string>).authorization)).toEqual(['Bearer new', 'Bearer new']);
    expect(seen[2]!.body).toBe(JSON.stringify({ name: 'x' }));
  });

  it('answers a 401 as an error when the organizer gives up, and never prompts for anonymous requests', async () => {
    let prompts = 0;
    const { f } = fakeFetch([() => json(401, { error: { code: 'invalid_credentials', message: 'wrong' } }), () => json(401, { error: { code: 'token_revoked', message: 'revoked' } })]);
    const c = new ApiClient({ token: () => 'tok', onUnauthorized: async () => (prompts++, false), fetch: f });
    expect(((await c.post('/auth/login', {}, { anonymous: true }).catch((e: unknown) => e)) as ApiError).code).toBe('invalid_credentials');
    expect(prompts).toBe(0);
    expect(((await c.get('/trips').catch((e: unknown) => e)) as ApiError).kind).toBe('unauthorized');
    expect(prompts).toBe(1);
  });
});

describe('form problems in words', () => {
  it('puts each problem of the wizard body at its field, naming other fields as the form does', () => {
    const r = WizardBody.safeParse({ trip: { name: '', startDate: '2027-04-14', endDate: '2027-04-10', timezone: 'Mars/Base', currency: 'EUR' }, players: [{ name: 'Al', email: 'nope', handicapIndex: 'x' }] });
    expect(r.success).toBe(false);
    const errs = fieldErrors(r.error!.issues, { startDate: 'First day', endDate: 'Last day' });
    expect(errs).toMatchObject({
      'trip.name': ['Please fill this in.'],
      'trip.timezone': ['Must be an IANA time zone such as Europe/Dublin.'],
      'players.0.email': ['Enter an email address, like name@example.com.'],
      'players.0.handicapIndex': ['Enter a number.'],
    });
  });

  it('reads the server details the same way, without their leading `body`', () => {
    expect(fieldErrors([{ path: ['body', 'trip', 'endDate'], message: 'endDate must not be before startDate', code: 'custom' }], { startDate: 'First day', endDate: 'Last day' })).toEqual({
      'trip.endDate': ['The last day must not be before the first day.'],
    });
    expect(fieldErrors([{ path: ['body', 'name'], message: 'Too small: expected string to have >=3 characters', code: 'too_small' }])).toEqual({ name: ['Use at least 3 characters.'] });
  });
});
