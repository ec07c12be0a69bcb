import { api, course18, organizer, tripBody, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

/**
 * A trip for the game suites: an organizer, players (with handicap indexes and teams as given), a ready round on
 * `course18()` (White tee 71.2/128, par 72) and a portal session per player.
 */
export interface GamesTrip {
  server: TestServer;
  org: Awaited<ReturnType<typeof organizer>>;
  tripId: string;
  /** Player ids by name. */
  id: Record<string, string>;
  portal: Record<string, Api>;
  /** Creates a round with groups of player names; ready unless `ready: false`. */
  round(groups: string[][], options?: { ready?: boolean; name?: string }): Promise<string>;
  /** Scores entered by each player on their own card through the portal: { Al: [4, 5, …] } from hole `from` on. */
  scores(roundId: string, byName: Record<string, number[]>, from?: number): Promise<void>;
}

export async function gamesTrip(players: { name: string; handicapIndex?: number; team?: string }[]): Promise<GamesTrip> {
  const server = await startTestServer();
  const org = await organizer(server.url);
  const tripId = (await org.client.post('/trips', tripBody())).body.id as string;
  const added = await org.client.post(`/trips/${tripId}/players/bulk`, { players });
  if (added.status !== 201) throw new Error(`players: ${added.status} ${added.text}`);
  const id: Record<string, string> = {};
  for (const p of added.body.items as { id: string; name: string }[]) id[p.name] = p.id;
  const tokens = (await org.client.post('/trip-portal/tokens/bulk', { tripId })).body.items as { playerId: string; token: string }[];
  const portal: Record<string, Api> = {};
  const nameOf = new Map(Object.entries(id).map(([n, i]) => [i, n]));
  for (const t of tokens) {
    const session = (await api(server.url).post('/trip-portal/validate', { token: t.token })).body.session as string;
    portal[nameOf.get(t.playerId)!] = api(server.url, session);
  }
  let count = 0;
  return {
    server,
    org,
    tripId,
    id,
    portal,
    async round(groups, options = {}) {
      count += 1;
      const body = { name: options.name ?? `Day ${count}`, date: '2027-04-11', course: course18(), defaultTee: 'White', groups: groups.map((g) => ({ playerIds: g.map((n) => id[n]) })) };
      const res = await org.client.post(`/trips/${tripId}/rounds`, body);
      if (res.status !== 201) throw new Error(`round: ${res.status} ${res.text}`);
      if (options.ready !== false) {
        const ready = await org.client.patch(`/trips/${tripId}/rounds/${res.body.id}/ready`);
        if (ready.status !== 200) throw new Error(`ready: ${ready.status} ${ready.text}`);
      }
      return res.body.id as string;
    },
    async scores(roundId, byName, from = 1) {
      for (const [name, strokes] of Object.entries(byName)) {
        const res = await portal[name]!.post(`/trip-portal/scorecards/${roundId}-${id[name]}/scores/bulk`, { scores: strokes.map((s, i) => ({ hole: from + i, strokes: s })) });
        if (res.status !== 200) throw new Error(`scores of ${name}: ${res.status} ${res.text}`);
      }
    },
  };
}
