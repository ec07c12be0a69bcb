/**
 * How a head-to-head figure is drawn and said: a level from −3 (lost every time) to +3 (won every time) for the colour,
 * a sign (▲ ahead, ▼ behind, = level) so the colour never carries the meaning alone, and the same in words for a
 * screen reader. Pure, so the picture and its words cannot disagree.
 */
import type { HeadToHeadMatrix } from '../../api/analytics.js';

export type Cell = NonNullable<HeadToHeadMatrix['rows'][number]['cells'][number]>;

/** −3…+3 from the record (wins minus losses over all results, level only when they are equal); null when the two never met. */
export function levelOf(cell: Cell): number | null {
  const games = cell.won + cell.lost + cell.halved;
  if (cell.roundsTogether === 0 && games === 0) return null;
  if (games === 0 || cell.won === cell.lost) return 0;
  // Ahead or behind by any margin is never drawn level: at least one step from the middle.
  const share = (cell.won - cell.lost) / games;
  return Math.sign(share) * Math.max(1, Math.round(Math.abs(share) * 3));
}

export const signOf = (cell: Cell) => (cell.won > cell.lost ? '▲' : cell.won < cell.lost ? '▼' : '=');

/** "2–1", "2–1–1" (won, lost, halved). */
export const recordOf = (w: number, l: number, h: number) => `${w}–${l}${h ? `–${h}` : ''}`;

/** "4 fewer", "2 more", "level": net strokes of the row player against the column player over their rounds. */
export function strokesInWords(margin: number): string {
  if (margin === 0) return 'level on net strokes';
  return `${Math.abs(margin)} net stroke${Math.abs(margin) === 1 ? '' : 's'} ${margin < 0 ? 'fewer' : 'more'}`;
}

/** A signed margin as golfers write it: "−4", "+2", "E". */
export const signedStrokes = (n: number) => (n === 0 ? 'E' : n < 0 ? `−${Math.abs(n)}` : `+${n}`);

/** The cell in words: "Ann against Ben: won 2, lost 1, halved 0 (team matches); 3 rounds together, 4 net strokes fewer." */
export function cellInWords(row: string, col: string, cell: Cell | null): string {
  if (!cell) return `${row} against ${col}: never played together.`;
  if (levelOf(cell) === null) return `${row} against ${col}: no round completed together yet.`;
  const from = cell.source === 'matches' ? 'team matches' : 'rounds together, lower net wins';
  return `${row} against ${col}: won ${cell.won}, lost ${cell.lost}, halved ${cell.halved} (${from}); ${cell.roundsTogether} round${cell.roundsTogether === 1 ? '' : 's'} together, ${strokesInWords(cell.netMargin)}.`;
}

/** Initials for a narrow column head: "Ann Byrne" → "AB". */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase())
    .join('')
    .slice(0, 3);

/** A short tag per player for the column heads: initials, numbered where two players share them ("AB1", "AB2"). */
export function columnTags(names: readonly string[]): string[] {
  const tags = names.map(initials);
  const seen = new Map<string, number>();
  const count = new Map<string, number>();
  for (const t of tags) count.set(t, (count.get(t) ?? 0) + 1);
  return tags.map((t) => {
    if (count.get(t)! < 2) return t;
    const n = (seen.get(t) ?? 0) + 1;
    seen.set(t, n);
    return `${t}${n}`;
  });
}
