/**
 * Leaderboard routes (issue 4, "Leaderboards") against the real server: a small field whose boards are worked out by
 * hand below, scores entered hole by hole through the portal, dashboard and portal twins answering the same board.
 *
 * Course: `course18()`, White tee 71.2 / 128, par 72 (front 36, back 36). Course Handicap = HI × 128/113 − 0.8;
 * Playing Handicap at 95 % (stroke play, Stableford), 100 % in singles match play (lowest plays off zero):
 *   Al  HI 10 (USA):    CH 10.527 → PH 10 (95 %), 11 (100 %)
 *   Bo  HI 20 (Europe): CH 21.855 → PH 21 (95 %), 22 (100 %)
 *   Cy  HI 5  (USA):    CH 4.864  → PH 5  (95 %), 5  (100 %)
 *   Di  no HI (Europe): plays off scratch (null)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompetitionLeaderboard, MultiRoundLeaderboard, RoundLeaderboard } from '../../shared/schemas/leaderboards.js';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4];
/** Round 1, all 18 holes. */
const DAY1: Record<string, number[]> = {
  Al: PARS.map((p) => p + 1), // 90, net 80 (+8)
  Bo: PARS.map((p) => p + 2), // 108, net 87 (+15)
  Cy: PARS.map((p, i) => ([4, 5, 9, 12, 17].includes(i + 1) ? p : p + 1)), // par on stroke index 1–5: 85, net 80 (+8)
  Di: PARS.map((p, i) => (i < 9 ? p + 1 : p)), // bogeys out, pars back: 81, net 81 (+9)
};
/** Round 2, the front nine only, for Al and Cy. */
const DAY2: Record<string, number[]> = {
  Al: PARS.slice(0, 9), // 36; strokes on holes 1, 4, 5, 8, 9 (SI 7, 1, 3, 9, 5): net 31 (−5)
  Cy: PARS.slice(0, 9).map((p) => p + 1), // 45; strokes on holes 4, 5, 9: net 42 (+6)
};

let t: GamesTrip;
let other: Awaited<ReturnType<typeof organizer>>;
let day1: string;
let day2: string;
let cup: string;
let net: string;
let matchPlay: string;
const dash = () => t.org.client;
const portal = (name: string): Api => t.portal[name]!;
const lb = (path: string) => `/trips/${t.tripId}/leaderboards${path}`;
const plb = (path: string) => `/trip-portal/trips/${t.tripId}/leaderboards${path}`;

/** Each player enters their own card, one hole per request. */
async function enter(roundId: string, byName: Record<string, number[]>) {
  for (const [name, strokes] of Object.entries(byName)) {
    for (const [i, s] of strokes.entries()) {
      const res = await portal(name).put(`/trip-portal/scorecards/${roundId}-${t.id[name]}/scores`, { hole: i + 1, strokes: s });
      if (res.status !== 200) throw new Error(`score of ${name}: ${res.status} ${res.text}`);
    }
  }
}

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
    { name: 'Di', team: 'Europe' },
  ]);
  other = await organizer(t.server.url, 'Other');
  day1 = await t.round([['Al', 'Bo'], ['Cy', 'Di']], { name: 'Day 1' });
  day2 = await t.round([['Al', 'Bo'], ['Cy', 'Di']], { name: 'Day 2' });
  await enter(day1, DAY1);
  await enter(day2, DAY2);
  const competition = async (body: Record<string, unknown>) => {
    const res = await dash().post(`/trips/${t.tripId}/competitions`, body);
    expect(res.status, res.text).toBe(201);
    return res.body.id as string;
  };
  net = await competition({ name: 'Trip Cup', format: 'stroke_net', roundIds: [day1, day2] });
  cup = await competition({ name: 'Ryder Cup', format: 'team_match', roundIds: [day1] });
  matchPlay = await competition({ name: 'Knockout', format: 'match_play', roundIds: [day1] });
  for (const [a, b] of [
    ['Al', 'Bo'],
    ['Cy', 'Di'],
  ] as const) {
    const res = await dash().post(`/trips/${t.tripId}/competitions/${cup}/matches`, { roundId: day1, format: 'singles', sideA: [t.id[a]], sideB: [t.id[b]] });
    expect(res.status, res.text).toBe(201);
  }
}, 120_000);
afterAll(() => t.server.close());

/**
 * Lines in board order, players sharing a position (or without one) by name: the board orders them by player id,
 * which is random here.
 */
