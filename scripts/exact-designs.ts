/**
 * Exact search for tight cyclic designs (issue 14): 32 players in foursomes over 10 rounds, where every player meets
 * 30 of the 31 others, so every pair orbit of a cyclic shape (cyclic.ts) but the few that make up the unmet pairs must
 * be used exactly once. That is an exact cover problem (Knuth's Algorithm X with dancing links): items are the seats
 * of each base round and the orbits; options are the foursomes a base round may hold (pairs of distinct, allowed
 * orbits) and the transversal blocks (orbits only). Symmetries are broken by forcing a few blocks, and by naming the
 * orbits left unused, as each shape's comment argues. An answer of null means no base round of that shape exists.
 *
 * Run: `npx tsx scripts/exact-designs.ts [name prefix …]`. Measured with this search on the shared 2-core machine,
 * under load:
 *   32/4r  (Z10, 3 rows of 10 + 2 fixed):          no design; 3.1 million nodes, 519 s.
 *   32/4t  (Z8, 4 rows of 8, 2 transversal rounds): no design; 6 classes of the second transversal, 0.4–0.7 million
 *          nodes and 35–72 s each.
 *   32/4   (Z5, 6 rows of 5 + 2 fixed, 2 bases):      not settled: cases A and B each ran over 20 minutes without an
 *          answer either way.
 * So no cyclic 8-4-10 design of these shapes was constructed here; designs.ts uses the published solution
 * (published-designs.ts) instead.
 */
import { baseRoundCollisions, cyclicPlayers, pairOrbits, type CyclicShape } from '../shared/domain/scheduling/cyclic.js';

export interface ExactProblem {
  shape: CyclicShape;
  /** Blocks placed up front: `base` b (0…bases−1) or 't' for a transversal block. */
  forced: { base: number | 't'; block: number[] }[];
  /** Orbits no block may use (the unmet pairs). */
  unused: readonly number[];
  maxNodes?: number;
}

/** The base rounds (every base's groups in turn, then the transversal blocks) or null, and the nodes searched. */
export function exactCyclicBase(problem: ExactProblem): { blocks: number[][] | null; nodes: number } {
  const { shape } = problem;
  const n = cyclicPlayers(shape);
  const k = shape.blockSize;
  const bases = shape.bases ?? 1;
  const m = shape.modulus;
  const { orbit, orbits } = pairOrbits(shape);
  const unused = new Set(problem.unused);
  const orbitItem = new Map([...Array(orbits).keys()].filter((o) => !unused.has(o)).map((o, i) => [o, bases * n + i]));
  const orbitsOf = (block: readonly number[]): number[] | null => {
    const os: number[] = [];
    for (let i = 0; i < block.length; i++) {
      for (let j = i + 1; j < block.length; j++) {
        const o = orbit[block[i]! * n + block[j]!]!;
        if (o < 0 || unused.has(o) || os.includes(o)) return null;
        os.push(o);
      }
    }
    return os;
  };
  const options: { base: number | 't'; block: number[]; items: number[] }[] = [];
  const add = (base: number | 't', block: number[]) => {
    const os = orbitsOf(block);
    if (!os) return;
    const seats = base === 't' ? [] : block.map((p) => base * n + p);
    options.push({ base, block, items: [...seats, ...os.map((o) => orbitItem.get(o)!)] });
  };
  const forcedKey = new Set(problem.forced.map((f) => `${f.base}:${f.block.join()}`));
  for (const f of problem.forced) add(f.base, f.block);
  if (options.length !== problem.forced.length) throw new Error('a forced block uses a forbidden or repeated orbit');
  for (const block of combinations(n, k)) for (let b = 0; b < bases; b++) if (!forcedKey.has(`${b}:${block.join()}`)) add(b, block);
  if (shape.transversals) {
    for (const seats of product(k, m)) {
      const block = seats.map((x, row) => row * m + x);
      if (!forcedKey.has(`t:${block.join()}`)) add('t', block);
    }
  }
  const x = new DancingLinks(bases * n + orbitItem.size, options.map((o) => o.items));
  for (let i = 0; i < problem.forced.length; i++) x.select(i);
  const rows = x.solve(problem.maxNodes ?? Infinity);
  if (!rows) return { blocks: null, nodes: x.nodes };
  const chosen = [...Array(problem.forced.length).keys(), ...rows].map((r) => options[r]!);
  const blocks = [...Array(bases).keys()].flatMap((b) => chosen.filter((o) => o.base === b).map((o) => o.block));
  const transversals = chosen.filter((o) => o.base === 't').map((o) => o.block);
  // Every orbit used exactly once fixes the number of transversal blocks only for a tight shape.
  if (transversals.length !== (shape.transversals ?? 0)) throw new Error('the shape is not tight: the orbits do not fix the transversal rounds');
  blocks.push(...transversals);
  if (baseRoundCollisions(shape, blocks) !== 0) throw new Error('exact cover answered a base round with collisions');
  return { blocks, nodes: x.nodes };
}

