/**
 * Balanced pairings, optimised: after the snake draft (and any rule moves), players are exchanged between groups until
 * the group handicap totals are as even as arithmetic allows. Totals are whole tenths of a stroke (indexes have one
 * decimal). With T the field's total in tenths and G groups, the best any grouping can do is every total in the window
 * [⌊T/G⌋, ⌈T/G⌉]: a spread of 0 when G divides T, else 1 tenth. That lower bound is what the search aims for and
 * where it stops; integer totals with a fixed sum have their least sum of squares exactly when all lie in the window.
 *
 * Small fields (at most 16 free players) are solved exactly: the least spread s for which every group can be dealt
 * into one window [L, L + s] (deal.ts). Small fields mostly cannot reach the bound at all: 16 players have about
 * 2,600,000 ways to make four foursomes, too few to hit equal totals to the tenth. Twosomes from the snake draft are
 * already optimal (see balanceTotals).
 *
 * Larger fields: iterated local search; no move changes a group's size or moves a `locked` player.
 * 1. Descent: exchanges of one or two players between two groups that lower the sum of squares (moving d from group i
 *    to group j changes it by 2·d·(d − (T_i − T_j)): it helps exactly when d lies strictly between 0 and the gap).
 * 2. Repair, once no exchange helps: a group outside the window is dealt again exactly with two, then three other
 *    groups (deal.ts), into the window, no other group moving away from it.
 * 3. Ejection chains: exchanges i → j → k → … in which each group passes on what it receives (players received may be
 *    passed on), found breadth first, bringing a group closer to the window and moving none away.
 * 4. Kicks, when nothing else works: a few random small exchanges (the seeded generator chooses) from the best
 *    grouping found, then descent again.
 * The work is capped (WORK_LIMIT), and the best grouping found is returned when the cap is reached. Measured on a
 * laptop, fields of 40 to 144 players reach the bound 98–100 % of the time, in about 2 ms (median).
 */
import { combinations, dealExactly } from './deal.js';
import { tenths } from './groups.js';
import type { Rng } from './random.js';
import type { Groups } from './types.js';

/**
 * Work allowed in one optimisation, in candidate exchanges looked at (a deal step counts DEAL_WEIGHT): about 30 ms at
 * worst on a laptop. Fields of up to SMALL_FIELD groups get a third: the bound is out of reach for most of them (an
 * exhaustive check finds it reachable for about 1 field in 4 at 20 players and 2 in 5 at 24), so more work rarely
 * buys anything there.
 */
const WORK_LIMIT = 6_000_000;
const SMALL_FIELD = 6;

/** What looking at a pair of groups costs beyond the exchanges themselves (about its time, in the same units). */
const CALL_COST = 20;

/** What setting up one exact deal costs, in the same units. */
const DEAL_COST = 400;

/** What a step of an exact deal weighs against an exchange looked at (about its cost in time). */
const DEAL_WEIGHT = 5;

/** Most free players one exact deal takes (four foursomes); small fields up to this size are solved exactly. */
const MAX_DEAL = 16;

/** Groups outside the window one repair tries (furthest first), and for each, sets of partners: pairs, then triples. */
const REPAIR_GROUPS = 3;
const REPAIR_PAIRS = 10;
const REPAIR_TRIPLES = 20;

/** Largest amount, in tenths, an ejection chain carries from group to group; most exchanges and states per chain. */
const CHAIN_CARRY = 3;
const CHAIN_LENGTH = 6;
const CHAIN_NODES = 20;
/** What a chain candidate weighs against an exchange looked at in descent (about its cost in time). */
const CHAIN_WEIGHT = 6;

/** A kick: this many random exchanges, each moving at most KICK_SIZE tenths. */
const KICKS = 2;
const KICK_SIZE = 40;

/** The lowest spread any grouping can reach, in tenths: 0 when the total divides evenly among the groups, else 1. */
export function spreadLowerBound(totalTenths: number, groupCount: number): number {
  return ((totalTenths % groupCount) + groupCount) % groupCount === 0 ? 0 : 1;
}

/**
 * `groups` with players exchanged so the totals of their indexes are as even as the search finds: group sizes kept,
 * `locked` players (those rules place) never moved, a player without an index counted as 0.
 */
