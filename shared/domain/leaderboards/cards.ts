import { fail, ok, type Result } from '../../errors.js';
import { RoundFormat } from '../../schemas/round.js';
import { formatAllowance } from '../rounds.js';
import { ALLOWANCES, courseHandicapFromSnapshot, playingHandicap } from '../golf/handicap.js';
import { PICKUP, type HoleScore } from '../golf/card.js';
import { stablefordPoints, stablefordTotals } from '../golf/stableford.js';
import { strokePlayTotals } from '../golf/stroke-play.js';
import { netDoubleBogey, strokesPerHole } from '../golf/strokes.js';
import {
  byId,
  isValidScore,
  type SnapshotCompetition,
  type SnapshotPlayer,
  type SnapshotRound,
  type SnapshotScore,
  type SnapshotScorecard,
  type TripSnapshot,
} from './snapshot.js';

/**
 * Per-player per-round cards: the accumulators every leaderboard is ranked from. The full functions build them from
 * the snapshot with the golf rules (`strokePlayTotals`, `stablefordTotals`); the engine keeps the same cards and
 * updates them hole by hole. Both hand them to the same builders, so both answer the same.
 */

/** What a leaderboard ranks on: gross or net strokes (lower is better) or Stableford points (higher is better). */
export type Basis = 'gross' | 'net' | 'stableford';

/** One player's round: handicap, strokes received per hole, per-hole gross and points, and running totals. */
export interface PlayerRoundCard {
  readonly roundId: string;
  readonly playerId: string;
  readonly scorecardId: string;
  /** Unrounded Course Handicap from the frozen snapshot; `null` without a Handicap Index. */
  readonly courseHandicap: number | null;
  /** Playing Handicap at the leaderboard's allowance; `null` without a Handicap Index (plays off scratch). */
  readonly playingHandicap: number | null;
  /** Handicap strokes received per hole, by stroke index. */
  readonly strokes: readonly number[];
  /** Gross strokes per hole, `pickup` for a picked-up hole (WHS Rule 3.1b), `null` while not played. */
  holes: HoleScore[];
  /** Stableford points per hole (net, against par), `null` while not played. */
  points: (number | null)[];
  thru: number;
  gross: number;
  net: number;
  /** Par of the holes played. */
  par: number;
  pointsTotal: number;
}

/** The snapshot indexed for lookups. One scorecard per player and round counts: the one with the greatest id. */
export interface TripIndex {
  players: Map<string, SnapshotPlayer>;
  rounds: Map<string, SnapshotRound>;
  competitions: Map<string, SnapshotCompetition>;
  /** The counted scorecards by id. */
  scorecards: Map<string, SnapshotScorecard>;
  /** The counted scorecards per round, sorted by player id. */
  scorecardsByRound: Map<string, SnapshotScorecard[]>;
}

/** Where the leaderboard builders read cards from: a snapshot ({@link snapshotSource}) or the incremental engine. */
export interface CardSource {
  readonly index: TripIndex;
  /** The cards of a round at an allowance, sorted by player id; empty for an unknown round. */
  cards(roundId: string, allowancePercent: number): readonly PlayerRoundCard[];
}

/**
 * WHS default allowance (Appendix C) for an individual leaderboard: 95 % for stroke play and Stableford.
 * @example defaultAllowance('stableford') // 95
 */
export function defaultAllowance(basis: Basis): number {
  return basis === 'stableford' ? ALLOWANCES.individualStableford : ALLOWANCES.individualStrokePlay;
}

/**
 * The allowance asked for; else, for one round, the round's own allowance (`formatAllowance` of its format: the one
 * its scorecards froze their Playing Handicaps at, e.g. 85 % for four-ball), so the board and the round page show one
 * figure (issue 34); else the default for the basis. Fails (`unprocessable`) outside 0–100 %.
 * @example resolveAllowance('net', undefined) // ok(95); resolveAllowance('net', undefined, 'four_ball') // ok(85); resolveAllowance('net', 120) // fail('unprocessable', …)
 */
export function resolveAllowance(basis: Basis, allowancePercent: number | undefined, roundFormat?: string): Result<number> {
  const known = roundFormat !== undefined && (RoundFormat.options as readonly string[]).includes(roundFormat);
  const a = allowancePercent ?? (known ? formatAllowance(roundFormat as RoundFormat) : defaultAllowance(basis));
  if (!(Number.isFinite(a) && a >= 0 && a <= 100)) return fail('unprocessable', `a handicap allowance is 0 to 100 percent, not ${a}`);
  return ok(a);
}

