import type { FunStats } from '../../schemas/analytics.js';
import type { DocsByType } from '../leaderboards/index.js';
import { prepare, scoringOf, type PlayedCard } from './cards.js';

/**
 * Fun stats (issue 8), over completed cards and gross scores. Each stat answers its best value and everyone sharing
 * it, or `null` when nobody qualifies:
 *
 * - **Most birdies**: holes at one under par or better (birdies, eagles, albatrosses) over the trip; `null` without one.
 * - **Biggest blow-up hole**: the most strokes over par on one hole; every hole with that score, in trip order;
 *   `null` when no hole was played over par.
 * - **Most improved**: for players with at least two completed rounds, gross to par of their first round minus gross
 *   to par of their last (trip order); the largest positive drop; `null` when nobody improved.
 * - **Longest par streak**: the most consecutive holes at par or better within one round, in card order (hole 1 to
 *   18 of the course, whatever the starting hole); streaks do not carry over from one round to the next. A player's
 *   first such streak in a round is listed; `null` when nobody made a par.
 */

type Stat<L> = { value: number; leaders: L[] } | null;

/** Keeps the candidates with the greatest value (above `floor`), in the order given. */
function top<L>(candidates: readonly { value: number; leader: L }[], floor: number): Stat<L> {
  const value = Math.max(floor, ...candidates.map((c) => c.value));
  if (value <= floor) return null;
  return { value, leaders: candidates.filter((c) => c.value === value).map((c) => c.leader) };
}

/**
 * The longest run of consecutive holes at par or better, and where it starts and ends (hole numbers).
 * @example parStreak([{ number: 1, par: 4, strokes: 4 }, { number: 2, par: 3, strokes: 2 }, { number: 3, par: 5, strokes: 6 }])
 * // { length: 2, fromHole: 1, toHole: 2 }
 */
export function parStreak(holes: readonly { number: number; par: number; strokes: number }[]): { length: number; fromHole: number; toHole: number } {
  let best = { length: 0, fromHole: 0, toHole: 0 };
  let run = 0;
  holes.forEach((h, i) => {
    run = h.strokes <= h.par ? run + 1 : 0;
    if (run > best.length) best = { length: run, fromHole: holes[i - run + 1]!.number, toHole: h.number };
  });
  return best;
}

/**
 * The fun stats of a trip.
 * @example funStats(docs).biggestBlowUp // { value: 5, leaders: [{ name: 'Bo', hole: 7, par: 3, strokes: 8, … }] }
 */
export function funStats(docs: DocsByType): FunStats {
  const trip = prepare(docs);
  const cardsOf = (playerId: string): PlayedCard[] => trip.cards.filter((c) => c.playerId === playerId);
  const ref = (c: { playerId: string; name: string }) => ({ playerId: c.playerId, name: c.name });
  const round = (c: PlayedCard) => ({ roundId: c.roundId, roundName: c.roundName });

  const mostBirdies = top(
    trip.players.map((p) => ({ value: scoringOf(cardsOf(p.id).flatMap((c) => c.holes)).birdiesOrBetter, leader: { playerId: p.id, name: p.name } })),
    0,
  );

  const biggestBlowUp = top(
    trip.cards.flatMap((c) => c.holes.map((h) => ({ value: h.strokes - h.par, leader: { ...ref(c), ...round(c), hole: h.number, par: h.par, strokes: h.strokes } }))),
    0,
  );

  const mostImproved = top(
    trip.players.flatMap((p) => {
      const cards = cardsOf(p.id);
      if (cards.length < 2) return [];
      const [first, last] = [cards[0]!, cards.at(-1)!];
      return [{ value: first.grossToPar - last.grossToPar, leader: { playerId: p.id, name: p.name, firstRoundId: first.roundId, lastRoundId: last.roundId, firstToPar: first.grossToPar, lastToPar: last.grossToPar } }];
    }),
    0,
  );

  const longestParStreak = top(
    trip.cards.map((c) => {
      const s = parStreak(c.holes);
      return { value: s.length, leader: { ...ref(c), ...round(c), fromHole: s.fromHole, toHole: s.toHole } };
    }),
    0,
  );

  return { mostBirdies, biggestBlowUp, mostImproved, longestParStreak };
}
