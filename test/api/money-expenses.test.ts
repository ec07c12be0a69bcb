import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizer } from '../support/client.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

let t: GamesTrip;
let base: string;
const expense = (overrides: Record<string, unknown> = {}) => ({
  payerId: t.id.Al,
  amountCents: 10_000,
  category: 'food',
  date: '2027-04-11',
  description: 'Dinner at the clubhouse',
  split: { mode: 'equal', playerIds: [t.id.Al, t.id.Bo, t.id.Cy] },
  ...overrides,
});
const shares = (body: { shares: { playerId: string; cents: number }[] }) => Object.fromEntries(body.shares.map((s) => [Object.keys(t.id).find((n) => t.id[n] === s.playerId), s.cents]));

beforeAll(async () => {
  t = await gamesTrip([{ name: 'Al' }, { name: 'Bo' }, { name: 'Cy' }, { name: 'Di' }]);
  base = `/trips/${t.tripId}/expenses`;
});
afterAll(() => t.server.close());

describe('recording expenses', () => {
  it('gives the odd cent to the participant listed first in an equal split', async () => {
    const res = await t.org.client.post(base, expense());
    expect(res.status).toBe(201);
    expect(res.headers.get('location')).toBe(`${base}/${res.body.id}`);
    expect(res.body).toMatchObject({ payerId: t.id.Al, amountCents: 10_000, currency: 'EUR', tripCurrency: 'EUR', tripAmountCents: 10_000, exchangeRate: null, receiptId: null, createdBy: { kind: 'organizer' } });
    expect(shares(res.body)).toEqual({ Al: 3334, Bo: 3333, Cy: 3333 });
  });

  it.each([
    ['exact amounts', { mode: 'exact', amounts: [{ playerId: 'Al', cents: 2500 }, { playerId: 'Bo', cents: 7500 }] }, { Al: 2500, Bo: 7500 }],
    ['shares', { mode: 'shares', shares: [{ playerId: 'Al', shares: 1 }, { playerId: 'Bo', shares: 2 }] }, { Al: 3333, Bo: 6667 }],
    ['percentages', { mode: 'percentages', percentages: [{ playerId: 'Cy', percent: 33.33 }, { playerId: 'Di', percent: 66.67 }] }, { Cy: 3333, Di: 6667 }],
  ])('splits by %s, summing exactly to the amount', async (_label, split, expected) => {
    const named = JSON.parse(JSON.stringify(split).replace(/"playerId":"(\w+)"/g, (_m, n: string) => `"playerId":"${t.id[n]}"`));
    const res = await t.org.client.post(base, expense({ split: named }));
    expect(res.status).toBe(201);
    expect(shares(res.body)).toEqual(expected);
  });

  it.each([
    ['an amount beyond any real expense', { amountCents: 100_000_000_001 }],
    ['an exact share beyond any real expense', { split: { mode: 'exact', amounts: [{ playerId: 'Al', cents: 100_000_000_001 }] } }],
    ['a foreign amount whose conversion is beyond any real expense', { amountCents: 9_000_000_000, currency: 'USD', exchangeRate: '1000' }],
  ])('refuses %s with 400 and stores nothing', async (_label, over) => {
    const named = JSON.parse(JSON.stringify(over).replace(/"playerId":"(\w+)"/g, (_m, n: string) => `"playerId":"${t.id[n]}"`));
    const before = (await t.org.client.get(base)).body.items.length;
    const res = await t.org.client.post(base, expense(named));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect((await t.org.client.get(base)).body.items.length).toBe(before);
  });

  it('converts another currency at the rate given, and the converted shares still sum exactly', async () => {
    const res = await t.org.client.post(base, expense({ amountCents: 10_000, currency: 'USD', exchangeRate: '0.9233', split: { mode: 'equal', playerIds: [t.id.Al, t.id.Bo, t.id.Cy] } }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ currency: 'USD', exchangeRate: '0.9233', tripAmountCents: 9233 });
    expect(shares(res.body)).toEqual({ Al: 3078, Bo: 3078, Cy: 3077 });
  });

  it('splits a foreign amount equally after converting its total: 10.00 at 1.0857 three ways is 3 × 362', async () => {
    const res = await t.org.client.post(base, expense({ amountCents: 1000, currency: 'USD', exchangeRate: '1.0857' }));
    expect(res.status).toBe(201);
    expect(res.body.tripAmountCents).toBe(1086);
    expect(shares(res.body)).toEqual({ Al: 362, Bo: 362, Cy: 362 });
    // Exact amounts and percentages keep their proportions of the converted total, and sum to it.
    const exact = await t.org.client.patch(`${base}/${res.body.id}`, { split: { mode: 'exact', amounts: [{ playerId: t.id.Al, cents: 500 }, { playerId: t.id.Bo, cents: 250 }, { playerId: t.id.Cy, cents: 250 }] } });
    expect(exact.status).toBe(200);
    expect(shares(exact.body)).toEqual({ Al: 543, Bo: 272, Cy: 271 });
    const percent = await t.org.client.patch(`${base}/${res.body.id}`, { split: { mode: 'percentages', percentages: [{ playerId: t.id.Bo, percent: 50 }, { playerId: t.id.Di, percent: 50 }] } });
    expect(shares(percent.body)).toEqual({ Bo: 543, Di: 543 });
    const equal = await t.org.client.patch(`${base}/${res.body.id}`, { split: { mode: 'equal', playerIds: [t.id.Al, t.id.Bo, t.id.Cy, t.id.Di] } });
    expect(shares(equal.body)).toEqual({ Al: 272, Bo: 272, Cy: 271, Di: 271 });
    expect((await t.org.client.get(`${base}/${res.body.id}`)).body.shares).toEqual(equal.body.shares);
  });

  it.each([
    ['a negative amount', { amountCents: -500 }, 400, 'validation_failed'],
    ['a zero amount', { amountCents: 0 }, 400, 'validation_failed'],
    ['a fractional amount', { amountCents: 10.5 }, 400, 'validation_failed'],
    ['percentages that do not add up to 100', { split: { mode: 'percentages', percentages: [{ playerId: 'AL', percent: 50 }, { playerId: 'BO', percent: 49.99 }] } }, 400, 'validation_failed'],
    ['exact amounts that do not add up', { split: { mode: 'exact', amounts: [{ playerId: 'AL', cents: 100 }] } }, 400, 'validation_failed'],
    ['a player listed twice', { split: { mode: 'equal', playerIds: ['AL', 'AL'] } }, 400, 'validation_failed'],
    ['another currency without a rate', { currency: 'USD' }, 400, 'validation_failed'],
    ['a rate for the trip currency', { exchangeRate: '1.1' }, 400, 'validation_failed'],
    ['an unknown currency', { currency: 'XYZ', exchangeRate: '1' }, 400, 'validation_failed'],
    ['an unknown payer', { payerId: 'zzzzzzzz' }, 422, 'unknown_player'],
    ['an unknown participant', { split: { mode: 'equal', playerIds: ['AL', 'zzzzzzzz'] } }, 422, 'unknown_player'],
    ['an unknown receipt', { receiptId: 'zzzzzzzz' }, 422, 'unprocessable'],
    ['an unknown category', { category: 'yachts' }, 400, 'validation_failed'],
  ])('refuses %s and stores nothing', async (_label, overrides, status, code) => {
    const before = (await t.org.client.get(base)).body.items.length;
    const body = JSON.parse(JSON.stringify(expense(overrides)).replaceAll('"AL"', `"${t.id.Al}"`).replaceAll('"BO"', `"${t.id.Bo}"`));
    const res = await t.org.client.post(base, body);
    expect(res.status).toBe(status);
    expect(res.body.error.code).toBe(code);
    expect((await t.org.client.get(base)).body.items).toHaveLength(before);
  });
});

