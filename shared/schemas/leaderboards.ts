import { z } from 'zod';
import { CompetitionFormat } from './competition.js';
import { Id } from './common.js';
import { MatchFormat } from './match.js';
import type { RoundFormat } from './round.js';

/**
 * Leaderboards as the dashboard and the portal answer them (issue 4, "Leaderboards"), and as the device library
 * computes them offline: the shapes the pure functions of `shared/domain/leaderboards` return, field for field.
 */

/** What a board ranks on: gross or net strokes to par (lower is better), or Stableford points (higher is better). */
export const LeaderboardBasis = z.enum(['gross', 'net', 'stableford']);
export type LeaderboardBasis = z.infer<typeof LeaderboardBasis>;

/**
 * The basis a round's board uses when none is asked for: Stableford rounds on points, every other format on net
 * strokes (a trip plays off handicaps; ask for `gross` to see the scratch board).
 * @example defaultRoundBasis('stableford') // "stableford"; defaultRoundBasis('stroke_play') // "net"
 */
export function defaultRoundBasis(format: RoundFormat | string): LeaderboardBasis {
  return format === 'stableford' ? 'stableford' : 'net';
}

/** The document types every leaderboard reads (team match boards read `match` too). */
export const LEADERBOARD_DOC_TYPES = ['player', 'round', 'scorecard', 'score', 'competition'] as const;

const AllowanceQuery = z.coerce.number().min(0).max(100).optional().describe('Handicap allowance in percent (default WHS: 95 % for stroke play and Stableford)');

/** Query of the round board. */
export const RoundLeaderboardQuery = z.object({
  basis: LeaderboardBasis.optional().describe("gross, net or stableford; default by the round's format (stableford rounds on points, others net)"),
  allowancePercent: AllowanceQuery,
});
export type RoundLeaderboardQuery = z.infer<typeof RoundLeaderboardQuery>;

/** Query of the multi-round board: `roundIds=a,b` (each once, in column order). */
export const MultiRoundLeaderboardQuery = z.object({
  roundIds: z
    .string()
    .describe('Comma-separated round ids, in column order')
    .transform((s) => s.split(',').map((id) => id.trim()).filter((id) => id !== ''))
    .pipe(
      z
        .array(Id)
        .min(1)
        .max(60)
        .refine((ids) => new Set(ids).size === ids.length, 'a round is listed twice'),
    ),
  basis: LeaderboardBasis.default('net').describe('gross, net (default) or stableford'),
  allowancePercent: AllowanceQuery,
});
export type MultiRoundLeaderboardQuery = z.infer<typeof MultiRoundLeaderboardQuery>;

export const RoundLeaderboardParams = z.strictObject({ tripId: Id, roundId: Id });
export const CompetitionLeaderboardParams = z.strictObject({ tripId: Id, competitionId: Id });

/** Position shared by ties (`null` before a first hole), its label ("1", "T2", "-"), and whether it is shared. */
const placing = {
  position: z.number().int().nullable(),
  label: z.string(),
  tied: z.boolean(),
};

/** Who a line is about; `team` only for players on a team. */
const playerLine = {
  playerId: z.string(),
  name: z.string(),
  team: z.string().optional(),
};

/**
 * One hole of a player's card as a golfer reads it (issue 14), computed by `holeLines` in
 * `shared/domain/leaderboards/hole-lines.ts`: `gross`, `net` and `points` are `null` while the hole is not played.
 */
export const HoleLine = z.object({
  hole: z.number().int(),
  par: z.number().int(),
  strokeIndex: z.number().int(),
  gross: z.number().int().nullable().describe('Strokes taken; null for a hole not played and for a picked-up hole'),
  pickedUp: z.boolean().describe('Started but not holed out: counts net double bogey and 0 Stableford points (WHS Rule 3.1b)'),
  strokesReceived: z.number().int().describe('Handicap strokes received by stroke index (WHS Appendix E); negative where a plus handicap gives back'),
  net: z.number().int().nullable().describe('Gross − strokes received; a picked-up hole counts net double bogey (par + 2 net)'),
  points: z.number().int().nullable().describe('Stableford points (Rules of Golf 21.1b, net against par); 0 for a picked-up hole'),
  netDoubleBogey: z
    .number()
    .int()
    .describe(
      "Par + 2 + the strokes the player's full Course Handicap, rounded, gives on the hole (WHS Rule 3.1b, Rule 6.1 note): the most the hole counts for handicap purposes. Not from strokesReceived: on a board played at an allowance under 100 % (a 95 % four-ball) it can be higher than par + 2 + strokesReceived.",
    ),
});
export type HoleLine = z.infer<typeof HoleLine>;

