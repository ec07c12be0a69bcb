/**
 * One query per resource, keyed by its inputs, and one mutation per write that refreshes what it changed. The
 * screens read and write the API only through these hooks, so every view of a trip shows the same answer.
 */
import type { z } from 'zod';
import type { CreateTripBody, PatchTripBody } from '../../../shared/schemas/trip.js';
import type { WizardBody } from '../../../shared/schemas/wizard.js';
import { useMutation, useQuery } from '../data/hooks.js';
import type { QueryClient } from '../data/query.js';
import { useServices } from '../screen.js';
import type { AcceptedInvite, CopyableTrip, Invite, IssuedInvite, Organizer, Page, Trip, TripContents, TripListItem, WizardStatus } from './types.js';

export const TRIPS_PAGE_SIZE = 20;

/** The query keys, by resource. Everything of one trip starts with `['trip', id]`. */
export const keys = {
  trips: () => ['trips'] as const,
  tripsPage: (offset: number, limit = TRIPS_PAGE_SIZE) => ['trips', { offset, limit }] as const,
  copyable: () => ['trips-copyable'] as const,
  trip: (tripId: string) => ['trip', tripId] as const,
  contents: (tripId: string) => ['trip', tripId, 'contents'] as const,
  organizers: (tripId: string) => ['trip', tripId, 'organizers'] as const,
  invites: (tripId: string) => ['trip', tripId, 'invites'] as const,
  wizard: (tripId: string) => ['trip', tripId, 'wizard'] as const,
};

const path = (tripId: string, rest = '') => `/trips/${encodeURIComponent(tripId)}${rest}`;

export function useTripsPage(offset: number) {
  const { api } = useServices();
  return useQuery(keys.tripsPage(offset), () => api.get<Page<TripListItem>>(`/trips?limit=${TRIPS_PAGE_SIZE}&offset=${offset}`));
}

export function useCopyableTrips() {
  const { api } = useServices();
  return useQuery(keys.copyable(), () => api.get<{ items: CopyableTrip[] }>('/trips/copyable'));
}

export function useTrip(tripId: string) {
  const { api } = useServices();
  return useQuery(keys.trip(tripId), () => api.get<Trip>(path(tripId)));
}

export function useTripContents(tripId: string, enabled = true) {
  const { api } = useServices();
  return useQuery(keys.contents(tripId), () => api.get<TripContents>(path(tripId, '/contents')), { enabled });
}

export function useOrganizers(tripId: string) {
  const { api } = useServices();
  return useQuery(keys.organizers(tripId), () => api.get<{ items: Organizer[] }>(path(tripId, '/organizers')));
}

export function useInvites(tripId: string) {
  const { api } = useServices();
  return useQuery(keys.invites(tripId), () => api.get<{ items: Invite[] }>(path(tripId, '/organizer-invites')));
}

/** The wizard's progress, polled every second until it is done or failed. */
export function useWizardStatus(tripId: string) {
  const { api } = useServices();
  return useQuery(keys.wizard(tripId), () => api.get<WizardStatus>(path(tripId, '/wizard/status')), {
    refetchInterval: (s) => (!s || s.status === 'pending' || s.status === 'running' ? 1000 : false),
  });
}

/** A new trip or a copy changes the trip lists. */
/**
 * The trip lists changed (a trip created, renamed or deleted): they are forgotten, not just marked stale, so no list
 * shows a deleted trip (or misses a new one) for a moment while it fetches again (a stale answer is shown at once).
 */
const tripListsChanged = (c: QueryClient) => {
  c.remove(keys.trips());
  c.remove(keys.copyable());
};

export function useStartWizard() {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof WizardBody>) => api.post<{ tripId: string; status: string; statusUrl: string }>('/trips/wizard', body),
    (_r, c) => tripListsChanged(c),
  );
}

export function useRetryWizard(tripId: string) {
  const { api } = useServices();
  return useMutation(
    () => api.post<unknown>(path(tripId, '/wizard/retry')),
    (_r, c) => c.invalidate(keys.wizard(tripId)),
  );
}

export function useCreateTrip() {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof CreateTripBody>) => api.post<Trip>('/trips', body),
    async (trip, c) => {
      c.set(keys.trip(trip.id), trip);
      await tripListsChanged(c);
    },
  );
}

export function usePatchTrip(tripId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof PatchTripBody>) => api.patch<Trip>(path(tripId), body),
    async (trip, c) => {
      c.set(keys.trip(tripId), trip);
      await tripListsChanged(c);
    },
  );
}

export function useDeleteTrip(tripId: string) {
  const { api } = useServices();
  return useMutation(
    () => api.delete(path(tripId)),
    async (_r, c) => {
      c.remove(keys.trip(tripId));
      await tripListsChanged(c);
    },
  );
}

export function useInvite(tripId: string) {
  const { api } = useServices();
  return useMutation(
    (body: { email: string }) => api.post<IssuedInvite>(path(tripId, '/organizer-invites'), body),
    (_r, c) => c.invalidate(keys.invites(tripId)),
  );
}

export function useRevokeInvite(tripId: string) {
  const { api } = useServices();
  return useMutation(
    (inviteId: string) => api.delete(path(tripId, `/organizer-invites/${encodeURIComponent(inviteId)}`)),
    (_r, c) => c.invalidate(keys.invites(tripId)),
  );
}

export function useRemoveOrganizer(tripId: string) {
  const { api } = useServices();
  return useMutation(
    (accountId: string) => api.delete(path(tripId, `/organizers/${encodeURIComponent(accountId)}`)),
    async (_r, c) => {
      await Promise.all([c.invalidate(keys.organizers(tripId)), c.invalidate(keys.invites(tripId)), c.invalidate(keys.contents(tripId))]);
    },
  );
}

export function useAcceptInvite() {
  const { api } = useServices();
  return useMutation(
    (code: string) => api.post<AcceptedInvite>('/organizer-invites/accept', { code }),
    (_r, c) => tripListsChanged(c),
  );
}
