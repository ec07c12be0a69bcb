import { fromDocs, multiRoundLeaderboard, roundLeaderboard, teamMatchLeaderboard, tournamentLeaderboard, type TeamMatch, type TripSnapshot } from '../../shared/domain/leaderboards/index.js';
import type { CompetitionDoc } from '../../shared/schemas/competition.js';
import {
  defaultRoundBasis,
  LEADERBOARD_DOC_TYPES,
  type CompetitionLeaderboard,
  type LeaderboardBasis,
  type MultiRoundLeaderboard,
  type RoundLeaderboard,
} from '../../shared/schemas/leaderboards.js';
import type { MatchDoc } from '../../shared/schemas/match.js';
import { AppError, unwrap } from '../http/errors.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsOfType } from '../store/docs.js';

/**
 * Leaderboards from a trip's documents (issue 4): the trip snapshot is built with `fromDocs` from the documents of
 * the types leaderboards read (never the whole database), and the boards are the pure functions of
 * `shared/domain/leaderboards`, the same the device library runs offline (`sync/device/leaderboards.ts`). Domain
 * failures become AppErrors: unknown round or competition 404, an impossible board 422.
 */

type Stored<T> = T & StoredDoc;

/** The snapshot and the raw competition documents (their allowance override is not part of the snapshot). */
async function loadSnapshot(db: Database): Promise<{ snapshot: TripSnapshot; competitions: Stored<CompetitionDoc>[] }> {
  const lists = await Promise.all(LEADERBOARD_DOC_TYPES.map((type) => docsOfType(db, type)));
  const competitions = lists[LEADERBOARD_DOC_TYPES.indexOf('competition')] as Stored<CompetitionDoc>[];
  return { snapshot: fromDocs(lists.flat()), competitions };
}

export interface RoundBoardQuery {
  basis?: LeaderboardBasis | undefined;
  allowancePercent?: number | undefined;
}

/** One round's board; the basis defaults by the round's format (`defaultRoundBasis`). */
export async function roundBoard(db: Database, roundId: string, query: RoundBoardQuery): Promise<RoundLeaderboard> {
  const { snapshot } = await loadSnapshot(db);
  const round = snapshot.rounds.find((r) => r.id === roundId);
  if (!round) throw new AppError('round_not_found', `no round ${roundId} on this trip`);
  const basis = query.basis ?? defaultRoundBasis(round.format);
  return unwrap(roundLeaderboard(snapshot, roundId, { basis, ...(query.allowancePercent !== undefined ? { allowancePercent: query.allowancePercent } : {}) }));
}

/** Per-round columns and totals over rounds of the trip (404 for a round the trip does not have). */
export async function multiRoundBoard(db: Database, roundIds: readonly string[], basis: LeaderboardBasis, allowancePercent?: number): Promise<MultiRoundLeaderboard> {
  const { snapshot } = await loadSnapshot(db);
  const known = new Set(snapshot.rounds.map((r) => r.id));
  const unknown = roundIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new AppError('round_not_found', `no round ${unknown.join(', ')} on this trip`, unknown.map((id) => ({ path: ['query', 'roundIds'], message: `no round ${id}`, roundId: id })));
  }
  return unwrap(multiRoundLeaderboard(snapshot, roundIds, basis, allowancePercent !== undefined ? { allowancePercent } : {}));
}

/**
 * A competition's board: a tournament (stroke play or Stableford across its rounds, at the competition's allowance
 * override when it has one), or for a `team_match` competition the team match board of its `match:` documents.
 */
export async function competitionBoard(db: Database, competitionId: string): Promise<CompetitionLeaderboard> {
  const [{ snapshot, competitions }, matchDocs] = await Promise.all([loadSnapshot(db), docsOfType<Stored<MatchDoc>>(db, 'match')]);
  const competition = snapshot.competitions.find((c) => c.id === competitionId);
  if (!competition) throw new AppError('not_found', `no competition ${competitionId} on this trip`);
  if (competition.format === 'team_match') {
    const matches: TeamMatch[] = matchDocs
      .filter((m) => m.competitionId === competitionId)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((m) => ({ id: m.id, roundId: m.roundId, format: m.format, sideA: m.sideA, sideB: m.sideB, points: m.points }));
    const board = unwrap(teamMatchLeaderboard(snapshot, matches));
    return { kind: 'team_match', competitionId, name: competition.name, format: competition.format, roundIds: competition.roundIds, ...board };
  }
  const allowancePercent = competitions.find((c) => c.id === competitionId)?.allowancePercent;
  const board = unwrap(tournamentLeaderboard(snapshot, competitionId, allowancePercent !== undefined ? { allowancePercent } : {}));
  return { kind: 'tournament', ...board };
}
