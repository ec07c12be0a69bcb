import { fail, ok, type Result } from '../../errors.js';
import { netHoleScores, type HoleScore } from '../golf/card.js';
import { ALLOWANCES, matchPlayStrokes } from '../golf/handicap.js';
import { bestNetBall, matchState, type HoleOutcome, type MatchStatus, type Side } from '../golf/match-play.js';
import { holeStrokes, snapshotSource, type CardSource } from './cards.js';
import type { TripSnapshot } from './snapshot.js';

/**
 * Team match leaderboard, Ryder Cup style (issue 4, "Leaderboards"): matches worth points, the winner of a match
 * takes its points, a halved match gives half to each side, and teams keep running totals. Matches are net match
 * play (Rule 3.2): Playing Handicaps at the WHS allowance (Appendix C: singles 100 %, four-ball 90 %, or the
 * competition's own), then the lowest in the match plays off zero (`matchPlayStrokes`); four-ball plays each side's
 * better net ball (Rule 23, `bestNetBall`). A picked-up hole (WHS Rule 3.1b) loses the hole (`holeOutcome`), halved
 * when the other side also picked up; a four-ball side loses it only when both partners picked up.
 */

/** One match of a team competition. */
export interface TeamMatch {
  id: string;
  roundId: string;
  format: 'singles' | 'fourball';
  /** Player ids: one per side for singles, one or two for four-ball. */
  sideA: string[];
  sideB: string[];
  /** What the match is worth (default 1). */
  points?: number;
  /**
   * Handicap allowance in percent (the competition's terms); default WHS Appendix C: singles 100 %, four-ball 90 %.
   * Playing Handicaps are taken at it, then the lowest in the match plays off zero.
   */
  allowancePercent?: number;
}

/** A side of a match as shown. */
export interface TeamMatchSide {
  /** The players' common team name, else "A" or "B". */
  team: string;
  playerIds: string[];
  names: string[];
  /** Match strokes received per player (aligned with `playerIds`). */
  strokes: number[];
}

/** One match on the board. */
export interface TeamMatchResult {
  id: string;
  roundId: string;
  format: TeamMatch['format'];
  points: number;
  sideA: TeamMatchSide;
  sideB: TeamMatchSide;
  matchStatus: MatchStatus;
  leader: Side | null;
  leaderTeam: string | null;
  up: number;
  /** Holes counted in the match so far. */
  thru: number;
  /** "not started", "AS thru 3", "2 up thru 14", "2 up thru 16 (dormie)", "3&2", "1 up" or "halved". */
  status: string;
  finished: boolean;
  /** Points won (0 until the match is finished). */
  pointsA: number;
  pointsB: number;
  /** Points if the match ended as it stands (leader takes all, all square halves; nothing before the first hole). */
  projectedA: number;
  projectedB: number;
  /** Winner per hole, `null` for a hole not (yet) counted. */
  holes: (HoleOutcome | null)[];
}

/** A team's running total. */
export interface TeamTotal {
  team: string;
  points: number;
  projected: number;
  won: number;
  halved: number;
  lost: number;
}

export interface TeamMatchLeaderboard {
  matches: TeamMatchResult[];
  /** By points won, then projected, then name. */
  teams: TeamTotal[];
}

/**
 * Scores every match from the round's scorecards and adds up the teams. Fails (`round_not_found`) for a match on an
 * unknown round and (`unprocessable`) for duplicate match ids, wrong side sizes, a player on both sides, negative
 * points or a round without holes. A player without a scorecard has no scores and plays off their Course Handicap 0.
 * @example
 * teamMatchLeaderboard(snapshot, [{ id: 'm1', roundId: 'r1', format: 'singles', sideA: ['ann'], sideB: ['cat'] }])
 * // ok({ matches: [{ status: '3&2', leaderTeam: 'USA', pointsA: 1, … }], teams: [{ team: 'USA', points: 1, … }, { team: 'Europe', points: 0, … }] })
 */
export function teamMatchLeaderboard(snapshot: TripSnapshot, matches: readonly TeamMatch[]): Result<TeamMatchLeaderboard> {
  return buildTeamMatchLeaderboard(snapshotSource(snapshot), matches);
}

/**
 * {@link teamMatchLeaderboard} over any card source.
 * @example buildTeamMatchLeaderboard(snapshotSource(snapshot), matches) // same as teamMatchLeaderboard(snapshot, matches)
 */
