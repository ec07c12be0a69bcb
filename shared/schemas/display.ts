import { z } from 'zod';
import { DocBase, Id, Instant } from './common.js';
import { LeaderboardBasis } from './leaderboards.js';
import { RoundFormat, RoundState } from './round.js';

/**
 * The display manager (issue 8): what a TV in the clubhouse shows, configured by an organizer, and the aggregated
 * payload it polls. The payload is also a public view, so its schema lists every field it may carry: names,
 * positions and scores, never an email, a phone, a token or an amount of money.
 */

/** The panels a display rotates through. */
export const DisplayPanel = z.enum(['leaderboard', 'skins', 'schedule', 'tee_sheet']);
export type DisplayPanel = z.infer<typeof DisplayPanel>;

export const DisplayTheme = z.enum(['dark', 'light', 'high_contrast']);
export type DisplayTheme = z.infer<typeof DisplayTheme>;

/** Seconds a panel stays on screen before the next one: at least 5 (readable), at most 300. */
export const RotationSeconds = z.number().int('must be whole seconds').min(5).max(300);

/** Which round the leaderboard, skins and tee sheet panels show, and on which basis the board ranks. */
export const DisplayLeaderboardSettings = z.strictObject({
  /** A round of the trip; null: the featured round (in progress, else the next ready one, …; see `featuredRound`). */
  roundId: Id.nullable().default(null),
  /** null: the round's own default (Stableford rounds on points, others net). */
  basis: LeaderboardBasis.nullable().default(null),
});

const panelList = z
  .array(DisplayPanel)
  .min(1, 'show at least one panel')
  .max(DisplayPanel.options.length)
  .refine((p) => new Set(p).size === p.length, 'a panel is listed twice');

/** The defaults a trip's display has until an organizer saves a configuration. */
export const DEFAULT_DISPLAY_SETTINGS = {
  panels: ['leaderboard', 'skins', 'schedule', 'tee_sheet'] as DisplayPanel[],
  rotationSeconds: 20,
  theme: 'dark' as DisplayTheme,
  public: false,
  leaderboard: { roundId: null, basis: null },
};

/**
 * Body of `PUT /trips/:tripId/display`: the whole configuration (a field left out takes its default). Panels are
 * shown in the order given.
 */
export const DisplaySettingsBody = z.strictObject({
  panels: panelList.default(DEFAULT_DISPLAY_SETTINGS.panels),
  rotationSeconds: RotationSeconds.default(DEFAULT_DISPLAY_SETTINGS.rotationSeconds),
  theme: DisplayTheme.default(DEFAULT_DISPLAY_SETTINGS.theme),
  /** Anyone may open `/display/trips/:tripId` while this is true. */
  public: z.boolean().default(false),
  leaderboard: DisplayLeaderboardSettings.default({ roundId: null, basis: null }),
});
export type DisplaySettingsBody = z.infer<typeof DisplaySettingsBody>;
export type DisplaySettings = z.output<typeof DisplaySettingsBody>;

/**
 * The configuration document in the trip database, `display:config`. It replicates to phones like every trip
 * document, so it holds no secret: the access code lives only as a hash in the registry.
 */
export const DisplayConfigDoc = DocBase.extend({
  type: z.literal('display'),
  id: z.literal('config'),
  panels: z.array(DisplayPanel),
  rotationSeconds: z.number().int(),
  theme: DisplayTheme,
  public: z.boolean(),
  leaderboard: z.object({ roundId: z.string().nullable(), basis: LeaderboardBasis.nullable() }),
});
export type DisplayConfigDoc = z.infer<typeof DisplayConfigDoc>;

/** `GET·PUT /trips/:tripId/display`: the configuration, where the public views are, and whether a code is active. */
export const DisplayConfig = z.object({
  tripId: z.string(),
  panels: z.array(DisplayPanel),
  rotationSeconds: z.number().int(),
  theme: DisplayTheme,
  public: z.boolean(),
  leaderboard: z.object({ roundId: z.string().nullable(), basis: LeaderboardBasis.nullable() }),
  /** The public view by trip, while `public` is true; null otherwise. */
  publicUrl: z.string().nullable(),
  /** The access code itself is shown once, when generated; here only whether one is active and since when. */
  accessCode: z.object({ active: z.boolean(), createdAt: z.string().nullable() }),
  /** null until a configuration is saved (the defaults apply). */
  updatedAt: z.string().nullable(),
});
export type DisplayConfig = z.infer<typeof DisplayConfig>;

