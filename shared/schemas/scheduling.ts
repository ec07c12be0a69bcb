import { z } from 'zod';
import { evenIfOthersFail } from './checks.js';
import { Id, LocalTime } from './common.js';
import { MAX_INTERVAL_MINUTES, MIN_INTERVAL_MINUTES } from './tee-booking.js';

/**
 * Request and response shapes of tournament scheduling (issue 6): pairings, rules, swaps, tee times, multi-round
 * rotations, fairness, round robin, waves. Every generated schedule takes an optional `seed` and answers the seed it
 * used, so the same request with the same seed gives the same schedule.
 */

/**
 * The spec's limits (players per group 2–6, tee interval 5–30 minutes, rule priority 1–10, holes 1–18) are declared
 * here as min/max, so /openapi.json shows them and a value outside one is a malformed request on every route: 400
 * `validation_failed` with the zod issue in `details`. 422 is left for values each valid that together cannot be
 * scheduled (a 7th player for a full group, more groups than a shotgun has holes). README, Errors.
 */
export const Seed = z.number().int().min(0).max(2 ** 31 - 1);
export const GroupSize = z.number().int('players per group is a whole number').min(2, 'a group has 2 to 6 players').max(6, 'a group has 2 to 6 players');
const INTERVAL = `the tee time interval is ${MIN_INTERVAL_MINUTES} to ${MAX_INTERVAL_MINUTES} minutes`;
/** Minutes between tee times on one tee (spec, Limits: "Tee time interval: 5 to 30 minutes"). */
export const TeeInterval = z.number().int('the tee time interval is whole minutes').min(MIN_INTERVAL_MINUTES, INTERVAL).max(MAX_INTERVAL_MINUTES, INTERVAL);
/** A hole of the course (1–18; a 9-hole course has holes 1–9, checked against the round's course: 422). */
export const HoleNumber = z.number().int('a hole is a whole number').min(1, 'holes are numbered 1 to 18').max(18, 'holes are numbered 1 to 18');

export const SchedulingRuleInput = z.strictObject({
  kind: z.enum(['keep_together', 'keep_apart']),
  playerIds: z.array(Id).min(2, 'a rule names at least 2 players').max(24).refine((ids) => new Set(ids).size === ids.length, 'a player is listed twice'),
  /** 1 to 10: when rules conflict the higher priority wins. */
  priority: z.number().int().min(1, 'priority is 1 to 10').max(10, 'priority is 1 to 10').default(5),
  note: z.string().trim().max(200).optional(),
});
export const SchedulingRule = SchedulingRuleInput.extend({ id: z.string(), priority: z.number().int() });
export const PutRulesBody = z.strictObject({ rules: z.array(SchedulingRuleInput).max(100) });
export const RulesResponse = z.object({ rules: z.array(SchedulingRule) });

export const RuleBreak = z.object({ ruleId: z.string(), kind: z.enum(['keep_together', 'keep_apart']), priority: z.number().int(), reason: z.string() });

export const Strategy = z.enum(['random', 'handicap', 'balanced', 'ab', 'abc', 'abcd', 'previous_results', 'custom']);
export const ResultsOrdering = z.enum(['leaders_last', 'leaders_first', 'reverse_horseshoe']);

/** Body of `POST /rounds/:id/auto-pair`. */
export const AutoPairBody = z
  .strictObject({
    strategy: Strategy,
    groupSize: GroupSize,
    seed: Seed.optional(),
    /** previous_results: the completed round whose results order the players, and how. */
    resultsRoundId: Id.optional(),
    ordering: ResultsOrdering.optional(),
    /** balanced: improve the snake draft by local search to the lowest possible spread of group handicap totals. */
    optimize: z.boolean().optional(),
    /** Rules for this pairing only, on top of the trip's stored rules. */
    rules: z.array(SchedulingRuleInput).max(100).optional(),
    /** Players to pair; the round's players when left out. */
    playerIds: z.array(Id).min(2).max(200).optional(),
  })
  .refine((b) => b.strategy !== 'previous_results' || b.resultsRoundId !== undefined, { message: 'previous_results needs resultsRoundId', path: ['resultsRoundId'], ...evenIfOthersFail('strategy', 'resultsRoundId') });

export const TeeFormat = z.enum(['single', 'two_tee', 'shotgun']);
export const ShotgunPriority = z.enum(['fill_from_one', 'balanced', 'priority_holes']);

/** Body of `POST /rounds/:id/bulk-tee-times`. Limits: interval 5–30 minutes; shotgun up to 18 groups, 36 with doubles. */
export const BulkTeeTimesBody = z.strictObject({
  format: TeeFormat,
  firstTime: LocalTime,
  /** Single and two-tee starts; a shotgun starts every group at once. */
  intervalMinutes: TeeInterval.optional(),
  shotgun: z.strictObject({ doubles: z.boolean().optional(), priority: ShotgunPriority.optional(), priorityHoles: z.array(HoleNumber).max(18).optional() }).optional(),
  /** Two-tee starts: middle of the order first, leaders and trailers last. */
  reverseHorseshoe: z.boolean().optional(),
});

