/**
 * Handicaps and handicap strokes as golfers read them, for every app (dashboard, printed pages, the golfer's phone).
 * Pure formatting of figures the server computed: plus handicaps (negative numbers in the API) are written with a
 * "+", as on a handicap certificate, never with a minus; a Course Handicap is a whole number (WHS Rules of
 * Handicapping, Rule 6.1: rounded to the nearest whole number, .5 upwards), as on the club's chart.
 */
import { roundHandicap } from '../../shared/domain/golf/handicap.js';

/** A Handicap Index: one decimal, plus handicaps with "+": `formatIndex(-2.4)` → "+2.4", `formatIndex(0)` → "0.0". */
export function formatIndex(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const r = Math.round(value * 10) / 10;
  if (r < 0) return `+${Math.abs(r).toFixed(1)}`;
  return r.toFixed(1);
}

/**
 * A Course Handicap as the club's chart shows it: the whole number of WHS Rule 6.1 (.5 upwards on the signed
 * value, the domain's {@link roundHandicap}), plus handicaps with "+": `formatCourse(15.308)` → "15",
 * `formatCourse(-1.2)` → "+1", `formatCourse(22)` → "22".
 */
export function formatCourse(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return formatPlaying(roundHandicap(value));
}

/**
 * The unrounded Course Handicap, only for a line that explains how a Playing Handicap was computed (the allowance
 * applies to the unrounded value, WHS Appendix C): one decimal, "+" for plus, `formatCourseExact(-1.24)` → "+1.2".
 */
export const formatCourseExact = formatIndex;

/** A Playing Handicap (a whole number): `formatPlaying(-3)` → "+3", `formatPlaying(0)` → "0". */
export function formatPlaying(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const n = Math.round(value);
  return n < 0 ? `+${-n}` : String(n === 0 ? 0 : n);
}

/** The marks of one hole on a card: "●" per stroke received, "+" per stroke a plus handicap gives back, "" for none. */
export function strokeMarks(strokes: number): string {
  if (strokes > 0) return '●'.repeat(strokes);
  if (strokes < 0) return '+'.repeat(-strokes);
  return '';
}

/**
 * Where strokes fall, in words for a screen reader and a table: "holes 4, 12 and 17 (2 on 4)", "gives back on holes
 * 16 and 18", "none".
 */
export function strokesInWords(holes: readonly { number: number }[], strokes: readonly number[]): string {
  const got = holes.filter((_, i) => (strokes[i] ?? 0) > 0);
  const back = holes.filter((_, i) => (strokes[i] ?? 0) < 0);
  const list = (hs: { number: number }[]) => (hs.length === 1 ? `hole ${hs[0]!.number}` : `holes ${hs.slice(0, -1).map((h) => h.number).join(', ')} and ${hs[hs.length - 1]!.number}`);
  const parts: string[] = [];
  if (got.length === holes.length && got.length) parts.push('every hole');
  else if (got.length) parts.push(list(got));
  const extra = holes.filter((_, i) => Math.abs(strokes[i] ?? 0) > 1).map((h) => `${Math.abs(strokes[holes.indexOf(h)]!)} on ${h.number}`);
  if (back.length) parts.push(`gives back on ${list(back)}`);
  if (!parts.length) return 'none';
  return `${parts.join('; ')}${extra.length ? ` (${extra.join(', ')})` : ''}`;
}
