import type { z } from 'zod';
import { carFreeSeats } from '../../shared/domain/travel/arrivals.js';
import { seatsLeft, seatsTaken } from '../../shared/domain/travel/ride-board.js';
import type {
  Accommodation,
  AccommodationDoc,
  Flight,
  FlightDoc,
  RentalCar,
  RentalCarDoc,
  RideOffer,
  RideOfferDoc,
  RideRequest,
  RideRequestDoc,
} from '../../shared/schemas/travel.js';
import type { AppDeps } from '../deps.js';
import { AppError, zodDetails } from '../http/errors.js';
import { listPlayers } from '../players/players.service.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsOfType } from '../store/docs.js';
import { newDocFields } from '../trips/trip-db.js';

type Stored<T> = T & StoredDoc;
export type StoredFlight = Stored<FlightDoc>;
export type StoredCar = Stored<RentalCarDoc>;
export type StoredAccommodation = Stored<AccommodationDoc>;
export type StoredOffer = Stored<RideOfferDoc>;
export type StoredRequest = Stored<RideRequestDoc>;

/** Document types of travel, with the word used in messages. */
export const TRAVEL_TYPES = {
  flight: 'flight',
  rentalcar: 'rental car',
  accommodation: 'accommodation',
  rideoffer: 'ride offer',
  riderequest: 'ride request',
} as const;
export type TravelType = keyof typeof TRAVEL_TYPES;

/** Every document of a travel type, oldest first. */
export async function listTravel<T extends StoredDoc & { createdAt: string; id: string }>(db: Database, type: TravelType): Promise<T[]> {
  const docs = await docsOfType<T>(db, type);
  return docs.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** One travel document, or 404 `not_found`. */
export async function getTravel<T extends StoredDoc>(db: Database, type: TravelType, id: string): Promise<T> {
  const doc = await db.get<T>(`${type}:${id}`);
  if (!doc || doc.type !== type) throw new AppError('not_found', `no ${TRAVEL_TYPES[type]} ${id} on this trip`);
  return doc;
}

/** Writes a new travel document with a fresh id. */
export async function createTravel<T extends StoredDoc>(deps: AppDeps, db: Database, type: TravelType, fields: object): Promise<T> {
  const doc = { ...newDocFields(deps, type, deps.newId()), ...fields } as unknown as T;
  const { rev } = await db.put(doc);
  return { ...doc, _rev: rev };
}

/** Removes a travel document (404 when it is not there). */
export async function deleteTravel(db: Database, type: TravelType, id: string): Promise<void> {
  const doc = await getTravel(db, type, id);
  await db.remove(doc._id, doc._rev!);
}

/** A patch applied to stored fields: `null` removes an optional field, `undefined` keeps it. */
export function mergePatch<T extends object>(current: T, patch: object): T {
  const next: Record<string, unknown> = { ...(current as Record<string, unknown>) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete next[k];
    else if (v !== undefined) next[k] = v;
  }
  return next as T;
}

/**
 * Checks merged values against the complete schema, so the cross-field rules hold after a patch as on create
 * (400 `validation_failed`, paths under `body`).
 */
export function checkMerged<S extends z.ZodType>(schema: S, values: unknown): z.output<S> {
  const r = schema.safeParse(values);
  if (r.success) return r.data;
  const details = zodDetails(r.error, ['body']);
  throw new AppError('validation_failed', `invalid body at ${details[0]!.path!.slice(1).join('.')}: ${details[0]!.message}`, details);
}

/** Refuses ids that are not players of the trip (422 `unknown_player`, one detail per id at its body path). */
export async function checkOnTrip(db: Database, refs: { id: string; path: (string | number)[] }[]): Promise<void> {
  if (refs.length === 0) return;
  const players = new Set((await listPlayers(db)).map((p) => p.id));
  const missing = refs.filter((r) => !players.has(r.id));
  if (missing.length === 0) return;
  throw new AppError(
    'unknown_player',
    `not a player of this trip: ${[...new Set(missing.map((m) => m.id))].join(', ')}`,
    missing.map((m) => ({ path: ['body', ...m.path], message: `${m.id} is not a player of this trip` })),
  );
}

/** The fields a document keeps under its REST shape: no `_id`, `_rev` or type marker (STYLE.md habit 12). */
function fieldsOf<T extends { _id: string; _rev?: string; type: string }>(doc: T): Omit<T, '_id' | '_rev' | 'type'> {
  const { _id, _rev, type, ...rest } = doc;
  return rest;
}

export const presentFlight = (tripId: string, d: StoredFlight): Flight => ({ ...fieldsOf<FlightDoc>(d), tripId });
export const presentCar = (tripId: string, d: StoredCar): RentalCar => ({ ...fieldsOf<RentalCarDoc>(d), tripId, freeSeats: carFreeSeats(d) });
export const presentAccommodation = (tripId: string, d: StoredAccommodation): Accommodation => ({ ...fieldsOf<AccommodationDoc>(d), tripId });
export const presentOffer = (tripId: string, d: StoredOffer): RideOffer => ({ ...fieldsOf<RideOfferDoc>(d), tripId, seatsTaken: seatsTaken(d), seatsLeft: seatsLeft(d) });
export const presentRequest = (tripId: string, d: StoredRequest): RideRequest => ({
  ...fieldsOf<RideRequestDoc>(d),
  tripId,
  status: d.offerId ? 'matched' : 'open',
});
