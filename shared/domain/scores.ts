import type { ScoreEntry } from '../schemas/round.js';

/** A version of one hole's score: its current entry and the values it already keeps in its history. */
export interface ScoreVersion extends ScoreEntry {
  history?: ScoreEntry[];
  disputed?: boolean;
}

/** `strokes: null` (picked up) prints as `pickup`, never as a number, so it is a value of its own. */
const entryKey = (e: ScoreEntry) => `${e.enteredAt}|${e.deviceId}|${e.enteredBy}|${e.strokes ?? 'pickup'}`;

/**
 * The one rule every party (server and each device) uses to pick the winner between two values of one hole: the
 * latest `enteredAt` as an instant (the server's clock as the entering device knew it: sync/device/clock.ts; REST
 * entries may carry any UTC offset, so instants are compared, not strings), then the text of `enteredAt`, the
 * greater device id, who entered it, then the strokes, a picked-up hole (`strokes: null`, WHS Rule 3.1b) below any
 * number — a total order, so the same set of values always gives the same winner whatever the order they arrive in.
 */
export function compareEntries(a: ScoreEntry, b: ScoreEntry): number {
  return (
    Date.parse(a.enteredAt) - Date.parse(b.enteredAt) ||
    cmp(a.enteredAt, b.enteredAt) ||
    cmp(a.deviceId, b.deviceId) ||
    cmp(a.enteredBy, b.enteredBy) ||
    compareStrokes(a.strokes, b.strokes)
  );
}

/** Strokes in order, a pick-up (`null`) first. */
function compareStrokes(a: number | null, b: number | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  return a - b;
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function entryOf(v: ScoreEntry): ScoreEntry {
  return { strokes: v.strokes, enteredBy: v.enteredBy, deviceId: v.deviceId, enteredAt: v.enteredAt, ...(v.reason ? { reason: v.reason } : {}) };
}

/**
 * Merges conflicting versions of one hole's score. The winner by {@link compareEntries} becomes the value; every
 * other value (the losers and everything already in any history) is kept in `history`, oldest first, without
 * duplicates. The result is disputed when the competing current values disagree on the strokes, or when a merged
 * version was already disputed. Commutative and idempotent: merge(a, b) = merge(b, a) = merge(merge(a, b), b).
 */
export function mergeScoreVersions<T extends ScoreVersion>(versions: T[]): T & { history: ScoreEntry[]; disputed: boolean } {
  if (versions.length === 0) throw new Error('nothing to merge');
  const sorted = [...versions].sort((a, b) => compareEntries(b, a));
  const winner = sorted[0]!;
  const seen = new Set([entryKey(winner)]);
  const history: ScoreEntry[] = [];
  for (const v of versions) {
    for (const e of [entryOf(v), ...(v.history ?? [])]) {
      const key = entryKey(e);
      if (seen.has(key)) continue;
      seen.add(key);
      history.push(entryOf(e));
    }
  }
  history.sort(compareEntries);
  const currentValues = new Set(versions.map((v) => v.strokes));
  const disputed = currentValues.size > 1 || versions.some((v) => v.disputed === true);
  return { ...winner, ...entryOf(winner), history, disputed };
}

/** Whether two versions carry the same value and history (RxDB's `isEqual` for score documents). */
export function sameScoreVersion(a: ScoreVersion, b: ScoreVersion): boolean {
  return (
    entryKey(a) === entryKey(b) &&
    (a.disputed ?? false) === (b.disputed ?? false) &&
    JSON.stringify((a.history ?? []).map(entryKey).sort()) === JSON.stringify((b.history ?? []).map(entryKey).sort())
  );
}
