import { z } from 'zod';
import { Id } from './common.js';
import { RoundState } from './round.js';

/**
 * The organizer's trip day (issue 24): the control room of a round in play, the preview of a correction's
 * consequences, and a hole's history with names. REST shapes only; the documents are those phones replicate.
 */

export const ControlRoomParams = z.strictObject({ tripId: Id, roundId: Id });

const ControlRoomPlayer = z.object({
  playerId: z.string(),
  name: z.string(),
  /** Holes this player has a score (or a pick-up) on. */
  holesEntered: z.number().int(),
  /**
   * Holes without a score: while the round is being played, those the group has already played (another player of
   * the group has a score there); once the round is over, every hole without one.
   */
  missingHoles: z.array(z.number().int()),
  /** When this player's phone was last heard from (portal or sync request); null when never. */
  lastHeardAt: z.string().nullable(),
});

const ControlRoomGroup = z.object({
  /** The group's id; `null` for the round's players in no group. */
  groupId: z.string().nullable(),
  number: z.number().int().nullable(),
  teeTime: z.string().nullable(),
  startingHole: z.number().int(),
  /** The hole the group finishes on (the one before its starting hole, for a shotgun start). */
  lastHole: z.number().int(),
  players: z.array(ControlRoomPlayer),
  /** Holes completed: holes every player of the group has a score on. */
  thru: z.number().int(),
  /** Holes at least one player of the group has a score on. */
  holesPlayed: z.number().int(),
  /** `not_started` (no score), `playing`, `finished` (every player has every hole). */
  status: z.enum(['not_started', 'playing', 'finished']),
  /** The group has a score on its last hole (or has finished). */
  pastLastHole: z.boolean(),
  /** When the group's phones were last heard from: the most recent of its players; null when never. */
  lastHeardAt: z.string().nullable(),
});

const MissingScore = z.object({
  playerId: z.string(),
  name: z.string(),
  hole: z.number().int(),
  scorecardId: z.string(),
  groupId: z.string().nullable(),
  /** Who should have entered it: the players of the group (any of them may score the group's cards). */
  shouldHaveEntered: z.array(z.object({ playerId: z.string(), name: z.string() })),
});

/** `GET /trips/:tripId/rounds/:roundId/control-room`. */
export const ControlRoom = z.object({
  roundId: z.string(),
  name: z.string(),
  state: RoundState,
  holes: z.number().int(),
  /** The trip database's update sequence this answer was computed at (opaque: compare for equality only). */
  updateSeq: z.union([z.string(), z.number()]),
  groups: z.array(ControlRoomGroup),
  /** Disputed holes of this round not settled yet (`GET /trips/:tripId/score-disputes` lists them). */
  openDisputes: z.number().int(),
  /** The round is completed, or every group is past its last hole. */
  roundOver: z.boolean(),
  /** Once `roundOver`: every score still missing, with who should have entered it; empty before. */
  missingScores: z.array(MissingScore),
});
export type ControlRoom = z.infer<typeof ControlRoom>;

// ---- Preview of a correction ------------------------------------------------------------------------------------

const Before = <T extends z.ZodType>(t: T) => z.object({ before: t, after: t });

const BoardChange = z.object({
  playerId: z.string(),
  name: z.string(),
  position: Before(z.string()),
  gross: Before(z.number()),
  net: Before(z.number()),
  points: Before(z.number()),
  toPar: Before(z.number().nullable()),
});

const SkinsHoleChange = z.object({ hole: z.number().int(), winner: Before(z.string().nullable()), skinsWon: Before(z.number().int()), outcome: Before(z.string()) });
/** A bet whose result changes, or, still being played, whose standing does (`aUp`: holes side A is up, negative when down). */
const NassauBetChange = z.object({ id: z.string(), result: Before(z.string()), aUp: Before(z.number().int()) });

const GameChange = z.object({
  gameId: z.string(),
  name: z.string(),
  kind: z.enum(['skins', 'nassau']),
  /** The round is completed: the game's money counts in the unified and per-organizer plans. */
  final: z.boolean(),
  /** Per player whose money moves, cents won (+) or owed (−). */
  moneyCents: z.record(z.string(), Before(z.number().int())),
  skinsHoles: z.array(SkinsHoleChange),
  nassauBets: z.array(NassauBetChange),
});

const PointGameChange = z.object({
  pointGameId: z.string(),
  team: z.string(),
  runningTotal: Before(z.number()),
  /** Holes whose counted total moves. */
  holes: z.array(z.object({ hole: z.number().int(), total: Before(z.number().nullable()) })),
});

const MoneyChange = z.object({ playerId: z.string(), name: z.string(), cents: Before(z.number().int()) });

/** What a correction (or settling a dispute) would change, before → after; only what changes is listed. */
export const CorrectionPreview = z.object({
  scorecardId: z.string(),
  roundId: z.string(),
  playerId: z.string(),
  /** Holes whose value would change, with the value now and the value asked for. */
  scores: z.array(z.object({ hole: z.number().int(), strokes: Before(z.number().int().nullable()), disputeSettled: z.boolean() })),
  /** Nothing would be written (every hole already has that value and no dispute). */
  unchanged: z.boolean(),
  /** The round board (its default basis); only players whose line or position moves. */
  board: z.object({ basis: z.string(), changes: z.array(BoardChange) }),
  sideGames: z.array(GameChange),
  pointGames: z.array(PointGameChange),
  /** Money each player wins or owes from this round's side games, summed; only players whose sum moves. */
  roundGameMoney: z.array(MoneyChange),
  /**
   * Each player's net in the unified settlement plan (expenses, games of completed rounds, settled wagers, applied
   * pot, money already moved), only where it moves. The tournament pot is applied again after the correction when it
   * counts this round: its move is included. Paid and confirmed settlements are never rewritten: the next plan is net of them.
   */
  unifiedNets: z.array(MoneyChange),
  /** What applying does to stored settlements: how many are pending (replanned) and how many stay as they are. */
  settlements: z.object({ pendingReplanned: z.number().int(), paidOrConfirmedKept: z.number().int() }),
});
export type CorrectionPreview = z.infer<typeof CorrectionPreview>;


// ---- A hole's history --------------------------------------------------------------------------------------------

const HistoryEntry = z.object({
  strokes: z.number().int().nullable(),
  enteredAt: z.string(),
  deviceId: z.string(),
  /** As stored: a player id, or `organizer:<account id>`. */
  enteredBy: z.string(),
  by: z.object({ kind: z.enum(['player', 'organizer']), id: z.string(), name: z.string().nullable() }),
  reason: z.string().nullable(),
  /** The value that counts now (the last entry). */
  current: z.boolean(),
});

/** `GET …/scorecards/:scorecardId/scores/:hole/history`: every value, oldest first, the current one last. */
export const ScoreHistory = z.object({
  scorecardId: z.string(),
  roundId: z.string(),
  playerId: z.string(),
  playerName: z.string(),
  hole: z.number().int(),
  disputed: z.boolean(),
  entries: z.array(HistoryEntry),
});
