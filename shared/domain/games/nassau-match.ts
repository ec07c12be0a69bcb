/*
 * One Nassau bet played as a match over its holes (issue 4, "Side games": "three match-play bets"). Pure helpers
 * used by `nassau.ts`: the status after each hole, the result, and the holes where an automatic press triggers.
 */

export type NassauSide = 'a' | 'b';

/** Who won a hole: a side, `halved` (equal side scores), or `unplayed` (neither side has a score yet). */
export type NassauHoleWinner = NassauSide | 'halved' | 'unplayed';

export interface NassauHoleStatus {
  hole: number;
  winner: NassauHoleWinner;
  /** Holes up for side A in this bet after the hole (negative: A is down, i.e. B is up). */
  aUp: number;
}

export type NassauBetResult = NassauSide | 'halved' | 'in_progress';

export interface NassauMatch {
  status: NassauHoleStatus[];
  /** Holes up for side A after the bet's holes played so far. */
  aUp: number;
  /** Holes of the bet not played yet. */
  holesToPlay: number;
  /**
   * Match play: a bet is decided once a side is up by more holes than remain to play (closed out), or when every
   * hole is played (then a side up wins, level is halved). Otherwise `in_progress`.
   */
  result: NassauBetResult;
  /** The hole after which the leader was up by more holes than remained in the bet (e.g. 3 up with 2 to play),
   * counted only while every earlier hole of the bet was played; null if that never happened. */
  closedOutAfterHole: number | null;
}

/**
 * Plays a bet over `holes` (in order), given who won each hole.
 * @example
 * playMatch([1, 2, 3], new Map([[1, 'a'], [2, 'a'], [3, 'b']]))
 * // status aUp 1, 2, 1; result 'a'; closedOutAfterHole 2 (2 up with 1 to play: won "2 & 1")
 */
export function playMatch(holes: readonly number[], winners: ReadonlyMap<number, NassauHoleWinner>): NassauMatch {
  let aUp = 0;
  let allPlayedSoFar = true;
  let closedOutAfterHole: number | null = null;
  const status: NassauHoleStatus[] = holes.map((hole, i) => {
    const winner = winners.get(hole) ?? 'unplayed';
    if (winner === 'a') aUp += 1;
    if (winner === 'b') aUp -= 1;
    if (winner === 'unplayed') allPlayedSoFar = false;
    const after = holes.length - i - 1;
    if (closedOutAfterHole === null && allPlayedSoFar && after > 0 && Math.abs(aUp) > after) closedOutAfterHole = hole;
    return { hole, winner, aUp };
  });
  const holesToPlay = status.filter((s) => s.winner === 'unplayed').length;
  let result: NassauBetResult = 'in_progress';
  if (Math.abs(aUp) > holesToPlay) result = aUp > 0 ? 'a' : 'b';
  else if (holesToPlay === 0) result = 'halved';
  return { status, aUp, holesToPlay, result, closedOutAfterHole };
}

/**
 * The automatic two-down press rule: a press triggers for a side at the moment that side becomes 2 down in a bet,
 * i.e. on a hole after which its deficit is 2 and before which it was 1 (getting back to 2 down from 3 down does not
 * trigger; falling from 1 down to 2 down again later does). The press starts on the bet's next hole and runs to the
 * bet's last hole, so no press triggers on the bet's last hole.
 * @example
 * autoPressTriggers([{ hole: 1, winner: 'b', aUp: -1 }, { hole: 2, winner: 'b', aUp: -2 }, { hole: 3, winner: 'a', aUp: -1 }])
 * // → [{ side: 'a', afterHole: 2, startHole: 3 }]
 */
export function autoPressTriggers(status: readonly NassauHoleStatus[]): { side: NassauSide; afterHole: number; startHole: number }[] {
  const out: { side: NassauSide; afterHole: number; startHole: number }[] = [];
  let before = 0;
  status.forEach((s, i) => {
    const next = status[i + 1];
    if (next !== undefined && s.aUp === -2 && before === -1) out.push({ side: 'a', afterHole: s.hole, startHole: next.hole });
    if (next !== undefined && s.aUp === 2 && before === 1) out.push({ side: 'b', afterHole: s.hole, startHole: next.hole });
    before = s.aUp;
  });
  return out;
}