/** The Course Handicap a line's Playing Handicap comes from. */
const CourseHandicapField = z.number().nullable().describe('WHS Rule 6.1 Course Handicap, unrounded, from the handicap frozen on the scorecard; null without a Handicap Index');

/** One player's line on a round board. */
export const RoundLeaderboardEntry = z.object({
  ...playerLine,
  ...placing,
  /** Holes played. */
  thru: z.number().int(),
  gross: z.number(),
  net: z.number(),
  /** Against the par of the holes played (gross on a gross board, net otherwise); `null` before a hole. */
  toPar: z.number().nullable(),
  /** "E", "+3", "-2", or "-" before a hole. */
  toParLabel: z.string(),
  grossToPar: z.number(),
  netToPar: z.number(),
  /** Stableford points at the allowance. */
  points: z.number(),
  playingHandicap: z.number().nullable(),
  courseHandicap: CourseHandicapField,
  /** Gross strokes counted per hole, `null` while not played; a picked-up hole counts its net double bogey (see `perHole`). */
  holes: z.array(z.number().nullable()),
  /** Per hole: par, stroke index, gross, strokes received at the board's allowance, net and Stableford points. */
  perHole: z.array(HoleLine),
});

/** `GET …/leaderboards/rounds/:roundId`. */
export const RoundLeaderboard = z.object({
  roundId: z.string(),
  name: z.string(),
  basis: LeaderboardBasis,
  allowancePercent: z.number(),
  countback: z.boolean(),
  /** Par of the whole card. */
  par: z.number(),
  entries: z.array(RoundLeaderboardEntry),
});
export type RoundLeaderboard = z.infer<typeof RoundLeaderboard>;

/** One round's column for a player on a multi-round or tournament board. */
export const RoundColumn = z.object({
  roundId: z.string(),
  thru: z.number().int(),
  gross: z.number(),
  net: z.number(),
  points: z.number(),
  toPar: z.number().nullable(),
  playingHandicap: z.number().nullable(),
  courseHandicap: CourseHandicapField,
});

/** One player's line across rounds: a column per round (`null` without a scorecard there) and totals. */
export const MultiRoundLeaderboardEntry = z.object({
  ...playerLine,
  ...placing,
  rounds: z.array(RoundColumn.nullable()),
  /** Holes played in the latest round the player has started. */
  thru: z.number().int(),
  holesPlayed: z.number().int(),
  gross: z.number(),
  net: z.number(),
  points: z.number(),
  toPar: z.number().nullable(),
  toParLabel: z.string(),
});

const multiRoundFields = {
  roundIds: z.array(z.string()),
  basis: LeaderboardBasis,
  allowancePercent: z.number(),
  countback: z.boolean(),
  entries: z.array(MultiRoundLeaderboardEntry),
};

/** `GET …/leaderboards/multi-round`. */
export const MultiRoundLeaderboard = z.object(multiRoundFields);
export type MultiRoundLeaderboard = z.infer<typeof MultiRoundLeaderboard>;

/** A stroke play or Stableford competition across its rounds. */
export const TournamentLeaderboard = z.object({
  kind: z.literal('tournament'),
  competitionId: z.string(),
  name: z.string(),
  format: CompetitionFormat,
  ...multiRoundFields,
});
export type TournamentLeaderboard = z.infer<typeof TournamentLeaderboard>;

const MatchSide = z.enum(['A', 'B']);

/** A side of a team match. */
export const TeamMatchSide = z.object({
  /** The players' team, else "A" or "B". */
  team: z.string(),
  playerIds: z.array(z.string()),
  names: z.array(z.string()),
  /** Match strokes received per player (the lowest plays off zero). */
  strokes: z.array(z.number()),
});

/** One match of a team match competition, scored from the round's scores. */
export const TeamMatchResult = z.object({
  id: z.string(),
  roundId: z.string(),
  format: MatchFormat,
  points: z.number(),
  sideA: TeamMatchSide,
  sideB: TeamMatchSide,
  matchStatus: z.enum(['not_started', 'in_progress', 'dormie', 'won', 'halved']),
  leader: MatchSide.nullable(),
  leaderTeam: z.string().nullable(),
  up: z.number().int(),
  thru: z.number().int(),
  /** "not started", "AS thru 3", "2 up thru 14", "2 up thru 16 (dormie)", "3&2", "1 up" or "halved". */
  status: z.string(),
  finished: z.boolean(),
  pointsA: z.number(),
  pointsB: z.number(),
  projectedA: z.number(),
  projectedB: z.number(),
  /** Winner per hole, `null` for a hole not (yet) counted. */
  holes: z.array(z.union([MatchSide, z.literal('halved')]).nullable()),
});

