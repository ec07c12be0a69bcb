import { z } from 'zod';
import { evenIfOthersFail } from './checks.js';
import { AmountCents, Cents, DocBase, Id, Instant } from './common.js';

/*
 * Side games (skins, Nassau), the point game ("40-point game") and team scorecards (issue 4): their documents in the
 * trip database, request bodies and REST shapes. The rules are pure functions in `shared/domain/games` and
 * `shared/domain/golf`; money is integer cents, per player, summing to zero.
 */

export const SideGameKind = z.enum(['skins', 'nassau']);
/** Which scores a game compares: gross strokes, or net (gross − handicap strokes from the scorecard's frozen playing handicap). */
export const ScoreBasis = z.enum(['gross', 'net']);
const NonNegativeCents = AmountCents.min(0, 'must be whole, non-negative cents');
const GameName = z.string().trim().min(1).max(120);

/**
 * Skins settings. `cents` is the value of one skin (`per_skin`), the whole pot (`pot`), or each player's buy-in
 * (`buy_in`, issue 35): the pot is then the buy-in times the players in the game, so it follows who plays. A no-show
 * (never played a hole) is not in the game and pays nothing; a player who withdraws during the round paid in, and
 * their buy-in stays in the pot.
 */
const skinsShape = {
  mode: z.enum(['per_skin', 'pot', 'buy_in']),
  cents: NonNegativeCents,
  /** Tied holes carry their skins to the next hole (otherwise they are dead). */
  carryover: z.boolean(),
  /** The winner of a hole must tie or win the next hole to keep the skins. */
  validation: z.boolean(),
  /** What happens to skins still carried after the last hole. */
  leftover: z.enum(['split_among_winners', 'last_hole_playoff_none', 'refund', 'carry_to_next_round']),
  /** Skins carried in from an earlier round's game (`carry_to_next_round`). */
  carriedIn: z.number().int().min(0).max(100),
};
export const SkinsSettings = z.strictObject({
  ...skinsShape,
  carryover: skinsShape.carryover.default(true),
  validation: skinsShape.validation.default(false),
  leftover: skinsShape.leftover.default('refund'),
  carriedIn: skinsShape.carriedIn.default(0),
});
export type SkinsSettings = z.infer<typeof SkinsSettings>;

/** A manual press: the side calling it, the first hole it covers, and the bet pressed (default front 2–9 or back 11–18). */
export const PressInput = z.strictObject({
  side: z.enum(['a', 'b']),
  startHole: z.number().int().min(2).max(18),
  bet: z.string().regex(/^(front|back|overall)(\/[am]\d{1,2}){0,8}$/, 'a bet id such as front, back, overall or front/a3').optional(),
});
export type PressInput = z.infer<typeof PressInput>;

/** Nassau settings: stake per player per bet (one amount, or one each for front, back and overall), presses. */
const nassauShape = {
  stakes: z.union([NonNegativeCents, z.strictObject({ front: NonNegativeCents, back: NonNegativeCents, overall: NonNegativeCents })]),
  /** Automatic press when a side goes two down: off, on the three original bets, or on presses too. */
  autoPress: z.enum(['off', 'original_bets', 'presses_on_presses']),
  manualPresses: z.array(PressInput).max(50),
  /**
   * Net games: the match play handicap allowance in percent (WHS Appendix C): each player's Playing Handicap is
   * their Course Handicap × this, and the lowest in the match plays off zero. Default 100 for one player a side
   * (singles), 90 for teams (four-ball).
   */
  allowancePercent: z.number().min(0).max(100),
};
export const NassauSettings = z.strictObject({
  ...nassauShape,
  autoPress: nassauShape.autoPress.default('off'),
  manualPresses: nassauShape.manualPresses.default([]),
  allowancePercent: nassauShape.allowancePercent.optional(),
});
export type NassauSettings = z.infer<typeof NassauSettings>;

const PlayerList = z.array(Id).min(2).max(60);
export const NassauSides = z.strictObject({ a: z.array(Id).min(1).max(6), b: z.array(Id).min(1).max(6) });

const SkinsGameInput = z.strictObject({ kind: z.literal('skins'), roundId: Id, name: GameName.optional(), basis: ScoreBasis, participants: PlayerList, config: SkinsSettings });
const NassauGameInput = z.strictObject({ kind: z.literal('nassau'), roundId: Id, name: GameName.optional(), basis: ScoreBasis, participants: NassauSides, config: NassauSettings });
export type CreateSideGameBody = z.infer<typeof SkinsGameInput> | z.infer<typeof NassauGameInput>;

