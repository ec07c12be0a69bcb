import { describe, expect, it } from 'vitest';
import {
  createLeaderboardEngine,
  fromDocs,
  multiRoundLeaderboard,
  roundLeaderboard,
  teamMatchLeaderboard,
  tournamentLeaderboard,
  type Basis,
  type LeaderboardEngine,
  type TeamMatch,
  type TripSnapshot,
} from '../../../shared/domain/leaderboards/index.js';
import { card, competition, player, round, scorecard, score, type Doc } from './fixtures.js';
import { createRng } from '../../../shared/domain/scheduling/random.js';

/** The shared seeded generator (shared/domain/scheduling/random.ts), as a plain function. */
const mulberry32 = (seed: number): (() => number) => createRng(seed).next;
type Rng = () => number;
const int = (rng: Rng, lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
const pick = <T>(rng: Rng, items: readonly T[]): T => items[int(rng, 0, items.length - 1)]!;
function shuffle<T>(rng: Rng, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = int(rng, 0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const BASES: Basis[] = ['gross', 'net', 'stableford'];

/** A random trip: 2–3 rounds of 9 or 18 holes, 2–9 players, scorecards with random snapshots, 3 competitions. */
function randomTrip(rng: Rng): { docs: Doc[]; scorecards: [string, string][]; roundIds: string[]; competitionIds: string[]; matches: TeamMatch[] } {
  const playerIds = Array.from({ length: int(rng, 2, 9) }, (_, i) => `plr${String(i).padStart(3, '0')}`);
  const roundIds = Array.from({ length: int(rng, 2, 3) }, (_, i) => `rnd${String(i).padStart(3, '0')}`);
  const docs: Doc[] = playerIds.map((p) => player(p, p.toUpperCase(), pick(rng, ['USA', 'Europe', undefined])));
  const scorecards: [string, string][] = [];
  for (const r of roundIds) {
    const n = pick(rng, [9, 18]);
    const pars = Array.from({ length: n }, () => int(rng, 3, 5));
    const sis = shuffle(rng, Array.from({ length: n }, (_, i) => i + 1));
    docs.push(round(r, playerIds, { pars, strokeIndexes: sis }));
    for (const p of playerIds) {
      if (rng() < 0.15) continue;
      const index = rng() < 0.1 ? null : Math.round((rng() * 40 - 4) * 10) / 10;
      docs.push(scorecard(r, p, index, { holes: n, par: n * 4, courseRating: n * 4 + int(rng, -3, 3), slope: int(rng, 90, 150) }));
      scorecards.push([r, p]);
    }
  }
  const competitionIds = ['cgross', 'cnet01', 'cstabl'];
  const formats = ['stroke_gross', 'stroke_net', 'stableford'];
  competitionIds.forEach((id, i) => docs.push(competition(id, formats[i]!, shuffle(rng, roundIds).slice(0, int(rng, 1, roundIds.length)), rng() < 0.5)));
  const matches: TeamMatch[] = [];
  const pool = shuffle(rng, playerIds);
  if (pool.length >= 2) matches.push({ id: 'mt1', roundId: roundIds[0]!, format: 'singles', sideA: [pool[0]!], sideB: [pool[1]!] });
  if (pool.length >= 6) matches.push({ id: 'mt2', roundId: roundIds[1]!, format: 'fourball', sideA: [pool[2]!, pool[3]!], sideB: [pool[4]!, pool[5]!], points: 2 });
  return { docs, scorecards, roundIds, competitionIds, matches };
}

/** Every leaderboard of the trip, as `[question, answer]` pairs. */
function everyBoard(
  ask: {
    round: (id: string, o: Parameters<typeof roundLeaderboard>[2]) => unknown;
    tournament: (id: string) => unknown;
    multiRound: (ids: string[], b: Basis, o: { countback?: boolean; allowancePercent?: number }) => unknown;
    teamMatch: (m: TeamMatch[]) => unknown;
  },
  trip: ReturnType<typeof randomTrip>,
): unknown[] {
  const out: unknown[] = [];
  for (const r of trip.roundIds) {
    for (const basis of BASES) out.push(ask.round(r, { basis }), ask.round(r, { basis, countback: true, allowancePercent: 85 }));
  }
  for (const c of trip.competitionIds) out.push(ask.tournament(c));
  for (const basis of BASES) out.push(ask.multiRound(trip.roundIds, basis, { countback: true }), ask.multiRound(trip.roundIds.slice(1), basis, { allowancePercent: 100 }));
  out.push(ask.teamMatch(trip.matches));
  return out;
}

const full = (s: TripSnapshot) => ({
  round: (id: string, o: Parameters<typeof roundLeaderboard>[2]) => roundLeaderboard(s, id, o),
  tournament: (id: string) => tournamentLeaderboard(s, id),
  multiRound: (ids: string[], b: Basis, o: { countback?: boolean; allowancePercent?: number }) => multiRoundLeaderboard(s, ids, b, o),
  teamMatch: (m: TeamMatch[]) => teamMatchLeaderboard(s, m),
});
const of = (e: LeaderboardEngine) => ({
  round: e.round.bind(e),
  tournament: (id: string) => e.tournament(id),
  multiRound: e.multiRound.bind(e),
  teamMatch: e.teamMatch.bind(e),
});

describe('incremental engine, hand-checked', () => {
  const docs = [player('ann001', 'Ann'), player('bob001', 'Bob'), round('rnd001', ['ann001', 'bob001']), scorecard('rnd001', 'ann001', 0), scorecard('rnd001', 'bob001', 10), ...card('rnd001', 'ann001', [4, 4, 3])];

  it('a new score updates only that card: Bob 5 on hole 1 (a stroke there) is net par', () => {
    const engine = createLeaderboardEngine(fromDocs(docs));
    expect(engine.applyScore(score('rnd001', 'bob001', 1, 5))).toBe(true);
    const r = engine.round('rnd001', { basis: 'net' });
    expect(r.ok && r.value.entries.map((e) => [e.playerId, e.label, e.thru, e.gross, e.net, e.toPar])).toEqual([
      ['ann001', 'T1', 3, 11, 11, 0],
      ['bob001', 'T1', 1, 5, 4, 0],
    ]);
    expect(r).toEqual(roundLeaderboard(fromDocs([...docs, score('rnd001', 'bob001', 1, 5)]), 'rnd001', { basis: 'net' }));
  });

  it('changing, repeating, removing and deleting scores; invalid documents are ignored', () => {
    const engine = createLeaderboardEngine(fromDocs(docs));
    const read = () => {
      const r = engine.round('rnd001', { basis: 'gross' });
      return r.ok ? r.value.entries.find((e) => e.playerId === 'ann001')! : undefined;
    };
    expect(read()).toMatchObject({ thru: 3, gross: 11 });
    expect(engine.applyScore(score('rnd001', 'ann001', 2, 6))).toBe(true);
    expect(read()).toMatchObject({ thru: 3, gross: 13, holes: [4, 6, 3, null, null, null, null, null, null] });
    expect(engine.applyScore(score('rnd001', 'ann001', 2, 6))).toBe(false);
    expect(engine.removeScore('score:rnd001-ann001:1')).toBe(true);
    expect(read()).toMatchObject({ thru: 2, gross: 9 });
    expect(engine.applyScore({ _id: 'score:rnd001-ann001:3', _deleted: true })).toBe(true);
    expect(read()).toMatchObject({ thru: 1, gross: 6 });
    expect(engine.applyScore({ ...score('rnd001', 'ann001', 4, 0) })).toBe(false);
    expect(engine.removeScore('score:nosuch:1')).toBe(false);
    expect(engine.snapshot().scores).toEqual([{ id: 'score:rnd001-ann001:2', scorecardId: 'rnd001-ann001', hole: 2, strokes: 6 }]);
  });
});

describe('property: the engine equals a full recompute after any sequence of scores', () => {
  for (let seed = 1; seed <= 25; seed++) {
    it(`seed ${seed}`, () => {
      const rng = mulberry32(seed * 7919);
      const trip = randomTrip(rng);
      const docs: Doc[] = [...trip.docs];
      const engine = createLeaderboardEngine(fromDocs(docs));
      const live: string[] = [];
      for (let step = 0; step < 120; step++) {
        const roll = rng();
        if (roll < 0.15 && live.length > 0) {
          const id = pick(rng, live);
          if (rng() < 0.5) engine.removeScore(id);
          else engine.applyScore({ _id: id, _deleted: true });
          docs.push({ _id: id, _deleted: true });
        } else {
          const [r, p] = rng() < 0.05 ? ['rnd000', 'ghost1'] : pick(rng, trip.scorecards);
          // Some holes are picked up (`strokes: null`, WHS Rule 3.1b): the engine counts them as the full recompute does.
          const roll2 = rng();
          const doc = score(r, p, int(rng, 1, 18), roll2 < 0.04 ? 0 : roll2 < 0.14 ? null : int(rng, 1, 9));
          engine.applyScore(doc);
          docs.push(doc);
          if (doc.strokes !== 0) live.push(doc._id as string);
        }
        if (step % 6 === 5 || step === 119) {
          const snapshot = fromDocs(docs);
          expect(engine.snapshot()).toEqual(snapshot);
          expect(everyBoard(of(engine), trip)).toEqual(everyBoard(full(snapshot), trip));
        }
      }
    });
  }
});

describe('property: positions do not depend on the order of documents', () => {
  for (let seed = 1; seed <= 15; seed++) {
    it(`seed ${seed}`, () => {
      const rng = mulberry32(seed * 104729);
      const trip = randomTrip(rng);
      const scores = trip.scorecards.flatMap(([r, p]) => Array.from({ length: 18 }, (_, h) => (rng() < 0.7 ? [score(r, p, h + 1, rng() < 0.1 ? null : int(rng, 2, 8))] : [])).flat());
      const docs = [...trip.docs, ...scores];
      const expected = everyBoard(full(fromDocs(docs)), trip);
      expect(everyBoard(full(fromDocs(shuffle(rng, docs))), trip)).toEqual(expected);
      const s = fromDocs(docs);
      const reordered: TripSnapshot = { players: shuffle(rng, s.players), rounds: shuffle(rng, s.rounds), scorecards: shuffle(rng, s.scorecards), scores: shuffle(rng, s.scores), competitions: shuffle(rng, s.competitions) };
      expect(everyBoard(full(reordered), trip)).toEqual(expected);
      const engine = createLeaderboardEngine(fromDocs(trip.docs));
      for (const d of shuffle(rng, scores)) engine.applyScore(d);
      expect(everyBoard(of(engine), trip)).toEqual(expected);
    });
  }
});

describe('property: positions are consistent with the scores', () => {
  it('ties share a position and a T label, and the next position skips', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const rng = mulberry32(seed);
      const trip = randomTrip(rng);
      const docs = [...trip.docs, ...trip.scorecards.flatMap(([r, p]) => card(r, p, Array.from({ length: 18 }, () => (rng() < 0.8 ? int(rng, 3, 6) : null))))];
      for (const basis of BASES) {
        const b = roundLeaderboard(fromDocs(docs), trip.roundIds[0]!, { basis });
        if (!b.ok) throw new Error(b.failure.message);
        const ranked = b.value.entries.filter((e) => e.position !== null);
        const key = (e: (typeof ranked)[number]) => (basis === 'stableford' ? -e.points : e.toPar!);
        ranked.forEach((e, i) => {
          const first = ranked.findIndex((o) => key(o) === key(e));
          expect(e.position).toBe(first + 1);
          expect(e.tied).toBe(ranked.filter((o) => key(o) === key(e)).length > 1);
          expect(e.label).toBe(e.tied ? `T${first + 1}` : String(first + 1));
          if (i > 0) expect(key(e)).toBeGreaterThanOrEqual(key(ranked[i - 1]!));
        });
      }
    }
  });
});
