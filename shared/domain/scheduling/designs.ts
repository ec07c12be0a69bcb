/**
 * Known rotation designs: schedules in which no two players meet twice, for the fields where such a schedule is
 * known. Twosomes of an even field use the circle method (n − 1 rounds, everyone meets everyone once). The other rows
 * are cyclic designs (cyclic.ts): a base round found once by `scripts/find-designs.ts` and developed into its rounds
 * here: the affine plane of order 4 (16 players in foursomes, 5 rounds), the Kirkman schoolgirl schedule (15 in
 * threesomes, 7 rounds), a Kirkman triple system of order 27 (13 rounds), and foursome designs for 20 (5 rounds),
 * 24 (7), 28 (9: every pair exactly once) and 36 players (11). 32 players in foursomes use the published 8-4-10
 * social golfer solution (10 rounds, the counting bound; published-designs.ts). `test/domain/scheduling/rotation.test.ts` checks every row for zero repeats.
 */
import { cyclicPlayers, developCyclic, type CyclicShape } from './cyclic.js';
import { socialGolfer32 } from './published-designs.js';

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

/** 32 players in foursomes: the published 8-4-10 social golfer solution (published-designs.ts), 10 rounds. */
function socialGolferDesign(): KnownDesign {
  const table = socialGolfer32();
  return {
    name: 'social golfer 8-4-10 solution',
    players: 32,
    groupSize: 4,
    maxRounds: table.length,
    rounds: (rounds) => table.slice(0, rounds).map((round) => round.map((group) => [...group])),
  };
}

const BY_FIELD = new Map(CYCLIC_ROWS.map((row) => [`${cyclicPlayers(row.shape)}/${row.shape.blockSize}`, row]));

/** The known design for `players` in groups of `groupSize`, if there is one. */
export function knownDesign(players: number, groupSize: number): KnownDesign | undefined {
  if (groupSize === 2 && players % 2 === 0 && players >= 4) return circleDesign(players);
  const row = BY_FIELD.get(`${players}/${groupSize}`);
  if (row) return cyclicDesign(row);
  if (players === 32 && groupSize === 4) return socialGolferDesign();
  return undefined;
}

/** Every field with a known design (for the docs and tests). */
export function knownFields(): { players: number; groupSize: number; maxRounds: number; name: string }[] {
  return [...CYCLIC_ROWS.map(cyclicDesign), socialGolferDesign()].map(({ players, groupSize, maxRounds, name }) => ({ players, groupSize, maxRounds, name }));
}
