import type { ErrorDetail, Result } from '../../errors.js';
import { fail, ok } from '../../errors.js';
import type { PlayerId } from './common.js';
import { scoreOf } from './common.js';
import type { AllowedRange, PointGameConfig, PointGameRules } from './point-game-rules.js';
import { allowedRange, pointGameRules } from './point-game-rules.js';

export type { AllowedRange, PointGameConfig } from './point-game-rules.js';
export { allowedRange, POINT_GAME_DEFAULTS, pointGameRules } from './point-game-rules.js';

export interface PointGameSelection {
  hole: number;
  playerIds: readonly PlayerId[];
  /** Confirmed holes are locked. */
  confirmed: boolean;
}

export interface PointGameHole {
  hole: number;
  /** 1-based position in play order. */
  position: number;
  playerIds: PlayerId[];
  count: number;
  /** Sum of the selected players' net scores on the hole. */
  total: number;
  confirmed: boolean;
  /** Selected players whose score has since disappeared (their score adds nothing to the total). */
  missingScores: PlayerId[];
}

export interface PointGameState {
  teamSize: number;
  targetCount: number;
  holes: number;
  /** The hole that can change now (hole number), or null when every hole is confirmed. */
  currentHole: number | null;
  currentPosition: number | null;
  /** Allowed count on the current hole; null when every hole is confirmed. */
  allowedRange: AllowedRange | null;
  /** Team players with a net score on the current hole (only they can be selected). */
  selectable: PlayerId[];
  /** Scores counted on confirmed holes. */
  countedSoFar: number;
  /** Sum of the counted net scores on confirmed holes. */
  runningTotal: number;
  /** target − countedSoFar. */
  remaining: number;
  /** Selections in play order: the confirmed holes, then the current hole's unconfirmed draft if there is one. */
  perHole: PointGameHole[];
  lockedHoles: number[];
  /** Every hole confirmed with exactly the target count. */
  complete: boolean;
  /** Exactly the target can still be counted (by counts alone: a pick-up on a forced hole can still block it). */
  canComplete: boolean;
}

export interface SelectionRequest {
  hole: number;
  playerIds: readonly PlayerId[];
  confirm?: boolean;
}

/**
 * The point game (the "40-point game", issue 4, "Side games"): after each hole the captain selects which players'
 * net scores count. Holes go in play order: only the current hole (the first one not confirmed) can change; a
 * confirmed hole is locked and the next hole becomes current. Each selection's count must be in the allowed range
 * ({@link allowedRange}), counted from the confirmed holes before it, so a game cannot finish without exactly the
 * target count. The selections are plain data (stored in a document); the state is always recomputed from them.
 *
 * `pointGameState` gives the state from stored selections, and fails (`validation_failed`) when they break the rules:
 * a hole selected twice or not in the game, a selection after an unconfirmed (or missing) hole, a player not on the
 * team or twice, a count out of range. A counted score that disappeared later is reported (`missingScores`), not
 * refused. Counts, totals and `runningTotal` cover confirmed holes only; the current hole's draft is in `perHole`.
 *
 * @example
 * const config = { players: ['anna01', 'bert02', 'cara03', 'dave04'], netScores };
 * const r = applySelection(config, [], { hole: 1, playerIds: ['anna01', 'cara03'], confirm: true });
 * // r.value.state: currentHole 2, countedSoFar 2, allowedRange { min: 0, max: 4 }, lockedHoles [1]
 */
export function pointGameState(config: PointGameConfig, selections: readonly PointGameSelection[]): Result<PointGameState> {
  const rules = pointGameRules(config);
  if (!rules.ok) return rules;
  const r = rules.value;
  const byHole = new Map<number, PointGameSelection>();
  for (const s of selections) {
    if (!r.playOrder.includes(s.hole)) return fail('validation_failed', `hole ${s.hole} is not in the game`, [{ path: ['selections'], message: 'unknown hole', hole: s.hole }]);
    if (byHole.has(s.hole)) return fail('validation_failed', `hole ${s.hole} is selected twice`, [{ path: ['selections'], message: 'duplicate hole', hole: s.hole }]);
    byHole.set(s.hole, s);
  }
  const perHole: PointGameHole[] = [];
  let counted = 0;
  let total = 0;
  let current: number | null = null;
  for (const [i, hole] of r.playOrder.entries()) {
    const s = byHole.get(hole);
    if (current !== null) {
      if (s !== undefined) return fail('validation_failed', `hole ${hole} is selected before hole ${current} is confirmed`, [{ path: ['selections'], message: 'only the current hole can change', hole, currentHole: current }]);
      continue;
    }
    if (s !== undefined) {
      const problem = checkSelection(r, i + 1, r.targetCount - counted, s.playerIds, false);
      if (problem) return fail('validation_failed', `hole ${hole}: ${problem.message}`, [{ ...problem.detail, path: ['selections'], hole }]);
      const row = holeRow(r, hole, i + 1, s);
      perHole.push(row);
      if (s.confirmed) {
        counted += row.count;
        total += row.total;
        continue;
      }
    }
    current = hole;
  }
  const position = current === null ? null : r.playOrder.indexOf(current) + 1;
  const remaining = r.targetCount - counted;
  const holesLeft = position === null ? 0 : r.holes - position + 1;
  return ok({
    teamSize: r.teamSize,
    targetCount: r.targetCount,
    holes: r.holes,
    currentHole: current,
    currentPosition: position,
    allowedRange: position === null ? null : allowedRange(remaining, r.holes - position, r.teamSize),
    selectable: current === null ? [] : r.players.filter((p) => scoreOf(r.netScores, p, current) !== undefined),
    countedSoFar: counted,
    runningTotal: total,
    remaining,
    perHole,
    lockedHoles: perHole.filter((h) => h.confirmed).map((h) => h.hole),
    complete: current === null && remaining === 0,
    canComplete: remaining >= 0 && remaining <= holesLeft * r.teamSize,
  });
}

