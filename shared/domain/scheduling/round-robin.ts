/**
 * Round robin by the circle method (spec, "Scheduling behaviors" 6): every participant meets every other exactly
 * once, no pairing repeats, each plays once per round, and an odd field gives each participant exactly one bye.
 * Then a round's matches as tee groups (Twosomes, Foursomes, Sixsomes).
 */
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

/**
 * A round's matches as tee groups of the format's size (2, 4 or 6 players), in match order: twosomes = one match
 * per group, foursomes = two, sixsomes = three (the last group may hold fewer). The bye does not tee off.
 * With `members`, each team of a match stands for its players (a team missing from the map plays as itself); a
 * group never splits a match unless the match alone has more players than the format, and then its players are
 * split in opponent pairs (home 1, away 1, home 2, away 2, …) so each group holds both sides.
 *
 * @example roundRobinTeeSheet({ round: 1, matches: [['a', 'b'], ['c', 'd'], ['e', 'f']], bye: null }, 'foursomes')
 * // [['a', 'b', 'c', 'd'], ['e', 'f']]
 */
export function roundRobinTeeSheet(
  round: RoundRobinSchedule['rounds'][number],
  format: TeeSheetFormat,
  members?: ReadonlyMap<string, string[]>,
): Groups {
  const size = FORMAT_SIZE[format];
  if (size === undefined) throw new RangeError(`unknown tee sheet format "${String(format)}"`);
  const groups: Groups = [];
  let current: string[] = [];
  const flush = () => {
    if (current.length > 0) groups.push(current);
    current = [];
  };
  for (const [home, away] of round.matches) {
    const players = interleave(members?.get(home) ?? [home], members?.get(away) ?? [away]);
    if (players.length > size) {
      flush();
      for (let i = 0; i < players.length; i += size) groups.push(players.slice(i, i + size));
      continue;
    }
    if (current.length + players.length > size) flush();
    current.push(...players);
  }
  flush();
  return groups;
}

function interleave(a: readonly string[], b: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (i < a.length) out.push(a[i]!);
    if (i < b.length) out.push(b[i]!);
  }
  return out;
}
