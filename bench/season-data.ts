/**
 * A season of trips built through the REST API, shared by `npm run bench:season` (bench/season.bench.ts) and its
 * small version in `npm test` (test/sync/season.test.ts): organizer accounts (one per `tripsPerOrganizer` trips), each
 * trip with its players (bulk), rounds of four-balls, the scores of its finished rounds (one bulk entry per card),
 * a few expenses, portal links (bulk) and a TV code. Three kinds of trip: past (every round completed), upcoming
 * (every round ready, no score) and in-play candidates (the earlier rounds completed, the later ones ready), so a
 * bench can put any of the last in play. Sizes and kinds come from a seeded generator: the same spec builds the same season.
 */
import { api, course18, type Api } from '../test/support/client.js';
import { rng, strokesOf } from './tripday-devices.js';
import { must } from './tripday-setup.js';

export interface SeasonSpec {
  trips: number;
  /** Players per trip, inclusive (rounded down to whole four-balls). */
  players: [number, number];
  rounds: [number, number];
  tripsPerOrganizer: number;
  /** Share of trips that are past, and of trips that are upcoming; the rest are in-play candidates. */
  pastShare: number;
  upcomingShare: number;
  expenses: number;
  /** Trips built side by side. */
  concurrency: number;
  seed: number;
}

export interface SeasonRound {
  id: string;
  groups: string[][];
  completed: boolean;
}

export interface SeasonTrip {
  tripId: string;
  kind: 'past' | 'upcoming' | 'candidate';
  /** Index into {@link Season.organizers}. */
  organizer: number;
  code: string;
  rounds: SeasonRound[];
  /** Player id → portal token (link). */
  tokens: Record<string, string>;
  /** Player id → name (the TV's lines are by name). */
  names: Record<string, string>;
}

export interface Season {
  spec: SeasonSpec;
  organizers: { email: string; password: string }[];
  trips: SeasonTrip[];
  /** Documents the API wrote on the way (one per trip, player, round, card, score, expense, token, display): for docs/s. */
  docs: number;
  buildMs: number;
}

const PASSWORD = 'correct horse battery';

/** Builds the season on `base` (an app server or a balancer), calling `progress` after each trip. */
export async function buildSeason(base: string, spec: SeasonSpec, progress: (done: number, docs: number) => void = () => {}): Promise<Season> {
  const started = Date.now();
  const organizerCount = Math.ceil(spec.trips / spec.tripsPerOrganizer);
  const organizers: { email: string; password: string; client: Api }[] = [];
  for (let i = 0; i < organizerCount; i++) {
    const email = `season.organizer.${spec.seed}.${i}.${Date.now()}@example.com`;
    const res = await must(api(base).post('/auth/register', { email, password: PASSWORD, name: `Season Organizer ${i + 1}` }), 'register');
    organizers.push({ email, password: PASSWORD, client: api(base, res.token) });
  }
  const trips: SeasonTrip[] = new Array(spec.trips);
  let docs = 0;
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: spec.concurrency }, async () => {
      while (next < spec.trips) {
        const index = next++;
        const built = await buildSeasonTrip(organizers[index % organizerCount]!.client, spec, index);
        trips[index] = { ...built.trip, organizer: index % organizerCount };
        docs += built.docs;
        progress(++done, docs);
      }
    }),
  );
  return { spec, organizers: organizers.map(({ email, password }) => ({ email, password })), trips, docs, buildMs: Date.now() - started };
}

/** The organizers' dashboard tokens, logged in again (a season outlives a dashboard session). */
export async function organizerTokens(base: string, season: Season): Promise<string[]> {
  return Promise.all(season.organizers.map(async (o) => (await must(api(base).post('/auth/login', { email: o.email, password: o.password }), 'login')).token as string));
}

