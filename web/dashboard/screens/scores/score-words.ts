/**
 * The words of the Disputes and corrections tab: a hole's value, who entered it, a dispute's competing values, and
 * what a side game's result means, said the way an organizer reads a scorecard (pure, unit-testable).
 */
import { formatHistoryTime, type TripClock } from '../../../common/format.js';
import { scoreDispute } from '../../../../sync/device/disputes.js';
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

interface Entered {
  enteredBy: string;
  deviceId: string;
  enteredAt: string;
}

/**
 * Whose phone each value was entered on, in words, for the entries shown together (a hole's history, a dispute's
 * values): "Cat Duarte's phone" — a phone writes as the player whose link it opened (the server checks `enteredBy`
 * against the link), so the device is named after that player, never by the id it gave itself; a player's second
 * device in the same list is "Cat Duarte's phone (2nd device)", by the order each first entered a value. An
 * organizer's value is "Sam Organizer (organizer), on the dashboard". `nameOf` names an `enteredBy`.
 */
export function devicesInWords(entries: readonly Entered[], nameOf: (enteredBy: string) => string): (e: Entered) => string {
  const devices = new Map<string, string[]>();
  for (const e of [...entries].sort((a, b) => Date.parse(a.enteredAt) - Date.parse(b.enteredAt))) {
    const mine = devices.get(e.enteredBy) ?? [];
    if (!mine.includes(e.deviceId)) mine.push(e.deviceId);
    devices.set(e.enteredBy, mine);
  }
  return (e) => {
    const who = nameOf(e.enteredBy);
    if (e.enteredBy.startsWith('organizer:') || e.deviceId === 'dashboard') return `${who}, on the dashboard`;
    const n = (devices.get(e.enteredBy) ?? []).indexOf(e.deviceId) + 1;
    return n > 1 ? `${who}'s phone (${ordinal(n)} device)` : `${who}'s phone`;
  };
}

export interface DisputeValue {
  strokes: number | null;
  enteredBy: string;
  deviceId: string;
  enteredAt: string;
  /** The value every phone shows now (the latest entry wins: shared/domain/scores.ts). */
  counts: boolean;
  /** Whose phone entered it, in words ({@link devicesInWords}), when the choice says so. */
  where?: string;
}

/**
 * The values a disputed hole is torn between, by the rule the phones use (`scoreDispute`, sync/device/disputes.ts):
 * the one that counts, then, for each other phone whose latest value disagrees with it, that latest value. An
 * earlier value a phone replaced itself (a correction before the disagreement) is history, not a second opinion.
 */
export function disputeValues(score: Pick<Score, 'strokes' | 'enteredBy' | 'deviceId' | 'enteredAt' | 'history'>): DisputeValue[] {
  const dispute = scoreDispute({ ...score, disputed: true })!;
  return [{ ...dispute.winner, counts: true }, ...dispute.others.map((e) => ({ ...e, counts: false }))].map((v) => ({ strokes: v.strokes, enteredBy: v.enteredBy, deviceId: v.deviceId, enteredAt: v.enteredAt, counts: v.counts }));
}

/** The values to choose between when settling: each value once (two phones with the same value are one choice). */
export function disputeChoices(values: readonly DisputeValue[]): DisputeValue[] {
  return values.filter((v, i) => values.findIndex((w) => w.strokes === v.strokes) === i);
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

/** Who is up in a bet still being played: "Ann Byrne 2 up", "Ann & Ben 1 up", "all square". */
export function betUp(aUp: number, sideA: string, sideB: string): string {
  return aUp === 0 ? 'all square' : `${aUp > 0 ? sideA : sideB} ${Math.abs(aUp)} up`;
}

/**
 * A Nassau bet's change in a preview, or null when nothing a golfer reads changes: "Front nine: Ann Byrne wins →
 * halved"; a bet still being played before and after says who is up ("Overall (18 holes), still being played: Ann
 * Byrne 1 up → all square").
 */
export function betChange(bet: { id: string; result: { before: string; after: string }; aUp: { before: number; after: number } }, sideA: string, sideB: string): string | null {
  const playing = bet.result.before === 'in_progress' && bet.result.after === 'in_progress';
  if (playing) {
    if (bet.aUp.before === bet.aUp.after) return null;
    return `${betName(bet.id)}, still being played: ${betUp(bet.aUp.before, sideA, sideB)} → ${betUp(bet.aUp.after, sideA, sideB)}`;
  }
  const before = bet.result.before === 'in_progress' ? `${betUp(bet.aUp.before, sideA, sideB)}, still being played` : betResult(bet.result.before, sideA, sideB);
  const after = bet.result.after === 'in_progress' ? `${betUp(bet.aUp.after, sideA, sideB)}, still being played` : betResult(bet.result.after, sideA, sideB);
  return before === after ? null : `${betName(bet.id)}: ${before} → ${after}`;
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
