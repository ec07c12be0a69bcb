import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../server/app.js';
import { gatewayPaths } from '../../server/sync/sync.openapi.js';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let anon: ReturnType<typeof api>;
let n = 0;
const freshEmail = () => `golfer.${process.pid}.${Date.now()}.${++n}@example.com`;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  server = await startTestServer();
  anon = api(server.url);
});
afterAll(() => server.close());

describe('POST /auth/register', () => {
  it('answers 201 with a working token and the user, email lowercased', async () => {
    const email = freshEmail();
    const res = await anon.post('/auth/register', { email: email.toUpperCase(), password: PASSWORD, name: 'Seve' });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ email, name: 'Seve' });
    expect(res.body.user.id).toMatch(/^[a-z][a-z0-9]{5,39}$/);
    expect(res.body.user).not.toHaveProperty('passwordHash');
    expect(res.text).not.toContain(PASSWORD);
    expect(Date.parse(res.body.expiresAt)).toBeGreaterThan(Date.now());
    const me = await api(server.url, res.body.token).get('/auth/me');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: res.body.user.id, email, name: 'Seve' });
  });

  it('refuses an email already registered, in any case, with 409 email_taken, keeping the first account', async () => {
    const email = freshEmail();
    const first = await anon.post('/auth/register', { email, password: PASSWORD, name: 'First' });
    expect(first.status).toBe(201);
    const again = await anon.post('/auth/register', { email: email.replace('golfer', 'GOLFER'), password: 'another long password', name: 'Second' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('email_taken');
    const login = await anon.post('/auth/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ id: first.body.user.id, name: 'First' });
    expect((await anon.post('/auth/login', { email, password: 'another long password' })).status).toBe(401);
  });

  it.each([
    ['a password of 9 characters', { password: '123456789' }, ['body', 'password']],
    ['a malformed email', { email: 'seve.at.example.com' }, ['body', 'email']],
    ['an empty name', { name: ' ' }, ['body', 'name']],
    ['an unknown field', { admin: true }, ['body']],
  ])('refuses %s with 400 and registers nothing', async (_label, override, path) => {
    const body = { email: freshEmail(), password: PASSWORD, name: 'Seve', ...override };
    const res = await anon.post('/auth/register', body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details[0].path).toEqual(path);
    if (!('email' in override)) expect((await anon.post('/auth/login', { email: body.email, password: body.password })).status).toBe(401);
  });

  it('leaves the email free after a refused registration', async () => {
    const email = freshEmail();
    expect((await anon.post('/auth/register', { email, password: 'short', name: 'Seve' })).status).toBe(400);
    expect((await anon.post('/auth/register', { email, password: PASSWORD, name: 'Seve' })).status).toBe(201);
  });
});

describe('POST /auth/login', () => {
  let email: string;
  let userId: string;
  beforeAll(async () => {
    email = freshEmail();
    userId = (await anon.post('/auth/register', { email, password: PASSWORD, name: 'Tiger' })).body.user.id;
  });

  it('answers 200 with a token for the account, whatever the case of the email', async () => {
    const res = await anon.post('/auth/login', { email: email.toUpperCase(), password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: userId, email, name: 'Tiger' });
    expect((await api(server.url, res.body.token).get('/auth/me')).body.id).toBe(userId);
  });

  it('answers a wrong password and an unknown email alike: 401 invalid_credentials with the same message', async () => {
    const wrongPassword = await anon.post('/auth/login', { email, password: 'not the password' });
    const unknownEmail = await anon.post('/auth/login', { email: freshEmail(), password: PASSWORD });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(401);
      expect(res.body.error.code).toBe('invalid_credentials');
      expect(res.body).not.toHaveProperty('token');
    }
    expect(wrongPassword.body.error.message).toBe(unknownEmail.body.error.message);
    const { requestId: _a, ...first } = wrongPassword.body.error;
    const { requestId: _b, ...second } = unknownEmail.body.error;
    expect(first).toEqual(second);
  });

  it('refuses an empty password with 400', async () => {
    const res = await anon.post('/auth/login', { email, password: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].path).toEqual(['body', 'password']);
  });
});

describe('GET /auth/me', () => {
  it('refuses a caller without a token with 401', async () => {
    const res = await anon.get('/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });
});

describe('GET /health', () => {
  it('answers 200 with status ok and the store it reached', async () => {
    const res = await anon.get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'ok', store: { kind: 'pouchdb', ok: true } });
    expect(typeof res.body.version).toBe('string');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /openapi.json', () => {
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, { 'x-auth-mode'?: string; security?: unknown; requestBody?: any; parameters?: any[]; responses: Record<string, unknown> }>>;
    components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  };
  const routes = allRoutes();
  const oaPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
  const rows = routes.map((r) => [r.method, r.path, r] as const);

  beforeAll(async () => {
    const res = await anon.get('/openapi.json');
    expect(res.status).toBe(200);
    doc = res.body;
  });

  it('is an OpenAPI 3.1 document with the dashboard bearer scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.components.securitySchemes.dashboardBearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it.each(rows)('documents %s %s with its auth mode, parameters and body', (method, path, route) => {
    const op = doc.paths[oaPath(path)]?.[method];
    expect(op, `${method} ${path} is missing`).toBeDefined();
    expect(op!['x-auth-mode']).toBe(route.auth);
    if (route.auth === 'dashboard') expect(op!.security).toEqual([{ dashboardBearer: [] }]);
    if (route.auth === 'public') expect(op!.security).toEqual([]);
    for (const name of [...path.matchAll(/:(\w+)/g)].map((m) => m[1])) {
      expect(op!.parameters).toContainEqual(expect.objectContaining({ name, in: 'path', required: true }));
    }
    for (const status of Object.keys(route.responses)) expect(op!.responses).toHaveProperty(status);
    if (route.auth === 'dashboard') expect(op!.responses).toHaveProperty('401');
    if (route.body) {
      const schema = op!.requestBody?.content?.['application/json']?.schema;
      expect(schema, `${method} ${path} has no request body schema`).toBeDefined();
      // An object with its fields, or a union of such objects (a body whose fields depend on a discriminator).
      const members: { properties?: object }[] = schema.properties ? [schema] : (schema.oneOf ?? schema.anyOf ?? [schema]);
      for (const member of members) expect(Object.keys(member.properties ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
    } else if (!route.rawBody) {
      expect(op!.requestBody).toBeUndefined();
    }
  });

  it('describes the fields of the trip, player and round bodies', () => {
    const body = (path: string, method: string) => doc.paths[path]![method]!.requestBody.content['application/json'].schema;
    expect(Object.keys(body('/trips', 'post').properties)).toEqual(expect.arrayContaining(['name', 'startDate', 'endDate', 'timezone', 'currency', 'copyFromTripId', 'include']));
    expect(body('/trips/{tripId}/players', 'post').properties.handicapIndex).toMatchObject({ type: 'number', minimum: -10, maximum: 54 });
    expect(body('/trips/{tripId}/players/bulk', 'post').properties.players.items.properties).toHaveProperty('email');
    expect(body('/trips/{tripId}/rounds', 'post').properties).toHaveProperty('course');
  });

  it('lists no operation that is not a route or a replication gateway endpoint', () => {
    const documented = Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    const gateway = Object.entries(gatewayPaths()).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m} ${p}`));
    expect(documented.sort()).toEqual([...routes.map((r) => `${r.method} ${oaPath(r.path)}`), ...gateway].sort());
    expect(gateway).toContain('post /sync/trips/{tripId}/_bulk_docs');
  });
});
