import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig } from '../../server/config.js';
import { clientKey } from '../../server/http/rate-limit.js';
import { api, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

const PASSWORD = 'correct horse battery';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

/**
 * A client whose connections come from `localAddress` (any 127.x.y.z reaches the server on 127.0.0.1 over
 * loopback), so one test can be several client addresses.
 */
function from(baseUrl: string, localAddress: string) {
  const url = new URL(baseUrl);
  return {
    post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
      const payload = JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = request(
          { host: url.hostname, port: url.port, path, method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
          (res) => {
            const chunks: Uint8Array[] = [];
            res.on('data', (c: Buffer) => chunks.push(new Uint8Array(c)));
            res.on('end', () => {
              const text = Buffer.concat(chunks).toString('utf8');
              resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined });
            });
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    },
  };
}

const limits = (overrides: Partial<RateLimitConfig>): RateLimitConfig => ({ ...DEFAULT_RATE_LIMITS, ...overrides });

/** A 429 in the documented error shape, with a Retry-After of whole seconds within the window. */
function expectRateLimited(res: Answer, windowSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body.error).toMatchObject({ code: 'rate_limited', message: expect.any(String) });
  expect(typeof res.body.error.requestId).toBe('string');
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  return retryAfter;
}

async function account(baseUrl: string, name: string, address = '127.0.0.1') {
  const email = `${name}.${process.pid}.${Date.now()}@example.com`;
  const res = await from(baseUrl, address).post('/auth/register', { email, password: PASSWORD, name });
  expect(res.status).toBe(201);
  return email;
}

