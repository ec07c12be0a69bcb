import type { Course } from '../schemas/course.js';
import { coursePar } from '../schemas/course.js';
import type { ErrorDetail, Result } from '../errors.js';
import { fail, ok } from '../errors.js';
import type { Group, HandicapSnapshot, RoundDoc, RoundFormat, RoundState } from '../schemas/round.js';
import { ALLOWANCES, courseHandicapFromSnapshot, playingHandicap } from './golf/handicap.js';

/** Spec, Limits: players per group 2 to 6. */
export const MIN_GROUP_SIZE = 2;
export const MAX_GROUP_SIZE = 6;

export type RoundAction = 'ready' | 'unready' | 'start' | 'complete' | 'reset';

/**
 * The round life cycle: draft → ready → in_progress → completed, with reset taking a started or completed round
 * back to ready (its scores archived) and `unready` taking a ready round without scores back to draft.
 */
const TRANSITIONS: Record<RoundAction, { from: RoundState[]; to: RoundState }> = {
  ready: { from: ['draft'], to: 'ready' },
  unready: { from: ['ready'], to: 'draft' },
  start: { from: ['ready'], to: 'in_progress' },
  complete: { from: ['ready', 'in_progress'], to: 'completed' },
  reset: { from: ['in_progress', 'completed'], to: 'ready' },
};

/** Where `action` takes a round in `state`, or `round_state_conflict` naming the current state. */
export function nextRoundState(state: RoundState, action: RoundAction): Result<RoundState> {
  const t = TRANSITIONS[action];
  if (t.from.includes(state)) return ok(t.to);
  return fail('round_state_conflict', `cannot ${action} a round that is ${state}`, [
    { message: `allowed from: ${t.from.join(', ')}`, currentState: state, action },
  ]);
}

/** Which round fields may change in each state. Course, players, tees and format are fixed once scorecards exist. */
export const EDITABLE_IN_STATE: Record<RoundState, ReadonlySet<string>> = {
  draft: new Set(['name', 'date', 'startTime', 'course', 'format', 'playerIds', 'groups', 'defaultTee', 'playerTees']),
  ready: new Set(['name', 'date', 'startTime', 'groups']),
  in_progress: new Set(['name', 'groups']),
  completed: new Set(['name']),
};

export function checkEditable(state: RoundState, fields: string[]): Result<true> {
  const refused = fields.filter((f) => !EDITABLE_IN_STATE[state].has(f));
  if (refused.length === 0) return ok(true);
  return fail('round_not_editable', `a ${state} round cannot change ${refused.join(', ')}`, [
    { message: 'mark the round not ready (or reset it) first', currentState: state, fields: refused },
  ]);
}

interface RoundShape {
  course?: Course | undefined;
  playerIds: string[];
  groups: Pick<Group, 'playerIds'>[];
  defaultTee?: string | undefined;
  playerTees: Record<string, string>;
}

/**
 * Checks a round's players, groups and tees against the trip's players and its course. Every problem is listed,
 * with the code of the first one deciding the answer.
 */
