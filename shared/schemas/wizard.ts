import { z } from 'zod';
import { Instant } from './common.js';
import { CompetitionInput } from './competition.js';
import { PlayerInput } from './player.js';
import { CreateRoundBody } from './round.js';
import { TripSettings } from './trip.js';

/** How the wizard body refers to a player (its `ref`, or its email) or a round (its `ref`, or its name). */
export const Ref = z.string().trim().min(1).max(254);

export const WizardPlayer = PlayerInput.extend({ ref: Ref.optional() });

export const WizardRound = CreateRoundBody.omit({ playerIds: true, groups: true, playerTees: true }).extend({
  ref: Ref.optional(),
  players: z.array(Ref).max(500).default([]),
  groups: z.array(z.array(Ref).min(2, 'a group has 2 to 6 players').max(6, 'a group has 2 to 6 players')).max(100).default([]),
  playerTees: z.record(Ref, z.string().trim().min(1).max(40)).default({}),
});

export const WizardTeam = z.strictObject({
  name: z.string().trim().min(1).max(60),
  players: z.array(Ref).min(1).max(250),
});

export const WizardCompetition = CompetitionInput.extend({
  rounds: z.array(Ref).min(1).max(50),
});

export const PortalTokenOptions = z.strictObject({
  /** Issue a portal token for every player with the trip. */
  issue: z.boolean().default(true),
  singleUse: z.boolean().default(false),
  /** Default: the trip's end date plus 7 days. */
  expiresAt: Instant.optional(),
});

/** Body of `POST /trips/wizard`: a whole trip in one request, validated up front. */
export const WizardBody = z.strictObject({
  trip: TripSettings.refine((t) => t.endDate >= t.startDate, { message: 'endDate must not be before startDate', path: ['endDate'] }),
  players: z.array(WizardPlayer).max(500).default([]),
  rounds: z.array(WizardRound).max(60).default([]),
  teams: z.array(WizardTeam).max(20).default([]),
  competitions: z.array(WizardCompetition).max(20).default([]),
  portalTokens: PortalTokenOptions.optional(),
});
export type WizardBody = z.infer<typeof WizardBody>;

export const WizardStepName = z.enum(['create_database', 'trip', 'players', 'teams', 'rounds', 'competitions', 'portal_tokens', 'activate']);
export type WizardStepName = z.infer<typeof WizardStepName>;

export const WizardStep = z.object({
  name: WizardStepName,
  status: z.enum(['pending', 'running', 'done', 'failed', 'skipped']),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
  error: z.string().optional(),
});
export type WizardStep = z.infer<typeof WizardStep>;

export const WizardStatus = z.object({
  tripId: z.string(),
  status: z.enum(['pending', 'running', 'done', 'failed']),
  attempts: z.number().int(),
  steps: z.array(WizardStep),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Portal tokens issued by the wizard: shown in full once, on the first status read after they were issued. */
  portalTokens: z
    .array(z.object({ playerId: z.string(), playerName: z.string(), token: z.string(), link: z.string(), expiresAt: z.string() }))
    .optional(),
  portalTokensDelivered: z.boolean(),
});
