/**
 * Document builders for the leaderboard tests: the same shapes the store and RxDB hold (`type`, `_id`, fields), with
 * only what leaderboards read. A 9-hole course keeps the hand-checked examples short: rating 36, slope 113 and par 36
 * make a Course Handicap equal to half the Handicap Index (WHS Rule 6.1b).
 */
import { scoreDocId } from '../../../shared/schemas/round.js';

/** Par per hole of the test nine (36). */
export const PARS9 = [4, 4, 3, 5, 4, 4, 3, 5, 4] as const;
/** Stroke index per hole: SI 1–5 are holes 4, 6, 1, 8, 5. */
export const SI9 = [3, 7, 9, 1, 5, 2, 8, 4, 6] as const;

export type Doc = Record<string, unknown>;
const stamp = { createdAt: '2025-05-01T08:00:00Z', updatedAt: '2025-05-01T08:00:00Z' };

export function player(id: string, name: string, team?: string): Doc {
  return { _id: `player:${id}`, type: 'player', id, name, role: 'player', ...(team ? { team } : {}), ...stamp };
}

export function course(pars: readonly number[], strokeIndexes: readonly number[]): Doc {
  return {
    name: 'Test Links',
    holes: pars.map((par, i) => ({ number: i + 1, par, strokeIndex: strokeIndexes[i]! })),
    tees: [{ name: 'White', courseRating: 36, slope: 113 }],
  };
}

export function round(id: string, playerIds: readonly string[], options: { date?: string; pars?: readonly number[]; strokeIndexes?: readonly number[] } = {}): Doc {
  return {
    _id: `round:${id}`,
    type: 'round',
    id,
    name: `Round ${id}`,
    date: options.date ?? '2025-05-01',
    course: course(options.pars ?? PARS9, options.strokeIndexes ?? SI9),
    format: 'stroke_play',
    playerIds: [...playerIds],
    groups: [],
    playerTees: {},
    state: 'in_progress',
    resetCount: 0,
    ...stamp,
  };
}

/** A scorecard with a frozen snapshot; defaults are the 9-hole figures above. */
export function scorecard(roundId: string, playerId: string, handicapIndex: number | null, h: { courseRating?: number; slope?: number; par?: number; holes?: number } = {}): Doc {
  const id = `${roundId}-${playerId}`;
  return {
    _id: `scorecard:${id}`,
    type: 'scorecard',
    id,
    roundId,
    playerId,
    groupId: null,
    handicap: { handicapIndex, tee: 'White', courseRating: h.courseRating ?? 36, slope: h.slope ?? 113, par: h.par ?? 36, holes: h.holes ?? 9 },
    ...stamp,
  };
}

/** A score document; `strokes: null` is a picked-up hole (WHS Rule 3.1b). */
export function score(roundId: string, playerId: string, hole: number, strokes: number | null): Doc {
  const scorecardId = `${roundId}-${playerId}`;
  return {
    _id: scoreDocId(scorecardId, hole),
    type: 'score',
    scorecardId,
    roundId,
    playerId,
    hole,
    strokes,
    enteredBy: playerId,
    deviceId: 'phone1',
    enteredAt: '2025-05-01T09:00:00Z',
    history: [],
    ...stamp,
  };
}

/** Picked up, in a {@link card}: a score document with `strokes: null`. */
export const PU = 'pickup' as const;

/** Score documents for a card (`null` = hole not played, {@link PU} = picked up). */
export function card(roundId: string, playerId: string, strokes: readonly (number | null | typeof PU)[]): Doc[] {
  return strokes.flatMap((s, i) => (s === null ? [] : [score(roundId, playerId, i + 1, s === PU ? null : s)]));
}

export function competition(id: string, format: string, roundIds: readonly string[], countback = false): Doc {
  return { _id: `competition:${id}`, type: 'competition', id, name: `Cup ${id}`, format, countback, roundIds: [...roundIds], ...stamp };
}
