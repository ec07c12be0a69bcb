/**
 * Tee-time fairness across rounds (spec, Configuration: "Optimize Fairness"; "Per-player fairness metrics: early versus
 * late tee-time count, front-nine versus back-nine starts, overall fairness score").
 *
 * Within one round a start is early when its time is in the earlier half of that round's distinct tee times and late
 * in the later half; the middle time of an odd count, and every start of a shotgun (one time), is neither. A start on
 * holes 1–9 is a front start, 10–18 a back start. A player's score is 100 − 50 × (|early − late| + |front − back|) /
 * rounds played, floored at 0: 100 when both even out, lower the more one side dominates. The overall score is the
 * mean over players.
 */
import type { Rng } from './random.js';
import type { Groups } from './types.js';

/** One group's start: `time` HH:MM (null: none yet), `hole` 1–18 (null: none yet). */
export interface Start {
  time: string | null;
  hole: number | null;
}

export interface FairnessRound {
  groups: Groups;
  /** starts[i] is groups[i]'s start. */
  starts: readonly Start[];
}

export interface PlayerFairness {
  playerId: string;
  rounds: number;
  early: number;
  late: number;
  front: number;
  back: number;
  score: number;
}

/** −1 early, +1 late, 0 neither, per start of the round. */
function timeSides(starts: readonly Start[]): number[] {
  const times = [...new Set(starts.map((s) => s.time).filter((t): t is string => t !== null))].sort();
  const rank = new Map(times.map((t, i) => [t, i]));
  const half = (times.length - 1) / 2;
  return starts.map((s) => {
    if (s.time === null || times.length < 2) return 0;
    const r = rank.get(s.time)!;
    return r < half ? -1 : r > half ? 1 : 0;
  });
}

/** −1 front, +1 back, 0 no hole. */
function holeSide(start: Start): number {
  if (start.hole === null) return 0;
  return start.hole <= 9 ? -1 : 1;
}

function scoreOf(rounds: number, early: number, late: number, front: number, back: number): number {
  if (rounds === 0) return 100;
  return Math.max(0, Math.round((100 - (50 * (Math.abs(early - late) + Math.abs(front - back))) / rounds) * 10) / 10);
}

/** Per-player metrics over the rounds (players in the order first seen), and the mean score. */
export function fairnessReport(rounds: readonly FairnessRound[]): { players: PlayerFairness[]; overall: number } {
  const stats = new Map<string, PlayerFairness>();
  for (const round of rounds) {
    const sides = timeSides(round.starts);
    round.groups.forEach((group, i) => {
      const start = round.starts[i] ?? { time: null, hole: null };
      const t = sides[i] ?? 0;
      const h = holeSide(start);
      for (const id of group) {
        const s = stats.get(id) ?? { playerId: id, rounds: 0, early: 0, late: 0, front: 0, back: 0, score: 100 };
        s.rounds++;
        if (t < 0) s.early++;
        if (t > 0) s.late++;
        if (h < 0) s.front++;
        if (h > 0) s.back++;
        stats.set(id, s);
      }
    });
  }
  const players = [...stats.values()].map((s) => ({ ...s, score: scoreOf(s.rounds, s.early, s.late, s.front, s.back) }));
  const overall = players.length ? Math.round((players.reduce((sum, p) => sum + p.score, 0) / players.length) * 10) / 10 : 100;
  return { players, overall };
}

/**
 * Optimize Fairness: the same groups per round, each round's groups reordered over that round's starts so that over
 * all rounds every player's early and late starts, and front and back starts, come out as even as they can. Minimises
 * the sum over players of (late − early)² + (back − front)² by swapping two groups' starts in a round while that
 * helps, several passes over the rounds, from the order given and from a random order, keeping the better. Answers
 * the reordered groups (groups[i] takes starts[i]). The first `keep` rounds are counted as they are and never
 * reordered (rounds already played or paired by hand, which the others even out against).
 */
export function optimizeFairness(rounds: readonly FairnessRound[], rng: Rng, passes = 8, keep = 0): Groups[] {
  const ids = [...new Set(rounds.flatMap((r) => r.groups.flat()))];
  const index = new Map(ids.map((id, i) => [id, i]));
  const sides = rounds.map((r) => ({ time: timeSides(r.starts), hole: r.starts.map(holeSide) }));
  const given = rounds.map((r) => r.groups.map((g) => g.map((id) => index.get(id)!)));
  // From the order given and from a shuffled one; the better wins (never worse than the order given).
  const tries = [improve(given.map((groups) => [...groups])), improve(given.map((groups, r) => (r < keep ? [...groups] : rng.shuffle(groups))))];
  const best = tries[1]!.objective < tries[0]!.objective ? tries[1]! : tries[0]!;
  return best.order.map((groups) => groups.map((g) => g.map((p) => ids[p]!)));

  function improve(order: number[][][]): { order: number[][][]; objective: number } {
    const timeBal = new Int32Array(ids.length);
    const holeBal = new Int32Array(ids.length);
    const place = (r: number, slot: number, group: readonly number[], sign: 1 | -1) => {
      const t = sides[r]!.time[slot] ?? 0;
      const h = sides[r]!.hole[slot] ?? 0;
      for (const p of group) {
        timeBal[p]! += sign * t;
        holeBal[p]! += sign * h;
      }
    };
    order.forEach((groups, r) => groups.forEach((g, slot) => place(r, slot, g, 1)));
    // Change of the objective when the groups at slots i and j of round r trade places.
    const gain = (r: number, i: number, j: number): number => {
      const gi = order[r]![i]!;
      const gj = order[r]![j]!;
      const dt = (sides[r]!.time[j] ?? 0) - (sides[r]!.time[i] ?? 0);
      const dh = (sides[r]!.hole[j] ?? 0) - (sides[r]!.hole[i] ?? 0);
      let d = 0;
      for (const p of gi) d += (timeBal[p]! + dt) ** 2 - timeBal[p]! ** 2 + (holeBal[p]! + dh) ** 2 - holeBal[p]! ** 2;
      for (const p of gj) d += (timeBal[p]! - dt) ** 2 - timeBal[p]! ** 2 + (holeBal[p]! - dh) ** 2 - holeBal[p]! ** 2;
      return d;
    };
    for (let pass = 0; pass < passes; pass++) {
      let improved = false;
      for (let r = keep; r < order.length; r++) {
        const groups = order[r]!;
        for (let i = 0; i < groups.length; i++) {
          for (let j = i + 1; j < groups.length; j++) {
            if (gain(r, i, j) >= 0) continue;
            place(r, i, groups[i]!, -1);
            place(r, j, groups[j]!, -1);
            [groups[i], groups[j]] = [groups[j]!, groups[i]!];
            place(r, i, groups[i]!, 1);
            place(r, j, groups[j]!, 1);
            improved = true;
          }
        }
      }
      if (!improved) break;
    }
    let objective = 0;
    for (let p = 0; p < ids.length; p++) objective += timeBal[p]! ** 2 + holeBal[p]! ** 2;
    return { order, objective };
  }
}
