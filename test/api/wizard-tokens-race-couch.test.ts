/**
 * Issue 33: the wizard shows the portal tokens it issued once, to the first status read after they were issued.
 * Twenty status reads at once, ten through each of two app servers over one CouchDB, show them exactly once. Before,
 * every read that found them not yet delivered removed them with a revision-checked write, and showed them when the
 * job it wrote back had another revision than the one it read: a read that lost the race found the job written by
 * the winner (a new revision too) and showed them as well.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, course18, organizer, type Api } from '../support/client.js';
import { startRaceServers, type RaceSetup } from '../support/race-couch.js';

const PER_SERVER = 10;
const ROUNDS = 3;
let race: RaceSetup;
let clients: Api[];

beforeAll(async () => {
  race = await startRaceServers('wizard_race');
  const org = await organizer(race.servers[0]!.url);
  clients = race.servers.map((s) => api(s.url, org.token));
}, 60_000);

afterAll(() => race?.close());

const wizardBody = (round: number) => ({
  trip: { name: `Race ${round}`, startDate: '2027-05-01', endDate: '2027-05-04', timezone: 'America/New_York', currency: 'USD' },
  players: ['Al', 'Bo', 'Cy'].map((name) => ({ ref: name.toLowerCase(), name, handicapIndex: 10 })),
  rounds: [{ ref: 'r1', name: 'Ocean Course', date: '2027-05-02', course: course18('Ocean') }],
  portalTokens: { issue: true },
});

describe('wizard portal tokens read through two app servers over one CouchDB', () => {
  it(`are shown to exactly one of ${2 * PER_SERVER} status reads at once`, { timeout: 60_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      // The job waits before its last step (tokens issued, not yet shown) until every read has answered.
      let issued!: () => void;
      let release!: () => void;
      const tokensIssued = new Promise<void>((resolve) => (issued = resolve));
      const gate = new Promise<void>((resolve) => (release = resolve));
      race.servers[0]!.deps.hooks.beforeWizardStep = (_tripId, step) => {
        if (step !== 'activate') return undefined;
        issued();
        return gate;
      };
      const started = await clients[0]!.post('/trips/wizard', wizardBody(round));
      expect(started.status).toBe(202);
      const tripId = started.body.tripId as string;
      await tokensIssued;
      const answers = await Promise.all(Array.from({ length: 2 * PER_SERVER }, (_, i) => clients[i % 2]!.get(`/trips/${tripId}/wizard/status`)));
      release();
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      const shown = answers.filter((a) => a.body.portalTokens !== undefined);
      expect(shown, `round ${round}: ${shown.length} reads showed the tokens`).toHaveLength(1);
      expect(shown[0]!.body.portalTokens).toHaveLength(3);
      expect(answers.every((a) => a.body.portalTokensDelivered === true)).toBe(true);
    }
  });
});
