/**
 * Analytics routes (issue 8, "Analytics") against the real server: every route on the dashboard and in the portal,
 * who may call them, and bad input. The figures are worked out by hand (definitions in shared/domain/analytics).
 *
 * Course: `course18()`, par 72, White tee 71.2 / 128. Playing Handicaps at 95 %: Al (HI 10) 10, Bo (HI 20) 21,
 * Cy (HI 5) 5. Both rounds share a date, so trip order is by name: Day 1, then Day 2.
 *   Day 1  Al pars everywhere 72 (net 62)   Bo bogeys everywhere 90 (net 69)   Cy birdie on 1, then pars 71 (net 66)
 *   Day 2  Al bogeys everywhere 90 (net 80) Bo pars but 6 on the par-3 3rd 75 (net 54)   Cy front nine only: not completed
 * Ryder Cup (team match): Al (USA) against Bo (Europe), Day 1 singles at 100 %: Bo receives 11 strokes (SI 1–11) and
 * halves those holes with net pars; Al wins holes 3, 6, 7, 11 and 15 → 5&3.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FunStats, HeadToHead, HeadToHeadMatrix, Mvp, Rivalries, TripSummary } from '../../shared/schemas/analytics.js';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4];

let t: GamesTrip;
let other: Awaited<ReturnType<typeof organizer>>;
let day1: string;
let day2: string;
const dash = () => t.org.client;
const an = (path: string) => `/trips/${t.tripId}/analytics${path}`;
const pan = (path: string) => `/trip-portal/trips/${t.tripId}/analytics${path}`;
const h2h = (a: string, b: string) => `/head-to-head?playerA=${a}&playerB=${b}`;

/** Every analytics path (relative to the base) with the schema of its answer. */
const ROUTES = () =>
  [
    ['/summary', TripSummary],
    [h2h(t.id.Al!, t.id.Bo!), HeadToHead],
    ['/head-to-head/matrix', HeadToHeadMatrix],
    ['/mvp', Mvp],
    ['/fun-stats', FunStats],
    ['/rivalries', Rivalries],
  ] as const;