export function balanceTotals(groups: Groups, indexOf: ReadonlyMap<string, number | null>, locked: ReadonlySet<string>, rng: Rng): Groups {
  if (groups.length < 2) return groups.map((group) => [...group]);
  // Twosomes dealt as a snake pair the lowest index with the highest, the second lowest with the second highest…:
  // that pairing has both the lowest highest total and the highest lowest total (swap any two crossing pairs to
  // see it), so no exchange can narrow its spread.
  if (groups.every((group) => group.length === 2) && locked.size === 0 && isFolded(groups, indexOf)) return groups.map((group) => [...group]);
  const balanced = new Balancer(groups, indexOf, locked, rng).run();
  // Never wider than what it was given. The exact search of a small field cannot end wider, unless its work runs out;
  // the local search of a larger one lowers the sum of squares, and that can widen the spread in principle when
  // locked players pin a group far from the mean. Either way the draft is then kept. (A property test once found a
  // wider result, 36.8 → 39.6: that was a bug of the exact deal, since fixed in deal.ts, not a limit of the search.)
  return spreadOf(balanced, indexOf) <= spreadOf(groups, indexOf) ? balanced : groups.map((group) => [...group]);
}

/** The spread of the groups' totals, in tenths. */
function spreadOf(groups: Groups, indexOf: ReadonlyMap<string, number | null>): number {
  const totals = groups.map((group) => group.reduce((sum, id) => sum + tenths(indexOf.get(id) ?? 0), 0));
  return Math.max(...totals) - Math.min(...totals);
}

/** One or two free positions of a group, exchanged together. */
type Unit = readonly number[];

/** A state of the chain search: group g has received `carry` and may pass some on. */
interface ChainNode {
  g: number;
  carry: number;
  depth: number;
  /** g's values once it has received: players it received may be passed on. */
  vals: readonly number[];
  from?: { node: ChainNode; ps: Unit; qs: Unit; d: number };
}

class Balancer {
  private readonly ids: string[][];
  private readonly vals: number[][];
  private readonly units: Unit[][];
  /** Per group, the positions of its free players. */
  private readonly singles: number[][];
  private readonly totals: number[];
  private readonly count: number;
  private readonly low: number;
  private readonly high: number;
  private readonly target: number;
  private squares: number;
  private work = 0;
  private readonly limit: number;
  private readonly dirty: Set<number>;

  constructor(
    groups: Groups,
    indexOf: ReadonlyMap<string, number | null>,
    locked: ReadonlySet<string>,
    private readonly rng: Rng,
  ) {
    this.ids = groups.map((group) => [...group]);
    this.vals = this.ids.map((group) => group.map((id) => tenths(indexOf.get(id) ?? 0)));
    this.singles = this.ids.map((group) => group.map((_, p) => p).filter((p) => !locked.has(group[p]!)));
    this.units = this.singles.map((free) => [...free.map((p) => [p]), ...free.flatMap((p, x) => free.slice(x + 1).map((q) => [p, q]))]);
    this.totals = this.vals.map((group) => group.reduce((a, b) => a + b, 0));
    this.count = groups.length;
    this.limit = this.count <= SMALL_FIELD ? WORK_LIMIT / 3 : WORK_LIMIT;
    const sum = this.totals.reduce((a, b) => a + b, 0);
    this.low = Math.floor(sum / this.count);
    const extra = sum - this.low * this.count;
    this.high = extra > 0 ? this.low + 1 : this.low;
    this.target = (this.count - extra) * this.low ** 2 + extra * (this.low + 1) ** 2;
    this.squares = this.totals.reduce((s, t) => s + t * t, 0);
    this.dirty = new Set(this.totals.keys());
  }

  run(): Groups {
    if (this.singles.reduce((n, free) => n + free.length, 0) <= MAX_DEAL) {
      // Descent first: its spread bounds the exact search from above, which keeps the windows tried narrow (a wide
      // window over a snake draft of uneven groups cost so many deals that the work ran out before any was found).
      this.descend();
      this.exact();
      return this.ids;
    }
    this.descend();
    let best = this.snapshot();
    while (this.squares > this.target && this.work < this.limit) {
      if (!this.repair() && !this.chain()) {
        // Stuck: kick from the best grouping (or from here, when here is as good: a walk along the plateau).
        if (this.squares > best.squares) this.restore(best);
        this.kick();
      }
      this.descend();
      if (this.squares < best.squares) best = this.snapshot();
    }
    this.restore(best);
    return this.ids;
  }

