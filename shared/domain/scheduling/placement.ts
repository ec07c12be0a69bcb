/**
 * Placing the players that rules bind. Players who must share a group form a cluster; some pairs of clusters must not
 * share a group; every group holds at most its size. Finding a placement is graph colouring with capacities (hard in
 * general): a greedy pass settles real rule lists, else a depth-first search, most constrained cluster first; the
 * placement that moves the fewest players is a branch and bound. Both have a work budget that only contrived rule
 * sets reach (a rule that then finds no placement is given up with a reason, never broken silently).
 */
import type { Groups } from './types.js';

/** Players who must share a group, and which clusters must not share one (adjacency lists). */
export interface PlacementModel {
  clusters: string[][];
  conflicts: number[][];
}

/**
 * Work per placement question, in fits looked at (a cluster against a group): far above what real rule lists need
 * (they settle in one descent), and a few milliseconds at most.
 */
const WORK_BUDGET = 300_000;

/** What a search step costs beyond its fits (sorting the groups open to a cluster), in the same units. */
const NODE_COST = 40;

/**
 * A group index per cluster, or null when none is found. With `origin` (each clustered player's group now), the
 * placement moves the fewest players: a clustered player placed elsewhere moves, and so does each free player pushed
 * out of a group that receives more clustered players than it had.
 */
export function findPlacement(model: PlacementModel, sizes: readonly number[], origin?: ReadonlyMap<string, number>): number[] | null {
  if (model.clusters.length === 0) return [];
  const search = new Search(model, sizes);
  return (origin && search.cheapest(origin)) || search.any();
}

class Search {
  private readonly assign: Int32Array;
  private readonly load: Int32Array;
  /** forbidden[c·G + g]: how many clusters that must not share a group with c are placed in g. */
  private readonly forbidden: Int32Array;
  private readonly count: number;
  private work = 0;

  constructor(
    private readonly model: PlacementModel,
    private readonly sizes: readonly number[],
  ) {
    this.count = sizes.length;
    this.assign = new Int32Array(model.clusters.length).fill(-1);
    this.load = new Int32Array(sizes.length);
    this.forbidden = new Int32Array(model.clusters.length * sizes.length);
  }

  private fits(c: number, g: number): boolean {
    return this.load[g]! + this.model.clusters[c]!.length <= this.sizes[g]! && this.forbidden[c * this.count + g] === 0;
  }

  /** The unplaced cluster with the fewest groups open to it (ties: the larger), or undefined when all are placed. */
  private next(): { c: number; open: number[] } | undefined {
    let best = -1;
    let bestOpen = Infinity;
    for (let c = 0; c < this.assign.length; c++) {
      if (this.assign[c] !== -1) continue;
      let open = 0;
      for (let g = 0; g < this.count; g++) if (this.fits(c, g)) open++;
      this.work += this.count;
      if (open < bestOpen || (open === bestOpen && this.model.clusters[c]!.length > this.model.clusters[best]!.length)) {
        best = c;
        bestOpen = open;
      }
      if (open === 0) break;
    }
    if (best === -1) return undefined;
    const open: number[] = [];
    for (let g = 0; g < this.count; g++) if (this.fits(best, g)) open.push(g);
    return { c: best, open };
  }

  private place(c: number, g: number): void {
    this.assign[c] = g;
    this.load[g]! += this.model.clusters[c]!.length;
    for (const d of this.model.conflicts[c]!) this.forbidden[d * this.count + g]!++;
  }

  private unplace(c: number, g: number): void {
    this.assign[c] = -1;
    this.load[g]! -= this.model.clusters[c]!.length;
    for (const d of this.model.conflicts[c]!) this.forbidden[d * this.count + g]!--;
  }

  /** The groups open to cluster c. */
  private open(c: number): number[] {
    const open: number[] = [];
    for (let g = 0; g < this.count; g++) if (this.fits(c, g)) open.push(g);
    this.work += this.count;
    return open;
  }

  /** Clusters largest first, then those with the most clusters to keep away from. */
  private staticOrder(): number[] {
    const { clusters, conflicts } = this.model;
    return clusters.map((_, c) => c).sort((a, b) => clusters[b]!.length - clusters[a]!.length || conflicts[b]!.length - conflicts[a]!.length || a - b);
  }

  /** One pass in static order, each cluster to the open group with the least room left; null when one has none. */
  private greedy(): number[] | null {
    for (const c of this.staticOrder()) {
      const open = this.open(c);
      if (open.length === 0) return null;
      this.place(c, open.reduce((a, b) => (this.sizes[b]! - this.load[b]! < this.sizes[a]! - this.load[a]! ? b : a)));
    }
    return [...this.assign];
  }

  private clear(): void {
    this.assign.fill(-1);
    this.load.fill(0);
    this.forbidden.fill(0);
  }

  /**
   * Any placement: one greedy pass (enough for nearly every real rule list), else a search, most constrained cluster
   * first. Groups still empty are interchangeable when their sizes match, so only one of them is tried.
   */
  any(): number[] | null {
    this.work = 0;
    this.clear();
    const quick = this.greedy();
    if (quick !== null) return quick;
    this.clear();
    const dfs = (): boolean => {
      const step = this.next();
      if (step === undefined) return true;
      if (this.work > WORK_BUDGET) return false;
      // Best fit first: the group left with the least room, as bin packing does.
      const open = step.open.sort((a, b) => this.sizes[a]! - this.load[a]! - (this.sizes[b]! - this.load[b]!) || a - b);
      const triedEmpty = new Set<number>();
      for (const g of open) {
        if (this.load[g] === 0) {
          if (triedEmpty.has(this.sizes[g]!)) continue;
          triedEmpty.add(this.sizes[g]!);
        }
        this.place(step.c, g);
        if (dfs()) return true;
        this.unplace(step.c, g);
        if (this.work > WORK_BUDGET) return false;
      }
      return false;
    };
    return dfs() ? [...this.assign] : null;
  }

