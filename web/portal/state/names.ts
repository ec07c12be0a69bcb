/**
 * The trip's players by the names the phone shows in tight places (scorecard rows, boards, money): the shortest name
 * unique in the trip (web/common/display-names.ts), so two Mikes read "Mike S." and "Mike T.", never "Mike S…".
 * Full names stay in accessible labels and sentences with room.
 */
import { useMemo } from 'preact/hooks';
import { displayNames } from '../../common/display-names.js';
import { useDocs } from './hooks.js';

interface PlayerLike {
  id: string;
  name: string;
  createdAt?: string;
}

/** Short names by player id, from the trip's players on the phone (undefined while they are read). */
export function useShortNames(): Map<string, string> | undefined {
  const players = useDocs<PlayerLike>('player');
  return useMemo(() => players && shortNamesOf(players), [players]);
}

/** Short names of these players (the trip's): players with the same full name numbered in the order they were added. */
export function shortNamesOf(players: readonly PlayerLike[]): Map<string, string> {
  const ordered = [...players].sort((a, b) => String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? '')) || String(a.id).localeCompare(String(b.id)));
  return displayNames(ordered.map((p) => ({ id: String(p.id), name: String(p.name ?? p.id) })));
}
