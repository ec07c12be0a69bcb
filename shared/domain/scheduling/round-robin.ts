/**
 * Round robin by the circle method (spec, "Scheduling behaviors" 6): every participant meets every other exactly
 * once, no pairing repeats, each plays once per round, and an odd field gives each participant exactly one bye.
 * Then a round's matches as tee groups (Twosomes, Foursomes, Sixsomes).
 */
import { groupSizes } from './groups.js';
import type { Groups } from './types.js';

export type RoundRobinSeeding = 'team_order' | 'alphabetical' | 'handicap' | 'custom';

/** A team or an individual. `order`: the team order or the custom seed (lower first; missing after every order). */
export interface RRParticipant {
  id: string;
  name: string;
  handicapIndex?: number | null;
  order?: number;
}

/** `matches` are [home, away]; `bye` is who sits the round out (odd fields only). */
export interface RoundRobinSchedule {
  participants: string[];
  rounds: { round: number; matches: [string, string][]; bye: string | null }[];
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Seeds in order: by team order or custom seed, by name, or by handicap index (none last); ties keep the input order. */
export function seedParticipants(participants: readonly RRParticipant[], seeding: RoundRobinSeeding): RRParticipant[] {
  const byOrder = (p: RRParticipant) => (typeof p.order === 'number' && Number.isFinite(p.order) ? p.order : Infinity);
  const byIndex = (p: RRParticipant) => (typeof p.handicapIndex === 'number' ? p.handicapIndex : Infinity);
  const indexed = participants.map((p, i) => ({ p, i }));
  indexed.sort((a, b) => {
    let c = 0;
    if (seeding === 'alphabetical') c = collator.compare(a.p.name, b.p.name);
    else if (seeding === 'handicap') c = compareNumbers(byIndex(a.p), byIndex(b.p)) || collator.compare(a.p.name, b.p.name);
    else c = compareNumbers(byOrder(a.p), byOrder(b.p));
    return c || a.i - b.i;
  });
  return indexed.map((x) => x.p);
}

function compareNumbers(a: number, b: number): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/**
 * Circle method (Berger tables): n−1 rounds for even n, n rounds with one bye each for odd n; every pair meets
 * exactly once; each participant plays once per round; home/away balanced (each participant's home and away
 * counts differ by at most one). Seeding orders the participants first: seed 1 meets the last seed in round 1.
 * Throws a RangeError on repeated ids (a caller validates them first).
 *
 * How: the seeds stand on a ring with the last seat fixed (an odd field adds an empty seat there, whose opponent
 * has the bye). Each round pairs the ring's ends inwards, then the ring turns one seat, so every participant
 * visits every ring seat once. The fixed seat is away in rounds 1, 3, 5… and home in the others; of two ring
 * seats paired, the odd-numbered one is home (seats 1…m−2 hold as many odd as even numbers), which leaves each
 * participant's home and away counts equal but for the one match against the fixed seat.
 *
 * @example roundRobin([{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }, { id: 'c', name: 'C' }], 'alphabetical').rounds[0]
 * // { round: 1, matches: [['b', 'c']], bye: 'a' }
 */
export function roundRobin(participants: RRParticipant[], seeding: RoundRobinSeeding): RoundRobinSchedule {
  const ids = seedParticipants(participants, seeding).map((p) => p.id);
  if (new Set(ids).size !== ids.length) throw new RangeError('round-robin participant ids must be unique');
  const seats: (string | null)[] = ids.length % 2 === 0 ? [...ids] : [...ids, null];
  const m = seats.length;
  const fixed = seats[m - 1] ?? null;
  let ring = seats.slice(0, m - 1);
  const rounds: RoundRobinSchedule['rounds'] = [];
  for (let r = 0; r < m - 1; r++) {
    const matches: [string, string][] = [];
    let bye: string | null = null;
    const pair = (a: string | null, b: string | null, aHome: boolean) => {
      if (a === null) bye = b;
      else if (b === null) bye = a;
      else matches.push(aHome ? [a, b] : [b, a]);
    };
    pair(ring[0] ?? null, fixed, r % 2 === 0);
    for (let i = 1; i < m / 2; i++) pair(ring[i] ?? null, ring[m - 1 - i] ?? null, i % 2 === 1);
    rounds.push({ round: r + 1, matches, bye });
    ring = [ring[m - 2] ?? null, ...ring.slice(0, m - 2)];
  }
  return { participants: ids, rounds };
}

export type TeeSheetFormat = 'twosomes' | 'foursomes' | 'sixsomes';

const FORMAT_SIZE: Record<TeeSheetFormat, number> = { twosomes: 2, foursomes: 4, sixsomes: 6 };

/** A round's tee groups, and why any split match has a group holding only one team (user-facing English). */
export interface TeeSheetPlan {
  groups: Groups;
  problems: string[];
}

/**
 * A round's matches as tee groups of the format's size (2, 4 or 6 players), in match order: twosomes = one match
 * per group, foursomes = two, sixsomes = three (the last group may hold fewer). The bye does not tee off.
 * With `members`, each team of a match stands for its players (a team missing from the map plays as itself); a
 * group never splits a match unless the match alone has more players than the format.
 *
 * A split match is cut by groupSizes, the split pairings use (as few groups as the format allows, sizes within one
 * of each other, in twosomes an odd match folds its odd player into one threesome), and each group holds players of
 * both teams, each team's share in proportion to the group's size, opponents side by side (home 1, away 1, …).
 * When the smaller team has fewer players than the match needs groups (3 against 1 in twosomes), every group
 * cannot hold both teams: the smaller team's players go one to a group from the first, the other groups hold the
 * larger team only, and a problem names the round, the match and the count.
 *
 * @example planRoundTeeSheet({ round: 1, matches: [['a', 'b']], bye: null }, 'foursomes', new Map([['a', ['a1', 'a2', 'a3']], ['b', ['b1', 'b2']]]))
 * // { groups: [['a1', 'b1', 'a2'], ['a3', 'b2']], problems: [] }
 */
export function planRoundTeeSheet(
  round: RoundRobinSchedule['rounds'][number],
  format: TeeSheetFormat,
  members?: ReadonlyMap<string, string[]>,
): TeeSheetPlan {
  const size = FORMAT_SIZE[format];
  if (size === undefined) throw new RangeError(`unknown tee sheet format "${String(format)}"`);
  const groups: Groups = [];
  const problems: string[] = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) groups.push(current);
    current = [];
  };
  for (const [home, away] of round.matches) {
    const homePlayers = members?.get(home) ?? [home];
    const awayPlayers = members?.get(away) ?? [away];
    const count = homePlayers.length + awayPlayers.length;
    if (count > size) {
      flush();
      const split = splitMatch(homePlayers, awayPlayers, size);
      groups.push(...split.groups);
      if (split.oneTeam > 0) {
        const larger = homePlayers.length >= awayPlayers.length ? home : away;
        const players = (n: number) => `${n} player${n === 1 ? '' : 's'}`;
        problems.push(
          `round ${round.round}: ${home} (${players(homePlayers.length)}) against ${away} (${players(awayPlayers.length)}) cannot be split into ` +
            `${format} that each hold both teams: ${split.oneTeam} of ${split.groups.length} group${split.groups.length === 1 ? '' : 's'} ` +
            `hold${split.oneTeam === 1 ? 's' : ''} only ${larger}`,
        );
      }
      continue;
    }
    if (current.length + count > size) flush();
    current.push(...interleave(homePlayers, awayPlayers));
  }
  flush();
  return { groups, problems };
}

