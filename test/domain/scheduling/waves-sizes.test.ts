/**
 * Waves at real sizes: no group below the minimum of 2 whenever a placement avoids it, and waves split a field
 * the way pairings do (one shared split, groupSizes).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupSizes } from '../../../shared/domain/scheduling/groups.js';
import { pairPlayers } from '../../../shared/domain/scheduling/pairings.js';
import { createRng } from '../../../shared/domain/scheduling/random.js';
import { parseLocalTime } from '../../../shared/domain/scheduling/tee-times.js';
import type { SchedPlayer } from '../../../shared/domain/scheduling/types.js';
import { planWaves, type WaveAssignment, type WaveCourse, type WavePlan } from '../../../shared/domain/scheduling/waves.js';

const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
/** A course with one AM window of `times` tee times every 10 minutes from 08:00 on `holes`. */
const course = (id: string, times: number, holes = [1, 10]): WaveCourse => ({
  id,
  name: id.toUpperCase(),
  startingHoles: holes,
  windows: [{ id: 'am', label: 'AM', firstTime: '08:00', lastTime: hhmm(480 + 10 * (times - 1)), intervalMinutes: 10 }],
});
const player = (i: number, extra: Partial<SchedPlayer> = {}): SchedPlayer => ({ id: `p${String(i).padStart(3, '0')}`, name: `P${i}`, handicapIndex: i % 37, ...extra });
const groupsOf = (plan: WavePlan) => plan.waves.flatMap((w) => w.groups.map((g) => g.players));
const sizesOf = (plan: WavePlan) => groupsOf(plan).map((g) => g.length);
const placedOnce = (plan: WavePlan, players: readonly SchedPlayer[]) => {
  const placed = [...groupsOf(plan).flat(), ...plan.unplaced];
  expect(placed.sort()).toEqual(players.map((p) => p.id).sort());
};