/** A team's running total: points of finished matches, points if every match ended as it stands. */
export const TeamTotal = z.object({
  team: z.string(),
  points: z.number(),
  projected: z.number(),
  won: z.number().int(),
  halved: z.number().int(),
  lost: z.number().int(),
});

/** A `team_match` competition (Ryder Cup style): its matches and the teams' totals. */
export const TeamMatchCompetitionLeaderboard = z.object({
  kind: z.literal('team_match'),
  competitionId: z.string(),
  name: z.string(),
  format: CompetitionFormat,
  roundIds: z.array(z.string()),
  matches: z.array(TeamMatchResult),
  /** By points won, then projected, then name. */
  teams: z.array(TeamTotal),
});
export type TeamMatchCompetitionLeaderboard = z.infer<typeof TeamMatchCompetitionLeaderboard>;

/** `GET …/leaderboards/competitions/:competitionId`: a tournament board, or the team match board. */
export const CompetitionLeaderboard = z.discriminatedUnion('kind', [TournamentLeaderboard, TeamMatchCompetitionLeaderboard]);
export type CompetitionLeaderboard = z.infer<typeof CompetitionLeaderboard>;

/** Query of the team round board. */
export const TeamRoundLeaderboardQuery = z.object({
  basis: z.enum(['gross', 'net']).default('net').describe('gross or net (default): best ball counts the best gross or net member scores per hole, scramble the team score less the team handicap'),
});
export type TeamRoundLeaderboardQuery = z.infer<typeof TeamRoundLeaderboardQuery>;

/** One team's line on a team round board. */
export const TeamRoundLeaderboardEntry = z.object({
  teamcardId: z.string(),
  key: z.string(),
  name: z.string(),
  format: z.enum(['best_ball', 'scramble']),
  playerIds: z.array(z.string()),
  /** Best ball: scores counted per hole; `null` for scramble. */
  bestOf: z.number().int().nullable(),
  /** Scramble: the team's Playing Handicap; `null` without every member's index, or for best ball. */
  teamHandicap: z.number().nullable(),
  ...placing,
  thru: z.number().int(),
  gross: z.number(),
  net: z.number(),
  /** Against the par of the holes counted (best ball: `bestOf` × par); `null` before a hole. */
  toPar: z.number().nullable(),
  toParLabel: z.string(),
  /** Team gross and net per hole; `pickedUp` when a picked-up ball (or the scramble team's pick-up) counts, at net double bogey. */
  holes: z.array(z.object({ hole: z.number().int(), gross: z.number().nullable(), net: z.number().nullable(), pickedUp: z.boolean() })),
});

/** `GET …/leaderboards/rounds/:roundId/teams`. */
export const TeamRoundLeaderboard = z.object({
  roundId: z.string(),
  name: z.string(),
  basis: z.enum(['gross', 'net']),
  allowancePercent: z.number().describe("The round's handicap allowance (percent, WHS Appendix C): its scorecards' Playing Handicaps, and so the net scores, are at it"),
  par: z.number(),
  entries: z.array(TeamRoundLeaderboardEntry),
});
export type TeamRoundLeaderboardSchema = z.infer<typeof TeamRoundLeaderboard>;

export const TeamLinesParams = z.strictObject({ tripId: Id, roundId: Id, teamcardId: z.string().min(1).max(200) });

/**
 * `GET …/leaderboards/rounds/:roundId/teams/:teamcardId`: where a team's figures come from. Each member's hole lines
 * with the strokes the team board counts (from the Playing Handicap frozen on the scorecard), and the team's
 * counted gross and net per hole as on the board.
 */
export const TeamLines = z.object({
  teamcardId: z.string(),
  name: z.string(),
  format: z.enum(['best_ball', 'scramble']),
  bestOf: z.number().int().nullable(),
  members: z.array(z.object({ playerId: z.string(), name: z.string(), playingHandicap: z.number().nullable(), perHole: z.array(HoleLine) })),
  holes: TeamRoundLeaderboardEntry.shape.holes,
});
export type TeamLines = z.infer<typeof TeamLines>;
