import { z } from 'zod';
import { evenIfOthersFail } from './checks.js';
import { CompetitionFormat } from './competition.js';
import { Id } from './common.js';
import { MatchFormat } from './match.js';

/**
 * Trip analytics (issue 8, "Analytics") as the dashboard and the portal answer them, and as the pure functions of
 * `shared/domain/analytics` return them, field for field. Every figure is derived from entered scores: a player has
 * "played" a round when their scorecard has a score on every hole of the round's course (see `playedCards`).
 */

/** Who a line is about. */
const playerRef = { playerId: z.string(), name: z.string() };
export const PlayerRef = z.object(playerRef);
export type PlayerRef = z.infer<typeof PlayerRef>;

/** One completed card: gross, net (at the 95 % stroke play allowance) and the par of the course. */
export const PlayedRound = z.object({
  ...playerRef,
  roundId: z.string(),
  roundName: z.string(),
  date: z.string(),
  gross: z.number().int(),
  net: z.number().int(),
  par: z.number().int(),
  grossToPar: z.number().int(),
  netToPar: z.number().int(),
});
export type PlayedRound = z.infer<typeof PlayedRound>;

/** Holes by score against par (gross). `birdiesOrBetter` = `eaglesOrBetter` + `birdies`. */
export const ScoringDistribution = z.object({
  eaglesOrBetter: z.number().int(),
  birdies: z.number().int(),
  birdiesOrBetter: z.number().int(),
  pars: z.number().int(),
  bogeys: z.number().int(),
  doubleBogeysOrWorse: z.number().int(),
});
export type ScoringDistribution = z.infer<typeof ScoringDistribution>;

/** An average shown to people: rounded to 2 decimals, `null` before a completed round. */
const Average = (what: string) => z.number().nullable().describe(`${what}, rounded to 2 decimals; null before a completed round`);

/** One player's line of the trip summary; averages are `null` before a completed round, rounded to 2 decimals. */
export const PlayerSummary = z.object({
  ...playerRef,
  team: z.string().optional(),
  roundsPlayed: z.number().int(),
  holesPlayed: z.number().int(),
  averageGross: Average('Mean gross of the completed rounds'),
  averageNet: Average('Mean net of the completed rounds'),
  averageGrossToPar: Average('Mean gross to par of the completed rounds'),
  averageNetToPar: Average('Mean net to par of the completed rounds'),
  bestGross: PlayedRound.nullable(),
  bestNet: PlayedRound.nullable(),
  scoring: ScoringDistribution,
});
export type PlayerSummary = z.infer<typeof PlayerSummary>;

/** `GET …/analytics/summary`. */
export const TripSummary = z.object({
  /** Rounds on the trip, and those with at least one completed card. */
  roundsScheduled: z.number().int(),
  roundsPlayed: z.number().int(),
  /** Completed cards over all rounds and players. */
  cardsCompleted: z.number().int(),
  holesPlayed: z.number().int(),
  averageGross: Average('Mean gross of every completed card'),
  averageNet: Average('Mean net of every completed card'),
  scoring: ScoringDistribution,
  /** Every player of the trip, by name. */
  players: z.array(PlayerSummary),
  /** The lowest completed cards to par (up to 3 each). */
  bestRounds: z.object({ gross: z.array(PlayedRound), net: z.array(PlayedRound) }),
});
export type TripSummary = z.infer<typeof TripSummary>;

/** Who won a comparison: side A, side B, or neither. */
export const Outcome = z.enum(['A', 'B', 'halved']);
export type Outcome = z.infer<typeof Outcome>;

/** One round both players completed. */
export const SharedRound = z.object({
  roundId: z.string(),
  roundName: z.string(),
  date: z.string(),
  grossA: z.number().int(),
  grossB: z.number().int(),
  netA: z.number().int(),
  netB: z.number().int(),
  /** Lower net total wins the round. */
  winner: Outcome,
});
export type SharedRound = z.infer<typeof SharedRound>;

/** A finished team match with the two players on opposite sides. */
export const HeadToHeadMatch = z.object({
  matchId: z.string(),
  competitionId: z.string(),
  competitionName: z.string(),
  roundId: z.string(),
  format: MatchFormat,
  /** "3&2", "1 up", "halved". */
  status: z.string(),
  winner: Outcome,
});
export type HeadToHeadMatch = z.infer<typeof HeadToHeadMatch>;

/** Wins and halves; `source` says whether they count match records or shared rounds. */
export const HeadToHeadRecord = z.object({
  source: z.enum(['matches', 'rounds']),
  winsA: z.number().int(),
  winsB: z.number().int(),
  halved: z.number().int(),
});
export type HeadToHeadRecord = z.infer<typeof HeadToHeadRecord>;

/** Stroke totals over the shared rounds; margins are A − B (negative: A took fewer strokes). */
export const StrokeComparison = z.object({
  grossA: z.number().int(),
  grossB: z.number().int(),
  netA: z.number().int(),
  netB: z.number().int(),
  grossMargin: z.number().int(),
  netMargin: z.number().int(),
});

