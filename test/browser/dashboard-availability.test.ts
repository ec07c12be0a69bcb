/**
 * The Availability tab (issue 24): cells changed one by one by the organizer (a day, a player who had not answered,
 * a round) and everyone silent answered at once, the summary following each change and equal to the server's; and
 * a 144-player trip whose grid shows every player once, its header and names staying in view while it scrolls, on
 * a laptop and on a phone, without widening the page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, pageErrors, PHONE } from './support/chromium.js';
import { desktopContext } from './support/dashboard.js';
import { aroundTrip, must, openAround, TRIP_DAYS, type AroundTrip } from './support/dashboard-area-around.js';
import { startPortalServer, type PortalServer } from './support/portal.js';

let server: PortalServer;
let browser: Browser;

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** The summary table as numbers, row by row: [can, cannot, no answer]. */
async function pageSummary(page: Page, name: string): Promise<number[][]> {
  const rows = await page.getByRole('table', { name }).locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).slice(0, 3).map((td) => td.textContent ?? '')));
  return rows.map((r) => r.map((t) => Number(/^\s*(\d+)/.exec(t)?.[1] ?? NaN)));
}

async function serverSummary(data: AroundTrip, which: 'days' | 'rounds'): Promise<number[][]> {
  const s = await must(data.owner.client.get(`/trips/${data.tripId}/availability/summary`), 'summary');
  return (s[which] as { available: string[]; unavailable: string[]; unanswered: string[] }[]).map((w) => [w.available.length, w.unavailable.length, w.unanswered.length]);
}

/** Waits until the page's summary equals the server's, and answers it. */
async function summaryAgrees(page: Page, data: AroundTrip, which: 'days' | 'rounds') {
  const name = which === 'days' ? 'Who can come, per day' : 'Who can play, per round';
  const want = await serverSummary(data, which);
  await expect.poll(() => pageSummary(page, name)).toEqual(want);
  return want;
}

const answerOf = async (data: AroundTrip, playerId: string) =>
  (await must<{ items: { playerId: string; days: string[] | null; rounds: Record<string, boolean> }[]; nextCursor: string | null }>(data.owner.client.get(`/trips/${data.tripId}/availability?limit=200`), 'answers')).items.find((a) => a.playerId === playerId)!;