type Entry = RoundLeaderboard['entries'][number];
function byPlace(entries: Entry[]): Entry[] {
  const place = (e: Entry) => e.position ?? Infinity;
  for (let i = 1; i < entries.length; i++) {
    const [a, b] = [entries[i - 1]!, entries[i]!];
    expect(place(a) < place(b) || (place(a) === place(b) && a.playerId < b.playerId)).toBe(true);
  }
  return [...entries].sort((a, b) => place(a) - place(b) || a.name.localeCompare(b.name));
}

/** The fields of a line a golfer reads, for compact expectations. */
const line = (e: { name: string; position: number | null; label: string; tied: boolean; thru: number; gross: number; net: number; toPar: number | null; points: number }) => [
  e.name,
  e.position,
  e.label,
  e.tied,
  e.thru,
  e.gross,
  e.net,
  e.toPar,
  e.points,
];

describe('round leaderboard', () => {
  it('ranks on net by default for a stroke play round, ties sharing the position', async () => {
    const body = await get(lb(`/rounds/${day1}`));
    expect(RoundLeaderboard.parse(body)).toEqual(body); // the schema describes every field, and nothing more
    expect(body).toMatchObject({ roundId: day1, name: 'Day 1', basis: 'net', allowancePercent: 95, countback: false, par: 72 });
    expect(byPlace(body.entries).map(line)).toEqual([
      ['Al', 1, 'T1', true, 18, 90, 80, 8, 28],
      ['Cy', 1, 'T1', true, 18, 85, 80, 8, 28],
      ['Di', 3, '3', false, 18, 81, 81, 9, 27],
      ['Bo', 4, '4', false, 18, 108, 87, 15, 21],
    ]);
    const al = body.entries.find((e: { name: string }) => e.name === 'Al');
    expect(al).toMatchObject({ playerId: t.id.Al, team: 'USA', playingHandicap: 10, toParLabel: '+8', grossToPar: 18, netToPar: 8, holes: DAY1.Al });
    expect(body.entries.find((e: { name: string }) => e.name === 'Di')).toMatchObject({ team: 'Europe', playingHandicap: null });
  });

  it('ranks on gross and on Stableford points when asked', async () => {
    const gross = await get(lb(`/rounds/${day1}?basis=gross`));
    expect(gross.basis).toBe('gross');
    expect(gross.entries.map((e: { name: string; label: string; toPar: number }) => [e.name, e.label, e.toPar])).toEqual([
      ['Di', '1', 9],
      ['Cy', '2', 13],
      ['Al', '3', 18],
      ['Bo', '4', 36],
    ]);
    const stableford = await get(lb(`/rounds/${day1}?basis=stableford`));
    expect(byPlace(stableford.entries).map((e: { name: string; label: string; points: number }) => [e.name, e.label, e.points])).toEqual([
      ['Al', 'T1', 28],
      ['Cy', 'T1', 28],
      ['Di', '3', 27],
      ['Bo', '4', 21],
    ]);
  });

  it('takes another allowance: at 0 % the net board is the gross board', async () => {
    const body = await get(lb(`/rounds/${day1}?allowancePercent=0`));
    expect(body).toMatchObject({ basis: 'net', allowancePercent: 0 });
    expect(body.entries.map((e: { name: string; net: number }) => [e.name, e.net])).toEqual([
      ['Di', 81],
      ['Cy', 85],
      ['Al', 90],
      ['Bo', 108],
    ]);
  });

  it('shows thru and to par over the holes played, and players without a score last', async () => {
    const body = await get(lb(`/rounds/${day2}`));
    expect(byPlace(body.entries).map(line)).toEqual([
      ['Al', 1, '1', false, 9, 36, 31, -5, 23],
      ['Cy', 2, '2', false, 9, 45, 42, 6, 12],
      ['Bo', null, '-', false, 0, 0, 0, null, 0],
      ['Di', null, '-', false, 0, 0, 0, null, 0],
    ]);
    expect(body.entries[0].toParLabel).toBe('-5');
    expect(body.entries[3].toParLabel).toBe('-');
    expect(body.entries[0].holes).toEqual([...DAY2.Al!, ...Array(9).fill(null)]);
  });
});

