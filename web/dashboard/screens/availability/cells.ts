/**
 * What one cell of the availability grid says, from a player's answer, by the server's rules
 * (`shared/domain/availability`): the days listed are days they can come and the trip's other days days they cannot;
 * a round follows the answer for its day unless the player answered for the round itself.
 */
import type { Availability } from '../../api/availability.js';

export type Cell = 'yes' | 'no' | 'unknown';

export function dayCell(a: Availability | undefined, day: string): Cell {
  if (!a?.days) return 'unknown';
  return a.days.includes(day) ? 'yes' : 'no';
}

/** A round's cell and whether it comes from the day's answer (`byDay`) rather than one for the round. */
export function roundCell(a: Availability | undefined, round: { id: string; date: string }): { cell: Cell; byDay: boolean } {
  const own = a?.rounds[round.id];
  if (own !== undefined) return { cell: own ? 'yes' : 'no', byDay: false };
  return { cell: dayCell(a, round.date), byDay: true };
}

/** The days after a click on one: a day they could come becomes one they cannot, and the other way round. */
export function toggledDays(a: Availability | undefined, day: string): string[] {
  const days = a?.days ?? [];
  return days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort();
}

export const CELL_WORDS: Record<Cell, string> = { yes: 'can come', no: 'cannot come', unknown: 'no answer' };
export const CELL_MARK: Record<Cell, string> = { yes: 'Yes', no: 'No', unknown: '?' };