  /**
   * A small field (all its free players fit one exact deal): the least spread s from the bound up, by dealing every
   * group into each window [L, L + s] that can hold the mean. Exact unless a deal runs out of work.
   */
  private exact(): void {
    const all = [...this.totals.keys()];
    const sum = this.totals.reduce((a, b) => a + b, 0);
    // Some window [L, L + s] holding the mean takes every group: the deal, or undefined.
    const fits = (s: number): boolean => {
      for (let from = Math.floor(sum / this.count); from * this.count + s * this.count >= sum; from--) {
        if (this.work >= this.limit) return false;
        if (this.dealInto(all, all.map(() => [from, from + s]), false)) return true;
      }
      return false;
    };
    // Binary search for the least spread with a deal: fits(s) only grows with s.
    let low = this.high - this.low;
    let high = Math.max(...this.totals) - Math.min(...this.totals);
    while (low < high && this.work < this.limit) {
      const mid = Math.floor((low + high) / 2);
      if (fits(mid)) high = mid;
      else low = mid + 1;
    }
    const spread = Math.max(...this.totals) - Math.min(...this.totals);
    if (high < spread) for (let from = Math.floor(sum / this.count); from * this.count + high * this.count >= sum; from--) {
      if (this.dealInto(all, all.map(() => [from, from + high]))) return;
    }
  }

  /**
   * Re-deals a few groups exactly: the group furthest outside the window with two others, then three others (those
   * furthest to the other side of the window first), looking through the ways to deal their free players for one that
   * brings the first group into the window and moves no other away from it. True when one was applied.
   */
  private repair(): boolean {
    const outside = [...this.totals.keys()]
      .filter((g) => this.distance(this.totals[g]!) > 0)
      .sort((x, y) => this.distance(this.totals[y]!) - this.distance(this.totals[x]!) || x - y)
      .slice(0, REPAIR_GROUPS);
    for (const a of outside) {
      const sign = Math.sign(this.totals[a]! - this.low);
      // Partners furthest to the other side first: they can take what the first group gives, or give what it lacks.
      // Among equal totals the order is random, so a repair tried again after a kick meets other partners.
      const partners = this.rng
        .shuffle([...this.totals.keys()].filter((g) => g !== a))
        .sort((x, y) => sign * (this.totals[x]! - this.totals[y]!));
      for (const others of [2, 3]) {
        let tries = 0;
        for (const combo of combinations(partners.length, others)) {
          if (++tries > (others === 2 ? REPAIR_PAIRS : REPAIR_TRIPLES) || this.work >= this.limit) break;
          if (this.redeal([a, ...combo.map((x) => partners[x]!)])) return true;
        }
      }
    }
    return false;
  }

  /** The exact re-deal of `chosen` (the first one brought into the window) described at repair(); true when applied. */
  private redeal(chosen: readonly number[]): boolean {
    return this.dealInto(
      chosen,
      chosen.map((g, x) => {
        const slack = x === 0 ? 0 : this.distance(this.totals[g]!);
        return [this.low - slack, this.high + slack];
      }),
    );
  }

