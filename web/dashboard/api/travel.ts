/**
 * Travel of a trip (`/trips/:tripId/…`): flights, rental cars with their airport riders, accommodations with their
 * rooms, the arrivals grouped for pick-ups, the ride board (offers, requests, seats) and the travel figures. Every
 * key sits under `['trip', id, 'travel']`, so a change refreshes the whole tab (the figures and proposals follow
 * every write).
 */
import type { z } from 'zod';
import type {
  Accommodation as AccommodationSchema,
  AccommodationInput,
  ArrivalGroup as ArrivalGroupSchema,
  Flight as FlightSchema,
  FlightInput,
  PatchAccommodationBody,
  PatchFlightBody,
  PatchRentalCarBody,
  ProposalGroup as ProposalGroupSchema,
  RentalCar as RentalCarSchema,
  RentalCarInput,
  RideBoard as RideBoardSchema,
  RideOfferInput,
  RideRequestInput,
  TravelStats as TravelStatsSchema,
} from '../../../shared/schemas/travel.js';
import { useMutation, useQuery } from '../data/hooks.js';
import type { QueryClient } from '../data/query.js';
import { useServices } from '../screen.js';
import type { ApiClient } from './client.js';
import type { CursorPage } from './players.js';

export type Flight = z.infer<typeof FlightSchema>;
export type RentalCar = z.infer<typeof RentalCarSchema>;
export type Accommodation = z.infer<typeof AccommodationSchema>;
export type ArrivalGroup = z.infer<typeof ArrivalGroupSchema>;
export type ProposalGroup = z.infer<typeof ProposalGroupSchema>;
export type RideBoard = z.infer<typeof RideBoardSchema>;
export type TravelStats = z.infer<typeof TravelStatsSchema>;

export const travelKeys = {
  all: (tripId: string) => ['trip', tripId, 'travel'] as const,
  flights: (tripId: string) => ['trip', tripId, 'travel', 'flights'] as const,
  cars: (tripId: string) => ['trip', tripId, 'travel', 'cars'] as const,
  lodging: (tripId: string) => ['trip', tripId, 'travel', 'lodging'] as const,
  proposals: (tripId: string, windowMinutes: number) => ['trip', tripId, 'travel', 'proposals', windowMinutes] as const,
  board: (tripId: string) => ['trip', tripId, 'travel', 'board'] as const,
  stats: (tripId: string) => ['trip', tripId, 'travel', 'stats'] as const,
};

const base = (tripId: string, rest: string) => `/trips/${encodeURIComponent(tripId)}${rest}`;
const id = encodeURIComponent;

