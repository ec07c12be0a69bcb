import { buildDisplayPayload, featuredRound, teeSheetRound, type SkinsInput } from '../../shared/domain/display/index.js';
import type { DisplayConfig, DisplayPayload, DisplaySettings } from '../../shared/schemas/display.js';
import type { RoundLeaderboard } from '../../shared/schemas/leaderboards.js';
import type { AppDeps } from '../deps.js';
import { listSideGames, withState } from '../games/sidegames.service.js';
import { AppError } from '../http/errors.js';
import { roundBoard } from '../leaderboards/leaderboards.service.js';
import { listPlayers } from '../players/players.service.js';
import { listRounds } from '../rounds/rounds.service.js';
import { deepFreeze, oncePerSeq } from '../store/by-seq.js';
import type { Database } from '../store/docstore.js';
import { readCached } from '../store/read-cache.js';
import { loadTripDoc } from '../trips/trip-db.js';
import { tripIndexId, type TripIndexDoc } from '../trips/trip-index.js';
import { readAccess, readConfigDoc, settingsOf, tripOfCode, writeConfigDoc } from './display.store.js';

/**
 * The display manager (issue 8): the organizer's configuration, and the aggregated payload a TV polls, built from
 * the leaderboard and side game services and shaped by `shared/domain/display` (the privacy boundary).
 */

export const publicTripPath = (tripId: string) => `/display/trips/${tripId}`;
export const publicCodePath = (code: string) => `/display/codes/${code}`;

/** `GET·PUT /trips/:tripId/display`: the settings, where the public view is, and whether an access code is active. */
export async function presentConfig(deps: AppDeps, tripId: string, db: Database, base: string): Promise<DisplayConfig> {
  const [doc, access] = await Promise.all([readConfigDoc(db), readAccess(deps, tripId)]);
  const settings = settingsOf(doc);
  return {
    tripId,
    ...settings,
    publicUrl: settings.public ? base + publicTripPath(tripId) : null,
    accessCode: { active: !!access?.codeHash, createdAt: access?.codeHash ? access.codeCreatedAt : null },
    updatedAt: doc?.updatedAt ?? null,
  };
}

/** Saves the whole configuration. A chosen round must be one of the trip's (422 `unprocessable` naming the field). */
export async function saveConfig(deps: AppDeps, tripId: string, db: Database, settings: DisplaySettings, base: string): Promise<DisplayConfig> {
  const roundId = settings.leaderboard.roundId;
  if (roundId && !(await listRounds(db)).some((r) => r.id === roundId)) {
    throw new AppError('unprocessable', `no round ${roundId} on this trip`, [{ path: ['body', 'leaderboard', 'roundId'], message: 'not a round of this trip', roundId }]);
  }
  await writeConfigDoc(deps, db, settings);
  return presentConfig(deps, tripId, db, base);
}

/** A panel's data that cannot be computed (e.g. a round without a course) shows as empty rather than failing the TV. */
async function orNull<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}

/**
 * The aggregated payload of a trip whose index entry the caller may read. Everything it shows is in the trip's
 * database, so it is built once per state of that database and shared, frozen, by every TV and preview that asks
 * meanwhile (`oncePerSeq`: never older than a write acknowledged before the request, or on CouchDB before the feed
 * of database updates could tell this server, see `StateOptions.lagging`); `publicReply` serializes and
 * hashes each shared payload once.
 */
export async function displayPayload(deps: AppDeps, index: TripIndexDoc): Promise<DisplayPayload> {
  // The index entry's status is checked for each request (it is not in the trip's database).
  if (index.status === 'creating') await loadTripDoc(deps, index);
  const db = deps.store.trip(index.tripId);
  // A TV may lag by the store's delay in learning of another server's writes (about a second; the TV polls every few):
  // where this server keeps a copy of the trip, a poll of a trip nobody wrote since asks CouchDB nothing.
  const state = db.state ? await db.state({ lagging: true }) : (await db.info()).updateSeq;
  return oncePerSeq(db, 'display-payload', async (seq) => deepFreeze(await buildPayload(deps, index, seq)), state);
}

async function buildPayload(deps: AppDeps, index: TripIndexDoc, seq: string | number): Promise<DisplayPayload> {
  // Everything read as of the state the payload is for: from the trip's copy where this server keeps one.
  const { db, trip } = await loadTripDoc(deps, index, { read: 'state', at: seq });
  const [doc, rounds, players] = await Promise.all([readConfigDoc(db, seq), listRounds(db, seq), listPlayers(db, seq)]);
  const settings = settingsOf(doc);
  const panels = new Set(settings.panels);
  const featured = featuredRound(rounds, settings.leaderboard.roundId);
  const teeSheet = teeSheetRound(rounds, settings.leaderboard.roundId);

  let board: RoundLeaderboard | null = null;
  if (featured && panels.has('leaderboard')) {
    board = await orNull(roundBoard(db, featured.id, { basis: settings.leaderboard.basis ?? undefined }, seq));
  }
  const skins: SkinsInput[] = [];
  if (featured && panels.has('skins')) {
    const cache = new Map();
    for (const game of await listSideGames(db, featured.id)) {
      if (game.kind !== 'skins') continue;
      const result = await orNull(withState(db, trip.id, game, cache));
      if (result && result.state.kind === 'skins') skins.push({ game: { name: result.game.name, basis: result.game.basis }, state: result.state });
    }
  }
  return buildDisplayPayload({
    trip,
    settings,
    rounds,
    players,
    featuredRoundId: featured?.id ?? null,
    board,
    skins,
    teeSheetRoundId: teeSheet?.id ?? null,
  });
}

/**
 * The public view by trip: only while the trip's display is public. An unknown trip, one being created or deleted,
 * and one whose display is private answer the same 404, so the view does not reveal which trips exist.
 */
export async function publicTripPayload(deps: AppDeps, tripId: string): Promise<DisplayPayload> {
  const hidden = () => new AppError('trip_not_found', 'no public display for this trip');
  // Read on every TV poll: kept while used, as the organizer's access check keeps it (read-cache.ts).
  const index = await readCached<TripIndexDoc>(deps.store, deps.store.registry, tripIndexId(tripId));
  if (index?.type !== 'tripindex' || index.status !== 'active') throw hidden();
  const doc = await readConfigDoc(deps.store.trip(tripId));
  if (!doc?.public) throw hidden();
  return displayPayload(deps, index);
}

/** The public view by access code: 404 for a code that is unknown, regenerated or revoked, or whose trip is gone. */
export async function codePayload(deps: AppDeps, code: string): Promise<DisplayPayload> {
  const hidden = () => new AppError('not_found', 'no display for this access code');
  const tripId = await tripOfCode(deps, code);
  if (!tripId) throw hidden();
  // Read on every TV poll: kept while used, as the organizer's access check keeps it (read-cache.ts).
  const index = await readCached<TripIndexDoc>(deps.store, deps.store.registry, tripIndexId(tripId));
  if (index?.type !== 'tripindex' || index.status !== 'active') throw hidden();
  return displayPayload(deps, index);
}
