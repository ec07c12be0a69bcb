import { matchRides } from '../../shared/domain/travel/ride-board.js';
import {
  AcceptOfferBody,
  CancelSeatBody,
  OfferParams,
  PatchRideOfferBody,
  PatchRideRequestBody,
  RequestParams,
  RideBoard,
  RideOffer,
  RideOfferInput,
  RideRequest,
  RideRequestInput,
  RideRequestValues,
} from '../../shared/schemas/travel.js';
import { TripIdParams } from '../../shared/schemas/trip.js';
import { AppError } from '../http/errors.js';
import type { RouteSpec } from '../http/route.js';
import { updateDoc } from '../store/docs.js';
import { acceptOffer, cancelSeat, patchOffer, releaseRequestSeat, reopenRequests } from './ride-board.service.js';
import { actingFor, mustOwn, tripRoutePairs } from '../http/trip-routes.js';
import { checkMerged, checkOnTrip, createTravel, deleteTravel, getTravel, listTravel, mergePatch, presentOffer, presentRequest, type StoredOffer, type StoredRequest } from './travel.store.js';

const travelRoutePair = tripRoutePairs(['Travel']);

const BOARD =
  'The ride board is for drivable trips and needs no flight: drivers offer seats (origin, destination, local ' +
  'departure time in the trip\'s time zone), players ask for seats in a departure window. A request matches an offer ' +
  'from the same place to the same place (case, accents and punctuation ignored, or one name containing the other), ' +
  'leaving inside its window, with enough seats left.';
const SEATS =
  'Seats are never overbooked: the passengers are kept inside the offer document and every accept checks and writes ' +
  'them in one optimistic update, so of concurrent accepts for the last seats exactly as many succeed as there are ' +
  'seats; the others get 409 `seats_full`.';

