/**
 * Who plays which tees in a round (`PATCH …/rounds/:roundId/tees`, `POST …/tees/copy`, issue 34). A change refreshes
 * the round, its handicaps (the scorecards of a ready round are rated anew by the server) and the trip's lists.
 */
import type { z } from 'zod';
import type { CopyRoundTeesBody, RoundTeesResult as RoundTeesResultSchema, SetRoundTeesBody } from '../../../shared/schemas/round-tees.js';
import { useMutation } from '../data/hooks.js';
import type { QueryClient } from '../data/query.js';
import { useServices } from '../screen.js';
import { roundKeys } from './rounds.js';

export type RoundTeesResult = z.infer<typeof RoundTeesResultSchema>;

const teesPath = (tripId: string, roundId: string, rest = '') => `/trips/${encodeURIComponent(tripId)}/rounds/${encodeURIComponent(roundId)}/tees${rest}`;

async function teesChanged(c: QueryClient, tripId: string, r: RoundTeesResult) {
  c.set(roundKeys.one(tripId, r.round.id), r.round);
  await Promise.all([c.invalidate(roundKeys.list(tripId)), c.invalidate(roundKeys.handicaps(tripId, r.round.id))]);
}

export function useSetRoundTees(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof SetRoundTeesBody>) => api.patch<RoundTeesResult>(teesPath(tripId, roundId), body),
    (r, c) => teesChanged(c, tripId, r),
  );
}

export function useCopyRoundTees(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof CopyRoundTeesBody>) => api.post<RoundTeesResult>(teesPath(tripId, roundId, '/copy'), body),
    (r, c) => teesChanged(c, tripId, r),
  );
}