/**
 * The captain's selection for a hole, saved as a draft or confirmed (which locks the hole and moves on). Refused:
 * the game is complete or the hole is not the current one (`conflict`, detail `hole_locked` / `not_current_hole` /
 * `game_complete`); a player not on the team (`unknown_player`); a player twice (`duplicate_player`); a selected
 * player without a net score on the hole or a count outside the allowed range (`unprocessable`, detail `no_score` /
 * `count_out_of_range` with the range).
 */
export function applySelection(
  config: PointGameConfig,
  selections: readonly PointGameSelection[],
  request: SelectionRequest,
): Result<{ selections: PointGameSelection[]; state: PointGameState }> {
  const before = pointGameState(config, selections);
  if (!before.ok) return before;
  const state = before.value;
  const rules = pointGameRules(config);
  if (!rules.ok) return rules;
  const r = rules.value;
  const position = r.playOrder.indexOf(request.hole) + 1;
  if (position === 0) return fail('unprocessable', `hole ${request.hole} is not in the game`, [{ message: 'unknown hole', code: 'unknown_hole', hole: request.hole }]);
  if (state.currentHole === null) return fail('conflict', 'every hole is confirmed', [{ message: 'the game is complete', code: 'game_complete' }]);
  if (state.lockedHoles.includes(request.hole)) {
    return fail('conflict', `hole ${request.hole} is confirmed and locked`, [{ message: 'confirmed holes are locked', code: 'hole_locked', hole: request.hole, currentHole: state.currentHole }]);
  }
  if (request.hole !== state.currentHole) {
    return fail('conflict', `only the current hole (${state.currentHole}) can change`, [{ message: 'not the current hole', code: 'not_current_hole', hole: request.hole, currentHole: state.currentHole }]);
  }
  const problem = checkSelection(r, position, state.remaining, request.playerIds, true);
  if (problem) return fail(problem.failCode, problem.message, [{ ...problem.detail, hole: request.hole }]);
  const ordered = r.players.filter((p) => request.playerIds.includes(p));
  const next: PointGameSelection[] = [
    ...selections.filter((s) => s.hole !== request.hole),
    { hole: request.hole, playerIds: ordered, confirmed: request.confirm === true },
  ];
  const after = pointGameState(config, next);
  if (!after.ok) return after;
  return ok({ selections: next, state: after.value });
}

type SelectionProblem = { failCode: 'unknown_player' | 'duplicate_player' | 'unprocessable'; message: string; detail: ErrorDetail };

/** Checks one hole's selection: team players, no duplicates, (when `needScores`) scores present, count in range. */
function checkSelection(r: PointGameRules, position: number, remaining: number, playerIds: readonly PlayerId[], needScores: boolean): SelectionProblem | null {
  const hole = r.playOrder[position - 1]!;
  const problem = (failCode: SelectionProblem['failCode'], message: string, detail: Omit<ErrorDetail, 'message'>): SelectionProblem => ({
    failCode,
    message,
    detail: { message, ...detail },
  });
  const stranger = playerIds.find((p) => !r.players.includes(p));
  if (stranger !== undefined) return problem('unknown_player', `player ${stranger} is not on the team`, { code: 'not_on_team', playerId: stranger });
  const twice = playerIds.find((p, i) => playerIds.indexOf(p) !== i);
  if (twice !== undefined) return problem('duplicate_player', `player ${twice} is selected twice`, { code: 'duplicate_player', playerId: twice });
  const noScore = needScores ? playerIds.find((p) => scoreOf(r.netScores, p, hole) === undefined) : undefined;
  if (noScore !== undefined) return problem('unprocessable', `player ${noScore} has no net score on hole ${hole}`, { code: 'no_score', playerId: noScore });
  const range = allowedRange(remaining, r.holes - position, r.teamSize);
  if (playerIds.length < range.min || playerIds.length > range.max) {
    return problem('unprocessable', `hole ${hole} must count ${range.min} to ${range.max} scores, not ${playerIds.length}`, { code: 'count_out_of_range', ...range, count: playerIds.length });
  }
  return null;
}

function holeRow(r: PointGameRules, hole: number, position: number, s: PointGameSelection): PointGameHole {
  const playerIds = r.players.filter((p) => s.playerIds.includes(p));
  const scores = playerIds.map((p) => scoreOf(r.netScores, p, hole));
  return {
    hole,
    position,
    playerIds,
    count: playerIds.length,
    total: scores.reduce<number>((sum, x) => sum + (x ?? 0), 0),
    confirmed: s.confirmed,
    missingScores: playerIds.filter((_, i) => scores[i] === undefined),
  };
}