/** `GET …/analytics/head-to-head?playerA=&playerB=`. */
export const HeadToHead = z.object({
  playerA: PlayerRef,
  playerB: PlayerRef,
  roundsTogether: z.number().int(),
  rounds: z.array(SharedRound),
  strokes: StrokeComparison,
  matches: z.array(HeadToHeadMatch),
  record: HeadToHeadRecord,
});
export type HeadToHead = z.infer<typeof HeadToHead>;

/** One cell of the matrix, from the row player's side (A = row, B = column). */
export const MatrixCell = z.object({
  opponentId: z.string(),
  roundsTogether: z.number().int(),
  grossMargin: z.number().int(),
  netMargin: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  halved: z.number().int(),
  source: HeadToHeadRecord.shape.source,
});
export type MatrixCell = z.infer<typeof MatrixCell>;

/** `GET …/analytics/head-to-head/matrix`: a row per player, a cell per player in `players` order (`null` for oneself). */
export const HeadToHeadMatrix = z.object({
  players: z.array(PlayerRef),
  rows: z.array(z.object({ ...playerRef, cells: z.array(MatrixCell.nullable()) })),
});
export type HeadToHeadMatrix = z.infer<typeof HeadToHeadMatrix>;

/** Points one competition gave a player. */
export const MvpCompetitionPoints = z.object({
  competitionId: z.string(),
  /** Place on a tournament board ("T2", "-"); `null` for a team match. */
  label: z.string().nullable(),
  matchesWon: z.number().int(),
  matchesHalved: z.number().int(),
  points: z.number(),
});

/** One player's MVP line. */
export const MvpEntry = z.object({
  ...playerRef,
  position: z.number().int(),
  label: z.string(),
  tied: z.boolean(),
  points: z.number(),
  placePoints: z.number(),
  matchPoints: z.number(),
  competitions: z.array(MvpCompetitionPoints),
});
export type MvpEntry = z.infer<typeof MvpEntry>;

/** `GET …/analytics/mvp`. */
export const Mvp = z.object({
  formula: z.object({
    /** Points for places 1, 2, 3… of a tournament board; later places score 0. */
    placePoints: z.array(z.number()),
    matchWon: z.number(),
    matchHalved: z.number(),
    description: z.string(),
  }),
  /** The trip's competitions and whether they counted (a `match_play` competition has no results to count). */
  competitions: z.array(z.object({ competitionId: z.string(), name: z.string(), format: CompetitionFormat, counted: z.boolean() })),
  entries: z.array(MvpEntry),
});
export type Mvp = z.infer<typeof Mvp>;

/** A fun stat: its best value and everyone sharing it; `null` in the response when nobody qualifies. */
const stat = <T extends z.ZodRawShape>(leader: T) => z.object({ value: z.number(), leaders: z.array(z.object({ ...playerRef, ...leader })) }).nullable();

const roundAt = { roundId: z.string(), roundName: z.string() };

/** `GET …/analytics/fun-stats`. */
export const FunStats = z.object({
  mostBirdies: stat({}),
  biggestBlowUp: stat({ ...roundAt, hole: z.number().int(), par: z.number().int(), strokes: z.number().int() }),
  mostImproved: stat({ firstRoundId: z.string(), lastRoundId: z.string(), firstToPar: z.number().int(), lastToPar: z.number().int() }),
  longestParStreak: stat({ ...roundAt, fromHole: z.number().int(), toHole: z.number().int() }),
});
export type FunStats = z.infer<typeof FunStats>;

/**
 * One pair of players; A and B by name. `netMargin` is the signed total net A − net B over the rounds together;
 * `averageMargin` the mean of each round's |net A − net B|, rounded to 2 decimals.
 */
export const Rivalry = z.object({
  playerA: PlayerRef,
  playerB: PlayerRef,
  roundsTogether: z.number().int(),
  netMargin: z.number().int(),
  averageMargin: z.number().describe("Mean over the rounds together of each round's |net A − net B|, rounded to 2 decimals"),
  record: HeadToHeadRecord,
});
export type Rivalry = z.infer<typeof Rivalry>;

/** `GET …/analytics/rivalries`. */
export const Rivalries = z.object({
  minRounds: z.number().int(),
  closest: z.array(Rivalry),
  mostPlayed: z.array(Rivalry),
});
export type Rivalries = z.infer<typeof Rivalries>;

/** Query of the head-to-head: two different players of the trip. */
export const HeadToHeadQuery = z
  .object({ playerA: Id.describe('A player id'), playerB: Id.describe('Another player id') })
  .refine((q) => q.playerA !== q.playerB, { message: 'playerA and playerB must be different players', path: ['playerB'], ...evenIfOthersFail('playerA', 'playerB') });
export type HeadToHeadQuery = z.infer<typeof HeadToHeadQuery>;

/** Query of the rivalries. */
export const RivalriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(5).describe('Pairs per list (default 5)'),
  minRounds: z.coerce.number().int().min(1).max(100).default(1).describe('Shared rounds a pair needs to be listed (default 1)'),
});
export type RivalriesQuery = z.infer<typeof RivalriesQuery>;
