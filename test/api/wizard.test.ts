import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalTokenDoc } from '../../server/portal/tokens.js';
import { hashTokenSecret } from '../../server/portal/tokens.js';
import { docsOfType } from '../../server/store/docs.js';
import { api, course18, organizer } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** Steps on which the test's fault hook throws once (a fault the test cannot cause otherwise). */
const failOnce = new Map<string, string>();

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;

beforeAll(async () => {
  server = await startTestServer({
    overrides: {
      hooks: {
        beforeWizardStep: (tripId, step) => {
          if (failOnce.get(tripId) === step || failOnce.get('*') === step) {
            failOnce.delete(tripId);
            failOnce.delete('*');
            throw new Error(`injected failure in ${step}`);
          }
        },
      },
    },
  });
  org = await organizer(server.url);
});
afterAll(() => server.close());

function wizardBody(overrides: Record<string, unknown> = {}) {
  return {
    trip: { name: 'Kiawah Boys Trip', startDate: '2027-05-01', endDate: '2027-05-04', timezone: 'America/New_York', currency: 'USD' },
    players: [
      { ref: 'al', name: 'Al', email: 'al@example.com', handicapIndex: 8.4 },
      { ref: 'bo', name: 'Bo', handicapIndex: 14.1 },
      { ref: 'cy', name: 'Cy', handicapIndex: 22 },
      { ref: 'di', name: 'Di', email: 'di@example.com', handicapIndex: 3.2, role: 'organizer' },
    ],
    rounds: [
      { ref: 'r1', name: 'Ocean Course', date: '2027-05-02', course: course18('Ocean'), defaultTee: 'White', players: ['al', 'bo', 'cy', 'di'], groups: [['al', 'bo'], ['cy', 'di']] },
      { ref: 'r2', name: 'Osprey Point', date: '2027-05-03', course: course18('Osprey') },
    ],
    teams: [
      { name: 'Blue', players: ['al', 'di@example.com'] },
      { name: 'Red', players: ['bo', 'cy'] },
    ],
    competitions: [{ name: 'Overall net', format: 'stroke_net', rounds: ['r1', 'Osprey Point'] }],
    portalTokens: { issue: true },
    ...overrides,
  };
}

/**
 * Polls the status until `until` holds. Portal tokens are shown in the first read after they are issued, which may
 * come before the job is done (the `activate` step follows), so tokens seen in any read are kept on the answer.
 */