/**
 * Indexes a snapshot. Duplicate ids: the last one wins. Scorecards for the same player and round: the greatest id
 * counts (so the choice never depends on order).
 * @example indexSnapshot(snapshot).scorecardsByRound.get('round1')?.map((c) => c.playerId) // ['ann001', 'bob001']
 */
export function indexSnapshot(snapshot: TripSnapshot): TripIndex {
  const byPair = new Map<string, SnapshotScorecard>();
  for (const card of snapshot.scorecards) {
    const key = `${card.roundId}\u0000${card.playerId}`;
    const other = byPair.get(key);
    if (!other || byId(card, other) >= 0) byPair.set(key, card);
  }
  const scorecards = new Map<string, SnapshotScorecard>();
  const scorecardsByRound = new Map<string, SnapshotScorecard[]>();
  for (const card of byPair.values()) {
    scorecards.set(card.id, card);
    const list = scorecardsByRound.get(card.roundId) ?? [];
    list.push(card);
    scorecardsByRound.set(card.roundId, list);
  }
  for (const list of scorecardsByRound.values()) list.sort((a, b) => (a.playerId < b.playerId ? -1 : a.playerId > b.playerId ? 1 : 0));
  return {
    players: new Map(snapshot.players.map((p) => [p.id, p])),
    rounds: new Map(snapshot.rounds.map((r) => [r.id, r])),
    competitions: new Map(snapshot.competitions.map((c) => [c.id, c])),
    scorecards,
    scorecardsByRound,
  };
}

/**
 * Course and Playing Handicap of a scorecard (WHS Rules 6.1 and 6.2): Course Handicap from the frozen snapshot
 * (9- or 18-hole formula), Playing Handicap = Course Handicap × allowance, rounded once.
 * @example scorecardHandicaps(card, 95) // { courseHandicap: 15.308, playingHandicap: 15 }
 */
export function scorecardHandicaps(scorecard: SnapshotScorecard, allowancePercent: number): { courseHandicap: number | null; playingHandicap: number | null } {
  const ch = scorecard.handicap ? courseHandicapFromSnapshot(scorecard.handicap) : null;
  return { courseHandicap: ch, playingHandicap: ch === null ? null : playingHandicap(ch, allowancePercent) };
}

/**
 * Strokes received per hole for a Playing Handicap, by stroke index (WHS Appendix E); zeros for no handicap or a
 * course whose stroke indexes cannot allocate strokes.
 * @example holeStrokes(2, [{ strokeIndex: 2 }, { strokeIndex: 1 }, { strokeIndex: 3 }]) // [1, 1, 0]
 */
export function holeStrokes(handicap: number | null, holes: readonly { strokeIndex: number }[]): number[] {
  const strokes = handicap === null || holes.length === 0 ? null : strokesPerHole(handicap, holes);
  return strokes?.ok ? strokes.value : holes.map(() => 0);
}

/**
 * A player's card from gross strokes per hole, with the golf rules: stroke play totals (thru, gross, net, par of
 * the holes played) and Stableford points (Rule 21.1b, net against par). `strokeMemo` shares the strokes per hole
 * between the cards of one round and allowance (they depend only on the Playing Handicap).
 * @example cardFromGross(round, scorecard, [4, 5, null], 95) // { thru: 2, gross: 9, net: …, points: [2, 1, null], … }
 */
export function cardFromGross(
  round: SnapshotRound,
  scorecard: SnapshotScorecard,
  gross: readonly HoleScore[],
  allowancePercent: number,
  strokeMemo?: Map<number | null, number[]>,
): PlayerRoundCard {
  const { courseHandicap, playingHandicap: ph } = scorecardHandicaps(scorecard, allowancePercent);
  const known = strokeMemo?.get(ph);
  const strokes = known ?? holeStrokes(ph, round.holes);
  if (!known) strokeMemo?.set(ph, strokes);
  const holes = round.holes.map((_, i) => gross[i] ?? null);
  const sp = strokePlayTotals({ holes: round.holes, scores: holes, strokes });
  const sf = stablefordTotals({ holes: round.holes, scores: holes, strokes });
  return {
    roundId: round.id,
    playerId: scorecard.playerId,
    scorecardId: scorecard.id,
    courseHandicap,
    playingHandicap: ph,
    strokes,
    holes,
    points: sf.points,
    thru: sp.thru,
    gross: sp.gross,
    net: sp.net,
    par: sp.par,
    pointsTotal: sf.total,
  };
}

