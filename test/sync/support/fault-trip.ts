/**
 * Fixtures for the sync fault tests: a real trip built through the REST API (organizer, players, a ready round
 * with its scorecards, portal tokens exchanged for sessions), a PouchDB remote that carries a portal session, and
 * valid score documents. Local LevelDB phones are pouch-clients.ts's `localClients`.
 */
import { api, course18, organizer, tripBody } from '../../support/client.js';
import { remoteDb, type Pouch } from './pouch-clients.js';

export interface TripPlayer {
  id: string;
  name: string;
  /** The player's scorecard in the trip's first round: `<roundId>-<playerId>`. */
  card: string;
}

export interface FaultTrip {
  tripId: string;
  roundId: string;
  org: Awaited<ReturnType<typeof organizer>>;
  players: TripPlayer[];
}

export interface TripPlan {
  /** Player names; `roles` marks some as organizers (a scorer's phone that may write every card). */
  names: string[];
  roles?: Record<string, 'organizer'>;
  /** Groups of the round, as indexes into `names`; players left out of every group are not in the round. */
  groups: number[][];
}

/** A trip with one ready round (scorecards exist), built through the organizer's REST API. */
export async function createTrip(baseUrl: string, plan: TripPlan): Promise<FaultTrip> {
  const org = await organizer(baseUrl);
  const trip = await org.client.post('/trips', tripBody());
  if (trip.status !== 201) throw new Error(`create trip: ${trip.status} ${trip.text}`);
  const tripId = trip.body.id as string;
  const rows = plan.names.map((name) => ({ name, ...(plan.roles?.[name] ? { role: plan.roles[name] } : {}) }));
  const added = await org.client.post(`/trips/${tripId}/players/bulk`, { players: rows });
  if (added.status !== 201) throw new Error(`add players: ${added.status} ${added.text}`);
  const items = added.body.items as { id: string; name: string }[];
  const groups = plan.groups.map((g) => ({ playerIds: g.map((i) => items[i]!.id) }));
  const round = await org.client.post(`/trips/${tripId}/rounds`, { name: 'Day 1', date: '2027-04-11', course: course18(), defaultTee: 'White', groups });
  if (round.status !== 201) throw new Error(`create round: ${round.status} ${round.text}`);
  const roundId = round.body.id as string;
  const ready = await org.client.patch(`/trips/${tripId}/rounds/${roundId}/ready`);
  if (ready.status !== 200) throw new Error(`ready: ${ready.status} ${ready.text}`);
  return { tripId, roundId, org, players: items.map((p) => ({ id: p.id, name: p.name, card: `${roundId}-${p.id}` })) };
}

/** Issues a portal token for a player (organizer) and exchanges it for a session, as a phone does. */
export async function portalSession(baseUrl: string, trip: FaultTrip, playerId: string): Promise<{ tokenId: string; token: string; session: string }> {
  const issued = await trip.org.client.post('/trip-portal/token', { tripId: trip.tripId, playerId });
  if (issued.status !== 201) throw new Error(`issue token: ${issued.status} ${issued.text}`);
  const session = await exchange(baseUrl, issued.body.token);
  return { tokenId: issued.body.id, token: issued.body.token, session };
}

/** `POST /trip-portal/validate {token}` → the session. */
export async function exchange(baseUrl: string, token: string): Promise<string> {
  const res = await api(baseUrl).post('/trip-portal/validate', { token });
  if (res.status !== 200) throw new Error(`validate: ${res.status} ${res.text}`);
  return res.body.session as string;
}

/** The trip's gateway database as an unmodified PouchDB remote, every request carrying the portal session. */
export function remoteTrip(baseUrl: string, tripId: string, session: string, onFetch?: (url: string, ms: number, body?: unknown, started?: number) => void): Pouch {
  return remoteDb(`${baseUrl}/sync/trips/${tripId}`, `Bearer ${session}`, onFetch);
}

/** A score document exactly as a phone writes it (shared/schemas/round.ts ScoreDoc). */
export function scoreDoc(trip: Pick<FaultTrip, 'roundId'>, card: { card: string; id: string }, hole: number, entry: { strokes: number; enteredBy: string; deviceId: string; enteredAt: string }) {
  return {
    _id: `score:${card.card}:${hole}`,
    type: 'score',
    scorecardId: card.card,
    roundId: trip.roundId,
    playerId: card.id,
    hole,
    ...entry,
    history: [],
    createdAt: entry.enteredAt,
    updatedAt: entry.enteredAt,
  };
}

/** 18 holes of one card, entered on one device, a minute apart from `start`. */
export function roundOfScores(trip: Pick<FaultTrip, 'roundId'>, card: { card: string; id: string }, by: string, deviceId: string, start = Date.UTC(2026, 3, 11, 8, 0)) {
  return Array.from({ length: 18 }, (_, i) =>
    scoreDoc(trip, card, i + 1, { strokes: 3 + ((i + card.id.charCodeAt(0)) % 4), enteredBy: by, deviceId, enteredAt: new Date(start + i * 60_000).toISOString() }),
  );
}

/** The replication error of a promise that must fail (PouchDB rejects with a CouchDB-shaped error). */
export async function failure(p: Promise<unknown>): Promise<{ status?: number; name?: string; message?: string; code?: string }> {
  try {
    await p;
  } catch (err) {
    return err as { status?: number; name?: string };
  }
  throw new Error('expected the replication to fail');
}
