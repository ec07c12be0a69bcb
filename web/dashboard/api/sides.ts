/**
 * A four-ball round's sides (issue 34): `PUT …/rounds/:roundId/sides` makes them (by handicap or as the organizer
 * gives them), `GET …/team-scorecards` reads them with each side's better-ball net per hole. A change refreshes the
 * boards (the team board shows the sides) and the games.
 */
import type { z } from 'zod';
import type { SidesBody, TeamScorecard } from '../../../shared/schemas/games.js';
import { useMutation, useQuery } from '../data/hooks.js';
import { useServices } from '../screen.js';

export type SideCard = z.infer<typeof TeamScorecard>;
export interface SidesResult {
  items: SideCard[];
  skipped: { groupId: string; number: number; reason: string }[];
}

const roundPath = (tripId: string, roundId: string, rest: string) => `/trips/${encodeURIComponent(tripId)}/rounds/${encodeURIComponent(roundId)}${rest}`;
export const sidesKey = (tripId: string, roundId: string) => ['trip', tripId, 'rounds', roundId, 'sides'] as const;

/** The round's sides (its team cards made as sides), refreshed while the round is played. */
export function useSides(tripId: string, roundId: string, enabled = true) {
  const { api } = useServices();
  return useQuery(
    sidesKey(tripId, roundId),
    async () => (await api.get<{ items: SideCard[] }>(roundPath(tripId, roundId, '/team-scorecards'))).items.filter((c) => c.source === 'sides'),
    { enabled, refetchInterval: 30_000 },
  );
}

export function useMakeSides(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation(
    (body: SidesBody) => api.put<SidesResult>(roundPath(tripId, roundId, '/sides'), body),
    async (_r, c) => {
      await Promise.all([c.invalidate(sidesKey(tripId, roundId)), c.invalidate(['trip', tripId, 'boards']), c.invalidate(['trip', tripId, 'games'])]);
    },
  );
}
