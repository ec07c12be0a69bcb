/** How the players' screens write a Handicap Index and a role. */

/** A Handicap Index as golfers write it: a plus handicap (stored negative) as "+2.1". */
export function formatHandicap(hi: number | undefined): string {
  if (hi === undefined) return '—';
  return hi < 0 ? `+${(-hi).toFixed(1)}` : hi.toFixed(1);
}

/** The same, for a form field ("" when none). */
export const handicapText = (hi: number | undefined) => (hi === undefined ? '' : formatHandicap(hi));

export const ROLE_OPTIONS = [
  { value: 'player', label: 'Player' },
  { value: 'organizer', label: 'Organizer' },
] as const;