describe('tournament and multi-round leaderboards', () => {
  it('adds up a stroke_net competition over its two rounds, a column per round', async () => {
    const body = await get(lb(`/competitions/${net}`));
    expect(CompetitionLeaderboard.parse(body)).toEqual(body);
    expect(body).toMatchObject({ kind: 'tournament', competitionId: net, name: 'Trip Cup', format: 'stroke_net', basis: 'net', roundIds: [day1, day2], countback: false });
    expect(body.entries.map((e: { name: string; label: string; toPar: number; thru: number; holesPlayed: number; gross: number; net: number }) => [e.name, e.label, e.toPar, e.thru, e.holesPlayed, e.gross, e.net])).toEqual([
      ['Al', '1', 3, 9, 27, 126, 111],
      ['Di', '2', 9, 18, 18, 81, 81],
      ['Cy', '3', 14, 9, 27, 130, 122],
      ['Bo', '4', 15, 18, 18, 108, 87],
    ]);
    expect(body.entries[0].rounds).toEqual([
      { roundId: day1, thru: 18, gross: 90, net: 80, points: 28, toPar: 8, playingHandicap: 10, courseHandicap: expect.closeTo(10.527, 3) },
      { roundId: day2, thru: 9, gross: 36, net: 31, points: 23, toPar: -5, playingHandicap: 10, courseHandicap: expect.closeTo(10.527, 3) },
    ]);
    expect(body.entries[1].rounds[1]).toEqual({ roundId: day2, thru: 0, gross: 0, net: 0, points: 0, toPar: null, playingHandicap: null, courseHandicap: null });
  });

  it('answers the multi-round board for chosen rounds, in the order given', async () => {
    const body = await get(lb(`/multi-round?roundIds=${day2},${day1}&basis=gross`));
    expect(MultiRoundLeaderboard.parse(body)).toEqual(body);
    expect(body).toMatchObject({ roundIds: [day2, day1], basis: 'gross', allowancePercent: 95, countback: false });
    // Gross to par: Al 0 + 18, Cy 9 + 13, Di 9, Bo 36. Al's latest started round is Day 1 (the last column).
    expect(body.entries.map((e: { name: string; label: string; toPar: number; thru: number }) => [e.name, e.label, e.toPar, e.thru])).toEqual([
      ['Di', '1', 9, 18],
      ['Al', '2', 18, 18],
      ['Cy', '3', 22, 18],
      ['Bo', '4', 36, 18],
    ]);
    expect(body.entries[1].rounds.map((r: { roundId: string; toPar: number }) => [r.roundId, r.toPar])).toEqual([
      [day2, 0],
      [day1, 18],
    ]);
    // The same board as the tournament's when asked the same way.
    const multi = await get(lb(`/multi-round?roundIds=${day1},${day2}`));
    const { kind, competitionId, name, format, ...tournament } = await get(lb(`/competitions/${net}`));
    expect(multi).toEqual(tournament);
  });
});

describe('team match leaderboard', () => {
  it('scores the matches as net match play and adds up the teams', async () => {
    const body = await get(lb(`/competitions/${cup}`));
    expect(CompetitionLeaderboard.parse(body)).toEqual(body);
    expect(body).toMatchObject({ kind: 'team_match', competitionId: cup, name: 'Ryder Cup', format: 'team_match', roundIds: [day1] });
    const byPlayer = (id: string) => body.matches.find((m: { sideA: { playerIds: string[] } }) => m.sideA.playerIds[0] === id);
    // Al (off 0) against Bo (11 strokes, SI 1–11): Al wins the holes of stroke index 12–18, the last of them
    // needed being hole 15 (SI 12) for 5 up with 3 to play.
    expect(byPlayer(t.id.Al!)).toMatchObject({
      roundId: day1,
      format: 'singles',
      points: 1,
      sideA: { team: 'USA', playerIds: [t.id.Al], names: ['Al'], strokes: [0] },
      sideB: { team: 'Europe', playerIds: [t.id.Bo], names: ['Bo'], strokes: [11] },
      matchStatus: 'won',
      leader: 'A',
      leaderTeam: 'USA',
      up: 5,
      thru: 15,
      status: '5&3',
      finished: true,
      pointsA: 1,
      pointsB: 0,
    });
    // Cy (5 strokes, SI 1–5) against Di (scratch): Cy 3 up after the front nine, Di wins 2 up on the back.
    expect(byPlayer(t.id.Cy!)).toMatchObject({
      sideA: { team: 'USA', strokes: [5] },
      sideB: { team: 'Europe', strokes: [0] },
      matchStatus: 'won',
      leader: 'B',
      leaderTeam: 'Europe',
      up: 2,
      thru: 18,
      status: '2 up',
      pointsA: 0,
      pointsB: 1,
    });
    expect(byPlayer(t.id.Cy!).holes).toEqual([
      'halved', 'halved', 'halved', 'A', 'A', 'halved', 'halved', 'halved', 'A',
      'B', 'B', 'A', 'B', 'B', 'B', 'B', 'A', 'B',
    ]);
    expect(body.teams).toEqual([
      { team: 'Europe', points: 1, projected: 1, won: 1, halved: 0, lost: 1 },
      { team: 'USA', points: 1, projected: 1, won: 1, halved: 0, lost: 1 },
    ]);
  });

  it('answers 422 for a match_play competition, which has no board', async () => {
    const res = await dash().get(lb(`/competitions/${matchPlay}`));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable');
  });
});

