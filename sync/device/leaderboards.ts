/**
 * Leaderboards on the phone (issue 4, "Offline"): the same boards the server answers on
 * `/trips/:tripId/leaderboards/…` and `/trip-portal/trips/:tripId/leaderboards/…`, computed from the replicated
 * documents with the same pure functions (`fromDocs`, then `shared/domain/leaderboards`), so a device without signal
 * shows what the server will once it syncs. Reads only the document types leaderboards use. Answers a `Result` as the
 * shared functions do: `round_not_found` / `not_found` for what the device does not hold (yet), `unprocessable` for
 * an impossible board; the `code` is the one the server answers.
 */
import { fromDocs, multiRoundLeaderboard, roundLeaderboard, teamMatchLeaderboard, tournamentLeaderboard, type TeamMatch, type TripSnapshot } from '../../shared/domain/leaderboards/index.js';
import { fail, ok, type Result } from '../../shared/errors.js';
import {
  defaultRoundBasis,
  LEADERBOARD_DOC_TYPES,
  type CompetitionLeaderboard,
  type LeaderboardBasis,
  type MultiRoundLeaderboard,
  type RoundLeaderboard,
} from '../../shared/schemas/leaderboards.js';
import type { TripDocument } from './types.js';

/** Where the documents come from: a `DeviceTrip` (`docsOfType`) or anything shaped like it. */
export interface LeaderboardDocs {
  docsOfType(type: string): Promise<TripDocument[]>;
}

export interface RoundBoardOptions {
  /** Default by the round's format, as on the server (`defaultRoundBasis`). */
  basis?: LeaderboardBasis;
  allowancePercent?: number;
}

export interface MultiRoundBoardOptions {
  /** Default `net`, as on the server. */
  basis?: LeaderboardBasis;
  allowancePercent?: number;
}

async function load(source: LeaderboardDocs): Promise<{ snapshot: TripSnapshot; competitions: TripDocument[] }> {
  const lists = await Promise.all(LEADERBOARD_DOC_TYPES.map((type) => source.docsOfType(type)));
  return { snapshot: fromDocs(lists.flat()), competitions: lists[LEADERBOARD_DOC_TYPES.indexOf('competition')]! };
}

/**
 * A round's board, as `GET …/leaderboards/rounds/:roundId?basis=…`.
 * @example await roundBoard(trip, roundId) // ok({ basis: 'net', entries: [{ label: 'T1', net: 80, … }, …] })
 */
export async function roundBoard(source: LeaderboardDocs, roundId: string, options: RoundBoardOptions = {}): Promise<Result<RoundLeaderboard>> {
  const { snapshot } = await load(source);
  const round = snapshot.rounds.find((r) => r.id === roundId);
  if (!round) return fail('round_not_found', `no round ${roundId} on this trip`);
  const basis = options.basis ?? defaultRoundBasis(round.format);
  return roundLeaderboard(snapshot, roundId, { basis, ...(options.allowancePercent !== undefined ? { allowancePercent: options.allowancePercent } : {}) });
}

/**
 * Per-round columns and totals, as `GET …/leaderboards/multi-round?roundIds=…`.
 * @example await multiRoundBoard(trip, [day1, day2], { basis: 'gross' })
 */
export async function multiRoundBoard(source: LeaderboardDocs, roundIds: readonly string[], options: MultiRoundBoardOptions = {}): Promise<Result<MultiRoundLeaderboard>> {
  const { snapshot } = await load(source);
  const known = new Set(snapshot.rounds.map((r) => r.id));
  const unknown = roundIds.filter((id) => !known.has(id));
  if (unknown.length > 0) return fail('round_not_found', `no round ${unknown.join(', ')} on this trip`);
  return multiRoundLeaderboard(snapshot, roundIds, options.basis ?? 'net', options.allowancePercent !== undefined ? { allowancePercent: options.allowancePercent } : {});
}

/**
 * A competition's board, as `GET …/leaderboards/competitions/:competitionId`: a tournament at the competition's
 * allowance, or for a `team_match` competition its matches (`match` documents) and the teams' totals.
 * @example await competitionBoard(trip, cupId) // ok({ kind: 'team_match', teams: [{ team: 'Europe', points: 1, … }, …] })
 */
export async function competitionBoard(source: LeaderboardDocs, competitionId: string): Promise<Result<CompetitionLeaderboard>> {
  const [{ snapshot, competitions }, matchDocs] = await Promise.all([load(source), source.docsOfType('match')]);
  const competition = snapshot.competitions.find((c) => c.id === competitionId);
  if (!competition) return fail('not_found', `no competition ${competitionId} on this trip`);
  if (competition.format === 'team_match') {
    const matches = matchDocs
      .filter((m) => m.competitionId === competitionId && typeof m.id === 'string')
      .map((m) => ({ id: m.id, roundId: m.roundId, format: m.format, sideA: m.sideA, sideB: m.sideB, points: m.points }) as TeamMatch)
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    const board = teamMatchLeaderboard(snapshot, matches);
    if (!board.ok) return board;
    return ok({ kind: 'team_match', competitionId, name: competition.name, format: competition.format, roundIds: competition.roundIds, ...board.value });
  }
  const override = competitions.find((c) => c.id === competitionId)?.allowancePercent;
  const board = tournamentLeaderboard(snapshot, competitionId, typeof override === 'number' ? { allowancePercent: override } : {});
  if (!board.ok) return board;
  return ok({ kind: 'tournament', ...board.value });
}
