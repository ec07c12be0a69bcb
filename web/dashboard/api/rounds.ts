/**
 * A trip's rounds (`/trips/:tripId/rounds`), each round's handicaps (`…/handicaps`) and its life cycle (ready,
 * back to draft, reset, complete). Everything sits under the trip's key, so a change of the trip refreshes it.
 */
import type { z } from 'zod';
import type { CreateRoundRequest } from '../../../shared/schemas/course-library.js';
import type { RoundHandicaps as RoundHandicapsSchema } from '../../../shared/schemas/round-handicaps.js';
import type { PatchRoundBody, Round as RoundSchema } from '../../../shared/schemas/round.js';
import { useMutation, useQuery } from '../data/hooks.js';
import type { QueryClient } from '../data/query.js';
import { useServices } from '../screen.js';

export type Round = z.infer<typeof RoundSchema>;
export type RoundHandicaps = z.infer<typeof RoundHandicapsSchema>;
export type RoundAction = 'ready' | 'unready' | 'reset' | 'complete';

export const roundKeys = {
  /** As `schedulingKeys.rounds`: the list both tabs read. */
  list: (tripId: string) => ['trip', tripId, 'rounds'] as const,
  one: (tripId: string, roundId: string) => ['trip', tripId, 'rounds', roundId] as const,
  handicaps: (tripId: string, roundId: string) => ['trip', tripId, 'rounds', roundId, 'handicaps'] as const,
};

const tripPath = (tripId: string, rest = '') => `/trips/${encodeURIComponent(tripId)}${rest}`;
const roundPath = (tripId: string, roundId: string, rest = '') => tripPath(tripId, `/rounds/${encodeURIComponent(roundId)}${rest}`);

/** The trip's rounds and all its players: one query each, shared with the Pairings tab (same keys, one cache entry). */
export { useAllPlayers, useRounds } from './scheduling.js';

export function useRound(tripId: string, roundId: string) {
  const { api } = useServices();
  return useQuery(roundKeys.one(tripId, roundId), () => api.get<Round>(roundPath(tripId, roundId)));
}

export function useRoundHandicaps(tripId: string, roundId: string) {
  const { api } = useServices();
  return useQuery(roundKeys.handicaps(tripId, roundId), () => api.get<RoundHandicaps>(roundPath(tripId, roundId, '/handicaps')));
}

/** A round changed: its entry, the list, its handicaps and the trip's counts. */
async function roundChanged(c: QueryClient, tripId: string, round: Round) {
  c.set(roundKeys.one(tripId, round.id), round);
  await Promise.all([c.invalidate(roundKeys.list(tripId)), c.invalidate(roundKeys.handicaps(tripId, round.id)), c.invalidate(['trip', tripId, 'contents'])]);
}

export function useCreateRound(tripId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof CreateRoundRequest>) => api.post<Round>(tripPath(tripId, '/rounds'), body),
    (round, c) => roundChanged(c, tripId, round),
  );
}

export function usePatchRound(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof PatchRoundBody>) => api.patch<Round>(roundPath(tripId, roundId), body),
    (round, c) => roundChanged(c, tripId, round),
  );
}

export function useDeleteRound(tripId: string) {
  const { api } = useServices();
  return useMutation(
    (roundId: string) => api.delete(roundPath(tripId, roundId)),
    async (_r, c, roundId) => {
      c.remove(roundKeys.one(tripId, roundId));
      await Promise.all([c.invalidate(roundKeys.list(tripId)), c.invalidate(['trip', tripId, 'contents'])]);
    },
  );
}

export interface ActionResult {
  round: Round;
  /** Reset only: how many scores went into the archive, and its id. */
  archivedScores?: number;
  archiveId?: string | null;
}

/** Ready, back to draft, reset, complete: one mutation, the action as input. */
export function useRoundAction(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation(
    async (action: RoundAction): Promise<ActionResult> => {
      if (action === 'ready' || action === 'unready') return { round: await api.patch<Round>(roundPath(tripId, roundId, '/ready'), { ready: action === 'ready' }) };
      if (action === 'complete') return { round: await api.post<Round>(roundPath(tripId, roundId, '/complete')) };
      return api.post<ActionResult>(roundPath(tripId, roundId, '/reset'));
    },
    (r, c) => roundChanged(c, tripId, r.round),
  );
}