describe('availability', () => {
  it('changes cells by day and by round, answers for the silent at once, and the summary follows the server', async () => {
    const data = await aroundTrip(server.base);
    const id = (name: string) => data.players.find((p) => p.name === name)!.id;
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openAround(page, server.base, data.owner, `#/trips/${data.tripId}/availability`);
    const grid = page.getByRole('table', { name: 'Availability of each player per day' });
    await grid.waitFor();
    // As built: ten answered every day but the early leavers' last day; Kit and Lou silent.
    expect(await summaryAgrees(page, data, 'days')).toEqual([[10, 0, 2], [10, 0, 2], [10, 0, 2], [10, 0, 2], [8, 2, 2]]);

    // Ann cannot come on the last day after all.
    await grid.getByRole('button', { name: 'Ann Byrne, Wed Apr 14: Yes (can come)' }).click();
    await grid.getByRole('button', { name: 'Ann Byrne, Wed Apr 14: No (cannot come)' }).waitFor();
    expect((await summaryAgrees(page, data, 'days'))[4]).toEqual([7, 3, 2]);
    await grid.getByRole('columnheader', { name: /Wed Apr 14.*7 of 12/ }).waitFor();
    expect((await answerOf(data, id('Ann Byrne'))).days).toEqual(TRIP_DAYS.slice(0, 4));

    // Kit had not answered: a first day marked "Yes" makes the others "No".
    await grid.getByRole('button', { name: 'Kit Larsen, Sun Apr 11: ? (no answer)' }).click();
    await grid.getByRole('button', { name: 'Kit Larsen, Sun Apr 11: Yes (can come)' }).waitFor();
    await grid.getByRole('button', { name: 'Kit Larsen, Sat Apr 10: No (cannot come)' }).waitFor();
    expect((await summaryAgrees(page, data, 'days')).slice(0, 2)).toEqual([
      [10, 1, 1],
      [11, 0, 1],
    ]);
    expect((await answerOf(data, id('Kit Larsen'))).days).toEqual(['2027-04-11']);

    // Everyone still silent (Lou) answered at once: every day.
    await page.getByRole('button', { name: 'Mark the 1 player without an answer as coming every day' }).click();
    await grid.getByRole('button', { name: 'Lou Costa, Tue Apr 13: Yes (can come)' }).waitFor();
    expect((await summaryAgrees(page, data, 'days')).map((r) => r[2])).toEqual([0, 0, 0, 0, 0]);
    expect((await answerOf(data, id('Lou Costa'))).days).toEqual(TRIP_DAYS);
    expect(await page.getByRole('button', { name: /without an answer/ }).count()).toBe(0);

    // Per round: Day 2 follows the day unless answered for itself; Dan said no to it, and now plays.
    await page.getByRole('link', { name: 'Per round' }).click();
    const rounds = page.getByRole('table', { name: 'Availability of each player per round' });
    await rounds.waitFor();
    const before = await summaryAgrees(page, data, 'rounds');
    await rounds.getByRole('button', { name: 'Ann Byrne, Day 1 Sun Apr 11: Yes (can come, from the day)' }).waitFor();
    await rounds.getByRole('button', { name: 'Dan Eriksen, Day 2 Mon Apr 12: No (cannot come)' }).click();
    await rounds.getByRole('button', { name: 'Dan Eriksen, Day 2 Mon Apr 12: Yes (can come)' }).waitFor();
    const after = await summaryAgrees(page, data, 'rounds');
    expect(after[1]![0]).toBe(before[1]![0]! + 1);
    expect(after[0]).toEqual(before[0]);
    expect((await answerOf(data, id('Dan Eriksen'))).rounds).toEqual({ [data.rounds[1]!.id]: true });

    await context.close();
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }, 120_000);

  it('shows a 144-player grid with every player once, its header and names in view while it scrolls, on a laptop and a phone', async () => {
    const names = Array.from({ length: 144 }, (_, i) => `Golfer ${String(i + 1).padStart(3, '0')} ${['Byrne', 'Okafor', 'Duarte', 'Eriksen'][i % 4]}`);
    const data = await aroundTrip(server.base, { names, rich: false });
    await must(data.owner.client.post(`/trips/${data.tripId}/availability/bulk`, { entries: data.players.slice(0, 100).map((p, i) => ({ playerId: p.id, days: i % 2 ? TRIP_DAYS : TRIP_DAYS.slice(1) })) }), 'bulk');
    for (const [what, viewport] of [
      ['laptop', { width: 1440, height: 900 }],
      ['phone', PHONE.viewport],
    ] as const) {
      const context = await desktopContext(browser, viewport);
      const page = await context.newPage();
      const errors = pageErrors(page);
      await openAround(page, server.base, data.owner, `#/trips/${data.tripId}/availability`);
      const grid = page.getByRole('table', { name: 'Availability of each player per day' });
      await grid.waitFor();
      const shown = await grid.locator('tbody th .avail-name').allTextContents();
      expect(shown, what).toHaveLength(144);
      expect([...shown].sort(), what).toEqual([...names].sort());
      expect(await grid.locator('tbody button').count(), what).toBe(144 * 5);
      expect(await summaryAgrees(page, data, 'days'), what).toEqual([[50, 50, 44], [100, 0, 44], [100, 0, 44], [100, 0, 44], [100, 0, 44]]);
      // The page itself does not grow wider than the screen; the grid scrolls inside its own region.
      expect(await page.evaluate(() => document.documentElement.scrollWidth), what).toBeLessThanOrEqual(viewport.width);

      const region = page.getByRole('region', { name: /Availability of each player per day/ });
      await region.evaluate((el) => {
        el.scrollTop = el.scrollHeight;
        el.scrollLeft = el.scrollWidth;
      });
      const box = (await region.boundingBox())!;
      const header = (await grid.getByRole('columnheader', { name: /Wed Apr 14/ }).boundingBox())!;
      const lastName = grid.locator('tbody th').last();
      const first = (await lastName.boundingBox())!;
      expect(Math.abs(header.y - box.y), `${what}: the header stays at the top`).toBeLessThanOrEqual(2);
      expect(Math.abs(first.x - box.x), `${what}: the names stay at the left`).toBeLessThanOrEqual(2);
      expect(first.y + first.height, `${what}: the last player is in view`).toBeLessThanOrEqual(box.y + box.height + 1);
      await context.close();
      expect(errors.filter((e) => e.startsWith('pageerror')), what).toEqual([]);
    }
  }, 180_000);
});