describe('changing, listing and deleting expenses', () => {
  it('recomputes the shares when the amount or the split changes', async () => {
    const id = (await t.org.client.post(base, expense({ amountCents: 900 }))).body.id;
    const res = await t.org.client.patch(`${base}/${id}`, { amountCents: 1000, split: { mode: 'equal', playerIds: [t.id.Bo, t.id.Cy, t.id.Di] } });
    expect(res.status).toBe(200);
    expect(shares(res.body)).toEqual({ Bo: 334, Cy: 333, Di: 333 });
    expect((await t.org.client.get(`${base}/${id}`)).body.tripAmountCents).toBe(1000);
    expect((await t.org.client.patch(`${base}/${id}`, {})).status).toBe(400);
    expect((await t.org.client.patch(`${base}/${id}`, { currency: 'USD' })).body.error.code).toBe('validation_failed');
    expect((await t.org.client.delete(`${base}/${id}`)).status).toBe(204);
    expect((await t.org.client.get(`${base}/${id}`)).status).toBe(404);
    expect((await t.org.client.delete(`${base}/${id}`)).status).toBe(404);
  });

  it('filters by payer, by player and by category', async () => {
    const all = (await t.org.client.get(base)).body.items as { payerId: string; category: string; shares: { playerId: string }[] }[];
    const byDi = (await t.org.client.get(`${base}?playerId=${t.id.Di}`)).body.items as typeof all;
    expect(byDi.length).toBe(all.filter((e) => e.payerId === t.id.Di || e.shares.some((s) => s.playerId === t.id.Di)).length);
    expect(byDi.length).toBeGreaterThan(0);
    expect((await t.org.client.get(`${base}?category=golf`)).body.items).toEqual([]);
    expect((await t.org.client.get(`${base}?payerId=${t.id.Bo}`)).body.items).toEqual([]);
  });

  it('answers 404 for another organizer, who does not organize this trip', async () => {
    const other = await organizer(t.server.url, 'Stranger');
    expect((await other.client.get(base)).status).toBe(404);
  });
});

