/**
 * Leaderboards on the phone (issue 4, "Offline"): the same boards the server answers on
 * `/trips/:tripId/leaderboards/…` and `/trip-portal/trips/:tripId/leaderboards/…`, computed from the replicated
 * documents with the same pure functions (`fromDocs`, then `shared/domain/leaderboards`), so a device without signal
 * shows what the server will once it syncs. Reads only the document types leaderboards use. Answers a `Result` as the
 * shared functions do: `round_not_found` / `not_found` for what the device does not hold (yet), `unprocessable` for
 * an impossible board; the `code` is the one the server answers.
 */
import { BOARD_DOC_TYPES, competitionBoard as competitionBoardOf, multiRoundBoard as multiRoundBoardOf, roundBoard as roundBoardOf, teamRoundBoard as teamRoundBoardOf, type DocsByType, type TeamRoundBasis, type TeamRoundLeaderboard } from '../../shared/domain/leaderboards/index.js';
import type { Result } from '../../shared/errors.js';
import type { CompetitionLeaderboard, LeaderboardBasis, MultiRoundLeaderboard, RoundLeaderboard } from '../../shared/schemas/leaderboards.js';
import type { TripDocument } from './types.js';

/** Where the documents come from: a `DeviceTrip` (`docsOfType`) or anything shaped like it. */
export interface LeaderboardDocs {
  docsOfType(type: string): Promise<TripDocument[]>;
}

export interface RoundBoardOptions {
  /** Default by the round's format, as on the server. */
  basis?: LeaderboardBasis;
  allowancePercent?: number;
}

export interface MultiRoundBoardOptions {
  /** Default `net`, as on the server. */
  basis?: LeaderboardBasis;
  allowancePercent?: number;
}

async function load(source: LeaderboardDocs): Promise<DocsByType> {
  const lists = await Promise.all(BOARD_DOC_TYPES.map((type) => source.docsOfType(type)));
  return Object.fromEntries(BOARD_DOC_TYPES.map((type, i) => [type, lists[i]!]));
}

/**
 * A round's board, as `GET …/leaderboards/rounds/:roundId?basis=…`.
 * @example await roundBoard(trip, roundId) // ok({ basis: 'net', entries: [{ label: 'T1', net: 80, … }, …] })
 */
export async function roundBoard(source: LeaderboardDocs, roundId: string, options: RoundBoardOptions = {}): Promise<Result<RoundLeaderboard>> {
  return roundBoardOf(await load(source), roundId, options);
}

/**
 * Per-round columns and totals, as `GET …/leaderboards/multi-round?roundIds=…`.
 * @example await multiRoundBoard(trip, [day1, day2], { basis: 'gross' })
 */
export async function multiRoundBoard(source: LeaderboardDocs, roundIds: readonly string[], options: MultiRoundBoardOptions = {}): Promise<Result<MultiRoundLeaderboard>> {
  return multiRoundBoardOf(await load(source), roundIds, options);
}

/**
 * A competition's board, as `GET …/leaderboards/competitions/:competitionId`.
 * @example await competitionBoard(trip, cupId) // ok({ kind: 'team_match', teams: [{ team: 'Europe', points: 1, … }, …] })
 */
export async function competitionBoard(source: LeaderboardDocs, competitionId: string): Promise<Result<CompetitionLeaderboard>> {
  return competitionBoardOf(await load(source), competitionId);
}

/**
 * A round's team board (best ball or scramble team scorecards), as `GET …/leaderboards/rounds/:roundId/teams?basis=…`.
 * @example await teamRoundBoard(trip, roundId, { basis: 'gross' }) // ok({ entries: [{ teamcardId: 'r1-g1', label: '1', … }] })
 */
export async function teamRoundBoard(source: LeaderboardDocs, roundId: string, options: { basis?: TeamRoundBasis } = {}): Promise<Result<TeamRoundLeaderboard>> {
  return teamRoundBoardOf(await load(source), roundId, options);
}
