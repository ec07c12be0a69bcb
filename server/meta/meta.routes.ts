import { z } from 'zod';
import { defineRoute } from '../http/route.js';

export const HealthAnswer = z.object({
  status: z.enum(['ok', 'degraded']),
  store: z.object({ kind: z.enum(['pouchdb', 'couchdb']), ok: z.boolean() }),
  uptimeSeconds: z.number(),
  version: z.string(),
});

export const VERSION = '0.1.0';

export const metaRoutes = [
  defineRoute({
    method: 'get',
    path: '/health',
    auth: 'public',
    summary: 'Liveness and storage reachability',
    description: 'Answers 200 when the registry database answers, 503 with status "degraded" when it does not.',
    tags: ['Meta'],
    responses: { 200: { description: 'Healthy', schema: HealthAnswer }, 503: { description: 'Storage unreachable', schema: HealthAnswer } },
    handler: async ({ deps }) => {
      let ok = true;
      try {
        await deps.store.registry.info();
      } catch {
        ok = false;
      }
      return {
        status: ok ? 200 : 503,
        headers: { 'Cache-Control': 'no-store' },
        body: { status: ok ? 'ok' : 'degraded', store: { kind: deps.store.kind, ok }, uptimeSeconds: Math.round(process.uptime()), version: VERSION },
      };
    },
  }),
];
