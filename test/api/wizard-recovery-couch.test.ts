/**
 * Issue 33: with several app servers over one CouchDB, a server that starts (a restart, a rolling deploy) does not
 * fail the wizard jobs another server is running. Before, every server marked each job it found running "failed:
 * the server stopped during this step" at start-up, as if it were the only one: the job kept running on its server
 * while its status said failed, and a retry on the new server ran it a second time, at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverInterruptedWizards } from '../../server/wizard/wizard.runner.js';
import { api, course18, organizer, type Api } from '../support/client.js';
import { startRaceServers, type RaceSetup } from '../support/race-couch.js';

let race: RaceSetup;
let clients: Api[];
/** Lets the job's blocked step go on (also when the test fails before it does: the server waits for its job to close). */
let release: () => void = () => undefined;

beforeAll(async () => {
  race = await startRaceServers('wizard_recovery');
  const org = await organizer(race.servers[0]!.url);
  clients = race.servers.map((s) => api(s.url, org.token));
}, 60_000);

afterAll(async () => {
  release();
  await race?.close();
});

async function waitUntil(check: () => Promise<boolean>) {
  for (let i = 0; i < 400; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached');
}

describe('a wizard job running on one app server while another starts', () => {
  it('keeps running, cannot be retried meanwhile, and finishes once', { timeout: 30_000 }, async () => {
    const gate = new Promise<void>((resolve) => (release = resolve));
    race.servers[0]!.deps.hooks.beforeWizardStep = (_tripId, step) => (step === 'rounds' ? gate : undefined);
    const started = await clients[0]!.post('/trips/wizard', {
      trip: { name: 'Rolling deploy', startDate: '2027-05-01', endDate: '2027-05-04', timezone: 'America/New_York', currency: 'USD' },
      players: ['Al', 'Bo', 'Cy'].map((name) => ({ ref: name.toLowerCase(), name, handicapIndex: 10 })),
      rounds: [{ ref: 'r1', name: 'Ocean Course', date: '2027-05-02', course: course18('Ocean') }],
    });
    expect(started.status).toBe(202);
    const tripId = started.body.tripId as string;
    const status = () => clients[1]!.get(`/trips/${tripId}/wizard/status`);
    await waitUntil(async () => (await status()).body.steps.find((s: { name: string }) => s.name === 'rounds').status === 'running');

    // The second server starts (main.ts runs this before it listens).
    await recoverInterruptedWizards(race.servers[1]!.deps);
    const during = (await status()).body;
    expect(during.status).toBe('running');
    expect(during.steps.find((s: { name: string }) => s.name === 'rounds')).toMatchObject({ status: 'running' });
    const retry = await clients[1]!.post(`/trips/${tripId}/wizard/retry`);
    expect(retry.status).toBe(409);
    expect(retry.body.error.code).toBe('wizard_not_failed');

    release();
    await waitUntil(async () => (await status()).body.status === 'done');
    const done = (await status()).body;
    expect(done.attempts).toBe(1);
    const rounds = await clients[0]!.get(`/trips/${tripId}/rounds`);
    expect(rounds.status, rounds.text).toBe(200);
    expect(rounds.body.items).toHaveLength(1);
  });
});
