import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

type Item = { source: string; refId: string; label: string; cents: number; paidCents?: number; shareCents?: number };
type Sources = { kind: string; currency: string; players: { playerId: string; name: string; netCents: number; items: Item[] }[] };
type Net = { playerId: string; netCents: number; expensesCents: number; sideGamesCents: number; wagersCents: number; potCents: number; settledCents: number };

let t: GamesTrip;
let T: string;
const holes = (strokes: number) => Array.from({ length: 18 }, () => strokes);
const sources = async (kind?: string) => {
  const res = await t.org.client.get(`${T}/money-sources${kind ? `?kind=${kind}` : ''}`);
  expect(res.status, res.text).toBe(200);
  return res.body as Sources;
};
const plan = async (path: string) => (await t.org.client.get(`${T}/settlements/${path}`)).body as { nets: Net[] };
const byId = (s: Sources) => new Map(s.players.map((p) => [p.playerId, p]));
const sumOf = (items: Item[], ...kinds: string[]) => items.filter((i) => kinds.includes(i.source)).reduce((a, i) => a + i.cents, 0);

let dinner: string;
let wager: string;
let skins: string;

beforeAll(async () => {
  t = await gamesTrip([{ name: 'Al' }, { name: 'Bo' }, { name: 'Cy' }, { name: 'Di' }]);
  T = `/trips/${t.tripId}`;
  const round = await t.round([['Al', 'Bo', 'Cy', 'Di']], { name: 'Day 1' });
  const id = (n: string) => t.id[n]!;
  dinner = (await t.org.client.post(`${T}/expenses`, { payerId: id('Al'), amountCents: 10001, category: 'food', date: '2027-04-11', description: 'Dinner at the marina', split: { mode: 'equal', playerIds: ['Al', 'Bo', 'Cy'].map(id) } })).body.id;
  await t.org.client.post(`${T}/expenses`, { payerId: id('Di'), amountCents: 4000, category: 'golf', date: '2027-04-11', description: 'Range balls', split: { mode: 'shares', shares: [{ playerId: id('Di'), shares: 1 }, { playerId: id('Bo'), shares: 3 }] } });
  const w = await t.org.client.post(`${T}/wagers`, { sideA: [id('Bo')], sideB: [id('Cy')], stakeCents: 2500, terms: 'Bo beats Cy on Day 1' });
  wager = w.body.id;
  expect((await t.org.client.patch(`${T}/wagers/${wager}/settle`, { winner: 'A' })).status).toBe(200);
  const g = await t.org.client.post(`${T}/side-games`, { kind: 'skins', roundId: round, basis: 'gross', participants: ['Al', 'Bo', 'Cy', 'Di'].map(id), config: { mode: 'per_skin', cents: 500 } });
  expect(g.status, g.text).toBe(201);
  skins = (g.body.game ?? g.body).id;
  const comp = await t.org.client.post(`${T}/competitions`, { name: 'Cup', format: 'stroke_gross', roundIds: [round] });
  await t.org.client.patch(`${T}/tournament-pot`, { entryCents: 1000, payoutMode: 'percentages', payouts: [{ place: 1, percent: 100 }], competitionId: comp.body.id });
  // Al wins every hole alone: every skin, and the pot.
  await t.scores(round, { Al: holes(3), Bo: holes(4), Cy: holes(5), Di: holes(6) });
  expect((await t.org.client.post(`${T}/rounds/${round}/complete`)).status).toBe(200);
  expect((await t.org.client.post(`${T}/tournament-pot/apply`)).status).toBe(200);
});
afterAll(() => t.server.close());

describe('GET /trips/:tripId/money-sources', () => {
  it('names every expense, game, wager and pot share of the unified nets, and each player\'s items add up to their net there', async () => {
    const s = await sources();
    expect(s).toMatchObject({ kind: 'unified', currency: 'EUR' });
    const nets = (await plan('unified')).nets;
    const rows = byId(s);
    for (const n of nets) {
      const row = rows.get(n.playerId)!;
      expect(row.netCents).toBe(n.netCents);
      expect(row.items.reduce((a, i) => a + i.cents, 0)).toBe(n.netCents);
      expect(sumOf(row.items, 'expense')).toBe(n.expensesCents);
      expect(sumOf(row.items, 'side_game')).toBe(n.sideGamesCents);
      expect(sumOf(row.items, 'wager')).toBe(n.wagersCents);
      expect(sumOf(row.items, 'pot_entry', 'pot_payout')).toBe(n.potCents);
    }
    const al = rows.get(t.id.Al!)!;
    expect(al.items).toContainEqual({ source: 'expense', refId: dinner, label: 'Dinner at the marina', cents: 10001 - 3334, paidCents: 10001, shareCents: 3334 });
    expect(al.items).toContainEqual({ source: 'side_game', refId: skins, label: expect.stringContaining('Day 1'), cents: expect.any(Number) });
    expect(al.items.find((i) => i.source === 'side_game')!.cents).toBeGreaterThan(0);
    expect(al.items).toContainEqual({ source: 'pot_payout', refId: t.tripId, label: 'Tournament pot payout, place 1', cents: 4000 });
    expect(al.items).toContainEqual({ source: 'pot_entry', refId: t.tripId, label: 'Tournament pot entry', cents: -1000 });
    expect(rows.get(t.id.Bo!)!.items).toContainEqual({ source: 'wager', refId: wager, label: 'Bo beats Cy on Day 1', cents: 2500 });
    expect(rows.get(t.id.Cy!)!.items).toContainEqual({ source: 'wager', refId: wager, label: 'Bo beats Cy on Day 1', cents: -2500 });
    expect(s.players.reduce((a, p) => a + p.netCents, 0)).toBe(0);
  });

  it('for the plain plan counts expenses only, as the plain plan does', async () => {
    const s = await sources('plain');
    const balances = (await t.org.client.get(`${T}/expense-balances`)).body.balances as { playerId: string; netCents: number }[];
    const rows = byId(s);
    for (const b of balances) expect(rows.get(b.playerId)!.netCents).toBe(b.netCents);
    expect(s.players.flatMap((p) => p.items).every((i) => i.source === 'expense')).toBe(true);
  });

  it('counts a settlement marked paid against both sides, still adding up to the unified net', async () => {
    const persisted = await t.org.client.post(`${T}/settlements/unified/persist`);
    const first = persisted.body.items[0] as { id: string; fromPlayerId: string; toPlayerId: string; cents: number };
    expect((await t.org.client.post(`${T}/settlements/${first.id}/mark-paid`)).status).toBe(200);
    const rows = byId(await sources());
    const payer = rows.get(first.fromPlayerId)!;
    expect(payer.items).toContainEqual(expect.objectContaining({ source: 'settled', refId: first.id, cents: first.cents }));
    expect(rows.get(first.toPlayerId)!.items).toContainEqual(expect.objectContaining({ source: 'settled', refId: first.id, cents: -first.cents }));
    for (const n of (await plan('unified')).nets) expect(rows.get(n.playerId)!.netCents).toBe(n.netCents);
  });

  it('refuses an unknown kind with 400 in the documented shape, and a stranger with 404', async () => {
    const res = await t.org.client.get(`${T}/money-sources?kind=everything`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect((await t.org.client.get(`${T}/money-sources?other=1`)).status).toBe(400);
    expect((await t.org.client.get('/trips/zzzzzzzz/money-sources')).status).toBe(404);
  });
});