async function buildSeasonTrip(org: Api, spec: SeasonSpec, index: number): Promise<{ trip: Omit<SeasonTrip, 'organizer'>; docs: number }> {
  const random = rng(spec.seed * 100_003 + index);
  const between = ([lo, hi]: [number, number]) => lo + Math.floor(random() * (hi - lo + 1));
  const fourBalls = Math.max(1, Math.floor(between(spec.players) / 4));
  const roundCount = between(spec.rounds);
  const pick = random();
  const kind: SeasonTrip['kind'] = pick < spec.pastShare ? 'past' : pick < spec.pastShare + spec.upcomingShare ? 'upcoming' : 'candidate';
  // A candidate has one to three ready rounds left for a bench to put in play, the ones before them completed.
  const completedRounds = kind === 'past' ? roundCount : kind === 'upcoming' ? 0 : roundCount - 1 - Math.floor(random() * Math.min(3, roundCount));
  let docs = 0;
  const tripId = (await must(org.post('/trips', { name: `Season trip ${index + 1}`, startDate: '2027-04-10', endDate: '2027-04-14', timezone: 'Europe/Lisbon', currency: 'EUR' }), 'trip')).id as string;
  const rows = Array.from({ length: fourBalls * 4 }, (_, i) => ({ name: `T${index + 1} Player ${i + 1}`, handicapIndex: (i * 7 + index) % 30 }));
  const players = (await must(org.post(`/trips/${tripId}/players/bulk`, { players: rows }), 'players')).items as { id: string; name: string }[];
  docs += 1 + players.length;
  const rounds: SeasonRound[] = [];
  for (let r = 0; r < roundCount; r++) {
    // Each round its own draw: the field shifted by r so the four-balls differ from day to day.
    const field = players.map((_, i) => players[(i + r * 3) % players.length]!.id);
    const groups = Array.from({ length: fourBalls }, (_, g) => field.slice(g * 4, g * 4 + 4));
    const body = { name: `Day ${r + 1}`, date: `2027-04-${String(10 + r).padStart(2, '0')}`, course: course18(`Course ${r + 1}`), defaultTee: 'White', groups: groups.map((playerIds) => ({ playerIds })) };
    const id = (await must(org.post(`/trips/${tripId}/rounds`, body), 'round')).id as string;
    await must(org.patch(`/trips/${tripId}/rounds/${id}/ready`), 'ready');
    docs += 1 + players.length;
    const completed = r < completedRounds;
    if (completed) {
      await Promise.all(
        field.map((playerId, p) =>
          must(org.post(`/trips/${tripId}/scorecards/${id}-${playerId}/scores/bulk`, { scores: Array.from({ length: 18 }, (_, h) => ({ hole: h + 1, strokes: strokesOf(p + r, h + 1) })) }), 'scores'),
        ),
      );
      await must(org.post(`/trips/${tripId}/rounds/${id}/complete`), 'complete');
      docs += field.length * 18;
    }
    rounds.push({ id, groups, completed });
  }
  for (let e = 0; e < spec.expenses; e++) {
    const payer = players[e % players.length]!.id;
    await must(org.post(`/trips/${tripId}/expenses`, { payerId: payer, amountCents: 4_000 + e * 1_250, category: 'food', date: '2027-04-11', description: `Dinner ${e + 1}`, split: { mode: 'equal', playerIds: players.map((p) => p.id) } }), 'expense');
    docs += 1;
  }
  const playing = rounds.find((r) => !r.completed) ?? rounds.at(-1)!;
  await must(org.put(`/trips/${tripId}/display`, { panels: ['leaderboard'], leaderboard: { roundId: playing.id, basis: 'gross' } }), 'display');
  const code = (await must(org.post(`/trips/${tripId}/display/access-code`), 'display code')).code as string;
  const tokens = (await must(org.post('/trip-portal/tokens/bulk', { tripId }), 'tokens')).items as { playerId: string; token: string }[];
  docs += 2 + tokens.length;
  return {
    trip: { tripId, kind, code, rounds, tokens: Object.fromEntries(tokens.map((t) => [t.playerId, t.token])), names: Object.fromEntries(players.map((p) => [p.id, p.name])) },
    docs,
  };
}

/** A trip in play: its rounds being played now (the first `count` rounds not completed) and the groups on the course. */
export interface InPlayTrip {
  trip: SeasonTrip;
  rounds: { id: string; groups: string[][] }[];
}

/**
 * `count` candidates put in play, spread over the season (every k-th candidate); each with one round in play, two in
 * one trip of five and three in one of ten when it has them left, and at most `groupsPerRound` four-balls of each on
 * the course (the others finished or not yet out).
 */
export function chooseInPlay(season: Season, count: number, groupsPerRound: number): InPlayTrip[] {
  const candidates = season.trips.filter((t) => t.kind === 'candidate');
  if (candidates.length < count) throw new Error(`the season has ${candidates.length} trips that can be in play, ${count} asked`);
  const step = candidates.length / count;
  return Array.from({ length: count }, (_, i) => {
    const trip = candidates[Math.floor(i * step)]!;
    const open = trip.rounds.filter((r) => !r.completed);
    const wanted = i % 10 === 9 ? 3 : i % 5 === 4 ? 2 : 1;
    return { trip, rounds: open.slice(0, wanted).map((r) => ({ id: r.id, groups: r.groups.slice(0, groupsPerRound) })) };
  });
}

/** The trip whose database a CouchDB request path names (`/trip-<id>/…`), or null (the registry, `_db_updates`, …). */
export function tripOfCouchPath(path: string): string | null {
  return /^\/trip-([^/?]+)/.exec(path)?.[1] ?? null;
}
