/**
 * What each step of a round's life does, said before it is done, and the server's refusals of it in words. The
 * states and what moves between them are the server's (`shared/domain/rounds.ts`: draft → ready → in play →
 * completed; reset back to ready; a ready round without scores back to draft).
 */
import type { ApiError } from '../../api/errors.js';
import { describeFailure, isApiError } from '../../api/errors.js';
import type { Round, RoundAction } from '../../api/rounds.js';

export const STATE_WORDS: Record<Round['state'], string> = {
  draft: 'Draft',
  ready: 'Ready',
  in_progress: 'In play',
  completed: 'Completed',
};

/** What the round's state means for golfers and organizers. */
export const STATE_MEANS: Record<Round['state'], string> = {
  draft: 'Being set up: nothing is frozen and golfers cannot enter scores yet. The handicaps below are a preview.',
  ready: "Handicaps are frozen on each player's scorecard; golfers can enter scores. The first score puts the round in play.",
  in_progress: 'Scores are coming in from the golfers’ phones.',
  completed: 'Score entry has ended; organizers can still correct a hole, with a reason.',
};

export interface ActionText {
  label: string;
  title: string;
  /** What it does, read before it is done. */
  does: string[];
  confirm: string;
  danger?: boolean;
}

export function actionText(action: RoundAction, allowancePercent: number): ActionText {
  switch (action) {
    case 'ready':
      return {
        label: 'Mark ready…',
        title: 'Mark the round ready?',
        does: [
          `Freezes each player's handicap into their scorecard: their Handicap Index today, the tee's Course Rating and Slope Rating, the Course Handicap and the Playing Handicap at ${allowancePercent} %. A Handicap Index changed later does not change this round.`,
          'Golfers can then enter scores on their phones.',
          'The course, format and players are fixed from then on; groups, tee times and each player’s tees can still change (a changed tee re-rates that scorecard). Until the first score, "Back to draft" undoes it.',
        ],
        confirm: 'Mark ready',
      };
    case 'unready':
      return {
        label: 'Back to draft…',
        title: 'Take the round back to draft?',
        does: ['Removes the scorecards and their frozen handicaps; no score is lost (the round has none).', 'Course, tees, format and players can then be changed again; marking it ready again freezes the handicaps anew.'],
        confirm: 'Back to draft',
      };
    case 'reset':
      return {
        label: 'Reset…',
        title: 'Reset the round?',
        does: [
          'Takes every score of this round out of play into an archive kept with the trip: nothing is deleted, but leaderboards, games and money no longer count them.',
          'The round goes back to ready, with empty cards and the same frozen handicaps; golfers start entering again.',
        ],
        confirm: 'Reset and archive the scores',
        danger: true,
      };
    case 'complete':
      return {
        label: 'Complete…',
        title: 'Complete the round?',
        does: ['Ends score entry: golfers can no longer enter or change scores on their phones.', 'Organizers can still correct a hole, giving a reason that is kept in its history. Reset reopens the round if needed.'],
        confirm: 'Complete the round',
      };
  }
}

/** The actions a round in `state` offers, in the order shown. */
export function actionsFor(state: Round['state']): RoundAction[] {
  switch (state) {
    case 'draft':
      return ['ready'];
    case 'ready':
      return ['complete', 'unready'];
    case 'in_progress':
      return ['complete', 'reset'];
    case 'completed':
      return ['reset'];
  }
}

const readinessWords = (e: ApiError) =>
  e.issues.length ? e.issues.map((i) => sentence(i.message.replace(/\ba defaultTee\b/g, 'a default tee').replace(/defaultTee/g, 'the default tee'))) : [sentence(e.message)];

const sentence = (s: string) => {
  const t = s.trim();
  return t ? `${t[0]!.toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}` : t;
};

/** A refusal of a round action, in sentences an organizer can act on. */
export function describeActionRefusal(error: unknown): string[] {
  if (!isApiError(error)) return [describeFailure(error)];
  switch (error.code) {
    case 'round_not_ready':
      return ['The round cannot be ready yet:', ...readinessWords(error)];
    case 'round_has_scores':
      return ['The round already has scores, so it cannot go back to draft. Reset it instead: its scores go to an archive.'];
    case 'round_state_conflict':
      return error.issues.some((i) => /point game|target/i.test(i.message))
        ? ['A point game of this round has not counted exactly its target yet:', ...error.issues.map((i) => sentence(i.message))]
        : [`This cannot be done now: ${error.message}. The round may have changed in another window; it is shown as it is now.`];
    case 'unknown_player':
    case 'unknown_tee':
    case 'duplicate_player':
    case 'group_size_out_of_range':
      return ['The round’s players or groups need fixing first:', ...error.issues.map((i) => sentence(i.message))];
    default:
      return [describeFailure(error)];
  }
}
