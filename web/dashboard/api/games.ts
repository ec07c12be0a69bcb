/**
 * The games of a trip (issue 24, Games tab): side games (skins, Nassau) with their state, the point games of a
 * round, competitions with their boards and team matches. Everything is keyed under `['trip', id, 'games' | …]`;
 * a change of a game refreshes the games, the boards and the money that follow from it.
 */
import type { z } from 'zod';
import type { Competition as CompetitionSchema, CreateCompetitionBody, PatchCompetitionBody } from '../../../shared/schemas/competition.js';
import type { CreatePointGameBody, NassauPerGroupAnswer, PatchSideGameBody, PointGame as PointGameSchema, SideGameWithState as SideGameWithStateSchema } from '../../../shared/schemas/games.js';
import type { CompetitionLeaderboard as CompetitionLeaderboardSchema } from '../../../shared/schemas/leaderboards.js';
import type { CreateMatchBody, Match as MatchSchema, PatchMatchBody } from '../../../shared/schemas/match.js';
import { useMutation, useQuery } from '../data/hooks.js';
import type { QueryClient } from '../data/query.js';
import { useServices } from '../screen.js';

export type SideGameWithState = z.infer<typeof SideGameWithStateSchema>;
export type SideGame = SideGameWithState['game'];
export type SkinsGame = Extract<SideGame, { kind: 'skins' }>;
export type NassauGame = Extract<SideGame, { kind: 'nassau' }>;
export type SkinsState = Extract<SideGameWithState['state'], { kind: 'skins' }>;
export type NassauState = Extract<SideGameWithState['state'], { kind: 'nassau' }>;
export type PointGame = z.infer<typeof PointGameSchema>;
export type Competition = z.infer<typeof CompetitionSchema>;
export type CompetitionBoard = z.infer<typeof CompetitionLeaderboardSchema>;
export type Match = z.infer<typeof MatchSchema>;

/** The body of a new side game as the dashboard sends it (`confirmCompleted` for a completed round). */
export type NewSideGameBody = Record<string, unknown> & { confirmCompleted?: boolean };

export const gameKeys = {
  all: (tripId: string) => ['trip', tripId, 'games'] as const,
  sideGames: (tripId: string, roundId: string) => ['trip', tripId, 'games', 'side', roundId] as const,
  sideGame: (tripId: string, gameId: string) => ['trip', tripId, 'games', 'side-game', gameId] as const,
  pointGames: (tripId: string, roundId: string) => ['trip', tripId, 'games', 'point', roundId] as const,
  competitions: (tripId: string) => ['trip', tripId, 'games', 'competitions'] as const,
  competition: (tripId: string, competitionId: string) => ['trip', tripId, 'games', 'competition', competitionId] as const,
  board: (tripId: string, competitionId: string) => ['trip', tripId, 'games', 'board', competitionId] as const,
  matches: (tripId: string, competitionId: string) => ['trip', tripId, 'games', 'matches', competitionId] as const,
};

const tripPath = (tripId: string, rest = '') => `/trips/${encodeURIComponent(tripId)}${rest}`;
const enc = encodeURIComponent;

/** A round's side games, each with its state computed now (one request per game, in parallel). */
export function useSideGames(tripId: string, roundId: string) {
  const { api } = useServices();
  return useQuery(gameKeys.sideGames(tripId, roundId), async () => {
    const list = await api.get<{ items: SideGame[] }>(tripPath(tripId, `/side-games?roundId=${enc(roundId)}`));
    return Promise.all(list.items.map((g) => api.get<SideGameWithState>(tripPath(tripId, `/side-games/${enc(g.id)}`))));
  });
}

export function useSideGame(tripId: string, gameId: string) {
  const { api } = useServices();
  return useQuery(gameKeys.sideGame(tripId, gameId), () => api.get<SideGameWithState>(tripPath(tripId, `/side-games/${enc(gameId)}`)));
}

export function usePointGames(tripId: string, roundId: string) {
  const { api } = useServices();
  return useQuery(gameKeys.pointGames(tripId, roundId), () => api.get<{ items: PointGame[] }>(tripPath(tripId, `/rounds/${enc(roundId)}/point-games`)));
}

export function useCompetitions(tripId: string) {
  const { api } = useServices();
  return useQuery(gameKeys.competitions(tripId), () => api.get<{ items: Competition[] }>(tripPath(tripId, '/competitions')));
}

export function useCompetition(tripId: string, competitionId: string) {
  const { api } = useServices();
  return useQuery(gameKeys.competition(tripId, competitionId), () => api.get<Competition>(tripPath(tripId, `/competitions/${enc(competitionId)}`)));
}

export function useCompetitionBoard(tripId: string, competitionId: string, enabled = true) {
  const { api } = useServices();
  return useQuery(gameKeys.board(tripId, competitionId), () => api.get<CompetitionBoard>(tripPath(tripId, `/leaderboards/competitions/${enc(competitionId)}`)), { enabled });
}

