import { z } from 'zod';
import { Id, Instant } from './common.js';

export const IssueTokenBody = z.strictObject({
  tripId: Id,
  playerId: Id,
  /** Default: the trip's end date plus 7 days. */
  expiresAt: Instant.optional(),
  /** A single-use token can be exchanged for a session once. */
  singleUse: z.boolean().default(false),
  /** Revoke the player's earlier tokens once the new one is stored: the new link replaces the old ones. */
  replace: z.boolean().default(false),
});

export const BulkTokensBody = z.strictObject({
  tripId: Id,
  /** Default: every player of the trip. */
  playerIds: z.array(Id).min(1).max(500).optional(),
  expiresAt: Instant.optional(),
  singleUse: z.boolean().default(false),
  /** Revoke each player's earlier tokens once the new ones are stored. */
  replace: z.boolean().default(false),
});

/** Asks for players' working links, to copy or print (`POST /trips/:tripId/portal-links/show`). */
export const ShowLinksBody = z.strictObject({
  /** Default: every player of the trip. */
  playerIds: z.array(Id).min(1).max(500).optional(),
  /** Make a link for each player who has no working link that can be shown (nothing is revoked). */
  make: z.boolean().default(false),
});

/** A token as issued (or shown again to an organizer): the secret is stored only sealed, never in plain text. */
export const IssuedToken = z.object({
  id: z.string(),
  tripId: z.string(),
  playerId: z.string(),
  playerName: z.string(),
  token: z.string(),
  link: z.string(),
  expiresAt: z.string(),
  singleUse: z.boolean(),
});

/** Players' working links, shown to an organizer: each player's newest link that can be shown, and who has none. */
export const ShownLinks = z.object({
  items: z.array(IssuedToken),
  /** The players given a new link by this request (`make`), who had no working link to show. */
  made: z.array(z.string()),
  /**
   * Players without a link here: `no_link` (none works; ask with `make`), `not_kept` (their working link was made
   * before links were kept to be shown again: replace it, or ask with `make` for a second one).
   */
  notShown: z.array(z.object({ playerId: z.string(), playerName: z.string(), reason: z.enum(['no_link', 'not_kept']) })),
});

export const TokenStatus = z.enum(['active', 'expired', 'revoked', 'used']);

/** A token as listed to organizers: no secret. */
export const TokenInfo = z.object({
  id: z.string(),
  tripId: z.string(),
  playerId: z.string(),
  playerName: z.string().optional(),
  status: TokenStatus,
  expiresAt: z.string(),
  singleUse: z.boolean(),
  usedAt: z.string().optional(),
  /** When the link was first opened (the token first exchanged for a session). */
  openedAt: z.string().optional(),
  revokedAt: z.string().optional(),
  createdAt: z.string(),
});

/**
 * One player's portal link as the organizer sees it (`GET /trips/:tripId/portal-links`): no secret, only whether a
 * link works, when it was issued and opened, and when the player's phone was last heard from.
 */
export const PlayerLinkInfo = z.object({
  playerId: z.string(),
  playerName: z.string(),
  email: z.string().optional(),
  /** The player's newest link that still works (active); null when they have none. */
  link: TokenInfo.nullable(),
  /** How many of their links still work (more than one: an older link was not revoked when a new one was issued). */
  activeLinks: z.number().int(),
  /** The first time any of their links was opened. */
  openedAt: z.string().optional(),
  /** The last request of their phone (sync or the portal's API), to within a minute across servers. */
  lastSeenAt: z.string().optional(),
});

export const ExtendTokenBody = z.strictObject({ expiresAt: Instant });

export const TokenParams = z.strictObject({ tripId: Id, tokenId: Id });

export const ValidateBody = z.strictObject({
  token: z.string().min(1).max(200),
  /** An existing portal session: the token's trip is added to it instead of starting a new one. */
  session: z.string().min(1).max(8000).optional(),
});

export const PortalTripRef = z.object({ tripId: z.string(), playerId: z.string(), tripName: z.string(), playerName: z.string() });

export const ValidateAnswer = z.object({
  session: z.string(),
  expiresAt: z.string(),
  trip: z.object({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string(), timezone: z.string(), currency: z.string() }),
  player: z.object({ id: z.string(), name: z.string(), team: z.string().optional(), role: z.enum(['player', 'organizer']) }),
  syncUrl: z.string(),
  trips: z.array(PortalTripRef),
});

export const SessionInfo = z.object({
  sessionId: z.string(),
  expiresAt: z.string(),
  trips: z.array(PortalTripRef),
});

/**
 * One hole's score as a phone or the portal sends it; the device id and clock default to the server's.
 * `strokes: null` records a picked-up hole (WHS Rule 3.1b; see `ScoreEntry`).
 */
export const ScoreInput = z.strictObject({
  hole: z.number().int().min(1).max(18),
  strokes: z.number().int().min(1).max(30).nullable(),
  deviceId: z.string().min(1).max(100).optional(),
  enteredAt: Instant.optional(),
});

export const BulkScoresBody = z.strictObject({
  scores: z
    .array(ScoreInput)
    .min(1)
    .max(18)
    .refine((s) => new Set(s.map((x) => x.hole)).size === s.length, 'each hole at most once'),
});

export const ScorecardParams = z.strictObject({
  scorecardId: z.string().regex(/^[a-z][a-z0-9]{5,39}-[a-z][a-z0-9]{5,39}$/, 'not a scorecard id'),
});

/** One value of a hole: who entered it, on which device, when, and why when an organizer corrected it. */
export const ScoreEntryOut = z.object({
  strokes: z.number().int().nullable(),
  enteredBy: z.string(),
  deviceId: z.string(),
  enteredAt: z.string(),
  reason: z.string().optional(),
});

export const Score = z.object({
  id: z.string(),
  scorecardId: z.string(),
  roundId: z.string(),
  playerId: z.string(),
  hole: z.number().int(),
  /** `null`: picked up (WHS Rule 3.1b). */
  strokes: z.number().int().nullable(),
  enteredBy: z.string(),
  deviceId: z.string(),
  enteredAt: z.string(),
  /** Why an organizer set this value (a correction); absent for a value entered by a player. */
  reason: z.string().optional(),
  /** Every earlier value, oldest first. */
  history: z.array(ScoreEntryOut),
  disputed: z.boolean(),
  updatedAt: z.string(),
});

export const PortalRound = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  startTime: z.string().optional(),
  state: z.enum(['draft', 'ready', 'in_progress', 'completed']),
  courseName: z.string().optional(),
  holes: z.number().int().optional(),
  myScorecardId: z.string().nullable(),
  myGroup: z
    .object({ id: z.string(), number: z.number().int(), teeTime: z.string().optional(), startingHole: z.number().int().optional(), players: z.array(z.object({ id: z.string(), name: z.string(), scorecardId: z.string().nullable() })) })
    .nullable(),
});

export const PortalTripOverview = z.object({
  trip: z.object({ id: z.string(), name: z.string(), startDate: z.string(), endDate: z.string(), timezone: z.string(), currency: z.string(), destination: z.string().optional() }),
  me: z.object({ id: z.string(), name: z.string(), role: z.enum(['player', 'organizer']), team: z.string().optional(), handicapIndex: z.number().optional() }),
  today: z.object({ date: z.string(), rounds: z.array(PortalRound) }),
  rounds: z.array(PortalRound),
  syncUrl: z.string(),
});
