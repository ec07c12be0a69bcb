/**
 * The scheduling API as the Pairings screens read and write it (issue 23, item 6): a round's pairings and tee sheet,
 * the trip's Keep Together / Keep Apart rules, automatic pairings, tee times, swaps, multi-round rotations, copying
 * pairings, waves, round robin and open tee times. Queries are keyed under `['trip', tripId, …]` like every other of
 * the trip, so a write here refreshes what it changed and nothing else keeps a second copy.
 */
import type { z } from 'zod';
import type { Round as RoundSchema } from '../../../shared/schemas/round.js';
import type {
  AutoPairBody,
  BulkTeeTimesBody,
  CopyPairingsBody,
  FairnessReport as FairnessReportSchema,
  MultiRoundBody,
  MultiRoundResult as MultiRoundResultSchema,
  Pairings as PairingsSchema,
  PutRulesBody,
  RoundRobinBody,
  RoundRobinResult as RoundRobinResultSchema,
  RuleBreak as RuleBreakSchema,
  SchedulingRule as SchedulingRuleSchema,
  SecondRoundBody,
  WavesBody,
  WavesResult as WavesResultSchema,
} from '../../../shared/schemas/scheduling.js';
import type { BlockTeeTimesBody, ConfigureResult as ConfigureResultSchema, OpenTeeTimes as OpenTeeTimesSchema, OpenTeeTimesBody, OrganizerBookBody } from '../../../shared/schemas/tee-booking.js';
import { useMutation, useQuery } from '../data/hooks.js';
import type { QueryClient } from '../data/query.js';
import { useServices } from '../screen.js';
import type { ApiClient } from './client.js';

export type Round = z.infer<typeof RoundSchema>;
export type { Player } from './players.js';
export type Pairings = z.infer<typeof PairingsSchema>;
export type PairingGroup = Pairings['groups'][number];
export type SchedulingRule = z.infer<typeof SchedulingRuleSchema>;
export type RuleBreak = z.infer<typeof RuleBreakSchema>;
export type FairnessReport = z.infer<typeof FairnessReportSchema>;
export type MultiRoundResult = z.infer<typeof MultiRoundResultSchema>;
export type RoundRobinResult = z.infer<typeof RoundRobinResultSchema>;
export type WavesResult = z.infer<typeof WavesResultSchema>;
export type OpenTeeTimes = z.infer<typeof OpenTeeTimesSchema>;
export type ConfigureResult = z.infer<typeof ConfigureResultSchema>;
export type SwapAnswer = { pairings: Pairings; brokenRules: RuleBreak[] };

export const schedulingKeys = {
  rounds: (tripId: string) => ['trip', tripId, 'rounds'] as const,
  pairings: (tripId: string, roundId: string) => ['trip', tripId, 'pairings', roundId] as const,
  rules: (tripId: string) => ['trip', tripId, 'rules'] as const,
  fairness: (tripId: string, roundIds: readonly string[]) => ['trip', tripId, 'fairness', roundIds.join(',')] as const,
  roundRobin: (tripId: string) => ['trip', tripId, 'round-robin'] as const,
  openTeeTimes: (tripId: string, roundId: string) => ['trip', tripId, 'open-tee-times', roundId] as const,
};

const trip = (tripId: string, rest = '') => `/trips/${encodeURIComponent(tripId)}${rest}`;
const event = (tripId: string, rest = '') => `/events/${encodeURIComponent(tripId)}${rest}`;
const round = (roundId: string, rest = '') => `/rounds/${encodeURIComponent(roundId)}${rest}`;

export function useRounds(tripId: string) {
  const { api } = useServices();
  return useQuery(schedulingKeys.rounds(tripId), () => api.get<{ items: Round[] }>(trip(tripId, '/rounds')));
}

/** Every player of the trip (every page): the Players tab's query, one definition and one cache entry. */
export { useAllPlayers } from './players.js';

export function usePairings(tripId: string, roundId: string | null) {
  const { api } = useServices();
  return useQuery(schedulingKeys.pairings(tripId, roundId ?? ''), () => api.get<Pairings>(round(roundId!, '/pairings')), { enabled: !!roundId });
}

export function useRules(tripId: string) {
  const { api } = useServices();
  return useQuery(schedulingKeys.rules(tripId), () => api.get<{ rules: SchedulingRule[] }>(event(tripId, '/rules')));
}

export function useFairness(tripId: string, roundIds: readonly string[], enabled = true) {
  const { api } = useServices();
  return useQuery(schedulingKeys.fairness(tripId, roundIds), () => api.get<FairnessReport>(event(tripId, `/fairness?roundIds=${roundIds.map(encodeURIComponent).join(',')}`)), {
    enabled: enabled && roundIds.length > 0,
  });
}

export function useRoundRobin(tripId: string) {
  const { api } = useServices();
  return useQuery(schedulingKeys.roundRobin(tripId), () => api.get<RoundRobinResult>(event(tripId, '/round-robin')).catch((e: unknown) => ((e as { status?: number }).status === 404 ? null : Promise.reject(e))));
}

