/**
 * Two (or more) app servers over the test setup's CouchDB-compatible server, through a proxy that delays each
 * request and answer at random (issue 33): one server's writes then land while another's reads are on their way, in
 * every order, which opens the windows a fast CouchDB opens between servers. For tests of a read-then-write guard
 * that must hold across servers; each server has its own store (and its own in-process queues), as in production.
 */
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { CouchDocStore } from '../../server/store/couch.adapter.js';
import { mulberry32 } from '../domain/golf/generators.js';
import { startTestServer, type TestServer } from './server.js';

export interface RaceSetup {
  servers: TestServer[];
  /** The seeded random source the proxy draws its delays from (tests may draw from it too). */
  random: () => number;
  close(): Promise<void>;
}

/**
 * Each request reaches CouchDB late, at random: a read by up to 5 ms, a write by up to 10 ms or, one in three, by
 * 30 to 250 ms (a write stuck behind a slow shard); each answer reaches the app server up to 5 ms late.
 */
function forwardDelay(random: () => number, method: string, url: string): number {
  const write = method === 'PUT' || method === 'DELETE' || (method === 'POST' && url.split('?')[0]!.endsWith('/_bulk_docs'));
  if (!write) return Math.floor(random() * 6);
  return random() < 1 / 3 ? 30 + Math.floor(random() * 221) : Math.floor(random() * 11);
}

/** Starts `count` app servers sharing one registry (`name` makes it unique) over the delaying proxy. */
export async function startRaceServers(name: string, options: { count?: number; seed?: number; now?: () => Date } = {}): Promise<RaceSetup> {
  const couchUrl = new URL(inject('couchUrl'));
  const registryName = `golf_registry_${name}_${process.pid}_${Date.now()}`;
  const random = mulberry32(options.seed ?? 33);
  const proxy: Server = createServer((req, res) => {
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => {
      setTimeout(() => {
        const upstream = httpRequest({ host: couchUrl.hostname, port: couchUrl.port, method: req.method, path: req.url, headers: { ...req.headers, host: couchUrl.host } }, (answer) => {
          setTimeout(() => {
            res.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(res);
          }, Math.floor(random() * 6));
        });
        upstream.on('error', () => res.destroy());
        upstream.end(Buffer.concat(body as Uint8Array[]));
      }, forwardDelay(random, req.method ?? 'GET', req.url ?? ''));
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const proxied = new URL(couchUrl.href);
  proxied.host = `127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const servers: TestServer[] = [];
  for (let i = 0; i < (options.count ?? 2); i++) servers.push(await startTestServer({ overrides: { store: new CouchDocStore(proxied.href, { registryName }), ...(options.now ? { now: options.now } : {}) } }));
  return {
    servers,
    random,
    async close() {
      const trips = await servers[0]?.deps.store.registry.query('registry/by_type', { key: 'tripindex', includeDocs: true });
      for (const row of trips?.rows ?? []) await servers[0]!.deps.store.destroyTrip((row.doc as unknown as { tripId: string }).tripId);
      for (const s of servers) await s.close();
      await fetch(`${couchUrl.origin}/${registryName}`, { method: 'DELETE' });
      // A request still held through the proxy (a longpoll of a server that has stopped waiting on it) must not keep
      // the proxy, and the test's teardown, open until it times out.
      const closed = new Promise((resolve) => proxy.close(resolve));
      proxy.closeAllConnections();
      await closed;
    },
  };
}
