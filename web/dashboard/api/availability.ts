/**
 * Availability of a trip's players (`/trips/:tripId/availability`): each player's answer, the summary per day and
 * per round, and the organizer's writes (one player, or several at once). Keys under `['trip', id, 'availability']`.
 */
import type { z } from 'zod';
import type { AvailabilityBody, Availability as AvailabilitySchema, AvailabilitySummary as SummarySchema, BulkAvailabilityBody } from '../../../shared/schemas/availability.js';
import { useMutation, useQuery } from '../data/hooks.js';
import type { QueryClient } from '../data/query.js';
import { useServices } from '../screen.js';
import type { CursorPage } from './players.js';

export type Availability = z.infer<typeof AvailabilitySchema>;
export type AvailabilitySummary = z.infer<typeof SummarySchema>;

export const availabilityKeys = {
  all: (tripId: string) => ['trip', tripId, 'availability'] as const,
  answers: (tripId: string) => ['trip', tripId, 'availability', 'answers'] as const,
  summary: (tripId: string) => ['trip', tripId, 'availability', 'summary'] as const,
};

const base = (tripId: string, rest = '') => `/trips/${encodeURIComponent(tripId)}/availability${rest}`;

/** Every player's answer (every page: a trip of 144 players is three pages of 50… read 200 at a time). */
export function useAvailability(tripId: string) {
  const { api } = useServices();
  return useQuery(availabilityKeys.answers(tripId), async () => {
    const out: Availability[] = [];
    let cursor = '';
    for (;;) {
      const page = await api.get<CursorPage<Availability>>(base(tripId, `?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
      out.push(...page.items);
      if (!page.nextCursor) return out;
      cursor = page.nextCursor;
    }
  });
}

export function useAvailabilitySummary(tripId: string) {
  const { api } = useServices();
  return useQuery(availabilityKeys.summary(tripId), () => api.get<AvailabilitySummary>(base(tripId, '/summary')));
}

/** An answer written: the player's entry in the list at once, then the list and the summary fetched again. */
async function answered(c: QueryClient, tripId: string, written: Availability[]) {
  const current = c.state<Availability[]>(availabilityKeys.answers(tripId)).data;
  if (current) {
    const byId = new Map(written.map((a) => [a.playerId, a]));
    c.set(availabilityKeys.answers(tripId), current.map((a) => byId.get(a.playerId) ?? a));
  }
  await c.invalidate(availabilityKeys.summary(tripId));
}

export function useSetAvailability(tripId: string) {
  const { api } = useServices();
  return useMutation(
    ({ playerId, body }: { playerId: string; body: z.input<typeof AvailabilityBody> }) => api.put<Availability>(base(tripId, `/${encodeURIComponent(playerId)}`), body),
    (a, c) => answered(c, tripId, [a]),
  );
}

export function useBulkAvailability(tripId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof BulkAvailabilityBody>) => api.post<{ items: Availability[] }>(base(tripId, '/bulk'), body),
    (r, c) => answered(c, tripId, r.items),
  );
}
