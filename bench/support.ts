/**
 * Helpers for the sync benchmarks: the real server in this process (no response validation, no logs), trips built
 * through the REST API, and small statistics. The pouchdb-server to compare with is test/support/processes.ts's.
 */
import { course18, organizer, tripBody } from '../test/support/client.js';
import { startTestServer, type TestServer } from '../test/support/server.js';
import { exchange } from '../test/sync/support/fault-trip.js';

/** The app as production runs it (responses not checked against their schemas), on loopback, logs off. */
export function startBenchServer(): Promise<TestServer> {
  return startTestServer({ overrides: { validateResponses: false }, config: { logLevel: 'silent' } });
}

export interface BenchTrip {
  tripId: string;
  orgToken: string;
  org: Awaited<ReturnType<typeof organizer>>;
  players: { id: string; name: string }[];
  /** Each round with its groups (player ids), all rounds ready: their scorecards exist. */
  rounds: { id: string; groups: string[][] }[];
}

/**
 * A trip with `players` players (the first an organizer-role scorer) and `rounds` ready rounds over the other
 * players in groups of `groupSize`, built through the REST API like an organizer would.
 */
export async function buildTrip(baseUrl: string, spec: { players: number; rounds: number; groupSize: number }): Promise<BenchTrip> {
  const org = await organizer(baseUrl, 'Bench Organizer');
  const tripId = (await must(org.client.post('/trips', tripBody()), 201)).id as string;
  const rows = Array.from({ length: spec.players }, (_, i) => (i === 0 ? { name: 'Scorer', role: 'organizer' } : { name: `Player ${i}` }));
  const players = (await must(org.client.post(`/trips/${tripId}/players/bulk`, { players: rows }), 201)).items as { id: string; name: string }[];
  const field = players.slice(1).map((p) => p.id);
  const groups: string[][] = [];
  for (let i = 0; i + spec.groupSize <= field.length; i += spec.groupSize) groups.push(field.slice(i, i + spec.groupSize));
  const rounds: BenchTrip['rounds'] = [];
  for (let r = 0; r < spec.rounds; r++) {
    const body = { name: `Day ${r + 1}`, date: '2027-04-11', course: course18(), defaultTee: 'White', groups: groups.map((playerIds) => ({ playerIds })) };
    const id = (await must(org.client.post(`/trips/${tripId}/rounds`, body), 201)).id as string;
    await must(org.client.patch(`/trips/${tripId}/rounds/${id}/ready`), 200);
    rounds.push({ id, groups });
  }
  return { tripId, orgToken: org.token, org, players, rounds };
}

/** A portal token for the player, exchanged for a session, as a phone does. */
export async function sessionFor(baseUrl: string, trip: BenchTrip, playerId: string): Promise<string> {
  const issued = await must(trip.org.client.post('/trip-portal/token', { tripId: trip.tripId, playerId }), 201);
  return exchange(baseUrl, issued.token as string);
}

/** Every score of every card of the trip's rounds, entered by the scorer, in card order. */
export function allScores(trip: BenchTrip) {
  const scorer = trip.players[0]!.id;
  return trip.rounds.flatMap((round) =>
    round.groups.flat().flatMap((playerId) => Array.from({ length: 18 }, (_, h) => score(round.id, playerId, h + 1, scorer, 'bench-scorer', Date.UTC(2026, 3, 11, 8) + h * 60_000))),
  );
}

async function must(res: Promise<{ status: number; body: any; text: string }>, status: number): Promise<any> {
  const r = await res;
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${r.text}`);
  return r.body;
}

/** A ScoreDoc (shared/schemas/round.ts) as a phone writes it. */
export function score(roundId: string, playerId: string, hole: number, by: string, deviceId: string, at: number) {
  const enteredAt = new Date(at).toISOString();
  const scorecardId = `${roundId}-${playerId}`;
  return {
    _id: `score:${scorecardId}:${hole}`,
    type: 'score',
    scorecardId,
    roundId,
    playerId,
    hole,
    strokes: 3 + ((hole * 7 + playerId.charCodeAt(1)) % 5),
    enteredBy: by,
    deviceId,
    enteredAt,
    history: [],
    createdAt: enteredAt,
    updatedAt: enteredAt,
  };
}

export const median = (xs: number[]) => percentile(xs, 50);

/** Nearest-rank percentile. */
export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

export const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