/** Adds a game to a completed round (issue 24): without it that is 409, saying what confirming does. Dashboard only. */
const ConfirmCompleted = z
  .boolean()
  .describe(
    'Add or change the game although its round is completed: it computes at once from the scores already there (final), and its money joins ' +
      'the unified and per-organizer plans (a pending plan is planned again; paid and confirmed settlements are never rewritten).',
  );

function sideGameBody<E extends z.ZodRawShape>(extra: E) {
  return z
    .strictObject({
      kind: SideGameKind,
      roundId: Id,
      name: GameName.optional(),
      basis: ScoreBasis.default('net'),
      participants: z.union([PlayerList, NassauSides]),
      config: z.strictObject({ ...skinsShape, ...nassauShape }).partial(),
      ...extra,
    })
    .transform((body, ctx): CreateSideGameBody & { confirmCompleted?: boolean } => {
      const { confirmCompleted, ...game } = body as { kind: string; confirmCompleted?: boolean };
      const r = (game.kind === 'skins' ? SkinsGameInput : NassauGameInput).safeParse(game);
      if (r.success) return confirmCompleted === undefined ? r.data : { ...r.data, confirmCompleted };
      for (const issue of r.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.filter((k) => typeof k !== 'symbol') });
      return z.NEVER;
    });
}

/**
 * Body of `POST …/side-games`: a skins game (participants: player ids; config: mode, cents, carryover, validation,
 * leftover, carriedIn) or a Nassau (participants: sides a and b; config: stakes, autoPress, manualPresses). One flat
 * shape (every setting listed), checked against its kind so that a problem names its field.
 */
export const CreateSideGameBody = sideGameBody({});
/** The dashboard's body: the same, and `confirmCompleted` to add a game to a completed round. */
export const OrganizerCreateSideGameBody = sideGameBody({ confirmCompleted: ConfirmCompleted.optional() });

/** Body of `PATCH …/side-games/:gameId`: settings given are merged into the game's and checked against its kind. */
export const PatchSideGameBody = z
  .strictObject({
    name: GameName,
    basis: ScoreBasis,
    participants: z.union([PlayerList, NassauSides]),
    config: z.union([z.strictObject(skinsShape).partial(), z.strictObject(nassauShape).partial()]),
    confirmCompleted: ConfirmCompleted,
  })
  .partial()
  .refine((b) => Object.keys(b).some((k) => k !== 'confirmCompleted'), 'give at least one field to change');
export type PatchSideGameBody = z.infer<typeof PatchSideGameBody>;

/**
 * Body of `POST …/rounds/:roundId/nassau-per-group` (issue 35): a Nassau in every group of the round's pairings, the
 * stakes given once. `four_ball`: two against two in each group of four, the round's four-ball sides when it has
 * them, else `partners` (`order`: players 1 and 2 against 3 and 4 as the pairings list them; `handicap`: the lowest
 * Playing Handicap with the highest against the middle two); a group of two plays a singles match, other groups are
 * left out and reported. `singles`: every player of a group against each of the others (a four makes 6 matches, a
 * three 3, a two 1).
 */
export const NassauPerGroupBody = z.strictObject({
  pairing: z.enum(['four_ball', 'singles']),
  partners: z.enum(['order', 'handicap']).default('order'),
  basis: ScoreBasis.default('net'),
  config: NassauSettings,
  confirmCompleted: ConfirmCompleted.optional(),
});
export type NassauPerGroupBody = z.infer<typeof NassauPerGroupBody>;

export const GameCreator = z.object({ kind: z.enum(['organizer', 'player']), id: z.string() });

const sideGameDocCommon = { type: z.literal('sidegame'), id: Id, roundId: Id, name: z.string(), basis: ScoreBasis, createdBy: GameCreator };
/** The side game document, `sidegame:<id>`. */
export const SideGameDoc = z.discriminatedUnion('kind', [
  DocBase.extend({ ...sideGameDocCommon, kind: z.literal('skins'), participants: z.array(Id), config: SkinsSettings }),
  DocBase.extend({ ...sideGameDocCommon, kind: z.literal('nassau'), participants: NassauSides, config: NassauSettings }),
]);
export type SideGameDoc = z.infer<typeof SideGameDoc>;

export const SideGameParams = z.strictObject({ tripId: Id, gameId: Id });

