/**
 * The Money tab in the browser (issue 24): an expense with a receipt photo added through the screen and its photo
 * shown; balances adding up to zero; the unified plan's payments settling every balance, one arrow per payment in
 * its picture, and a payment's explanation naming its sources; a plan stored after its consequences are said, a
 * payment marked paid then confirmed; a wager and the tournament pot through their states; and 60 people sharing
 * money, the plan's list and picture drawn and every balance settled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, course18, organizer, tripBody } from '../support/client.js';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { desktopContext } from './support/dashboard.js';
import { goToMoney, moneyTrip, openMoney, receiptPng, type MoneyTrip } from './support/dashboard-area-money.js';
import { startPortalServer, type PortalServer } from './support/portal.js';
import type { RichTrip } from './support/rich-trip.js';

let server: PortalServer;
let browser: Browser;
let trip: MoneyTrip;

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  trip = await moneyTrip(server.base);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

type Transfer = { fromPlayerId: string; toPlayerId: string; cents: number };

/** The payments the page lists (rows of the plan table). */
const listedTransfers = (page: Page) =>
  page.locator('tr.plan-transfer').evaluateAll((rows) => rows.map((r) => ({ fromPlayerId: r.getAttribute('data-from')!, toPlayerId: r.getAttribute('data-to')!, cents: Number(r.getAttribute('data-cents')) })));
/** The arrows of the picture. */
const drawnArrows = (page: Page) =>
  page.locator('svg.plan-graph g.plan-arrow').evaluateAll((gs) => gs.map((g) => ({ fromPlayerId: g.getAttribute('data-from')!, toPlayerId: g.getAttribute('data-to')!, cents: Number(g.getAttribute('data-cents')) })));

/** What is left of each net after the transfers: all zero when they settle it. */
function leftAfter(nets: Record<string, number>, transfers: Transfer[]): Record<string, number> {
  const left = { ...nets };
  for (const t of transfers) {
    left[t.fromPlayerId] = (left[t.fromPlayerId] ?? 0) + t.cents;
    left[t.toPlayerId] = (left[t.toPlayerId] ?? 0) - t.cents;
  }
  return left;
}
const allZero = (m: Record<string, number>) => Object.values(m).every((v) => v === 0);
const unifiedNets = async (rich: { org: RichTrip['org']; tripId: string }) =>
  Object.fromEntries(((await rich.org.client.get(`/trips/${rich.tripId}/settlements/unified`)).body.nets as { playerId: string; netCents: number }[]).map((n) => [n.playerId, n.netCents]));

async function signedInPage(rich: { tripId: string; org: RichTrip['org'] } & Partial<RichTrip>, query = '') {
  const context = await desktopContext(browser);
  const page = await context.newPage();
  const errors = pageErrors(page);
  await openMoney(page, server.base, rich as RichTrip, query);
  return { context, page, errors };
}