  /** The placement moving the fewest players (branch and bound), or null when the budget ran out before any. */
  cheapest(origin: ReadonlyMap<string, number>): number[] | null {
    const { clusters } = this.model;
    const overlap = clusters.map((ids) => {
      const counts = this.sizes.map(() => 0);
      for (const id of ids) counts[origin.get(id)!]!++;
      return counts;
    });
    const clusteredIn = this.sizes.map((_, g) => overlap.reduce((sum, counts) => sum + counts[g]!, 0));
    const fewestMoves = clusters.map((ids, c) => ids.length - Math.max(...overlap[c]!));
    const floor = fewestMoves.reduce((a, b) => a + b, 0);
    // Moving cluster c into g moves its members not already there, and pushes out one free player of g for each
    // clustered player g holds beyond those it started with.
    const cost = (c: number, g: number) => {
      const before = Math.max(0, this.load[g]! - clusteredIn[g]!);
      const after = Math.max(0, this.load[g]! + clusters[c]!.length - clusteredIn[g]!);
      return clusters[c]!.length - overlap[c]![g]! + after - before;
    };
    let best = Infinity;
    let bestAssign: number[] | null = null;
    this.work = 0;
    this.clear();
    const order = this.staticOrder();
    const dfs = (depth: number, spent: number, rest: number): void => {
      if (spent + rest >= best) return;
      if (depth === order.length) {
        best = spent;
        bestAssign = [...this.assign];
        return;
      }
      if (this.work > WORK_BUDGET) return;
      this.work += NODE_COST;
      const c = order[depth]!;
      const priced = this.open(c)
        .map((g) => ({ g, price: cost(c, g) }))
        .sort((a, b) => a.price - b.price || a.g - b.g);
      for (const { g, price } of priced) {
        this.place(c, g);
        dfs(depth + 1, spent + price, rest - fewestMoves[c]!);
        this.unplace(c, g);
        if (best === floor || this.work > WORK_BUDGET) return;
      }
    };
    dfs(0, 0, floor);
    return bestAssign;
  }
}

/**
 * Moves players so each cluster sits in its target group, every group keeping its size and every player not moved
 * keeping their place. Free players pushed out of a group are those closest in `rank` (the strategy's order) to the
 * clustered players arriving, and they fill the places clustered players left, nearest rank to nearest rank — so a
 * rule costs something close to a swap of like players and the strategy's shape survives.
 */
export function moveToPlacement(groups: Groups, model: PlacementModel, target: readonly number[], rank: ReadonlyMap<string, number>): Groups {
  const rankOf = (id: string) => rank.get(id) ?? 0;
  const origin = new Map<string, number>();
  groups.forEach((group, g) => group.forEach((id) => origin.set(id, g)));
  const destination = new Map<string, number>();
  model.clusters.forEach((ids, c) => ids.forEach((id) => destination.set(id, target[c]!)));
  const incoming = groups.map(() => [] as string[]);
  const outgoing = groups.map(() => [] as string[]);
  for (const [id, to] of destination) {
    const from = origin.get(id)!;
    if (from === to) continue;
    incoming[to]!.push(id);
    outgoing[from]!.push(id);
  }
  const evicted: string[] = [];
  const vacancies: { g: number; rank: number }[] = [];
  groups.forEach((group, g) => {
    const unmatched = unpaired(incoming[g]!, outgoing[g]!, rankOf);
    if (unmatched.side === 'a') {
      const free = group.filter((id) => !destination.has(id));
      for (const id of unmatched.ids) {
        const pick = nearest(free, rankOf(id), rankOf);
        evicted.push(free.splice(pick, 1)[0]!);
      }
    } else {
      for (const id of unmatched.ids) vacancies.push({ g, rank: rankOf(id) });
    }
  });
  const arriving = groups.map((_, g) => [...incoming[g]!]);
  const byRank = (a: number, b: number) => a - b;
  const sortedEvicted = [...evicted].sort((a, b) => byRank(rankOf(a), rankOf(b)));
  const sortedVacancies = [...vacancies].sort((a, b) => byRank(a.rank, b.rank) || a.g - b.g);
  sortedEvicted.forEach((id, i) => arriving[sortedVacancies[i]!.g]!.push(id));
  const leaving = new Set([...destination.keys()].filter((id) => destination.get(id) !== origin.get(id)).concat(evicted));
  return groups.map((group, g) => {
    const queue = arriving[g]!.sort((a, b) => byRank(rankOf(a), rankOf(b)));
    return group.map((id) => (leaving.has(id) ? queue.shift()! : id));
  });
}

/** Pairs each of the shorter list with its nearest-ranked partner in the longer; answers the longer list's leftovers. */
function unpaired(a: readonly string[], b: readonly string[], rankOf: (id: string) => number): { side: 'a' | 'b'; ids: string[] } {
  const [short, long, side] = a.length >= b.length ? [b, [...a], 'a' as const] : [a, [...b], 'b' as const];
  for (const id of [...short].sort((x, y) => rankOf(x) - rankOf(y))) long.splice(nearest(long, rankOf(id), rankOf), 1);
  return { side, ids: long };
}

/** Index of the id whose rank is nearest `to` (first on ties). */
function nearest(ids: readonly string[], to: number, rankOf: (id: string) => number): number {
  let best = 0;
  for (let i = 1; i < ids.length; i++) if (Math.abs(rankOf(ids[i]!) - to) < Math.abs(rankOf(ids[best]!) - to)) best = i;
  return best;
}
