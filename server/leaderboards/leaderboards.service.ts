import { BOARD_DOC_TYPES, competitionBoard as competitionBoardOf, multiRoundBoard as multiRoundBoardOf, roundBoard as roundBoardOf, teamRoundBoard as teamRoundBoardOf, type DocsByType, type TeamRoundBasis, type TeamRoundLeaderboard } from '../../shared/domain/leaderboards/index.js';
import type { CompetitionLeaderboard, LeaderboardBasis, MultiRoundLeaderboard, RoundLeaderboard } from '../../shared/schemas/leaderboards.js';
import { unwrap } from '../http/errors.js';
import type { Database } from '../store/docstore.js';
import { docsOfType } from '../store/docs.js';

/**
 * Leaderboards from a trip's documents (issue 4): only the types the boards read are loaded, and the boards are
 * `shared/domain/leaderboards/boards.ts`, the same functions the device runs offline. Domain failures become
 * AppErrors: unknown round 404 `round_not_found`, unknown competition 404, an impossible board 422.
 */
async function load(db: Database): Promise<DocsByType> {
  const lists = await Promise.all(BOARD_DOC_TYPES.map((type) => docsOfType(db, type)));
  return Object.fromEntries(BOARD_DOC_TYPES.map((type, i) => [type, lists[i]!]));
}

export interface RoundBoardQuery {
  basis?: LeaderboardBasis | undefined;
  allowancePercent?: number | undefined;
}

export async function roundBoard(db: Database, roundId: string, query: RoundBoardQuery): Promise<RoundLeaderboard> {
  return unwrap(roundBoardOf(await load(db), roundId, query));
}

export async function multiRoundBoard(db: Database, roundIds: readonly string[], basis: LeaderboardBasis, allowancePercent?: number): Promise<MultiRoundLeaderboard> {
  return unwrap(multiRoundBoardOf(await load(db), roundIds, { basis, allowancePercent }));
}

export async function competitionBoard(db: Database, competitionId: string): Promise<CompetitionLeaderboard> {
  return unwrap(competitionBoardOf(await load(db), competitionId));
}

export async function teamRoundBoard(db: Database, roundId: string, basis: TeamRoundBasis): Promise<TeamRoundLeaderboard> {
  return unwrap(teamRoundBoardOf(await load(db), roundId, { basis }));
}
