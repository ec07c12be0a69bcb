/**
 * Handicaps and handicap strokes as golfers read them. Pure formatting of figures the server computed: plus
 * handicaps (negative numbers in the API) are written with a "+", as on a handicap certificate.
 */

/** A Handicap Index or Course Handicap: one decimal, plus handicaps with "+": `formatIndex(-2.4)` → "+2.4". */
export function formatIndex(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  const r = Math.round(value * 10) / 10;
  if (r < 0) return `+${Math.abs(r).toFixed(1)}`;
  return r.toFixed(1);
}

/** A Playing Handicap (a whole number): `formatPlaying(-3)` → "+3", `formatPlaying(0)` → "0". */
export function formatPlaying(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return value < 0 ? `+${-value}` : String(value);
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
