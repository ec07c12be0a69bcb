/**
 * Automatic pairings (spec, "Strategy semantics"): a strategy places the players into groups of groupSizes' sizes,
 * then the Keep Together / Keep Apart rules are enforced by moving the fewest players (rules.ts), and every rule that
 * could not be kept is returned with why.
 *
 * Players are ranked by handicap index lowest first; players without an index come after everyone with one, and ties
 * keep the order given. Strategies:
 * - random: a shuffle by the seeded generator, groups filled in that order; no player data used.
 * - handicap: the ranking cut into groups in tee order, lowest indexes in the first group.
 * - balanced: snake draft over the ranking (groups 1..n, then n..1, …), so group totals come out close; with
 *   `optimize`, swaps then even the totals out to their lower bound where the search reaches it (balance.ts).
 * - ab, abc, abcd: the ranking cut into 2, 3 or 4 tiers (halves, thirds, quartiles); each group draws its players
 *   tier by tier, a random player of the tier each time (the usual A-B-C-D draw: the tiers fix the mix, the seed the
 *   partners; a snake within tiers would make AB the balanced draft again). Groups of groupSize 2·k take k from each
 *   of 2 tiers, and so on; when the size is not a multiple of the tier count, tiers follow the seats: the field's
 *   seats, first seats of every group, then second seats…, are cut into equal runs, one per tier, so every group of
 *   at least as many players as tiers holds each tier (ABC in foursomes: one tier twice).
 * - previous_results: players ranked by `results` (lower is better; without a result: after everyone, in the order
 *   given) and cut into groups of like scores; `ordering` sends the leaders' group off last (default), first, or
 *   last with the middle groups first (reverse horseshoe: middle groups, then outward, trailers just before leaders).
 * - custom: no sorting: the players in the order given, filled into groups; only the rules move anyone.
 *
 * Rules bind the players in the field; the strategy's groups are then moved as little as possible (fewest players
 * changing group, like swapped for like), and the balanced optimiser never moves a player a kept rule places.
 */
import { balanceTotals } from './balance.js';
import { fillInOrder, groupSizes, handicapTotals, totalsSpread } from './groups.js';
import type { Rng } from './random.js';
import { brokenRules, enforceRules, resolveRules, ruleMembers } from './rules.js';
import type { Groups, RuleBreak, SchedPlayer, SchedRule } from './types.js';

export type Strategy = 'random' | 'handicap' | 'balanced' | 'ab' | 'abc' | 'abcd' | 'previous_results' | 'custom';
export type ResultsOrdering = 'leaders_last' | 'leaders_first' | 'reverse_horseshoe';

export const STRATEGIES: readonly Strategy[] = ['random', 'handicap', 'balanced', 'ab', 'abc', 'abcd', 'previous_results', 'custom'];
export const RESULTS_ORDERINGS: readonly ResultsOrdering[] = ['leaders_last', 'leaders_first', 'reverse_horseshoe'];

export interface PairingInput {
  players: SchedPlayer[];
  groupSize: number;
  strategy: Strategy;
  rules?: SchedRule[];
  /** previous_results only: a completed round's result per player, lower is better (net strokes or −points — the caller normalises); players without one go last. */
  results?: { playerId: string; score: number }[];
  ordering?: ResultsOrdering;
  /** balanced only: swap players after the snake draft until the spread of group totals reaches its lower bound (balance.ts). */
  optimize?: boolean;
}

export interface PairingResult {
  /** Player ids per group, in tee order. */
  groups: Groups;
  /** Every rule not honoured, highest priority first, with why; empty when all were kept. */
  brokenRules: RuleBreak[];
  /** Per group, the sum of its players' indexes; null if nobody in it has one. */
  handicapTotals: (number | null)[];
  /** max − min of the totals; null when no group has one. */
  spread: number | null;
  strategy: Strategy;
  seed: number;
}

const TIERS: Partial<Record<Strategy, number>> = { ab: 2, abc: 3, abcd: 4 };

