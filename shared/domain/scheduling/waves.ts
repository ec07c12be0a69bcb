/**
 * Waves (spec, "Other configuration items"): several courses, each with starting holes and tee-time windows (AM/PM
 * or Wave 1/2/3). Players go to a wave (one course in one window) by division, flight, handicap, a custom field or
 * at random; then into groups inside the wave; then onto the window's tee times over its starting holes.
 */
import { fillInOrder, groupSizes, MAX_GROUP_SIZE, MIN_GROUP_SIZE } from './groups.js';
import { formatLocalTime, intervalProblem, parseLocalTime } from './tee-times.js';
import type { LocalTime, SchedPlayer } from './types.js';
import type { Rng } from './random.js';

export type WaveAssignment = 'division' | 'flight' | 'handicap' | 'random' | 'custom_field';

/** windows: AM/PM or Wave 1/2/3; a window's tee times run from firstTime to lastTime (included) every interval. */
export interface WaveCourse {
  id: string;
  name: string;
  startingHoles: number[];
  windows: { id: string; label: string; firstTime: LocalTime; lastTime: LocalTime; intervalMinutes: number }[];
}

export interface WavePlan {
  waves: { courseId: string; windowId: string; groups: { players: string[]; time: LocalTime; hole: number }[] }[];
  unplaced: string[];
  problems: string[];
}

export interface WaveInput {
  players: SchedPlayer[];
  courses: WaveCourse[];
  groupSize: number;
  assignment: WaveAssignment;
  customField?: string;
}

type Key = string | number | null;

/** Players placed together: one key value (division, flight, field value; null for none or for handicap/random). */
interface Run {
  key: Key;
  players: SchedPlayer[];
}

