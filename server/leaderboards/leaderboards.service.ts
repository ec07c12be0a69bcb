import { BOARD_DOC_TYPES, competitionBoard as competitionBoardOf, fromDocs, multiRoundLeaderboard, roundLeaderboard, teamRoundBoard as teamRoundBoardOf, type DocsByType, type SnapshotMemo, type TeamRoundBasis, type TeamRoundLeaderboard, type TripSnapshot } from '../../shared/domain/leaderboards/index.js';
import { fail, type Result } from '../../shared/errors.js';
import { defaultRoundBasis, LEADERBOARD_DOC_TYPES } from '../../shared/schemas/leaderboards.js';
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
export function boardDocs(db: Database, at?: string | number): Promise<DocsByType> {
  return oncePerSeq(
    db,
    'docs',
    async (seq) => {
      const lists = await Promise.all(BOARD_DOC_TYPES.map((type) => sharedDocsOfType(db, type, seq)));
      return deepFreeze(Object.fromEntries(BOARD_DOC_TYPES.map((type, i) => [type, lists[i]!])) as DocsByType);
    },
    at,
  );
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
  return oncePerSeq(db, JSON.stringify(key), async (seq) => deepFreeze(compute(await boardDocs(db, seq))));
}

/**
 * The leaderboard snapshot of the trip's documents (`fromDocs`: every score checked and put in its normal form),
 * made once per state and shared, frozen, by the round and multi-round boards of that state instead of once per
 * board. The two boards below answer as `roundBoard` and `multiRoundBoard` of shared/domain/leaderboards/boards.ts do
 * on the same documents (test/api/leaderboards-shared-snapshot.test.ts compares them).
 */
function boardSnapshot(db: Database, at?: string | number): Promise<TripSnapshot> {
  return oncePerSeq(
    db,
    'snapshot',
    async (seq) => {
      const docs = await boardDocs(db, seq);
      return deepFreeze(fromDocs(LEADERBOARD_DOC_TYPES.flatMap((t) => docs[t] ?? []), parsedDocs));
    },
    at,
  );
}

/**
 * The records of the documents the snapshots were made of: the store's shared reads give the same frozen object for
 * a document until it is written, so a new state parses only the documents written since (`SnapshotMemo`). Keyed by
 * the document objects, weakly: a replaced document's record goes with it.
 */
const parsedDocs: SnapshotMemo = new WeakMap();

/** A board of the shared snapshot, computed once per state of the database, frozen. */
function snapshotBoard<T>(db: Database, key: unknown[], compute: (snapshot: TripSnapshot) => T, at?: string | number): Promise<T> {
  return oncePerSeq(db, JSON.stringify(key), async (seq) => deepFreeze(compute(await boardSnapshot(db, seq))), at);
}

function roundBoardOf(snapshot: TripSnapshot, roundId: string, { basis, allowancePercent }: RoundBoardQuery): Result<RoundLeaderboard> {
  const round = snapshot.rounds.find((r) => r.id === roundId);
  if (!round) return fail('round_not_found', `no round ${roundId} on this trip`);
  return roundLeaderboard(snapshot, roundId, { basis: basis ?? defaultRoundBasis(round.format), ...(allowancePercent !== undefined ? { allowancePercent } : {}) });
}

function multiRoundBoardOf(snapshot: TripSnapshot, roundIds: readonly string[], basis: LeaderboardBasis, allowancePercent?: number): Result<MultiRoundLeaderboard> {
  const known = new Set(snapshot.rounds.map((r) => r.id));
  const unknown = roundIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    return fail('round_not_found', `no round ${unknown.join(', ')} on this trip`, unknown.map((id) => ({ path: ['query', 'roundIds'], message: `no round ${id}`, roundId: id })));
  }
  return multiRoundLeaderboard(snapshot, roundIds, basis, allowancePercent !== undefined ? { allowancePercent } : {});
}

export interface RoundBoardQuery {
  basis?: LeaderboardBasis | undefined;
  allowancePercent?: number | undefined;
}

/** `at`: the state a caller computing something bigger (the TV's payload) already read (`oncePerSeq`). */
export function roundBoard(db: Database, roundId: string, query: RoundBoardQuery, at?: string | number): Promise<RoundLeaderboard> {
  const { basis, allowancePercent } = query;
  return snapshotBoard(db, ['round', roundId, basis, allowancePercent], (snapshot) => unwrap(roundBoardOf(snapshot, roundId, { basis, allowancePercent })), at);
}

export function multiRoundBoard(db: Database, roundIds: readonly string[], basis: LeaderboardBasis, allowancePercent?: number): Promise<MultiRoundLeaderboard> {
  return snapshotBoard(db, ['multi', roundIds, basis, allowancePercent], (snapshot) => unwrap(multiRoundBoardOf(snapshot, roundIds, basis, allowancePercent)));
}

export function competitionBoard(db: Database, competitionId: string): Promise<CompetitionLeaderboard> {
  return board(db, ['competition', competitionId], (docs) => unwrap(competitionBoardOf(docs, competitionId)));
}

export function teamRoundBoard(db: Database, roundId: string, basis: TeamRoundBasis): Promise<TeamRoundLeaderboard> {
  return board(db, ['team', roundId, basis], (docs) => unwrap(teamRoundBoardOf(docs, roundId, { basis })));
}