export function checkRoundComposition(round: RoundShape, tripPlayerIds: ReadonlySet<string>): Result<true> {
  const problems: (ErrorDetail & { code: 'unknown_player' | 'duplicate_player' | 'group_size_out_of_range' | 'unknown_tee' })[] = [];
  round.playerIds.forEach((id, i) => {
    if (!tripPlayerIds.has(id)) problems.push({ code: 'unknown_player', path: ['playerIds', i], message: `player ${id} is not on this trip` });
  });
  const dup = duplicates(round.playerIds);
  for (const id of dup) problems.push({ code: 'duplicate_player', path: ['playerIds'], message: `player ${id} is listed twice` });

  const grouped = new Map<string, number>();
  round.groups.forEach((g, gi) => {
    if (g.playerIds.length < MIN_GROUP_SIZE || g.playerIds.length > MAX_GROUP_SIZE) {
      problems.push({
        code: 'group_size_out_of_range',
        path: ['groups', gi, 'playerIds'],
        message: `group ${gi + 1} has ${g.playerIds.length} players; a group has ${MIN_GROUP_SIZE} to ${MAX_GROUP_SIZE}`,
        limit: { min: MIN_GROUP_SIZE, max: MAX_GROUP_SIZE },
      });
    }
    g.playerIds.forEach((id, pi) => {
      if (!tripPlayerIds.has(id)) problems.push({ code: 'unknown_player', path: ['groups', gi, 'playerIds', pi], message: `player ${id} is not on this trip` });
      const prev = grouped.get(id);
      if (prev !== undefined) problems.push({ code: 'duplicate_player', path: ['groups', gi, 'playerIds', pi], message: `player ${id} is already in group ${prev + 1}` });
      grouped.set(id, gi);
    });
  });

  const teeNames = new Set((round.course?.tees ?? []).map((t) => t.name));
  const teeProblem = (tee: string, path: (string | number)[]) => {
    if (round.course && !teeNames.has(tee)) problems.push({ code: 'unknown_tee', path, message: `tee ${tee} is not on course ${round.course.name}` });
  };
  if (round.defaultTee) teeProblem(round.defaultTee, ['defaultTee']);
  const assigned = new Set([...round.playerIds, ...grouped.keys()]);
  for (const [pid, tee] of Object.entries(round.playerTees)) {
    if (!assigned.has(pid)) problems.push({ code: 'unknown_player', path: ['playerTees', pid], message: `player ${pid} has a tee but is not in the round` });
    teeProblem(tee, ['playerTees', pid]);
  }
  if (problems.length === 0) return ok(true);
  const first = problems[0]!;
  return fail(first.code, first.message, problems);
}

/**
 * All players of a round: the assigned list plus everyone placed in a group, in first-seen order. A player in a
 * group is assigned too, so `playerIds` given beside `groups` never has to repeat them. Also reads rounds stored
 * before `playerIds` was kept whole (issue 23: `[]` beside groups).
 */
export function roundPlayerIds(round: Pick<RoundShape, 'playerIds' | 'groups'>): string[] {
  return [...new Set([...round.playerIds, ...round.groups.flatMap((g) => g.playerIds)])];
}

/**
 * A round's players after a change of its `playerIds` or `groups`, one list whichever way they were given (issue 23).
 * `players` is what the round stores; `listed` is the list as given or kept, which the composition check reads so
 * that a problem is reported where it was written.
 *
 * - New `playerIds`: those, then every player of the groups who is not listed (see `roundPlayerIds`).
 * - New `groups` alone: the groups' players, and the players the round had assigned without a group, who stay.
 *   Players of the old groups whom no new group holds leave the round (once scorecards exist the caller refuses
 *   that, as it refuses newcomers). The list keeps its order, newcomers after it in group order, so pairing the
 *   round again with the same seed pairs the same list the same way.
 * @example roundPlayersAfter({ playerIds: ['a', 'b', 'e'], groups: [{ playerIds: ['a', 'b'] }] }, { groups: [{ playerIds: ['d', 'a'] }] })
 * // { listed: ['e'], players: ['a', 'e', 'd'] }
 */
export function roundPlayersAfter(
  round: Pick<RoundShape, 'playerIds' | 'groups'>,
  change: { playerIds?: string[] | undefined; groups?: Pick<Group, 'playerIds'>[] | undefined },
): { listed: string[]; players: string[] } {
  const groups = change.groups ?? round.groups;
  if (change.playerIds) return { listed: change.playerIds, players: roundPlayerIds({ playerIds: change.playerIds, groups }) };
  const before = roundPlayerIds(round);
  if (!change.groups) return { listed: round.playerIds, players: before };
  const grouped = new Set(round.groups.flatMap((g) => g.playerIds));
  const ungrouped = before.filter((p) => !grouped.has(p));
  const stay = new Set([...ungrouped, ...groups.flatMap((g) => g.playerIds)]);
  return { listed: ungrouped, players: roundPlayerIds({ playerIds: before.filter((p) => stay.has(p)), groups }) };
}

