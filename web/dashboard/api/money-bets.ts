/** Wagers between players or teams, and the tournament pot. Keys under the trip's money key (`money.ts`). */
import type { z } from 'zod';
import type { PatchPotBody, Pot as PotSchema } from '../../../shared/schemas/pot.js';
import type { CreateWagerBody, Wager as WagerSchema, WagerOutcome } from '../../../shared/schemas/wager.js';
import { useMutation, useQuery } from '../data/hooks.js';
import { useServices } from '../screen.js';
import { moneyChanged, tripPath } from './money.js';

export type Wager = z.infer<typeof WagerSchema>;
export type Pot = z.infer<typeof PotSchema>;

export const betKeys = {
  wagers: (tripId: string) => ['trip', tripId, 'money', 'wagers'] as const,
  pot: (tripId: string) => ['trip', tripId, 'money', 'pot'] as const,
};

const id = encodeURIComponent;

export function useWagers(tripId: string) {
  const { api } = useServices();
  return useQuery(betKeys.wagers(tripId), async () => (await api.get<{ items: Wager[] }>(tripPath(tripId, '/wagers'))).items);
}

export function useCreateWager(tripId: string) {
  const { api } = useServices();
  return useMutation((body: z.input<typeof CreateWagerBody>) => api.post<Wager>(tripPath(tripId, '/wagers'), body), (_r, c) => moneyChanged(c, tripId));
}

export function useSettleWager(tripId: string) {
  const { api } = useServices();
  return useMutation(
    ({ wagerId, winner }: { wagerId: string; winner: z.infer<typeof WagerOutcome> }) => api.patch<Wager>(tripPath(tripId, `/wagers/${id(wagerId)}/settle`), { winner }),
    (_r, c) => moneyChanged(c, tripId),
  );
}

export function useDeleteWager(tripId: string) {
  const { api } = useServices();
  return useMutation((wagerId: string) => api.delete(tripPath(tripId, `/wagers/${id(wagerId)}`)), (_r, c) => moneyChanged(c, tripId));
}

export function usePot(tripId: string) {
  const { api } = useServices();
  return useQuery(betKeys.pot(tripId), () => api.get<Pot>(tripPath(tripId, '/tournament-pot')));
}

export function usePatchPot(tripId: string) {
  const { api } = useServices();
  return useMutation((body: z.input<typeof PatchPotBody>) => api.patch<Pot>(tripPath(tripId, '/tournament-pot'), body), (_r, c) => moneyChanged(c, tripId));
}

export function useApplyPot(tripId: string) {
  const { api } = useServices();
  return useMutation(() => api.post<Pot>(tripPath(tripId, '/tournament-pot/apply')), (_r, c) => moneyChanged(c, tripId));
}
