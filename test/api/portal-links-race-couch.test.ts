/**
 * Issue 34: sending (and showing, and replacing) a player's link at once on two app servers over one CouchDB leaves
 * the player exactly one working link, and every mail sent carries it. Before, each send made its own new link and
 * revoked the links it had read before, so two sends at once left two working links (and every send broke the links
 * handed out before it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { outbox } from '../support/outbox.js';
import { startRaceServers, type RaceSetup } from '../support/race-couch.js';

const ROUNDS = 4;
const PER_SERVER = 4;

let race: RaceSetup;
let clients: Api[];
let tripId: string;

beforeAll(async () => {
  race = await startRaceServers('links_race');
  const org = await organizer(race.servers[0]!.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id as string;
  clients = race.servers.map((s) => api(s.url, org.token));
}, 60_000);

afterAll(() => race?.close());

async function addPlayer(name: string) {
  const mail = `${name.toLowerCase()}.${process.pid}.${Date.now()}@example.com`;
  const res = await clients[0]!.post(`/trips/${tripId}/players/bulk`, { players: [{ name, email: mail }] });
  expect(res.status).toBe(201);
  return { id: res.body.items[0].id as string, mail };
}

async function activeTokens(playerId: string): Promise<string[]> {
  const items = (await clients[1]!.get(`/trips/${tripId}/portal-tokens?limit=200`)).body.items as { id: string; playerId: string; status: string }[];
  return items.filter((t) => t.playerId === playerId && t.status === 'active').map((t) => t.id);
}

async function mailedTokens(mail: string): Promise<string[]> {
  const all = (await Promise.all(race.servers.map((s) => outbox(s.dataDir, mail)))).flat();
  return all.map((m) => /#token=(gtp_[A-Za-z0-9_-]{43})$/m.exec(m.text)?.[1] ?? 'none');
}

describe('a player\'s link made at once on two app servers over one CouchDB', () => {
  it(`is one working link, mailed by every one of ${2 * PER_SERVER} sends at once, in each of ${ROUNDS} rounds`, { timeout: 90_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const player = await addPlayer(`Racer${round}`);
      const answers = await Promise.all(Array.from({ length: 2 * PER_SERVER }, (_, i) => clients[i % 2]!.post(`/trips/${tripId}/portal-tokens/send`, { playerIds: [player.id] })));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      const active = await activeTokens(player.id);
      expect(active, `round ${round}`).toHaveLength(1);
      expect(new Set(answers.map((a) => a.body.sent[0]?.tokenId))).toEqual(new Set(active));
      const mailed = await mailedTokens(player.mail);
      expect(mailed).toHaveLength(2 * PER_SERVER);
      expect(new Set(mailed).size, `round ${round}`).toBe(1);
      expect((await api(race.servers[0]!.url).post('/trip-portal/validate', { token: mailed[0] })).status).toBe(200);
    }
  });

  it('is one working link after replaces and shows at once', { timeout: 90_000 }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const player = await addPlayer(`Swapper${round}`);
      const answers = await Promise.all(
        Array.from({ length: 2 * PER_SERVER }, (_, i) =>
          i % 4 < 2
            ? clients[i % 2]!.post('/trip-portal/token', { tripId, playerId: player.id, replace: true })
            : clients[i % 2]!.post(`/trips/${tripId}/portal-links/show`, { playerIds: [player.id], make: true }),
        ),
      );
      expect(answers.map((a) => a.status).every((s) => s === 200 || s === 201), JSON.stringify(answers.map((a) => a.status))).toBe(true);
      expect(await activeTokens(player.id), `round ${round}`).toHaveLength(1);
    }
  });
});
