/**
 * `/openapi.json` against Redocly's `recommended` ruleset, with no rule turned off: no error and no warning. The
 * document is built as `server/app.ts` builds it (with `PUBLIC_BASE_URL` unset, its default), and the served
 * document is checked to be that same build.
 */
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allRoutes } from '../../server/app.js';
import { VERSION } from '../../server/meta/meta.routes.js';
import { buildOpenApi } from '../../server/openapi/document.js';
import { gatewayPaths } from '../../server/sync/sync.openapi.js';
import { api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function describeProblem(p: NormalizedProblem): string {
  const where = p.location.map((l) => l.pointer ?? '').join(' ');
  return `${p.severity} ${p.ruleId}: ${p.message} at ${where}`;
}

describe('/openapi.json under Redocly recommended', () => {
  it('has no error and no warning', async () => {
    const doc = buildOpenApi(allRoutes(), { version: VERSION, serverUrl: '/' }, gatewayPaths());
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config });
    expect(problems.map(describeProblem)).toEqual([]);
  });

  it('is what the server serves', async () => {
    const served = (await api(server.url).get('/openapi.json')).body;
    expect(served).toEqual(buildOpenApi(allRoutes(), { version: VERSION, serverUrl: server.config.publicBaseUrl ?? '/' }, gatewayPaths()));
  });
});
