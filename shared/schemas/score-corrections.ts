import { z } from 'zod';
import { Id } from './common.js';
import { RoundState, ScorecardId } from './round.js';
import { Score } from './portal.js';
import { ScorecardLines } from './scorecard-view.js';

/**
 * Organizer score entry and correction from the dashboard (issue 14): the request bodies and the REST shape of a
 * score with its whole history. The documents written are the same `score:<scorecardId>:<hole>` phones replicate.
 */

/** `strokes: null` is a picked-up hole (WHS Rule 3.1b), as on a phone. */
const Strokes = z.number().int().min(1).max(30).nullable();
/** Why the value changed; required for a completed round (422 `correction_reason_required` without it). */
const Reason = z.string().trim().min(1).max(500);

export const ScorecardScoresParams = z.strictObject({ tripId: Id, scorecardId: ScorecardId });
export const ScorecardHoleParams = z.strictObject({ tripId: Id, scorecardId: ScorecardId, hole: z.coerce.number().int().min(1).max(18) });

export const OrganizerScoreBody = z.strictObject({ strokes: Strokes, reason: Reason.optional() });
export type OrganizerScoreBody = z.infer<typeof OrganizerScoreBody>;

export const OrganizerBulkScoresBody = z.strictObject({
  scores: z
    .array(z.strictObject({ hole: z.number().int().min(1).max(18), strokes: Strokes, reason: Reason.optional() }))
    .min(1)
    .max(18)
    .refine((s) => new Set(s.map((x) => x.hole)).size === s.length, 'each hole at most once'),
  /** The reason for every hole that does not give its own. */
  reason: Reason.optional(),
});
export type OrganizerBulkScoresBody = z.infer<typeof OrganizerBulkScoresBody>;

/** A hole's score as the dashboard sees it: the same shape as the portal's, current value and every earlier one. */
export const OrganizerScore = Score;
export type OrganizerScore = z.infer<typeof OrganizerScore>;

/** `GET /trips/:tripId/scorecards/:scorecardId/scores`: the card as a golfer sees it, and every score with its history. */
export const ScorecardScores = ScorecardLines.extend({
  scorecardId: z.string(),
  roundId: z.string(),
  playerId: z.string(),
  roundState: RoundState,
  /** Holes of the round's course. */
  holes: z.number().int(),
  items: z.array(OrganizerScore),
});
