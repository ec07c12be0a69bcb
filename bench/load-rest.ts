/**
 * Phase 1 of `npm run bench:load`: 200 readers and 50 score writers on one trip for 10 s, every request over real
 * HTTP to the server process, then a check that every acknowledged write is readable through REST.
 *
 * The trip: 144 players in 36 groups of 4 (a full two-tee field) plus the organizer-role scorer, two ready rounds
 * on an 18-hole course, its display public (a TV in the bar polls it).
 * Writers: 36 group scorers, each entering their own group's four cards of round 1 through the portal
 * (`PUT /trip-portal/scorecards/:id/scores`), and 14 organizers at the dashboard correcting round 2's cards
 * (`PUT /trips/:tripId/scorecards/:id/scores/:hole`), each writer on cards of its own so the final value of every
 * hole is known. Each writer sends its next score as soon as the last one is answered; every write changes the hole.
 * Readers, each repeating one kind of read at once after the last (out of every 20 readers):
 *   6 the round leaderboard (portal), 2 the multi-round leaderboard of both rounds (portal),
 *   4 the public display payload (TV), 5 a scorecard of their group (portal), 3 the trip overview (portal).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { closeLightClient, lightRequest } from './load-http.js';
import { exchange } from '../test/sync/support/fault-trip.js';
import { buildTrip, fmt, percentile, type BenchTrip } from './support.js';

export const READERS = 200;
export const WRITERS = 50;
export const DURATION_MS = 10_000;
const PORTAL_WRITERS = 36;

export const READ_MIX = [
  ['round leaderboard', 6],
  ['multi-round leaderboard', 2],
  ['display payload', 4],
  ['scorecard', 5],
  ['trip overview', 3],
] as const;
export type ReadKind = (typeof READ_MIX)[number][0];
const WRITE_KINDS = ['portal score write', 'organizer score write'] as const;
type Kind = ReadKind | (typeof WRITE_KINDS)[number];

export interface LoadTrip {
  trip: BenchTrip;
  /** Portal session of every player but the scorer, by player id. */
  sessions: Map<string, string>;
}

export async function buildLoadTrip(baseUrl: string): Promise<LoadTrip> {
  const trip = await buildTrip(baseUrl, { players: 145, rounds: 2, groupSize: 4 });
  const org = trip.org.client;
  const display = await org.put(`/trips/${trip.tripId}/display`, { public: true, leaderboard: { roundId: trip.rounds[0]!.id, basis: 'net' } });
  if (display.status !== 200) throw new Error(`display: ${display.status} ${display.text}`);
  const issued = await org.post('/trip-portal/tokens/bulk', { tripId: trip.tripId, playerIds: trip.players.slice(1).map((p) => p.id) });
  if (issued.status !== 201) throw new Error(`tokens: ${issued.status} ${issued.text}`);
  const sessions = new Map<string, string>();
  for (const t of issued.body.items as { playerId: string; token: string }[]) sessions.set(t.playerId, await exchange(baseUrl, t.token));
  return { trip, sessions };
}

interface Slot {
  write: (strokes: number) => Promise<{ status: number }>;
  card: string;
  hole: number;
  /** Strokes of every write answered 2xx, in order. */
  acked: number[];
  /** Strokes of the writes answered otherwise or not at all (they may or may not have landed). */
  unsure: number[];
}

export interface Stat {
  ms: number[];
  errors: Map<string, number>;
}

export interface LoadResult {
  stats: Map<Kind, Stat>;
  writes: number;
  lost: string[];
  wallMs: number;
  /** CPU time the server process used during the 10 s (user + system), when known. */
  serverCpuMs?: number;
  /** CPU time this (load generator) process used meanwhile, ms, and the p95 of its own event loop delay, ms. */
  clientCpuMs: number;
  clientLagP95Ms: number;
  /** How the run went second by second, to tell a stall of every writer from a few slow ones. */
  timeline: Timeline;
}

export interface Timeline {
  /** Writes and reads answered in each second of the run. */
  writesPerSecond: number[];
  readsPerSecond: number[];
  /** The longest time in which no write at all was answered, ms. */
  longestWriteGapMs: number;
  /** Writers of which some write took over 2 s. */
  writersOver2s: number;
}