/** The tee groups of `planRoundTeeSheet`, without the problems. */
export function roundRobinTeeSheet(
  round: RoundRobinSchedule['rounds'][number],
  format: TeeSheetFormat,
  members?: ReadonlyMap<string, string[]>,
): Groups {
  return planRoundTeeSheet(round, format, members).groups;
}

/**
 * One match's players cut into groupSizes' groups. The smaller team's count per group follows the group's size
 * (largest remainder), at least 1 and leaving at least 1 seat for the other team, when the smaller team has a
 * player for every group; otherwise one each in the first groups. `oneTeam`: groups holding one team only.
 */
function splitMatch(home: readonly string[], away: readonly string[], size: number): { groups: Groups; oneTeam: number } {
  const n = home.length + away.length;
  const split = groupSizes(n, size);
  const sizes = 'sizes' in split ? split.sizes : [n];
  const k = sizes.length;
  const homeSmaller = home.length <= away.length;
  const few = homeSmaller ? home.length : away.length;
  let shares: number[];
  if (few < k) {
    shares = sizes.map((_, i) => (i < few ? 1 : 0));
  } else {
    const exact = sizes.map((s) => (s * few) / n);
    shares = exact.map((x, i) => Math.min(Math.max(Math.floor(x), 1), sizes[i]! - 1));
    let left = few - shares.reduce((a, b) => a + b, 0);
    // Hand out (or take back) one at a time where the exact share is furthest above (below) the count so far.
    while (left !== 0) {
      const step = left > 0 ? 1 : -1;
      let best = -1;
      for (let i = 0; i < k; i++) {
        const next = shares[i]! + step;
        if (next < 1 || next > sizes[i]! - 1) continue;
        if (best < 0 || step * (exact[i]! - shares[i]!) > step * (exact[best]! - shares[best]!)) best = i;
      }
      shares[best]! += step;
      left -= step;
    }
  }
  const groups: Groups = [];
  let atFew = 0;
  let atMany = 0;
  const fewSide = homeSmaller ? home : away;
  const manySide = homeSmaller ? away : home;
  sizes.forEach((s, i) => {
    const mine = fewSide.slice(atFew, atFew + shares[i]!);
    const theirs = manySide.slice(atMany, atMany + s - shares[i]!);
    atFew += mine.length;
    atMany += theirs.length;
    groups.push(homeSmaller ? interleave(mine, theirs) : interleave(theirs, mine));
  });
  return { groups, oneTeam: shares.filter((x) => x === 0).length };
}

function interleave(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length) out.push(a[i]!);
    if (i < b.length) out.push(b[i]!);
  }
  return out;
}