describe('expense balances', () => {
  it('lists paid, share and net per player, summing to zero', async () => {
    const res = await t.org.client.get(`/trips/${t.tripId}/expense-balances`);
    expect(res.status).toBe(200);
    const items = (await t.org.client.get(base)).body.items as { payerId: string; tripAmountCents: number; shares: { playerId: string; cents: number }[] }[];
    expect(res.body.currency).toBe('EUR');
    expect(res.body.expenseCount).toBe(items.length);
    expect(res.body.balances.map((b: { name: string }) => b.name)).toEqual(['Al', 'Bo', 'Cy', 'Di']);
    for (const b of res.body.balances as { playerId: string; paidCents: number; shareCents: number; netCents: number }[]) {
      expect(b.paidCents).toBe(items.filter((e) => e.payerId === b.playerId).reduce((s, e) => s + e.tripAmountCents, 0));
      expect(b.shareCents).toBe(items.flatMap((e) => e.shares).filter((s) => s.playerId === b.playerId).reduce((s, x) => s + x.cents, 0));
      expect(b.netCents).toBe(b.paidCents - b.shareCents);
    }
    expect(res.body.balances.reduce((s: number, b: { netCents: number }) => s + b.netCents, 0)).toBe(0);
  });

  it('refuses to delete a player who has money entries', async () => {
    const res = await t.org.client.delete(`/trips/${t.tripId}/players/${t.id.Bo}`);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('player_has_money_entries');
  });
});

describe('expenses on the portal', () => {
  it('records an expense I paid, with me as the payer', async () => {
    const res = await t.portal.Di!.post(`/trip-portal/trips/${t.tripId}/expenses`, { amountCents: 3000, category: 'drinks', date: '2027-04-12', description: 'Beers', split: { mode: 'equal', playerIds: [t.id.Di, t.id.Al] } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ payerId: t.id.Di, createdBy: { kind: 'player', id: t.id.Di } });
    expect((await t.portal.Di!.post(`/trip-portal/trips/${t.tripId}/expenses`, { payerId: t.id.Al, amountCents: 100, category: 'drinks', date: '2027-04-12', description: 'x', split: { mode: 'equal', playerIds: [t.id.Di] } })).status).toBe(400);
    const mine = (await t.portal.Di!.get(`/trip-portal/trips/${t.tripId}/expenses?mine=true`)).body.items as { id: string }[];
    expect(mine.map((e) => e.id)).toContain(res.body.id);
    const all = (await t.portal.Di!.get(`/trip-portal/trips/${t.tripId}/expenses`)).body.items as unknown[];
    expect(all.length).toBeGreaterThan(mine.length);
  });

  it('shows my balance, equal to my row of the expense balances', async () => {
    const res = await t.portal.Di!.get(`/trip-portal/trips/${t.tripId}/balance`);
    expect(res.status).toBe(200);
    const row = (await t.org.client.get(`/trips/${t.tripId}/expense-balances`)).body.balances.find((b: { playerId: string }) => b.playerId === t.id.Di);
    expect(res.body.expenses).toEqual({ paidCents: row.paidCents, shareCents: row.shareCents, netCents: row.netCents });
    expect(res.body.overall).toMatchObject({ playerId: t.id.Di, expensesCents: row.netCents, netCents: row.netCents });
  });

  it('refuses a dashboard token on portal money routes', async () => {
    expect((await t.org.client.get(`/trip-portal/trips/${t.tripId}/balance`)).status).toBe(401);
  });
});