/** The problems tried for 32 in foursomes over 10 rounds, each with its symmetry breaking. */
export function problems32(): { name: string; problem: ExactProblem }[] {
  const out: { name: string; problem: ExactProblem }[] = [];
  // Z10: fixed player 31 meets one seat of each row; translating each row on its own puts them all at seat 0.
  out.push({ name: '32/4r', problem: { shape: { modulus: 10, levels: 3, fixed: 2, blockSize: 4 }, forced: [{ base: 0, block: [0, 10, 20, 31] }], unused: [] } });
  // Z8: the unmet pairs are the seats 4 apart. Row translations put the first transversal at seats 0; the second
  // holds 4 different seats (difference 0 is taken), up to x → ux + t (u odd) and the order of the rows: 6 classes.
  for (const seats of [[0, 1, 2, 3], [0, 1, 2, 4], [0, 1, 2, 5], [0, 1, 3, 4], [0, 1, 4, 5], [0, 2, 4, 6]]) {
    const shape = { modulus: 8, levels: 4, fixed: 0, blockSize: 4, transversals: 2 };
    out.push({ name: `32/4t ${seats.join('')}`, problem: { shape, forced: [{ base: 't', block: [0, 8, 16, 24] }, { base: 't', block: seats.map((x, row) => row * 8 + x) }], unused: [] } });
  }
  // Z5, two bases: each seat misses exactly one player, so the 3 unused orbits pair the 6 rows; row order and
  // translations make them rows 0–1, 2–3, 4–5 at difference 0. Fixed player 30 meets three rows in base 0: one of each
  // pair (A), or a pair and one more (B); translations (and a unit for B) fix its seats.
  const shape = { modulus: 5, levels: 6, fixed: 2, blockSize: 4, bases: 2 };
  const { orbit } = pairOrbits(shape);
  const unused = [orbit[0 * 32 + 5]!, orbit[10 * 32 + 15]!, orbit[20 * 32 + 25]!];
  out.push({ name: '32/4 A', problem: { shape, forced: [{ base: 0, block: [0, 10, 20, 30] }], unused } });
  out.push({ name: '32/4 B', problem: { shape, forced: [{ base: 0, block: [0, 6, 10, 30] }], unused } });
  return out;
}

function* combinations(n: number, k: number): Generator<number[]> {
  const c = Array.from({ length: k }, (_, i) => i);
  for (;;) {
    yield [...c];
    let i = k - 1;
    while (i >= 0 && c[i] === n - k + i) i--;
    if (i < 0) return;
    c[i]!++;
    for (let j = i + 1; j < k; j++) c[j] = c[j - 1]! + 1;
  }
}

function* product(k: number, m: number): Generator<number[]> {
  const c = new Array<number>(k).fill(0);
  for (;;) {
    yield [...c];
    let i = k - 1;
    while (i >= 0 && c[i] === m - 1) c[i--] = 0;
    if (i < 0) return;
    c[i]!++;
  }
}

/** Algorithm X on dancing links, every item primary; the item with fewest options is covered first. */
class DancingLinks {
  private readonly L: Int32Array;
  private readonly R: Int32Array;
  private readonly U: Int32Array;
  private readonly D: Int32Array;
  private readonly C: Int32Array;
  private readonly S: Int32Array;
  private readonly row: Int32Array;
  private readonly first: Int32Array;
  nodes = 0;

