/**
 * The words of the Disputes and corrections tab: a hole's value, who entered it, a dispute's competing values, and
 * what a side game's result means, said the way an organizer reads a scorecard (pure, unit-testable).
 */
import { formatHistoryTime, type TripClock } from '../../../common/format.js';
import type { Score } from '../../api/score-fixes.js';

/** "5", or "picked up" (`null`, WHS Rule 3.1b). */
export const strokesText = (s: number | null | undefined): string => (s === null ? 'picked up' : s === undefined ? '—' : String(s));

/** "5 strokes", "1 stroke", "picked up". */
export const strokesLong = (s: number | null): string => (s === null ? 'picked up' : `${s} ${s === 1 ? 'stroke' : 'strokes'}`);

/** Who entered a value, by name: a player of the trip, or an organizer (from the dashboard). */
export function enteredByName(enteredBy: string, names: ReadonlyMap<string, string>, organizerName?: string | null): string {
  if (enteredBy.startsWith('organizer:')) return organizerName ? `${organizerName} (organizer)` : 'an organizer';
  return names.get(enteredBy) ?? 'a removed player';
}

/** Where a value was entered: "on Cat's phone" style, from the device id the phone gave itself. */
export function deviceText(deviceId: string): string {
  return deviceId === 'dashboard' ? 'on the dashboard' : `device ${deviceId}`;
}

export interface DisputeValue {
  strokes: number | null;
  enteredBy: string;
  deviceId: string;
  enteredAt: string;
  /** The value every phone shows now (the latest entry wins: shared/domain/scores.ts). */
  counts: boolean;
}

/**
 * The values a disputed hole is torn between: the one that counts, then the latest entry of each other value in its
 * history (an earlier value a phone itself replaced is not a second opinion, so only values that differ are kept).
 */
export function disputeValues(score: Pick<Score, 'strokes' | 'enteredBy' | 'deviceId' | 'enteredAt' | 'history'>): DisputeValue[] {
  const out: DisputeValue[] = [{ strokes: score.strokes, enteredBy: score.enteredBy, deviceId: score.deviceId, enteredAt: score.enteredAt, counts: true }];
  const seen = new Set<number | null>([score.strokes]);
  for (const e of [...score.history].reverse()) {
    if (seen.has(e.strokes)) continue;
    seen.add(e.strokes);
    out.push({ strokes: e.strokes, enteredBy: e.enteredBy, deviceId: e.deviceId, enteredAt: e.enteredAt, counts: false });
  }
  return out;
}

/** A Nassau bet by its id: the three original bets, or a press. */
export function betName(id: string): string {
  if (id === 'front') return 'Front nine';
  if (id === 'back') return 'Back nine';
  if (id === 'overall') return 'Overall (18 holes)';
  return 'A press';
}

/** A Nassau bet's result, with the sides named. */
export function betResult(result: string, sideA: string, sideB: string): string {
  const win = (side: string) => `${side} ${side.includes(' & ') ? 'win' : 'wins'}`;
  if (result === 'a') return win(sideA);
  if (result === 'b') return win(sideB);
  if (result === 'halved') return 'halved';
  if (result === 'in_progress') return 'still being played';
  return 'not played';
}

/** A skins hole's outcome, with the winner named. */
export function skinsOutcome(outcome: string, winner: string | null, skins: number, nameOf: (id: string) => string): string {
  if (outcome === 'won' && winner) return `${nameOf(winner)} wins ${skins === 1 ? 'the skin' : `${skins} skins`}`;
  if (outcome === 'tied') return 'tied, the skin carries over';
  if (outcome === 'not_validated') return 'not won yet (the next hole decides)';
  return 'no scores yet';
}

/** "2nd", "T3": a board position as the server labels it ("2", "T3"). */
export function positionText(label: string): string {
  if (label.startsWith('T')) return `tied ${ordinal(Number(label.slice(1)))}`;
  const n = Number(label);
  return Number.isFinite(n) && n > 0 ? ordinal(n) : label || '—';
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : n % 10 === 1 ? 'st' : n % 10 === 2 ? 'nd' : n % 10 === 3 ? 'rd' : 'th';
  return `${n}${suffix}`;
}

/** A score against par: "+3", "−1", "E". */
export function toParText(n: number | null): string {
  if (n === null) return '—';
  return n === 0 ? 'E' : n > 0 ? `+${n}` : `−${-n}`;
}

/** When a value was entered, on the trip's clock: "14:05"; on a trip of several days "Sat 11 Apr, 14:05". */
export const whenText = (iso: string, trip: TripClock): string => formatHistoryTime(iso, trip);
