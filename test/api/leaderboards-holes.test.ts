/**
 * Per-hole figures and the handicaps used, in scorecard and leaderboard responses (issue 14), against the real
 * server. The expected numbers are worked out by hand below from the rule definitions, not read from the output.
 *
 * Course: the pars and stroke indexes of `course18()` on a tee of standard difficulty, Course Rating 72.0 (= par),
 * Slope 113, so Ed's Handicap Index 20 gives Course Handicap 20 × 113/113 + (72 − 72) = 20 (WHS Rule 6.1a).
 * - On a board at 100 % his Playing Handicap is 20 (Rule 6.2): 20 strokes over 18 holes by stroke index (Appendix E)
 *   is one on every hole and a second on SI 1 and 2 (holes 4 and 12).
 * - His scorecard plays off the handicap frozen when the round became ready: stroke play, 95 % (Appendix C), 20 × 0.95
 *   = 19: a second stroke on SI 1 (hole 4) only.
 * - Net = gross − strokes received; Stableford points = max(0, 2 + par − net) (Rules of Golf 21.1b).
 * Fi has no Handicap Index: no Course Handicap, off scratch, net = gross.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organizer, tripBody, type Api } from '../support/client.js';
import { inlineRefs } from '../support/openapi.js';
import { startTestServer, type TestServer } from '../support/server.js';

const PAR = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4];
const SI = [7, 11, 15, 1, 3, 13, 17, 9, 5, 8, 16, 2, 6, 10, 12, 18, 4, 14];
/** Ed's gross on holes 1–17; hole 18 is not played yet. */
const ED = [5, 6, 3, 7, 4, 8, 4, 5, 6, 5, 2, 6, 5, 5, 7, 4, 6];
/** Fi's gross on holes 1–9. */
const FI = [4, 5, 3, 5, 5, 4, 3, 4, 6];

/** Playing Handicap 20: 2 strokes on holes 4 and 12 (SI 1, 2), 1 elsewhere. */
const RECEIVED_20 = [1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 2, 1, 1, 1, 1, 1, 1];
/** Net at 20 by hand: 5−1, 6−1, 3−1, 7−2, 4−1, 8−1, 4−1, 5−1, 6−1, 5−1, 2−1, 6−2, 5−1, 5−1, 7−1, 4−1, 6−1; hole 18 none. */
const NET_20 = [4, 5, 2, 5, 3, 7, 3, 4, 5, 4, 1, 4, 4, 4, 6, 3, 5, null];
/** Points at 20: par 4 net 4 → 2, net 5 → 1, par 3 net 2 → 3, … net 7 on a par 4 → 0, par 3 net 1 → 4, par 4 net 6 → 0. */
const POINTS_20 = [2, 1, 3, 2, 3, 0, 2, 2, 2, 2, 4, 2, 3, 2, 0, 2, 2, null];