export function useOpenTeeTimes(tripId: string, roundId: string | null) {
  const { api } = useServices();
  return useQuery(
    schedulingKeys.openTeeTimes(tripId, roundId ?? ''),
    () => api.get<OpenTeeTimes>(round(roundId!, '/open-tee-times')).catch((e: unknown) => ((e as { status?: number }).status === 404 ? null : Promise.reject(e))),
    // Live availability: players book from their phones meanwhile.
    { enabled: !!roundId, refetchInterval: 5000 },
  );
}

/** A round's groups changed: its pairings (set from the answer), the rounds list (groups, players) and the fairness. */
async function pairingsChanged(c: QueryClient, tripId: string, p: Pairings | undefined, roundId: string) {
  if (p) c.set(schedulingKeys.pairings(tripId, roundId), p);
  await Promise.all([c.invalidate(schedulingKeys.rounds(tripId)), c.invalidate(['trip', tripId, 'fairness'])]);
}

export function useAutoPair(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof AutoPairBody>) => api.post<Pairings>(round(roundId, '/auto-pair'), body),
    (p, c) => pairingsChanged(c, tripId, p, roundId),
  );
}

export function useBulkTeeTimes(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof BulkTeeTimesBody>) => api.post<Pairings>(round(roundId, '/bulk-tee-times'), body),
    (p, c) => pairingsChanged(c, tripId, p, roundId),
  );
}

export type SheetOp = { op: 'move_player'; playerId: string; toGroup: number } | { op: 'swap_players'; playerA: string; playerB: string } | { op: 'swap_groups'; groupA: number; groupB: number; exchange: 'players' | 'tee_times' };

/** One swap of the tee sheet, sent to its route (`/swap-players`, `/move-player`, `/swap-groups`). */
export function sendSheetOp(api: ApiClient, roundId: string, op: SheetOp): Promise<SwapAnswer> {
  if (op.op === 'move_player') return api.post<SwapAnswer>(round(roundId, '/move-player'), { playerId: op.playerId, toGroup: op.toGroup });
  if (op.op === 'swap_players') return api.post<SwapAnswer>(round(roundId, '/swap-players'), { playerA: op.playerA, playerB: op.playerB });
  return api.post<SwapAnswer>(round(roundId, '/swap-groups'), { groupA: op.groupA, groupB: op.groupB, exchange: op.exchange });
}

export function useSheetOp(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation(
    (op: SheetOp) => sendSheetOp(api, roundId, op),
    (a, c) => pairingsChanged(c, tripId, a.pairings, roundId),
  );
}

export function usePutRules(tripId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof PutRulesBody>) => api.put<{ rules: SchedulingRule[] }>(event(tripId, '/rules'), body),
    (r, c) => c.set(schedulingKeys.rules(tripId), r),
  );
}

export function useMultiRound(tripId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof MultiRoundBody>) => api.post<MultiRoundResult>(event(tripId, '/multi-round-pairings'), body),
    async (r, c) => {
      for (const p of r.rounds) c.set(schedulingKeys.pairings(tripId, p.roundId), p);
      await pairingsChanged(c, tripId, undefined, '');
    },
  );
}

export function useCopyPairings(tripId: string, fromRoundId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof CopyPairingsBody>) => api.post<Pairings>(round(fromRoundId, '/copy-pairings'), body),
    (p, c) => pairingsChanged(c, tripId, p, p.roundId),
  );
}

export function useSecondRound(tripId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof SecondRoundBody>) => api.post<Pairings>(event(tripId, '/second-round'), body),
    (p, c) => pairingsChanged(c, tripId, p, p.roundId),
  );
}

export function useWaves(tripId: string) {
  const { api } = useServices();
  return useMutation((body: z.input<typeof WavesBody>) => api.post<WavesResult>(event(tripId, '/waves'), body));
}

export function useCreateRoundRobin(tripId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof RoundRobinBody>) => api.post<RoundRobinResult>(event(tripId, '/round-robin'), body),
    (r, c) => c.set(schedulingKeys.roundRobin(tripId), r),
  );
}

export function useConfigureOpenTeeTimes(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof OpenTeeTimesBody>) => api.post<ConfigureResult>(round(roundId, '/open-tee-times'), body),
    (r, c) => c.set(schedulingKeys.openTeeTimes(tripId, roundId), r),
  );
}

export function useBlockTeeTimes(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation(
    (body: z.input<typeof BlockTeeTimesBody>) => api.post<ConfigureResult>(round(roundId, '/open-tee-times/block'), body),
    (r, c) => c.set(schedulingKeys.openTeeTimes(tripId, roundId), r),
  );
}

export type BookingChange = { kind: 'book'; body: z.input<typeof OrganizerBookBody> } | { kind: 'move'; playerId: string; time: string } | { kind: 'cancel'; playerId: string };

export function useChangeBooking(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation(
    (ch: BookingChange): Promise<unknown> => {
      const base = round(roundId, '/open-tee-times/bookings');
      if (ch.kind === 'book') return api.post(base, ch.body);
      if (ch.kind === 'move') return api.patch(`${base}/${encodeURIComponent(ch.playerId)}`, { time: ch.time });
      return api.delete(`${base}/${encodeURIComponent(ch.playerId)}`);
    },
    (_r, c) => c.invalidate(schedulingKeys.openTeeTimes(tripId, roundId)),
  );
}