/** One run: readers and writers for DURATION_MS, then the check that nothing acknowledged was lost. */
export async function runLoad(baseUrl: string, load: LoadTrip, cpuMs?: () => Promise<number>): Promise<LoadResult> {
  const { trip, sessions } = load;
  const stats = new Map<Kind, Stat>();
  const stat = (k: Kind) => stats.get(k) ?? (stats.set(k, { ms: [], errors: new Map() }).get(k)!);
  const [round1, round2] = trip.rounds;

  // Writers and their slots (card × hole), each slot written by one writer only.
  const writers: { kind: Kind; slots: Slot[] }[] = [];
  for (let g = 0; g < PORTAL_WRITERS; g++) {
    const group = round1!.groups[g]!;
    const token = sessions.get(group[0]!)!;
    const slots = group.flatMap((playerId) =>
      Array.from({ length: 18 }, (_, h): Slot => {
        const card = cardOf(round1!.id, playerId);
        return { card, hole: h + 1, acked: [], unsure: [], write: (strokes) => lightRequest(baseUrl, 'PUT', `/trip-portal/scorecards/${card}/scores`, { token, body: { hole: h + 1, strokes, deviceId: `load-${g}` } }) };
      }),
    );
    writers.push({ kind: 'portal score write', slots });
  }
  const organizerCards = round2!.groups.flat();
  for (let w = 0; w < WRITERS - PORTAL_WRITERS; w++) {
    const token = trip.orgToken;
    const slots = organizerCards
      .filter((_, i) => i % (WRITERS - PORTAL_WRITERS) === w)
      .flatMap((playerId) =>
        Array.from({ length: 18 }, (_, h): Slot => {
          const card = cardOf(round2!.id, playerId);
          return { card, hole: h + 1, acked: [], unsure: [], write: (strokes) => lightRequest(baseUrl, 'PUT', `/trips/${trip.tripId}/scorecards/${card}/scores/${h + 1}`, { token, body: { strokes } }) };
        }),
      );
    writers.push({ kind: 'organizer score write', slots });
  }

  // Readers: kind by index, each with the session of a player of the field (every group in turn).
  const kinds: ReadKind[] = READ_MIX.flatMap(([k, n]) => Array<ReadKind>(n).fill(k));
  const readers = Array.from({ length: READERS }, (_, i) => {
    const kind = kinds[i % kinds.length]!;
    return { kind, call: readCall(baseUrl, load, kind, i) };
  });

  // When each read and write was answered (ms from the start), and which writers had a write over 2 s.
  const readsAt: number[] = [];
  const writesAt: number[] = [];
  const slowWriters = new Set<number>();
  let started = 0;
  const timed = async (kind: Kind, call: () => Promise<{ status: number }>, writer?: number): Promise<boolean> => {
    const s = stat(kind);
    const asked = performance.now();
    try {
      const res = await call();
      const answered = performance.now();
      s.ms.push(answered - asked);
      (writer === undefined ? readsAt : writesAt).push(answered - started);
      if (writer !== undefined && answered - asked > 2_000) slowWriters.add(writer);
      if (res.status >= 200 && res.status < 300) return true;
      s.errors.set(String(res.status), (s.errors.get(String(res.status)) ?? 0) + 1);
    } catch (err) {
      const key = (err as { cause?: { code?: string } }).cause?.code ?? String(err);
      s.errors.set(key, (s.errors.get(key) ?? 0) + 1);
    }
    return false;
  };

  let writes = 0;
  const cpuBefore = await cpuMs?.();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const clientCpu = process.cpuUsage();
  started = performance.now();
  const end = started + DURATION_MS;
  await Promise.all([
    ...readers.map(async (r) => {
      while (performance.now() < end) await timed(r.kind, r.call);
    }),
    ...writers.map(async (w, wi) => {
      for (let n = 0; performance.now() < end; n++) {
        const slot = w.slots[n % w.slots.length]!;
        // Each pass over the slots shifts the value, so every write changes its hole.
        const strokes = 1 + ((n + Math.floor(n / w.slots.length) + wi) % 12);
        writes += 1;
        let status = 0;
        const ok = await timed(
          w.kind,
          async () => {
            const res = await slot.write(strokes);
            status = res.status;
            return res;
          },
          wi,
        );
        (ok && status === 200 ? slot.acked : slot.unsure).push(strokes);
      }
    }),
  ]);
  const wallMs = performance.now() - started;
  lag.disable();
  closeLightClient();
  const used = process.cpuUsage(clientCpu);
  const clientCpuMs = (used.user + used.system) / 1000;
  const clientLagP95Ms = lag.percentile(95) / 1e6;
  const cpuAfter = await cpuMs?.();
  const serverCpuMs = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : undefined;
  const perSecond = (at: number[]) => Array.from({ length: Math.ceil(wallMs / 1000) }, (_, i) => at.filter((t) => t >= i * 1000 && t < (i + 1) * 1000).length);
  const sorted = [0, ...writesAt.sort((a, b) => a - b), wallMs];
  const timeline: Timeline = {
    writesPerSecond: perSecond(writesAt),
    readsPerSecond: perSecond(readsAt),
    longestWriteGapMs: Math.max(...sorted.slice(1).map((t, i) => t - sorted[i]!)),
    writersOver2s: slowWriters.size,
  };
  return { stats, writes, lost: await lostWrites(trip, writers.flatMap((w) => w.slots)), wallMs, clientCpuMs, clientLagP95Ms, timeline, ...(serverCpuMs !== undefined ? { serverCpuMs } : {}) };
}