describe('POST /auth/login limits failed attempts', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { rateLimits: limits({ login: { points: 2, durationSeconds: 600 } }) } });
  });
  afterAll(() => server.close());

  it('answers 429 with Retry-After once an address spent its failures on an account, even for the right password', async () => {
    const email = await account(server.url, 'victim');
    const attacker = from(server.url, '127.0.0.2');
    for (let i = 0; i < 2; i++) expect((await attacker.post('/auth/login', { email, password: `wrong guess ${i}` })).status).toBe(401);
    expectRateLimited(await attacker.post('/auth/login', { email, password: PASSWORD }), 600);
    // The same account in another letter case is the same account.
    expectRateLimited(await attacker.post('/auth/login', { email: email.toUpperCase(), password: PASSWORD }), 600);
  });

  it("does not hold the account's owner back on another address", async () => {
    const email = await account(server.url, 'owner');
    const attacker = from(server.url, '127.0.0.3');
    for (let i = 0; i < 3; i++) await attacker.post('/auth/login', { email, password: `wrong guess ${i}` });
    expect((await attacker.post('/auth/login', { email, password: PASSWORD })).status).toBe(429);
    const owner = from(server.url, '127.0.0.4');
    const res = await owner.post('/auth/login', { email, password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
    // And the owner's own mistake is counted apart from the attacker's.
    expect((await owner.post('/auth/login', { email, password: 'a typo' })).status).toBe(401);
    expect((await owner.post('/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });

  it('lets no burst of simultaneous guesses past the budget', async () => {
    const email = await account(server.url, 'burst');
    const attacker = from(server.url, '127.0.0.7');
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => attacker.post('/auth/login', { email, password: `wrong guess ${i}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([401, 401, 429, 429, 429, 429]);
  });

  it("counts failures only: a successful login clears the account's count", async () => {
    const email = await account(server.url, 'forgetful');
    const client = from(server.url, '127.0.0.5');
    for (let round = 0; round < 3; round++) {
      expect((await client.post('/auth/login', { email, password: 'almost right' })).status).toBe(401);
      expect((await client.post('/auth/login', { email, password: PASSWORD })).status).toBe(200);
    }
  });

  it('does not let a forged X-Forwarded-For pass for another client when TRUST_PROXY is off', async () => {
    const email = await account(server.url, 'forged');
    const attacker = from(server.url, '127.0.0.6');
    for (let i = 0; i < 2; i++) {
      const res = await attacker.post('/auth/login', { email, password: `wrong guess ${i}` }, { 'x-forwarded-for': `203.0.113.${i + 1}` });
      expect(res.status).toBe(401);
    }
    expectRateLimited(await attacker.post('/auth/login', { email, password: PASSWORD }, { 'x-forwarded-for': '203.0.113.99' }), 600);
  });
});

describe('POST /auth/login per address over all accounts', () => {
  let server: TestServer;
  beforeAll(async () => {
    // One failure per account and address, so ten per address over all accounts.
    server = await startTestServer({ config: { rateLimits: limits({ login: { points: 1, durationSeconds: 600 } }) } });
  });
  afterAll(() => server.close());

  it('refuses an address that tried ten times as many failures over many accounts, and only that address', async () => {
    const email = await account(server.url, 'sprayed');
    const sprayer = from(server.url, '127.0.1.1');
    const tries = await Promise.all(Array.from({ length: 10 }, (_, i) => sprayer.post('/auth/login', { email: `nobody${i}@example.com`, password: 'Summer2027!' })));
    expect(tries.map((t) => t.status)).toEqual(Array(10).fill(401));
    expectRateLimited(await sprayer.post('/auth/login', { email, password: PASSWORD }), 600);
    expect((await from(server.url, '127.0.1.2').post('/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });
});

describe('POST /auth/login window', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { rateLimits: limits({ login: { points: 2, durationSeconds: 4 } }) } });
  });
  afterAll(() => server.close());

  it('lets the right password in again once Retry-After has passed', async () => {
    const email = await account(server.url, 'patient');
    const client = from(server.url, '127.0.2.1');
    // Both failures start together, so the third attempt comes well inside the window however long a hash takes.
    const failures = await Promise.all([0, 1].map((i) => client.post('/auth/login', { email, password: `wrong guess ${i}` })));
    expect(failures.map((f) => f.status)).toEqual([401, 401]);
    const retryAfter = expectRateLimited(await client.post('/auth/login', { email, password: PASSWORD }), 4);
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    expect((await client.post('/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });
});

describe('limits behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { trustProxy: true, rateLimits: limits({ login: { points: 2, durationSeconds: 600 } }) } });
  });
  afterAll(() => server.close());

  it("counts per forwarded client, an IPv6 client by its /64 network", async () => {
    const email = await account(server.url, 'proxied');
    const proxy = from(server.url, '127.0.3.1');
    for (let i = 0; i < 2; i++) {
      expect((await proxy.post('/auth/login', { email, password: `wrong ${i}` }, { 'x-forwarded-for': `2001:db8:1:1::${i + 1}` })).status).toBe(401);
    }
    // Another address of the same /64 is the same client; another /64 and another IPv4 client are not.
    expect((await proxy.post('/auth/login', { email, password: PASSWORD }, { 'x-forwarded-for': '2001:db8:1:1:ffff::7' })).status).toBe(429);
    expect((await proxy.post('/auth/login', { email, password: PASSWORD }, { 'x-forwarded-for': '2001:db8:1:2::1' })).status).toBe(200);
    expect((await proxy.post('/auth/login', { email, password: PASSWORD }, { 'x-forwarded-for': '198.51.100.7' })).status).toBe(200);
  });

  it('takes the address the proxy appended, not one the client wrote in front of it', async () => {
    const email = await account(server.url, 'forger');
    const proxy = from(server.url, '127.0.3.2');
    // The proxy appends the address it saw (203.0.113.50) to whatever X-Forwarded-For the client sent.
    const forged = (i: number) => ({ 'x-forwarded-for': `10.${i}.${i}.${i}, 203.0.113.50` });
    for (let i = 0; i < 2; i++) expect((await proxy.post('/auth/login', { email, password: `wrong ${i}` }, forged(i))).status).toBe(401);
    expect((await proxy.post('/auth/login', { email, password: PASSWORD }, forged(9))).status).toBe(429);
  });
});

describe('client address keys', () => {
  it('keeps IPv4 as it is, unwraps IPv4-mapped IPv6 and groups IPv6 by /64', () => {
    expect(clientKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});

describe('POST /auth/register', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { rateLimits: limits({ register: { points: 2, durationSeconds: 600 } }) } });
  });
  afterAll(() => server.close());

  it('limits registrations per address, creating nothing beyond the limit', async () => {
    const client = from(server.url, '127.0.4.1');
    const email = (i: number) => `signup${i}.${process.pid}@example.com`;
    for (let i = 0; i < 2; i++) expect((await client.post('/auth/register', { email: email(i), password: PASSWORD, name: 'Signup' })).status).toBe(201);
    expectRateLimited(await client.post('/auth/register', { email: email(2), password: PASSWORD, name: 'Signup' }), 600);
    expect(await server.deps.store.registry.get(`email:${email(2)}`)).toBeUndefined();
    expect((await from(server.url, '127.0.4.2').post('/auth/register', { email: email(3), password: PASSWORD, name: 'Signup' })).status).toBe(201);
  });
});

describe('POST /trip-portal/validate', () => {
  let server: TestServer;
  let token: string;
  let issue: (extra?: Record<string, unknown>) => Promise<string>;
  beforeAll(async () => {
    server = await startTestServer({ config: { rateLimits: limits({ portalValidate: { points: 2, durationSeconds: 600 } }) } });
    const owner = await organizer(server.url, 'Owner');
    const trip = await owner.client.post('/trips', tripBody());
    const players = await owner.client.post(`/trips/${trip.body.id}/players/bulk`, { players: [{ name: 'Ann' }] });
    issue = async (extra = {}) => {
      const issued = await owner.client.post('/trip-portal/token', { tripId: trip.body.id, playerId: players.body.items[0].id, ...extra });
      expect(issued.status).toBe(201);
      return issued.body.token as string;
    };
    token = await issue();
  });
  afterAll(() => server.close());

  it('does not count a real token refused (a used single-use token), only guesses', async () => {
    const phone = from(server.url, '127.0.5.3');
    const once = await issue({ singleUse: true });
    expect((await phone.post('/trip-portal/validate', { token: once })).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      const again = await phone.post('/trip-portal/validate', { token: once });
      expect(again.status).toBe(401);
      expect(again.body.error.code).toBe('token_used');
    }
    for (let i = 0; i < 2; i++) expect((await phone.post('/trip-portal/validate', { token: `gtp_guess${i}` })).status).toBe(401);
    expectRateLimited(await phone.post('/trip-portal/validate', { token }), 600);
  });

  it('lets a group of phones behind one address exchange their tokens all at once', async () => {
    const hotelWifi = from(server.url, '127.0.5.4');
    const tokens = await Promise.all(Array.from({ length: 6 }, () => issue()));
    const answers = await Promise.all(tokens.map((t) => hotelWifi.post('/trip-portal/validate', { token: t })));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
  });

  it('limits failed exchanges per address, not successful ones', async () => {
    const guesser = from(server.url, '127.0.5.1');
    for (let i = 0; i < 2; i++) expect((await guesser.post('/trip-portal/validate', { token: `gtp_guess${i}` })).status).toBe(401);
    expectRateLimited(await guesser.post('/trip-portal/validate', { token }), 600);
    const phone = from(server.url, '127.0.5.2');
    for (let i = 0; i < 4; i++) expect((await phone.post('/trip-portal/validate', { token })).status).toBe(200);
  });
});

describe('RATE_LIMITS=off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ config: { rateLimits: { ...limits({ login: { points: 1, durationSeconds: 600 } }), enabled: false } } });
  });
  afterAll(() => server.close());

  it('answers every attempt', async () => {
    const email = await account(server.url, 'benchmark');
    const client = from(server.url, '127.0.6.1');
    for (let i = 0; i < 3; i++) expect((await client.post('/auth/login', { email, password: `wrong ${i}` })).status).toBe(401);
    expect((await client.post('/auth/login', { email, password: PASSWORD })).status).toBe(200);
  });
});

describe('OpenAPI', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('documents the 429 of every limited route', async () => {
    const doc = (await api(server.url).get('/openapi.json')).body;
    for (const path of ['/auth/login', '/auth/register', '/trip-portal/validate', '/auth/password-reset', '/auth/password-reset/confirm']) {
      const answer = doc.paths[path].post.responses['429'];
      expect(answer, path).toBeDefined();
      expect(answer.description).toMatch(/Retry-After/);
    }
  });
});
