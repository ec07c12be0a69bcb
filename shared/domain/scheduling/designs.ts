/**
 * Known rotation designs: schedules in which no two players meet twice, for the fields where such a schedule is
 * known. Twosomes of an even field use the circle method (n − 1 rounds, everyone meets everyone once). The other rows
 * are cyclic designs (cyclic.ts): a base round found once by `scripts/find-designs.ts` and developed into its rounds
 * here: the affine plane of order 4 (16 players in foursomes, 5 rounds), the Kirkman schoolgirl schedule (15 in
 * threesomes, 7 rounds), a Kirkman triple system of order 27 (13 rounds), and foursome designs for 20 (5 rounds),
 * 24 (7), 28 (9: every pair exactly once) and 36 players (11). 32 players in foursomes use the GF(2)^5 plane design
 * (9 rounds). `test/domain/scheduling/rotation.test.ts` checks every row for zero repeats.
 */
import { cyclicPlayers, developCyclic, type CyclicShape } from './cyclic.js';

export interface KnownDesign {
  name: string;
  players: number;
  groupSize: number;
  /** Rounds with no repeated pair. */
  maxRounds: number;
  /** The first `rounds` (≤ maxRounds) rounds, players numbered 0…players−1. */
  rounds(rounds: number): number[][][];
}

interface CyclicRow {
  shape: CyclicShape;
  base: number[][];
}

/** Names of the classical designs among the rows, by players/groupSize. */
const NAMES: Record<string, string> = {
  '15/3': 'Kirkman schoolgirl design',
  '16/4': 'affine plane of order 4',
  '27/3': 'Kirkman triple system of order 27',
  '28/4': 'resolvable (28, 4, 1) design',
};

/** Base rounds found by scripts/find-designs.ts (seeded; the script prints the seed and time of each). */
export const CYCLIC_ROWS: readonly CyclicRow[] = [
  { shape: { modulus: 7, levels: 2, fixed: 1, blockSize: 3 }, base: [[0, 4, 5], [1, 7, 12], [3, 8, 14], [2, 10, 11], [6, 9, 13]] },
  { shape: { modulus: 5, levels: 3, fixed: 1, blockSize: 4 }, base: [[1, 4, 13, 14], [2, 3, 5, 8], [0, 9, 11, 15], [6, 7, 10, 12]] },
  { shape: { modulus: 13, levels: 2, fixed: 1, blockSize: 3 }, base: [[8, 11, 18], [2, 9, 23], [7, 13, 26], [0, 17, 22], [14, 20, 24], [10, 12, 25], [4, 15, 16], [1, 5, 6], [3, 19, 21]] },
  { shape: { modulus: 5, levels: 4, fixed: 0, blockSize: 4 }, base: [[0, 3, 14, 17], [1, 2, 7, 9], [10, 13, 15, 19], [4, 8, 11, 12], [5, 6, 16, 18]] },
  { shape: { modulus: 7, levels: 3, fixed: 3, blockSize: 4 }, base: [[5, 8, 18, 22], [3, 7, 9, 10], [1, 2, 6, 17], [4, 13, 14, 23], [0, 12, 19, 21], [11, 15, 16, 20]] },
  { shape: { modulus: 9, levels: 3, fixed: 1, blockSize: 4 }, base: [[0, 7, 18, 23], [3, 4, 9, 13], [2, 5, 24, 26], [15, 16, 19, 22], [8, 11, 25, 27], [10, 12, 20, 21], [1, 6, 14, 17]] },
  { shape: { modulus: 11, levels: 3, fixed: 3, blockSize: 4 }, base: [[4, 7, 23, 29], [12, 22, 25, 32], [3, 16, 27, 35], [1, 6, 8, 11], [14, 15, 18, 30], [0, 10, 17, 19], [5, 20, 26, 28], [9, 21, 24, 34], [2, 13, 31, 33]] },
];

