/** A trip's contents in words: "16 players", "540 scores"… only what it has. */
import { plural } from '../../common/format.js';
import type { TripContents } from '../api/types.js';

const NOUNS: [keyof TripContents, string, string?][] = [
  ['players', 'player'],
  ['rounds', 'round'],
  ['scores', 'score'],
  ['expenses', 'expense'],
  ['receipts', 'receipt'],
  ['settlements', 'settlement'],
  ['wagers', 'wager'],
  ['competitions', 'competition'],
  ['reports', 'report'],
  ['activities', 'activity', 'activities'],
  ['travel', 'travel booking'],
  ['coOrganizers', 'co-organizer'],
];

/** `[["players", "16 players"], …]` for every kind the trip holds at least one of. */
export function contentsInWords(c: TripContents): [keyof TripContents, string][] {
  return NOUNS.filter(([k]) => c[k] > 0).map(([k, one, many]) => [k, plural(c[k], one, many)]);
}