export const rideBoardRoutes: RouteSpec[] = [
  ...travelRoutePair({
    method: 'get',
    path: 'ride-board',
    summary: 'The ride board: offers, requests and their matches',
    description: `${BOARD} Offers by departure time with \`seatsLeft\`; requests by earliest departure; for each open request the offers that fit it, earliest first.`,
    params: TripIdParams,
    responses: { 200: { description: 'The ride board', schema: RideBoard } },
    handler: async ({ db, tripId }) => {
      const [offers, requests] = await Promise.all([listTravel<StoredOffer>(db, 'rideoffer'), listTravel<StoredRequest>(db, 'riderequest')]);
      offers.sort((a, b) => a.departureTime.localeCompare(b.departureTime) || a.id.localeCompare(b.id));
      requests.sort((a, b) => a.earliestDeparture.localeCompare(b.earliestDeparture) || a.id.localeCompare(b.id));
      return {
        body: {
          offers: offers.map((o) => presentOffer(tripId, o)),
          requests: requests.map((r) => presentRequest(tripId, r)),
          matches: matchRides(offers, requests),
        },
      };
    },
  }),

  // ------------------------------------------------------------ offers
  ...travelRoutePair({
    method: 'post',
    path: 'ride-offers',
    summary: 'Offer seats in a car',
    description: `${BOARD} The driver must be a player of the trip (422 \`unknown_player\`).`,
    portalNote: 'On the portal the driver is me (`driverId` defaults to me; naming another player is 403).',
    params: TripIdParams,
    body: RideOfferInput,
    responses: { 201: { description: 'The offer', schema: RideOffer } },
    errors: ['unknown_player'],
    handler: async ({ actor, db, tripId, body, deps }) => {
      const driverId = actingFor(actor, body.driverId, 'driverId');
      await checkOnTrip(db, [{ id: driverId, path: ['driverId'] }]);
      const doc = await createTravel<StoredOffer>(deps, db, 'rideoffer', { ...body, driverId, passengers: [] });
      return { status: 201, headers: { Location: `/trips/${tripId}/ride-offers/${doc.id}` }, body: presentOffer(tripId, doc) };
    },
  }),
  ...travelRoutePair({
    method: 'patch',
    path: 'ride-offers/:offerId',
    summary: 'Change a ride offer',
    description: 'Origin, destination, departure time, seats or notes (`null` clears them). Seats cannot drop below those taken (409 `conflict`).',
    portalNote: 'On the portal only the driver (403 otherwise).',
    params: OfferParams,
    body: PatchRideOfferBody,
    responses: { 200: { description: 'The offer', schema: RideOffer } },
    errors: ['not_found', 'conflict'],
    handler: async ({ actor, db, tripId, params, body, deps }) => {
      const offer = await getTravel<StoredOffer>(db, 'rideoffer', params.offerId);
      return { body: presentOffer(tripId, await patchOffer(db, actor, offer, body, deps.now().toISOString())) };
    },
  }),
  ...travelRoutePair({
    method: 'delete',
    path: 'ride-offers/:offerId',
    summary: 'Withdraw a ride offer',
    description: 'Its passengers lose their seats; requests it answered are open again.',
    portalNote: 'On the portal only the driver (403 otherwise).',
    params: OfferParams,
    responses: { 204: { description: 'Deleted' } },
    errors: ['not_found'],
    handler: async ({ actor, db, params, deps }) => {
      const offer = await getTravel<StoredOffer>(db, 'rideoffer', params.offerId);
      mustOwn(actor, [offer.driverId], 'this offer');
      await deleteTravel(db, 'rideoffer', offer.id);
      const answered = offer.passengers.flatMap((p) => (p.requestId ? [p.requestId] : []));
      await reopenRequests(db, offer.id, answered, deps.now().toISOString());
      return { status: 204 };
    },
  }),
  ...travelRoutePair({
    method: 'post',
    path: 'ride-offers/:offerId/accept',
    summary: 'Take seats on a ride offer',
    description:
      `With \`requestId\`, that open request's seats are taken and it becomes \`matched\`; otherwise \`seats\` (default 1) for \`playerId\`. ${SEATS} ` +
      'The driver takes no seat on their own offer and a player holds one place per offer (422, 409 `already_booked`); a request already matched is 409 `conflict`.',
    portalNote: 'On the portal for me, or, as the driver of the offer, for any player (403 otherwise).',
    params: OfferParams,
    body: AcceptOfferBody,
    responses: { 200: { description: 'The offer with its passengers', schema: RideOffer } },
    errors: ['not_found', 'unknown_player', 'unprocessable', 'seats_full', 'already_booked', 'conflict'],
    handler: async ({ actor, db, tripId, params, body, deps }) => ({ body: presentOffer(tripId, await acceptOffer(deps, db, actor, params.offerId, body)) }),
  }),
  ...travelRoutePair({
    method: 'post',
    path: 'ride-offers/:offerId/cancel',
    summary: 'Give up seats on a ride offer',
    description: "Frees `playerId`'s seats (404 `not_found` when they hold none); a request they answered is open again.",
    portalNote: 'On the portal my own seat, or, as the driver, any passenger\'s (403 otherwise).',
    params: OfferParams,
    body: CancelSeatBody,
    responses: { 200: { description: 'The offer with its passengers', schema: RideOffer } },
    errors: ['not_found'],
    handler: async ({ actor, db, tripId, params, body, deps }) => ({ body: presentOffer(tripId, await cancelSeat(deps, db, actor, params.offerId, body.playerId)) }),
  }),

  // ------------------------------------------------------------ requests
  ...travelRoutePair({
    method: 'post',
    path: 'ride-requests',
    summary: 'Ask for a ride',
    description: `${BOARD} \`latestDeparture\` not before \`earliestDeparture\` (400). The player must be on the trip (422 \`unknown_player\`).`,
    portalNote: 'On the portal the request is mine (naming another player is 403).',
    params: TripIdParams,
    body: RideRequestInput,
    responses: { 201: { description: 'The request', schema: RideRequest } },
    errors: ['unknown_player'],
    handler: async ({ actor, db, tripId, body, deps }) => {
      const playerId = actingFor(actor, body.playerId);
      await checkOnTrip(db, [{ id: playerId, path: ['playerId'] }]);
      const doc = await createTravel<StoredRequest>(deps, db, 'riderequest', { ...body, playerId, offerId: null });
      return { status: 201, headers: { Location: `/trips/${tripId}/ride-requests/${doc.id}` }, body: presentRequest(tripId, doc) };
    },
  }),
  ...travelRoutePair({
    method: 'patch',
    path: 'ride-requests/:requestId',
    summary: 'Change a ride request',
    description: 'Any field but the player; `notes: null` clears the notes. The seats of a matched request do not change (409 `conflict`: cancel the seat first).',
    portalNote: 'On the portal only my own requests (403 otherwise).',
    params: RequestParams,
    body: PatchRideRequestBody,
    responses: { 200: { description: 'The request', schema: RideRequest } },
    errors: ['not_found', 'conflict'],
    handler: async ({ actor, db, tripId, params, body, deps }) => {
      const current = await getTravel<StoredRequest>(db, 'riderequest', params.requestId);
      mustOwn(actor, [current.playerId], 'this request');
      const { _id, _rev, type, id, createdAt, updatedAt, offerId, ...fields } = current;
      const merged = checkMerged(RideRequestValues, mergePatch(fields, body));
      const now = deps.now().toISOString();
      const doc = await updateDoc<StoredRequest>(db, _id, (d) => {
        if (d.offerId && merged.seats !== d.seats) throw new AppError('conflict', 'this request holds seats on an offer: cancel the seat before changing how many');
        return { _id, _rev: d._rev, type, id, createdAt, offerId: d.offerId, ...merged, updatedAt: now };
      });
      if (!doc) throw new AppError('not_found', `no ride request ${id} on this trip`);
      return { body: presentRequest(tripId, doc) };
    },
  }),
  ...travelRoutePair({
    method: 'delete',
    path: 'ride-requests/:requestId',
    summary: 'Withdraw a ride request',
    description: 'A seat it holds on an offer is given back.',
    portalNote: 'On the portal only my own requests (403 otherwise).',
    params: RequestParams,
    responses: { 204: { description: 'Deleted' } },
    errors: ['not_found'],
    handler: async ({ actor, db, params }) => {
      const request = await getTravel<StoredRequest>(db, 'riderequest', params.requestId);
      mustOwn(actor, [request.playerId], 'this request');
      await releaseRequestSeat(db, request);
      await deleteTravel(db, 'riderequest', request.id);
      return { status: 204 };
    },
  }),
];
