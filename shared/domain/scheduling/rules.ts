/**
 * Keep Together and Keep Apart rules (spec, Scheduling behaviors 4): which rules a grouping breaks, which rules can be
 * honoured together at given group sizes (higher priority wins a conflict, spec "Rule priority"), and moving the
 * fewest players so that a grouping honours them.
 *
 * A rule binds only the players who are in the field: ids missing from the groups are ignored, and a rule with fewer
 * than two players present is always kept. At equal priority, the rule listed first wins.
 */
import { findPlacement, moveToPlacement, type PlacementModel } from './placement.js';
import type { Groups, RuleBreak, SchedRule } from './types.js';

/** The rules, highest priority first; equal priorities keep their given order. */
export function byPriority<T extends { priority: number }>(rules: readonly T[]): T[] {
  return rules.map((rule, i) => ({ rule, i })).sort((x, y) => y.rule.priority - x.rule.priority || x.i - y.i).map((x) => x.rule);
}

/** The rule's distinct players, in the order listed. */
export function ruleMembers(rule: SchedRule): string[] {
  return [...new Set(rule.playerIds)];
}

/** "A", "A and B", "A, B and C" — names where known, else ids. */
export function nameList(ids: readonly string[], names?: ReadonlyMap<string, string>): string {
  const shown = ids.map((id) => names?.get(id) ?? id);
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
}

/**
 * Rules each grouping breaks, highest priority first, with a human reason naming the players (groups numbered from 1,
 * in tee order). Players absent from the groups are ignored.
 *
 * @example brokenRules([['a', 'b'], ['c', 'd']], [{ id: 'r1', kind: 'keep_apart', playerIds: ['a', 'b'], priority: 5 }])
 * // [{ ruleId: 'r1', kind: 'keep_apart', priority: 5, reason: 'a and b should be kept apart but share group 1' }]
 */
export function brokenRules(groups: Groups, rules: readonly SchedRule[], names?: ReadonlyMap<string, string>): RuleBreak[] {
  const groupOf = new Map<string, number>();
  groups.forEach((group, g) => group.forEach((id) => groupOf.set(id, g)));
  const broken: RuleBreak[] = [];
  for (const rule of byPriority(rules)) {
    const present = ruleMembers(rule).filter((id) => groupOf.has(id));
    const reason = rule.kind === 'keep_together' ? splitReason(present, groupOf, names) : sharedReason(present, groupOf, names);
    if (reason !== undefined) broken.push({ ruleId: rule.id, kind: rule.kind, priority: rule.priority, reason });
  }
  return broken;
}

function splitReason(present: string[], groupOf: Map<string, number>, names?: ReadonlyMap<string, string>): string | undefined {
  const used = [...new Set(present.map((id) => groupOf.get(id)!))].sort((a, b) => a - b);
  if (used.length <= 1) return undefined;
  return `${nameList(present, names)} should share a group but are split over groups ${nameList(used.map((g) => String(g + 1)))}`;
}

function sharedReason(present: string[], groupOf: Map<string, number>, names?: ReadonlyMap<string, string>): string | undefined {
  const byGroup = new Map<number, string[]>();
  for (const id of present) byGroup.set(groupOf.get(id)!, [...(byGroup.get(groupOf.get(id)!) ?? []), id]);
  const shared = [...byGroup].filter(([, ids]) => ids.length > 1).sort(([a], [b]) => a - b);
  if (shared.length === 0) return undefined;
  if (shared.length === 1 && shared[0]![1].length === present.length) {
    return `${nameList(present, names)} should be kept apart but share group ${shared[0]![0] + 1}`;
  }
  return `${nameList(present, names)} should be kept apart but ${shared.map(([g, ids]) => `${nameList(ids, names)} share group ${g + 1}`).join('; ')}`;
}

