/**
 * Cyclic ("1-rotational") rotation designs: the classical way resolvable designs such as the Kirkman schoolgirl
 * schedule are built. The players are laid out as `levels` rows of `modulus` seats (seat x of row ℓ) plus `fixed`
 * players who never move. Round t is the base round with every seat x moved to x + t (mod modulus); the fixed
 * players stay. A pair of players then meets in round t exactly when a pair of its "orbit" (same rows, same seat
 * difference) is in the base round, so the whole schedule has no repeated pair when the base round holds no two
 * pairs of one orbit. That turns a search over `modulus` rounds into a search over one round: small enough for a tabu
 * search to solve in milliseconds to seconds (`scripts/find-designs.ts` runs it; `designs.ts` keeps the results).
 *
 * Pairs that would meet in several rounds (two fixed players; two seats of a row exactly half the modulus apart)
 * may never share a base group.
 */
import type { Rng } from './random.js';

export interface CyclicShape {
  modulus: number;
  levels: number;
  fixed: number;
  blockSize: number;
  /** Base rounds, each developed `modulus` times (default 1): `bases × modulus` rounds. */
  bases?: number;
  /**
   * Extra rounds that are each the orbit of one block holding a seat of every row (needs no fixed players and
   * groups of `levels`): its `modulus` turns form a whole round. `bases × modulus + transversals` rounds.
   */
  transversals?: number;
}

/** Point p: seat p % modulus of row floor(p / modulus) for p < modulus × levels, else fixed player p − modulus × levels. */
export function cyclicPlayers(shape: CyclicShape): number {
  return shape.modulus * shape.levels + shape.fixed;
}

/** The orbit of every pair (−1: a pair that may never share a base group), as an n × n table. */
export function pairOrbits(shape: CyclicShape): { orbit: Int32Array; orbits: number } {
  const { modulus: m, levels: L, fixed: f } = shape;
  const n = m * L + f;
  const half = Math.floor((m - 1) / 2);
  const fixedBase = 0;
  const sameBase = f * L;
  const crossBase = sameBase + L * half;
  const levelPair = (a: number, b: number) => a * L - (a * (a + 1)) / 2 + (b - a - 1);
  const orbits = crossBase + ((L * (L - 1)) / 2) * m;
  const orbit = new Int32Array(n * n).fill(-1);
  for (let p = 0; p < n; p++) {
    for (let q = 0; q < n; q++) {
      if (p === q) continue;
      let o = -1;
      const pf = p >= m * L;
      const qf = q >= m * L;
      if (pf && qf) o = -1;
      else if (pf || qf) {
        const fixedIndex = (pf ? p : q) - m * L;
        const level = Math.floor((pf ? q : p) / m);
        o = fixedBase + fixedIndex * L + level;
      } else {
        const lp = Math.floor(p / m);
        const lq = Math.floor(q / m);
        const xp = p % m;
        const xq = q % m;
        if (lp === lq) {
          const delta = (xq - xp + m) % m;
          const d = Math.min(delta, m - delta);
          o = 2 * d === m ? -1 : sameBase + lp * half + (d - 1);
        } else {
          const [a, b, xa, xb] = lp < lq ? [lp, lq, xp, xq] : [lq, lp, xq, xp];
          o = crossBase + levelPair(a, b) * m + ((xb - xa + m) % m);
        }
      }
      orbit[p * n + q] = o;
    }
  }
  return { orbit, orbits };
}

/** Collisions of a base round: pairs beyond the first of each orbit, plus forbidden pairs. 0 means a valid design. */
export function baseRoundCollisions(shape: CyclicShape, blocks: readonly (readonly number[])[]): number {
  const { orbit, orbits } = pairOrbits(shape);
  const n = cyclicPlayers(shape);
  const count = new Int32Array(orbits);
  let bad = 0;
  for (const block of blocks) {
    for (let i = 0; i < block.length; i++) {
      for (let j = i + 1; j < block.length; j++) {
        const o = orbit[block[i]! * n + block[j]!]!;
        if (o < 0) bad++;
        else if (count[o]!++ > 0) bad++;
      }
    }
  }
  return bad;
}

/**
 * Tabu search for a base round with no collision: swap two players of different groups, take the best swap not
 * recently undone (or any that beats the best seen), restart from a fresh shuffle after `stall` idle steps.
 * Deterministic for a given rng. Answers the base round's groups of point numbers, or null within `maxSteps`.
 */