/**
 * Groups for a round by `strategy`, then rules enforced; reproducible from the generator's seed. Throws RangeError for
 * impossible input (the message is user-facing): a field or group size groupSizes refuses, a player listed twice, a
 * rule priority outside 1–10, a rule id used twice, previous_results without results.
 *
 * @example // p1…p9 with indexes 2, 4, … 18, p10 without one
 * pairPlayers({ players, groupSize: 4, strategy: 'balanced' }, createRng(1))
 * // { groups: [['p1', 'p6', 'p7', 'p10'], ['p2', 'p5', 'p8'], ['p3', 'p4', 'p9']], brokenRules: [],
 * //   handicapTotals: [28, 30, 32], spread: 4, strategy: 'balanced', seed: 1 }
 */
export function pairPlayers(input: PairingInput, rng: Rng): PairingResult {
  const problem = inputProblem(input);
  if (problem !== undefined) throw new RangeError(problem);
  const sized = groupSizes(input.players.length, input.groupSize);
  if ('problem' in sized) throw new RangeError(sized.problem);
  const { sizes } = sized;
  const present = new Set(input.players.map((p) => p.id));
  const names = new Map(input.players.map((p) => [p.id, p.name]));
  const indexOf = new Map(input.players.map((p) => [p.id, p.handicapIndex]));
  // A rule binds the players in this field only (rules.ts).
  const rules = (input.rules ?? []).map((rule) => ({ ...rule, playerIds: ruleMembers(rule).filter((id) => present.has(id)) }));

  const { groups: placed, order } = placeByStrategy(input, sizes, rng);
  const rank = new Map(order.map((id, i) => [id, i]));
  const { enforce, givenUp } = resolveRules(rules, sizes, names);
  let groups = enforceRules(placed, enforce, rank);
  if (input.strategy === 'balanced' && input.optimize) {
    const locked = new Set(enforce.filter((rule) => rule.playerIds.length >= 2).flatMap((rule) => rule.playerIds));
    groups = balanceTotals(groups, indexOf, locked, rng);
  }

  // The grouping itself is the truth: a given-up rule the grouping happens to keep is not reported.
  const why = new Map(givenUp.map((b) => [b.ruleId, b.reason]));
  const broken = brokenRules(groups, rules, names).map((b) => ({ ...b, reason: why.get(b.ruleId) ?? b.reason }));
  const totals = handicapTotals(groups, indexOf);
  return { groups, brokenRules: broken, handicapTotals: totals, spread: totalsSpread(totals), strategy: input.strategy, seed: rng.seed };
}

/** Why the input is impossible, or undefined. */
function inputProblem(input: PairingInput): string | undefined {
  if (!STRATEGIES.includes(input.strategy)) return `unknown pairing strategy ${String(input.strategy)}`;
  const ids = new Set<string>();
  for (const player of input.players) {
    if (typeof player.id !== 'string' || player.id.length === 0) return 'every player needs an id';
    if (ids.has(player.id)) return `player ${player.id} is listed twice`;
    ids.add(player.id);
    if (player.handicapIndex !== null && !Number.isFinite(player.handicapIndex)) return `the handicap index of ${player.name} must be a number or none`;
  }
  const ruleIds = new Set<string>();
  for (const rule of input.rules ?? []) {
    if (ruleIds.has(rule.id)) return `rule ${rule.id} is listed twice`;
    ruleIds.add(rule.id);
    if (!Number.isSafeInteger(rule.priority) || rule.priority < 1 || rule.priority > 10) {
      return `rule ${rule.id}: priority must be a whole number from 1 to 10, got ${rule.priority}`;
    }
    if (rule.kind !== 'keep_together' && rule.kind !== 'keep_apart') return `rule ${rule.id}: unknown kind ${String(rule.kind)}`;
  }
  if (input.strategy === 'previous_results') {
    if (input.ordering !== undefined && !RESULTS_ORDERINGS.includes(input.ordering)) return `unknown results ordering ${String(input.ordering)}`;
    const scored = new Set<string>();
    for (const result of input.results ?? []) {
      if (!Number.isFinite(result.score)) return `the result of player ${result.playerId} must be a number`;
      if (scored.has(result.playerId)) return `player ${result.playerId} has two results`;
      scored.add(result.playerId);
    }
    if (![...scored].some((id) => ids.has(id))) return 'pairing by previous results needs the result of a completed round for at least one player';
  }
  return undefined;
}

