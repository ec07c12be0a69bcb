/**
 * The phone's storage (web/portal/state/kept-storage.ts): RxDB answered from memory and written through to
 * IndexedDB, one page per trip (tab-lock.ts), in a real Chromium against the real server.
 * - A phone of the previous version kept its trip in RxDB's Dexie storage: after the update, a score it entered
 *   without signal and never sent is on the scorecard and reaches the server, and the old databases are gone.
 * - A second tab of the same trip waits, says why, and opens the trip by itself once the first tab is closed.
 */
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { pageErrors, PHONE } from './support/chromium.js';
import { openLink, portalLink, portalTrip, startBrowserSuite, stopBrowserSuite, type PortalServer } from './support/portal.js';
import { goToHole, shownStrokes } from './support/scoring-trip.js';
import type { FaultTrip } from '../sync/support/fault-trip.js';

let server: PortalServer;
let browser: Browser;
let trip: FaultTrip;

beforeAll(async () => {
  ({ server, browser, trip } = await startBrowserSuite(portalTrip));
});
afterAll(() => stopBrowserSuite(server, browser));

async function legacyBundle(): Promise<string> {
  const out = await build({
    entryPoints: [fileURLToPath(new URL('./support/legacy-dexie-phone.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: ['chrome109'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  return out.outputFiles[0]!.text;
}

const databases = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? ''));

async function serverStrokes(playerCard: string, hole: number): Promise<number | null | undefined> {
  const res = await trip.org.client.get(`/trips/${trip.tripId}/scorecards/${playerCard}/scores`);
  if (res.status !== 200) throw new Error(`scorecard: ${res.status} ${res.text}`);
  return (res.body.items as { hole: number; strokes: number | null }[]).find((s) => s.hole === hole)?.strokes;
}

describe("the phone's storage", () => {
  it("moves a trip kept by the previous version's Dexie storage, with a score entered offline and never sent", async () => {
    // bypassCSP: the old version's code is injected as a script into the portal's page (same origin, same IndexedDB).
    const context = await browser.newContext({ ...PHONE, bypassCSP: true });
    try {
      const page = await context.newPage();
      const errors = pageErrors(page);
      const ann = trip.players[0]!;
      const link = await portalLink(server, trip, ann.id);
      await page.goto(`${server.base}/portal/`);
      await page.addScriptTag({ content: await legacyBundle() });
      await page.evaluate((token) => (globalThis as any).legacyPhone.open(token), link.token);
      await context.setOffline(true);
      await page.evaluate((input) => (globalThis as any).legacyPhone.enter(input), { scorecardId: ann.card, roundId: trip.roundId, playerId: ann.id, hole: 4, strokes: 6 });
      await expect.poll(() => page.evaluate(() => (globalThis as any).legacyPhone.pending() as number), { timeout: 10_000 }).toBe(1);
      await page.evaluate(() => (globalThis as any).legacyPhone.close());
      expect((await databases(page)).filter((n) => n.startsWith('rxdb-dexie-trip-')).length).toBeGreaterThanOrEqual(2);
      expect(await serverStrokes(ann.card, 4)).toBeUndefined();

      // The update: the portal of this version opens the same trip on the same phone, with signal again.
      await context.setOffline(false);
      await openLink(page, link.url);
      await expect.poll(() => serverStrokes(ann.card, 4), { timeout: 20_000 }).toBe(6);
      await page.getByTestId('enter-scores').click();
      await goToHole(page, 4);
      expect((await shownStrokes(page))[ann.id]).toBe('6');
      const names = await databases(page);
      expect(names.filter((n) => n.startsWith('rxdb-dexie-'))).toEqual([]);
      expect(names.some((n) => n.startsWith('golf-kept-trip-') && n.endsWith('--docs'))).toBe(true);
      // The old version's requests while offline are the only console errors.
      expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('lets one tab at a time hold a trip: a second one waits, says why, and opens it when the first is closed', async () => {
    const context = await browser.newContext({ ...PHONE });
    try {
      const first = await context.newPage();
      await openLink(first, (await portalLink(server, trip, trip.players[1]!.id)).url);
      const home = new URL(first.url()).hash;
      expect(home).toMatch(/^#\/t\//);
      const second = await context.newPage();
      await second.goto(`${server.base}/portal/${home}`);
      await expect.poll(() => second.getByRole('heading', { name: /is open in another tab/ }).count(), { timeout: 10_000 }).toBe(1);
      expect(await second.getByRole('status').textContent()).toContain('opens here by itself');
      expect(await second.locator('.topbar').count()).toBe(0);
      await first.close();
      await second.waitForSelector('.topbar', { timeout: 20_000 });
      expect(await second.getByRole('heading', { name: /is open in another tab/ }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