/** Every page of a cursor-paged travel list. */
async function everyPage<T>(api: ApiClient, path: string): Promise<T[]> {
  const out: T[] = [];
  let cursor = '';
  for (;;) {
    const page = await api.get<CursorPage<T>>(`${path}?limit=500${cursor ? `&cursor=${id(cursor)}` : ''}`);
    out.push(...page.items);
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
}

export function useFlights(tripId: string) {
  const { api } = useServices();
  return useQuery(travelKeys.flights(tripId), () => everyPage<Flight>(api, base(tripId, '/flights')));
}

export function useRentalCars(tripId: string) {
  const { api } = useServices();
  return useQuery(travelKeys.cars(tripId), () => everyPage<RentalCar>(api, base(tripId, '/rental-cars')));
}

export function useAccommodations(tripId: string) {
  const { api } = useServices();
  return useQuery(travelKeys.lodging(tripId), () => everyPage<Accommodation>(api, base(tripId, '/accommodations')));
}

/** Arrival groups with the airport rides proposed for them (`rides/proposals`). */
export function useRideProposals(tripId: string, windowMinutes = 60) {
  const { api } = useServices();
  return useQuery(travelKeys.proposals(tripId, windowMinutes), () => api.get<{ items: ProposalGroup[] }>(base(tripId, `/rides/proposals?windowMinutes=${windowMinutes}`)));
}

export function useRideBoard(tripId: string) {
  const { api } = useServices();
  return useQuery(travelKeys.board(tripId), () => api.get<RideBoard>(base(tripId, '/ride-board')));
}

export function useTravelStats(tripId: string) {
  const { api } = useServices();
  return useQuery(travelKeys.stats(tripId), () => api.get<TravelStats>(base(tripId, '/travel-stats')));
}

/** Any travel write changes the figures, the proposals and the board: the whole tab is refreshed. */
const travelChanged = async (c: QueryClient, tripId: string) => {
  await Promise.all([c.invalidate(travelKeys.all(tripId)), c.invalidate(['trip', tripId, 'contents'])]);
};

/** A write of the tab: `send` with the API client, then everything travel refreshed. */
function useTravelWrite<I, R>(tripId: string, send: (api: ApiClient, input: I) => Promise<R>) {
  const { api } = useServices();
  return useMutation((input: I) => send(api, input), (_r, c) => travelChanged(c, tripId));
}

export const useAddFlight = (tripId: string) => useTravelWrite(tripId, (api, body: z.input<typeof FlightInput>) => api.post<Flight>(base(tripId, '/flights'), body));
export const usePatchFlight = (tripId: string) =>
  useTravelWrite(tripId, (api, { flightId, body }: { flightId: string; body: z.input<typeof PatchFlightBody> }) => api.patch<Flight>(base(tripId, `/flights/${id(flightId)}`), body));
export const useDeleteFlight = (tripId: string) => useTravelWrite(tripId, (api, flightId: string) => api.delete(base(tripId, `/flights/${id(flightId)}`)));

export const useAddCar = (tripId: string) => useTravelWrite(tripId, (api, body: z.input<typeof RentalCarInput>) => api.post<RentalCar>(base(tripId, '/rental-cars'), body));
export const usePatchCar = (tripId: string) =>
  useTravelWrite(tripId, (api, { carId, body }: { carId: string; body: z.input<typeof PatchRentalCarBody> }) => api.patch<RentalCar>(base(tripId, `/rental-cars/${id(carId)}`), body));
export const useDeleteCar = (tripId: string) => useTravelWrite(tripId, (api, carId: string) => api.delete(base(tripId, `/rental-cars/${id(carId)}`)));

/** A seat in a car from the airport: asked for a player, confirmed, or given back. */
export const useCarSeat = (tripId: string) =>
  useTravelWrite(tripId, async (api, { carId, playerId, action }: { carId: string; playerId: string; action: 'request' | 'confirm' | 'remove' }): Promise<RentalCar | void> => {
    if (action === 'request') return api.post<RentalCar>(base(tripId, `/rides/${id(carId)}/requests`), { playerId });
    if (action === 'confirm') return api.post<RentalCar>(base(tripId, `/rides/${id(carId)}/riders/${id(playerId)}/confirm`));
    return api.delete(base(tripId, `/rides/${id(carId)}/riders/${id(playerId)}`));
  });

export const useAddAccommodation = (tripId: string) =>
  useTravelWrite(tripId, (api, body: z.input<typeof AccommodationInput>) => api.post<Accommodation>(base(tripId, '/accommodations'), body));
export const usePatchAccommodation = (tripId: string) =>
  useTravelWrite(tripId, (api, { accommodationId, body }: { accommodationId: string; body: z.input<typeof PatchAccommodationBody> }) =>
    api.patch<Accommodation>(base(tripId, `/accommodations/${id(accommodationId)}`), body),
  );
export const useDeleteAccommodation = (tripId: string) => useTravelWrite(tripId, (api, accommodationId: string) => api.delete(base(tripId, `/accommodations/${id(accommodationId)}`)));

export const useAddRideOffer = (tripId: string) => useTravelWrite(tripId, (api, body: z.input<typeof RideOfferInput>) => api.post(base(tripId, '/ride-offers'), body));
export const useDeleteRideOffer = (tripId: string) => useTravelWrite(tripId, (api, offerId: string) => api.delete(base(tripId, `/ride-offers/${id(offerId)}`)));
export const useAddRideRequest = (tripId: string) => useTravelWrite(tripId, (api, body: z.input<typeof RideRequestInput>) => api.post(base(tripId, '/ride-requests'), body));
export const useDeleteRideRequest = (tripId: string) => useTravelWrite(tripId, (api, requestId: string) => api.delete(base(tripId, `/ride-requests/${id(requestId)}`)));

/** A seat on a ride offer: taken for an open request (matched), or given back by a passenger. */
export const useRideSeat = (tripId: string) =>
  useTravelWrite(tripId, (api, input: { offerId: string; accept: { requestId: string } } | { offerId: string; cancel: { playerId: string } }) =>
    'accept' in input ? api.post(base(tripId, `/ride-offers/${id(input.offerId)}/accept`), input.accept) : api.post(base(tripId, `/ride-offers/${id(input.offerId)}/cancel`), input.cancel),
  );
