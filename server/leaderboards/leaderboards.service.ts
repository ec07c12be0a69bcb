import { BOARD_DOC_TYPES, competitionBoard as competitionBoardOf, multiRoundBoard as multiRoundBoardOf, roundBoard as roundBoardOf, teamRoundBoard as teamRoundBoardOf, type DocsByType, type TeamRoundBasis, type TeamRoundLeaderboard } from '../../shared/domain/leaderboards/index.js';
import type { CompetitionLeaderboard, LeaderboardBasis, MultiRoundLeaderboard, RoundLeaderboard } from '../../shared/schemas/leaderboards.js';
import { unwrap } from '../http/errors.js';
import { deepFreeze, oncePerSeq } from '../store/by-seq.js';
import type { Database } from '../store/docstore.js';
import { sharedDocsOfType } from '../store/docs.js';

/**
 * Leaderboards from a trip's documents (issue 4): only the types the boards read are loaded, and the boards are
 * `shared/domain/leaderboards/boards.ts`, the same functions the device runs offline. Domain failures become
 * AppErrors: unknown round 404 `round_not_found`, unknown competition 404, an impossible board 422.
 *
 * A trip's documents and each board are computed once per state of the trip database and shared by the requests
 * that ask meanwhile (`oncePerSeq`: never a board older than a write acknowledged before the request): a TV and a
 * hundred phones polling one board while scores arrive compute it once per write, not once per request. The shared
 * documents and boards are frozen: the board functions and the callers only read them (a board of several hundred
 * kilobytes, for 144 players hole by hole, is not copied for each of a hundred phones).
 */
export function boardDocs(db: Database): Promise<DocsByType> {
  return oncePerSeq(db, 'docs', async () => {
    const lists = await Promise.all(BOARD_DOC_TYPES.map((type) => sharedDocsOfType(db, type)));
    return deepFreeze(Object.fromEntries(BOARD_DOC_TYPES.map((type, i) => [type, lists[i]!])) as DocsByType);
  });
}

const serialized = new WeakMap<object, Buffer>();

/** The JSON of a shared board, made once per board (boards are frozen: it cannot go out of date). */
export function boardJson(board: object): Buffer {
  let json = serialized.get(board);
  if (!json) serialized.set(board, (json = Buffer.from(JSON.stringify(board))));
  return json;
}

/** The board of `key`, computed once per state of the database, frozen: every caller reads the same object. */
function board<T>(db: Database, key: unknown[], compute: (docs: DocsByType) => T): Promise<T> {
  return oncePerSeq(db, JSON.stringify(key), async () => deepFreeze(compute(await boardDocs(db))));
}

export interface RoundBoardQuery {
  basis?: LeaderboardBasis | undefined;
  allowancePercent?: number | undefined;
}

export function roundBoard(db: Database, roundId: string, query: RoundBoardQuery): Promise<RoundLeaderboard> {
  const { basis, allowancePercent } = query;
  return board(db, ['round', roundId, basis, allowancePercent], (docs) => unwrap(roundBoardOf(docs, roundId, { basis, allowancePercent })));
}

export function multiRoundBoard(db: Database, roundIds: readonly string[], basis: LeaderboardBasis, allowancePercent?: number): Promise<MultiRoundLeaderboard> {
  return board(db, ['multi', roundIds, basis, allowancePercent], (docs) => unwrap(multiRoundBoardOf(docs, roundIds, { basis, allowancePercent })));
}

export function competitionBoard(db: Database, competitionId: string): Promise<CompetitionLeaderboard> {
  return board(db, ['competition', competitionId], (docs) => unwrap(competitionBoardOf(docs, competitionId)));
}

export function teamRoundBoard(db: Database, roundId: string, basis: TeamRoundBasis): Promise<TeamRoundLeaderboard> {
  return board(db, ['team', roundId, basis], (docs) => unwrap(teamRoundBoardOf(docs, roundId, { basis })));
}