interface Wave {
  courseId: string;
  windowId: string;
  start: number;
  slots: { time: LocalTime; hole: number }[];
  /** Runs of players placed together, in placement order. */
  runs: Run[];
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Assigns players to waves (course × window) by the chosen key, groups them inside each wave and gives each group
 * a tee time and starting hole. Capacity of a wave = slots × groupSize, where the slots are the window's tee times
 * times its course's starting holes (in that order: 08:00 hole 1, 08:00 hole 10, 08:10 hole 1…). Overflow goes to
 * `unplaced` with a problem message; nothing is dropped silently.
 *
 * - Waves are listed, and filled, in time order: by window first time, then course order, then window order.
 * - division / flight / custom_field: one block per value (sorted naturally, players without a value last; inside
 *   a block by handicap). Each block goes whole to the wave with the most room left that holds it (ties: the
 *   earlier wave), so different values spread over the waves; a block no wave holds whole is split over the waves
 *   with the most room, and what still does not fit is unplaced (a problem names each split block).
 * - handicap (lowest index first, no index last) and random (rng.shuffle): the players, in that order, are cut
 *   into groups by groupSizes, and those groups are shared out over the waves in proportion to their slots, in
 *   order: low indexes in the first wave.
 * - Inside a wave, a field is cut by groupSizes, the split pairings use: as few groups as the size allows, sizes
 *   within one of each other, and in twosomes an odd player folds into one threesome. A block keeps its own groups
 *   when the wave's slots allow it; a block of one player joins a group with room (the latest, else the last
 *   block's groups are cut again with that player in); when the slots do not allow every block its own groups,
 *   the wave's players are cut as one field in block order.
 * - Nobody tees off alone when any placement avoids it: a wave left with one player (a one-player block, or the
 *   tail of a split block) sends that player to a wave holding players (one with the same value first, then the
 *   most room); when those are full, a player of the same value (else of the largest block) of a wave with 3 or
 *   more comes to keep them company (a problem names the move); in twosomes a full wave's twosome can still become
 *   its threesome. Only a field of one player tees off alone, named in a problem.
 * - A group holding two different values (a division of one, or too few tee times to keep blocks apart) is named
 *   in a problem, so the organizer sees the mix. Players without a value mix freely.
 *
 * @example planWaves({ players, courses: [{ id: 'north', name: 'North', startingHoles: [1, 10],
 *   windows: [{ id: 'am', label: 'AM', firstTime: '08:00', lastTime: '09:00', intervalMinutes: 10 }] }],
 *   groupSize: 4, assignment: 'handicap' }, createRng(7))
 */
export function planWaves(input: WaveInput, rng: Rng): WavePlan {
  const problems: string[] = [];
  const waves = buildWaves(input.courses, problems);
  const players = uniquePlayers(input.players, problems);
  const size = input.groupSize;
  const keyed = input.assignment === 'division' || input.assignment === 'flight' || input.assignment === 'custom_field';
  const plan = (unplaced: string[], last: string[] = []): WavePlan => {
    if (unplaced.length < players.length) mendLoneWaves(waves, size, problems);
    const label = input.assignment === 'custom_field' ? `${input.customField ?? 'field'} values` : input.assignment;
    const planned = waves.map((w) => ({ courseId: w.courseId, windowId: w.windowId, groups: groupWave(w, size) }));
    planned.forEach((w, i) => {
      const keyOfId = new Map(waves[i]!.runs.flatMap((r) => r.players.map((p) => [p.id, r.key] as const)));
      for (const g of w.groups) {
        const at = `the group at ${g.time} on hole ${g.hole} (${w.courseId}/${w.windowId})`;
        if (g.players.length === 1) problems.push(`${at} has a single player`);
        if (!keyed) continue;
        const values = [...new Set(g.players.map((id) => keyOfId.get(id) ?? null).filter((k) => k !== null))];
        if (values.length > 1) {
          problems.push(`${at} mixes ${label} ${values.map((v) => `"${v}"`).join(' and ')}: too few players or tee times to keep them apart without leaving anyone alone`);
        }
      }
    });
    problems.push(...last);
    return { waves: planned, unplaced, problems };
  };
  if (!Number.isInteger(size) || size < MIN_GROUP_SIZE || size > MAX_GROUP_SIZE) {
    problems.push(`the group size must be 2 to 6 players, not ${size}`);
    return plan(players.map((p) => p.id));
  }
  if (input.assignment === 'custom_field' && !input.customField) {
    problems.push('assignment by custom field needs the name of the field');
    return plan(players.map((p) => p.id));
  }
  const capacity = waves.reduce((s, w) => s + w.slots.length * size, 0);
  let unplaced: SchedPlayer[];
  switch (input.assignment) {
    case 'handicap':
      unplaced = shareInOrder([...players].sort(byHandicap), waves, size);
      break;
    case 'random':
      unplaced = shareInOrder(rng.shuffle(players), waves, size);
      break;
    case 'division':
    case 'flight':
    case 'custom_field':
      unplaced = placeBlocks(blocksBy(players, keyOf(input.assignment, input.customField)), waves, size, problems);
      break;
    default:
      problems.push(`unknown wave assignment "${String(input.assignment)}"`);
      unplaced = players;
  }
  const last: string[] = [];
  if (unplaced.length > 0) {
    const slots = capacity / size;
    last.push(
      `${unplaced.length} player${unplaced.length === 1 ? '' : 's'} do not fit: the waves hold ${capacity} ` +
        `(${slots} tee time${slots === 1 ? '' : 's'} × ${size} players)`,
    );
  }
  return plan(unplaced.map((p) => p.id), last);
}

function buildWaves(courses: readonly WaveCourse[], problems: string[]): Wave[] {
  const waves: (Wave & { order: number })[] = [];
  courses.forEach((course) => {
    const holes = course.startingHoles;
    // A start (time and hole) of the course belongs to the first window listing it: two windows never send two
    // groups off the same tee at once.
    const taken = new Set<string>();
    const badHole = holes.find((h, i) => !Number.isInteger(h) || h < 1 || holes.indexOf(h) !== i);
    if (holes.length === 0 || badHole !== undefined) {
      problems.push(`course ${course.name} needs starting holes, each a hole number listed once`);
    }
    course.windows.forEach((win) => {
      const first = parseLocalTime(win.firstTime);
      const last = parseLocalTime(win.lastTime);
      const badInterval = intervalProblem(win.intervalMinutes);
      const slots: Wave['slots'] = [];
      if (first === undefined || last === undefined || last < first) {
        problems.push(`window ${win.label} of ${course.name} needs a first and a last time HH:MM, the first not after the last`);
      } else if (badInterval) {
        problems.push(`window ${win.label} of ${course.name}: ${badInterval}`);
      } else if (holes.length > 0 && badHole === undefined) {
        let overlaps = 0;
        for (let t = first; t <= last; t += win.intervalMinutes) {
          for (const hole of holes) {
            const key = `${t} ${hole}`;
            if (taken.has(key)) overlaps++;
            else {
              taken.add(key);
              slots.push({ time: formatLocalTime(t), hole });
            }
          }
        }
        if (overlaps > 0) problems.push(`window ${win.label} of ${course.name} overlaps an earlier window: ${overlaps} of its starts belong to that one`);
      }
      waves.push({ courseId: course.id, windowId: win.id, start: first ?? 0, slots, runs: [], order: waves.length });
    });
  });
  waves.sort((a, b) => a.start - b.start || a.order - b.order);
  return waves;
}

function uniquePlayers(players: readonly SchedPlayer[], problems: string[]): SchedPlayer[] {
  const seen = new Set<string>();
  const out: SchedPlayer[] = [];
  for (const p of players) {
    if (seen.has(p.id)) problems.push(`player ${p.name} (${p.id}) is listed twice; placed once`);
    else out.push(p);
    seen.add(p.id);
  }
  return out;
}

/** Lowest index first, players without an index after all who have one, then by name and id. */
function byHandicap(a: SchedPlayer, b: SchedPlayer): number {
  const ha = a.handicapIndex ?? Infinity;
  const hb = b.handicapIndex ?? Infinity;
  if (ha !== hb) return ha < hb ? -1 : 1;
  return collator.compare(a.name, b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function keyOf(assignment: WaveAssignment, field: string | undefined): (p: SchedPlayer) => string | number | null {
  if (assignment === 'division') return (p) => p.division || null;
  if (assignment === 'flight') return (p) => p.flight || null;
  return (p) => {
    const v = field === undefined ? undefined : p.custom?.[field];
    return v === undefined || v === '' ? null : v;
  };
}

/** One block per key value, in natural order of the values (numbers as numbers), the block without a value last. */
function blocksBy(players: readonly SchedPlayer[], key: (p: SchedPlayer) => string | number | null) {
  const blocks = new Map<string | number | null, SchedPlayer[]>();
  for (const p of players) {
    const k = key(p);
    blocks.set(k, [...(blocks.get(k) ?? []), p]);
  }
  const keys = [...blocks.keys()].sort((a, b) => {
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    if (typeof a === 'number' && typeof b === 'number') return a - b;
    return collator.compare(String(a), String(b)) || (String(a) < String(b) ? -1 : 1);
  });
  return keys.map((k) => ({ key: k, players: [...(blocks.get(k) ?? [])].sort(byHandicap) }));
}

const headcount = (w: Wave) => w.runs.reduce((s, r) => s + r.players.length, 0);
const room = (w: Wave, size: number) => w.slots.length * size - headcount(w);
/** How many groups groupSizes makes of n players (0 for none, 1 for a lone player). */
const groupCount = (n: number, size: number) => {
  const split = groupSizes(n, size);
  return 'sizes' in split ? split.sizes.length : n > 0 ? 1 : 0;
};

function placeBlocks(blocks: { key: string | number | null; players: SchedPlayer[] }[], waves: Wave[], size: number, problems: string[]): SchedPlayer[] {
  const split: typeof blocks = [];
  for (const block of blocks) {
    // The wave with the most room that holds the whole block; ties go to the earlier wave.
    let best: Wave | undefined;
    for (const w of waves) if (room(w, size) >= block.players.length && (!best || room(w, size) > room(best, size))) best = w;
    if (best) best.runs.push({ key: block.key, players: block.players });
    else split.push(block);
  }
  const unplaced: SchedPlayer[] = [];
  for (const block of split) {
    let rest = block.players;
    const byRoom = waves.filter((w) => room(w, size) > 0).sort((a, b) => room(b, size) - room(a, size));
    const used: string[] = [];
    for (const w of byRoom) {
      if (rest.length === 0) break;
      const take = rest.slice(0, room(w, size));
      w.runs.push({ key: block.key, players: take });
      used.push(`${w.courseId}/${w.windowId}`);
      rest = rest.slice(take.length);
    }
    const name = block.key === null ? 'players without a value' : `"${block.key}"`;
    problems.push(`no wave has room for all ${block.players.length} of ${name}: ${used.length > 0 ? `split over ${used.join(', ')}` : 'none placed'}`);
    unplaced.push(...rest);
  }
  return unplaced;
}

/**
 * Handicap and random: the field that fits is cut by groupSizes (the split pairings use), and those groups are
 * shared out over the waves in proportion to their slots, in order.
 */
function shareInOrder(ordered: readonly SchedPlayer[], waves: Wave[], size: number): SchedPlayer[] {
  const totalSlots = waves.reduce((s, w) => s + w.slots.length, 0);
  const fit = ordered.slice(0, totalSlots * size);
  if (fit.length === 0) return [...ordered];
  const split = groupSizes(fit.length, size);
  // A field of one player is the only one groupSizes refuses here: that player tees off alone (a problem says so).
  const sizes = 'sizes' in split ? split.sizes : [fit.length];
  const perWave = largestRemainder(sizes.length, waves.map((w) => w.slots.length));
  let g = 0;
  let at = 0;
  waves.forEach((w, i) => {
    const n = sizes.slice(g, g + perWave[i]!).reduce((s, x) => s + x, 0);
    if (n > 0) w.runs.push({ key: null, players: fit.slice(at, at + n) });
    g += perWave[i]!;
    at += n;
  });
  return ordered.slice(fit.length);
}

/** `player` into wave `w`: with the run of its value when the wave has one (kept in handicap order), else a run of its own. */
function addToWave(w: Wave, key: Key, player: SchedPlayer): void {
  const run = w.runs.find((r) => r.key === key && r.players.length > 0);
  if (run) run.players = [...run.players, player].sort(byHandicap);
  else w.runs.push({ key, players: [player] });
}

/**
 * A wave holding a single player would send that player off alone. In wave order, each such player moves to a
 * wave with players and room (one holding their value first, then the most room, ties: the earlier wave); when
 * every such wave is full, a player comes from a wave of 3 or more (one with the lone player's value first, then
 * the wave with the most players; from its run of that value, else its largest run, the last in handicap order);
 * in twosomes a full wave's even field can still take one more as its threesome (groupSizes folds it in).
 */
function mendLoneWaves(waves: Wave[], size: number, problems: string[]): void {
  for (const w of waves) {
    if (headcount(w) !== 1) continue;
    const lone = w.runs.find((r) => r.players.length === 1)!;
    const others = waves.filter((o) => o !== w && headcount(o) > 0);
    const holdsKey = (o: Wave) => (o.runs.some((r) => r.key === lone.key && r.players.length > 0) ? 1 : 0);
    const pick = (candidates: Wave[], measure: (o: Wave) => number) =>
      candidates.reduce<Wave | undefined>((best, o) => (!best || holdsKey(o) > holdsKey(best) || (holdsKey(o) === holdsKey(best) && measure(o) > measure(best)) ? o : best), undefined);
    const target = pick(others.filter((o) => room(o, size) >= 1), (o) => room(o, size));
    if (target) {
      w.runs = [];
      addToWave(target, lone.key, lone.players[0]!);
      continue;
    }
    const donor = pick(others.filter((o) => headcount(o) >= 3), headcount);
    if (donor) {
      const from = donor.runs.find((r) => r.key === lone.key && r.players.length > 0) ?? donor.runs.reduce((a, b) => (b.players.length > a.players.length ? b : a));
      const moved = from.players[from.players.length - 1]!;
      from.players = from.players.slice(0, -1);
      donor.runs = donor.runs.filter((r) => r.players.length > 0);
      addToWave(w, from.key, moved);
      problems.push(`${moved.name} moves from ${donor.courseId}/${donor.windowId} to ${w.courseId}/${w.windowId} so that ${lone.players[0]!.name} does not tee off alone`);
      continue;
    }
    const fold = others.find((o) => groupCount(headcount(o) + 1, size) <= o.slots.length);
    if (fold) {
      w.runs = [];
      addToWave(fold, lone.key, lone.players[0]!);
    }
  }
}

/** total split in proportion to weights, whole numbers, largest remainder first (ties: earlier). */
function largestRemainder(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, x) => s + x, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const out = exact.map(Math.floor);
  let left = total - out.reduce((s, x) => s + x, 0);
  const order = exact.map((x, i) => ({ r: x - Math.floor(x), i })).sort((a, b) => b.r - a.r || a.i - b.i);
  for (const { i } of order) {
    if (left === 0) break;
    out[i]! += 1;
    left -= 1;
  }
  return out;
}

/**
 * A wave's groups on its slots, in order. Each run of 2 or more keeps its own groups (cut by groupSizes); a run of
 * one player joins the latest run whose groups have room for one more (groupSizes gives no extra group), else the
 * latest run, its groups cut again with that player in; a wave of only one-player runs is one field. When that
 * takes more groups than the wave has slots, all the wave's players are cut as one field, runs in order.
 */
function groupWave(w: Wave, size: number): WavePlan['waves'][number]['groups'] {
  if (w.runs.length === 0 || !(size >= MIN_GROUP_SIZE && size <= MAX_GROUP_SIZE)) return [];
  const all = w.runs.flatMap((r) => r.players.map((p) => p.id));
  if (all.length === 0) return [];
  const units = w.runs.filter((r) => r.players.length >= 2).map((r) => r.players.map((p) => p.id));
  const lone = w.runs.filter((r) => r.players.length === 1).map((r) => r.players[0]!.id);
  if (units.length === 0) units.push(lone.splice(0));
  for (const id of lone) {
    let at = units.length - 1;
    for (let u = units.length - 1; u >= 0; u--) {
      if (groupCount(units[u]!.length + 1, size) === groupCount(units[u]!.length, size)) {
        at = u;
        break;
      }
    }
    units[at]!.push(id);
  }
  const cut = (ids: string[]) => {
    const split = groupSizes(ids.length, size);
    return fillInOrder(ids, 'sizes' in split ? split.sizes : [ids.length]);
  };
  let groups = units.flatMap(cut);
  if (groups.length > w.slots.length) groups = cut(all);
  return groups.map((ids, i) => ({ players: ids, time: w.slots[i]!.time, hole: w.slots[i]!.hole }));
}
