import { fail, ok, type Result } from '../../errors.js';
import { formatToPar } from '../golf/card.js';
import { rank, type CountbackOptions } from '../golf/ranking.js';
import { countedGross, resolveAllowance, snapshotSource, type Basis, type CardSource, type PlayerRoundCard, type TripIndex } from './cards.js';
import { holeLines, ndbStrokes, type HoleLine } from './hole-lines.js';
import type { TripSnapshot } from './snapshot.js';

/**
 * Round leaderboard (issue 4, "Leaderboards"): one round, ranked on gross or net strokes against the par of the holes
 * played (so a player through 9 compares with others through 18), or on Stableford points. Ties share a position
 * (`rank`); with `countback` they are split by the last 9, 6, 3, 1 holes (Committee Procedures 5A(6)).
 */

/** How a round is ranked. */
export interface RoundLeaderboardOptions {
  basis: Basis;
  /** Handicap allowance in percent; default the round's own (`formatAllowance` of its format, as its scorecards froze it). */
  allowancePercent?: number;
  /** Split ties by card countback (default false). */
  countback?: boolean;
}

/** Who a line is about. */
export interface PlayerLine {
  playerId: string;
  name: string;
  team?: string;
}

/** Position and label from `rank`: 1-based position shared by ties (`null` without a score), "1", "T2", "-". */
export interface Placing {
  position: number | null;
  label: string;
  tied: boolean;
}

/** One line of a round leaderboard. */
export interface RoundEntry extends PlayerLine, Placing {
  thru: number;
  gross: number;
  net: number;
  /** Against the par of the holes played: gross for a gross leaderboard, net otherwise; `null` before a hole. */
  toPar: number | null;
  /** `toPar` as shown: "E", "+3", "-2", or "-" before a hole. */
  toParLabel: string;
  grossToPar: number;
  netToPar: number;
  /** Stableford points (net, at the allowance). */
  points: number;
  playingHandicap: number | null;
  /** WHS Rule 6.1 Course Handicap (unrounded) the Playing Handicap comes from; `null` without a Handicap Index. */
  courseHandicap: number | null;
  /** Per hole: par, stroke index, gross, strokes received at the allowance, net and Stableford points ({@link holeLines}). */
  perHole: HoleLine[];
  /**
   * Gross strokes counted per hole, `null` while not played. A picked-up hole (WHS Rule 3.1b) counts its net double
   * bogey here and in `gross`; `perHole` marks it `pickedUp` and gives every hole's `netDoubleBogey`.
   */
  holes: (number | null)[];
}

export interface RoundLeaderboard {
  roundId: string;
  name: string;
  basis: Basis;
  allowancePercent: number;
  countback: boolean;
  /** Par of the whole card. */
  par: number;
  entries: RoundEntry[];
}

/**
 * The leaderboard of one round. Players are those with a scorecard in the round; playing handicaps come from each
 * scorecard's frozen snapshot at the allowance, strokes per hole by stroke index. Sorted by position, then player
 * id; players without a score come last with label "-". Fails with `round_not_found` for an unknown round and
 * `unprocessable` for an allowance outside 0–100.
 * @example
 * roundLeaderboard(snapshot, 'round1', { basis: 'net' })
 * // ok({ entries: [{ playerId: 'cat001', label: '1', thru: 9, gross: 44, net: 34, toPar: -2, toParLabel: '-2', … }, …] })
 */
export function roundLeaderboard(snapshot: TripSnapshot, roundId: string, options: RoundLeaderboardOptions): Result<RoundLeaderboard> {
  return buildRoundLeaderboard(snapshotSource(snapshot), roundId, options);
}

/**
 * {@link roundLeaderboard} over any card source (the engine passes its own).
 * @example buildRoundLeaderboard(snapshotSource(snapshot), 'round1', { basis: 'gross' }) // same as roundLeaderboard(snapshot, …)
 */