describe('portal twins', () => {
  it('answer players the same boards as the dashboard', async () => {
    for (const path of [`/rounds/${day1}`, `/rounds/${day2}?basis=stableford`, `/competitions/${net}`, `/competitions/${cup}`, `/multi-round?roundIds=${day1},${day2}&basis=net`]) {
      expect(await get(plb(path), portal('Bo'))).toEqual(await get(lb(path)));
    }
  });
});

describe('refusals', () => {
  it('answers 404 for an unknown round or competition, on both sides', async () => {
    for (const [path, code] of [
      ['/rounds/zzzzzzzz', 'round_not_found'],
      ['/competitions/zzzzzzzz', 'not_found'],
      [`/multi-round?roundIds=${day1},zzzzzzzz`, 'round_not_found'],
    ] as const) {
      for (const res of [await dash().get(lb(path)), await portal('Al').get(plb(path))]) {
        expect(res.status, path).toBe(404);
        expect(res.body.error.code).toBe(code);
      }
    }
  });

  it('answers 400 for a bad query', async () => {
    for (const path of ['/multi-round', `/multi-round?roundIds=${day1},${day1}`, `/rounds/${day1}?basis=skins`, `/rounds/${day1}?allowancePercent=120`]) {
      const res = await dash().get(lb(path));
      expect(res.status, path).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
  });

  it("answers another organizer 404, as if the trip did not exist", async () => {
    for (const path of [`/rounds/${day1}`, `/competitions/${net}`, `/multi-round?roundIds=${day1}`]) {
      const res = await other.client.get(lb(path));
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('trip_not_found');
    }
  });

  it('refuses a dashboard token on the portal routes and a portal session on the dashboard routes (401)', async () => {
    for (const path of [`/rounds/${day1}`, `/competitions/${net}`, `/multi-round?roundIds=${day1}`]) {
      const onPortal = await dash().get(plb(path));
      expect(onPortal.status).toBe(401);
      expect(onPortal.body.error.code).toBe('wrong_auth_mode');
      const onDashboard = await portal('Al').get(lb(path));
      expect(onDashboard.status).toBe(401);
      expect(onDashboard.body.error.code).toBe('wrong_auth_mode');
    }
  });

  it('refuses a portal session of another trip (403)', async () => {
    const tripId = (await other.client.post('/trips', tripBody())).body.id as string;
    const [zed] = (await other.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Zed' }] })).body.items as { id: string }[];
    const token = (await other.client.post('/trip-portal/token', { tripId, playerId: zed!.id })).body.token as string;
    const session = (await api(t.server.url).post('/trip-portal/validate', { token })).body.session as string;
    const res = await api(t.server.url, session).get(plb(`/rounds/${day1}`));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('forbidden');
  });
});

describe('picked-up holes and match play allowances (issue 14)', () => {
  it('a hole picked up over REST (strokes: null) counts net double bogey on the board, marked per hole', async () => {
    // Cy picks up hole 10 of day 2 (par 4, SI 8: no stroke off PH 5): net double bogey 4 + 2 = 6.
    const res = await portal('Cy').post(`/trip-portal/scorecards/${day2}-${t.id.Cy}/scores/bulk`, { scores: [{ hole: 10, strokes: null }] });
    expect(res.status, res.text).toBe(200);
    expect(res.body.items[0]).toMatchObject({ hole: 10, strokes: null });
    const body = await get(lb(`/rounds/${day2}?basis=net`));
    expect(RoundLeaderboard.parse(body)).toEqual(body);
    const cy = body.entries.find((e: Entry) => e.playerId === t.id.Cy)!;
    expect(cy).toMatchObject({ thru: 10, gross: 45 + 6, net: 42 + 6 });
    expect(cy.holes[9]).toBe(6);
    expect(cy.perHole[9]).toMatchObject({ hole: 10, gross: null, pickedUp: true, strokesReceived: 0, net: 6, points: 0, netDoubleBogey: 6 });
  });

  it("a team match competition's allowance replaces the WHS match play default, strokes still off the lowest", async () => {
    // At 50 %: Al 10.527 → 5, Bo 21.855 → 11: Bo receives 6 (11 at the 100 % default).
    const patch = await dash().patch(`/trips/${t.tripId}/competitions/${cup}`, { allowancePercent: 50 });
    expect(patch.status, patch.text).toBe(200);
    const body = await get(lb(`/competitions/${cup}`));
    const al = body.matches.find((m: { sideA: { playerIds: string[] } }) => m.sideA.playerIds[0] === t.id.Al);
    expect([al.sideA.strokes, al.sideB.strokes]).toEqual([[0], [6]]);
  });
});