/** A player's scorecard id in a round (server/scores: `<roundId>-<playerId>`). */
const cardOf = (roundId: string, playerId: string) => `${roundId}-${playerId}`;

/**
 * Reader `i`'s request of one kind of read, as a phone or the TV sends it: with the session of a player of the field
 * (every group in turn), the TV without one. A 2xx must carry a body (status 0 otherwise).
 */
export function readCall(baseUrl: string, load: LoadTrip, kind: ReadKind, i: number): () => Promise<{ status: number }> {
  const { trip, sessions } = load;
  const [round1, round2] = trip.rounds;
  const field = trip.players.slice(1);
  const me = field[(i * 7) % field.length]!;
  const token = sessions.get(me.id)!;
  const path = {
    'round leaderboard': `/trip-portal/trips/${trip.tripId}/leaderboards/rounds/${round1!.id}?basis=net`,
    'multi-round leaderboard': `/trip-portal/trips/${trip.tripId}/leaderboards/multi-round?roundIds=${round1!.id},${round2!.id}`,
    'display payload': `/display/trips/${trip.tripId}`,
    scorecard: `/trip-portal/scorecards/${cardOf(round1!.id, me.id)}/scores`,
    'trip overview': `/trip-portal/trips/${trip.tripId}`,
  }[kind];
  return () => lightRequest(baseUrl, 'GET', path, kind === 'display payload' ? {} : { token }).then((r) => ({ status: r.status >= 200 && r.status < 300 && r.bytes === 0 ? 0 : r.status }));
}

/**
 * Every acknowledged write must be readable: each hole's history then current value (the organizer's REST read)
 * must hold the acknowledged values in the order they were acknowledged, and end with the last one, unless a later
 * write that got no answer may have landed after it.
 */
async function lostWrites(trip: BenchTrip, slots: Slot[]): Promise<string[]> {
  const lost: string[] = [];
  const byCard = new Map<string, Slot[]>();
  for (const s of slots) if (s.acked.length || s.unsure.length) byCard.set(s.card, [...(byCard.get(s.card) ?? []), s]);
  for (const [card, cardSlots] of byCard) {
    const res = await trip.org.client.get(`/trips/${trip.tripId}/scorecards/${card}/scores`);
    if (res.status !== 200) throw new Error(`verify ${card}: ${res.status} ${res.text}`);
    const items = new Map((res.body.items as { hole: number; strokes: number | null; history: { strokes: number | null }[] }[]).map((i) => [i.hole, i]));
    for (const s of cardSlots) {
      const item = items.get(s.hole);
      const values = item ? [...item.history.map((h) => h.strokes), item.strokes] : [];
      let at = 0;
      for (const v of s.acked) {
        const found = values.indexOf(v, at);
        if (found < 0) {
          lost.push(`${card} hole ${s.hole}: acknowledged ${v} not found in ${JSON.stringify(values)}`);
          break;
        }
        at = found + 1;
      }
      const last = s.acked.at(-1);
      if (last !== undefined && s.unsure.length === 0 && item?.strokes !== last) lost.push(`${card} hole ${s.hole}: shows ${item?.strokes}, last acknowledged ${last}`);
    }
  }
  return lost;
}

export const KINDS: Kind[] = [...READ_MIX.map(([k]) => k), ...WRITE_KINDS];

/** All reads, all writes, then each kind: requests, p50, p95, p99, errors. */
export function summarize(r: LoadResult): { reads: number[]; writes: number[]; rows: [string, Stat][] } {
  const reads = READ_MIX.flatMap(([k]) => r.stats.get(k)?.ms ?? []);
  const writes = WRITE_KINDS.flatMap((k) => r.stats.get(k)?.ms ?? []);
  return { reads, writes, rows: KINDS.map((k) => [k, r.stats.get(k) ?? { ms: [], errors: new Map() }]) };
}

export const errorsOf = (r: LoadResult, kinds: readonly Kind[] = KINDS) => kinds.reduce((n, k) => n + [...(r.stats.get(k)?.errors.values() ?? [])].reduce((a, b) => a + b, 0), 0);
export const readErrors = (r: LoadResult) => errorsOf(r, READ_MIX.map(([k]) => k));
export const writeErrors = (r: LoadResult) => errorsOf(r, WRITE_KINDS);

export const pct = (xs: number[]) => `${fmt(percentile(xs, 50)).padStart(5)} ${fmt(percentile(xs, 95)).padStart(5)} ${fmt(percentile(xs, 99)).padStart(5)}`;
