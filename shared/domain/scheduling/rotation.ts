/**
 * Multi-round pairings (spec, Scheduling behaviors 5): consistent (the same groups every round) or rotating (players
 * meet as many different partners as possible). Rotating uses a known design when one fits the field and the number of
 * rounds (zero repeated pairs, the best any schedule can do), and otherwise a tabu search that minimises, in this
 * order: rules broken (by priority), repeated meetings, and how unevenly repeats fall (which keeps the most meetings of
 * any one pair down). A design too short for the rounds asked is the search's starting point.
 *
 * Rounds of the trip already paired can be given as `fixed`: taken as they are (never changed), their pairs count as
 * met before the search starts, so the new rounds avoid them as they avoid each other's; the repeats, the most
 * meetings of a pair and the rounds before the first repeat are then counted over the fixed rounds and the new ones
 * (the whole trip), never over the new rounds alone.
 *
 * Deterministic for a seed: the search stops after a fixed number of steps, never after a time.
 */
import { knownDesign } from './designs.js';
import { groupSizes } from './groups.js';
import type { Rng } from './random.js';
import { brokenRules, ruleMembers } from './rules.js';
import type { Groups, RuleBreak, SchedRule } from './types.js';

export type RotationMode = 'consistent' | 'rotating';

export interface RotationInput {
  playerIds: readonly string[];
  groupSize: number;
  rounds: number;
  mode: RotationMode;
  rules?: readonly SchedRule[];
  /** Search steps at most (default scales with the field, see `defaultSteps`). */
  maxSteps?: number;
  /** false: ignore the known designs and search (the benchmark compares the two). Default true. */
  useDesigns?: boolean;
  /**
   * The trip's other rounds as they are (already paired; they may hold players outside `playerIds`): their pairs
   * count as met. They come first in the counts of the result (`PairRepeat.rounds` 0 is the first fixed round).
   */
  fixed?: readonly Groups[];
}

export interface PairRepeat {
  a: string;
  b: string;
  meetings: number;
  /** The rounds they share, as indexes into the rounds counted (from 0). */
  rounds: number[];
}

export interface RotationResult {
  /** The new rounds only (the fixed ones are as given). */
  rounds: Groups[];
  /** Pairs that meet more than once over the fixed and the new rounds, most meetings first. */
  repeats: PairRepeat[];
  /** Meetings beyond the first, over all pairs (0: nobody plays with anyone twice). */
  repeatedPairs: number;
  /** Most rounds any one pair shares (0 for a single group of one… never: at least 1 with two or more players). */
  maxMeetings: number;
  /** Rounds from the first on before any pair meets a second time. */
  roundsWithoutRepeat: number;
  /** How the schedule was made: `consistent`, the design's name, `search`, or `design + search`. */
  method: string;
  /** Rules broken, per new round (round number from 1). */
  brokenRules: { round: number; rules: RuleBreak[] }[];
  /** Meetings beyond the first among the fixed rounds alone: repeats no new round could avoid. */
  fixedRepeatedPairs: number;
}

/** Most rounds a multi-round schedule takes (the request limit). */
export const MAX_ROTATION_ROUNDS = 20;

/** Meetings of every pair over the rounds, as `a|b` (a < b) → count. */
export function pairMeetings(rounds: readonly Groups[]): Map<string, number> {
  const meetings = new Map<string, number>();
  for (const round of rounds) {
    for (const group of round) {
      for (let i = 0; i < group.length; i++) {
        for (let j = i + 1; j < group.length; j++) {
          const [a, b] = group[i]! < group[j]! ? [group[i]!, group[j]!] : [group[j]!, group[i]!];
          const key = `${a}|${b}`;
          meetings.set(key, (meetings.get(key) ?? 0) + 1);
        }
      }
    }
  }
  return meetings;
}

/** The rounds (indexes from 0) each pair shares, as `a|b` (a < b) → rounds in order. */
export function pairRounds(rounds: readonly Groups[]): Map<string, number[]> {
  const shared = new Map<string, number[]>();
  rounds.forEach((round, r) => {
    for (const group of round) {
      for (let i = 0; i < group.length; i++) {
        for (let j = i + 1; j < group.length; j++) {
          const key = group[i]! < group[j]! ? `${group[i]}|${group[j]}` : `${group[j]}|${group[i]}`;
          const list = shared.get(key);
          if (list) list.push(r);
          else shared.set(key, [r]);
        }
      }
    }
  });
  return shared;
}

