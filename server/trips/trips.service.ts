import { addDays } from '../../shared/schemas/common.js';
import type { CreateTripBody, PatchTripBody, TripContents, TripDoc, TripSettings } from '../../shared/schemas/trip.js';
import type { AppDeps } from '../deps.js';
import type { DashboardPrincipal } from '../http/auth.js';
import { AppError } from '../http/errors.js';
import type { StoredDoc } from '../store/docstore.js';
import { docsWithPrefix, updateDoc } from '../store/docs.js';
import { insertPlayers } from '../players/players.service.js';
import { carriedCoOrganizers } from './organizers.service.js';
import { insertRounds } from '../rounds/rounds.service.js';
import { applyCopyOverrides, buildCopyTemplate, type CopyTemplate } from './copy.js';
import { forgetDisplayAccess } from '../display/display.store.js';
import { tripDocId } from './trip-db.js';
import { canOrganize, tripIndexId, type TripIndexDoc } from './trip-index.js';

type Stored<T> = T & StoredDoc;

/** The registry entry of a new trip. The wizard creates it with status `creating`. */
export function newTripIndex(
  deps: AppDeps,
  tripId: string,
  ownerId: string,
  settings: TripSettings,
  status: TripIndexDoc['status'],
  coOrganizers: TripIndexDoc['coOrganizers'] = [],
): TripIndexDoc {
  const now = deps.now().toISOString();
  return {
    _id: tripIndexId(tripId),
    type: 'tripindex',
    tripId,
    ownerId,
    coOrganizers,
    name: settings.name,
    startDate: settings.startDate,
    endDate: settings.endDate,
    timezone: settings.timezone,
    currency: settings.currency,
    ...(settings.destination ? { destination: settings.destination } : {}),
    status,
    createdAt: now,
    updatedAt: now,
  };
}

/** Writes the trip document if it is not there yet (idempotent, for the wizard's retries). */
export async function ensureTripDoc(deps: AppDeps, tripId: string, ownerId: string, settings: TripSettings, copiedFrom?: string): Promise<Stored<TripDoc>> {
  const db = deps.store.trip(tripId);
  const existing = await db.get<Stored<TripDoc>>(tripDocId(tripId));
  if (existing) return existing;
  const now = deps.now().toISOString();
  const doc: Stored<TripDoc> = {
    _id: tripDocId(tripId),
    type: 'trip',
    id: tripId,
    ...settings,
    ownerId,
    ...(copiedFrom ? { copiedFrom } : {}),
    createdAt: now,
    updatedAt: now,
  };
  const { rev } = await db.put(doc);
  return { ...doc, _rev: rev };
}

/**
 * Creates a trip: its registry entry, its database with design documents, and its trip document; with
 * `copyFromTripId`, also the copied players, teams and round templates. If any step fails, what was created is
 * removed again so that no half trip is left behind.
 */
export async function createTrip(deps: AppDeps, who: DashboardPrincipal, body: CreateTripBody): Promise<Stored<TripDoc>> {
  let copied: { template: CopyTemplate; source: TripIndexDoc } | undefined;
  if (body.copyFromTripId) copied = await copyTemplateFor(deps, who, body.copyFromTripId);
  const template = copied?.template;
  const settings: TripSettings = template ? applyCopyOverrides(template, body) : settingsOf(body);
  const tripId = deps.newId();
  const coOrganizers = copied ? carriedCoOrganizers(copied.source, who.sub, deps.now()) : [];
  await deps.store.registry.put(newTripIndex(deps, tripId, who.sub, settings, 'creating', coOrganizers));
  try {
    await deps.store.createTrip(tripId);
    const trip = await ensureTripDoc(deps, tripId, who.sub, settings, body.copyFromTripId);
    if (template) await writeCopiedContent(deps, tripId, settings, template, body.include);
    await updateDoc<TripIndexDoc>(deps.store.registry, tripIndexId(tripId), (d) => ({ ...d, status: 'active', updatedAt: deps.now().toISOString() }));
    return trip;
  } catch (err) {
    await removeTrip(deps, tripId).catch((cleanupErr) => deps.logger.error('could not clean up a failed trip', { tripId, err: String(cleanupErr) }));
    throw err;
  }
}

/** The trip's own settings from a body without a copy source: the copy options (`include`) are not stored. */
function settingsOf(body: CreateTripBody): TripSettings {
  const { copyFromTripId: _source, include: _include, ...settings } = body;
  return settings as TripSettings;
}

async function copyTemplateFor(deps: AppDeps, who: DashboardPrincipal, sourceId: string): Promise<{ template: CopyTemplate; source: TripIndexDoc }> {
  const index = await deps.store.registry.get<TripIndexDoc>(tripIndexId(sourceId));
  if (!index || index.status !== 'active' || !canOrganize(index, who)) {
    throw new AppError('copy_source_not_found', `no trip ${sourceId} that you organize to copy from`, [{ path: ['body', 'copyFromTripId'], message: 'unknown trip' }]);
  }
  return { template: await buildCopyTemplate(deps.store.trip(sourceId), sourceId), source: index };
}