/**
 * What one hole adds to a card's totals, as `strokePlayTotals` and `stablefordTotals` count it: gross, net (gross −
 * strokes received) and Stableford points; `null` for a hole not played. A picked-up hole (WHS Rule 3.1b) counts
 * at net double bogey — gross par + 2 + strokes received, net par + 2 — and scores 0 points.
 * @example holeTotals(5, 4, 1) // { gross: 5, net: 4, points: 2 }; holeTotals('pickup', 4, 1) // { gross: 7, net: 6, points: 0 }
 */
export function holeTotals(value: HoleScore, par: number, received: number): { gross: number; net: number; points: number } | null {
  if (value === PICKUP) {
    const ndb = netDoubleBogey(par, received);
    return { gross: ndb, net: ndb - received, points: 0 };
  }
  if (typeof value !== 'number') return null;
  return { gross: value, net: value - received, points: stablefordPoints(par, value - received) };
}

/**
 * The gross counted per hole of a card: the strokes, net double bogey (WHS Rule 3.1b) for a picked-up hole, `null`
 * for a hole not played. The card's `gross` total is the sum of these.
 * @example countedGross({ holes: [5, 'pickup', null], strokes: [1, 1, 0] }, [{ par: 4 }, { par: 3 }, { par: 4 }]) // [5, 6, null]
 */
export function countedGross(card: Pick<PlayerRoundCard, 'holes' | 'strokes'>, holes: readonly { par: number }[]): (number | null)[] {
  return holes.map((h, i) => holeTotals(card.holes[i], h.par, card.strokes[i] ?? 0)?.gross ?? null);
}

/**
 * Net double bogey per hole of a card (WHS Rule 3.1b: par + 2 + the strokes received on the hole): the most a hole
 * counts, and what a picked-up hole counts.
 * @example netDoubleBogeys({ strokes: [1, 0] }, [{ par: 4 }, { par: 3 }]) // [7, 5]
 */
export function netDoubleBogeys(card: Pick<PlayerRoundCard, 'strokes'>, holes: readonly { par: number }[]): number[] {
  return holes.map((h, i) => netDoubleBogey(h.par, card.strokes[i] ?? 0));
}

/**
 * Gross strokes per hole (index `hole - 1`, 18 slots, `pickup` for a picked-up hole) of every scorecard with a valid score; for two scores on the
 * same hole the last one given wins, as in {@link fromDocs}.
 * @example grossByScorecard([{ id: 'score:r1-p1:2', scorecardId: 'r1-p1', hole: 2, strokes: 5 }]).get('r1-p1') // [null, 5, null, …]
 */
export function grossByScorecard(scores: readonly SnapshotScore[]): Map<string, HoleScore[]> {
  const out = new Map<string, HoleScore[]>();
  for (const s of scores) {
    if (!isValidScore(s)) continue;
    let card = out.get(s.scorecardId);
    if (!card) out.set(s.scorecardId, (card = new Array<HoleScore>(18).fill(null)));
    card[s.hole - 1] = s.strokes ?? PICKUP;
  }
  return out;
}

/**
 * A full-recompute card source over a snapshot: cards are computed from the scores the first time a round and
 * allowance is asked for, and kept for the life of this source (one leaderboard call).
 * @example buildRoundLeaderboard(snapshotSource(snapshot), 'round1', { basis: 'net' })
 */
export function snapshotSource(snapshot: TripSnapshot): CardSource {
  const index = indexSnapshot(snapshot);
  let gross: Map<string, HoleScore[]> | undefined;
  const memo = new Map<string, PlayerRoundCard[]>();
  return {
    index,
    cards(roundId, allowancePercent) {
      const key = `${roundId}\u0000${allowancePercent}`;
      const known = memo.get(key);
      if (known) return known;
      const round = index.rounds.get(roundId);
      gross ??= grossByScorecard(snapshot.scores);
      const strokeMemo = new Map<number | null, number[]>();
      const cards = !round
        ? []
        : (index.scorecardsByRound.get(roundId) ?? []).map((sc) => cardFromGross(round, sc, gross!.get(sc.id) ?? [], allowancePercent, strokeMemo));
      memo.set(key, cards);
      return cards;
    },
  };
}
