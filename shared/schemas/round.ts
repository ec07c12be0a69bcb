import { z } from 'zod';
import { DocBase, Id, Instant, IsoDate, LocalTime } from './common.js';
import { Course } from './course.js';

export const RoundState = z.enum(['draft', 'ready', 'in_progress', 'completed']);
export type RoundState = z.infer<typeof RoundState>;

/** How a round is scored. The scoring rules themselves live in the golf scoring domain. */
export const RoundFormat = z.enum(['stroke_play', 'stableford', 'match_play', 'four_ball', 'scramble', 'best_ball']);
export type RoundFormat = z.infer<typeof RoundFormat>;

/**
 * A group on the tee sheet. Its size (spec, Limits: 2 to 6 players) is declared here, so a group outside it is a
 * malformed request (400 `validation_failed`), as on every scheduling route (README, Errors).
 */
export const GroupInput = z.strictObject({
  playerIds: z.array(Id).min(2, 'a group has 2 to 6 players').max(6, 'a group has 2 to 6 players'),
  teeTime: LocalTime.optional(),
  startingHole: z.number().int().min(1).max(18).optional(),
});

export const Group = z.object({
  id: z.string(),
  number: z.number().int(),
  playerIds: z.array(Id),
  teeTime: LocalTime.optional(),
  startingHole: z.number().int().optional(),
});
export type Group = z.infer<typeof Group>;

/** What `playerIds` means when a round is made (issue 23): one list of the round's players, however they were given. */
const PLAYER_IDS_GIVEN =
  "The round's players. A player placed in a group is one of them whether listed here or not: the round keeps this list, " +
  "then every grouped player it does not name. Left out beside groups, the round's players are the groups' players in group order.";

const roundFields = {
  name: z.string().trim().min(1).max(120),
  date: IsoDate,
  startTime: LocalTime.optional(),
  course: Course.optional(),
  format: RoundFormat.default('stroke_play'),
  /** The players assigned to the round. Players in groups are assigned too. */
  playerIds: z.array(Id).max(500).default([]).describe(PLAYER_IDS_GIVEN),
  groups: z.array(GroupInput).max(100).default([]),
  /** Tee played by default, by name; must be one of the course's tees. */
  defaultTee: z.string().trim().min(1).max(40).optional(),
  /** Tee per player where it differs from the default. */
  playerTees: z.record(Id, z.string().trim().min(1).max(40)).default({}),
};

export const CreateRoundBody = z.strictObject({
  ...roundFields,
  name: roundFields.name.optional(),
});
export type CreateRoundBody = z.infer<typeof CreateRoundBody>;

export const PatchRoundBody = z
  .strictObject({
    name: roundFields.name,
    date: IsoDate,
    startTime: LocalTime.nullable(),
    course: Course.nullable(),
    format: RoundFormat,
    playerIds: z
      .array(Id)
      .max(500)
      .describe("The round's players, draft rounds only: the round keeps this list, then every player of its groups it does not name."),
    groups: z
      .array(GroupInput)
      .max(100)
      .describe(
        "The round's groups. Given without `playerIds`, the groups' players replace those of the old groups, and players assigned without a " +
          'group stay; once the round is ready its players are fixed, and new groups may only move them between groups.',
      ),
    defaultTee: z.string().trim().min(1).max(40).nullable(),
    playerTees: z.record(Id, z.string().trim().min(1).max(40)),
  })
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');
export type PatchRoundBody = z.infer<typeof PatchRoundBody>;

/** Body of `PATCH /trips/:tripId/rounds/:roundId/ready`: `{ready: false}` takes a ready round without scores back to draft. */
export const ReadyBody = z.strictObject({ ready: z.boolean().default(true) });

/** The round document, `round:<roundId>`. */
export const RoundDoc = DocBase.extend({
  type: z.literal('round'),
  id: Id,
  name: z.string(),
  date: IsoDate,
  startTime: LocalTime.optional(),
  course: Course.optional(),
  format: RoundFormat,
  playerIds: z.array(Id),
  groups: z.array(Group),
  defaultTee: z.string().optional(),
  playerTees: z.record(z.string(), z.string()),
  state: RoundState,
  readyAt: z.string().optional(),
  startedAt: z.string().optional(),
  completedAt: z.string().optional(),
  resetCount: z.number().int().default(0),
});
export type RoundDoc = z.infer<typeof RoundDoc>;

export const Round = RoundDoc.omit({ _id: true, _rev: true, type: true }).extend({
  tripId: Id,
  playerIds: z.array(Id).describe("Every player of the round: those assigned, then each grouped player not among them. Readying the round makes one scorecard for each."),
});
export type Round = z.infer<typeof Round>;

export const RoundParams = z.strictObject({ tripId: Id, roundId: Id });

