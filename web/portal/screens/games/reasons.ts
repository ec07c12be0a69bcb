/**
 * Why a count is out of range on the current hole of the point game, in words, from the shared rule
 * (`allowedRange` of shared/domain/games/point-game-rules.ts): the captain sees why, not just that.
 */
import { allowedRange } from '../../../../shared/domain/games/point-game-rules.js';

export interface HoleFacts {
  hole: number;
  /** 1-based position of the hole in play order. */
  position: number;
  holes: number;
  teamSize: number;
  targetCount: number;
  /** Scores still to count: target − counted on confirmed holes. */
  remaining: number;
  /** Players with a net score on the hole. */
  selectable: number;
}

/** `null` when `count` may be picked, else the reason it may not. */
export function countProblem(f: HoleFacts, count: number): string | null {
  const holesAfter = f.holes - f.position;
  const { min, max } = allowedRange(f.remaining, holesAfter, f.teamSize);
  if (count < min) {
    return `At least ${min} must count on hole ${f.hole}: the team still needs ${f.remaining} of ${f.targetCount} scores and the ${holesAfter} hole${holesAfter === 1 ? '' : 's'} after this one can count at most ${holesAfter * f.teamSize}.`;
  }
  if (count > max) {
    return max < f.teamSize
      ? `At most ${max} can count on hole ${f.hole}: only ${f.remaining} more score${f.remaining === 1 ? '' : 's'} reach${f.remaining === 1 ? 'es' : ''} the target of ${f.targetCount}.`
      : `At most ${max} can count: the team has ${f.teamSize} players.`;
  }
  if (count > f.selectable) return `Only ${f.selectable} player${f.selectable === 1 ? ' has' : 's have'} a net score on hole ${f.hole} so far.`;
  return null;
}

export function rangeOf(f: HoleFacts) {
  return allowedRange(f.remaining, f.holes - f.position, f.teamSize);
}