export function buildTeamMatchLeaderboard(source: CardSource, matches: readonly TeamMatch[]): Result<TeamMatchLeaderboard> {
  const results: TeamMatchResult[] = [];
  const ids = new Set<string>();
  for (const match of matches) {
    if (ids.has(match.id)) return fail('unprocessable', `match ${match.id} is listed twice`);
    ids.add(match.id);
    const result = scoreMatch(source, match);
    if (!result.ok) return result;
    results.push(result.value);
  }
  const teams = new Map<string, TeamTotal>();
  const add = (team: string, points: number, projected: number, outcome: 'won' | 'halved' | 'lost' | null) => {
    const t = teams.get(team) ?? { team, points: 0, projected: 0, won: 0, halved: 0, lost: 0 };
    t.points += points;
    t.projected += projected;
    if (outcome) t[outcome] += 1;
    teams.set(team, t);
  };
  for (const m of results) {
    const outcomeA = !m.finished ? null : m.leader === 'A' ? 'won' : m.leader === 'B' ? 'lost' : 'halved';
    const outcomeB = outcomeA === 'won' ? 'lost' : outcomeA === 'lost' ? 'won' : outcomeA;
    add(m.sideA.team, m.pointsA, m.projectedA, outcomeA);
    add(m.sideB.team, m.pointsB, m.projectedB, outcomeB);
  }
  const sorted = [...teams.values()].sort((a, b) => b.points - a.points || b.projected - a.projected || (a.team < b.team ? -1 : a.team > b.team ? 1 : 0));
  return ok({ matches: results, teams: sorted });
}

function scoreMatch(source: CardSource, match: TeamMatch): Result<TeamMatchResult> {
  const round = source.index.rounds.get(match.roundId);
  if (!round) return fail('round_not_found', `match ${match.id}: no round ${match.roundId}`);
  const sizes = match.format === 'singles' ? [1, 1] : [1, 2];
  const sideOk = (side: readonly string[]) => side.length >= sizes[0]! && side.length <= sizes[1]! && new Set(side).size === side.length;
  if (!sideOk(match.sideA) || !sideOk(match.sideB)) {
    return fail('unprocessable', `match ${match.id}: ${match.format} has ${match.format === 'singles' ? 'one player' : 'one or two players'} a side`);
  }
  if (match.sideA.some((p) => match.sideB.includes(p))) return fail('unprocessable', `match ${match.id}: a player is on both sides`);
  const worth = match.points ?? 1;
  if (!(Number.isFinite(worth) && worth >= 0)) return fail('unprocessable', `match ${match.id}: points must be 0 or more`);
  if (round.holes.length === 0) return fail('unprocessable', `match ${match.id}: round ${round.id} has no course holes`);

  const allowance = match.allowancePercent ?? (match.format === 'singles' ? ALLOWANCES.individualMatchPlay : ALLOWANCES.fourBallMatchPlay);
  if (!(Number.isFinite(allowance) && allowance >= 0 && allowance <= 100)) return fail('unprocessable', `match ${match.id}: a handicap allowance is 0 to 100 percent`);
  const cards = new Map(source.cards(round.id, allowance).map((c) => [c.playerId, c]));
  const players = [...match.sideA, ...match.sideB];
  const given = matchPlayStrokes(players.map((p) => cards.get(p)?.playingHandicap ?? 0));
  const nets = players.map((p, i): HoleScore[] => {
    const gross = cards.get(p)?.holes ?? round.holes.map(() => null);
    return netHoleScores(gross, holeStrokes(given[i]!, round.holes));
  });
  const a = match.sideA.length;
  const state = matchState(bestNetBall(nets.slice(0, a)), bestNetBall(nets.slice(a)), { holes: round.holes.length });
  const side = (ids: readonly string[], fallback: string, offset: number): TeamMatchSide => ({
    team: commonTeam(source, ids) ?? fallback,
    playerIds: [...ids],
    names: ids.map((p) => source.index.players.get(p)?.name ?? p),
    strokes: given.slice(offset, offset + ids.length),
  });
  const sideA = side(match.sideA, 'A', 0);
  const sideB = side(match.sideB, 'B', a);
  const finished = state.status === 'won' || state.status === 'halved';
  const share = (s: Side) => (state.leader === s ? worth : state.leader === null ? worth / 2 : 0);
  const started = state.status !== 'not_started';
  return ok({
    id: match.id,
    roundId: round.id,
    format: match.format,
    points: worth,
    sideA,
    sideB,
    matchStatus: state.status,
    leader: state.leader,
    leaderTeam: state.leader === 'A' ? sideA.team : state.leader === 'B' ? sideB.team : null,
    up: state.up,
    thru: state.played,
    status: statusText(state.status, state.up, state.played, state.summary),
    finished,
    pointsA: finished ? share('A') : 0,
    pointsB: finished ? share('B') : 0,
    projectedA: started ? share('A') : 0,
    projectedB: started ? share('B') : 0,
    holes: state.holes,
  });
}

/**
 * What the board shows for a match.
 * @example statusText('in_progress', 2, 14, '2 up') // "2 up thru 14"; statusText('won', 3, 16, '3&2') // "3&2"
 */
export function statusText(status: MatchStatus, up: number, thru: number, summary: string): string {
  switch (status) {
    case 'not_started':
      return 'not started';
    case 'won':
    case 'halved':
      return summary;
    case 'dormie':
      return `${up} up thru ${thru} (dormie)`;
    default:
      return up === 0 ? `AS thru ${thru}` : `${up} up thru ${thru}`;
  }
}

function commonTeam(source: CardSource, playerIds: readonly string[]): string | null {
  const teams = new Set(playerIds.map((p) => source.index.players.get(p)?.team));
  const [team] = teams;
  return teams.size === 1 && team !== undefined ? team : null;
}
