import { fail, ok, type ErrorCode, type ErrorDetail, type Result } from '../../shared/errors.js';
import { SIDE_SIZE, type MatchFormat } from '../../shared/schemas/match.js';

/** The parts of a team match its sides are checked on. */
export interface MatchSides {
  format: MatchFormat;
  sideA: readonly string[];
  sideB: readonly string[];
}

/** What the check needs to know of the trip and the round. */
export interface MatchFacts {
  /** The trip's players and their team names. */
  players: ReadonlyMap<string, { name: string; team?: string | undefined }>;
  /** Everyone playing the round. */
  roundPlayerIds: ReadonlySet<string>;
  /** Players already in another match of the same round, with that match's id. */
  taken: ReadonlyMap<string, string>;
}

type Problem = ErrorDetail & { code: ErrorCode; rule: string };

/**
 * Checks the sides of a team match (Ryder Cup style): singles is 1 v 1 and four-ball 2 v 2; every player is on the
 * trip and plays the match's round, appears once, and plays no other match of that round; each side is one team and
 * the two sides are different teams. Every problem is listed (detail `rule` names which check), the first deciding
 * the code: `unprocessable` (size, teams), `unknown_player` (not on the trip or not in the round), `duplicate_player`.
 * @example checkMatchSides({ format: 'singles', sideA: ['usa1'], sideB: ['eur1'] }, facts) // ok(true)
 */
export function checkMatchSides(match: MatchSides, facts: MatchFacts): Result<true> {
  const problems: Problem[] = [];
  const size = SIDE_SIZE[match.format];
  const sides = [
    ['sideA', match.sideA],
    ['sideB', match.sideB],
  ] as const;
  for (const [side, ids] of sides) {
    if (ids.length !== size) {
      problems.push({ code: 'unprocessable', rule: 'side_size', path: ['body', side], message: `${side} has ${ids.length} players; a ${match.format} side has ${size}` });
    }
  }

  const seen = new Set<string>();
  for (const [side, ids] of sides) {
    ids.forEach((id, i) => {
      const path = ['body', side, i];
      const player = facts.players.get(id);
      if (!player) problems.push({ code: 'unknown_player', rule: 'not_on_trip', path, message: `player ${id} is not on this trip` });
      else if (!facts.roundPlayerIds.has(id)) problems.push({ code: 'unknown_player', rule: 'not_in_round', path, message: `${player.name} does not play this round` });
      if (seen.has(id)) problems.push({ code: 'duplicate_player', rule: 'twice_in_match', path, message: `player ${id} is in this match twice` });
      seen.add(id);
      const other = facts.taken.get(id);
      if (other) problems.push({ code: 'duplicate_player', rule: 'in_another_match', path, message: `${player?.name ?? id} already plays match ${other} of this round`, matchId: other });
    });
  }

  const teams = sides.map(([side, ids]) => {
    const names = new Set<string>();
    ids.forEach((id, i) => {
      const player = facts.players.get(id);
      if (!player) return;
      if (!player.team) problems.push({ code: 'unprocessable', rule: 'no_team', path: ['body', side, i], message: `${player.name} is on no team` });
      else names.add(player.team);
    });
    if (names.size > 1) problems.push({ code: 'unprocessable', rule: 'mixed_teams', path: ['body', side], message: `${side} mixes the teams ${[...names].join(' and ')}` });
    return names.size === 1 ? [...names][0] : undefined;
  });
  if (teams[0] !== undefined && teams[0] === teams[1]) {
    problems.push({ code: 'unprocessable', rule: 'same_team', path: ['body', 'sideB'], message: `both sides are team ${teams[0]}; a match is between two teams` });
  }

  if (problems.length === 0) return ok(true);
  const first = problems[0]!;
  return fail(first.code, first.message, problems);
}