  /** Deals the free players of `chosen` so that group x's total lands in totals[x], if any deal does; true when applied. */
  private dealInto(chosen: readonly number[], totals: readonly (readonly [number, number])[], apply = true): boolean {
    const slots: { g: number; p: number }[] = [];
    const values: number[] = [];
    const caps: number[] = [];
    const ranges: [number, number][] = [];
    for (let x = 0; x < chosen.length; x++) {
      const g = chosen[x]!;
      let free = 0;
      for (const p of this.singles[g]!) {
        slots.push({ g, p });
        values.push(this.vals[g]![p]!);
        free += this.vals[g]![p]!;
      }
      if (slots.length > MAX_DEAL) return false;
      caps.push(this.singles[g]!.length);
      const base = this.totals[g]! - free;
      ranges.push([totals[x]![0] - base, totals[x]![1] - base]);
    }
    const budget = { work: 0 };
    this.work += DEAL_COST;
    const dealt = dealExactly(values, caps, ranges, budget);
    this.work += DEAL_WEIGHT * budget.work;
    if (dealt === undefined || !apply) return dealt !== undefined;
    // Players dealt back to their own group keep their place; the others fill the places left.
    const arriving = chosen.map((g, x) => slots.map((slot, i) => ({ slot, i })).filter(({ slot, i }) => dealt[i] === x && slot.g !== g));
    const players = slots.map(({ g, p }, i) => ({ id: this.ids[g]![p]!, value: values[i]! }));
    chosen.forEach((g, x) => {
      const queue = arriving[x]!.map(({ i }) => players[i]!);
      slots.forEach((slot, i) => {
        if (slot.g !== g || dealt[i] === x) return;
        const next = queue.shift()!;
        this.ids[g]![slot.p] = next.id;
        this.vals[g]![slot.p] = next.value;
      });
    });
    for (const g of chosen) {
      const total = this.vals[g]!.reduce((s, v) => s + v, 0);
      this.squares += total ** 2 - this.totals[g]! ** 2;
      this.totals[g] = total;
      this.dirty.add(g);
    }
    return true;
  }

  private value(g: number, unit: Unit): number {
    let v = 0;
    for (const p of unit) v += this.vals[g]![p]!;
    return v;
  }

  /** Exchanges the players at positions ps of group i with those at qs of group j, d being what i gives j. */
  private exchange(i: number, ps: Unit, j: number, qs: Unit, d: number): void {
    ps.forEach((p, x) => {
      const q = qs[x]!;
      [this.ids[i]![p], this.ids[j]![q]] = [this.ids[j]![q]!, this.ids[i]![p]!];
      [this.vals[i]![p], this.vals[j]![q]] = [this.vals[j]![q]!, this.vals[i]![p]!];
    });
    this.squares += 2 * d * (d - (this.totals[i]! - this.totals[j]!));
    this.totals[i]! -= d;
    this.totals[j]! += d;
    this.dirty.add(i);
    this.dirty.add(j);
  }

  /** The exchange between i and j that lowers the sum of squares most, applied; false when none does. */
  private improvePair(i: number, j: number): boolean {
    const gap = this.totals[i]! - this.totals[j]!;
    if (gap >= -1 && gap <= 1) return false;
    let best = 0;
    let move: [Unit, Unit, number] | undefined;
    for (const u of this.units[i]!) {
      const a = this.value(i, u);
      for (const w of this.units[j]!) {
        if (w.length !== u.length) continue;
        const d = a - this.value(j, w);
        const gain = d * (gap - d);
        if (gain > best) [best, move] = [gain, [u, w, d]];
      }
    }
    this.work += CALL_COST + this.units[i]!.length * this.units[j]!.length;
    if (move === undefined) return false;
    this.exchange(i, move[0], j, move[1], move[2]);
    return true;
  }

  /** Exchanges until no pair of groups has a helpful one; a pair can only gain one when one of its groups changed. */
  private descend(): void {
    while (this.dirty.size > 0 && this.squares > this.target && this.work < this.limit) {
      const g = this.dirty.values().next().value!;
      this.dirty.delete(g);
      for (let k = 0; k < this.count; k++) if (k !== g) this.improvePair(g, k);
    }
  }

  /** How far a total lies outside the window every total lies in at the bound. */
  private distance(total: number): number {
    return total < this.low ? this.low - total : total > this.high ? total - this.high : 0;
  }