/** Repeats, the total of meetings beyond the first, the most meetings of a pair, and rounds before the first repeat. */
export function rotationStats(rounds: readonly Groups[]): Pick<RotationResult, 'repeats' | 'repeatedPairs' | 'maxMeetings' | 'roundsWithoutRepeat'> {
  const repeats: PairRepeat[] = [];
  let repeatedPairs = 0;
  let maxMeetings = 0;
  for (const [key, shared] of pairRounds(rounds)) {
    const count = shared.length;
    maxMeetings = Math.max(maxMeetings, count);
    if (count > 1) {
      const [a, b] = key.split('|') as [string, string];
      repeats.push({ a, b, meetings: count, rounds: shared });
      repeatedPairs += count - 1;
    }
  }
  repeats.sort((x, y) => y.meetings - x.meetings || (x.a < y.a ? -1 : x.a > y.a ? 1 : x.b < y.b ? -1 : x.b > y.b ? 1 : 0));
  let roundsWithoutRepeat = 0;
  const seen = new Set<string>();
  outer: for (const round of rounds) {
    const added: string[] = [];
    for (const group of round) {
      for (let i = 0; i < group.length; i++) {
        for (let j = i + 1; j < group.length; j++) {
          const key = group[i]! < group[j]! ? `${group[i]}|${group[j]}` : `${group[j]}|${group[i]}`;
          if (seen.has(key)) break outer;
          added.push(key);
        }
      }
    }
    added.forEach((k) => seen.add(k));
    roundsWithoutRepeat++;
  }
  return { repeats, repeatedPairs, maxMeetings, roundsWithoutRepeat };
}

/**
 * Steps the search takes by default: a step weighs every swap of a player in a repeated pair, about rounds × players²
 * swaps, so the budget shrinks with that (50 to 6,000 steps; ~0.5 s at most on one core for 200 players × 20 rounds).
 */
export function defaultSteps(players: number, rounds: number): number {
  return Math.max(50, Math.min(6_000, Math.round(20_000_000 / (rounds * players * players))));
}

/**
 * The schedule for `rounds` rounds. `problem` (user-facing English) for a group size outside 2–6, fewer than 2
 * players, or rounds outside 1–20.
 */
export function multiRoundPairings(input: RotationInput, rng: Rng): RotationResult | { problem: string } {
  const { playerIds, groupSize, rounds, mode } = input;
  if (!Number.isSafeInteger(rounds) || rounds < 1 || rounds > MAX_ROTATION_ROUNDS) return { problem: `rounds must be a whole number from 1 to ${MAX_ROTATION_ROUNDS}, got ${rounds}` };
  if (new Set(playerIds).size !== playerIds.length) return { problem: 'a player is listed twice' };
  const sized = groupSizes(playerIds.length, groupSize);
  if ('problem' in sized) return sized;
  const rules = input.rules ?? [];
  const players = rng.shuffle(playerIds);
  const n = players.length;
  const sizes = sized.sizes;
  const index = new Map(players.map((id, i) => [id, i]));
  const weights = ruleWeights(rules, index, n);
  const fixed = input.fixed ?? [];
  // Meetings in the fixed rounds between players of this schedule (players outside it cannot be moved).
  const base = new Int32Array(n * n);
  let hasBase = false;
  for (const round of fixed) {
    for (const group of round) {
      const members = group.flatMap((id) => (index.has(id) ? [index.get(id)!] : []));
      for (let i = 0; i < members.length; i++) {
        for (let j = i + 1; j < members.length; j++) {
          base[members[i]! * n + members[j]!]!++;
          base[members[j]! * n + members[i]!]!++;
          hasBase = true;
        }
      }
    }
  }

  let start: number[][][];
  let method: string;
  const design = mode === 'rotating' && input.useDesigns !== false ? knownDesign(n, groupSize) : undefined;
  if (mode === 'consistent') {
    // One grouping, searched only for the rules (with no rules any grouping is as good as another).
    const one = searchRotation(sizes, 1, n, weights, [], rng, input.maxSteps ?? defaultSteps(n, 1));
    start = Array.from({ length: rounds }, () => one[0]!.map((g) => [...g]));
    method = 'consistent';
  } else if (design) {
    const designed = design.rounds(Math.min(rounds, design.maxRounds));
    if (rounds <= design.maxRounds && weights.size === 0 && !hasBase) {
      start = designed;
      method = design.name;
    } else {
      start = searchRotation(sizes, rounds, n, weights, designed, rng, input.maxSteps ?? defaultSteps(n, rounds), hasBase ? { meetings: base, rounds: fixed.length } : undefined);
      method = `${design.name} + search`;
    }
  } else if (hasBase) {
    // Against fixed rounds the order of the new rounds is the search's (each is already weighed against them).
    start = searchRotation(sizes, rounds, n, weights, [], rng, input.maxSteps ?? defaultSteps(n, rounds), { meetings: base, rounds: fixed.length });
    method = 'search';
  } else {
    start = repeatFreeFirst(searchRotation(sizes, rounds, n, weights, [], rng, input.maxSteps ?? defaultSteps(n, rounds)));
    method = 'search';
  }
  // Groups in each round: larger groups first (they tee off first, as single pairings do), then in a random order.
  const named: Groups[] = start.map((round) => {
    const groups = rng.shuffle(round.map((g) => g.map((p) => players[p]!)));
    return groups.sort((a, b) => b.length - a.length);
  });
  return {
    rounds: named,
    ...rotationStats([...fixed, ...named]),
    method,
    brokenRules: named.map((groups, i) => ({ round: i + 1, rules: brokenRules(groups, rules) })).filter((r) => r.rules.length > 0),
    fixedRepeatedPairs: rotationStats(fixed).repeatedPairs,
  };
}

