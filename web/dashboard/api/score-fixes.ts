/**
 * Disputes and corrections (issue 24): the holes two phones scored differently (`/score-disputes`), a card's scores
 * with their history, a hole's history with names, the dry run of a fix (`…/preview`: what it changes, nothing
 * written) and the fix itself. Queries sit under `['trip', tripId, …]`; a fix changes boards, games and money, so
 * applying one refreshes everything of the trip someone is looking at.
 */
import type { z } from 'zod';
import type { SideGame as SideGameSchema } from '../../../shared/schemas/games.js';
import type { Score as ScoreSchema } from '../../../shared/schemas/portal.js';
import type { ScorecardScores as ScorecardScoresSchema } from '../../../shared/schemas/score-corrections.js';
import type { CorrectionPreview as CorrectionPreviewSchema, ScoreHistory as ScoreHistorySchema } from '../../../shared/schemas/trip-day.js';
import { useMutation, useQuery } from '../data/hooks.js';
import { useServices } from '../screen.js';
import type { ApiClient } from './client.js';

export type Score = z.infer<typeof ScoreSchema>;
export type ScorecardScores = z.infer<typeof ScorecardScoresSchema>;
export type ScoreHistory = z.infer<typeof ScoreHistorySchema>;
export type CorrectionPreview = z.infer<typeof CorrectionPreviewSchema>;
export type SideGame = z.infer<typeof SideGameSchema>;

/** What a fix sends: the value (`null`: picked up) and why. */
export interface FixBody {
  strokes: number | null;
  reason?: string;
}

/** Which hole a fix is for, and whether it settles a dispute (the dispute routes) or corrects a score. */
export interface FixTarget {
  scorecardId: string;
  hole: number;
  dispute: boolean;
}

export const scoreFixKeys = {
  disputes: (tripId: string) => ['trip', tripId, 'score-disputes'] as const,
  card: (tripId: string, scorecardId: string) => ['trip', tripId, 'scorecards', scorecardId, 'scores'] as const,
  history: (tripId: string, scorecardId: string, hole: number) => ['trip', tripId, 'scorecards', scorecardId, 'scores', hole, 'history'] as const,
  /** A round's side games, to name a Nassau's sides in a preview. */
  sideGames: (tripId: string, roundId: string) => ['trip', tripId, 'side-games', 'of-round', roundId] as const,
};

const tripPath = (tripId: string, rest: string) => `/trips/${encodeURIComponent(tripId)}${rest}`;
const cardPath = (tripId: string, scorecardId: string, rest = '') => tripPath(tripId, `/scorecards/${encodeURIComponent(scorecardId)}/scores${rest}`);
const fixPath = (tripId: string, t: FixTarget) =>
  t.dispute ? tripPath(tripId, `/score-disputes/${encodeURIComponent(t.scorecardId)}/${t.hole}/resolve`) : cardPath(tripId, t.scorecardId, `/${t.hole}`);

/** Every disputed hole of the trip (every page, by scorecard then hole). */
async function allDisputes(api: ApiClient, tripId: string): Promise<Score[]> {
  const out: Score[] = [];
  let cursor = '';
  for (;;) {
    const page = await api.get<{ items: Score[]; nextCursor: string | null }>(tripPath(tripId, `/score-disputes?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`));
    out.push(...page.items);
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
}

/** The inbox: polled every 10 s while open, so a dispute a phone just synced shows up without a reload. */
export function useDisputes(tripId: string) {
  const { api } = useServices();
  return useQuery(scoreFixKeys.disputes(tripId), () => allDisputes(api, tripId), { refetchInterval: 10_000 });
}

export function useScorecardScores(tripId: string, scorecardId: string | null) {
  const { api } = useServices();
  return useQuery(scoreFixKeys.card(tripId, scorecardId ?? ''), () => api.get<ScorecardScores>(cardPath(tripId, scorecardId!)), { enabled: !!scorecardId });
}

export function useScoreHistory(tripId: string, scorecardId: string, hole: number, enabled = true) {
  const { api } = useServices();
  return useQuery(scoreFixKeys.history(tripId, scorecardId, hole), () => api.get<ScoreHistory>(cardPath(tripId, scorecardId, `/${hole}/history`)), { enabled });
}

export function useRoundSideGames(tripId: string, roundId: string) {
  const { api } = useServices();
  return useQuery(scoreFixKeys.sideGames(tripId, roundId), () => api.get<{ items: SideGame[] }>(tripPath(tripId, `/side-games?roundId=${encodeURIComponent(roundId)}`)));
}

/** The dry run: what the fix would change. Nothing is written, nothing cached. */
export function usePreviewFix(tripId: string, target: FixTarget) {
  const { api } = useServices();
  return useMutation((body: FixBody) => api.post<CorrectionPreview>(`${fixPath(tripId, target)}/preview`, body));
}

/**
 * The fix: one write. Boards, games, money and the control room all read the scores, so every query of the trip is
 * refreshed (those on screen at once, the others on their next read).
 */
export function useApplyFix(tripId: string, target: FixTarget) {
  const { api } = useServices();
  return useMutation(
    (body: FixBody) => (target.dispute ? api.post<Score>(fixPath(tripId, target), body) : api.put<Score>(fixPath(tripId, target), body)),
    (_score, c) => c.invalidate(['trip', tripId]),
  );
}