/**
 * Which rules can be honoured together at these group sizes. Rules are taken highest priority first (equal priority:
 * listed first); each is kept when it can be honoured along with every rule already kept, otherwise given up with
 * why: a keep-together larger than the largest group, keep-apart players outnumbering the groups, a keep-apart pair
 * that a kept keep-together joins (or the reverse), keep-together sets joined through shared players into more
 * players than a group holds, or no placement at all — then the reason names the fewest kept rules that block it.
 * Every rule player is taken to be in the field (pairPlayers drops absent ones first).
 *
 * @example resolveRules([{ id: 'big', kind: 'keep_together', playerIds: ['a', 'b', 'c', 'd', 'e'], priority: 5 }], [4, 4])
 * // { enforce: [], givenUp: [{ ruleId: 'big', …, reason: 'a, b, c, d and e cannot share a group: 5 players, the largest group has 4' }] }
 */
export function resolveRules(
  rules: readonly SchedRule[],
  sizes: readonly number[],
  names?: ReadonlyMap<string, string>,
): { enforce: SchedRule[]; givenUp: RuleBreak[] } {
  const enforce: SchedRule[] = [];
  const givenUp: RuleBreak[] = [];
  const largest = Math.max(0, ...sizes);
  for (const rule of byPriority(rules)) {
    const ids = ruleMembers(rule);
    const who = nameList(ids, names);
    const give = (why: string) => givenUp.push({ ruleId: rule.id, kind: rule.kind, priority: rule.priority, reason: why });
    if (ids.length < 2) {
      enforce.push(rule);
      continue;
    }
    if (rule.kind === 'keep_together' && ids.length > largest) {
      give(`${who} cannot share a group: ${ids.length} players, the largest group has ${largest}`);
      continue;
    }
    if (rule.kind === 'keep_apart' && ids.length > sizes.length) {
      give(`${who} cannot all be kept apart: ${ids.length} players, only ${sizes.length} group${sizes.length === 1 ? '' : 's'}`);
      continue;
    }
    const model = buildModel([...enforce, rule], largest);
    if ('clash' in model) {
      give(clashReason(rule, model.clash, largest, names));
      continue;
    }
    if (findPlacement(model, sizes) === null) {
      const blockers = fewestBlockers(enforce, rule, sizes);
      const sizeText = sizes.join(', ');
      give(
        blockers.length === 0
          ? `${who} cannot be ${rule.kind === 'keep_together' ? 'placed in one group' : 'kept apart'} at group sizes ${sizeText}`
          : `${who} cannot be ${rule.kind === 'keep_together' ? 'placed in one group' : 'kept apart'} at group sizes ${sizeText} together with ${blockers.map((b) => describe(b, rule)).join(', ')}`,
      );
      continue;
    }
    enforce.push(rule);
  }
  return { enforce, givenUp };
}

/** How a winning rule is named in a reason: `keep-apart rule "r2" (priority 8)`, noting a tie won by list order. */
function describe(winner: SchedRule, loser: SchedRule): string {
  const tie = winner.priority === loser.priority ? ', listed first at the same priority' : '';
  return `${winner.kind === 'keep_together' ? 'keep-together' : 'keep-apart'} rule "${winner.id}" (priority ${winner.priority}${tie})`;
}

/** Why the model of the kept rules plus `rule` is contradictory, without searching. */
function clashReason(rule: SchedRule, clash: Clash, largest: number, names?: ReadonlyMap<string, string>): string {
  const who = nameList(ruleMembers(rule), names);
  const others = clash.rules.filter((r) => r !== rule);
  if (clash.kind === 'too_big') {
    return `${who} cannot share a group: with ${others.map((r) => describe(r, rule)).join(', ')} that makes ${clash.players.length} players who must share a group (${nameList(clash.players, names)}), the largest group has ${largest}`;
  }
  const pair = nameList(clash.players, names);
  if (rule.kind === 'keep_apart') {
    return `${who} cannot be kept apart: ${others.map((r) => describe(r, rule)).join(', ')} put${others.length === 1 ? 's' : ''} ${pair} in one group`;
  }
  const [separating, ...joining] = others;
  const through = joining.length === 0 ? '' : `, and ${joining.map((r) => describe(r, rule)).join(', ')} join${joining.length === 1 ? 's' : ''} them to this group`;
  return `${who} cannot share a group: ${describe(separating!, rule)} keeps ${pair} apart${through}`;
}

