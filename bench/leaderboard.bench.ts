/**
 * Leaderboard benchmark (issue 4, "Tests and benchmark"): `npm run bench:leaderboard`. Prints numbers; checks only
 * that the incremental engine and the full recompute give the same answer.
 *
 * 144 players, 4 rounds of 18 holes, a net stroke play competition (with countback) over the 4 rounds. Every hole is
 * filled except the last hole of round 4. Each timed update applies one new score (a player's 18th hole of round 4)
 * and reads every leaderboard: the round, the tournament and the multi-round board. The score is removed again,
 * untimed, so every timed update is a new score. The same updates are timed as a FULL recompute from the snapshot.
 * Target: incremental under 5 ms per update.
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  createLeaderboardEngine,
  multiRoundLeaderboard,
  roundLeaderboard,
  tournamentLeaderboard,
  type SnapshotScore,
  type TripSnapshot,
} from '../shared/domain/leaderboards/index.js';
import { scoreDocId } from '../shared/schemas/round.js';
import { createRng } from '../shared/domain/scheduling/random.js';

const PLAYERS = 144;
const ROUNDS = 4;
const HOLES = 18;
const WARMUP = 200;
const UPDATES = 1_200;
const TARGET_MS = 5;

/** The shared seeded generator (shared/domain/scheduling/random.ts), as a plain function. */
const mulberry32 = (seed: number): (() => number) => createRng(seed).next;
const rng = mulberry32(20250501);
const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));

function buildTrip(): { snapshot: TripSnapshot; roundIds: string[]; lastRound: string; playerIds: string[] } {
  const playerIds = Array.from({ length: PLAYERS }, (_, i) => `plr${String(i).padStart(4, '0')}`);
  const roundIds = Array.from({ length: ROUNDS }, (_, i) => `rnd${i + 1}00`);
  const pars = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 4, 3, 5, 4, 4, 3, 4, 5];
  const strokeIndexes = [7, 3, 15, 11, 1, 9, 17, 5, 13, 8, 2, 16, 12, 4, 10, 18, 6, 14];
  const holes = pars.map((par, i) => ({ number: i + 1, par, strokeIndex: strokeIndexes[i]! }));
  const coursePar = pars.reduce((a, b) => a + b, 0);
  const snapshot: TripSnapshot = {
    players: playerIds.map((id, i) => ({ id, name: `Player ${i + 1}`, team: i % 2 === 0 ? 'USA' : 'Europe' })),
    rounds: roundIds.map((id, r) => ({ id, name: `Round ${r + 1}`, date: `2025-05-0${r + 1}`, format: 'stroke_play', holes, playerIds })),
    scorecards: [],
    scores: [],
    competitions: [{ id: 'cmp100', name: 'Trip Cup', format: 'stroke_net', countback: true, roundIds }],
  };
  for (const roundId of roundIds) {
    for (const playerId of playerIds) {
      const handicapIndex = Math.round(rng() * 360) / 10;
      const scorecardId = `${roundId}-${playerId}`;
      snapshot.scorecards.push({ id: scorecardId, roundId, playerId, handicap: { handicapIndex, tee: 'White', courseRating: 71.8, slope: 128, par: coursePar, holes: 18 } });
      const last = roundId === roundIds.at(-1) ? HOLES - 1 : HOLES;
      for (let hole = 1; hole <= last; hole++) snapshot.scores.push(newScore(scorecardId, hole, pars[hole - 1]! + int(-1, 2 + Math.floor(handicapIndex / 12))));
    }
  }
  return { snapshot, roundIds, lastRound: roundIds.at(-1)!, playerIds };
}

function newScore(scorecardId: string, hole: number, strokes: number): SnapshotScore {
  return { id: scoreDocId(scorecardId, hole), scorecardId, hole, strokes: Math.max(1, strokes) };
}

function stats(samples: number[]): { median: number; p95: number; max: number; mean: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
  return { median: at(0.5), p95: at(0.95), max: s.at(-1)!, mean: s.reduce((a, b) => a + b, 0) / s.length };
}

function main(): void {
  const { snapshot, roundIds, lastRound, playerIds } = buildTrip();
  const updates = Array.from({ length: WARMUP + UPDATES }, (_, i) => newScore(`${lastRound}-${playerIds[i % PLAYERS]!}`, HOLES, int(3, 7)));
  const ok = <T>(r: { ok: true; value: T } | { ok: false; failure: { message: string } }): T => {
    if (!r.ok) throw new Error(r.failure.message);
    return r.value;
  };

  // Incremental: one engine, one new score, every leaderboard read.
  const engine = createLeaderboardEngine(snapshot);
  const incremental: number[] = [];
  let lastIncremental: unknown;
  updates.forEach((score, i) => {
    const t0 = performance.now();
    engine.applyScore(score);
    const boards = [
      ok(engine.round(lastRound, { basis: 'net' })),
      ok(engine.tournament('cmp100')),
      ok(engine.multiRound(roundIds, 'net')),
    ];
    const ms = performance.now() - t0;
    if (i >= WARMUP) incremental.push(ms);
    if (i === updates.length - 1) lastIncremental = boards;
    engine.removeScore(score.id);
  });

  // Full recompute: the same three leaderboards from the snapshot holding the new score.
  const full: number[] = [];
  let lastFull: unknown;
  updates.forEach((score, i) => {
    const withScore: TripSnapshot = { ...snapshot, scores: [...snapshot.scores, score] };
    const t0 = performance.now();
    const boards = [
      ok(roundLeaderboard(withScore, lastRound, { basis: 'net' })),
      ok(tournamentLeaderboard(withScore, 'cmp100')),
      ok(multiRoundLeaderboard(withScore, roundIds, 'net')),
    ];
    const ms = performance.now() - t0;
    if (i >= WARMUP) full.push(ms);
    if (i === updates.length - 1) lastFull = boards;
  });

  const same = JSON.stringify(lastIncremental) === JSON.stringify(lastFull);
  const inc = stats(incremental);
  const fr = stats(full);
  const f = (n: number) => `${n.toFixed(3)} ms`.padStart(11);
  console.log(`leaderboard benchmark — node ${process.version}, ${cpus().length} CPUs`);
  console.log(`${PLAYERS} players, ${ROUNDS} rounds × ${HOLES} holes, net stroke play competition over ${ROUNDS} rounds (countback on)`);
  console.log(`${snapshot.scores.length} scores filled (all but hole ${HOLES} of round ${ROUNDS}); ${UPDATES} timed updates after ${WARMUP} warm-up`);
  console.log(`one update = apply one new score + read the round, tournament and multi-round leaderboards`);
  console.log(`${''.padEnd(22)}${'median'.padStart(11)}${'p95'.padStart(11)}${'mean'.padStart(11)}${'max'.padStart(11)}`);
  console.log(`${'incremental engine'.padEnd(22)}${f(inc.median)}${f(inc.p95)}${f(inc.mean)}${f(inc.max)}`);
  console.log(`${'full recompute'.padEnd(22)}${f(fr.median)}${f(fr.p95)}${f(fr.mean)}${f(fr.max)}`);
  console.log(`speed-up (median): ${(fr.median / inc.median).toFixed(1)}×; same leaderboards: ${same ? 'yes' : 'NO'}`);
  console.log(`target incremental < ${TARGET_MS} ms per update: ${inc.p95 < TARGET_MS ? 'met' : 'NOT met'} (p95 ${inc.p95.toFixed(3)} ms)`);
  if (!same) process.exitCode = 1;
}

main();