/** Playing Handicap 19: 2 strokes on hole 4 (SI 1) only. */
const RECEIVED_19 = [1, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
/** Only hole 12 differs from the 20 card: 6 − 1 = 5 net, a net bogey, 1 point. */
const NET_19 = NET_20.map((n, i) => (i === 11 ? 5 : n));
const POINTS_19 = POINTS_20.map((p, i) => (i === 11 ? 1 : p));

let server: TestServer;
let org: Api;
let tripId: string;
let roundId: string;
const id: Record<string, string> = {};
const portal: Record<string, Api> = {};
const sum = (xs: readonly (number | null)[]) => xs.reduce<number>((s, x) => s + (x ?? 0), 0);

async function get(path: string, client: Api = org) {
  const res = await client.get(path);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

beforeAll(async () => {
  server = await startTestServer();
  org = (await organizer(server.url)).client;
  tripId = (await org.post('/trips', tripBody())).body.id;
  const added = await org.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Ed', handicapIndex: 20 }, { name: 'Fi' }] });
  expect(added.status, added.text).toBe(201);
  for (const p of added.body.items as { id: string; name: string }[]) id[p.name] = p.id;
  const tokens = (await org.post('/trip-portal/tokens/bulk', { tripId })).body.items as { playerId: string; token: string }[];
  for (const t of tokens) {
    const name = Object.keys(id).find((n) => id[n] === t.playerId)!;
    portal[name] = api(server.url, (await api(server.url).post('/trip-portal/validate', { token: t.token })).body.session);
  }
  const course = {
    name: 'Standard Links',
    holes: PAR.map((par, i) => ({ number: i + 1, par, strokeIndex: SI[i]! })),
    tees: [{ name: 'Standard', courseRating: 72, slope: 113 }],
  };
  const round = await org.post(`/trips/${tripId}/rounds`, { name: 'Day 1', date: '2027-04-11', course, defaultTee: 'Standard', groups: [{ playerIds: [id.Ed, id.Fi] }] });
  expect(round.status, round.text).toBe(201);
  roundId = round.body.id;
  expect((await org.patch(`/trips/${tripId}/rounds/${roundId}/ready`)).status).toBe(200);
  for (const [name, strokes] of [['Ed', ED], ['Fi', FI]] as const) {
    const res = await portal[name]!.post(`/trip-portal/scorecards/${roundId}-${id[name]}/scores/bulk`, { scores: strokes.map((s, i) => ({ hole: i + 1, strokes: s })) });
    expect(res.status, res.text).toBe(200);
  }
});

afterAll(async () => {
  await server?.close();
});

type Line = { hole: number; par: number; strokeIndex: number; gross: number | null; pickedUp: boolean; strokesReceived: number; net: number | null; points: number | null; netDoubleBogey: number };

/** The lines a card should have, from the hand-worked arrays above. */
function expectedLines(gross: readonly number[], received: readonly number[], net: readonly (number | null)[], points: readonly (number | null)[], courseHandicapStrokes = received): Line[] {
  return PAR.map((par, i) => ({
    hole: i + 1,
    par,
    strokeIndex: SI[i]!,
    gross: gross[i] ?? null,
    pickedUp: false,
    strokesReceived: received[i]!,
    net: net[i] ?? null,
    points: points[i] ?? null,
    // WHS Rule 3.1b: par + 2 + strokes received from the (rounded) Course Handicap, whatever the allowance.
    netDoubleBogey: par + 2 + courseHandicapStrokes[i]!,
  }));
}

describe('round leaderboard: per hole and the handicaps used', () => {
  it('gives a Course Handicap 20 player at 100 % two strokes on SI 1–2 and one on the rest, with net and points per hole', async () => {
    for (const path of [`/trips/${tripId}/leaderboards/rounds/${roundId}?allowancePercent=100`, `/trip-portal/trips/${tripId}/leaderboards/rounds/${roundId}?allowancePercent=100`]) {
      const board = await get(path, path.startsWith('/trip-portal') ? portal.Fi : org);
      const ed = board.entries.find((e: { playerId: string }) => e.playerId === id.Ed);
      expect(ed.courseHandicap).toBeCloseTo(20, 9);
      expect(ed.playingHandicap).toBe(20);
      expect(ed.perHole).toEqual(expectedLines(ED, RECEIVED_20, NET_20, POINTS_20));
      // The lines add up to the line's totals.
      expect([ed.thru, ed.gross, ed.net, ed.points]).toEqual([17, sum(ED), sum(NET_20), sum(POINTS_20)]);
    }
  });

  it('takes the strokes from the Playing Handicap at the board allowance: 19 at the default 95 %', async () => {
    const board = await get(`/trips/${tripId}/leaderboards/rounds/${roundId}?basis=stableford`);
    const ed = board.entries.find((e: { playerId: string }) => e.playerId === id.Ed);
    expect(board.allowancePercent).toBe(95);
    expect(ed.courseHandicap).toBeCloseTo(20, 9);
    expect(ed.playingHandicap).toBe(19);
    expect(ed.perHole.map((l: Line) => l.strokesReceived)).toEqual(RECEIVED_19);
    expect(ed.perHole.map((l: Line) => l.net)).toEqual(NET_19);
    expect(ed.perHole.map((l: Line) => l.points)).toEqual(POINTS_19);
    expect(ed.points).toBe(sum(POINTS_19));
  });

  it('shows a player without a Handicap Index off scratch, holes not played as null', async () => {
    const board = await get(`/trips/${tripId}/leaderboards/rounds/${roundId}`);
    const fi = board.entries.find((e: { playerId: string }) => e.playerId === id.Fi);
    expect([fi.courseHandicap, fi.playingHandicap]).toEqual([null, null]);
    const zero = PAR.map(() => 0);
    // Scratch: net = gross; par 4 net 4 → 2, par 4 net 5 → 1, par 5 net 6 → 1, …
    expect(fi.perHole).toEqual(expectedLines(FI, zero, FI, [2, 1, 2, 2, 1, 2, 2, 2, 1]));
  });

  it('carries the Course Handicap in each round column of the multi-round board', async () => {
    const board = await get(`/trips/${tripId}/leaderboards/multi-round?roundIds=${roundId}&allowancePercent=100`);
    const ed = board.entries.find((e: { playerId: string }) => e.playerId === id.Ed);
    expect(ed.rounds[0].courseHandicap).toBeCloseTo(20, 9);
    expect(ed.rounds[0].playingHandicap).toBe(20);
    const fi = board.entries.find((e: { playerId: string }) => e.playerId === id.Fi);
    expect(fi.rounds[0].courseHandicap).toBeNull();
  });
});

describe('portal scorecard: per hole at the frozen handicap', () => {
  it("plays off the handicap frozen on the card (stroke play 95 %: 19), whatever the board's allowance", async () => {
    const card = await get(`/trip-portal/scorecards/${roundId}-${id.Ed}/scores`, portal.Ed);
    expect(card.courseHandicap).toBeCloseTo(20, 9);
    expect([card.allowancePercent, card.playingHandicap]).toEqual([95, 19]);
    expect(card.perHole).toEqual(expectedLines(ED, RECEIVED_19, NET_19, POINTS_19, RECEIVED_20));
    // Hole 12 (stroke index 2): one stroke at Playing Handicap 19, but net double bogey counts Course Handicap 20's two.
    expect(card.perHole[11]).toMatchObject({ strokesReceived: 1, netDoubleBogey: card.perHole[11].par + 4 });
    expect([card.thru, card.gross, card.net, card.points]).toEqual([17, sum(ED), sum(NET_19), sum(POINTS_19)]);
    // The score documents are still there, hole by hole.
    expect(card.items.map((s: { hole: number; strokes: number }) => s.strokes)).toEqual(ED);
  });

  it('shows a card without a Handicap Index off scratch', async () => {
    const card = await get(`/trip-portal/scorecards/${roundId}-${id.Fi}/scores`, portal.Fi);
    expect([card.courseHandicap, card.playingHandicap]).toEqual([null, null]);
    expect(card.perHole.map((l: Line) => [l.strokesReceived, l.net])).toEqual(PAR.map((_, i) => [0, FI[i] ?? null]));
  });
});

describe('a picked-up hole (strokes: null)', () => {
  // WHS Rule 3.1b: hole 18, par 4, SI 14, one stroke received at 19 and at 20: net double bogey 4 + 2 + 1 = 7, which
  // is a net 6 (a net double bogey, par + 2), and 0 Stableford points (Rule 21.1b: no score returned).
  const PICKED = { hole: 18, par: 4, strokeIndex: 14, gross: null, pickedUp: true, strokesReceived: 1, net: 6, points: 0, netDoubleBogey: 7 };

  beforeAll(async () => {
    const res = await portal.Ed!.put(`/trip-portal/scorecards/${roundId}-${id.Ed}/scores`, { hole: 18, strokes: null });
    expect(res.status, res.text).toBe(200);
  });

  it('shows gross null, picked up, net double bogey and no points on the board, and the lines still add up', async () => {
    const board = await get(`/trips/${tripId}/leaderboards/rounds/${roundId}?allowancePercent=100`);
    const ed = board.entries.find((e: { playerId: string }) => e.playerId === id.Ed);
    expect(ed.perHole[17]).toEqual(PICKED);
    expect(ed.perHole.slice(0, 17)).toEqual(expectedLines(ED, RECEIVED_20, NET_20, POINTS_20).slice(0, 17));
    expect([ed.thru, ed.net, ed.points]).toEqual([18, sum(NET_20) + 6, sum(POINTS_20)]);
  });

  it('shows the same on the scorecard, its gross counting the hole at net double bogey', async () => {
    const card = await get(`/trip-portal/scorecards/${roundId}-${id.Ed}/scores`, portal.Ed);
    expect(card.perHole[17]).toEqual(PICKED);
    expect([card.thru, card.gross, card.net, card.points]).toEqual([18, sum(ED) + 7, sum(NET_19) + 6, sum(POINTS_19)]);
  });
});

describe('OpenAPI', () => {
  it('documents the per-hole lines and handicaps of the round board and the portal scorecard', async () => {
    const doc = await get('/openapi.json');
    const board = JSON.stringify(inlineRefs(doc, doc.paths['/trips/{tripId}/leaderboards/rounds/{roundId}'].get.responses['200']));
    const card = JSON.stringify(inlineRefs(doc, doc.paths['/trip-portal/scorecards/{scorecardId}/scores'].get.responses['200']));
    for (const text of [board, card]) {
      for (const field of ['perHole', 'courseHandicap', 'playingHandicap', 'strokeIndex', 'strokesReceived', 'pickedUp', 'netDoubleBogey']) expect(text).toContain(`"${field}"`);
    }
  });
});
