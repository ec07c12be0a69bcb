/**
 * Activities of a trip (`/trips/:tripId/activities`): grouped by day, their attendance figures, each player's
 * RSVP, and the expense an activity's cost becomes. Keys under `['trip', id, 'activities']`.
 */
import type { z } from 'zod';
import type { ActivitiesByDate, Activity as ActivitySchema, ActivityStats as ActivityStatsSchema, CreateActivityBody, PatchActivityBody, RsvpResponse } from '../../../shared/schemas/activity.js';
import { useMutation, useQuery } from '../data/hooks.js';
import type { QueryClient } from '../data/query.js';
import { useServices } from '../screen.js';

export type Activity = z.infer<typeof ActivitySchema>;
export type ActivityDays = z.infer<typeof ActivitiesByDate>;
export type ActivityStats = z.infer<typeof ActivityStatsSchema>;
export type Rsvp = z.infer<typeof RsvpResponse>;

export const activityKeys = {
  all: (tripId: string) => ['trip', tripId, 'activities'] as const,
  byDate: (tripId: string) => ['trip', tripId, 'activities', 'by-date'] as const,
  stats: (tripId: string) => ['trip', tripId, 'activities', 'stats'] as const,
};

const base = (tripId: string, rest = '') => `/trips/${encodeURIComponent(tripId)}/activities${rest}`;
const one = (tripId: string, activityId: string, rest = '') => base(tripId, `/${encodeURIComponent(activityId)}${rest}`);

export function useActivitiesByDate(tripId: string) {
  const { api } = useServices();
  return useQuery(activityKeys.byDate(tripId), () => api.get<ActivityDays>(base(tripId, '/by-date')));
}

export function useActivityStats(tripId: string) {
  const { api } = useServices();
  return useQuery(activityKeys.stats(tripId), () => api.get<ActivityStats>(base(tripId, '/stats')));
}

/** An activity changed: the days, the figures and the trip's counts. */
const changed = (c: QueryClient, tripId: string) => Promise.all([c.invalidate(activityKeys.all(tripId)), c.invalidate(['trip', tripId, 'contents'])]).then(() => undefined);

export function useCreateActivity(tripId: string) {
  const { api } = useServices();
  return useMutation((body: z.input<typeof CreateActivityBody>) => api.post<Activity>(base(tripId), body), (_r, c) => changed(c, tripId));
}

export function usePatchActivity(tripId: string) {
  const { api } = useServices();
  return useMutation(({ activityId, body }: { activityId: string; body: z.input<typeof PatchActivityBody> }) => api.patch<Activity>(one(tripId, activityId), body), (_r, c) => changed(c, tripId));
}

export function useDeleteActivity(tripId: string) {
  const { api } = useServices();
  return useMutation((activityId: string) => api.delete(one(tripId, activityId)), (_r, c) => changed(c, tripId));
}

/** A player's answer; `null` takes it back (not answered). */
export function useSetRsvp(tripId: string) {
  const { api } = useServices();
  return useMutation(
    ({ activityId, playerId, response }: { activityId: string; playerId: string; response: Rsvp | null }) =>
      response === null ? api.delete<Activity>(one(tripId, activityId, `/rsvps/${encodeURIComponent(playerId)}`)) : api.put<Activity>(one(tripId, activityId, `/rsvps/${encodeURIComponent(playerId)}`), { response }),
    (_r, c) => changed(c, tripId),
  );
}

/** Books the cost (per person × yes) as an expense paid by `payerId`; the money tab's lists change too. */
export function useActivityExpense(tripId: string) {
  const { api } = useServices();
  return useMutation(
    ({ activityId, payerId, description }: { activityId: string; payerId: string; description?: string }) =>
      api.post<{ activity: Activity; expense: { id: string; amountCents: number } }>(one(tripId, activityId, '/expense'), { payerId, ...(description ? { description } : {}) }),
    async (_r, c) => {
      await Promise.all([changed(c, tripId), c.invalidate(['trip', tripId, 'money']), c.invalidate(['trip', tripId, 'expenses'])]);
    },
  );
}
