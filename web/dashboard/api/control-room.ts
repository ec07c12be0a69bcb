/**
 * The control room of a round in play (issue 24): `GET /trips/:tripId/rounds/:roundId/control-room`, and a short
 * round board read only when the room says the scores moved.
 *
 * How it stays live — a poll every 2 s while the page is visible, paused while it is hidden, and one at once when
 * the page shows again or the browser says the network is back. Why a poll rather than a push channel:
 * - "Last heard from" changes when a phone merely syncs, without any write to the trip's database, so a changes
 *   feed of the database would miss exactly what this screen is for (a group going silent); the room route merges
 *   the server's memory of phones heard at each request.
 * - Each poll is cheap: the room is computed once per state of the trip database on the server, and its answer
 *   carries a strong ETag with `Cache-Control: no-cache`. The browser's HTTP cache therefore sends `If-None-Match`
 *   on every poll by itself, and an unchanged room costs a 304 without a body (the page gets the kept copy).
 * - A failed poll is the offline signal: the data layer keeps the last answer on screen with its time, and the next
 *   poll (still every 2 s) catches up as soon as the server answers again. No socket to re-open, nothing to resume.
 * - 2 s keeps "a phone's score → on this screen" well under the 3 s target (bench/dashboard-control-room.ts).
 */
import { useEffect, useState } from 'preact/hooks';
import type { z } from 'zod';
import type { RoundLeaderboard as RoundBoardSchema } from '../../../shared/schemas/leaderboards.js';
import type { ControlRoom as ControlRoomSchema } from '../../../shared/schemas/trip-day.js';
import { useQuery } from '../data/hooks.js';
import { useServices } from '../screen.js';

export type ControlRoom = z.infer<typeof ControlRoomSchema>;
export type RoomGroup = ControlRoom['groups'][number];
export type RoomPlayer = RoomGroup['players'][number];
export type MissingScore = ControlRoom['missingScores'][number];
export type RoundBoard = z.infer<typeof RoundBoardSchema>;

/** How often the room is asked for while the page is visible. */
export const POLL_MS = 2_000;

export const controlRoomKeys = {
  room: (tripId: string, roundId: string) => ['trip', tripId, 'rounds', roundId, 'control-room'] as const,
  /** The board at one state of the trip (`updateSeq`): a new state reads it again, the same state never does. */
  board: (tripId: string, roundId: string, seq: string) => ['trip', tripId, 'rounds', roundId, 'control-room', 'board', seq] as const,
};

const tripPath = (tripId: string, rest: string) => `/trips/${encodeURIComponent(tripId)}${rest}`;

/** Whether the page is visible (a hidden tab does not poll). */
export function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => typeof document === 'undefined' || document.visibilityState !== 'hidden');
  useEffect(() => {
    const on = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', on);
    return () => document.removeEventListener('visibilitychange', on);
  }, []);
  return visible;
}

/** The room, polled every {@link POLL_MS} while the page is visible; asked for at once when it shows again or the network comes back. */
export function useControlRoom(tripId: string, roundId: string | null) {
  const { api } = useServices();
  const visible = usePageVisible();
  const q = useQuery(
    controlRoomKeys.room(tripId, roundId ?? ''),
    () => api.get<ControlRoom>(tripPath(tripId, `/rounds/${encodeURIComponent(roundId!)}/control-room`)),
    { enabled: !!roundId, refetchInterval: visible ? POLL_MS : undefined },
  );
  const { refetch } = q;
  useEffect(() => {
    if (!roundId) return;
    const now = () => void refetch().catch(() => undefined);
    if (visible) now();
    window.addEventListener('online', now);
    return () => window.removeEventListener('online', now);
  }, [roundId, visible, refetch]);
  return q;
}

/** The round board (its default basis), read again only when the room's `updateSeq` moves. */
export function useRoomBoard(tripId: string, roundId: string, seq: string | null) {
  const { api } = useServices();
  return useQuery(
    controlRoomKeys.board(tripId, roundId, seq ?? ''),
    () => api.get<RoundBoard>(tripPath(tripId, `/leaderboards/rounds/${encodeURIComponent(roundId)}`)),
    { enabled: seq !== null },
  );
}