describe('money tab', () => {
  it('adds an expense with exact amounts and a receipt photo through the screen; the photo loads', async () => {
    const { rich } = trip;
    const { context, page, errors } = await signedInPage(rich);
    const [p1, p2] = [rich.players[3]!, rich.players[4]!];
    await page.getByRole('button', { name: 'Add an expense' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add an expense' });
    await dialog.getByLabel('What for').fill('Caddie tips');
    await dialog.getByLabel('Amount (EUR)').fill('90.10');
    await dialog.getByLabel('Paid by').selectOption({ label: p1.name });
    await dialog.getByLabel('Exact amounts').check();
    await dialog.getByRole('button', { name: 'Nobody' }).click();
    await dialog.getByLabel(p1.name, { exact: true }).check();
    await dialog.getByLabel(p2.name, { exact: true }).check();
    await dialog.getByLabel(`Amount of ${p1.name} (EUR)`).fill('45.05');
    await dialog.getByLabel(`Amount of ${p2.name} (EUR)`).fill('45');
    // 0.05 short: the page says so, the server refuses, nothing is stored.
    await expect.poll(() => dialog.getByText('left to assign').textContent()).toContain('€0.05');
    await dialog.getByLabel(`Amount of ${p2.name} (EUR)`).fill('45.05');
    await expect.poll(() => dialog.getByText(/Assigned .* all of it/).count()).toBe(1);
    await dialog.getByLabel('Receipt photo or PDF (optional)').setInputFiles({ name: 'caddie-tips.png', mimeType: 'image/png', buffer: Buffer.from(receiptPng(200, 260)) });
    await dialog.getByRole('button', { name: 'Add the expense' }).click();
    await page.getByRole('status').getByText('“Caddie tips” added').waitFor();

    const stored = ((await rich.org.client.get(`/trips/${rich.tripId}/expenses?limit=100`)).body.items as any[]).find((e) => e.description === 'Caddie tips');
    expect(stored).toMatchObject({ amountCents: 9010, payerId: p1.id, split: { mode: 'exact', amounts: [{ playerId: p1.id, cents: 4505 }, { playerId: p2.id, cents: 4505 }] } });
    expect(stored.receiptId).toEqual(expect.any(String));

    await page.getByRole('button', { name: 'See receipt of Caddie tips' }).click();
    const img = page.getByRole('dialog').getByRole('img', { name: 'Receipt for Caddie tips' });
    await img.waitFor();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0))).toBe(200);
    expect(await img.evaluate((el: HTMLImageElement) => el.naturalHeight)).toBe(260);
    expect(await img.getAttribute('src')).toMatch(/^blob:/);
    await context.close();
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }, 120_000);

  it('changes an expense to a split by shares, saying what it reads, then deletes it after saying what that does', async () => {
    const { rich } = trip;
    const [p1, p2, p3] = rich.players;
    const created = await rich.org.client.post(`/trips/${rich.tripId}/expenses`, { payerId: p1!.id, amountCents: 6000, category: 'drinks', date: rich.day1.date, description: 'Beers at the turn', split: { mode: 'equal', playerIds: [p1!.id, p2!.id] } });
    expect(created.status).toBe(201);
    const { context, page } = await signedInPage(rich);
    await page.getByRole('button', { name: 'Change Beers at the turn' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change “Beers at the turn”' });
    await dialog.getByLabel('Amount (EUR)').fill('1,234.5');
    await dialog.getByText('Reads as €1,234.50').waitFor();
    await dialog.getByLabel('By shares').check();
    await dialog.getByLabel(p3!.name, { exact: true }).check();
    await dialog.getByLabel(`Shares of ${p2!.name}`).fill('2');
    await dialog.getByRole('button', { name: 'Save the changes' }).click();
    await page.getByRole('status').getByText('“Beers at the turn” saved.').waitFor();
    const after = (await rich.org.client.get(`/trips/${rich.tripId}/expenses/${created.body.id}`)).body;
    expect(after.amountCents).toBe(123450);
    expect(after.split).toEqual({ mode: 'shares', shares: [{ playerId: p1!.id, shares: 1 }, { playerId: p2!.id, shares: 2 }, { playerId: p3!.id, shares: 1 }] });
    expect(after.shares.map((x: { cents: number }) => x.cents)).toEqual([30863, 61725, 30862]);
    // A typo in the amount is said at the field; nothing is sent.
    await page.getByRole('button', { name: 'Change Beers at the turn' }).click();
    await dialog.getByLabel('Amount (EUR)').fill('12.345');
    await dialog.getByRole('button', { name: 'Save the changes' }).click();
    await dialog.getByText('Write the amount in EUR, like 120.50.').first().waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await rich.org.client.get(`/trips/${rich.tripId}/expenses/${created.body.id}`)).body.amountCents).toBe(123450);
    await page.getByRole('button', { name: 'Delete Beers at the turn' }).click();
    const ask = page.getByRole('dialog', { name: 'Delete this expense?' });
    await ask.getByText(/leaves every balance/).waitFor();
    await ask.getByRole('button', { name: 'Delete the expense' }).click();
    await page.getByRole('status').getByText('“Beers at the turn” deleted.').waitFor();
    expect((await rich.org.client.get(`/trips/${rich.tripId}/expenses/${created.body.id}`)).status).toBe(404);
    await context.close();
  }, 120_000);

  it('shows balances that add up to zero, equal to the server’s', async () => {
    const { rich } = trip;
    const { context, page } = await signedInPage(rich, '?view=balances');
    const table = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Already paid' }) });
    await table.waitFor();
    const shown = await table.locator('tbody tr').evaluateAll((rows) => Object.fromEntries(rows.map((r) => [r.getAttribute('data-player')!, Number(r.querySelector('[data-net]')!.getAttribute('data-net'))])));
    expect(shown).toEqual(await unifiedNets(rich));
    expect(Object.values(shown).reduce((a, b) => a + b, 0)).toBe(0);
    expect(Object.values(shown).some((v) => v !== 0)).toBe(true);
    expect(await table.locator('tfoot [data-sum]').getAttribute('data-sum')).toBe('0');
    await page.getByText('The balances add up to zero').waitFor();
    await context.close();
  }, 120_000);

  it('lists the unified plan whose payments settle every balance, draws one arrow per payment, and explains a payment by its sources', async () => {
    const { rich } = trip;
    const { context, page } = await signedInPage(rich, '?view=plans');
    await page.locator('svg.plan-graph').waitFor();
    const listed = await listedTransfers(page);
    expect(listed.length).toBeGreaterThan(1);
    expect(allZero(leftAfter(await unifiedNets(rich), listed))).toBe(true);
    const arrows = await drawnArrows(page);
    expect(arrows).toHaveLength(listed.length);
    expect([...arrows].sort(byTransfer)).toEqual([...listed].sort(byTransfer));
    await page.getByText(`${listed.length} payments`).first().waitFor();

    // The payment of a player who lost the settled wager: its explanation names the wager and each expense.
    const sources = (await rich.org.client.get(`/trips/${rich.tripId}/money-sources`)).body.players as { playerId: string; items: { label: string; source: string }[] }[];
    const i = listed.findIndex((t) => sources.find((s) => s.playerId === t.fromPlayerId)!.items.some((x) => x.source === 'wager'));
    expect(i).toBeGreaterThanOrEqual(0);
    const t = listed[i]!;
    await page.getByRole('button', { name: /^Why this amount/ }).nth(i).click();
    const explain = page.locator('.transfer-explain');
    await explain.waitFor();
    const text = (await explain.textContent())!;
    for (const id of [t.fromPlayerId, t.toPlayerId]) for (const item of sources.find((s) => s.playerId === id)!.items) expect(text).toContain(item.label);
    expect(text).toContain('Wager');
    expect(text).toContain('Villa, four nights');
    await context.close();
  }, 120_000);

  it('says what storing a plan does before doing it, then a payment goes from marked paid to confirmed', async () => {
    const { rich } = trip;
    const { context, page } = await signedInPage(rich, '?view=plans');
    await page.locator('svg.plan-graph').waitFor();
    const listed = await listedTransfers(page);
    await page.getByRole('button', { name: 'Use these payments' }).click();
    const ask = page.getByRole('dialog', { name: 'Use these payments?' });
    await ask.getByText(/not yet paid from an earlier plan will be replaced/).waitFor();
    await ask.getByText(/already marked paid or confirmed stay as they are/).waitFor();
    expect((await rich.org.client.get(`/trips/${rich.tripId}/settlements?kind=unified`)).body.items).toHaveLength(0);
    await ask.getByRole('button', { name: `Use these ${listed.length} payments` }).click();
    await page.getByRole('status').getByText(`Stored: ${listed.length} payments to make`).waitFor();
    const pending = ((await rich.org.client.get(`/trips/${rich.tripId}/settlements?status=pending`)).body.items as (Transfer & { id: string; kind: string })[]);
    expect(pending.map(({ fromPlayerId, toPlayerId, cents }) => ({ fromPlayerId, toPlayerId, cents })).sort(byTransfer)).toEqual([...listed].sort(byTransfer));
    expect(pending.every((s) => s.kind === 'unified')).toBe(true);

    await goToMoney(page, rich, '?view=payments');
    const s = pending[0]!;
    const row = page.locator(`tr[data-settlement="${s.id}"]`);
    await row.getByText('Not paid yet').waitFor();
    await row.getByRole('button', { name: /^Mark paid/ }).click();
    const paid = page.getByRole('dialog', { name: 'Mark this payment paid?' });
    await paid.getByText('This cannot be undone').waitFor();
    await paid.getByRole('button', { name: 'Mark it paid' }).click();
    await row.getByText('Paid, not confirmed').waitFor();
    expect((await rich.org.client.get(`/trips/${rich.tripId}/settlements?status=paid`)).body.items.map((x: { id: string }) => x.id)).toEqual([s.id]);
    await row.getByRole('button', { name: /^Confirm received/ }).click();
    await page.getByRole('dialog', { name: 'Confirm the money arrived?' }).getByRole('button', { name: 'Confirm it arrived' }).click();
    await row.getByText('Confirmed', { exact: true }).waitFor();
    expect(await row.getAttribute('data-status')).toBe('confirmed');
    const after = (await rich.org.client.get(`/trips/${rich.tripId}/settlements`)).body.items.find((x: { id: string }) => x.id === s.id);
    expect(after).toMatchObject({ status: 'confirmed', confirmedBy: { kind: 'organizer' } });
    // The payee's preferences give links with the amount.
    // Links from the payee's preferences: PayPal with the amount (Venmo takes dollars only, this trip is in euros), cash with instructions.
    const host = pending.find((x) => x.toPlayerId === trip.prefsPlayerId)!;
    expect(host).toBeDefined();
    await page.locator(`tr[data-settlement="${host.id}"]`).getByRole('button', { name: /^How to pay/ }).click();
    const paypal = page.getByRole('link', { name: /PayPal/ });
    await paypal.waitFor();
    expect(await paypal.getAttribute('href')).toContain((host.cents / 100).toFixed(2));
    expect(await page.getByRole('link', { name: /Venmo/ }).count()).toBe(0);
    await page.locator('.pay-links').getByText(/cash/i).first().waitFor();
    await context.close();
  }, 120_000);

  it('takes a wager from open to settled, and deletes an open one', async () => {
    const { rich } = trip;
    const { context, page } = await signedInPage(rich, '?view=wagers');
    const [a, b] = [rich.players[5]!, rich.players[6]!];
    await page.getByRole('button', { name: 'New wager' }).click();
    const dialog = page.getByRole('dialog', { name: 'New wager' });
    await dialog.getByLabel('The bet').fill(`${a.name} beats ${b.name} on Day 2`);
    await dialog.getByLabel('Stake (EUR)').fill('25');
    await dialog.getByLabel(a.name, { exact: true }).selectOption('A');
    await dialog.getByLabel(b.name, { exact: true }).selectOption('B');
    await dialog.getByRole('button', { name: 'Record the wager' }).click();
    const card = page.locator('li.wager').filter({ hasText: `${a.name} beats ${b.name} on Day 2` });
    await card.getByText('Open', { exact: true }).waitFor();
    const created = ((await rich.org.client.get(`/trips/${rich.tripId}/wagers`)).body.items as any[]).find((w) => w.terms === `${a.name} beats ${b.name} on Day 2`);
    expect(created).toMatchObject({ status: 'open', stakeCents: 2500, sideA: [a.id], sideB: [b.id] });
    await card.getByRole('button', { name: /^Settle/ }).click();
    await page.getByRole('dialog', { name: 'Who won?' }).getByRole('button', { name: `${a.name} won` }).click();
    await card.getByText(`Settled: ${a.name} won`).waitFor();
    expect(await card.getAttribute('data-status')).toBe('settled');
    expect((await rich.org.client.get(`/trips/${rich.tripId}/wagers/${created.id}`)).body.amounts).toEqual([{ playerId: a.id, cents: 2500 }, { playerId: b.id, cents: -2500 }]);
    // The open wager of the fixture: deleted after saying it moved nothing.
    const open = page.locator(`li[data-wager="${trip.wagers.open}"]`);
    await open.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('dialog', { name: 'Delete this wager?' }).getByRole('button', { name: 'Delete the wager' }).click();
    await open.waitFor({ state: 'detached' });
    expect((await rich.org.client.get(`/trips/${rich.tripId}/wagers/${trip.wagers.open}`)).status).toBe(404);
    await context.close();
  }, 120_000);

  it('sets up the tournament pot, refuses to pay out before the competition ends, and pays out by the final standings', async () => {
    const small = await potTrip();
    const { context, page } = await signedInPage(small, '?view=pot');
    await page.getByText('Not set up', { exact: true }).waitFor();
    await page.getByLabel('Entry per player (EUR)').fill('20');
    await page.getByLabel('Paid out by the standings of').selectOption({ label: 'Club championship' });
    await page.getByLabel('Place 1').fill('70');
    await page.getByLabel('Place 2').fill('30');
    await page.getByRole('button', { name: 'Remove the last place' }).click();
    await page.getByRole('button', { name: 'Save the pot' }).click();
    await page.getByText('Set up, not paid out', { exact: true }).waitFor();
    await page.getByText('4 players × €20.00 = €80.00 in the pot.').waitFor();
    await page.getByRole('button', { name: 'Pay out the pot' }).click();
    await page.getByRole('dialog', { name: 'Pay out the pot?' }).getByRole('button', { name: 'Pay it out' }).click();
    // The round is not completed yet: the server's refusal is said in the dialog, nothing is paid.
    await page.getByRole('dialog', { name: 'Pay out the pot?' }).getByRole('alert').waitFor();
    expect((await small.org.client.get(`/trips/${small.tripId}/tournament-pot`)).body.applied).toBeNull();
    await page.getByRole('dialog', { name: 'Pay out the pot?' }).getByRole('button', { name: 'Not yet' }).click();
    expect((await small.org.client.post(`/trips/${small.tripId}/rounds/${small.roundId}/complete`)).status).toBe(200);
    await page.getByRole('button', { name: 'Pay out the pot' }).click();
    await page.getByRole('dialog', { name: 'Pay out the pot?' }).getByRole('button', { name: 'Pay it out' }).click();
    await page.getByText('Paid out', { exact: true }).waitFor();
    const applied = (await small.org.client.get(`/trips/${small.tripId}/tournament-pot`)).body.applied;
    expect(applied.payouts).toEqual([{ playerId: small.ids.Al, cents: 5600 }, { playerId: small.ids.Bo, cents: 2400 }]);
    await page.getByRole('row', { name: /Al .*€56\.00/ }).waitFor();
    await context.close();
  }, 120_000);

  it('60 people sharing money: the plan is listed and drawn, and it settles every balance', async () => {
    const big = await bigTrip(60);
    const { context, page, errors } = await signedInPage(big, '?view=plans');
    await page.locator('svg.plan-graph').waitFor({ timeout: 30_000 });
    const listed = await listedTransfers(page);
    const nets = await unifiedNets(big);
    expect(Object.values(nets).filter((v) => v !== 0).length).toBeGreaterThan(40);
    expect(allZero(leftAfter(nets, listed))).toBe(true);
    const arrows = await drawnArrows(page);
    expect([...arrows].sort(byTransfer)).toEqual([...listed].sort(byTransfer));
    // Every payer and payee has a box in the picture, each name readable (at least 12 px on screen).
    const names = await page.locator('svg.plan-graph .plan-name').evaluateAll((ts) => ts.map((t) => ({ text: t.textContent, h: t.getBoundingClientRect().height })));
    expect(names.length).toBe(new Set(listed.map((t) => t.fromPlayerId)).size + new Set(listed.map((t) => t.toPlayerId)).size);
    expect(Math.min(...names.map((n) => n.h))).toBeGreaterThanOrEqual(12);
    // The all-in balances of the 60 add up to zero on the page too.
    await goToMoney(page, big as unknown as RichTrip, '?view=balances');
    await page.getByText('The balances add up to zero').waitFor();
    await context.close();
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }, 180_000);
});

