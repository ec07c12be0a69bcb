/**
 * The scorecard's data: the group's cards and their scores, live from the phone, and what the shared domain makes
 * of them (`scorecardLines`, the function the server answers `/trip-portal/scorecards/:id/scores` with), plus the
 * writes this screen made that the local database has not shown back yet (so quick taps add up).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { combineLatest, of } from 'rxjs';
import { scorecardLines, type ScorecardLines } from '../../../../shared/domain/leaderboards/hole-lines.js';
import type { HoleInfo } from '../../../../shared/domain/golf/card.js';
import type { ScoreDoc, ScorecardDoc } from '../../../../shared/schemas/round.js';
import { scoreBase, type DeviceTrip } from '../../../../sync/device/index.js';
import { draftKey, draftsOf } from '../../state/drafts.js';
import { useObservable } from '../../state/hooks.js';
import { askToKeepStorage } from '../../state/storage.js';

export interface CardView {
  card: ScorecardDoc;
  /** Scores by hole number, with the values tapped here and not yet read back. */
  scores: Map<number, ScoreDoc | { strokes: number | null; pending: true }>;
  lines: ScorecardLines;
  /** Par of the holes played (picked-up ones included), for to-par as the round board counts it. */
  parPlayed: number;
}

/** Live scores of every card (one query per card), keyed by scorecard id. */
export function useGroupScores(trip: DeviceTrip, cardIds: string[]): Record<string, ScoreDoc[]> | undefined {
  const key = cardIds.join('|');
  return useObservable<Record<string, ScoreDoc[]> | undefined>(
    () => {
      if (cardIds.length === 0) return of({});
      const streams = Object.fromEntries(cardIds.map((id) => [id, trip.scores$(id)]));
      return combineLatest(streams);
    },
    undefined,
    [trip, key],
  );
}

/** `scorecard:<id>:<hole>` → strokes tapped here, until the phone's database shows that value. */
export type Optimistic = Map<string, number | null>;

export function cardViews(cards: ScorecardDoc[], holes: readonly HoleInfo[], stored: Record<string, ScoreDoc[]>, optimistic: Optimistic): CardView[] {
  return cards.map((card) => {
    const scores = new Map<number, ScoreDoc | { strokes: number | null; pending: true }>();
    for (const s of stored[card.id] ?? []) scores.set(s.hole, s);
    for (const [k, strokes] of optimistic) {
      const [id, hole] = splitKey(k);
      if (id === card.id) scores.set(hole, { strokes, pending: true });
    }
    const entered = [...scores.entries()].map(([hole, s]) => ({ hole, strokes: s.strokes }));
    const lines = scorecardLines(holes, card.handicap, entered);
    const parPlayed = lines.perHole.reduce((sum, l) => sum + (l.net === null ? 0 : l.par), 0);
    return { card, scores, lines, parPlayed };
  });
}

export const scoreKey = draftKey;
const splitKey = (k: string): [string, number] => {
  const i = k.lastIndexOf('#');
  return [k.slice(0, i), Number(k.slice(i + 1))];
};

/**
 * Score entry that never waits on the network, one entry per decision: every tap is shown at once and kept as a
 * draft (state/drafts.ts: in localStorage at once, written as one entry when the golfer settles on a value). The
 * shown value stays until the phone's database shows it. The first tap also asks the browser to keep the app's
 * storage (state/storage.ts).
 */
export function useScoreWriter(trip: DeviceTrip, tripKey: string, stored: Record<string, ScoreDoc[]> | undefined) {
  const drafts = draftsOf(tripKey, trip);
  const [optimistic, setOptimistic] = useState<Optimistic>(() => {
    // Drafts of this visit not yet written (the screen was left and opened again within the pause) stay shown.
    const shown: Optimistic = new Map();
    for (const d of Object.values(drafts.pending())) shown.set(scoreKey(d.scorecardId, d.hole), d.strokes);
    return shown;
  });
  const [error, setError] = useState<string | null>(null);

  useEffect(
    () =>
      drafts.listen({
        // Re-run the clean-up below: the database may have shown the value before the write resolved. A draft that
        // lost to another phone's later entry (a dispute: state/drafts.ts) is no longer shown as the hole's value.
        written: (key, draft, doc) =>
          setOptimistic((prev) => {
            const next = new Map(prev);
            if (doc.strokes !== draft.strokes && next.get(key) === draft.strokes && !drafts.pending()[key]) next.delete(key);
            return next;
          }),
        failed: (_key, draft, err) => {
          setError(`Hole ${draft.hole} was not saved: ${err instanceof Error ? err.message : String(err)}`);
          const k = scoreKey(draft.scorecardId, draft.hole);
          setOptimistic((prev) => {
            const next = new Map(prev);
            if (next.get(k) === draft.strokes) next.delete(k);
            return next;
          });
        },
      }),
    [drafts],
  );

  // Drop shown values the database now shows, once no draft of that hole waits. Judged on the state as it is when
  // the update applies, never on this render's copy: a tap between the render and this effect (a burst of taps right
  // after leaving a hole, while the drafts it settled land) set a newer value, which the copy would put back.
  useEffect(() => {
    if (!stored) return;
    setOptimistic((prev) => {
      if (prev.size === 0) return prev;
      const waiting = drafts.pending();
      let next: Optimistic | null = null;
      for (const [k, strokes] of prev) {
        const [id, hole] = splitKey(k);
        const doc = stored[id]?.find((s) => s.hole === hole);
        if (doc && doc.strokes === strokes && !waiting[k]) (next ??= new Map(prev)).delete(k);
      }
      return next ?? prev;
    });
  }, [stored, optimistic, drafts]);

  const enter = (input: { scorecardId: string; roundId: string; playerId: string; hole: number; strokes: number | null }) => {
    setOptimistic((prev) => new Map(prev).set(scoreKey(input.scorecardId, input.hole), input.strokes));
    setError(null);
    // The tap was made on what the screen shows from the database (a waiting draft keeps the base of its first tap).
    drafts.put({ ...input, ...(stored ? { base: scoreBase(stored[input.scorecardId]?.find((s) => s.hole === input.hole)) } : {}) });
    void askToKeepStorage();
  };
  /** Writes every draft now (the golfer moved to another hole or group, or left the scorecard). */
  const settle = () => drafts.settle();
  return { optimistic, enter, settle, error, clearError: () => setError(null) };
}

export function useMemoViews(cards: ScorecardDoc[], holes: readonly HoleInfo[], stored: Record<string, ScoreDoc[]> | undefined, optimistic: Optimistic) {
  return useMemo(() => (stored ? cardViews(cards, holes, stored, optimistic) : undefined), [cards, holes, stored, optimistic]);
}
