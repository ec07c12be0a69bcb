import { createServer, Socket, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CouchDocStore } from '../../server/store/couch.adapter.js';
import { organizer, tripBody, api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * CouchDB going away under a running server: every REST route answers 503 `store_unavailable` with `Retry-After`
 * (as `/health` and the replication gateway already do), never 500 `internal`, and the server recovers by itself
 * when the database answers again. The outage is real: a TCP relay in front of the test's pouchdb-server stops
 * listening and drops its connections, so the CouchDB client sees refused connections as it would in production.
 */

class Relay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: URL) {}

  async up(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = new Socket();
      this.track(client);
      this.track(upstream);
      upstream.connect(Number(this.target.port), this.target.hostname, () => {
        client.pipe(upstream);
        upstream.pipe(client);
      });
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop);
      upstream.on('error', drop);
      client.on('close', drop);
      upstream.on('close', drop);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private track(s: Socket) {
    this.sockets.add(s);
    s.on('close', () => this.sockets.delete(s));
  }
}

describe('a CouchDB outage under a running server', () => {
  const couch = new URL(inject('couchUrl'));
  const relay = new Relay(couch);
  let server: TestServer;
  const registryName = `golf_registry_outage_${process.pid}_${Date.now()}`;

  beforeAll(async () => {
    await relay.up();
    const viaRelay = `${couch.protocol}//${couch.username ? `${couch.username}:${couch.password}@` : ''}127.0.0.1:${relay.port}`;
    server = await startTestServer({ overrides: { store: new CouchDocStore(viaRelay, { registryName }) } });
  });
  afterAll(async () => {
    await relay.up();
    await server.close();
    await relay.down();
    await fetch(`${couch.origin}/${registryName}`, { method: 'DELETE' }).catch(() => undefined);
  });

  it('answers 503 store_unavailable with Retry-After on REST routes, and recovers on its own', async () => {
    const org = await organizer(server.url);
    const trip = await org.client.post('/trips', tripBody());
    expect(trip.status).toBe(201);
    const tripId = trip.body.id as string;
    const players = await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Al' }, { name: 'Bo' }] });
    expect(players.status).toBe(201);
    const token = await org.client.post('/trip-portal/token', { tripId, playerId: players.body.items[0].id });
    expect(token.status).toBe(201);

    const session = (await api(server.url).post('/trip-portal/validate', { token: token.body.token })).body.session as string;
    expect(session).toBeTruthy();

    await relay.down();
    // The replication gateway speaks CouchDB's error shape, with the same 503 and Retry-After.
    const changes = await api(server.url, session).get(`/sync/trips/${tripId}/_changes?since=0`);
    expect(changes.status).toBe(503);
    expect(changes.body.error).toBe('service_unavailable');
    expect(Number(changes.headers.get('retry-after'))).toBeGreaterThan(0);
    const calls = [
      () => org.client.get('/trips'),
      () => org.client.get(`/trips/${tripId}`),
      () => org.client.post('/trips', tripBody({ name: 'During the outage' })),
      () => org.client.get(`/trips/${tripId}/players`),
      () => org.client.post(`/trips/${tripId}/players`, { name: 'Cy' }),
      () => org.client.get(`/trips/${tripId}/expenses`),
      () => api(server.url).post('/trip-portal/validate', { token: token.body.token }),
      () => api(server.url).post('/auth/register', { email: `outage.${Date.now()}@example.com`, password: 'correct horse battery', name: 'Late' }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.status, res.text).toBe(503);
      expect(res.body.error.code).toBe('store_unavailable');
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect((await api(server.url).get('/health')).status).toBe(503);

    await relay.up();
    expect((await api(server.url).get('/health')).status).toBe(200);
    const after = await org.client.get(`/trips/${tripId}/players`);
    expect(after.status).toBe(200);
    // Nothing the refused writes carried was stored.
    expect(after.body.items.map((p: { name: string }) => p.name).sort()).toEqual(['Al', 'Bo']);
    const listed = await org.client.get('/trips');
    expect(listed.body.items.map((t: { name: string }) => t.name)).not.toContain('During the outage');
    expect((await org.client.post(`/trips/${tripId}/players`, { name: 'Cy' })).status).toBe(201);
  });
});