export const PairingGroup = z.object({
  number: z.number().int(),
  playerIds: z.array(Id),
  players: z.array(
    z.object({
      id: Id,
      name: z.string(),
      handicapIndex: z.number().nullable(),
      /** Holes with a score on the player's card (issue 34: a player with none may still move). */
      holesEntered: z.number().int().optional(),
      /** Marked as not playing: a no-show or a withdrawal (issue 34). */
      outOfPlay: z.object({ kind: z.enum(['no_show', 'withdrawn']), afterHole: z.number().int(), nassau: z.enum(['forfeit', 'void']) }).nullable().optional(),
    }),
  ),
  handicapTotal: z.number().nullable(),
  teeTime: z.string().nullable(),
  startingHole: z.number().int().nullable(),
  /** Shotgun doubles: A or B on the same hole. */
  label: z.enum(['A', 'B']).nullable(),
  /** A player of the group has a score: its players stay as they are (issue 34). */
  started: z.boolean().optional(),
});

/** A round's pairings as stored: its groups (the round's own), with how they were made. */
export const Pairings = z.object({
  tripId: Id,
  roundId: Id,
  roundState: z.string(),
  strategy: z.string().nullable(),
  seed: z.number().int().nullable(),
  groups: z.array(PairingGroup),
  spread: z.number().nullable(),
  brokenRules: z.array(RuleBreak),
  teeFormat: TeeFormat.nullable(),
  updatedAt: z.string().nullable(),
  /** Players of the round in no group: marked out of play and taken out of their group (issue 34). */
  outOfGroups: z.array(z.object({ id: Id, name: z.string(), handicapIndex: z.number().nullable(), outOfPlay: z.object({ kind: z.enum(['no_show', 'withdrawn']), afterHole: z.number().int(), nassau: z.enum(['forfeit', 'void']) }).nullable() })).optional(),
});

export const SwapPlayersBody = z.strictObject({ playerA: Id, playerB: Id });
export const MovePlayerBody = z.strictObject({ playerId: Id, toGroup: z.number().int().min(1, 'groups are numbered from 1') });
export const SwapGroupsBody = z.strictObject({ groupA: z.number().int().min(1), groupB: z.number().int().min(1), exchange: z.enum(['players', 'tee_times']).default('players') });

/** Body of `POST /events/:id/multi-round-pairings` (the event is the trip). */
export const MultiRoundBody = z
  .strictObject({
    roundIds: z.array(Id).min(1).max(20).refine((ids) => new Set(ids).size === ids.length, 'a round is listed twice'),
    mode: z.enum(['consistent', 'rotating']),
    groupSize: GroupSize,
    seed: Seed.optional(),
    /** Players to schedule; the first round's players when left out. */
    playerIds: z.array(Id).min(2).max(200).refine((ids) => new Set(ids).size === ids.length, 'a player is listed twice').optional(),
    /**
     * Rounds taken as they are: their pairs count as met and their groups never change. Left out: every other round of
     * the trip that has groups. `[]`: none.
     */
    fixedRoundIds: z.array(Id).max(40).refine((ids) => new Set(ids).size === ids.length, 'a round is listed twice').optional(),
    /** Tee times for every round (same format), and whether to balance early/late and front/back across rounds. */
    teeTimes: BulkTeeTimesBody.optional(),
    optimizeFairness: z.boolean().optional(),
  })
  .refine((b) => !b.optimizeFairness || b.teeTimes !== undefined, { message: 'optimizeFairness needs teeTimes', path: ['optimizeFairness'], ...evenIfOthersFail('optimizeFairness', 'teeTimes') });

/** Per-player tee-time fairness over the rounds: early/late starts, front/back nine starts, score 0–100 (100: even). */
export const PlayerFairness = z.object({
  playerId: Id,
  name: z.string(),
  rounds: z.number().int(),
  early: z.number().int(),
  late: z.number().int(),
  front: z.number().int(),
  back: z.number().int(),
  score: z.number(),
});
export const FairnessReport = z.object({ tripId: Id, roundIds: z.array(Id), overall: z.number(), players: z.array(PlayerFairness) });
/** Query of `GET /events/:id/fairness`: rounds by id, comma-separated; the last multi-round schedule's when left out. */
export const FairnessQuery = z.strictObject({
  roundIds: z
    .string()
    .max(2000)
    .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean))
    .pipe(z.array(Id).min(1).max(20))
    .optional(),
});

