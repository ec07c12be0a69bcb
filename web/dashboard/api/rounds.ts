/**
 * A trip's rounds (`/trips/:tripId/rounds`), each round's handicaps (`…/handicaps`) and its life cycle (ready,
 * back to draft, reset, complete). Everything sits under the trip's key, so a change of the trip refreshes it.
 */
import type { z } from 'zod';
import type { CreateRoundRequest } from '../../../shared/schemas/course-library.js';
import type { Player as PlayerSchema } from '../../../shared/schemas/player.js';
import type { RoundHandicaps as RoundHandicapsSchema } from '../../../shared/schemas/round-handicaps.js';
import type { PatchRoundBody, Round as RoundSchema } from '../../../shared/schemas/round.js';
import { useMutation, useQuery } from '../data/hooks.js';
import type { QueryClient } from '../data/query.js';
import { useServices } from '../screen.js';
import type { ApiClient } from './client.js';

export type Round = z.infer<typeof RoundSchema>;
export type RoundHandicaps = z.infer<typeof RoundHandicapsSchema>;
export type Player = z.infer<typeof PlayerSchema>;
export type RoundAction = 'ready' | 'unready' | 'reset' | 'complete';

export const roundKeys = {
  list: (tripId: string) => ['trip', tripId, 'rounds'] as const,
  one: (tripId: string, roundId: string) => ['trip', tripId, 'rounds', roundId] as const,
  handicaps: (tripId: string, roundId: string) => ['trip', tripId, 'rounds', roundId, 'handicaps'] as const,
  /** Every player of the trip (all pages), for choosing a round's players. */
  allPlayers: (tripId: string) => ['trip', tripId, 'players', 'all'] as const,
};

const tripPath = (tripId: string, rest = '') => `/trips/${encodeURIComponent(tripId)}${rest}`;
const roundPath = (tripId: string, roundId: string, rest = '') => tripPath(tripId, `/rounds/${encodeURIComponent(roundId)}${rest}`);

export function useRounds(tripId: string) {
  const { api } = useServices();
  return useQuery(roundKeys.list(tripId), () => api.get<{ items: Round[] }>(tripPath(tripId, '/rounds')));
}

export function useRound(tripId: string, roundId: string) {
  const { api } = useServices();
  return useQuery(roundKeys.one(tripId, roundId), () => api.get<Round>(roundPath(tripId, roundId)));
}

export function useRoundHandicaps(tripId: string, roundId: string) {
  const { api } = useServices();
  return useQuery(roundKeys.handicaps(tripId, roundId), () => api.get<RoundHandicaps>(roundPath(tripId, roundId, '/handicaps')));
}

/** Every page of the trip's players (`nextCursor` followed to the end). */
async function allPlayers(api: ApiClient, tripId: string): Promise<Player[]> {
  const out: Player[] = [];
  let cursor: string | null = null;
  do {
    const page: { items: Player[]; nextCursor: string | null } = await api.get(tripPath(tripId, `/players?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

export function useAllPlayers(tripId: string) {
  const { api } = useServices();
  return useQuery(roundKeys.allPlayers(tripId), () => allPlayers(api, tripId));
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
