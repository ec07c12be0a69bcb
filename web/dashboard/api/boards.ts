/**
 * The leaderboards (`/trips/:tripId/leaderboards/…`): a round's board, its team board, and the board over chosen
 * rounds, keyed under `['trip', id, 'boards', …]` by what they are asked with. Competition boards are the Games
 * tab's query (`useCompetitionBoard` in games.ts): one cache entry for one board.
 */
import type { LeaderboardBasis, MultiRoundLeaderboard, RoundLeaderboard, TeamRoundLeaderboardSchema } from '../../../shared/schemas/leaderboards.js';
import { useQuery } from '../data/hooks.js';
import { useServices } from '../screen.js';

export type { LeaderboardBasis, MultiRoundLeaderboard, RoundLeaderboard };
export type TeamRoundLeaderboard = TeamRoundLeaderboardSchema;
export type RoundEntry = RoundLeaderboard['entries'][number];
export type MultiEntry = MultiRoundLeaderboard['entries'][number];
export type TeamEntry = TeamRoundLeaderboard['entries'][number];

/** Boards refresh on their own while a round is played (a phone's scores reach the board within seconds). */
export const BOARD_REFRESH_MS = 15_000;

export const boardKeys = {
  round: (tripId: string, roundId: string, basis: string, allowance: string) => ['trip', tripId, 'boards', 'round', roundId, basis, allowance] as const,
  teams: (tripId: string, roundId: string, basis: string) => ['trip', tripId, 'boards', 'teams', roundId, basis] as const,
  teamCards: (tripId: string, roundId: string) => ['trip', tripId, 'boards', 'team-cards', roundId] as const,
  multi: (tripId: string, roundIds: string, basis: string, allowance: string) => ['trip', tripId, 'boards', 'multi', roundIds, basis, allowance] as const,
};

const base = (tripId: string, rest: string) => `/trips/${encodeURIComponent(tripId)}/leaderboards${rest}`;
const qs = (q: Record<string, string | number | undefined | null>) => {
  const s = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') s.set(k, String(v));
  const t = s.toString();
  return t ? `?${t}` : '';
};

/** A round's board; `basis` and `allowance` empty for the round's own (its format's basis, WHS allowance). */
export function useRoundBoard(tripId: string, roundId: string, basis: LeaderboardBasis | '', allowance: number | null, enabled = true) {
  const { api } = useServices();
  const a = allowance === null ? '' : String(allowance);
  return useQuery(boardKeys.round(tripId, roundId, basis, a), () => api.get<RoundLeaderboard>(base(tripId, `/rounds/${encodeURIComponent(roundId)}${qs({ basis, allowancePercent: a })}`)), { enabled, refetchInterval: BOARD_REFRESH_MS });
}

export function useTeamBoard(tripId: string, roundId: string, basis: 'gross' | 'net', enabled = true) {
  const { api } = useServices();
  return useQuery(boardKeys.teams(tripId, roundId, basis), () => api.get<TeamRoundLeaderboard>(base(tripId, `/rounds/${encodeURIComponent(roundId)}/teams${qs({ basis })}`)), { enabled, refetchInterval: BOARD_REFRESH_MS });
}

/** Whether a round was converted to team scorecards (then it has a team board). */
export function useTeamCardCount(tripId: string, roundId: string, enabled = true) {
  const { api } = useServices();
  return useQuery(boardKeys.teamCards(tripId, roundId), async () => (await api.get<{ items: unknown[] }>(`/trips/${encodeURIComponent(tripId)}/rounds/${encodeURIComponent(roundId)}/team-scorecards`)).items.length, { enabled });
}

export function useMultiBoard(tripId: string, roundIds: readonly string[], basis: LeaderboardBasis, allowance: number | null, enabled = true) {
  const { api } = useServices();
  const ids = roundIds.join(',');
  const a = allowance === null ? '' : String(allowance);
  return useQuery(boardKeys.multi(tripId, ids, basis, a), () => api.get<MultiRoundLeaderboard>(base(tripId, `/multi-round${qs({ roundIds: ids, basis, allowancePercent: a })}`)), { enabled: enabled && roundIds.length > 0, refetchInterval: BOARD_REFRESH_MS });
}

export type TeamLines = import('../../../shared/schemas/leaderboards.js').TeamLines;

/** Where a team's figures come from: each member's hole lines and the team's counted scores. */
export function useTeamLines(tripId: string, roundId: string, teamcardId: string, enabled = true) {
  const { api } = useServices();
  return useQuery(['trip', tripId, 'boards', 'team-lines', roundId, teamcardId], () => api.get<TeamLines>(base(tripId, `/rounds/${encodeURIComponent(roundId)}/teams/${encodeURIComponent(teamcardId)}`)), { enabled });
}