export const MultiRoundResult = z.object({
  tripId: Id,
  mode: z.enum(['consistent', 'rotating']),
  seed: z.number().int(),
  /** consistent, the known design used (e.g. "affine plane of order 4"), "search", or "<design> + search". */
  method: z.string(),
  rounds: z.array(Pairings),
  /** The rounds taken as they are (their groups unchanged), in play order. */
  fixedRoundIds: z.array(Id),
  /** The rounds every count below is over: the fixed and the paired ones, in play order (the whole trip's paired rounds). */
  countedRoundIds: z.array(Id),
  /** Pairs meeting more than once over the counted rounds, most meetings first, with the rounds they share. */
  repeats: z.array(z.object({ a: Id, b: Id, meetings: z.number().int(), roundIds: z.array(Id) })),
  /** Meetings beyond the first over all pairs of the counted rounds (0: nobody plays with anyone twice). */
  repeatedPairs: z.number().int(),
  /** Of those, the meetings beyond the first among the fixed rounds alone (no pairing of the chosen rounds changes them). */
  fixedRepeatedPairs: z.number().int(),
  maxMeetings: z.number().int(),
  /** Counted rounds from the first before any pair meets again. */
  roundsWithoutRepeat: z.number().int(),
  /** Every player of the counted rounds: how many different partners they meet over them. */
  players: z.array(z.object({ playerId: Id, name: z.string(), partners: z.number().int() })),
  /** Rules broken, by round (1 = the first listed round); rotating keeps a rule whenever it can. */
  brokenRules: z.array(z.object({ round: z.number().int(), roundId: Id, rules: z.array(RuleBreak) })),
  fairness: FairnessReport.nullable(),
  createdAt: z.string(),
});

/** Body of `POST /events/:id/round-robin`. */
export const RoundRobinBody = z.strictObject({
  participantType: z.enum(['teams', 'individuals']),
  seeding: z.enum(['team_order', 'alphabetical', 'handicap', 'custom']),
  /** custom seeding: participant ids in seed order (player ids, or team names for teams). */
  order: z.array(z.string().min(1)).max(200).optional(),
  /** team_order seeding for teams: team names in order. Individuals: players of the trip when left out. */
  playerIds: z.array(Id).min(2).max(200).refine((ids) => new Set(ids).size === ids.length, 'a player is listed twice').optional(),
  teeSheet: z.enum(['twosomes', 'foursomes', 'sixsomes']).default('foursomes'),
});
export const RoundRobinResult = z.object({
  tripId: Id,
  participantType: z.enum(['teams', 'individuals']),
  seeding: z.string(),
  participants: z.array(z.object({ id: z.string(), name: z.string() })),
  rounds: z.array(z.object({ round: z.number().int(), matches: z.array(z.tuple([z.string(), z.string()])), bye: z.string().nullable(), teeSheet: z.array(z.array(z.string())) })),
  teeSheet: z.enum(['twosomes', 'foursomes', 'sixsomes']),
  /** Why a round's split match has a group holding one team only (teams of very unequal sizes); empty when none. */
  problems: z.array(z.string()),
  createdAt: z.string(),
});

export const CopyPairingsBody = z.strictObject({
  toRoundId: Id,
  offsetMinutes: z.number().int().min(-720).max(720).optional(),
  swapStartingHoles: z.boolean().optional(),
  keepTimes: z.boolean().optional(),
  newFirstTime: LocalTime.optional(),
  intervalMinutes: TeeInterval.optional(),
});
export const SecondRoundBody = z.strictObject({
  fromRoundId: Id,
  toRoundId: Id,
  swapStartingTees: z.boolean().optional(),
  reverseOrder: z.boolean().optional(),
  swapSessions: z.boolean().optional(),
});

export const WavesBody = z.strictObject({
  roundId: Id,
  groupSize: GroupSize,
  assignment: z.enum(['division', 'flight', 'handicap', 'random', 'custom_field']),
  customField: z.string().min(1).max(60).optional(),
  seed: Seed.optional(),
  courses: z
    .array(
      z.strictObject({
        id: z.string().min(1).max(40),
        name: z.string().min(1).max(120),
        startingHoles: z.array(HoleNumber).min(1).max(18),
        windows: z.array(z.strictObject({ id: z.string().min(1).max(40), label: z.string().min(1).max(40), firstTime: LocalTime, lastTime: LocalTime, intervalMinutes: TeeInterval })).min(1).max(6),
      }),
    )
    .min(1)
    .max(10),
});
export const WavesResult = z.object({
  tripId: Id,
  roundId: Id,
  seed: z.number().int(),
  waves: z.array(z.object({ courseId: z.string(), windowId: z.string(), groups: z.array(z.object({ players: z.array(Id), time: z.string(), hole: z.number().int() })) })),
  unplaced: z.array(Id),
  problems: z.array(z.string()),
});

export const RoundIdParams = z.strictObject({ id: Id });
export const EventParams = z.strictObject({ tripId: Id });
