import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { api, organizer, tripBody } from '../support/client.js';
import { startTestServer } from '../support/server.js';

let dataDir: string;
afterAll(async () => {
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('trips organized by email before invites', () => {
  it('keep the accounts registered before the upgrade, by account id, and never match an email again', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'golf-migration-'));
    const before = await startTestServer({ dataDir });
    const owner = await organizer(before.url, 'Owner');
    const ann = await organizer(before.url, 'Ann');
    const tripId = (await owner.client.post('/trips', tripBody({ name: 'Old trip' }))).body.id as string;
    const lateEmail = `late.${process.pid}.${Date.now()}@example.com`;
    // The trip index as the previous version kept it: the emails of its organizer players, Ann's among them, one
    // nobody had registered yet, and the owner's own.
    const indexId = `tripindex:${tripId}`;
    const legacy = (await before.deps.store.registry.get(indexId))!;
    const { coOrganizers: _none, ...rest } = legacy;
    await before.deps.store.registry.put({ ...rest, organizerEmails: [ann.email, lateEmail, owner.email].sort() });
    await before.stop();

    const after = await startTestServer({ dataDir });
    try {
      const stored = (await after.deps.store.registry.get(indexId))!;
      expect(stored.organizerEmails).toBeUndefined();
      expect(stored.coOrganizers).toEqual([{ accountId: ann.user.id, email: ann.email, name: 'Ann', since: expect.any(String), via: 'migration' }]);

      const annClient = api(after.url, ann.token);
      expect((await annClient.get(`/trips/${tripId}`)).status).toBe(200);
      expect((await annClient.get('/trips?limit=200')).body.items.map((t: { id: string }) => t.id)).toContain(tripId);

      // The address nobody had registered: whoever registers it now (in any case) gets nothing.
      const late = await api(after.url).post('/auth/register', { email: lateEmail.toUpperCase(), password: 'correct horse battery', name: 'Late' });
      expect(late.status).toBe(201);
      const lateClient = api(after.url, late.body.token);
      expect((await lateClient.get(`/trips/${tripId}/players`)).status).toBe(404);
      expect((await lateClient.get('/trips?limit=200')).body.items.map((t: { id: string }) => t.id)).not.toContain(tripId);
    } finally {
      await after.stop();
    }

    // Once: a third start finds nothing to migrate and the late account still gets nothing.
    const third = await startTestServer({ dataDir });
    try {
      expect((await third.deps.store.registry.get(indexId))!.coOrganizers).toHaveLength(1);
    } finally {
      await third.stop();
    }
  });
});
