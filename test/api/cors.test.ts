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

  it('lets a preflight be cached for ten minutes and names every method the API uses', async () => {
    const res = await fetch(`${server.url}/trips`, { method: 'OPTIONS', headers: { origin: 'https://portal.example', 'access-control-request-method': 'PATCH' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-max-age')).toBe('600');
    expect(res.headers.get('access-control-allow-methods')?.split(/\s*,\s*/).sort()).toEqual(['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT']);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('exposes Retry-After, so a page can wait as long as a 429 asks', async () => {
    const res = await fetch(`${server.url}/health`, { headers: { origin: 'https://portal.example' } });
    expect(res.headers.get('access-control-expose-headers')?.split(/\s*,\s*/)).toEqual(
      expect.arrayContaining(['X-Request-Id', 'Location', 'Content-Disposition', 'Content-Range', 'Accept-Ranges', 'Content-Length', 'ETag', 'Retry-After']),
    );
  });

  it('marks answers as varying by Origin, so a shared cache never serves one without the CORS header to a browser', async () => {
    const res = await fetch(`${server.url}/health`, { headers: { origin: 'https://portal.example' } });
    expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
    const same = await fetch(`${server.url}/health`);
    expect(same.headers.get('vary')).toMatch(/\bOrigin\b/);
  });
});
