/**
 * The consequences preview of a correction or of settling a dispute (issue 24): a dry run of the same write that
 * changes nothing and answers before → after for the board, the games and the money; applying stays one step (the
 * existing write), and a settlement already paid or confirmed is never rewritten.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

type Item = { id: string; fromPlayerId: string; toPlayerId: string; cents: number; status: string };
type Pair<T> = { before: T; after: T };

let t: GamesTrip;
let roundId: string;
const games: Record<string, string> = {};
const name = (id: string) => Object.keys(t.id).find((n) => t.id[n] === id);
const card = (player: string) => `/trips/${t.tripId}/scorecards/${roundId}-${t.id[player]}/scores`;
const settlements = async () => (await t.org.client.get(`/trips/${t.tripId}/settlements`)).body.items as Item[];
const byName = (rows: { playerId: string; cents: Pair<number> }[]) => Object.fromEntries(rows.map((r) => [name(r.playerId), r.cents]));

beforeAll(async () => {
  t = await gamesTrip([{ name: 'Al' }, { name: 'Bo' }, { name: 'Cy' }, { name: 'Di' }]);
  roundId = await t.round([['Al', 'Bo'], ['Cy', 'Di']]);
  for (const [game, participants] of [['AB', ['Al', 'Bo']], ['CD', ['Cy', 'Di']]] as const) {
    const res = await t.org.client.post(`/trips/${t.tripId}/side-games`, { kind: 'skins', roundId, basis: 'gross', participants: participants.map((n) => t.id[n]), config: { mode: 'per_skin', cents: 500 } });
    games[game] = res.body.game.id;
  }
  const nassau = await t.org.client.post(`/trips/${t.tripId}/side-games`, { kind: 'nassau', roundId, basis: 'gross', participants: { a: [t.id.Cy], b: [t.id.Di] }, config: { stakes: 100 } });
  expect(nassau.status).toBe(201);
  games.N = nassau.body.game.id;
  const fours = () => Array(18).fill(4) as number[];
  // Hole 1: Bo beats Al, Cy beats Di; every other hole halved.
  await t.scores(roundId, { Al: fours(), Bo: [3, ...fours().slice(1)], Cy: [3, ...fours().slice(1)], Di: fours() });
  expect((await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/complete`)).status).toBe(200);
  expect((await t.org.client.post(`/trips/${t.tripId}/settlements/unified/persist`)).status).toBe(201);
});
afterAll(() => t.server.close());

describe('POST …/scorecards/:scorecardId/scores/:hole/preview', () => {
  let paid: Item;
  let preview: any;

  it('refuses what the write refuses: a completed round needs a reason', async () => {
    const res = await t.org.client.post(`${card('Di')}/1/preview`, { strokes: 2 });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('correction_reason_required');
  });

  it('answers before → after for the board, skins, Nassau and money, and writes nothing', async () => {
    const items = await settlements();
    const payer = items.find((i) => name(i.fromPlayerId) === 'Al')!;
    expect((await t.org.client.patch(`/trips/${t.tripId}/settlements/${payer.id}/complete`)).status).toBe(200);
    paid = (await settlements()).find((i) => i.id === payer.id)!;
    const scoreBefore = (await t.org.client.get(card('Di'))).body.items.find((s: { hole: number }) => s.hole === 1);
    const settlementsBefore = await settlements();

    const res = await t.org.client.post(`${card('Di')}/1/preview`, { strokes: 2, reason: 'eagle entered as a four' });
    expect(res.status).toBe(200);
    preview = res.body;
    expect(preview.unchanged).toBe(false);
    expect(preview.scores).toEqual([{ hole: 1, strokes: { before: 4, after: 2 }, disputeSettled: false }]);
    // The board: Di from last to first on gross 70; Cy drops.
    const di = preview.board.changes.find((c: { name: string }) => c.name === 'Di');
    expect(di.gross).toEqual({ before: 72, after: 70 });
    expect(di.position.after).toBe('1');
    expect(preview.board.changes.map((c: { name: string }) => c.name).sort()).toContain('Cy');
    // Skins CD: the skin of hole 1 moves from Cy to Di; AB does not change and is not listed.
    const skins = preview.sideGames.find((g: { gameId: string }) => g.gameId === games.CD);
    expect(skins.skinsHoles).toEqual([{ hole: 1, winner: { before: t.id.Cy, after: t.id.Di }, skinsWon: { before: 1, after: 1 }, outcome: { before: 'won', after: 'won' } }]);
    expect(skins.moneyCents).toEqual({ [t.id.Cy!]: { before: 500, after: -500 }, [t.id.Di!]: { before: -500, after: 500 } });
    expect(preview.sideGames.some((g: { gameId: string }) => g.gameId === games.AB)).toBe(false);
    // Nassau Cy–Di: the front and the overall turn from Cy's to Di's.
    const nassau = preview.sideGames.find((g: { gameId: string }) => g.gameId === games.N);
    expect(nassau.kind).toBe('nassau');
    expect(nassau.nassauBets.map((b: { id: string; result: Pair<string> }) => [b.id, b.result])).toEqual([
      ['front', { before: 'a', after: 'b' }],
      ['overall', { before: 'a', after: 'b' }],
    ]);
    expect(byName(preview.roundGameMoney)).toEqual({ Cy: { before: 700, after: -700 }, Di: { before: -700, after: 700 } });
    const nets = byName(preview.unifiedNets);
    expect(Object.keys(nets).sort()).toEqual(['Cy', 'Di']);
    expect(nets.Di!.after - nets.Di!.before).toBe(1400);
    expect(preview.settlements.paidOrConfirmedKept).toBe(1);
    // Nothing was written.
    expect((await t.org.client.get(card('Di'))).body.items.find((s: { hole: number }) => s.hole === 1)).toEqual(scoreBefore);
    expect(await settlements()).toEqual(settlementsBefore);
  });

  it('applying the same body gives what the preview said, and the paid settlement stays as it was', async () => {
    const res = await t.org.client.put(`${card('Di')}/1`, { strokes: 2, reason: 'eagle entered as a four' });
    expect(res.status).toBe(200);
    const state = (await t.org.client.get(`/trips/${t.tripId}/side-games/${games.CD}`)).body.state;
    expect(state.moneyCents).toEqual({ [t.id.Cy!]: -500, [t.id.Di!]: 500 });
    const plan = (await t.org.client.get(`/trips/${t.tripId}/settlements/unified`)).body;
    for (const row of preview.unifiedNets) expect(plan.nets.find((n: { playerId: string }) => n.playerId === row.playerId).netCents).toBe(row.cents.after);
    const after = await settlements();
    expect(after.find((i) => i.id === paid.id)).toEqual(paid);
    expect(after.filter((i) => i.status !== 'pending')).toEqual([paid]);
  });

  it('answers unchanged with nothing listed when the hole already has that value', async () => {
    const res = await t.org.client.post(`${card('Di')}/1/preview`, { strokes: 2, reason: 'same' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ unchanged: true, scores: [], sideGames: [], roundGameMoney: [], unifiedNets: [] });
    expect(res.body.board.changes).toEqual([]);
  });

  it('previews several holes at once with the bulk body', async () => {
    const res = await t.org.client.post(`${card('Al')}/bulk/preview`, { scores: [{ hole: 1, strokes: 2 }, { hole: 2, strokes: 3 }], reason: 'card mixed up' });
    expect(res.status).toBe(200);
    expect(res.body.scores.map((s: { hole: number }) => s.hole)).toEqual([1, 2]);
    expect(byName(res.body.roundGameMoney)).toMatchObject({ Al: { before: -500, after: 1000 } });
  });
});

describe('POST …/score-disputes/:scorecardId/:hole/resolve/preview', () => {
  it('previews settling a hole with the resolve body, and 404 for a hole without a score', async () => {
    const res = await t.org.client.post(`/trips/${t.tripId}/score-disputes/${roundId}-${t.id.Bo}/1/resolve/preview`, { strokes: 5 });
    expect(res.status).toBe(200);
    expect(res.body.scores).toEqual([{ hole: 1, strokes: { before: 3, after: 5 }, disputeSettled: false }]);
    expect(res.body.sideGames.map((g: { gameId: string }) => g.gameId)).toEqual([games.AB]);
    const day2 = await t.round([['Al', 'Bo']], { name: 'Day 2' });
    const none = await t.org.client.post(`/trips/${t.tripId}/score-disputes/${day2}-${t.id.Bo}/1/resolve/preview`, { strokes: 5 });
    expect(none.status).toBe(404);
  });

  it('is in /openapi.json', async () => {
    const doc = (await t.org.client.get('/openapi.json')).body;
    expect(doc.paths['/trips/{tripId}/scorecards/{scorecardId}/scores/{hole}/preview'].post).toBeDefined();
    expect(doc.paths['/trips/{tripId}/score-disputes/{scorecardId}/{hole}/resolve/preview'].post).toBeDefined();
  });
});

describe('GET …/scorecards/:scorecardId/scores/:hole/history', () => {
  it('lists every value oldest first with who entered it by name, when, the device and the reason', async () => {
    const res = await t.org.client.get(`${card('Di')}/1/history`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ playerName: 'Di', hole: 1, disputed: false });
    const entries = res.body.entries as { strokes: number; by: { kind: string; name: string }; reason: string | null; current: boolean; deviceId: string; enteredAt: string }[];
    expect(entries.map((e) => [e.strokes, e.by.kind, e.by.name, e.reason, e.current])).toEqual([
      [4, 'player', 'Di', null, false],
      [2, 'organizer', 'Organizer', 'eagle entered as a four', true],
    ]);
    expect(entries[1]!.deviceId).toBe('dashboard');
    expect(Date.parse(entries[1]!.enteredAt)).toBeGreaterThanOrEqual(Date.parse(entries[0]!.enteredAt));
  });

  it('is 404 for a hole without a score', async () => {
    const day = (await t.org.client.get(`/trips/${t.tripId}/rounds`)).body.items.find((r: { name: string }) => r.name === 'Day 2').id as string;
    expect((await t.org.client.get(`/trips/${t.tripId}/scorecards/${day}-${t.id.Al}/scores/1/history`)).status).toBe(404);
  });
});