export function findCyclicBaseRound(shape: CyclicShape, rng: Rng, maxSteps = 200_000, stall = 2_000): number[][] | null {
  const n = cyclicPlayers(shape);
  const k = shape.blockSize;
  const bases = shape.bases ?? 1;
  const transversals = shape.transversals ?? 0;
  if (n % k !== 0) throw new RangeError(`${n} players do not fill groups of ${k}`);
  if (transversals > 0 && (shape.fixed !== 0 || shape.levels !== k)) throw new RangeError('transversal rounds need no fixed players and one seat per row');
  const m = shape.modulus;
  const groups = n / k;
  const { orbit, orbits } = pairOrbits(shape);
  const count = new Int32Array(orbits);
  // Group of point p in base round b: blockOf[b * n + p]; groups of base b are members[b * groups …].
  const blockOf = new Int32Array(n * bases);
  const members: number[][] = [];
  const tabuUntil = new Int32Array(n * bases);
  let cost = 0;

  const add = (p: number, q: number, sign: 1 | -1): number => {
    const o = orbit[p * n + q]!;
    if (o < 0) return sign;
    if (sign > 0) return count[o]!++ > 0 ? 1 : 0;
    return --count[o]! > 0 ? -1 : 0;
  };
  const reset = () => {
    count.fill(0);
    cost = 0;
    members.length = 0;
    for (let b = 0; b < bases; b++) {
      const order = rng.shuffle(Array.from({ length: n }, (_, i) => i));
      for (let g = 0; g < groups; g++) {
        const m = order.slice(g * k, g * k + k);
        m.forEach((p) => (blockOf[b * n + p] = b * groups + g));
        members.push(m);
      }
    }
    // Transversal blocks after the base groups: seat of row ℓ at position ℓ.
    for (let t = 0; t < transversals; t++) members.push(Array.from({ length: k }, (_, l) => l * m + rng.int(m)));
    for (const g of members) for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) cost += add(g[i]!, g[j]!, 1);
    tabuUntil.fill(0);
    tabuRow.fill(0);
  };
  const tabuRow = new Int32Array(transversals * k);
  // Change of cost when p and q (of different groups of one base round) swap: removals first, then additions
  // counted against the counts after the removals (an orbit can lose a pair in one group and gain one in the other).
  const touched: number[] = [];
  const swapDelta = (gp: readonly number[], gq: readonly number[], p: number, q: number): number => {
    let delta = 0;
    touched.length = 0;
    const bump = (a: number, c: number, sign: 1 | -1) => {
      const o = orbit[a * n + c]!;
      if (o < 0) {
        delta += sign;
        return;
      }
      if (sign < 0) delta += count[o]!-- > 1 ? -1 : 0;
      else delta += count[o]!++ > 0 ? 1 : 0;
      touched.push(o, sign);
    };
    for (const r of gp) if (r !== p) bump(p, r, -1);
    for (const r of gq) if (r !== q) bump(q, r, -1);
    for (const r of gp) if (r !== p) bump(q, r, 1);
    for (const r of gq) if (r !== q) bump(p, r, 1);
    for (let i = 0; i < touched.length; i += 2) count[touched[i]!]! -= touched[i + 1]!;
    return delta;
  };

  // Change of cost when seat p of a transversal block moves to q (same row).
  const seatDelta = (block: readonly number[], p: number, q: number): number => {
    let delta = 0;
    touched.length = 0;
    for (const r of block) {
      if (r === p) continue;
      const o = orbit[p * n + r]!;
      if (o < 0) delta -= 1;
      else {
        delta += count[o]!-- > 1 ? -1 : 0;
        touched.push(o, -1);
      }
    }
    for (const r of block) {
      if (r === p) continue;
      const o = orbit[q * n + r]!;
      if (o < 0) delta += 1;
      else {
        delta += count[o]!++ > 0 ? 1 : 0;
        touched.push(o, 1);
      }
    }
    for (let i = 0; i < touched.length; i += 2) count[touched[i]!]! -= touched[i + 1]!;
    return delta;
  };

  reset();
  let best = cost;
  let sinceBest = 0;
  for (let step = 1; step <= maxSteps; step++) {
    if (cost === 0) return members.map((m) => [...m].sort((a, b) => a - b));
    let bestDelta = Infinity;
    let moves: [number, number, number][] = [];
    for (let b = 0; b < bases; b++) {
      const off = b * n;
      for (let p = 0; p < n; p++) {
        for (let q = p + 1; q < n; q++) {
          if (blockOf[off + p] === blockOf[off + q]) continue;
          const delta = swapDelta(members[blockOf[off + p]!]!, members[blockOf[off + q]!]!, p, q);
          const tabu = tabuUntil[off + p]! > step || tabuUntil[off + q]! > step;
          if (tabu && cost + delta >= best) continue;
          if (delta < bestDelta) {
            bestDelta = delta;
            moves = [[b, p, q]];
          } else if (delta === bestDelta) moves.push([b, p, q]);
        }
      }
    }
    // Transversal moves: the seat of one row of a transversal block to another seat (encoded as base −1 − t).
    for (let t = 0; t < transversals; t++) {
      const block = members[bases * groups + t]!;
      for (let l = 0; l < k; l++) {
        const p = block[l]!;
        for (let x = 0; x < m; x++) {
          const q = l * m + x;
          if (q === p) continue;
          const delta = seatDelta(block, p, q);
          const tabu = tabuRow[t * k + l]! > step;
          if (tabu && cost + delta >= best) continue;
          if (delta < bestDelta) {
            bestDelta = delta;
            moves = [[-1 - t, p, q]];
          } else if (delta === bestDelta) moves.push([-1 - t, p, q]);
        }
      }
    }
    if (moves.length === 0) {
      reset();
      continue;
    }
    const [b, p, q] = moves[rng.int(moves.length)]!;
    if (b < 0) {
      // A transversal block's seat of one row moves.
      const t = -1 - b;
      const block = members[bases * groups + t]!;
      const l = Math.floor(p / m);
      for (const r of block) if (r !== p) cost += add(p, r, -1);
      block[l] = q;
      for (const r of block) if (r !== q) cost += add(q, r, 1);
      tabuRow[t * k + l] = step + 3 + rng.int(6);
    } else {
      // Two players of one base round trade groups.
      const off = b * n;
      const bp = blockOf[off + p]!;
      const bq = blockOf[off + q]!;
      const gp = members[bp]!;
      const gq = members[bq]!;
      for (const r of gp) if (r !== p) cost += add(p, r, -1);
      for (const r of gq) if (r !== q) cost += add(q, r, -1);
      gp[gp.indexOf(p)] = q;
      gq[gq.indexOf(q)] = p;
      blockOf[off + p] = bq;
      blockOf[off + q] = bp;
      for (const r of gp) if (r !== q) cost += add(q, r, 1);
      for (const r of gq) if (r !== p) cost += add(p, r, 1);
      tabuUntil[off + p] = step + 5 + rng.int(10);
      tabuUntil[off + q] = step + 5 + rng.int(10);
    }
    if (cost < best) {
      best = cost;
      sinceBest = 0;
    } else if (++sinceBest > stall) {
      reset();
      best = cost;
      sinceBest = 0;
    }
  }
  return null;
}

/**
 * The rounds developed from the base rounds (`blocks`: every base round's groups one after the other, then the
 * transversal blocks): round b × modulus + t is base round b with seat x of every row moved to x + t, and each
 * transversal block's turns make one more round. Answers the first `rounds` of them.
 */
export function developCyclic(shape: CyclicShape, blocks: readonly (readonly number[])[], rounds: number): number[][][] {
  const { modulus: m, levels: L } = shape;
  const bases = shape.bases ?? 1;
  const perRound = cyclicPlayers(shape) / shape.blockSize;
  const turn = (block: readonly number[], t: number) => block.map((p) => (p >= m * L ? p : Math.floor(p / m) * m + ((p % m) + t) % m));
  const out: number[][][] = [];
  for (let b = 0; b < bases; b++) {
    const base = blocks.slice(b * perRound, (b + 1) * perRound);
    for (let t = 0; t < m && out.length < rounds; t++) out.push(base.map((block) => turn(block, t)));
  }
  for (let i = 0; i < (shape.transversals ?? 0) && out.length < rounds; i++) {
    const block = blocks[bases * perRound + i]!;
    out.push(Array.from({ length: m }, (_, t) => turn(block, t)));
  }
  return out;
}
