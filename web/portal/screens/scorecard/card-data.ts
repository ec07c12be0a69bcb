/**
 * The scorecard's data: the group's cards and their scores, live from the phone, and what the shared domain makes
 * of them (`scorecardLines`, the function the server answers `/trip-portal/scorecards/:id/scores` with), plus the
 * writes this screen made that the local database has not shown back yet (so quick taps add up).
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { combineLatest, of } from 'rxjs';
import { scorecardLines, type ScorecardLines } from '../../../../shared/domain/leaderboards/hole-lines.js';
import type { HoleInfo } from '../../../../shared/domain/golf/card.js';
import type { ScoreDoc, ScorecardDoc } from '../../../../shared/schemas/round.js';
import type { DeviceTrip } from '../../../../sync/device/index.js';
import { useObservable } from '../../state/hooks.js';

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

export const scoreKey = (scorecardId: string, hole: number) => `${scorecardId}#${hole}`;
const splitKey = (k: string): [string, number] => {
  const i = k.lastIndexOf('#');
  return [k.slice(0, i), Number(k.slice(i + 1))];
};

/**
 * Score entry that never waits on the network: every tap is one local write (`trip.enterScore`, RxDB), queued so
 * taps land in the order made, and shown at once (the optimistic value stays until the database shows it).
 */
export function useScoreWriter(trip: DeviceTrip, stored: Record<string, ScoreDoc[]> | undefined) {
  const [optimistic, setOptimistic] = useState<Optimistic>(new Map());
  const [error, setError] = useState<string | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const inFlight = useRef(new Map<string, number>());

  // Drop optimistic values the database now shows (and whose writes finished).
  useEffect(() => {
    if (!stored || optimistic.size === 0) return;
    let changed = false;
    const next = new Map(optimistic);
    for (const [k, strokes] of optimistic) {
      const [id, hole] = splitKey(k);
      const doc = stored[id]?.find((s) => s.hole === hole);
      if (doc && doc.strokes === strokes && !inFlight.current.get(k)) {
        next.delete(k);
        changed = true;
      }
    }
    if (changed) setOptimistic(next);
  }, [stored, optimistic]);

  const enter = (input: { scorecardId: string; roundId: string; playerId: string; hole: number; strokes: number | null }) => {
    const k = scoreKey(input.scorecardId, input.hole);
    setOptimistic((prev) => new Map(prev).set(k, input.strokes));
    inFlight.current.set(k, (inFlight.current.get(k) ?? 0) + 1);
    setError(null);
    queue.current = queue.current
      .then(() => trip.enterScore(input))
      .catch((err: unknown) => {
        setError(`Hole ${input.hole} was not saved: ${err instanceof Error ? err.message : String(err)}`);
        setOptimistic((prev) => {
          const next = new Map(prev);
          next.delete(k);
          return next;
        });
      })
      .finally(() => {
        const left = (inFlight.current.get(k) ?? 1) - 1;
        if (left > 0) inFlight.current.set(k, left);
        else inFlight.current.delete(k);
        // Re-run the clean-up: the database may have shown the value before the write resolved.
        setOptimistic((prev) => new Map(prev));
      });
  };
  return { optimistic, enter, error, clearError: () => setError(null) };
}

export function useMemoViews(cards: ScorecardDoc[], holes: readonly HoleInfo[], stored: Record<string, ScoreDoc[]> | undefined, optimistic: Optimistic) {
  return useMemo(() => (stored ? cardViews(cards, holes, stored, optimistic) : undefined), [cards, holes, stored, optimistic]);
}
