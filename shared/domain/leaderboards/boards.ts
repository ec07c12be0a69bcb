import { fail, ok, type Result } from '../../errors.js';
import {
  defaultRoundBasis,
  LEADERBOARD_DOC_TYPES,
  type CompetitionLeaderboard,
  type LeaderboardBasis,
  type MultiRoundLeaderboard,
  type RoundLeaderboard,
} from '../../schemas/leaderboards.js';
import { multiRoundLeaderboard, tournamentLeaderboard } from './multi-round.js';
import { roundLeaderboard } from './round.js';
import { fromDocs, type DocsByType } from './snapshot.js';

/**
 * The boards as the API answers them, from a trip's documents grouped by type — one function for the server
 * (documents from its store) and the device (from RxDB), so a phone without signal shows what the server will.
 * Defaults are the API's: a round's basis follows its format, multi-round is net, a competition uses its own
 * allowance override.
 */
export type { DocsByType };
import { teamMatchLeaderboard, type TeamMatch } from './team-match.js';
import { teamRoundLeaderboard, type TeamRoundBasis, type TeamRoundLeaderboard } from './team-round.js';


/** The document types the boards read (those of the snapshot, plus team matches and team scorecards). */
export const BOARD_DOC_TYPES: readonly string[] = [...LEADERBOARD_DOC_TYPES, 'match', 'teamcard', 'teamscore'];

const all = (docs: DocsByType) => LEADERBOARD_DOC_TYPES.flatMap((t) => docs[t] ?? []);
const allowance = (a: number | undefined) => (a !== undefined ? { allowancePercent: a } : {});

/**
 * One round's board.
 * @example roundBoard({ player: [...], round: [...], scorecard: [...], score: [...] }, roundId, {})
 */
export function roundBoard(docs: DocsByType, roundId: string, options: { basis?: LeaderboardBasis | undefined; allowancePercent?: number | undefined }): Result<RoundLeaderboard> {
  const snapshot = fromDocs(all(docs));
  const round = snapshot.rounds.find((r) => r.id === roundId);
  if (!round) return fail('round_not_found', `no round ${roundId} on this trip`);
  return roundLeaderboard(snapshot, roundId, { basis: options.basis ?? defaultRoundBasis(round.format), ...allowance(options.allowancePercent) });
}

/**
 * Per-round columns and totals; a round the trip does not have is `round_not_found`, naming it.
 * @example multiRoundBoard(docs, [day1, day2], { basis: 'gross' })
 */
export function multiRoundBoard(docs: DocsByType, roundIds: readonly string[], options: { basis?: LeaderboardBasis | undefined; allowancePercent?: number | undefined }): Result<MultiRoundLeaderboard> {
  const snapshot = fromDocs(all(docs));
  const known = new Set(snapshot.rounds.map((r) => r.id));
  const unknown = roundIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    return fail('round_not_found', `no round ${unknown.join(', ')} on this trip`, unknown.map((id) => ({ path: ['query', 'roundIds'], message: `no round ${id}`, roundId: id })));
  }
  return multiRoundLeaderboard(snapshot, roundIds, options.basis ?? 'net', allowance(options.allowancePercent));
}

/**
 * A competition's board: a tournament at the competition's allowance, or for a `team_match` competition its
 * matches (`match` documents, in id order) and the teams' totals.
 * @example competitionBoard(docs, cupId) // ok({ kind: 'team_match', teams: [...] })
 */
export function competitionBoard(docs: DocsByType, competitionId: string): Result<CompetitionLeaderboard> {
  const snapshot = fromDocs(all(docs));
  const competition = snapshot.competitions.find((c) => c.id === competitionId);
  if (!competition) return fail('not_found', `no competition ${competitionId} on this trip`);
  const override = ((docs.competition ?? []) as Record<string, unknown>[]).find((c) => c.id === competitionId)?.allowancePercent;
  if (competition.format === 'team_match') {
    // The competition's allowance, when set, replaces the WHS match play defaults (singles 100 %, four-ball 90 %).
    const matches = ((docs.match ?? []) as Record<string, unknown>[])
      .filter((m) => m.competitionId === competitionId && typeof m.id === 'string' && m._deleted !== true)
      .map((m) => ({ id: m.id, roundId: m.roundId, format: m.format, sideA: m.sideA, sideB: m.sideB, points: m.points, ...(typeof override === 'number' ? { allowancePercent: override } : {}) }) as TeamMatch)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const board = teamMatchLeaderboard(snapshot, matches);
    if (!board.ok) return board;
    return ok({ kind: 'team_match', competitionId, name: competition.name, format: competition.format, roundIds: competition.roundIds, ...board.value });
  }
  const board = tournamentLeaderboard(snapshot, competitionId, typeof override === 'number' ? { allowancePercent: override } : {});
  if (!board.ok) return board;
  return ok({ kind: 'tournament', ...board.value });
}

/**
 * A round's team board (team scorecards: best ball or scramble), net unless `gross` is asked for; `round_not_found`
 * for an unknown round, `not_found` when the round has no team scorecards.
 * @example teamRoundBoard(docs, roundId, { basis: 'gross' }) // ok({ entries: [{ teamcardId: 'r1-g1', label: '1', … }] })
 */
export function teamRoundBoard(docs: DocsByType, roundId: string, options: { basis?: TeamRoundBasis | undefined }): Result<TeamRoundLeaderboard> {
  return teamRoundLeaderboard(docs, roundId, { basis: options.basis ?? 'net' });
}
