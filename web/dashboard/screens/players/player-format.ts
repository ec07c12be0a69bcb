/** How the players' screens write a Handicap Index and a role. */
import { formatIndex } from '../../ui/handicap.js';

/** A Handicap Index as golfers write it: a plus handicap (stored negative) as "+2.1" (the shared formatter). */
export function formatHandicap(hi: number | undefined): string {
  return formatIndex(hi);
}

/** The same, for a form field ("" when none). */
export const handicapText = (hi: number | undefined) => (hi === undefined ? '' : formatHandicap(hi));

export const ROLE_OPTIONS = [
  { value: 'player', label: 'Player' },
  { value: 'organizer', label: 'Organizer' },
] as const;
