/**
 * Settlement planner benchmark: (1) time to plan 20 non-zero balances (the largest exact case), median and p95 over
 * seeded runs against a 50 ms target; (2) on 1,000 seeded random trips, transfers of planTransfers vs greedy;
 * (3) beyond the exact limit, 21–60 players: the heuristic's gain over greedy and its time, and a check that every
 * plan settles every balance.
 */
import { performance } from 'node:perf_hooks';
import { splitEvenly } from '../shared/domain/money/allocate.js';
import { greedyTransfers, planTransfers } from '../shared/domain/money/settle.js';
import { createRng } from '../shared/domain/scheduling/random.js';

const TARGET_MS = 50;
const RUNS = 40;
const TRIPS = 1000;

/** The shared seeded generator (shared/domain/scheduling/random.ts), as a plain function. */
const seeded = (seed: number): (() => number) => createRng(seed).next;

const int = (rand: () => number, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
const id = (i: number) => `player${String(i).padStart(3, '0')}`;

/** n non-zero nets summing to zero. */
function randomNets(rand: () => number, n: number): Record<string, number> {
  for (;;) {
    const values = Array.from({ length: n - 1 }, () => int(rand, 1, 60000) * (rand() < 0.5 ? -1 : 1));
    const last = -values.reduce((a, b) => a + b, 0);
    if (last !== 0) return Object.fromEntries([...values, last].map((v, i) => [id(i), v]));
  }
}

/** A trip's nets from expenses: each paid by one player and split equally between some of the players. */
function expenseNets(rand: () => number, players: number): Record<string, number> {
  const nets: Record<string, number> = {};
  for (let i = 0; i < players; i++) nets[id(i)] = 0;
  const expenses = int(rand, 3, 30);
  for (let e = 0; e < expenses; e++) {
    const amount = int(rand, 10, 800) * (rand() < 0.5 ? 100 : 25);
    const payer = id(int(rand, 0, players - 1));
    const sharers = Array.from({ length: players }, (_, i) => id(i)).filter(() => rand() < 0.6);
    if (sharers.length === 0) continue;
    nets[payer]! += amount;
    splitEvenly(amount, sharers.length).forEach((c, i) => (nets[sharers[i]!]! -= c));
  }
  return nets;
}

/** A trip made of groups that settle among themselves (foursomes, pairs with a side bet): zero-sum subgroups. */
function groupedNets(rand: () => number, players: number): Record<string, number> {
  const nets: Record<string, number> = {};
  let next = 0;
  while (next < players) {
    const size = Math.min(players - next, int(rand, 2, 5));
    const members = Array.from({ length: size }, (_, k) => id(next + k));
    next += size;
    if (size === 1) {
      nets[members[0]!] = 0;
      continue;
    }
    const values = Array.from({ length: size - 1 }, () => int(rand, 1, 40) * 500 * (rand() < 0.5 ? -1 : 1));
    values.push(-values.reduce((a, b) => a + b, 0));
    members.forEach((m, k) => (nets[m] = values[k]!));
  }
  return nets;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

// (1) Time to plan 20 non-zero balances.
const rand = seeded(20260411);
for (let i = 0; i < 3; i++) planTransfers(randomNets(rand, 20)); // warm-up: JIT
const times: number[] = [];
let transfers20 = 0;
for (let r = 0; r < RUNS; r++) {
  const nets = randomNets(rand, 20);
  const start = performance.now();
  const plan = planTransfers(nets);
  times.push(performance.now() - start);
  transfers20 += plan.length;
}
times.sort((a, b) => a - b);
const median = percentile(times, 50);
const p95 = percentile(times, 95);
console.log(`planTransfers, 20 non-zero balances, ${RUNS} seeded runs:`);
console.log(`  median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms (avg ${(transfers20 / RUNS).toFixed(2)} transfers)`);
console.log(`  target p95 < ${TARGET_MS} ms: ${p95 < TARGET_MS ? 'met' : 'NOT met'}`);

// (2) Transfers on 1,000 seeded random trips.
const tripRand = seeded(42);
let planned = 0;
let greedy = 0;
let improved = 0;
let worse = 0;
let grouped = 0;
const started = performance.now();
for (let t = 0; t < TRIPS; t++) {
  const players = int(tripRand, 4, 24);
  const withGroups = tripRand() < 0.4;
  if (withGroups) grouped++;
  const nets = withGroups ? groupedNets(tripRand, players) : expenseNets(tripRand, players);
  const p = planTransfers(nets).length;
  const g = greedyTransfers(nets).length;
  planned += p;
  greedy += g;
  if (p < g) improved++;
  if (p > g) worse++;
}
const elapsed = performance.now() - started;
console.log(`${TRIPS} seeded random trips (4–24 players, ${grouped} built from zero-sum subgroups), ${elapsed.toFixed(0)} ms:`);
console.log(`  average transfers: planTransfers ${(planned / TRIPS).toFixed(3)}, greedyTransfers ${(greedy / TRIPS).toFixed(3)}`);
console.log(`  fewer transfers than greedy on ${improved} trips, more on ${worse}`);

// (3) Beyond the exact limit: 21–60 players, the heuristic against greedy.
const bigRand = seeded(1414);
const TRIPS_PER_KIND = 300;
const kinds = [
  { name: 'from expenses (irregular cents)', make: expenseNets },
  { name: 'zero-sum subgroups', make: groupedNets },
  { name: 'random cents', make: (r: () => number, n: number) => randomNets(r, n) },
] as const;
console.log(`21–60 players (beyond the exact limit of 20), ${TRIPS_PER_KIND} seeded trips per kind:`);
for (const kind of kinds) {
  let heuristic = 0;
  let greedySum = 0;
  let maxGain = 0;
  let fewer = 0;
  let beyondExact = 0;
  let unsettledPlans = 0;
  const planTimes: number[] = [];
  for (let t = 0; t < TRIPS_PER_KIND; t++) {
    const nets = kind.make(bigRand, int(bigRand, 21, 60));
    if (Object.values(nets).filter((v) => v !== 0).length > 20) beyondExact++;
    const start = performance.now();
    const plan = planTransfers(nets);
    planTimes.push(performance.now() - start);
    const g = greedyTransfers(nets).length;
    const left = { ...nets };
    for (const x of plan) {
      left[x.fromPlayerId]! += x.cents;
      left[x.toPlayerId]! -= x.cents;
    }
    if (Object.values(left).some((v) => v !== 0)) unsettledPlans++;
    heuristic += plan.length;
    greedySum += g;
    maxGain = Math.max(maxGain, g - plan.length);
    if (plan.length < g) fewer++;
  }
  planTimes.sort((a, b) => a - b);
  console.log(`  ${kind.name} (${beyondExact} with more than 20 non-zero balances):`);
  console.log(`    mean transfers: heuristic ${(heuristic / TRIPS_PER_KIND).toFixed(2)}, greedy ${(greedySum / TRIPS_PER_KIND).toFixed(2)}; mean gain ${((greedySum - heuristic) / TRIPS_PER_KIND).toFixed(2)}, max gain ${maxGain}, fewer on ${fewer} trips`);
  console.log(`    time per plan: median ${percentile(planTimes, 50).toFixed(2)} ms, p95 ${percentile(planTimes, 95).toFixed(2)} ms, max ${planTimes.at(-1)!.toFixed(2)} ms; plans leaving someone unsettled: ${unsettledPlans}`);
}