/** The rounds reordered so that rounds adding no repeat come first: each next round repeats the fewest pairs so far. */
function repeatFreeFirst(rounds: number[][][]): number[][][] {
  const seen = new Set<number>();
  const left = [...rounds];
  const out: number[][][] = [];
  const pairsOf = (round: number[][]) => round.flatMap((g) => g.flatMap((a, i) => g.slice(i + 1).map((b) => (a < b ? a * 65536 + b : b * 65536 + a))));
  while (left.length) {
    let bestAt = 0;
    let bestCount = Infinity;
    left.forEach((round, i) => {
      const count = pairsOf(round).filter((p) => seen.has(p)).length;
      if (count < bestCount) [bestAt, bestCount] = [i, count];
    });
    const [round] = left.splice(bestAt, 1);
    pairsOf(round!).forEach((p) => seen.add(p));
    out.push(round!);
  }
  return out;
}

/**
 * Rules as pair weights: a keep-apart pair costs per round they share, a keep-together pair per round they do not,
 * both far above any repeat so the search honours every rule it can, higher priority first.
 */
function ruleWeights(rules: readonly SchedRule[], index: ReadonlyMap<string, number>, n: number): Map<number, number> {
  const weights = new Map<number, number>();
  for (const rule of rules) {
    const members = ruleMembers(rule).flatMap((id) => (index.has(id) ? [index.get(id)!] : []));
    const weight = RULE_WEIGHT * rule.priority * (rule.kind === 'keep_apart' ? 1 : -1);
    for (let i = 0; i < members.length; i++) {
      for (let j = i + 1; j < members.length; j++) {
        const [a, b] = members[i]! < members[j]! ? [members[i]!, members[j]!] : [members[j]!, members[i]!];
        weights.set(a * n + b, (weights.get(a * n + b) ?? 0) + weight);
      }
    }
  }
  return weights;
}

const RULE_WEIGHT = 1_000_000;
/** Steps without a new best before the search shakes the schedule. */
const STALL_STEPS = 150;
/** Swaps weighed per step at most (beyond it the hot players are sampled). */
const STEP_SWAPS = 20_000;

/**
 * A round built greedily on the meetings so far: groups filled one after the other, each time with the player (of a
 * random order) who has met the group's players least and breaks no keep-apart rule with them.
 */
function greedyRound(sizes: readonly number[], n: number, meet: Int32Array, weight: Float64Array, rng: Rng): number[][] {
  const left = rng.shuffle(Array.from({ length: n }, (_, i) => i));
  const round: number[][] = [];
  for (const size of sizes) {
    const group = [left.shift()!];
    while (group.length < size) {
      let bestAt = 0;
      let bestScore = Infinity;
      for (let i = 0; i < left.length; i++) {
        const p = left[i]!;
        let score = 0;
        for (const x of group) score += meet[p * n + x]! * 1000 + weight[p * n + x]!;
        if (score < bestScore) {
          bestScore = score;
          bestAt = i;
        }
      }
      group.push(left.splice(bestAt, 1)[0]!);
    }
    round.push(group);
  }
  return round;
}
const REPEAT_WEIGHT = 1_000;