async function waitForWizard(tripId: string, until: (s: string) => boolean = (s) => s === 'done' || s === 'failed') {
  let tokens: unknown;
  for (let i = 0; i < 200; i++) {
    const res = await org.client.get(`/trips/${tripId}/wizard/status`);
    tokens ??= res.body.portalTokens;
    if (until(res.body.status)) return tokens === undefined ? res : { ...res, body: { ...res.body, portalTokens: tokens } };
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('wizard did not finish');
}

describe('POST /trips/wizard', () => {
  it('answers 202 and builds the whole trip in the background', async () => {
    const res = await org.client.post('/trips/wizard', wizardBody());
    expect(res.status).toBe(202);
    expect(res.headers.get('location')).toBe(`/trips/${res.body.tripId}/wizard/status`);
    const status = await waitForWizard(res.body.tripId);
    expect(status.body.status).toBe('done');
    expect(status.body.steps.map((s: { name: string; status: string }) => `${s.name}:${s.status}`)).toEqual([
      'create_database:done',
      'trip:done',
      'players:done',
      'teams:done',
      'rounds:done',
      'competitions:done',
      'portal_tokens:done',
      'activate:done',
    ]);

    const tripId = res.body.tripId as string;
    const players = (await org.client.get(`/trips/${tripId}/players`)).body.items as { id: string; name: string; team?: string }[];
    expect(players.map((p) => `${p.name}:${p.team}`).sort()).toEqual(['Al:Blue', 'Bo:Red', 'Cy:Red', 'Di:Blue']);
    const rounds = (await org.client.get(`/trips/${tripId}/rounds`)).body.items;
    expect(rounds).toHaveLength(2);
    const byName = new Map(players.map((p) => [p.name, p.id]));
    expect(rounds[0].groups.map((g: { playerIds: string[] }) => g.playerIds)).toEqual([
      [byName.get('Al'), byName.get('Bo')],
      [byName.get('Cy'), byName.get('Di')],
    ]);
    const competitions = await docsOfType(server.deps.store.trip(tripId), 'competition');
    expect(competitions).toHaveLength(1);
    expect(competitions[0]!.roundIds).toEqual([rounds[0].id, rounds[1].id]);
    expect((await org.client.get('/trips')).body.items.find((t: { id: string }) => t.id === tripId)?.status).toBe('active');
  });

  it('shows the portal tokens once, stores only their hashes, and never shows them again', async () => {
    const res = await org.client.post('/trips/wizard', wizardBody());
    const first = await waitForWizard(res.body.tripId);
    const tokens = first.body.portalTokens as { playerId: string; token: string; link: string; expiresAt: string }[];
    expect(tokens).toHaveLength(4);
    expect(tokens[0]!.link).toContain('#token=gtp_');
    expect(tokens[0]!.expiresAt).toBe('2027-05-11T23:59:59.000Z');
    const stored = (await docsOfType<PortalTokenDoc>(server.deps.store.registry, 'portaltoken', 'registry')).filter((t) => t.tripId === res.body.tripId);
    expect(stored.map((t) => t.secretHash).sort()).toEqual(tokens.map((t) => hashTokenSecret(t.token)).sort());
    expect(JSON.stringify(stored)).not.toContain('gtp_');
    const job = await server.deps.store.registry.get(`wizardjob:${res.body.tripId}`);
    expect(JSON.stringify(job)).not.toContain('gtp_');

    const second = await org.client.get(`/trips/${res.body.tripId}/wizard/status`);
    expect(second.body.portalTokens).toBeUndefined();
    expect(second.body.portalTokensDelivered).toBe(true);
  });

  it('resumes from the failed step on retry without duplicating anyone', async () => {
    failOnce.set('*', 'rounds');
    const res = await org.client.post('/trips/wizard', wizardBody());
    const tripId = res.body.tripId as string;
    const failed = await waitForWizard(tripId);
    expect(failed.body.status).toBe('failed');
    const steps = Object.fromEntries(failed.body.steps.map((s: { name: string; status: string; error?: string }) => [s.name, s]));
    expect(steps.players.status).toBe('done');
    expect(steps.rounds.status).toBe('failed');
    expect(steps.rounds.error).toContain('injected failure in rounds');
    expect(steps.activate.status).toBe('pending');
    // While the wizard has not finished, the trip itself is not ready to read.
    expect((await org.client.get(`/trips/${tripId}`)).body.error.code).toBe('trip_not_ready');

    const retry = await org.client.post(`/trips/${tripId}/wizard/retry`);
    expect(retry.status).toBe(202);
    const done = await waitForWizard(tripId);
    expect(done.body.status).toBe('done');
    expect(done.body.attempts).toBe(2);
    expect((await org.client.get(`/trips/${tripId}/players`)).body.items).toHaveLength(4);
    expect((await org.client.get(`/trips/${tripId}/rounds`)).body.items).toHaveLength(2);
    expect((await org.client.get(`/trips/${tripId}`)).status).toBe(200);
  });

  it('does not duplicate players when a step fails after writing them', async () => {
    failOnce.set('*', 'teams');
    const res = await org.client.post('/trips/wizard', wizardBody());
    const tripId = res.body.tripId as string;
    expect((await waitForWizard(tripId)).body.status).toBe('failed');
    // Run the players step again by hand-marking it pending: its fixed ids make the rerun a no-op.
    const job = (await server.deps.store.registry.get(`wizardjob:${tripId}`))!;
    await server.deps.store.registry.put({ ...job, steps: (job.steps as { name: string; status: string }[]).map((s) => (s.name === 'players' ? { name: 'players', status: 'pending' } : s)) });
    await org.client.post(`/trips/${tripId}/wizard/retry`);
    expect((await waitForWizard(tripId)).body.status).toBe('done');
    expect((await org.client.get(`/trips/${tripId}/players`)).body.items).toHaveLength(4);
  });

  it('refuses to retry a wizard that did not fail', async () => {
    const res = await org.client.post('/trips/wizard', wizardBody({ portalTokens: undefined }));
    await waitForWizard(res.body.tripId);
    const retry = await org.client.post(`/trips/${res.body.tripId}/wizard/retry`);
    expect(retry.status).toBe(409);
    expect(retry.body.error.code).toBe('wizard_not_failed');
  });

  it.each([
    ['a player reference that does not resolve', { rounds: [{ name: 'X', date: '2027-05-02', players: ['zed'] }] }, 422, 'unknown_player'],
    ['a group of seven', { rounds: [{ name: 'X', date: '2027-05-02', groups: [['al', 'bo', 'cy', 'di', 'e1', 'e2', 'e3']] }], players: ['al', 'bo', 'cy', 'di', 'e1', 'e2', 'e3'].map((ref) => ({ ref, name: ref })), teams: [], competitions: [] }, 400, 'validation_failed'],
    ['two players with one email', { players: [{ name: 'A', email: 'x@example.com' }, { name: 'B', email: 'X@example.com' }], rounds: [], teams: [], competitions: [] }, 422, 'duplicate_player'],
    ['a competition over an unknown round', { competitions: [{ name: 'C', format: 'stableford', rounds: ['nope'] }] }, 422, 'unprocessable'],
    ['a bad handicap index', { players: [{ name: 'A', handicapIndex: 60 }], rounds: [], teams: [], competitions: [] }, 400, 'validation_failed'],
    ['a trip ending before it starts', { trip: { name: 'T', startDate: '2027-05-04', endDate: '2027-05-01', timezone: 'UTC', currency: 'USD' } }, 400, 'validation_failed'],
    ['an unknown field', { extra: 1 }, 400, 'validation_failed'],
  ])('refuses %s up front and creates nothing', async (_label, overrides, status, code) => {
    const before = (await org.client.get('/trips?limit=200')).body.total;
    const res = await org.client.post('/trips/wizard', wizardBody(overrides));
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect((await org.client.get('/trips?limit=200')).body.total).toBe(before);
  });

  it('hides the wizard status of a trip from other organizers', async () => {
    const res = await org.client.post('/trips/wizard', wizardBody({ portalTokens: undefined }));
    await waitForWizard(res.body.tripId);
    const other = await organizer(server.url, 'Other');
    expect((await other.client.get(`/trips/${res.body.tripId}/wizard/status`)).status).toBe(404);
    expect((await other.client.post(`/trips/${res.body.tripId}/wizard/retry`)).status).toBe(404);
    expect((await api(server.url).get(`/trips/${res.body.tripId}/wizard/status`)).status).toBe(401);
  });
});

describe('a wizard interrupted by a crash', () => {
  it('is marked failed at start-up at the step it was on, and finishes on retry', async () => {
    const local = await startTestServer();
    const me = await organizer(local.url);
    // The rounds step never returns: the process "dies" while it runs.
    local.deps.hooks.beforeWizardStep = (_tripId, step) => (step === 'rounds' ? new Promise<void>(() => {}) : undefined);
    const res = await me.client.post('/trips/wizard', wizardBody({ portalTokens: undefined }));
    const tripId = res.body.tripId as string;
    await waitUntil(async () => (await me.client.get(`/trips/${tripId}/wizard/status`)).body.steps.find((s: { name: string }) => s.name === 'rounds').status === 'running');
    await local.crash();

    const again = await startTestServer({ dataDir: local.dataDir });
    try {
      const client = api(again.url, me.token);
      const status = (await client.get(`/trips/${tripId}/wizard/status`)).body;
      expect(status.status).toBe('failed');
      const rounds = status.steps.find((s: { name: string }) => s.name === 'rounds');
      expect(rounds.status).toBe('failed');
      expect(rounds.error).toContain('interrupted');
      expect(status.steps.find((s: { name: string }) => s.name === 'players').status).toBe('done');

      expect((await client.post(`/trips/${tripId}/wizard/retry`)).status).toBe(202);
      await waitUntil(async () => (await client.get(`/trips/${tripId}/wizard/status`)).body.status === 'done');
      expect((await client.get(`/trips/${tripId}/rounds`)).body.items).toHaveLength(2);
      expect((await client.get(`/trips/${tripId}/players`)).body.items).toHaveLength(4);
    } finally {
      await again.close();
    }
  });
});

async function waitUntil(check: () => Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached');
}
