import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('CORS', () => {
  it.each(['/trips', '/trip-portal/validate', '/sync/trips/abcdef/_changes'])('answers a browser preflight for %s without credentials', async (path) => {
    const res = await fetch(server.url + path, {
      method: 'OPTIONS',
      headers: { origin: 'https://portal.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('marks cross-origin answers readable, errors included', async () => {
    const res = await fetch(`${server.url}/trips`, { headers: { origin: 'https://portal.example' } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Request-Id');
  });

  it('adds nothing to same-origin requests', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});
