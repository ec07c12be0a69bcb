import { fail, ok, type ErrorDetail, type Result } from '../errors.js';
import type { RoundState, ScoreDoc, ScoreEntry } from '../schemas/round.js';

/** One hole an organizer enters or corrects. */
export interface OrganizerEntry {
  hole: number;
  strokes: number | null;
  reason?: string | undefined;
}

/**
 * Whether an organizer may write `entries` on a card of a round in `state` whose course has `holes` holes:
 * every hole must be on the course (422 `unprocessable`); a draft round has no scorecards to score (422
 * `round_not_ready`); a completed round takes corrections only with a reason (422 `correction_reason_required`),
 * since its results (leaderboards, games, money) were already shown. Issue 14.
 */
export function checkOrganizerEntries(state: RoundState, holes: number, entries: OrganizerEntry[]): Result<true> {
  const outside = entries.filter((e) => e.hole > holes);
  if (outside.length > 0) {
    return fail('unprocessable', `the course has ${holes} holes`, outside.map((e) => ({ path: ['body', 'hole'], hole: e.hole, message: `hole ${e.hole} is not on the course` })));
  }
  if (state === 'draft') return fail('round_not_ready', 'the round is a draft: scores are entered once it is ready');
  if (state === 'completed') {
    const missing: ErrorDetail[] = entries.filter((e) => !e.reason).map((e) => ({ path: ['body', 'reason'], hole: e.hole, message: `hole ${e.hole}: a completed round is corrected only with a reason` }));
    if (missing.length > 0) return fail('correction_reason_required', 'the round is completed: give a reason for the correction', missing);
  }
  return ok(true);
}

/** The entry part of a score (its current value), the reason only when there is one. */
export function entryOfScore(e: ScoreEntry): ScoreEntry {
  return { strokes: e.strokes, enteredBy: e.enteredBy, deviceId: e.deviceId, enteredAt: e.enteredAt, ...(e.reason ? { reason: e.reason } : {}) };
}

type ScoreFields = Omit<ScoreDoc, 'strokes' | 'enteredBy' | 'deviceId' | 'enteredAt' | 'reason' | 'history' | 'disputed' | 'createdAt' | 'updatedAt' | '_rev'>;

/**
 * The new version of a hole's score after an organizer's `entry`: the entry becomes the current value (with its
 * reason, or none), the previous value goes to the end of `history` with who entered it, when and why, and any
 * dispute is settled (the organizer decided). Undefined when nothing would change: the same strokes on a score that
 * is not disputed. `prev` is the stored score, if any; `fields` names the card, round, player and hole.
 */
export function organizerScore<T extends ScoreDoc>(prev: T | undefined, fields: ScoreFields, entry: ScoreEntry): ScoreDoc | undefined {
  if (prev && prev.strokes === entry.strokes && !prev.disputed) return undefined;
  const { reason: _previousReason, ...kept } = (prev ?? {}) as Partial<ScoreDoc>;
  return {
    ...kept,
    ...fields,
    ...entryOfScore(entry),
    history: prev ? [...(prev.history ?? []), entryOfScore(prev)] : [],
    disputed: false,
    createdAt: prev?.createdAt ?? entry.enteredAt,
    updatedAt: entry.enteredAt,
  } as ScoreDoc;
}
