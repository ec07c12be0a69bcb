import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import fc from 'fast-check';
import Koa from 'koa';
import Router from '@koa/router';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTimeZone } from '../../shared/schemas/common.js';
import { minutesBetween } from '../../shared/domain/travel/time.js';
import type { AppDeps } from '../../server/deps.js';
import { errorMiddleware } from '../../server/http/errors.js';
import { defineRoute, routeMiddleware } from '../../server/http/route.js';
import { buildOpenApi } from '../../server/openapi/document.js';
import { operationsOf, problemWith, requestsOf, send } from './operations.js';

/**
 * The fuzzer finds the class of defect it is for. Issue 17 reported that a flight with an unknown time zone beside
 * a real one answered 500: the schema's cross-field rule compared the two times as instants and the runtime threw on
 * the unknown zone. That defect is fixed in the real schema; here the same mistake is rebuilt in a one-route app
 * (the zone checked by a plain refinement, the rule converting times without looking), and the fuzzer, given
 * nothing but that route's OpenAPI document, must find a request answered 500 and name the zone.
 */

// A malformed time stops at its own check (abort), as the real schema's did: only the zone can slip through.
const LocalDateTime = z.string().regex(/^2027-04-1[0-4]T([01]\d|2[0-3]):[0-5]\d$/, { abort: true });
const CarelessZone = z.string().min(1).refine(isTimeZone, 'must be an IANA time zone');
const CarelessFlight = z
  .strictObject({ departureTime: LocalDateTime, departureTimeZone: CarelessZone.optional(), arrivalTime: LocalDateTime, arrivalTimeZone: CarelessZone.optional() })
  .superRefine((f, ctx) => {
    const minutes = minutesBetween({ local: f.departureTime, timeZone: f.departureTimeZone }, { local: f.arrivalTime, timeZone: f.arrivalTimeZone });
    if (minutes <= 0) ctx.addIssue({ code: 'custom', path: ['arrivalTime'], message: 'must be after the departure' });
  });

const route = defineRoute({
  method: 'post',
  path: '/flights',
  auth: 'public',
  summary: 'A flight with the mistake issue 17 found',
  tags: ['Fuzzing'],
  body: CarelessFlight,
  responses: { 201: { description: 'Accepted', schema: z.object({ ok: z.literal(true) }) } },
  handler: async () => ({ status: 201, body: { ok: true } }),
});

let server: Server;
let url: string;

beforeAll(async () => {
  const logger = { debug() {}, info() {}, warn() {}, error() {} };
  const deps = { validateResponses: true, logger } as unknown as AppDeps;
  const app = new Koa();
  const router = new Router();
  router.post('/flights', routeMiddleware(route, deps));
  app.use(errorMiddleware(logger));
  app.use(router.routes());
  server = app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the fuzzer', () => {
  it('finds the unknown-time-zone 500 from the OpenAPI document alone, and shrinks it to the zone', async () => {
    const doc = JSON.parse(JSON.stringify(buildOpenApi([route], { version: 'fuzz', serverUrl: '/' })));
    const [operation] = operationsOf(doc);
    const ctx = { doc, idsFor: () => [] };
    const result = await fc.check(
      fc.asyncProperty(requestsOf(operation!, ctx), async (req) => {
        const problem = problemWith(operation!, await send(url, operation!, req, undefined), null);
        if (problem) throw new Error(problem);
      }),
      { seed: 17, numRuns: 2000 },
    );
    expect(result.failed).toBe(true);
    console.log(`the fuzzer found it after ${result.numRuns} requests`);
    expect(String((result.errorInstance as Error | undefined)?.message)).toMatch(/answered 500/);
    const [smallest] = result.counterexample as [{ body: Record<string, unknown> }];
    const zones = [smallest.body.departureTimeZone, smallest.body.arrivalTimeZone];
    // Both zones given (only then are the times compared as instants), one of them unknown.
    expect(zones.every((z) => typeof z === 'string')).toBe(true);
    expect(zones.filter((z) => !isTimeZone(z as string))).toHaveLength(1);
  });
});