/** `POST /trips/:tripId/display/access-code`: the new code, shown this once. */
export const DisplayAccessCode = z.object({
  tripId: z.string(),
  code: z.string(),
  /** The public view by this code. */
  url: z.string(),
  createdAt: Instant,
});

/** How long a display preview token works: minutes, the time an organizer looks at a preview. */
export const DISPLAY_PREVIEW_TTL_SECONDS = 15 * 60;

/** `POST /trips/:tripId/display/preview-token`: a token that reads this trip's display and nothing else, for minutes. */
export const DisplayPreviewToken = z.object({
  tripId: z.string(),
  token: z.string().describe('Send it as `Authorization: Bearer <token>` to `GET /trips/:tripId/display/preview`; every other route refuses it.'),
  expiresAt: Instant,
  /** The preview page with the token in its fragment (never sent to the server; the page takes it out of its address). */
  path: z.string().describe('The TV page in preview mode: `/display/trips/:tripId#token=<token>`. The page takes the token out of its address at once.'),
});

/**
 * An access code: 16 characters of RFC 4648 base32 (80 random bits). Letters may be typed in either case; the code
 * is read upper-case.
 */
export const AccessCode = z.string().regex(/^[A-Za-z2-7]{16}$/, 'an access code is 16 letters A–Z or digits 2–7');
export const DisplayCodeParams = z.strictObject({ code: AccessCode });

// ---- The aggregated payload ------------------------------------------------------------------------------------

/** A player as the display shows them: by display name only (and team, for team events). */
const shownName = { name: z.string(), team: z.string().optional() };

/** One line of the leaderboard panel. Handicaps are left out on purpose: the board shows results, not indexes. */
export const DisplayBoardLine = z.strictObject({
  ...shownName,
  /** Position shared by ties; null before a first hole. */
  position: z.number().int().nullable(),
  /** "1", "T2", or "-" before a first hole. */
  label: z.string(),
  tied: z.boolean(),
  thru: z.number().int(),
  toPar: z.number().nullable(),
  /** "E", "+3", "-2", "-". */
  toParLabel: z.string(),
  gross: z.number(),
  net: z.number(),
  points: z.number(),
});

export const DisplayLeaderboard = z.strictObject({
  roundName: z.string(),
  basis: LeaderboardBasis,
  par: z.number(),
  lines: z.array(DisplayBoardLine),
});
export type DisplayLeaderboard = z.infer<typeof DisplayLeaderboard>;

/** A skins game's standings: skins won per player, no money (the amounts owed are the players' business). */
export const DisplaySkinsGame = z.strictObject({
  name: z.string(),
  basis: z.enum(['gross', 'net']),
  final: z.boolean(),
  holesCounted: z.number().int(),
  /** Skins still carried to the next hole. */
  carrying: z.number().int(),
  standings: z.array(z.strictObject({ ...shownName, skins: z.number().int() })),
});
export type DisplaySkinsGame = z.infer<typeof DisplaySkinsGame>;

export const DisplayScheduleItem = z.strictObject({
  name: z.string(),
  date: z.string(),
  startTime: z.string().nullable(),
  courseName: z.string().nullable(),
  format: RoundFormat,
  state: RoundState,
  /** The round the leaderboard, skins and tee sheet panels show. */
  featured: z.boolean(),
});

export const DisplayTeeSheet = z.strictObject({
  roundName: z.string(),
  date: z.string(),
  courseName: z.string().nullable(),
  groups: z.array(
    z.strictObject({
      number: z.number().int(),
      teeTime: z.string().nullable(),
      startingHole: z.number().int().nullable(),
      players: z.array(z.strictObject(shownName)),
    }),
  ),
});

/**
 * The aggregated display payload (`GET /trips/:tripId/display/data` and the public views). A panel's key is present
 * only when the panel is configured; `leaderboard` and `teeSheet` are null when there is no round to show.
 */
export const DisplayPayload = z.strictObject({
  trip: z.strictObject({ name: z.string(), startDate: z.string(), endDate: z.string(), destination: z.string().nullable(), timezone: z.string() }),
  display: z.strictObject({ panels: z.array(DisplayPanel), rotationSeconds: z.number().int(), theme: DisplayTheme }),
  leaderboard: DisplayLeaderboard.nullable().optional(),
  skins: z.array(DisplaySkinsGame).optional(),
  schedule: z.array(DisplayScheduleItem).optional(),
  teeSheet: DisplayTeeSheet.nullable().optional(),
});
export type DisplayPayload = z.infer<typeof DisplayPayload>;
