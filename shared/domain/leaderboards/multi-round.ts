import { fail, ok, type Result } from '../../errors.js';
import { formatToPar } from '../golf/card.js';
import { rank } from '../golf/ranking.js';
import { resolveAllowance, snapshotSource, type Basis, type CardSource, type PlayerRoundCard } from './cards.js';
import { countbackOf, playerName, withTeam, type Placing, type PlayerLine } from './round.js';
import type { CompetitionFormat, TripSnapshot } from './snapshot.js';

/**
 * Multi-round and tournament leaderboards (issue 4, "Leaderboards"): per-round columns and a total. Stroke play ranks
 * on the sum of each round's score to par (over the holes played), Stableford on the sum of points. A tournament is
 * a competition's rounds at its format, with the competition's optional countback on the last round's card.
 */

/** One round's column for a player. */
export interface RoundColumn {
  roundId: string;
  thru: number;
  gross: number;
  net: number;
  points: number;
  /** Gross or net (by basis) to par of the holes played; `null` before the first hole. */
  toPar: number | null;
  playingHandicap: number | null;
  /** WHS Rule 6.1 Course Handicap (unrounded) the Playing Handicap comes from; `null` without a Handicap Index. */
  courseHandicap: number | null;
}

/** One line of a multi-round leaderboard. */
export interface MultiRoundEntry extends PlayerLine, Placing {
  /** Aligned with the leaderboard's `roundIds`; `null` where the player has no scorecard. */
  rounds: (RoundColumn | null)[];
  /** Holes played in the latest round (in `roundIds` order) the player has started. */
  thru: number;
  /** Holes played over all rounds. */
  holesPlayed: number;
  gross: number;
  net: number;
  points: number;
  /** Sum of the rounds' `toPar`; `null` before the first hole. */
  toPar: number | null;
  toParLabel: string;
}

export interface MultiRoundOptions {
  allowancePercent?: number;
  /** Split ties by card countback on the last round's holes (default false). */
  countback?: boolean;
}

export interface MultiRoundLeaderboard {
  roundIds: string[];
  basis: Basis;
  allowancePercent: number;
  countback: boolean;
  entries: MultiRoundEntry[];
}

export interface TournamentLeaderboard extends MultiRoundLeaderboard {
  competitionId: string;
  name: string;
  format: CompetitionFormat;
}

/**
 * Per-round columns and a total over `roundIds` (in the order given; unknown rounds give empty columns). Players are
 * those with a scorecard in any of the rounds. Fails (`unprocessable`) when a round is listed twice or the
 * allowance is outside 0–100.
 * @example
 * multiRoundLeaderboard(snapshot, ['round1', 'round2'], 'net')
 * // ok({ entries: [{ playerId: 'ann001', label: '1', rounds: [{ net: 70, toPar: -2, … }, { … }], net: 141, toPar: -3, … }] })
 */
export function multiRoundLeaderboard(snapshot: TripSnapshot, roundIds: readonly string[], basis: Basis, options: MultiRoundOptions = {}): Result<MultiRoundLeaderboard> {
  return buildMultiRoundLeaderboard(snapshotSource(snapshot), roundIds, basis, options);
}

/**
 * A competition across its rounds: `stroke_gross`, `stroke_net` or `stableford` (match formats are team match
 * leaderboards and fail with `unprocessable`); countback when the competition asks for it, on the last round's
 * holes. Fails with `not_found` for an unknown competition.
 * @example tournamentLeaderboard(snapshot, 'comp01') // ok({ name: 'Trip Cup', format: 'stroke_net', entries: [...] })
 */
export function tournamentLeaderboard(snapshot: TripSnapshot, competitionId: string, options: { allowancePercent?: number } = {}): Result<TournamentLeaderboard> {
  return buildTournamentLeaderboard(snapshotSource(snapshot), competitionId, options);
}

/**
 * The ranking basis of a competition format, `null` for match formats.
 * @example basisOfFormat('stroke_net') // "net"; basisOfFormat('team_match') // null
 */
export function basisOfFormat(format: CompetitionFormat): Basis | null {
  return format === 'stroke_gross' ? 'gross' : format === 'stroke_net' ? 'net' : format === 'stableford' ? 'stableford' : null;
}

/**
 * {@link tournamentLeaderboard} over any card source.
 * @example buildTournamentLeaderboard(snapshotSource(snapshot), 'comp01') // same as tournamentLeaderboard(snapshot, 'comp01')
 */