const Money = z.record(z.string(), z.number().int());
const stateCommon = {
  /** The round is completed: the result is final. Otherwise it covers the holes every participant has finished. */
  final: z.boolean(),
  holesCounted: z.array(z.number().int()),
  /**
   * Playing Handicap per player (null: no index, plays off scratch), for net games: skins from the scorecard
   * snapshot; Nassau at its match play allowance (strokes then off the lowest, `matchStrokes`).
   */
  playingHandicaps: z.record(z.string(), z.number().int().nullable()),
  /** Per player, in cents, summing to zero: money won (+) or owed (−) so far. */
  moneyCents: Money,
};

export const SkinsState = z.object({
  kind: z.literal('skins'),
  ...stateCommon,
  holes: z.array(
    z.object({
      hole: z.number().int(),
      skinsAtStake: z.number().int(),
      lowScore: z.number().nullable(),
      leaders: z.array(z.string()),
      outcome: z.enum(['won', 'tied', 'not_validated', 'no_scores']),
      winner: z.string().nullable(),
      skinsWon: z.number().int(),
      carried: z.number().int(),
      dead: z.number().int(),
      centsFromEachOpponent: z.number().int().nullable(),
    }),
  ),
  players: z.array(z.object({ playerId: z.string(), skins: z.number().int(), paidCents: z.number().int(), receivedCents: z.number().int(), netCents: z.number().int() })),
  /** Skins carried past the last hole counted so far (still in play while the round goes on). */
  carrying: z.number().int(),
  /** How leftover skins were settled (final results only). */
  leftover: z
    .object({ skins: z.number().int(), rule: z.string(), appliedRule: z.string(), recipients: z.array(z.string()), carriedToNextRound: z.number().int() })
    .nullable(),
  skinsWon: z.number().int(),
  /** Holes some players have finished but not all (not decided yet), with how many cards each still waits for. */
  waiting: z.array(z.object({ hole: z.number().int(), cards: z.number().int() })),
  /** The pot (`pot`, `buy_in`: the buy-in times the players in the game); null for a price per skin. */
  potCents: z.number().int().nullable(),
  /** Each player's buy-in (`buy_in`); null otherwise. */
  buyInCents: z.number().int().nullable(),
  paidOutCents: z.number().int().nullable(),
});

const HoleWinner = z.enum(['a', 'b', 'halved', 'unplayed']);
export const NassauState = z.object({
  kind: z.literal('nassau'),
  ...stateCommon,
  holes: z.array(z.object({ hole: z.number().int(), a: z.number().nullable(), b: z.number().nullable(), winner: HoleWinner })),
  bets: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['front', 'back', 'overall', 'press']),
      pressOf: z.string().nullable(),
      pressedBy: z.enum(['a', 'b']).nullable(),
      automatic: z.boolean(),
      holes: z.array(z.number().int()),
      stakeCents: z.number().int(),
      status: z.array(z.object({ hole: z.number().int(), winner: HoleWinner, aUp: z.number().int() })),
      aUp: z.number().int(),
      holesToPlay: z.number().int(),
      /** `void`: the match ended early (a side withdrew) and the organizer chose that bets not yet decided are off. */
      result: z.enum(['a', 'b', 'halved', 'in_progress', 'void']),
      closedOutAfterHole: z.number().int().nullable(),
      moneyCents: Money,
    }),
  ),
  /** Manual presses the scores no longer allow (e.g. pressing an automatic press that an edited score undid). */
  ignoredPresses: z.array(z.object({ press: PressInput, reason: z.string() })),
  /** Net games: the match play allowance applied (the setting, else 100 singles, 90 teams); `null` for gross. */
  allowancePercent: z.number().nullable(),
  /** Net games: match strokes received per player, off the lowest Playing Handicap (WHS Appendix C); empty for gross. */
  matchStrokes: z.record(z.string(), z.number().int()),
  /**
   * The match ended early because every player of a side is out of the round (issue 34): after which hole, and
   * whether the bets not yet decided were conceded to the other side (`forfeit`) or called off (`void`).
   */
  ended: z.object({ side: z.enum(['a', 'b']), afterHole: z.number().int(), how: z.enum(['forfeit', 'void']), playerIds: z.array(z.string()) }).nullable().optional(),
});

export const SideGameState = z.discriminatedUnion('kind', [SkinsState, NassauState]);
export type SideGameState = z.infer<typeof SideGameState>;

