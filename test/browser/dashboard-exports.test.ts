/**
 * The Exports tab (issue 24, test 5's exports half): each file downloaded through the screen, as an organizer does
 * (a click, the browser's download), opens as CSV with the rows expected: names not ids, per-hole values equal to
 * the server's round board, expenses and the settlement plan adding up to the API's cents in the trip's currency.
 */
import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { desktopContext } from './support/dashboard.js';
import { openBoards } from './support/dashboard-area-boards.js';
import { startPortalServer, type PortalServer } from './support/portal.js';
import { richTrip, type RichTrip } from './support/rich-trip.js';

let server: PortalServer;
let browser: Browser;
let rich: RichTrip;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  rich = await richTrip(server.base);
  page = await (await desktopContext(browser)).newPage();
  errors = pageErrors(page);
  await openBoards(page, server.base, rich, `#/trips/${rich.tripId}/exports`);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** Clicks a download button and reads the file the browser saved: its name and its rows by header. */
async function download(button: RegExp): Promise<{ name: string; rows: Record<string, string>[]; header: string[] }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  const bytes = await readFile((await file.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<Record<string, string>>(bytes.subarray(3).toString('utf8'), { header: true, skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return { name: file.suggestedFilename(), rows: parsed.data, header: parsed.meta.fields ?? [] };
}
const cents = (s: string) => Math.round(Number(s) * 100);

describe('exports through the screen', () => {
  it('saves the scores hole by hole, with names and the values of the round board', async () => {
    const { name, rows } = await download(/Download scores/);
    expect(name).toBe('Algarve Golf Week-scores.csv');
    const board = (await rich.org.client.get(`/trips/${rich.tripId}/leaderboards/rounds/${rich.day1.id}`)).body as { entries: { name: string; perHole: { hole: number; gross: number | null; pickedUp: boolean; strokesReceived: number; net: number | null; points: number | null }[] }[] };
    const day1 = rows.filter((r) => r.Round === rich.day1.name);
    const expected = board.entries.flatMap((e) => e.perHole.filter((h) => h.gross !== null || h.pickedUp).map((h) => [e.name, String(h.hole), h.gross === null ? '' : String(h.gross), String(h.strokesReceived), String(h.net), String(h.points)]));
    expect(expected.length).toBeGreaterThan(50);
    expect(day1.map((r) => [r.Player, r.Hole, r.Strokes, r['Strokes received'], r.Net, r['Stableford points']])).toEqual(expected);
    const ids = new Set(rich.players.map((p) => p.id));
    expect(rows.some((r) => Object.values(r).some((v) => ids.has(v)))).toBe(false);
    expect(await page.getByRole('status').filter({ hasText: 'Saved Algarve Golf Week-scores.csv' }).count()).toBe(1);
  });

  it('saves the expenses in the trip\u2019s currency, adding up to the API\u2019s cents', async () => {
    const { name, rows, header } = await download(/Download expenses/);
    expect(name).toBe('Algarve Golf Week-expenses.csv');
    const trip = (await rich.org.client.get(`/trips/${rich.tripId}`)).body as { currency: string };
    expect(header).toContain(`Amount (${trip.currency})`);
    const api = (await rich.org.client.get(`/trips/${rich.tripId}/expenses`)).body.items as { description: string; payerId: string; tripAmountCents: number }[];
    expect(rows).toHaveLength(api.length);
    expect(rows.reduce((s, r) => s + cents(r[`Amount (${trip.currency})`]!), 0)).toBe(api.reduce((s, x) => s + x.tripAmountCents, 0));
    const names = new Map(rich.players.map((p) => [p.id, p.name]));
    expect(rows.map((r) => [r.Description, r['Paid by']]).sort()).toEqual(api.map((x) => [x.description, names.get(x.payerId)]).sort());
  });

  it('saves the settlement plan as the API computes it, and the payments made', async () => {
    const { rows } = await download(/Download settlement plan/);
    const plan = (await rich.org.client.get(`/trips/${rich.tripId}/settlements/unified`)).body as { transfers: { fromPlayerId: string; toPlayerId: string; cents: number }[] };
    const names = new Map(rich.players.map((p) => [p.id, p.name]));
    const toPay = rows.filter((r) => r.Status === 'to pay');
    expect(toPay.map((r) => [r.Pays, r.Receives, cents(r.Amount!)])).toEqual(plan.transfers.map((t) => [names.get(t.fromPlayerId), names.get(t.toPlayerId), t.cents]));
    const stored = (await rich.org.client.get(`/trips/${rich.tripId}/settlements`)).body.items as { status: string; cents: number }[];
    const done = stored.filter((s) => s.status !== 'pending');
    expect(done.length).toBeGreaterThan(0);
    expect(rows.filter((r) => r.Status !== 'to pay').reduce((s, r) => s + cents(r.Amount!), 0)).toBe(done.reduce((s, x) => s + x.cents, 0));
    expect(rows.filter((r) => r.Status === 'confirmed').every((r) => /^\d{4}-\d\d-\d\d \d\d:\d\d$/.test(r['Confirmed at']!))).toBe(true);

    // Expenses only: the plain plan's transfers settle the expense balances, net of the payments already made.
    await page.getByRole('radio', { name: 'Expenses only' }).check();
    const plain = await download(/Download settlement plan/);
    const balances = (await rich.org.client.get(`/trips/${rich.tripId}/expense-balances`)).body.balances as { name: string; netCents: number }[];
    const left = new Map(balances.map((b) => [b.name, b.netCents]));
    const move = (from: string, to: string, c: number) => {
      left.set(from, (left.get(from) ?? 0) + c);
      left.set(to, (left.get(to) ?? 0) - c);
    };
    for (const r of plain.rows) move(r.Pays!, r.Receives!, cents(r.Amount!));
    expect([...left.values()].every((v) => v === 0)).toBe(true);
  });

  it('saves the results with each round\u2019s positions as the board shows them', async () => {
    const { rows } = await download(/Download results/);
    const board = (await rich.org.client.get(`/trips/${rich.tripId}/leaderboards/rounds/${rich.day1.id}`)).body as { entries: { name: string; label: string; net: number }[] };
    expect(rows.filter((r) => r.Board === rich.day1.name).map((r) => [r.Position, r.Player, r.Net])).toEqual(board.entries.map((e) => [e.label === '-' ? '' : e.label, e.name, String(e.net)]));
    expect(errors).toEqual([]);
  });
});