export function buildRoundLeaderboard(source: CardSource, roundId: string, options: RoundLeaderboardOptions): Result<RoundLeaderboard> {
  const round = source.index.rounds.get(roundId);
  if (!round) return fail('round_not_found', `no round ${roundId}`);
  const allowance = resolveAllowance(options.basis, options.allowancePercent, round.format);
  if (!allowance.ok) return allowance;
  const { basis } = options;
  const countback = options.countback === true;
  const cards = source.cards(roundId, allowance.value);
  const byPlayer = new Map(cards.map((c) => [c.playerId, c]));
  const ranked = rank(
    cards.map((c) => ({ id: c.playerId, score: rankScore(c, basis) })),
    { direction: basis === 'stableford' ? 'higher' : 'lower', ...(countback ? { countback: countbackOf(cards, basis, round.holes) } : {}) },
  );
  const entries = ranked.map((r): RoundEntry => {
    const c = byPlayer.get(r.id)!;
    const toPar = c.thru === 0 ? null : basis === 'gross' ? c.gross - c.par : c.net - c.par;
    // Built field by field: object spread is slow in hot loops on V8.
    const entry: RoundEntry = {
      playerId: c.playerId,
      name: playerName(source.index, c.playerId),
      position: r.position,
      label: r.label,
      tied: r.tied,
      thru: c.thru,
      gross: c.gross,
      net: c.net,
      toPar,
      toParLabel: toPar === null ? '-' : formatToPar(toPar),
      grossToPar: c.gross - c.par,
      netToPar: c.net - c.par,
      points: c.pointsTotal,
      playingHandicap: c.playingHandicap,
      courseHandicap: c.courseHandicap,
      perHole: holeLines(round.holes, c.holes, c.strokes, ndbStrokes(c.courseHandicap, round.holes)),
      holes: countedGross(c, round.holes),
    };
    return withTeam(source.index, entry);
  });
  const par = round.holes.reduce((sum, h) => sum + h.par, 0);
  return ok({ roundId, name: round.name, basis, allowancePercent: allowance.value, countback, par, entries });
}

/**
 * The number a card is ranked on: gross or net to par of the holes played, or Stableford points; `null` before the
 * first hole (no position).
 * @example rankScore({ thru: 9, gross: 40, net: 36, par: 36, pointsTotal: 18 }, 'gross') // 4
 */
export function rankScore(card: Pick<PlayerRoundCard, 'thru' | 'gross' | 'net' | 'par' | 'pointsTotal'>, basis: Basis): number | null {
  if (card.thru === 0) return null;
  return basis === 'stableford' ? card.pointsTotal : basis === 'gross' ? card.gross - card.par : card.net - card.par;
}

/**
 * Countback data for `rank`: gross strokes counted per hole (a picked-up hole at net double bogey) with the Playing
 * Handicap deducted by fraction for net, points per hole for Stableford (the handicap is already in the points).
 * @example countbackOf(cards, 'net', round.holes) // { holeScores: { ann001: [4, 5, …] }, handicaps: { ann001: 12 } }
 */
export function countbackOf(cards: readonly PlayerRoundCard[], basis: Basis, holes: readonly { par: number }[]): CountbackOptions {
  const holeScores: Record<string, readonly (number | null)[]> = {};
  const handicaps: Record<string, number> = {};
  for (const c of cards) {
    holeScores[c.playerId] = basis === 'stableford' ? c.points : countedGross(c, holes);
    handicaps[c.playerId] = c.playingHandicap ?? 0;
  }
  return basis === 'net' ? { holeScores, handicaps } : { holeScores };
}

/**
 * A player's name, or the id when the player document is missing.
 * @example playerName(index, 'ann001') // "Ann"; playerName(index, 'nobody') // "nobody"
 */
export function playerName(index: TripIndex, playerId: string): string {
  return index.players.get(playerId)?.name ?? playerId;
}

/**
 * Sets `team` on a line when the player has one (and leaves the key out otherwise).
 * @example withTeam(index, { playerId: 'ann001', name: 'Ann' }) // { playerId: 'ann001', name: 'Ann', team: 'USA' }
 */
export function withTeam<T extends PlayerLine>(index: TripIndex, line: T): T {
  const team = index.players.get(line.playerId)?.team;
  if (team !== undefined) line.team = team;
  return line;
}
