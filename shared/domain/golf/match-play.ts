import { PICKUP, isPlayed, type HoleScore, type HoleScores } from './card.js';

/**
 * Match play, Rules of Golf Rule 3.2: a hole is won by the side with the lower (net) score and halved on equal
 * scores; "the match is won when a player leads by more holes than remain to be played" (Rule 3.2a(3)), written
 * "3&2"; a match level after the last hole is halved. Dormie: the lead equals the holes remaining. Four-ball (Rule 23)
 * plays the better net ball of each side: {@link bestNetBall}.
 */

/** The two sides of a match, in the order they are passed. */
export type Side = 'A' | 'B';
/** Who won a hole, or `halved`. */
export type HoleOutcome = Side | 'halved';
/** `won` covers both a match closed out early ("3&2") and one won on the last hole ("1 up"). */
export type MatchStatus = 'not_started' | 'in_progress' | 'dormie' | 'won' | 'halved';

/** The state of a match after the holes played so far. */
export interface MatchState {
  /** Outcome per hole in card order; `null` for a hole not played, or played after the match was decided. */
  holes: (HoleOutcome | null)[];
  /** Holes counted in the match. */
  played: number;
  remaining: number;
  /** The side ahead, `null` when all square. */
  leader: Side | null;
  /** Holes up (0 when all square). */
  up: number;
  status: MatchStatus;
  /** Card position (1-based) of the hole that decided the match, `null` while it is undecided. */
  decidedAt: number | null;
  /** What a leaderboard shows: "AS", "2 up", "2 up (dormie)", "3&2", "1 up" or "halved". */
  summary: string;
}

/**
 * Outcome of one hole from each side's net score: lower wins, equal halves. A picked-up ball loses to any score
 * (the hole is conceded, Rule 3.2b); both picked up halve. `null` until both sides have played the hole.
 * @example holeOutcome(4, 5) // "A"; holeOutcome(4, 4) // "halved"; holeOutcome("pickup", 7) // "B"; holeOutcome(4, null) // null
 */
export function holeOutcome(a: HoleScore, b: HoleScore): HoleOutcome | null {
  if (!isPlayed(a) || !isPlayed(b)) return null;
  if (a === PICKUP || b === PICKUP) return a === b ? 'halved' : a === PICKUP ? 'B' : 'A';
  return a < b ? 'A' : b < a ? 'B' : 'halved';
}

/**
 * Match state between two sides from their net scores per hole (singles: each player's net score; four-ball: each
 * side's {@link bestNetBall}). Holes count in card order as they are played; holes after the deciding hole are
 * ignored. `holes` is the length of the match (default: the longer card, e.g. 18). Swapping the sides swaps `leader`
 * and the hole winners and leaves everything else equal.
 * @example
 * matchState([4, 4], [5, 5], { holes: 3 }) // { leader: "A", up: 2, status: "won", summary: "2&1", decidedAt: 2, … }
 * matchState([4, 4, 3], [5, 4, 4], { holes: 3 }) // A wins holes 1 and 3: { up: 2, status: "won", summary: "2 up", … }
 */
export function matchState(sideA: HoleScores, sideB: HoleScores, options: { holes?: number } = {}): MatchState {
  const total = options.holes ?? Math.max(sideA.length, sideB.length);
  if (!Number.isInteger(total) || total < 1) throw new RangeError('a match has at least one hole');
  const holes: (HoleOutcome | null)[] = Array.from({ length: total }, () => null);
  let lead = 0; // holes up for A, negative when B leads
  let played = 0;
  let decidedAt: number | null = null;
  for (let i = 0; i < total && decidedAt === null; i++) {
    const outcome = holeOutcome(sideA[i], sideB[i]);
    if (outcome === null) continue;
    holes[i] = outcome;
    played += 1;
    lead += outcome === 'A' ? 1 : outcome === 'B' ? -1 : 0;
    if (Math.abs(lead) > total - played) decidedAt = i + 1;
  }
  const remaining = total - played;
  const up = Math.abs(lead);
  const leader: Side | null = lead > 0 ? 'A' : lead < 0 ? 'B' : null;
  const status: MatchStatus =
    decidedAt !== null ? 'won'
    : remaining === 0 ? 'halved'
    : played === 0 ? 'not_started'
    : up === remaining ? 'dormie'
    : 'in_progress';
  return { holes, played, remaining, leader, up, status, decidedAt, summary: summarize(status, up, remaining) };
}

function summarize(status: MatchStatus, up: number, remaining: number): string {
  switch (status) {
    case 'halved':
      return 'halved';
    case 'won':
      return remaining > 0 ? `${up}&${remaining}` : `${up} up`;
    case 'dormie':
      return `${up} up (dormie)`;
    default:
      return up === 0 ? 'AS' : `${up} up`;
  }
}

/**
 * A four-ball side's score per hole: the lowest net score among the partners (Rule 23.2b). While no partner has a
 * number, the hole is `pickup` once every partner has picked up and `null` (not played) otherwise.
 * @example bestNetBall([[4, 'pickup', null], [5, 'pickup', 6]]) // [4, 'pickup', 6]
 */
export function bestNetBall(partners: readonly HoleScores[]): HoleScore[] {
  const length = Math.max(0, ...partners.map((p) => p.length));
  return Array.from({ length }, (_, i) => {
    const scores = partners.map((p) => p[i]);
    const numbers = scores.filter((s): s is number => typeof s === 'number');
    if (numbers.length > 0) return Math.min(...numbers);
    return partners.length > 0 && scores.every((s) => s === PICKUP) ? PICKUP : null;
  });
}