/**
 * A smallest set of kept rules that still blocks `rule` (deletion filter: drop each kept rule, lowest priority first,
 * while `rule` stays impossible without it). Empty when `rule` is impossible on its own at these sizes.
 */
function fewestBlockers(kept: readonly SchedRule[], rule: SchedRule, sizes: readonly number[]): SchedRule[] {
  let blockers = [...kept];
  for (const candidate of [...kept].reverse()) {
    const without = blockers.filter((r) => r !== candidate);
    const model = buildModel([...without, rule]);
    if ('clash' in model || findPlacement(model, sizes) === null) blockers = without;
  }
  return blockers;
}

interface Clash {
  kind: 'too_big' | 'apart_inside_together';
  /** The joined players (too_big) or the two players who must both share and not share a group. */
  players: string[];
  /** The rules that make the clash. */
  rules: SchedRule[];
}

/**
 * The placement model of rules assumed all kept: clusters of players who must share a group (keep-together sets
 * joined through shared players; every keep-apart player is at least a cluster of one) and the pairs of clusters that
 * must not share one. Answers the clash instead when the rules contradict each other whatever the sizes, or a cluster
 * outgrows `largest` (only checked when given).
 */
export function buildModel(rules: readonly SchedRule[], largest = Infinity): PlacementModel | { clash: Clash } {
  const parent = new Map<string, string>();
  const find = (id: string): string => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  const add = (id: string) => {
    if (!parent.has(id)) parent.set(id, id);
  };
  const active = rules.filter((rule) => ruleMembers(rule).length >= 2);
  for (const rule of active) ruleMembers(rule).forEach(add);
  for (const rule of active) {
    if (rule.kind !== 'keep_together') continue;
    const [first, ...rest] = ruleMembers(rule);
    for (const id of rest) parent.set(find(id), find(first!));
  }
  const members = new Map<string, string[]>();
  for (const id of parent.keys()) members.set(find(id), [...(members.get(find(id)) ?? []), id]);
  const togetherRulesOf = (root: string) => active.filter((r) => r.kind === 'keep_together' && find(r.playerIds[0]!) === root);
  for (const [root, ids] of members) {
    if (ids.length > largest) return { clash: { kind: 'too_big', players: ids, rules: togetherRulesOf(root) } };
  }
  const roots = [...members.keys()];
  const index = new Map(roots.map((root, i) => [root, i]));
  const conflicts = roots.map(() => new Set<number>());
  for (const rule of active) {
    if (rule.kind !== 'keep_apart') continue;
    const ids = ruleMembers(rule);
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        const a = find(ids[i]!);
        const b = find(ids[j]!);
        if (a === b) return { clash: { kind: 'apart_inside_together', players: [ids[i]!, ids[j]!], rules: [rule, ...togetherRulesOf(a)] } };
        conflicts[index.get(a)!]!.add(index.get(b)!);
        conflicts[index.get(b)!]!.add(index.get(a)!);
      }
    }
  }
  return { clusters: roots.map((root) => members.get(root)!), conflicts: conflicts.map((set) => [...set]) };
}

/**
 * `groups` with the fewest players moved so that every rule of `enforce` holds (rules already resolved by
 * resolveRules at these sizes; every group keeps its size). `rank` is the strategy's order of players, used to pick
 * like-for-like players when someone has to make room.
 */
export function enforceRules(groups: Groups, enforce: readonly SchedRule[], rank: ReadonlyMap<string, number>): Groups {
  const model = buildModel(enforce);
  if ('clash' in model) throw new Error(`the rules to enforce contradict each other (${model.clash.rules.map((r) => r.id).join(', ')})`);
  const origin = new Map<string, number>();
  groups.forEach((group, g) => group.forEach((id) => origin.set(id, g)));
  const target = findPlacement(model, groups.map((group) => group.length), origin);
  if (target === null) throw new Error('the rules to enforce have no placement at these sizes');
  return moveToPlacement(groups, model, target, rank);
}
