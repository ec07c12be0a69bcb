/**
 * Trip analytics (`/trips/:tripId/analytics/…`): the summary, the head-to-head matrix and one pair's head-to-head,
 * MVP, fun stats and rivalries, all computed by the server from completed cards; and the tee-time fairness of the
 * trip's rounds (`/events/:tripId/fairness`, the Pairings tab's figure). Keys under `['trip', id, 'analytics']`; the
 * fairness under the Pairings tab's `['trip', id, 'fairness']`, so a change of groups refreshes it.
 */
import type { z } from 'zod';
import type {
  FunStats as FunStatsSchema,
  HeadToHead as HeadToHeadSchema,
  HeadToHeadMatrix as MatrixSchema,
  Mvp as MvpSchema,
  Rivalries as RivalriesSchema,
  TripSummary as TripSummarySchema,
} from '../../../shared/schemas/analytics.js';
import type { FairnessReport as FairnessSchema } from '../../../shared/schemas/scheduling.js';
import { useQuery } from '../data/hooks.js';
import { useServices } from '../screen.js';

export type TripSummary = z.infer<typeof TripSummarySchema>;
export type HeadToHeadMatrix = z.infer<typeof MatrixSchema>;
export type HeadToHead = z.infer<typeof HeadToHeadSchema>;
export type Mvp = z.infer<typeof MvpSchema>;
export type FunStats = z.infer<typeof FunStatsSchema>;
export type Rivalries = z.infer<typeof RivalriesSchema>;
export type FairnessReport = z.infer<typeof FairnessSchema>;

export const analyticsKeys = {
  all: (tripId: string) => ['trip', tripId, 'analytics'] as const,
  one: (tripId: string, what: string) => ['trip', tripId, 'analytics', what] as const,
  pair: (tripId: string, a: string, b: string) => ['trip', tripId, 'analytics', 'head-to-head', a, b] as const,
  /** Every round with tee times (the server's choice when no rounds are named). */
  fairness: (tripId: string) => ['trip', tripId, 'fairness', 'analytics'] as const,
};

const path = (tripId: string, rest: string) => `/trips/${encodeURIComponent(tripId)}/analytics${rest}`;

function useAnalytic<T>(tripId: string, what: string, rest: string) {
  const { api } = useServices();
  return useQuery(analyticsKeys.one(tripId, what), () => api.get<T>(path(tripId, rest)));
}

export const useTripSummary = (tripId: string) => useAnalytic<TripSummary>(tripId, 'summary', '/summary');
export const useMatrix = (tripId: string) => useAnalytic<HeadToHeadMatrix>(tripId, 'matrix', '/head-to-head/matrix');
export const useMvp = (tripId: string) => useAnalytic<Mvp>(tripId, 'mvp', '/mvp');
export const useFunStats = (tripId: string) => useAnalytic<FunStats>(tripId, 'fun-stats', '/fun-stats');
export const useRivalries = (tripId: string) => useAnalytic<Rivalries>(tripId, 'rivalries', '/rivalries?limit=5&minRounds=1');

export function useHeadToHead(tripId: string, a: string, b: string) {
  const { api } = useServices();
  return useQuery(analyticsKeys.pair(tripId, a, b), () => api.get<HeadToHead>(path(tripId, `/head-to-head?playerA=${encodeURIComponent(a)}&playerB=${encodeURIComponent(b)}`)));
}

export function useTripFairness(tripId: string) {
  const { api } = useServices();
  return useQuery(analyticsKeys.fairness(tripId), () => api.get<FairnessReport>(`/events/${encodeURIComponent(tripId)}/fairness`));
}