/** What stops a draft round from becoming ready (`PATCH …/ready`): a course and at least one assigned player. */
export function readinessProblems(round: RoundShape): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  if (!round.course) problems.push({ path: ['course'], message: 'the round has no course' });
  if (roundPlayerIds(round).length === 0) problems.push({ path: ['playerIds'], message: 'the round has no players assigned' });
  if (round.course && !round.defaultTee && round.course.tees.length > 1) {
    const playersWithoutTee = roundPlayerIds(round).filter((p) => !round.playerTees[p]);
    if (playersWithoutTee.length > 0) {
      // The players are named (by id) so that a screen can list them and offer the fix in place (issue 34).
      const who = playersWithoutTee.length === 1 ? '1 player has none' : `${playersWithoutTee.length} players have none`;
      problems.push({
        path: ['defaultTee'],
        message: `the course has ${round.course.tees.length} tees and ${who}: choose a default tee or a tee for each player`,
        playerIds: playersWithoutTee,
      });
    }
  }
  return problems;
}

/** The tee a player plays from: their own, else the round's default, else the course's only tee. */
export function teeFor(round: Pick<RoundDoc, 'course' | 'defaultTee' | 'playerTees'>, playerId: string) {
  const name = round.playerTees[playerId] ?? round.defaultTee ?? round.course?.tees[0]?.name;
  return round.course?.tees.find((t) => t.name === name);
}

/**
 * The handicap allowance (percent, WHS Appendix C) a round's scorecards take their Playing Handicap at, by format:
 * see {@link handicapSnapshot}. The dashboard shows it beside the format before a round is made.
 * @example formatAllowance('stableford') // 95; formatAllowance('four_ball') // 85
 */
export function formatAllowance(format: RoundFormat): number {
  const allowances: Record<RoundFormat, number> = {
    stroke_play: ALLOWANCES.individualStrokePlay,
    stableford: ALLOWANCES.individualStableford,
    match_play: ALLOWANCES.individualMatchPlay,
    four_ball: ALLOWANCES.fourBallStrokePlay,
    best_ball: ALLOWANCES.bestOfFourStrokePlay[1],
    scramble: 100,
  };
  return allowances[format];
}

/**
 * The handicap frozen on a scorecard when its round becomes ready (issue 4), so results stay auditable after an index
 * changes: the inputs (index, tee, Course Rating, Slope Rating, par, holes), the Course Handicap (WHS Rule 6.1a, or
 * 6.1b for a 9-hole round; unrounded, see `golf/handicap.ts`) and the Playing Handicap (Rule 6.2a) at the WHS
 * Appendix C allowance of the round's format: stroke play and Stableford 95 %, match play 100 % (the lowest then plays
 * off zero, per match), four-ball 85 % (four-ball stroke play), best ball 75 % (best 1 of 4 stroke play). A scramble
 * team's handicap is a share of each member's Course Handicap by team size and order (`ALLOWANCES.scramble`), not
 * known per card, so a scramble card keeps the full (100 %) Playing Handicap beside the Course Handicap the team
 * handicap is computed from. Without a Handicap Index both handicaps are null. A round without a format is stroke play.
 * @example handicapSnapshot(round, 'p1', 14.2) // White tee 71.6/125, par 72: { courseHandicap: 15.308, allowancePercent: 95, playingHandicap: 15, … }
 */
export function handicapSnapshot(
  round: Pick<RoundDoc, 'course' | 'defaultTee' | 'playerTees'> & { format?: RoundFormat | undefined },
  playerId: string,
  handicapIndex: number | undefined,
): HandicapSnapshot {
  const tee = teeFor(round, playerId);
  const course = round.course!;
  const inputs = {
    handicapIndex: handicapIndex ?? null,
    tee: tee!.name,
    courseRating: tee!.courseRating,
    slope: tee!.slope,
    par: coursePar(course),
    holes: course.holes.length,
  };
  const allowancePercent = formatAllowance(round.format ?? 'stroke_play');
  const ch = courseHandicapFromSnapshot(inputs);
  return { ...inputs, courseHandicap: ch, allowancePercent, playingHandicap: ch === null ? null : playingHandicap(ch, allowancePercent) };
}

function duplicates(ids: string[]): string[] {
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const id of ids) (seen.has(id) ? dups : seen).add(id);
  return [...dups];
}
