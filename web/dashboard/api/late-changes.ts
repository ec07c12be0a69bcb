/**
 * Late changes on the trip day (issue 34), as the tee sheet sends them: a player added to a group that has not
 * started (`/add-player`), a player marked as not playing the round (`/out-of-play`, previewed first) and put back.
 * Each answer refreshes the trip's queries: the sheet, the boards, the games and the control room all follow.
 */
import { useMutation } from '../data/hooks.js';
import { useServices } from '../screen.js';
import type { OutOfPlayAnswer } from '../../../shared/schemas/late-changes.js';
import type { Pairings } from './scheduling.js';

export type { OutOfPlayAnswer } from '../../../shared/schemas/late-changes.js';

const round = (roundId: string, rest = '') => `/rounds/${encodeURIComponent(roundId)}${rest}`;

export function useAddPlayer(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation(
    (body: { playerId: string; toGroup: number }) => api.post<Pairings>(round(roundId, '/add-player'), body),
    (_p, c) => c.invalidate(['trip', tripId]),
  );
}

export function useOutOfPlay(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation(
    (body: { playerId: string; nassau: 'forfeit' | 'void'; preview: boolean }) => api.post<OutOfPlayAnswer>(round(roundId, '/out-of-play'), body),
    async (a, c) => {
      if (a.applied) await c.invalidate(['trip', tripId]);
    },
  );
}

export function useReinstate(tripId: string, roundId: string) {
  const { api } = useServices();
  return useMutation(
    (body: { playerId: string; preview: boolean }) => api.delete<OutOfPlayAnswer>(`${round(roundId, `/out-of-play/${encodeURIComponent(body.playerId)}`)}${body.preview ? '?preview=true' : ''}`),
    async (a, c) => {
      if (a.applied) await c.invalidate(['trip', tripId]);
    },
  );
}
