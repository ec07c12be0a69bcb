import { z } from 'zod';
import { Activity, ActivityStats, Rsvp } from '../../shared/schemas/activity.js';
import { FunStats, HeadToHead, HeadToHeadMatrix, Mvp, Rivalries, TripSummary } from '../../shared/schemas/analytics.js';
import { User } from '../../shared/schemas/auth.js';
import { Availability, AvailabilitySummary } from '../../shared/schemas/availability.js';
import { Instant } from '../../shared/schemas/common.js';
import { Competition } from '../../shared/schemas/competition.js';
import { SavedCourse } from '../../shared/schemas/course-library.js';
import { Course, Hole, Tee } from '../../shared/schemas/course.js';
import { DisplayConfig, DisplayPayload } from '../../shared/schemas/display.js';
import { PointGame, SideGame, SideGameState, SideGameWithState, TeamScorecard } from '../../shared/schemas/games.js';
import { CompetitionLeaderboard, HoleLine, MultiRoundLeaderboard, RoundLeaderboard, TeamRoundLeaderboard, TournamentLeaderboard } from '../../shared/schemas/leaderboards.js';
import { Match } from '../../shared/schemas/match.js';
import { Expense, ExpenseSplit, PersistedPlan, Settlement, SettlementPlan } from '../../shared/schemas/money.js';
import { PaymentLink } from '../../shared/schemas/payments.js';
import { Player } from '../../shared/schemas/player.js';
import { PortalRound, PortalTripOverview, Score, TokenInfo } from '../../shared/schemas/portal.js';
import { Pot } from '../../shared/schemas/pot.js';
import { Receipt } from '../../shared/schemas/receipt.js';
import { Report } from '../../shared/schemas/report.js';
import { Group, Round } from '../../shared/schemas/round.js';
import { FairnessReport, PairingGroup, Pairings, RulesResponse } from '../../shared/schemas/scheduling.js';
import { ScorecardScores } from '../../shared/schemas/score-corrections.js';
import { OpenTeeTimes, TeeSlot } from '../../shared/schemas/tee-booking.js';
import { Accommodation, Flight, ProposalGroup, RentalCar, RideBoard, RideOffer, RideRequest, TravelStats } from '../../shared/schemas/travel.js';
import { Trip } from '../../shared/schemas/trip.js';
import { Wager } from '../../shared/schemas/wager.js';
import { ErrorBody } from '../http/errors.js';

/**
 * The schemas /openapi.json names under `components.schemas`, by component name. A name is part of the API
 * contract (client generators turn it into a type name): add names freely, never rename one.
 */
export const COMPONENTS: Record<string, z.ZodType> = {
  Error: ErrorBody,
  Instant,
  Trip,
  Player,
  Course,
  Hole,
  Tee,
  Round,
  Group,
  Score,
  HoleLine,
  Competition,
  Match,
  Expense,
  ExpenseSplit,
  Settlement,
  SettlementPlan,
  PersistedPlan,
  Wager,
  Pot,
  Receipt,
  SideGame,
  SideGameState,
  SideGameWithState,
  Activity,
  Rsvp,
  Flight,
  RentalCar,
  RideOffer,
  RideRequest,
  Accommodation,
  Report,
  TeeSlot,
  Pairings,
  PairingGroup,
  TokenInfo,
  ActivityStats,
  FunStats,
  HeadToHead,
  HeadToHeadMatrix,
  Mvp,
  Rivalries,
  TripSummary,
  User,
  Availability,
  AvailabilitySummary,
  SavedCourse,
  DisplayConfig,
  DisplayPayload,
  PointGame,
  TeamScorecard,
  CompetitionLeaderboard,
  MultiRoundLeaderboard,
  RoundLeaderboard,
  TeamRoundLeaderboard,
  TournamentLeaderboard,
  PaymentLink,
  PortalRound,
  PortalTripOverview,
  FairnessReport,
  RulesResponse,
  ScorecardScores,
  OpenTeeTimes,
  ProposalGroup,
  RideBoard,
  TravelStats,
};

/**
 * Gives each component schema its id in zod's global registry (keeping any description it has there), which is
 * where `z.toJSONSchema` looks for the schemas to share. Idempotent.
 */
export function registerComponents(): void {
  for (const [id, schema] of Object.entries(COMPONENTS)) {
    const meta = z.globalRegistry.get(schema);
    if (meta?.id === id) continue;
    if (meta?.id) throw new Error(`OpenAPI: ${id} is already registered as ${meta.id}`);
    z.globalRegistry.add(schema, { ...meta, id });
  }
}