/** Identifier of a scorecard: `<roundId>-<playerId>`, so that creating it twice is the same write. */
export const ScorecardId = z.string().regex(/^[a-z][a-z0-9]{5,39}-[a-z][a-z0-9]{5,39}$/, 'not a scorecard id');

/**
 * The handicap frozen on a scorecard when its round becomes ready (issue 4: index, course and playing handicap, tee,
 * rating, slope), so results stay auditable after an index changes. The last three fields came later: cards frozen
 * before them lack them, and readers recompute the Course Handicap from the inputs (`courseHandicapFromSnapshot`).
 */
export const HandicapSnapshot = z.object({
  handicapIndex: z.number().nullable(),
  tee: z.string(),
  courseRating: z.number(),
  slope: z.number(),
  par: z.number().int(),
  holes: z.number().int(),
  /** WHS Rule 6.1 Course Handicap, unrounded (6.1b for a 9-hole round); null without a Handicap Index. */
  courseHandicap: z.number().nullable().optional(),
  /** The handicap allowance (percent, WHS Appendix C) the Playing Handicap was taken at: the round format's default. */
  allowancePercent: z.number().min(0).max(100).optional(),
  /** WHS Rule 6.2 Playing Handicap: Course Handicap × allowance, rounded; null without a Handicap Index. */
  playingHandicap: z.number().int().nullable().optional(),
});
export type HandicapSnapshot = z.infer<typeof HandicapSnapshot>;

/**
 * A player marked as not playing a round, kept on their scorecard (issue 34): a no-show (never started) or a
 * withdrawal after `afterHole` holes. The holes they entered stay as they are; games and boards leave them out from
 * then on. `nassau` is how a Nassau match they play alone on their side ends: `forfeit` (the opponent wins every bet
 * not yet decided, a concession in Rules of Golf terms) or `void` (the bets not yet decided are off).
 */
export const OutOfPlay = z.object({
  kind: z.enum(['no_show', 'withdrawn']),
  /** How many holes they had played when they left (0 for a no-show). */
  afterHole: z.number().int().min(0).max(18),
  nassau: z.enum(['forfeit', 'void']),
  at: z.string(),
});
export type OutOfPlay = z.infer<typeof OutOfPlay>;

/** The scorecard document, `scorecard:<roundId>-<playerId>`. */
export const ScorecardDoc = DocBase.extend({
  type: z.literal('scorecard'),
  id: ScorecardId,
  roundId: Id,
  playerId: Id,
  groupId: z.string().nullable(),
  handicap: HandicapSnapshot,
  /** The player is not playing the round (any more): a no-show or a withdrawal, marked by an organizer (issue 34). */
  outOfPlay: OutOfPlay.optional(),
});
export type ScorecardDoc = z.infer<typeof ScorecardDoc>;

/**
 * One value entered for a hole: who, on which device, when (the device's clock). `strokes: null` is a picked-up hole
 * (WHS Rule 3.1b: started but not holed out): it counts as net double bogey for net stroke play and handicap
 * purposes, 0 Stableford points, a lost hole in match play (halved if the opponent also picked up) and no skin.
 */
export const ScoreEntry = z.object({
  strokes: z.number().int().min(1).max(30).nullable(),
  enteredBy: z.string().min(1).max(100),
  deviceId: z.string().min(1).max(100),
  enteredAt: Instant,
  /** Why an organizer corrected the hole (required once the round is completed: server/scores/corrections.service.ts). */
  reason: z.string().min(1).max(500).optional(),
});
export type ScoreEntry = z.infer<typeof ScoreEntry>;

/** One hole's score on one scorecard, `score:<scorecardId>:<hole>`. One document per hole, so phones entering
 * different holes never conflict. `history` keeps every value that lost a conflict or was overridden. */
export const ScoreDoc = DocBase.extend({
  type: z.literal('score'),
  scorecardId: ScorecardId,
  roundId: Id,
  playerId: Id,
  hole: z.number().int().min(1).max(18),
  ...ScoreEntry.shape,
  history: z.array(ScoreEntry).max(200).default([]),
  /** Set when values from different devices disagreed; cleared when an organizer settles it. */
  disputed: z.boolean().optional(),
});
export type ScoreDoc = z.infer<typeof ScoreDoc>;

export const scoreDocId = (scorecardId: string, hole: number) => `score:${scorecardId}:${hole}`;

/** Scores kept when a round is reset: `scorearchive:<roundId>-<n>`. */
export const ScoreArchiveDoc = DocBase.extend({
  type: z.literal('scorearchive'),
  roundId: Id,
  reason: z.enum(['reset']),
  fromState: RoundState,
  scores: z.array(z.record(z.string(), z.unknown())),
});
export type ScoreArchiveDoc = z.infer<typeof ScoreArchiveDoc>;