const byTransfer = (a: Transfer, b: Transfer) => a.fromPlayerId.localeCompare(b.fromPlayerId) || a.toPlayerId.localeCompare(b.toPlayerId) || a.cents - b.cents;

/** A small trip for the pot: four players, one round fully scored but not completed, a competition on it. */
async function potTrip() {
  const org = await organizer(server.base, 'Pot Organizer');
  const tripId = (await org.client.post('/trips', tripBody({ name: 'Pot trip' }))).body.id as string;
  const added = (await org.client.post(`/trips/${tripId}/players/bulk`, { players: ['Al', 'Bo', 'Cy', 'Di'].map((name) => ({ name })) })).body.items as { id: string; name: string }[];
  const ids = Object.fromEntries(added.map((p) => [p.name, p.id])) as Record<'Al' | 'Bo' | 'Cy' | 'Di', string>;
  const round = await org.client.post(`/trips/${tripId}/rounds`, { name: 'Final day', date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: added.map((p) => p.id) }] });
  expect(round.status, round.text).toBe(201);
  const roundId = round.body.id as string;
  expect((await org.client.patch(`/trips/${tripId}/rounds/${roundId}/ready`)).status).toBe(200);
  expect((await org.client.post(`/trips/${tripId}/competitions`, { name: 'Club championship', format: 'stroke_gross', roundIds: [roundId] })).status).toBe(201);
  const tokens = (await org.client.post('/trip-portal/tokens/bulk', { tripId })).body.items as { playerId: string; token: string }[];
  const strokes: Record<string, number> = { [ids.Al]: 4, [ids.Bo]: 5, [ids.Cy]: 6, [ids.Di]: 7 };
  for (const t of tokens) {
    const session = (await api(server.base).post('/trip-portal/validate', { token: t.token })).body.session as string;
    const res = await api(server.base, session).post(`/trip-portal/scorecards/${roundId}-${t.playerId}/scores/bulk`, { scores: Array.from({ length: 18 }, (_, i) => ({ hole: i + 1, strokes: strokes[t.playerId]! })) });
    expect(res.status, res.text).toBe(200);
  }
  return { org, tripId, roundId, ids };
}

