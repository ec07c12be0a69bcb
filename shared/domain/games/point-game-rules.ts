import type { ErrorDetail, Result } from '../../errors.js';
import { fail, ok } from '../../errors.js';
import type { HoleScores, PlayerId } from './common.js';
import { checkPlayersAndScores } from './common.js';

/*
 * Configuration and the allowed-count rule of the point game (the "40-point game", issue 4, "Side games"): a team
 * of `teamSize` players must count exactly `targetCount` net scores over `holes` holes.
 */

export const POINT_GAME_DEFAULTS = { teamSize: 4, targetCount: 40, holes: 18 } as const;

export interface PointGameConfig {
  /** The team, in the order the captain sees it. */
  players: readonly PlayerId[];
  /** Default 4; must equal the number of players. */
  teamSize?: number;
  /** Default 40 (e.g. 50 for a harder game). */
  targetCount?: number;
  /** Default 18. */
  holes?: number;
  /** Hole numbers in play order (e.g. a start on the 10th); default 1…holes. */
  playOrder?: readonly number[];
  /** Net score per player per hole number; a missing score means the player did not finish the hole. */
  netScores: HoleScores;
}

/** A configuration with its defaults filled in. */
export interface PointGameRules {
  players: readonly PlayerId[];
  teamSize: number;
  targetCount: number;
  holes: number;
  playOrder: readonly number[];
  netScores: HoleScores;
}

export interface AllowedRange {
  min: number;
  max: number;
}

/**
 * The allowed count on a hole (issue 4): with `remaining` = target − counted so far and `holesAfter` = holes still
 * to play after this one, min = max(0, remaining − holesAfter × teamSize), max = min(teamSize, remaining). The min
 * forces counts late in the round, so the target stays reachable; the max stops the team from overshooting it.
 * The range is empty (min > max) only when remaining > (holesAfter + 1) × teamSize, i.e. the target is out of reach.
 * @example allowedRange(40, 17, 4) // { min: 0, max: 4 } (hole 1 of 18)
 * @example allowedRange(10, 2, 4)  // { min: 2, max: 4 } (hole 16: at least 2 must count)
 */
export function allowedRange(remaining: number, holesAfter: number, teamSize: number): AllowedRange {
  return { min: Math.max(0, remaining - holesAfter * teamSize), max: Math.min(teamSize, remaining) };
}

/** Fills in the defaults and checks the configuration; every problem is listed. */
export function pointGameRules(config: PointGameConfig): Result<PointGameRules> {
  const teamSize = config.teamSize ?? POINT_GAME_DEFAULTS.teamSize;
  const targetCount = config.targetCount ?? POINT_GAME_DEFAULTS.targetCount;
  const holes = config.holes ?? config.playOrder?.length ?? POINT_GAME_DEFAULTS.holes;
  const playOrder = config.playOrder ?? Array.from({ length: Number.isSafeInteger(holes) && holes > 0 ? holes : 0 }, (_, i) => i + 1);
  const base = checkPlayersAndScores(config.players, playOrder, config.netScores, 1);
  const details: ErrorDetail[] = base.ok ? [] : [...(base.failure.details ?? [])];
  if (!Number.isSafeInteger(teamSize) || teamSize < 1) details.push({ path: ['teamSize'], message: 'team size must be a whole number from 1' });
  else if (config.players.length !== teamSize) details.push({ path: ['players'], message: `the team needs exactly ${teamSize} players` });
  if (!Number.isSafeInteger(holes) || holes < 1) details.push({ path: ['holes'], message: 'holes must be a whole number from 1' });
  else if (playOrder.length !== holes) details.push({ path: ['playOrder'], message: `play order must list ${holes} holes` });
  if (!Number.isSafeInteger(targetCount) || targetCount < 0 || targetCount > holes * teamSize) {
    details.push({ path: ['targetCount'], message: 'target count must be a whole number from 0 to holes × team size' });
  }
  if (details.length > 0) return fail('validation_failed', details[0]!.message, details);
  return ok({ players: config.players, teamSize, targetCount, holes, playOrder, netScores: config.netScores });
}