export function useMatches(tripId: string, competitionId: string, enabled = true) {
  const { api } = useServices();
  return useQuery(gameKeys.matches(tripId, competitionId), () => api.get<{ items: Match[] }>(tripPath(tripId, `/competitions/${enc(competitionId)}/matches`)), { enabled });
}

/**
 * A game changed: every game view of the trip, and what follows from games under the other tabs' keys (money and
 * plans, boards, the Disputes tab's list of a round's games, analytics) are marked stale so they read again when shown.
 */
async function gamesChanged(c: QueryClient, tripId: string) {
  const follow = ['money', 'boards', 'side-games', 'analytics', 'contents'];
  await Promise.all([c.invalidate(gameKeys.all(tripId)), ...follow.map((k) => c.invalidate(['trip', tripId, k]))]);
}

export function useCreateSideGame(tripId: string) {
  const { api } = useServices();
  return useMutation((body: NewSideGameBody) => api.post<SideGameWithState>(tripPath(tripId, '/side-games'), body), (_r, c) => gamesChanged(c, tripId));
}

export type NassauPerGroupResult = z.infer<typeof NassauPerGroupAnswer>;

/** `POST …/rounds/:roundId/nassau-per-group`: a Nassau in every group of the round, in one request (issue 35). */
export function useNassauPerGroup(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation((body: Record<string, unknown>) => api.post<NassauPerGroupResult>(tripPath(tripId, `/rounds/${enc(roundId)}/nassau-per-group`), body), (_r, c) => gamesChanged(c, tripId));
}

export function usePatchSideGame(tripId: string, gameId: string) {
  const { api } = useServices();
  return useMutation((body: z.input<typeof PatchSideGameBody>) => api.patch<SideGameWithState>(tripPath(tripId, `/side-games/${enc(gameId)}`), body), (_r, c) => gamesChanged(c, tripId));
}

export function useDeleteSideGame(tripId: string) {
  const { api } = useServices();
  return useMutation(
    (gameId: string) => api.delete(tripPath(tripId, `/side-games/${enc(gameId)}`)),
    async (_r, c, gameId) => {
      c.remove(gameKeys.sideGame(tripId, gameId));
      await gamesChanged(c, tripId);
    },
  );
}

export function usePress(tripId: string, gameId: string) {
  const { api } = useServices();
  return useMutation(
    (body: { side: 'a' | 'b'; startHole: number; bet?: string }) => api.post<SideGameWithState>(tripPath(tripId, `/side-games/${enc(gameId)}/presses`), body),
    (_r, c) => gamesChanged(c, tripId),
  );
}

export function useSetUpPointGame(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation((body: z.input<typeof CreatePointGameBody>) => api.post<PointGame>(tripPath(tripId, `/rounds/${enc(roundId)}/point-games`), body), (_r, c) => gamesChanged(c, tripId));
}

export function useCreateCompetition(tripId: string) {
  const { api } = useServices();
  return useMutation((body: z.input<typeof CreateCompetitionBody>) => api.post<Competition>(tripPath(tripId, '/competitions'), body), (_r, c) => gamesChanged(c, tripId));
}

export function usePatchCompetition(tripId: string, competitionId: string) {
  const { api } = useServices();
  return useMutation((body: z.input<typeof PatchCompetitionBody>) => api.patch<Competition>(tripPath(tripId, `/competitions/${enc(competitionId)}`), body), (_r, c) => gamesChanged(c, tripId));
}

export function useDeleteCompetition(tripId: string) {
  const { api } = useServices();
  return useMutation((competitionId: string) => api.delete(tripPath(tripId, `/competitions/${enc(competitionId)}`)), (_r, c) => gamesChanged(c, tripId));
}

export function useCreateMatch(tripId: string, competitionId: string) {
  const { api } = useServices();
  return useMutation((body: z.input<typeof CreateMatchBody>) => api.post<Match>(tripPath(tripId, `/competitions/${enc(competitionId)}/matches`), body), (_r, c) => gamesChanged(c, tripId));
}

export function usePatchMatch(tripId: string, competitionId: string) {
  const { api } = useServices();
  return useMutation(
    ({ matchId, body }: { matchId: string; body: z.input<typeof PatchMatchBody> }) => api.patch<Match>(tripPath(tripId, `/competitions/${enc(competitionId)}/matches/${enc(matchId)}`), body),
    (_r, c) => gamesChanged(c, tripId),
  );
}

export function useDeleteMatch(tripId: string, competitionId: string) {
  const { api } = useServices();
  return useMutation((matchId: string) => api.delete(tripPath(tripId, `/competitions/${enc(competitionId)}/matches/${enc(matchId)}`)), (_r, c) => gamesChanged(c, tripId));
}