const sideGameOut = { id: z.string(), tripId: z.string(), roundId: z.string(), name: z.string(), basis: ScoreBasis, createdBy: GameCreator, createdAt: z.string(), updatedAt: z.string() };
/** A side game as the REST API shows it. */
export const SideGame = z.discriminatedUnion('kind', [
  z.object({ ...sideGameOut, kind: z.literal('skins'), participants: z.array(z.string()), config: SkinsSettings }),
  z.object({ ...sideGameOut, kind: z.literal('nassau'), participants: NassauSides, config: NassauSettings }),
]);
export const SideGameWithState = z.object({ game: SideGame, state: SideGameState });
/** What `POST …/nassau-per-group` did in each group: the games made, or why the group got none. */
export const NassauPerGroupAnswer = z.object({
  pairing: z.enum(['four_ball', 'singles']),
  created: z.array(SideGame),
  groups: z.array(
    z.object({
      groupId: z.string(),
      number: z.number().int(),
      players: z.number().int(),
      /** How the group's sides were made; null for a group left out. */
      pairedBy: z.enum(['sides', 'order', 'handicap', 'singles']).nullable(),
      gameIds: z.array(z.string()),
      /** Why the group got no game: it has a Nassau already, or it cannot make two sides of two. */
      skipped: z.enum(['has_nassau', 'not_four']).nullable(),
      message: z.string(),
    }),
  ),
});
/** One game in the portal: the game, its state, and whether I play in it or may still join. */
export const PortalSideGame = SideGameWithState.extend({ mine: z.boolean(), canJoin: z.boolean() });

// ---- Point game -------------------------------------------------------------------------------------------------

/** Body of `POST /trips/:tripId/rounds/:roundId/point-games`: the team (players with that team name in the round). */
export const CreatePointGameBody = z.strictObject({
  team: z.string().trim().min(1).max(60),
  captainId: Id,
  /** Must equal the number of team members in the round (default: that number). */
  teamSize: z.number().int().min(1).max(6).optional(),
  /** Default 10 per player per 18 holes: 40 for a team of 4 over 18 holes. */
  targetCount: z.number().int().min(0).max(108).optional(),
});
export type CreatePointGameBody = z.infer<typeof CreatePointGameBody>;

export const PointGameSelectionDoc = z.object({ hole: z.number().int(), playerIds: z.array(Id), confirmed: z.boolean() });

/** The point game of one team in one round, `pointgame:<roundId>-<teamKey>`. */
export const PointGameDoc = DocBase.extend({
  type: z.literal('pointgame'),
  id: z.string(),
  roundId: Id,
  team: z.string(),
  teamKey: z.string(),
  captainId: Id,
  /** The team members playing the round, frozen when the game was set up. */
  playerIds: z.array(Id),
  config: z.object({ teamSize: z.number().int(), targetCount: z.number().int(), holes: z.number().int() }),
  selections: z.array(PointGameSelectionDoc),
});
export type PointGameDoc = z.infer<typeof PointGameDoc>;

export const SelectionBody = z.strictObject({
  hole: z.number().int().min(1).max(18),
  playerIds: z.array(Id).max(6),
  /** Confirming locks the hole and moves on to the next; without it the selection is a draft. */
  confirm: z.boolean().default(false),
});

const HoleRow = z.object({
  hole: z.number().int(),
  position: z.number().int(),
  playerIds: z.array(z.string()),
  count: z.number().int(),
  total: z.number(),
  confirmed: z.boolean(),
  missingScores: z.array(z.string()),
});
/** A team's point game with its state computed from the selections and the net scores. */
export const PointGame = z.object({
  id: z.string(),
  tripId: z.string(),
  roundId: z.string(),
  team: z.string(),
  captainId: z.string(),
  playerIds: z.array(z.string()),
  config: z.object({ teamSize: z.number().int(), targetCount: z.number().int(), holes: z.number().int() }),
  state: z.object({
    currentHole: z.number().int().nullable(),
    currentPosition: z.number().int().nullable(),
    allowedRange: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
    selectable: z.array(z.string()),
    countedSoFar: z.number().int(),
    runningTotal: z.number(),
    remaining: z.number().int(),
    perHole: z.array(HoleRow),
    lockedHoles: z.array(z.number().int()),
    complete: z.boolean(),
    canComplete: z.boolean(),
  }),
  /** Net score per player per hole (hole number → strokes), as the selections count them. */
  netScores: z.record(z.string(), z.record(z.string(), z.number())),
  createdAt: z.string(),
  updatedAt: z.string(),
});

// ---- Team scorecards --------------------------------------------------------------------------------------------