  /** An ejection chain (see the file's comment), applied; false when none was found within the limits. */
  private chain(): boolean {
    const span = 2 * CHAIN_CARRY + 1;
    const seen = new Uint8Array(this.count * span);
    // Chains start at a group outside the window and first bring it closer; the rest only must not do harm.
    const queue: ChainNode[] = [...this.totals.keys()]
      .filter((g) => this.distance(this.totals[g]!) > 0)
      .map((g) => ({ g, carry: 0, depth: 0, vals: this.vals[g]! }));
    for (let head = 0; head < queue.length && head < CHAIN_NODES && this.work < this.limit; head++) {
      const node = queue[head]!;
      if (node.depth >= CHAIN_LENGTH) continue;
      const k = node.g;
      const before = this.distance(this.totals[k]!);
      const sums = this.units[k]!.map((u) => unitSum(node.vals, u));
      for (let l = 0; l < this.count; l++) {
        if (onPath(node, l)) continue;
        const lBefore = this.distance(this.totals[l]!);
        const units = this.units[l]!;
        this.work += CALL_COST + CHAIN_WEIGHT * sums.length * units.length;
        for (let x = 0; x < sums.length; x++) {
          const u = this.units[k]![x]!;
          for (const w of units) {
            if (w.length !== u.length) continue;
            const d = sums[x]! - unitSum(this.vals[l]!, w);
            if (d === 0 || d > CHAIN_CARRY || d < -CHAIN_CARRY) continue;
            const after = this.distance(this.totals[k]! + node.carry - d);
            if (after > before || (node.depth === 0 && after === before)) continue;
            const ends = this.distance(this.totals[l]! + d) <= lBefore;
            const key = l * span + d + CHAIN_CARRY;
            if (!ends && seen[key] === 1) continue;
            const vals = [...this.vals[l]!];
            w.forEach((q, y) => (vals[q] = node.vals[u[y]!]!));
            const next: ChainNode = { g: l, carry: d, depth: node.depth + 1, vals, from: { node, ps: u, qs: w, d } };
            if (ends) {
              this.apply(next);
              return true;
            }
            seen[key] = 1;
            queue.push(next);
          }
        }
      }
    }
    return false;
  }

  private apply(end: ChainNode): void {
    const hops: { from: number; to: number; ps: Unit; qs: Unit; d: number }[] = [];
    for (let at = end; at.from; at = at.from.node) hops.unshift({ from: at.from.node.g, to: at.g, ...at.from });
    for (const hop of hops) this.exchange(hop.from, hop.ps, hop.to, hop.qs, hop.d);
  }

  /** A random small exchange (|d| ≤ KICK_SIZE tenths) between two groups, to leave a local optimum. */
  private kick(): void {
    for (let k = 0; k < KICKS; k++) this.kickOnce();
  }

  private kickOnce(): void {
    for (let tries = 0; tries < 20; tries++) {
      const i = this.rng.int(this.count);
      let j = this.rng.int(this.count - 1);
      if (j >= i) j++;
      this.work += CALL_COST + this.units[i]!.length * this.units[j]!.length;
      const small: [Unit, Unit, number][] = [];
      for (const u of this.units[i]!) {
        for (const w of this.units[j]!) {
          if (w.length !== u.length) continue;
          const d = this.value(i, u) - this.value(j, w);
          if (d !== 0 && Math.abs(d) <= KICK_SIZE) small.push([u, w, d]);
        }
      }
      if (small.length === 0) continue;
      const [u, w, d] = small[this.rng.int(small.length)]!;
      this.exchange(i, u, j, w, d);
      return;
    }
  }

  private snapshot() {
    return { ids: this.ids.map((g) => [...g]), vals: this.vals.map((g) => [...g]), totals: [...this.totals], squares: this.squares };
  }

  private restore(from: ReturnType<Balancer['snapshot']>): void {
    from.ids.forEach((g, i) => (this.ids[i] = [...g]));
    from.vals.forEach((g, i) => (this.vals[i] = [...g]));
    from.totals.forEach((t, i) => (this.totals[i] = t));
    this.squares = from.squares;
  }
}

function onPath(node: ChainNode, g: number): boolean {
  for (let at: ChainNode | undefined = node; at; at = at.from?.node) if (at.g === g) return true;
  return false;
}

function unitSum(vals: readonly number[], unit: Unit): number {
  let sum = 0;
  for (const p of unit) sum += vals[p]!;
  return sum;
}

/** Whether twosomes pair the field's values as sorted[i] with sorted[n − 1 − i] (the snake draft of two rounds). */
function isFolded(groups: Groups, indexOf: ReadonlyMap<string, number | null>): boolean {
  const value = (id: string) => tenths(indexOf.get(id) ?? 0);
  const pairs = groups.map((group) => group.map(value).sort((a, b) => a - b)).sort((a, b) => a[0]! - b[0]!);
  const highs = pairs.map((pair) => pair[1]!);
  return pairs.every((pair, i) => i === 0 || (pair[0]! >= pairs[i - 1]![0]! && highs[i]! <= highs[i - 1]! && pair[0]! <= highs.at(-1)!));
}