export function buildTournamentLeaderboard(source: CardSource, competitionId: string, options: { allowancePercent?: number } = {}): Result<TournamentLeaderboard> {
  const competition = source.index.competitions.get(competitionId);
  if (!competition) return fail('not_found', `no competition ${competitionId}`);
  const basis = basisOfFormat(competition.format);
  if (!basis) return fail('unprocessable', `a ${competition.format} competition has a team match leaderboard, not a tournament one`);
  const board = buildMultiRoundLeaderboard(source, [...new Set(competition.roundIds)], basis, { ...options, countback: competition.countback });
  if (!board.ok) return board;
  return ok({ competitionId, name: competition.name, format: competition.format, ...board.value });
}

/**
 * {@link multiRoundLeaderboard} over any card source.
 * @example buildMultiRoundLeaderboard(snapshotSource(snapshot), ['r1', 'r2'], 'gross') // same as multiRoundLeaderboard(snapshot, …)
 */
export function buildMultiRoundLeaderboard(source: CardSource, roundIds: readonly string[], basis: Basis, options: MultiRoundOptions = {}): Result<MultiRoundLeaderboard> {
  if (new Set(roundIds).size !== roundIds.length) return fail('unprocessable', 'a round is listed twice');
  const allowance = resolveAllowance(basis, options.allowancePercent);
  if (!allowance.ok) return allowance;
  const countback = options.countback === true;
  const perRound = roundIds.map((id) => new Map(source.cards(id, allowance.value).map((c) => [c.playerId, c])));
  const playerIds = [...new Set(perRound.flatMap((m) => [...m.keys()]))].sort();
  const rows = new Map<string, MultiRoundEntry>();
  const scores = playerIds.map((playerId) => {
    const row = totalRow(source, playerId, perRound.map((m) => m.get(playerId)), basis);
    rows.set(playerId, row.entry);
    return { id: playerId, score: row.score };
  });
  const last = perRound.at(-1);
  const lastHoles = source.index.rounds.get(roundIds.at(-1) ?? '')?.holes ?? [];
  const cb = countback && last ? countbackOf([...last.values()], basis, lastHoles) : undefined;
  const ranked = rank(scores, cb ? { direction: basis === 'stableford' ? 'higher' : 'lower', countback: cb } : { direction: basis === 'stableford' ? 'higher' : 'lower' });
  const entries = ranked.map((r) => {
    const entry = rows.get(r.id)!;
    entry.position = r.position;
    entry.label = r.label;
    entry.tied = r.tied;
    return entry;
  });
  return ok({ roundIds: [...roundIds], basis, allowancePercent: allowance.value, countback, entries });
}

/** The line of one player (not placed yet), and the number they are ranked on (`null` before the first hole). */
function totalRow(source: CardSource, playerId: string, cards: readonly (PlayerRoundCard | undefined)[], basis: Basis): { entry: MultiRoundEntry; score: number | null } {
  let gross = 0;
  let net = 0;
  let points = 0;
  let toPar = 0;
  let holesPlayed = 0;
  let thru = 0;
  const rounds = cards.map((c): RoundColumn | null => {
    if (!c) return null;
    const roundToPar = c.thru === 0 ? null : basis === 'gross' ? c.gross - c.par : c.net - c.par;
    gross += c.gross;
    net += c.net;
    points += c.pointsTotal;
    toPar += roundToPar ?? 0;
    holesPlayed += c.thru;
    if (c.thru > 0) thru = c.thru;
    return { roundId: c.roundId, thru: c.thru, gross: c.gross, net: c.net, points: c.pointsTotal, toPar: roundToPar, playingHandicap: c.playingHandicap, courseHandicap: c.courseHandicap };
  });
  const started = holesPlayed > 0;
  // Built field by field: object spread is slow in hot loops on V8.
  const entry: MultiRoundEntry = {
    playerId,
    name: playerName(source.index, playerId),
    position: null,
    label: '-',
    tied: false,
    rounds,
    thru,
    holesPlayed,
    gross,
    net,
    points,
    toPar: started ? toPar : null,
    toParLabel: started ? formatToPar(toPar) : '-',
  };
  return { entry: withTeam(source.index, entry), score: started ? (basis === 'stableford' ? points : toPar) : null };
}
