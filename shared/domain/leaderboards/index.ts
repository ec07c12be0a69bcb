/**
 * Leaderboards (issue 4, "Leaderboards" and "Offline"): round, tournament, multi-round and team match leaderboards as
 * pure functions of a trip snapshot built from replicated documents, plus an incremental engine answering the same.
 * The server (from its store) and the device (from RxDB) call the same functions, so they show the same board.
 * @example
 * import { fromDocs, roundLeaderboard } from '../shared/domain/leaderboards/index.js';
 * const board = roundLeaderboard(fromDocs(docs), roundId, { basis: 'net' });
 */
export * from './snapshot.js';
export * from './cards.js';
export * from './round.js';
export * from './multi-round.js';
export * from './team-match.js';
export * from './team-round.js';
export * from './engine.js';
export * from './boards.js';