  constructor(items: number, options: readonly (readonly number[])[]) {
    const size = 1 + items + options.reduce((s, o) => s + o.length, 0);
    this.L = new Int32Array(size);
    this.R = new Int32Array(size);
    this.U = new Int32Array(size);
    this.D = new Int32Array(size);
    this.C = new Int32Array(size);
    this.row = new Int32Array(size);
    this.S = new Int32Array(items + 1);
    this.first = new Int32Array(options.length);
    const { L, R, U, D, C, S, row } = this;
    for (let i = 0; i <= items; i++) [L[i], R[i], U[i], D[i], C[i]] = [i - 1, i + 1, i, i, i];
    L[0] = items;
    R[items] = 0;
    let node = items + 1;
    options.forEach((items, r) => {
      let head = -1;
      for (const item of items) {
        const c = item + 1;
        const x = node++;
        [C[x], row[x]] = [c, r];
        S[c]!++;
        [U[x], D[x]] = [U[c]!, c];
        D[U[c]!] = x;
        U[c] = x;
        if (head < 0) [head, L[x], R[x]] = [x, x, x];
        else {
          [L[x], R[x]] = [L[head]!, head];
          R[L[head]!] = x;
          L[head] = x;
        }
      }
      this.first[r] = head;
    });
  }

  private cover(c: number): void {
    const { L, R, U, D, C, S } = this;
    R[L[c]!] = R[c]!;
    L[R[c]!] = L[c]!;
    for (let i = D[c]!; i !== c; i = D[i]!) {
      for (let j = R[i]!; j !== i; j = R[j]!) {
        D[U[j]!] = D[j]!;
        U[D[j]!] = U[j]!;
        S[C[j]!]!--;
      }
    }
  }

  private uncover(c: number): void {
    const { L, R, U, D, C, S } = this;
    for (let i = U[c]!; i !== c; i = U[i]!) {
      for (let j = L[i]!; j !== i; j = L[j]!) {
        S[C[j]!]!++;
        D[U[j]!] = j;
        U[D[j]!] = j;
      }
    }
    R[L[c]!] = c;
    L[R[c]!] = c;
  }

  /** Takes option r up front (its items covered). */
  select(r: number): void {
    const x = this.first[r]!;
    let j = x;
    do {
      this.cover(this.C[j]!);
      j = this.R[j]!;
    } while (j !== x);
  }

  solve(maxNodes: number): number[] | null {
    const { R, D, L, C, S, row } = this;
    const chosen: number[] = [];
    const search = (): boolean => {
      if (R[0] === 0) return true;
      if (++this.nodes > maxNodes) return false;
      let c = R[0]!;
      for (let j = R[0]!; j !== 0; j = R[j]!) if (S[j]! < S[c]!) c = j;
      if (S[c] === 0) return false;
      this.cover(c);
      for (let r = D[c]!; r !== c; r = D[r]!) {
        chosen.push(row[r]!);
        for (let j = R[r]!; j !== r; j = R[j]!) this.cover(C[j]!);
        if (search()) return true;
        for (let j = L[r]!; j !== r; j = L[j]!) this.uncover(C[j]!);
        chosen.pop();
      }
      this.uncover(c);
      return false;
    };
    return search() ? chosen : null;
  }
}

if (process.argv[1]?.endsWith('exact-designs.ts')) {
  const wanted = process.argv.slice(2);
  for (const { name, problem } of problems32().filter((p) => wanted.length === 0 || wanted.some((w) => p.name.startsWith(w)))) {
    const started = performance.now();
    const { blocks, nodes } = exactCyclicBase(problem);
    const ms = Math.round(performance.now() - started);
    console.log(`// ${name}: ${blocks ? 'found' : 'no design'} (${nodes} nodes, ${ms} ms)`);
    if (blocks) console.log(`  { shape: ${JSON.stringify(problem.shape)}, base: ${JSON.stringify(blocks)} },`);
  }
}
