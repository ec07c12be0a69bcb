/**
 * Manual changes to a round's groups (spec, "Swap operation"): Swap Players, Move Player, Swap Groups. The organizer
 * decides, so a change that breaks a rule is made and the broken rules are reported; a change that cannot be made
 * (unknown player, same group, a group leaving 2–6 players) is refused with `problem` and the groups come back as
 * they were. Group indexes are 0-based positions in tee order; messages number groups from 1, as people do.
 */
import { MAX_GROUP_SIZE, MIN_GROUP_SIZE } from './groups.js';
import { brokenRules } from './rules.js';
import type { Groups, RuleBreak, SchedRule } from './types.js';

export interface SwapResult {
  /** The groups after the change, or unchanged when refused. */
  groups: Groups;
  /** Every rule the resulting groups break (reasons name players by id). */
  brokenRules: RuleBreak[];
  /** Why the change was refused, or null when it was made. */
  problem: string | null;
}

/**
 * Exchanges two players in different groups; each takes the other's place in the group.
 *
 * @example swapPlayers([['a', 'b'], ['c', 'd']], 'a', 'd').groups // [['d', 'b'], ['c', 'a']]
 */
export function swapPlayers(groups: Groups, a: string, b: string, rules: readonly SchedRule[] = []): SwapResult {
  const where = locate(groups);
  if (typeof where === 'string') return refuse(groups, rules, where);
  const at = where.get(a);
  const bt = where.get(b);
  if (at === undefined) return refuse(groups, rules, `player ${a} is not in any group`);
  if (bt === undefined) return refuse(groups, rules, `player ${b} is not in any group`);
  if (at.g === bt.g) return refuse(groups, rules, `${a} and ${b} are both in group ${at.g + 1}`);
  const next = copy(groups);
  next[at.g]![at.p] = b;
  next[bt.g]![bt.p] = a;
  return done(next, rules);
}

/**
 * Moves a player to the end of group `toGroup`; refused when the group they leave would drop under 2 players or the
 * one they join would pass 6.
 *
 * @example movePlayer([['a', 'b', 'c'], ['d', 'e']], 'a', 1).groups // [['b', 'c'], ['d', 'e', 'a']]
 */
export function movePlayer(groups: Groups, playerId: string, toGroup: number, rules: readonly SchedRule[] = []): SwapResult {
  const where = locate(groups);
  if (typeof where === 'string') return refuse(groups, rules, where);
  const at = where.get(playerId);
  if (at === undefined) return refuse(groups, rules, `player ${playerId} is not in any group`);
  const missing = noGroup(groups, toGroup);
  if (missing !== undefined) return refuse(groups, rules, missing);
  if (at.g === toGroup) return refuse(groups, rules, `${playerId} is already in group ${toGroup + 1}`);
  if (groups[at.g]!.length - 1 < MIN_GROUP_SIZE) {
    return refuse(groups, rules, `group ${at.g + 1} would be left with ${groups[at.g]!.length - 1} player; a group needs at least ${MIN_GROUP_SIZE}`);
  }
  if (groups[toGroup]!.length + 1 > MAX_GROUP_SIZE) {
    return refuse(groups, rules, `group ${toGroup + 1} would have ${groups[toGroup]!.length + 1} players; a group holds at most ${MAX_GROUP_SIZE}`);
  }
  const next = copy(groups);
  next[at.g]!.splice(at.p, 1);
  next[toGroup]!.push(playerId);
  return done(next, rules);
}

/**
 * Exchanges the players of groups i and j; the positions (and so the tee times the caller keeps by index) stay.
 *
 * @example swapGroups([['a', 'b'], ['c', 'd']], 0, 1).groups // [['c', 'd'], ['a', 'b']]
 */
export function swapGroups(groups: Groups, i: number, j: number, rules: readonly SchedRule[] = []): SwapResult {
  const where = locate(groups);
  if (typeof where === 'string') return refuse(groups, rules, where);
  const missing = noGroup(groups, i) ?? noGroup(groups, j);
  if (missing !== undefined) return refuse(groups, rules, missing);
  if (i === j) return refuse(groups, rules, `group ${i + 1} cannot be swapped with itself`);
  const next = copy(groups);
  [next[i], next[j]] = [next[j]!, next[i]!];
  return done(next, rules);
}

/** Where each player sits, or why the groups themselves are unusable (a player listed twice). */
function locate(groups: Groups): Map<string, { g: number; p: number }> | string {
  const where = new Map<string, { g: number; p: number }>();
  for (let g = 0; g < groups.length; g++) {
    for (let p = 0; p < groups[g]!.length; p++) {
      const id = groups[g]![p]!;
      const seen = where.get(id);
      if (seen !== undefined) return `player ${id} is in group ${seen.g + 1} and group ${g + 1}`;
      where.set(id, { g, p });
    }
  }
  return where;
}

function noGroup(groups: Groups, index: number): string | undefined {
  if (Number.isSafeInteger(index) && index >= 0 && index < groups.length) return undefined;
  return `there is no group at index ${index} (there ${groups.length === 1 ? 'is 1 group' : `are ${groups.length} groups`}, indexes from 0)`;
}

function copy(groups: Groups): Groups {
  return groups.map((group) => [...group]);
}

function refuse(groups: Groups, rules: readonly SchedRule[], problem: string): SwapResult {
  return { groups: copy(groups), brokenRules: brokenRules(groups, rules), problem };
}

function done(groups: Groups, rules: readonly SchedRule[]): SwapResult {
  return { groups, brokenRules: brokenRules(groups, rules), problem: null };
}
