/**
 * The Money tab for its browser test, the screenshots and the accessibility test: the rich trip (expenses settled
 * by a plain plan, one payment confirmed), topped up with a receipt photo on an expense, two wagers (one settled),
 * a tournament pot set up on the trip's competition, and payment preferences for the player most owed. The tour
 * opens every view, a payment's explanation and a receipt.
 */
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { multipartRequest } from '../../support/upload.js';
import type { AreaTour } from './dashboard-areas.js';
import { stopper } from './dashboard-areas.js';
import { signInInPage } from './dashboard.js';
import { richTrip, type RichTrip } from './rich-trip.js';
import { settle } from './tour.js';

export interface MoneyTrip {
  rich: RichTrip;
  /** The expense with a receipt photo. */
  receiptExpense: { id: string; description: string };
  wagers: { open: string; settled: string };
  /** The player most owed, who gave Venmo, PayPal.me and cash as ways to be paid. */
  prefsPlayerId: string;
}

async function must(res: Promise<{ status: number; body: any; text?: string }>, what: string): Promise<any> {
  const r = await res;
  if (r.status >= 300) throw new Error(`money trip: ${what}: ${r.status} ${r.text ?? JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * A real PNG of `w`×`h` pixels that looks like a till receipt: white paper, grey lines of "text", a dark total
 * line. Built with zlib, so the browser decodes it as any photo.
 */
export function receiptPng(w = 240, h = 320): Uint8Array {
  const rows: number[] = [];
  for (let y = 0; y < h; y++) {
    rows.push(0);
    for (let x = 0; x < w; x++) {
      const line = y > 20 && y < h - 40 && y % 18 < 6 && x > 20 && x < w - 20 - ((y * 7) % 60);
      const total = y > h - 34 && y < h - 22 && x > w / 2 && x < w - 20;
      const v = total ? 30 : line ? 150 : 250;
      rows.push(v, v, total ? 30 : line ? 150 : 245);
    }
  }
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Uint8Array) => (b.reduce((c, x) => table[(c ^ x) & 0xff]! ^ (c >>> 8), 0xffffffff) ^ 0xffffffff) >>> 0;
  const u32 = (v: number) => [(v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff];
  const ascii = (t: string) => [...t].map((ch) => ch.charCodeAt(0));
  const chunk = (type: string, data: Uint8Array) => {
    const body = Uint8Array.from([...ascii(type), ...data]);
    return [...u32(data.length), ...body, ...u32(crc(body))];
  };
  const ihdr = Uint8Array.from([...u32(w), ...u32(h), 8, 2, 0, 0, 0]);
  const idat = Uint8Array.from(deflateSync(Uint8Array.from(rows)));
  return Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk('IHDR', ihdr), ...chunk('IDAT', idat), ...chunk('IEND', new Uint8Array(0))]);
}

export async function moneyTrip(base: string): Promise<MoneyTrip> {
  const rich = await richTrip(base);
  const c = rich.org.client;
  const T = `/trips/${rich.tripId}`;
  const up = await multipartRequest(`${base}${T}/receipts/upload`, { token: rich.org.token, parts: [{ bytes: receiptPng(), name: 'villa-receipt.png', type: 'image/png' }] });
  if (up.status !== 201) throw new Error(`money trip: receipt: ${up.status} ${JSON.stringify(up.body)}`);
  const villa = rich.expenses[0]!;
  const expense = await must(c.patch(`${T}/expenses/${villa}`, { receiptId: up.body.id }), 'attach receipt');
  const [a, b, x, y] = rich.players;
  const open = await must(c.post(`${T}/wagers`, { sideA: { team: 'USA' }, sideB: { team: 'Europe' }, stakeCents: 12_000, terms: 'USA wins the Day 2 matches' }), 'wager');
  const settled = await must(c.post(`${T}/wagers`, { sideA: [a!.id, b!.id], sideB: [x!.id, y!.id], stakeCents: 4_000, terms: `${a!.name} and ${b!.name} beat ${x!.name} and ${y!.name} on Day 1, better ball` }), 'wager 2');
  await must(c.patch(`${T}/wagers/${settled.id}/settle`, { winner: 'A' }), 'settle wager');
  await must(c.patch(`${T}/tournament-pot`, { entryCents: 5_000, payoutMode: 'percentages', payouts: [{ place: 1, percent: 60 }, { place: 2, percent: 30 }, { place: 3, percent: 10 }], competitionId: rich.competitions[0]!.id }), 'pot');
  const plan = await must(c.get(`${T}/settlements/unified`), 'unified');
  const most = [...plan.nets].sort((p: any, q: any) => q.netCents - p.netCents)[0];
  await must(c.put(`${T}/players/${most.playerId}/payment-preferences`, { venmo: 'villa-host', paypalMe: 'villahost', cash: true, preferred: 'venmo' }), 'prefs');
  return { rich, receiptExpense: { id: expense.id, description: expense.description }, wagers: { open: open.id, settled: settled.id }, prefsPlayerId: most.playerId as string };
}

/** Opens a fragment of the dashboard as the trip's organizer, signing in through the page when it asks. */
export async function openMoney(page: Page, base: string, rich: RichTrip, query = ''): Promise<void> {
  const hash = `#/trips/${rich.tripId}/money${query}`;
  await page.goto(`${base}/${hash}`);
  await page.waitForSelector('main#main h1');
  if (await page.getByRole('heading', { name: 'Sign in' }).count()) {
    await signInInPage(page, { email: rich.org.email });
    await page.waitForFunction((h) => location.hash === h, hash);
  }
  await settle(page, 'main');
}

export async function goToMoney(page: Page, rich: RichTrip, query = ''): Promise<void> {
  const hash = `#/trips/${rich.tripId}/money${query}`;
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  await page.waitForFunction((h) => location.hash === h, hash);
  await settle(page, 'main');
}

export const area: AreaTour = {
  area: 'money',
  async tour(page, base, visit) {
    const { rich, receiptExpense } = await moneyTrip(base);
    const seen: string[] = [];
    const stop = stopper(page, visit, seen);
    await openMoney(page, base, rich);
    await page.getByRole('heading', { name: 'Expenses', exact: true }).waitFor();
    await stop('expenses');
    await page.getByRole('button', { name: `See receipt of ${receiptExpense.description}` }).click();
    await page.getByRole('dialog').getByRole('img', { name: `Receipt for ${receiptExpense.description}` }).waitFor();
    await visit('receipt', page);
    seen.push('receipt');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Add an expense' }).click();
    await page.getByRole('dialog').getByLabel('What for').waitFor();
    await visit('expense-form', page);
    seen.push('expense-form');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await goToMoney(page, rich, '?view=balances');
    await page.getByRole('heading', { name: 'Everything together' }).waitFor();
    await stop('balances');
    await goToMoney(page, rich, '?view=plans');
    await page.locator('svg.plan-graph').waitFor();
    await page.getByRole('button', { name: /^Why this amount/ }).first().click();
    await stop('plan-unified');
    await goToMoney(page, rich, '?view=plans&plan=organizer');
    await page.locator('svg.plan-graph').waitFor();
    await stop('plan-organizer');
    await goToMoney(page, rich, '?view=payments');
    await page.getByRole('heading', { name: 'Payments', exact: true }).waitFor();
    await stop('payments');
    await goToMoney(page, rich, '?view=wagers');
    await page.getByRole('heading', { name: 'Wagers', exact: true }).waitFor();
    await stop('wagers');
    await goToMoney(page, rich, '?view=pot');
    await page.getByRole('heading', { name: 'Tournament pot', exact: true }).waitFor();
    await stop('pot');
    return seen;
  },
};
