import { z } from 'zod';
import { Id } from './common.js';
import { RoundState, ScorecardId } from './round.js';
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

/** One value of a hole: who entered it, on which device, when, and why when an organizer corrected it. */
export const ScoreValue = z.object({
  strokes: z.number().int().nullable(),
  enteredBy: z.string(),
  deviceId: z.string(),
  enteredAt: z.string(),
  reason: z.string().optional(),
});

/** A hole's score as the dashboard sees it: the current value and every earlier one, oldest first. */
export const OrganizerScore = ScoreValue.extend({
  id: z.string(),
  scorecardId: z.string(),
  roundId: z.string(),
  playerId: z.string(),
  hole: z.number().int(),
  history: z.array(ScoreValue),
  disputed: z.boolean(),
  updatedAt: z.string(),
});
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