async function get(path: string, client: Api = dash()) {
  const res = await client.get(path);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

beforeAll(async () => {
  t = await gamesTrip([
    { name: 'Al', handicapIndex: 10, team: 'USA' },
    { name: 'Bo', handicapIndex: 20, team: 'Europe' },
    { name: 'Cy', handicapIndex: 5, team: 'USA' },
  ]);
  other = await organizer(t.server.url, 'Other');
  day1 = await t.round([['Al', 'Bo', 'Cy']], { name: 'Day 1' });
  day2 = await t.round([['Al', 'Bo', 'Cy']], { name: 'Day 2' });
  await t.scores(day1, { Al: PARS, Bo: PARS.map((p) => p + 1), Cy: PARS.map((p, i) => (i === 0 ? p - 1 : p)) });
  await t.scores(day2, { Al: PARS.map((p) => p + 1), Bo: PARS.map((p, i) => (i === 2 ? 6 : p)), Cy: PARS.slice(0, 9) });
  const competition = async (body: Record<string, unknown>) => {
    const res = await dash().post(`/trips/${t.tripId}/competitions`, body);
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  await competition({ name: 'Medal', format: 'stroke_gross', roundIds: [day1] });
  const cup = await competition({ name: 'Ryder Cup', format: 'team_match', roundIds: [day1] });
  const res = await dash().post(`/trips/${t.tripId}/competitions/${cup}/matches`, { roundId: day1, format: 'singles', sideA: [t.id.Al], sideB: [t.id.Bo] });
  expect(res.status, res.text).toBe(201);
}, 120_000);
afterAll(() => t.server.close());

describe('analytics routes', () => {
  it('answer the organizer on every route, each body as its schema describes', async () => {
    for (const [path, schema] of ROUTES()) {
      const body = await get(an(path));
      expect(schema.parse(body), path).toEqual(body);
    }
  });

  it('answer a player of the trip the same figures through the portal', async () => {
    for (const [path] of ROUTES()) expect(await get(pan(path), t.portal.Cy!), path).toEqual(await get(an(path)));
  });

  it('summarises completed rounds only', async () => {
    const s = await get(an('/summary'));
    expect(s).toMatchObject({ roundsScheduled: 2, roundsPlayed: 2, cardsCompleted: 5, holesPlayed: 90 });
    expect(s.players.map((p: { name: string; roundsPlayed: number; averageGross: number; averageNet: number }) => [p.name, p.roundsPlayed, p.averageGross, p.averageNet])).toEqual([
      ['Al', 2, 81, 71],
      ['Bo', 2, 82.5, 61.5],
      ['Cy', 1, 71, 66],
    ]);
    // Cy's birdie; Bo's 18 bogeys on Day 1 and Al's on Day 2; Bo's triple on Day 2. Cy's Day 2 front nine counts nowhere.
    expect(s.scoring).toEqual({ eaglesOrBetter: 0, birdies: 1, birdiesOrBetter: 1, pars: 52, bogeys: 36, doubleBogeysOrWorse: 1 });
    expect(s.bestRounds.gross.map((r: { name: string; roundId: string }) => [r.name, r.roundId])).toEqual([
      ['Cy', day1],
      ['Al', day1],
      ['Bo', day2],
    ]);
    expect(s.bestRounds.net[0]).toMatchObject({ name: 'Bo', roundId: day2, net: 54, netToPar: -18 });
  });

  it('compares two players on shared rounds and takes the record from their match', async () => {
    const body = await get(an(h2h(t.id.Al!, t.id.Bo!)));
    expect(body).toMatchObject({ playerA: { name: 'Al' }, playerB: { name: 'Bo' }, roundsTogether: 2 });
    expect(body.rounds.map((r: { roundId: string; netA: number; netB: number; winner: string }) => [r.roundId, r.netA, r.netB, r.winner])).toEqual([
      [day1, 62, 69, 'A'],
      [day2, 80, 54, 'B'],
    ]);
    expect(body.strokes).toEqual({ grossA: 162, grossB: 165, netA: 142, netB: 123, grossMargin: -3, netMargin: 19 });
    expect(body.matches).toMatchObject([{ roundId: day1, format: 'singles', status: '5&3', winner: 'A' }]);
    expect(body.record).toEqual({ source: 'matches', winsA: 1, winsB: 0, halved: 0 });
    const cy = await get(an(h2h(t.id.Cy!, t.id.Al!)));
    expect([cy.roundsTogether, cy.record]).toEqual([1, { source: 'rounds', winsA: 0, winsB: 1, halved: 0 }]);
  });

  it('fills the matrix from the row player\u2019s side', async () => {
    const m = await get(an('/head-to-head/matrix'));
    expect(m.players.map((p: { name: string }) => p.name)).toEqual(['Al', 'Bo', 'Cy']);
    expect(m.rows[1].cells[0]).toEqual({ opponentId: t.id.Al, roundsTogether: 2, grossMargin: 3, netMargin: -19, won: 0, lost: 1, halved: 0, source: 'matches' });
    expect(m.rows[1].cells[1]).toBeNull();
  });

  it('ranks the MVP on place and match points', async () => {
    const m = await get(an('/mvp'));
    // Medal (gross, Day 1): Cy 71, Al 72, Bo 90 → 10, 7, 5. Al won his singles → 1.
    expect(m.entries.map((e: { name: string; label: string; points: number }) => [e.name, e.label, e.points])).toEqual([
      ['Cy', '1', 10],
      ['Al', '2', 8],
      ['Bo', '3', 5],
    ]);
  });

  it('finds the fun stats', async () => {
    const f = await get(an('/fun-stats'));
    expect(f.mostBirdies).toEqual({ value: 1, leaders: [{ playerId: t.id.Cy, name: 'Cy' }] });
    expect(f.biggestBlowUp).toMatchObject({ value: 3, leaders: [{ name: 'Bo', roundId: day2, hole: 3, par: 3, strokes: 6 }] });
    expect(f.mostImproved).toMatchObject({ value: 15, leaders: [{ name: 'Bo', firstRoundId: day1, lastRoundId: day2, firstToPar: 18, lastToPar: 3 }] });
    expect(f.longestParStreak.value).toBe(18);
    expect(f.longestParStreak.leaders.map((l: { name: string; roundId: string }) => [l.name, l.roundId])).toEqual([
      ['Al', day1],
      ['Cy', day1],
    ]);
  });

  it('lists rivalries, closest and most played, with the limit and minimum asked for', async () => {
    const r = await get(an('/rivalries'));
    const pairs = (list: { playerA: { name: string }; playerB: { name: string }; roundsTogether: number; averageMargin: number }[]) =>
      list.map((x) => [x.playerA.name, x.playerB.name, x.roundsTogether, x.averageMargin]);
    // Al–Cy: Day 1, 62 against 66. Bo–Cy: Day 1, 69 against 66. Al–Bo: 62 against 69, then 80 against 54: 7 and 26
    // strokes apart, 16.5 a round (the totals, 142 against 123, are only 9.5 a round apart: signs must not cancel).
    expect(pairs(r.closest)).toEqual([
      ['Bo', 'Cy', 1, 3],
      ['Al', 'Cy', 1, 4],
      ['Al', 'Bo', 2, 16.5],
    ]);
    expect(pairs(r.mostPlayed)[0]).toEqual(['Al', 'Bo', 2, 16.5]);
    const some = await get(an('/rivalries?limit=1&minRounds=2'));
    expect([some.minRounds, pairs(some.closest), pairs(some.mostPlayed)]).toEqual([2, [['Al', 'Bo', 2, 16.5]], [['Al', 'Bo', 2, 16.5]]]);
  });
});

describe('analytics input', () => {
  it('answers 404 player_not_found naming an unknown player, on both twins', async () => {
    for (const res of [await dash().get(an(h2h(t.id.Al!, 'zzzzzzzz'))), await t.portal.Al!.get(pan(h2h('zzzzzzzz', t.id.Al!)))]) {
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('player_not_found');
      expect(res.body.error.details[0]).toMatchObject({ playerId: 'zzzzzzzz' });
    }
  });

  it('answers 400 for the same player twice, a missing or malformed player and a bad rivalry query', async () => {
    for (const path of [h2h(t.id.Al!, t.id.Al!), `/head-to-head?playerA=${t.id.Al}`, h2h(t.id.Al!, 'NOT-AN-ID'), '/rivalries?limit=0', '/rivalries?limit=51', '/rivalries?minRounds=abc']) {
      for (const res of [await dash().get(an(path)), await t.portal.Bo!.get(pan(path))]) {
        expect(res.status, path).toBe(400);
        expect(res.body.error.code).toBe('validation_failed');
      }
    }
  });
});

describe('analytics access', () => {
  it('answers another organizer 404, as if the trip did not exist', async () => {
    for (const [path] of ROUTES()) {
      const res = await other.client.get(an(path));
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('trip_not_found');
    }
  });

  it('refuses a portal session on the dashboard routes and a dashboard token on the portal routes (401)', async () => {
    for (const [path] of ROUTES()) {
      for (const res of [await t.portal.Al!.get(an(path)), await dash().get(pan(path))]) {
        expect(res.status, path).toBe(401);
        expect(res.body.error.code).toBe('wrong_auth_mode');
      }
    }
  });

  it('refuses a caller without credentials (401)', async () => {
    const anonymous = api(t.server.url);
    for (const [path] of ROUTES()) {
      for (const res of [await anonymous.get(an(path)), await anonymous.get(pan(path))]) {
        expect(res.status, path).toBe(401);
        expect(res.body.error.code).toBe('unauthorized');
      }
    }
  });

  it('refuses a portal session of another trip (403)', async () => {
    const tripId = (await other.client.post('/trips', tripBody())).body.id as string;
    const [zed] = (await other.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Zed' }] })).body.items as { id: string }[];
    const token = (await other.client.post('/trip-portal/token', { tripId, playerId: zed!.id })).body.token as string;
    const session = (await api(t.server.url).post('/trip-portal/validate', { token })).body.session as string;
    for (const [path] of ROUTES()) {
      const res = await api(t.server.url, session).get(pan(path));
      expect(res.status, path).toBe(403);
      expect(res.body.error.code).toBe('forbidden');
    }
  });
});