/** The strategy's groups (sizes in tee order) and its order of players, which rule moves use to swap like for like. */
function placeByStrategy(input: PairingInput, sizes: readonly number[], rng: Rng): { groups: Groups; order: string[] } {
  const ids = input.players.map((p) => p.id);
  switch (input.strategy) {
    case 'random': {
      const order = rng.shuffle(ids);
      return { groups: fillInOrder(order, sizes), order };
    }
    case 'custom':
      return { groups: fillInOrder(ids, sizes), order: ids };
    case 'handicap': {
      const order = byIndex(input.players);
      return { groups: fillInOrder(order, sizes), order };
    }
    case 'balanced': {
      const order = byIndex(input.players);
      return { groups: snakeDraft(order, sizes), order };
    }
    case 'ab':
    case 'abc':
    case 'abcd': {
      const order = byIndex(input.players);
      return { groups: tierDraw(order, sizes, TIERS[input.strategy]!, rng), order };
    }
    case 'previous_results': {
      const order = byResult(ids, input.results ?? []);
      return { groups: resultBlocks(order, sizes, input.ordering ?? 'leaders_last'), order };
    }
  }
}

/** Player ids by handicap index, lowest first; without an index last; ties in the order given. */
function byIndex(players: readonly SchedPlayer[]): string[] {
  const key = (p: SchedPlayer) => p.handicapIndex ?? Infinity;
  return players
    .map((p, i) => ({ p, i }))
    .sort((a, b) => (key(a.p) === key(b.p) ? a.i - b.i : key(a.p) < key(b.p) ? -1 : 1))
    .map(({ p }) => p.id);
}

/** Player ids by result, best (lowest) first; without a result last; ties in the order given. */
function byResult(ids: readonly string[], results: readonly { playerId: string; score: number }[]): string[] {
  const score = new Map(results.map((r) => [r.playerId, r.score]));
  const key = (id: string) => score.get(id) ?? Infinity;
  return ids
    .map((id, i) => ({ id, i }))
    .sort((a, b) => (key(a.id) === key(b.id) ? a.i - b.i : key(a.id) < key(b.id) ? -1 : 1))
    .map(({ id }) => id);
}

/** Deals `order` to the groups 1..n, then n..1, and so on, skipping full groups. */
function snakeDraft(order: readonly string[], sizes: readonly number[]): Groups {
  const groups: Groups = sizes.map(() => []);
  let next = 0;
  for (let forward = true; next < order.length; forward = !forward) {
    const open = sizes.map((_, g) => g).filter((g) => groups[g]!.length < sizes[g]!);
    if (!forward) open.reverse();
    for (const g of open) if (next < order.length) groups[g]!.push(order[next++]!);
  }
  return groups;
}

/**
 * A-B-C-D draw: the seats, first seats of every group then second seats and so on, are cut into `tiers` equal runs;
 * each run takes the next block of the ranking, shuffled, so each group's seat holds a random player of its tier.
 */
function tierDraw(order: readonly string[], sizes: readonly number[], tiers: number, rng: Rng): Groups {
  const seats: number[] = [];
  for (let seat = 0; seat < Math.max(...sizes); seat++) sizes.forEach((size, g) => seat < size && seats.push(g));
  const groups: Groups = sizes.map(() => []);
  const n = order.length;
  let start = 0;
  for (let tier = 0; tier < tiers; tier++) {
    const end = Math.floor(((tier + 1) * n) / tiers);
    const drawn = rng.shuffle(order.slice(start, end));
    for (let s = start; s < end; s++) groups[seats[s]!]!.push(drawn[s - start]!);
    start = end;
  }
  return groups;
}

/** The ranking cut into groups of like results, the groups placed in tee order by `ordering`. */
function resultBlocks(order: readonly string[], sizes: readonly number[], ordering: ResultsOrdering): Groups {
  const count = sizes.length;
  const blocks = Array.from({ length: count }, (_, b) => b); // block 0: the leaders
  const teeOrder =
    ordering === 'leaders_first'
      ? blocks
      : ordering === 'leaders_last'
        ? [...blocks].reverse()
        : // Middle first, then outward; at equal distance the trailers' side goes first, so the leaders go last.
          [...blocks].sort((a, b) => Math.abs(2 * a - (count - 1)) - Math.abs(2 * b - (count - 1)) || b - a);
  const groups: Groups = sizes.map(() => []);
  let at = 0;
  for (const block of blocks) {
    const slot = teeOrder.indexOf(block);
    groups[slot] = order.slice(at, at + sizes[slot]!);
    at += sizes[slot]!;
  }
  return groups;
}