async function writeCopiedContent(
  deps: AppDeps,
  tripId: string,
  settings: TripSettings,
  template: CopyTemplate,
  include: CreateTripBody['include'],
): Promise<void> {
  const db = deps.store.trip(tripId);
  const withPlayers = include?.players ?? true;
  const withTeams = include?.teams ?? true;
  if (withPlayers) {
    await insertPlayers(
      deps,
      db,
      template.players.map(({ team, ...p }) => (withTeams && team ? { ...p, team } : p)),
    );
  }
  if (include?.rounds ?? true) {
    await insertRounds(
      deps,
      db,
      template.rounds.map((r) => ({ ...r.round, date: addDays(settings.startDate, r.dayOffset), playerIds: [], groups: [], playerTees: {} })),
    );
  }
}

export async function patchTrip(deps: AppDeps, index: TripIndexDoc, patch: PatchTripBody): Promise<Stored<TripDoc>> {
  const db = deps.store.trip(index.tripId);
  const updated = await updateDoc<Stored<TripDoc>>(db, tripDocId(index.tripId), (doc) => {
    const next: Record<string, unknown> = { ...doc, updatedAt: deps.now().toISOString() };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete next[k];
      else next[k] = v;
    }
    const t = next as Stored<TripDoc>;
    // A patch of one date is checked against the other, stored one; throwing here writes nothing.
    if (t.endDate < t.startDate) {
      throw new AppError('validation_failed', 'endDate must not be before startDate', [
        { path: ['body', patch.endDate ? 'endDate' : 'startDate'], message: `the trip would run from ${t.startDate} to ${t.endDate}` },
      ]);
    }
    return t;
  });
  if (!updated) throw new AppError('trip_not_found', `no trip ${index.tripId}`);
  await updateDoc<TripIndexDoc>(deps.store.registry, tripIndexId(index.tripId), (d) => {
    const next: Record<string, unknown> = { ...d, name: updated.name, startDate: updated.startDate, endDate: updated.endDate, timezone: updated.timezone, currency: updated.currency, updatedAt: deps.now().toISOString() };
    if (updated.destination) next.destination = updated.destination;
    else delete next.destination;
    return next as TripIndexDoc;
  });
  return updated;
}

/**
 * Deletes a trip: marks its index entry as deleting (so it answers 404 at once), deletes its files (receipts and
 * reports) from the BlobStore and its display access code from the registry, destroys the database, then removes the entry. A failure half way leaves the entry
 * marked, and a repeated DELETE finishes the work.
 */
export async function removeTrip(deps: AppDeps, tripId: string): Promise<void> {
  await updateDoc<TripIndexDoc>(deps.store.registry, tripIndexId(tripId), (d) => ({ ...d, status: 'deleting', updatedAt: deps.now().toISOString() }));
  if (await deps.store.tripExists(tripId)) {
    const db = deps.store.trip(tripId);
    const withFiles = [...(await docsWithPrefix<StoredDoc & { blobKey?: unknown }>(db, 'receipt:')), ...(await docsWithPrefix<StoredDoc & { blobKey?: unknown }>(db, 'report:'))];
    for (const doc of withFiles) if (typeof doc.blobKey === 'string') await deps.blobs.delete(doc.blobKey);
  }
  await forgetDisplayAccess(deps, tripId);
  await deps.store.destroyTrip(tripId);
  const index = await deps.store.registry.get(tripIndexId(tripId));
  if (index) await deps.store.registry.remove(index._id, index._rev!);
}


/** Which document types each count of {@link TripContents} adds up (every id is `<type>:<id>`). */
const CONTENT_TYPES: Record<Exclude<keyof TripContents, 'coOrganizers'>, string[]> = {
  players: ['player'],
  rounds: ['round'],
  scores: ['score'],
  expenses: ['expense'],
  receipts: ['receipt'],
  settlements: ['settlement'],
  wagers: ['wager'],
  reports: ['report'],
  activities: ['activity'],
  competitions: ['competition'],
  travel: ['flight', 'rentalcar', 'accommodation'],
};

/**
 * How many records of each kind the trip holds, for a confirmation that names what deleting it loses. Counted
 * from ranges of the primary index without reading the documents.
 */
export async function tripContents(deps: AppDeps, index: TripIndexDoc): Promise<TripContents> {
  const db = deps.store.trip(index.tripId);
  const countOf = async (type: string) => (await db.allDocs({ startKey: `${type}:`, endKey: `${type}:\ufff0` })).rows.length;
  const entries = await Promise.all(
    Object.entries(CONTENT_TYPES).map(async ([key, types]) => [key, (await Promise.all(types.map(countOf))).reduce((a, b) => a + b, 0)] as const),
  );
  return { ...(Object.fromEntries(entries) as Omit<TripContents, 'coOrganizers'>), coOrganizers: (index.coOrganizers ?? []).length };
}
