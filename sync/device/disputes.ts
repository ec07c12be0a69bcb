/**
 * A disputed hole as a phone shows it: the value that stands (the winner of the shared conflict rule) and the
 * competing values it beat. The dispute itself is the server's: `disputed` on the score document, set by
 * `mergeScoreVersions` (shared/domain/scores.ts) — on the server after a conflicted write, on a device resolving a
 * push conflict — whenever the competing current values disagree on the strokes, and cleared when an organizer
 * settles the hole (`organizerScore`, shared/domain/score-corrections.ts). The server lists exactly these scores
 * (`GET /trips/:tripId/score-disputes`), so a phone and the organizer see the same set.
 */
import { compareEntries } from '../../shared/domain/scores.js';
import type { ScoreEntry } from '../../shared/schemas/round.js';

export interface ScoreDispute {
  /** The value the hole counts with: the latest by the shared rule (`compareEntries`). */
  winner: ScoreEntry;
  /**
   * The values it beat: for each other device (or writer) whose latest value disagrees with the winner, that latest
   * value, best first by the same rule. Earlier values a device replaced itself are not competitors.
   */
  others: ScoreEntry[];
}

type DisputableScore = ScoreEntry & { history?: readonly ScoreEntry[] | undefined; disputed?: boolean | undefined };

const entryOf = (e: ScoreEntry): ScoreEntry => ({ strokes: e.strokes, enteredBy: e.enteredBy, deviceId: e.deviceId, enteredAt: e.enteredAt, ...(e.reason ? { reason: e.reason } : {}) });
const writerOf = (e: ScoreEntry) => `${e.deviceId}\u0000${e.enteredBy}`;

/**
 * The dispute of one score document, or null when it is not disputed (no `disputed` flag: never merged from
 * disagreeing values, or settled by an organizer).
 * @example scoreDispute(mergeScoreVersions([a4, b5])) // { winner: b5, others: [a4] } when b5 was entered later
 */
export function scoreDispute(score: DisputableScore): ScoreDispute | null {
  if (score.disputed !== true) return null;
  const winner = entryOf(score);
  const latest = new Map<string, ScoreEntry>();
  for (const e of score.history ?? []) {
    const key = writerOf(e);
    if (key === writerOf(winner)) continue;
    const seen = latest.get(key);
    if (!seen || compareEntries(e, seen) > 0) latest.set(key, e);
  }
  const others = [...latest.values()].filter((e) => e.strokes !== winner.strokes).sort((a, b) => compareEntries(b, a)).map(entryOf);
  return { winner, others };
}

/** The disputed scores among `scores` (the set the server lists), by scorecard, then hole. */
export function disputedScores<T extends DisputableScore & { scorecardId: string; hole: number }>(scores: readonly T[]): T[] {
  return scores.filter((s) => s.disputed === true).sort((a, b) => (a.scorecardId < b.scorecardId ? -1 : a.scorecardId > b.scorecardId ? 1 : a.hole - b.hole));
}
