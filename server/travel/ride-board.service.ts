import { releaseSeats, takeSeats, type SeatHolder } from '../../shared/domain/travel/ride-board.js';
import type { AppDeps } from '../deps.js';
import { AppError, unwrap } from '../http/errors.js';
import type { Database } from '../store/docstore.js';
import { updateDoc } from '../store/docs.js';
import { isOrganizer, type Actor } from '../http/trip-routes.js';
import { checkOnTrip, getTravel, mergePatch, type StoredOffer, type StoredRequest } from './travel.store.js';

/**
 * Enough attempts for every accept of a burst to see the winner's revision: each retry follows a write that took
 * seats, and an offer has at most 8 of them.
 */
const SEAT_ATTEMPTS = 20;

/**
 * Who a seat on an offer is for: the player named (or the request's), which a player may only name for themselves
 * unless they drive the offer or organize the trip.
 */
function seatHolderId(actor: Actor, offer: StoredOffer, named: string | undefined): string {
  if (actor.kind === 'organizer') {
    if (!named) throw new AppError('validation_failed', 'invalid body at playerId: give playerId or requestId from the dashboard', [{ path: ['body', 'playerId'], message: 'required' }]);
    return named;
  }
  const self = actor.playerId;
  if (named && named !== self && !actor.organizer && offer.driverId !== self) throw new AppError('forbidden', 'a player takes or frees seats only for themselves, or as the driver of the offer');
  return named ?? self;
}

/**
 * Takes seats on an offer, for a player or for an open ride request. The seat count is checked and written in one
 * optimistic update of the offer document (`updateDoc` reads again and retries on a revision conflict), so
 * concurrent accepts never take more seats than offered: the losers get 409 `seats_full`. A request is then marked
 * matched; if another offer matched it meanwhile, the seat is given back and the accept is 409 `conflict`.
 */
export async function acceptOffer(deps: AppDeps, db: Database, actor: Actor, offerId: string, body: { playerId?: string | undefined; requestId?: string | undefined; seats?: number | undefined }): Promise<StoredOffer> {
  const offer = await getTravel<StoredOffer>(db, 'rideoffer', offerId);
  const request = body.requestId ? await getTravel<StoredRequest>(db, 'riderequest', body.requestId) : undefined;
  const playerId = seatHolderId(actor, offer, body.playerId ?? request?.playerId);
  if (request && request.playerId !== playerId) throw new AppError('unprocessable', `ride request ${request.id} is player ${request.playerId}'s, not ${playerId}'s`);
  if (request?.offerId) throw new AppError(request.offerId === offerId ? 'already_booked' : 'conflict', `ride request ${request.id} is already matched with offer ${request.offerId}`);
  await checkOnTrip(db, [{ id: playerId, path: ['playerId'] }]);
  const holder: SeatHolder = { playerId, seats: request?.seats ?? body.seats ?? 1, requestId: request?.id ?? null, at: deps.now().toISOString() };
  const updated = await updateDoc<StoredOffer>(
    db,
    offer._id,
    (d) => ({ ...d, passengers: unwrap(takeSeats(d, holder)), updatedAt: holder.at }),
    SEAT_ATTEMPTS,
  );
  if (!updated) throw new AppError('not_found', `no ride offer ${offerId} on this trip`);
  if (!request) return updated;
  try {
    const matched = await updateDoc<StoredRequest>(db, request._id, (r) => {
      if (r.offerId && r.offerId !== offerId) throw new AppError('conflict', `ride request ${r.id} was matched with offer ${r.offerId} meanwhile`);
      return { ...r, offerId, updatedAt: holder.at };
    });
    if (!matched) throw new AppError('not_found', `ride request ${request.id} was deleted meanwhile`);
    return updated;
  } catch (err) {
    await updateDoc<StoredOffer>(db, offer._id, (d) => ({ ...d, passengers: d.passengers.filter((p) => !(p.playerId === playerId && p.requestId === request.id)) }), SEAT_ATTEMPTS);
    throw err;
  }
}

/**
 * Frees a player's seats on an offer (the player themselves, the driver, or an organizer); a request the seat
 * answered is open again.
 */
export async function cancelSeat(deps: AppDeps, db: Database, actor: Actor, offerId: string, named: string | undefined): Promise<StoredOffer> {
  const offer = await getTravel<StoredOffer>(db, 'rideoffer', offerId);
  const playerId = seatHolderId(actor, offer, named);
  let released: SeatHolder | undefined;
  const now = deps.now().toISOString();
  const updated = await updateDoc<StoredOffer>(
    db,
    offer._id,
    (d) => {
      const r = unwrap(releaseSeats(d, playerId));
      released = r.released;
      return { ...d, passengers: r.passengers, updatedAt: now };
    },
    SEAT_ATTEMPTS,
  );
  if (!updated) throw new AppError('not_found', `no ride offer ${offerId} on this trip`);
  if (released?.requestId) await reopenRequests(db, offerId, [released.requestId], now);
  return updated;
}

/** Requests that were matched with `offerId` become open again. */
export async function reopenRequests(db: Database, offerId: string, requestIds: string[], now: string): Promise<void> {
  for (const id of requestIds) {
    await updateDoc<StoredRequest>(db, `riderequest:${id}`, (r) => (r.offerId === offerId ? { ...r, offerId: null, updatedAt: now } : undefined));
  }
}

/** Gives back the seats a request holds on its offer (before the request is deleted). */
export async function releaseRequestSeat(db: Database, request: StoredRequest): Promise<void> {
  if (!request.offerId) return;
  await updateDoc<StoredOffer>(
    db,
    `rideoffer:${request.offerId}`,
    (d) => (d.passengers.some((p) => p.requestId === request.id) ? { ...d, passengers: d.passengers.filter((p) => p.requestId !== request.id) } : undefined),
    SEAT_ATTEMPTS,
  );
}

/** New seat counts may not drop below the seats taken (409 `conflict`). */
export async function patchOffer(db: Database, actor: Actor, offer: StoredOffer, patch: Record<string, unknown>, now: string): Promise<StoredOffer> {
  if (!isOrganizer(actor) && !(actor.kind === 'player' && actor.playerId === offer.driverId)) throw new AppError('forbidden', 'only the driver or an organizer may change this offer');
  const updated = await updateDoc<StoredOffer>(
    db,
    offer._id,
    (d) => {
      const taken = d.passengers.reduce((n, p) => n + p.seats, 0);
      const next = { ...mergePatch(d, patch), updatedAt: now };
      if (next.seats < taken) throw new AppError('conflict', `${taken} seats are taken on this offer: it cannot offer fewer`);
      return next;
    },
    SEAT_ATTEMPTS,
  );
  if (!updated) throw new AppError('not_found', `no ride offer ${offer.id} on this trip`);
  return updated;
}