/** `n` players, 40 expenses among changing groups of them and a few settled wagers, all through the API. */
async function bigTrip(n: number) {
  const org = await organizer(server.base, 'Big Organizer');
  const tripId = (await org.client.post('/trips', tripBody({ name: `Society outing of ${n}` }))).body.id as string;
  const names = Array.from({ length: n }, (_, i) => `Golfer ${String(i + 1).padStart(2, '0')} ${['Ash', 'Birch', 'Cedar', 'Elm', 'Fir', 'Oak'][i % 6]}`);
  const players = (await org.client.post(`/trips/${tripId}/players/bulk`, { players: names.map((name) => ({ name })) })).body.items as { id: string }[];
  expect(players).toHaveLength(n);
  const T = `/trips/${tripId}`;
  let seed = 7;
  const rand = (k: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % k;
  for (let e = 0; e < 40; e++) {
    const payer = players[rand(n)]!.id;
    const group = players.filter(() => rand(3) > 0).map((p) => p.id);
    const res = await org.client.post(`${T}/expenses`, { payerId: payer, amountCents: 1_000 + rand(90_000), category: 'food', date: '2027-04-11', description: `Round of drinks ${e + 1}`, split: { mode: 'equal', playerIds: group.length ? group : [payer] } });
    expect(res.status, res.text).toBe(201);
  }
  for (let w = 0; w < 5; w++) {
    const res = await org.client.post(`${T}/wagers`, { sideA: [players[w]!.id], sideB: [players[n - 1 - w]!.id], stakeCents: 1_001 + w, terms: `Long drive ${w + 1}` });
    expect((await org.client.patch(`${T}/wagers/${res.body.id}/settle`, { winner: w % 2 ? 'A' : 'B' })).status).toBe(200);
  }
  return { org, tripId };
}