/**
 * Cost of a pair meeting m times: repeats first (1,000 each), then their square (so two pairs meeting twice beat one
 * pair meeting three times), and rule weights (positive: per meeting; negative, keep-together: per round apart).
 */
function pairCost(m: number, weight: number, rounds: number): number {
  const extra = m > 1 ? m - 1 : 0;
  let cost = REPEAT_WEIGHT * extra + extra * extra;
  if (weight > 0) cost += weight * m;
  else if (weight < 0) cost += -weight * (rounds - m);
  return cost;
}

/**
 * Tabu search over `rounds` rounds of groups of `sizes` (players 0…n−1): swap two players of different groups of one
 * round, best non-tabu swap among those touching a player in a costly pair (or any, to escape), restart-free.
 * `initial` rounds (a design) come first; missing rounds start as greedy groupings. `fixed`: meetings already had in
 * rounds that do not change (n × n, both halves), and how many such rounds there are; the search weighs every pair's
 * meetings over both.
 */
export function searchRotation(
  sizes: readonly number[],
  rounds: number,
  n: number,
  weights: ReadonlyMap<number, number>,
  initial: readonly (readonly (readonly number[])[])[],
  rng: Rng,
  maxSteps: number,
  fixed?: { meetings: Int32Array; rounds: number },
): number[][][] {
  const meet = fixed ? Int32Array.from(fixed.meetings) : new Int32Array(n * n);
  const allRounds = rounds + (fixed?.rounds ?? 0);
  const weight = new Float64Array(n * n);
  for (const [key, w] of weights) {
    const a = Math.floor(key / n);
    const b = key % n;
    weight[a * n + b] = w;
    weight[b * n + a] = w;
  }
  // groupOf[r * n + p]: p's group in round r; groups[r][g]: its players.
  const groupOf = new Int32Array(rounds * n);
  const groups: number[][][] = [];
  const change = (a: number, b: number, d: number) => {
    meet[a * n + b]! += d;
    meet[b * n + a]! += d;
  };
  for (let r = 0; r < rounds; r++) {
    let round: number[][];
    if (r < initial.length && initial[r]!.length === sizes.length) round = initial[r]!.map((g) => [...g]);
    else round = greedyRound(sizes, n, meet, weight, rng);
    round.forEach((g, gi) => g.forEach((p) => (groupOf[r * n + p] = gi)));
    for (const g of round) for (let i = 0; i < g.length; i++) for (let j = i + 1; j < g.length; j++) change(g[i]!, g[j]!, 1);
    groups.push(round);
  }
  const together: number[][] = Array.from({ length: n }, () => []);
  for (const [key, w] of weights) {
    if (w >= 0) continue;
    together[Math.floor(key / n)]!.push(key % n);
    together[key % n]!.push(Math.floor(key / n));
  }
  const costOf = (a: number, b: number, m: number) => pairCost(m, weight[a * n + b]!, allRounds);
  let cost = 0;
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) cost += costOf(a, b, meet[a * n + b]!);

  const delta = (r: number, p: number, q: number): number => {
    const gp = groups[r]![groupOf[r * n + p]!]!;
    const gq = groups[r]![groupOf[r * n + q]!]!;
    let d = 0;
    for (const x of gp) {
      if (x === p) continue;
      const mp = meet[p * n + x]!;
      const mq = meet[q * n + x]!;
      d += costOf(p, x, mp - 1) - costOf(p, x, mp) + costOf(q, x, mq + 1) - costOf(q, x, mq);
    }
    for (const y of gq) {
      if (y === q) continue;
      const mq = meet[q * n + y]!;
      const mp = meet[p * n + y]!;
      d += costOf(q, y, mq - 1) - costOf(q, y, mq) + costOf(p, y, mp + 1) - costOf(p, y, mp);
    }
    return d;
  };
  const apply = (r: number, p: number, q: number) => {
    const gi = groupOf[r * n + p]!;
    const gj = groupOf[r * n + q]!;
    const gp = groups[r]![gi]!;
    const gq = groups[r]![gj]!;
    for (const x of gp) if (x !== p) change(p, x, -1);
    for (const y of gq) if (y !== q) change(q, y, -1);
    gp[gp.indexOf(p)] = q;
    gq[gq.indexOf(q)] = p;
    groupOf[r * n + p] = gj;
    groupOf[r * n + q] = gi;
    for (const x of gp) if (x !== q) change(q, x, 1);
    for (const y of gq) if (y !== p) change(p, y, 1);
  };
  const hot = (r: number, p: number): boolean => {
    for (const x of groups[r]![groupOf[r * n + p]!]!) {
      if (x === p) continue;
      const w = weight[p * n + x]!;
      if (meet[p * n + x]! > 1 || w > 0) return true;
    }
    // A keep-together partner in another group also makes p worth moving.
    for (const x of together[p]!) if (groupOf[r * n + x] !== groupOf[r * n + p]) return true;
    return false;
  };

  // With no rules the cost cannot go below the repeats forced by counting: more meetings than there are pairs.
  let meetings = 0;
  for (const round of groups) for (const g of round) meetings += (g.length * (g.length - 1)) / 2;
  const pairs = (n * (n - 1)) / 2;
  let floor = 0;
  if (weights.size === 0 && !fixed) {
    const forced = Math.max(0, meetings - pairs);
    // …spread as evenly as possible over the pairs (q or q + 1 extra meetings each).
    const q = Math.floor(forced / pairs);
    const r = forced % pairs;
    floor = REPEAT_WEIGHT * forced + (pairs - r) * q * q + r * (q + 1) * (q + 1);
  } else if (weights.size === 0 && fixed) {
    // The fixed rounds' own cost stays, and every new meeting beyond the pairs not met yet is a repeat.
    let unmet = 0;
    for (let a = 0; a < n; a++) {
      for (let b = a + 1; b < n; b++) {
        const m = fixed.meetings[a * n + b]!;
        if (m === 0) unmet++;
        floor += costOf(a, b, m);
      }
    }
    floor += REPEAT_WEIGHT * Math.max(0, meetings - unmet);
  }

  const tabuUntil = new Int32Array(rounds * n);
  let sinceBest = 0;
  let best = cost;
  let bestState = groups.map((round) => round.map((g) => [...g]));
  if (sizes.length < 2) return bestState;
  for (let step = 1; step <= maxSteps && best > floor; step++) {
    let bestDelta = Infinity;
    let moves: [number, number, number][] = [];
    const hots: number[] = [];
    for (let r = 0; r < rounds; r++) for (let p = 0; p < n; p++) if (hot(r, p)) hots.push(r * n + p);
    const anyHot = hots.length > 0;
    // Large fields: a random sample of the hot players each step, so a step stays cheap.
    const look = hots.length * n <= STEP_SWAPS ? hots : Array.from({ length: Math.max(1, Math.floor(STEP_SWAPS / n)) }, () => hots[rng.int(hots.length)]!);
    for (const at of look) {
      const r = Math.floor(at / n);
      const p = at % n;
      {
        for (let q = 0; q < n; q++) {
          if (groupOf[r * n + q] === groupOf[r * n + p]) continue;
          const d = delta(r, p, q);
          const tabu = tabuUntil[r * n + p]! > step || tabuUntil[r * n + q]! > step;
          if (tabu && cost + d >= best) continue;
          if (d < bestDelta) {
            bestDelta = d;
            moves = [[r, p, q]];
          } else if (d === bestDelta) moves.push([r, p, q]);
        }
      }
    }
    if (!anyHot) break; // no repeat and no rule left to mend
    if (moves.length === 0) continue;
    const [r, p, q] = moves[rng.int(moves.length)]!;
    apply(r, p, q);
    cost += bestDelta;
    tabuUntil[r * n + p] = step + 3 + rng.int(8);
    tabuUntil[r * n + q] = step + 3 + rng.int(8);
    if (cost < best) {
      best = cost;
      bestState = groups.map((round) => round.map((g) => [...g]));
      sinceBest = 0;
    } else if (++sinceBest >= STALL_STEPS) {
      // Stuck on a plateau: shake a few random swaps into the current schedule and go on from there.
      for (let kick = 0; kick < 2 + rng.int(3); kick++) {
        const r = rng.int(rounds);
        const p = rng.int(n);
        const q = rng.int(n);
        if (groupOf[r * n + p] === groupOf[r * n + q]) continue;
        cost += delta(r, p, q);
        apply(r, p, q);
      }
      sinceBest = 0;
    }
  }
  return bestState;
}