function cyclicDesign(row: CyclicRow): KnownDesign {
  const players = cyclicPlayers(row.shape);
  const groupSize = row.shape.blockSize;
  const key = `${players}/${groupSize}`;
  const maxRounds = row.shape.modulus * (row.shape.bases ?? 1) + (row.shape.transversals ?? 0);
  return {
    name: NAMES[key] ?? `cyclic ${key} design`,
    players,
    groupSize,
    maxRounds,
    rounds: (rounds) => developCyclic(row.shape, row.base, Math.min(rounds, maxRounds)),
  };
}

/** Round robin by the circle method: player n−1 stays, the others turn one seat each round. */
function circleDesign(players: number): KnownDesign {
  const m = players - 1;
  return {
    name: 'circle method',
    players,
    groupSize: 2,
    maxRounds: m,
    rounds: (rounds) =>
      Array.from({ length: Math.min(rounds, m) }, (_, t) => {
        const round: number[][] = [[m, t]];
        for (let i = 1; i <= (m - 1) / 2; i++) round.push([(t + i) % m, (t - i + m) % m]);
        return round;
      }),
  };
}

/**
 * Foursomes of 2^d players (vectors of GF(2)^d): for a plane W (a 2-dimensional subspace, 3 non-zero vectors) the
 * round's groups are the cosets x + W, and two players meet in it exactly when their sum lies in W. Planes sharing no
 * non-zero vector therefore never repeat a pair. For 32 players the most such planes is 9 (a maximal partial line
 * spread of PG(4, 2)); a depth-first search finds them, deterministically, in well under a millisecond.
 */
function linearDesign(dimension: number, want: number): KnownDesign | undefined {
  const players = 2 ** dimension;
  const planes: number[][] = [];
  const used = new Uint8Array(players);
  const search = (from: number): boolean => {
    if (planes.length === want) return true;
    for (let a = from; a < players; a++) {
      if (used[a]) continue;
      for (let b = a + 1; b < players; b++) {
        const c = a ^ b;
        if (used[b] || used[c] || c < b) continue;
        used[a] = used[b] = used[c] = 1;
        planes.push([a, b, c]);
        if (search(a + 1)) return true;
        planes.pop();
        used[a] = used[b] = used[c] = 0;
      }
      return false; // the smallest unused vector must be covered by some plane, or by none (then leave it out)
    }
    return false;
  };
  if (!search(1)) return undefined;
  return {
    name: `GF(2)^${dimension} plane design`,
    players,
    groupSize: 4,
    maxRounds: want,
    rounds: (rounds) =>
      planes.slice(0, rounds).map(([a, b]) => {
        const seen = new Uint8Array(players);
        const round: number[][] = [];
        for (let x = 0; x < players; x++) {
          if (seen[x]) continue;
          const group = [x, x ^ a!, x ^ b!, x ^ a! ^ b!];
          group.forEach((p) => (seen[p] = 1));
          round.push(group);
        }
        return round;
      }),
  };
}

const BY_FIELD = new Map(CYCLIC_ROWS.map((row) => [`${cyclicPlayers(row.shape)}/${row.shape.blockSize}`, row]));

/** The known design for `players` in groups of `groupSize`, if there is one. */
export function knownDesign(players: number, groupSize: number): KnownDesign | undefined {
  if (groupSize === 2 && players % 2 === 0 && players >= 4) return circleDesign(players);
  const row = BY_FIELD.get(`${players}/${groupSize}`);
  if (row) return cyclicDesign(row);
  if (players === 32 && groupSize === 4) return linearDesign(5, 9);
  return undefined;
}

/** Every field with a known design (for the docs and tests). */
export function knownFields(): { players: number; groupSize: number; maxRounds: number; name: string }[] {
  return CYCLIC_ROWS.map(cyclicDesign).map(({ players, groupSize, maxRounds, name }) => ({ players, groupSize, maxRounds, name }));
}