export const TeamFormat = z.enum(['best_ball', 'scramble']);
/** Body of `POST …/convert-to-team-scorecards`. `bestOf` (best ball only, default 1) is how many net scores count per hole. */
export const ConvertBody = z
  .strictObject({ format: TeamFormat, teams: z.enum(['groups', 'teams']), bestOf: z.number().int().min(1).max(6).optional() })
  .refine((b) => b.format === 'best_ball' || b.bestOf === undefined, { path: ['bestOf'], message: 'bestOf is for best ball only', ...evenIfOthersFail('format', 'bestOf') });
export type ConvertBody = z.infer<typeof ConvertBody>;

/** A team scorecard, `teamcard:<roundId>-<key>` (key: the group id, or the team name in lowercase letters and digits). */
export const TeamcardDoc = DocBase.extend({
  type: z.literal('teamcard'),
  id: z.string(),
  roundId: Id,
  key: z.string(),
  name: z.string(),
  /** `sides`: a four-ball side of two partners in one group (`PUT …/rounds/:roundId/sides`). */
  source: z.enum(['groups', 'teams', 'sides']),
  format: TeamFormat,
  /** Four-ball sides: the group the side plays in. */
  groupId: z.string().optional(),
  playerIds: z.array(Id),
  /** Best ball: net scores counted per hole. */
  bestOf: z.number().int().optional(),
  /** Scramble: members' Course Handicaps (unrounded) and the team's Playing Handicap (WHS Appendix C); null without every index. */
  handicap: z.object({ courseHandicaps: z.record(z.string(), z.number().nullable()), teamHandicap: z.number().int().nullable() }).optional(),
});
export type TeamcardDoc = z.infer<typeof TeamcardDoc>;

/**
 * Body of `PUT …/rounds/:roundId/sides` (four-ball sides, issue 34): `by: "handicap"` pairs each group of four lowest
 * with highest against the middle two; `by: "organizer"` takes the partners given (one side of a group is enough: the
 * two players left make the other).
 */
export const SidesBody = z.discriminatedUnion('by', [
  z.strictObject({ by: z.literal('handicap') }),
  z.strictObject({ by: z.literal('organizer'), sides: z.array(z.array(Id).length(2, 'a four-ball side is two partners')).min(1).max(30) }),
]);
export type SidesBody = z.infer<typeof SidesBody>;

/** One hole of a scramble team's card, `teamscore:<teamcardId>:<hole>`. */
export const TeamScoreDoc = DocBase.extend({
  type: z.literal('teamscore'),
  teamcardId: z.string(),
  roundId: Id,
  hole: z.number().int().min(1).max(18),
  /** `null`: the team picked up (WHS Rule 3.1b), counted at the team's net double bogey. */
  strokes: z.number().int().min(1).max(30).nullable(),
  enteredBy: z.string(),
  enteredAt: Instant,
  history: z.array(z.object({ strokes: z.number().int().nullable(), enteredBy: z.string(), enteredAt: z.string() })),
});
export type TeamScoreDoc = z.infer<typeof TeamScoreDoc>;

/** A team card's path parameter: `<roundId>-<key>`. Loose on purpose: an unknown card is a 404. */
export const TeamcardParams = z.strictObject({ tripId: Id, teamcardId: z.string().regex(/^[a-z0-9-]{1,100}$/, 'not a team scorecard id') });
/** A scramble team's score on a hole; `strokes: null` records that the team picked up (WHS Rule 3.1b). */
export const TeamScoreBody = z.strictObject({ hole: z.number().int().min(1).max(18), strokes: z.number().int().min(1).max(30).nullable() });

/** A team card with its hole-by-hole team scores: best ball from members' scores, scramble from team scores. */
export const TeamScorecard = TeamcardDoc.omit({ _id: true, _rev: true, type: true }).extend({
  tripId: z.string(),
  holes: z.array(
    z.object({
      hole: z.number().int(),
      /** Counted team gross: a picked-up ball (or the scramble team's pick-up) counts at net double bogey. */
      gross: z.number().nullable(),
      net: z.number().nullable(),
      /** A picked-up ball (best ball) or the team's pick-up (scramble) counts on this hole (WHS Rule 3.1b). */
      pickedUp: z.boolean(),
      /** Scramble: the team's net double bogey (par + 2 + team handicap strokes), the most a hole counts; best ball: null. */
      netDoubleBogey: z.number().int().nullable(),
    }),
  ),
  totals: z.object({ gross: z.number(), net: z.number(), thru: z.number().int() }),
});