describe('the reported cases', () => {
  it('25 players, 24 in one division and 1 in another, two identical courses, foursomes: the one joins a group with room', () => {
    const players = [...Array.from({ length: 24 }, (_, i) => player(i, { division: 'Men' })), player(24, { division: 'Women' })];
    // Each course: 4 tee times × holes 1 and 10 = 8 groups of 4 (32 places); the men fill 6 of them on one course.
    const plan = planWaves({ players, courses: [course('north', 4), course('south', 4)], groupSize: 4, assignment: 'division' }, createRng(1));
    placedOnce(plan, players);
    expect(plan.unplaced).toEqual([]);
    expect(Math.min(...sizesOf(plan))).toBeGreaterThanOrEqual(2);
    const withWoman = groupsOf(plan).find((g) => g.includes('p024'))!;
    expect(withWoman.length).toBeGreaterThanOrEqual(2);
    // The mixed group is named for the organizer; nobody tees off alone.
    expect(plan.problems.some((m) => m.includes('mixes division') && m.includes('"Men"') && m.includes('"Women"'))).toBe(true);
    expect(plan.problems.some((m) => m.includes('single player'))).toBe(false);
  });

  it('the same field when the men fill their course: one man keeps the lone woman company on the other', () => {
    const players = [...Array.from({ length: 24 }, (_, i) => player(i, { division: 'Men' })), player(24, { division: 'Women' })];
    // 3 tee times × 2 holes = 6 foursomes per course: the men fill one course exactly.
    const plan = planWaves({ players, courses: [course('north', 3), course('south', 3)], groupSize: 4, assignment: 'division' }, createRng(1));
    placedOnce(plan, players);
    expect(Math.min(...sizesOf(plan))).toBeGreaterThanOrEqual(2);
    // The man with the highest index (P23) leaves the full course; both the move and the mix are named.
    expect(plan.waves.map((w) => w.groups.map((g) => g.players.length))).toEqual([[4, 4, 4, 4, 4, 3], [2]]);
    expect(plan.waves[1]!.groups[0]!.players.sort()).toEqual(['p023', 'p024']);
    expect(plan.problems).toEqual([
      'P23 moves from north/am to south/am so that P24 does not tee off alone',
      'the group at 08:00 on hole 1 (south/am) mixes division "Women" and "Men": too few players or tee times to keep them apart without leaving anyone alone',
    ]);
  });

  it.each<WaveAssignment>(['handicap', 'random', 'division'])('21 players in twosomes by %s: nine twosomes and a threesome, as pairings split them', (assignment) => {
    const players = Array.from({ length: 21 }, (_, i) => player(i));
    const plan = planWaves({ players, courses: [course('north', 8)], groupSize: 2, assignment }, createRng(3));
    placedOnce(plan, players);
    const pairing = pairPlayers({ players, groupSize: 2, strategy: 'handicap' }, createRng(3));
    expect(sizesOf(plan)).toEqual(pairing.groups.map((g) => g.length));
    expect(sizesOf(plan)).toEqual([3, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    expect(plan.problems).toEqual([]);
  });

  it('a block split over two waves leaves nobody alone in either', () => {
    // Twosomes; waves of 3 and 2 tee times: the 9 players without a division fill 6 places, then 3.
    const small: WaveCourse = {
      id: 's',
      name: 'S',
      startingHoles: [1],
      windows: [
        { id: 'am', label: 'AM', firstTime: '08:00', lastTime: '08:10', intervalMinutes: 10 },
        { id: 'pm', label: 'PM', firstTime: '12:00', lastTime: '12:20', intervalMinutes: 10 },
      ],
    };
    const players = Array.from({ length: 9 }, (_, i) => player(i));
    const plan = planWaves({ players, courses: [small], groupSize: 2, assignment: 'division' }, createRng(1));
    placedOnce(plan, players);
    expect(plan.unplaced).toEqual([]);
    expect(Math.min(...sizesOf(plan))).toBeGreaterThanOrEqual(2);
  });

  // Random fields as the report drew them: seeded, divisions mostly large with a few rare ones (often one player),
  // three courses with Wave 1/2/3 windows, threesomes.
  const randomField = (n: number, seed: number): SchedPlayer[] => {
    const rng = createRng(seed);
    const common = ['Men', 'Men', 'Men', 'Men', 'Women', 'Women', 'Seniors'];
    return Array.from({ length: n }, (_, i) => player(i, { division: rng.next() < 0.95 ? common[rng.int(common.length)]! : `Guest ${rng.int(12)}` }));
  };
  const threeWaves = (id: string, times: number): WaveCourse => ({
    id,
    name: id.toUpperCase(),
    startingHoles: [1, 10],
    windows: [0, 1, 2].map((k) => ({ id: `w${k + 1}`, label: `Wave ${k + 1}`, firstTime: hhmm(420 + 180 * k), lastTime: hhmm(420 + 180 * k + 10 * (times - 1)), intervalMinutes: 10 })),
  });
  it.each([27, 117])('seeded random fields of %i players in threesomes never leave a player alone', (n) => {
    for (let seed = 1; seed <= 40; seed++) {
      const players = randomField(n, seed);
      const times = Math.ceil(n / 54) + 1;
      const plan = planWaves({ players, courses: [threeWaves('north', times), threeWaves('south', times), threeWaves('east', times)], groupSize: 3, assignment: 'division' }, createRng(seed));
      placedOnce(plan, players);
      expect(plan.unplaced, `seed ${seed}`).toEqual([]);
      expect(Math.min(...sizesOf(plan)), `seed ${seed}: ${JSON.stringify(plan.waves)}`).toBeGreaterThanOrEqual(2);
      expect(Math.max(...sizesOf(plan))).toBeLessThanOrEqual(3);
      expect(plan.problems.some((m) => m.includes('single player'))).toBe(false);
    }
  });
});

/** Distinct starts of a wave (a start two windows of one course list belongs to the first window). */
function slotCounts(courses: readonly WaveCourse[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const c of courses) {
    const taken = new Set<string>();
    for (const w of c.windows) {
      let n = 0;
      for (let t = parseLocalTime(w.firstTime)!; t <= parseLocalTime(w.lastTime)!; t += w.intervalMinutes) {
        for (const h of c.startingHoles) {
          if (!taken.has(`${t} ${h}`)) n++;
          taken.add(`${t} ${h}`);
        }
      }
      out.set(`${c.id}/${w.id}`, n);
    }
  }
  return out;
}

/**
 * The oracle, by dynamic programming over the waves rather than by the planner's own rule: can `placed` players
 * be shared over waves of these slot counts so that every group holds 2 to `size` players (in twosomes one
 * threesome a wave: the odd player folds in, as in pairings)? A wave with s slots holds 0 or c players when c can
 * be cut into at most s groups of legal sizes.
 */
function legalPlacementExists(placed: number, slots: readonly number[], size: number): boolean {
  const holds = (c: number, s: number) => c === 0 || (c >= 2 && (c <= s * size || (size === 2 && c === 2 * s + 1 && s >= 1)));
  let reachable = new Set([0]);
  for (const s of slots) {
    const next = new Set<number>();
    for (const r of reachable) for (let c = 0; r + c <= placed && c <= s * size + 1; c++) if (holds(c, s)) next.add(r + c);
    reachable = next;
  }
  return reachable.has(placed);
}

describe('wave properties at full size (up to 144 players)', () => {
  const window = fc.record({ start: fc.integer({ min: 360, max: 840 }), count: fc.integer({ min: 1, max: 10 }), interval: fc.constantFrom(8, 10, 12) });
  const courseArb = (k: number) =>
    fc.record({ holes: fc.constantFrom([1], [1, 10], [1, 4, 10]), windows: fc.array(window, { minLength: 1, maxLength: 3 }) }).map(
      ({ holes, windows }): WaveCourse => ({
        id: `c${k}`,
        name: `C${k}`,
        startingHoles: [...holes],
        windows: windows.map((w, i) => ({ id: `w${i}`, label: `W${i}`, firstTime: hhmm(w.start), lastTime: hhmm(w.start + (w.count - 1) * w.interval), intervalMinutes: w.interval })),
      }),
    );
  // Divisions skewed so that tiny ones (one or two players) are common.
  const division = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom('Men', 'Women') },
    { weight: 2, arbitrary: fc.constantFrom('Seniors', 'Juniors', 'Guests', 'Pros', 'Staff') },
    { weight: 1, arbitrary: fc.constant(null) },
  );

  it('every player once, no group below 2 when a legal placement exists, within the size and the slots', () => {
    fc.assert(
      fc.property(
        fc.array(division, { minLength: 0, maxLength: 144 }),
        fc.tuple(courseArb(0), courseArb(1), courseArb(2)),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom<WaveAssignment>('division', 'flight', 'handicap', 'random', 'custom_field'),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (divisions, courses, courseCount, size, assignment, seed) => {
          const players = divisions.map((d, i) => player(i, { division: d, flight: d === null ? null : d.slice(0, 1), custom: d === null ? {} : { club: d.length } }));
          const used = courses.slice(0, courseCount);
          const plan = planWaves({ players, courses: used, groupSize: size, assignment, customField: 'club' }, createRng(seed));
          placedOnce(plan, players);
          const slots = slotCounts(used);
          const capacity = [...slots.values()].reduce((a, b) => a + b, 0) * size;
          expect(plan.unplaced).toHaveLength(Math.max(0, players.length - capacity));
          const placed = players.length - plan.unplaced.length;
          const sizes = sizesOf(plan);
          if (legalPlacementExists(placed, [...slots.values()], size)) expect(sizes.every((n) => n >= 2)).toBe(true);
          else expect(placed).toBeLessThan(2);
          for (const w of plan.waves) {
            const own = w.groups.map((g) => g.players.length);
            expect(own.length).toBeLessThanOrEqual(slots.get(`${w.courseId}/${w.windowId}`)!);
            // Groups of at most `size`; in twosomes an odd field (a wave's, or a block's in it) folds its odd player
            // into a threesome, as pairings do.
            expect(own.every((n) => n <= (size === 2 ? 3 : size))).toBe(true);
            // Handicap and random fill each wave as one run: the wave splits exactly as pairings split its players.
            if ((assignment === 'handicap' || assignment === 'random') && own.length > 0) {
              const count = own.reduce((a, b) => a + b, 0);
              const split = groupSizes(count, size);
              expect('sizes' in split ? split.sizes : [count]).toEqual(own);
              expect(own.filter((n) => n > size)).toEqual(size === 2 && count % 2 === 1 && count >= 3 ? [3] : []);
            }
          }
          // A group holding two divisions (or flights, or field values) is named in the problems.
          if (assignment !== 'handicap' && assignment !== 'random') {
            const key = (id: string) => {
              const p = players.find((x) => x.id === id)!;
              return assignment === 'division' ? p.division : assignment === 'flight' ? p.flight : p.custom?.club;
            };
            for (const w of plan.waves) {
              for (const g of w.groups) {
                const values = new Set(g.players.map(key).filter((v) => v !== null && v !== undefined));
                if (values.size > 1) expect(plan.problems.some((m) => m.startsWith(`the group at ${g.time} on hole ${g.hole} (${w.courseId}/${w.windowId}) mixes`))).toBe(true);
              }
            }
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('one wave with room for everyone: waves and pairings give the same group sizes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 144 }), fc.integer({ min: 2, max: 6 }), fc.constantFrom<WaveAssignment>('handicap', 'random', 'division'), (n, size, assignment) => {
        const players = Array.from({ length: n }, (_, i) => player(i));
        const plan = planWaves({ players, courses: [course('north', 40)], groupSize: size, assignment }, createRng(n));
        const pairing = pairPlayers({ players, groupSize: size, strategy: 'random' }, createRng(n));
        expect(sizesOf(plan)).toEqual(pairing.groups.map((g) => g.length));
      }),
      { numRuns: 300 },
    );
  });
});
