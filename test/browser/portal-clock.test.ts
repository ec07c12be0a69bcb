/**
 * Issue 22 in a real Chromium on a phone viewport against the real server process: a phone never costs a score.
 * - Phone clocks set with Playwright's clock API: 15 minutes fast (every score used to be refused as from the future)
 *   and 2 hours slow (it used to lose "the latest entry counts" to a phone that entered earlier in real time).
 * - The browser is asked to keep the app's storage when the first score is entered, and the sync screen says what it
 *   decided (granted or refused through Chromium's own permission, set over CDP), warning about unsynced scores.
 * - A burst of taps on one hole is one entry; a burst cut short by closing the page lands at the next open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pageErrors, phoneContext } from './support/chromium.js';
import { openLink, portalLink, startBrowserSuite, stopBrowserSuite, type PortalServer } from './support/portal.js';
import { goToHole, PARS, scoringTrip, tapScore, type ScoringTrip } from './support/scoring-trip.js';
import { portalScores } from '../sync/support/device-helpers.js';
import { eventually } from '../sync/support/eventually.js';

let server: PortalServer;
let browser: Browser;
let trip: ScoringTrip;

beforeAll(async () => {
  ({ server, browser, trip } = await startBrowserSuite(scoringTrip));
});
afterAll(() => stopBrowserSuite(server, browser));

const MIN = 60_000;

interface Phone {
  context: BrowserContext;
  page: Page;
  token: string;
  errors: string[];
}

/** A phone of player `index` whose clock is `skewMs` off (installed before the app loads), on its scorecard. */
async function phone(index: number, skewMs = 0, before?: (context: BrowserContext, page: Page) => Promise<void>): Promise<Phone> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const errors = pageErrors(page);
  if (skewMs !== 0) await page.clock.install({ time: Date.now() + skewMs });
  await before?.(context, page);
  const link = await portalLink(server, trip, trip.players[index]!.id);
  await openLink(page, link.url);
  await page.waitForSelector('[data-testid="sync-badge"][data-state="online"]', { timeout: 20_000 });
  await page.getByTestId('enter-scores').click();
  await page.waitForSelector('[data-testid="hole-head"][data-hole="1"]');
  return { context, page, token: link.token, errors };
}

/** The hole as the server holds it (read with the player's token through the portal API). */
async function serverHole(p: Phone, player: number, hole: number) {
  return (await portalScores(server.base, p.token, trip.players[player]!.card)).find((s) => s.hole === hole);
}

const badge = (page: Page) => page.getByTestId('sync-badge');

describe('a phone whose clock is wrong', () => {
  it('lands every score of a phone 15 minutes fast, stamped with the server time', async () => {
    const fast = await phone(0, 15 * MIN);
    expect(await fast.page.evaluate(() => Date.now())).toBeGreaterThan(Date.now() + 14 * MIN);
    const before = Date.now();
    await tapScore(fast.page, trip.players[0]!.id, PARS[0]!, PARS[0]! + 1);
    await goToHole(fast.page, 2); // leaving the hole settles it
    await fast.page.waitForSelector('[data-testid="sync-badge"][data-state="online"][data-pending="0"]', { timeout: 20_000 });
    expect(await badge(fast.page).getAttribute('class')).not.toContain('has-refused');
    const landed = await eventually(async () => {
      const hole = await serverHole(fast, 0, 1);
      expect(hole?.strokes).toBe(PARS[0]! + 1);
      return hole!;
    });
    expect(Date.parse(landed.enteredAt)).toBeGreaterThanOrEqual(before - 2_000);
    expect(Date.parse(landed.enteredAt)).toBeLessThanOrEqual(Date.now() + 2_000);
    expect(fast.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await fast.context.close();
  });

  it('lets a phone 2 hours slow win "the latest entry counts" when it entered later, and lists the dispute', async () => {
    const ben = trip.players[1]!;
    const slow = await phone(2, -120 * MIN);
    const right = await phone(3);
    await goToHole(slow.page, 5);
    await goToHole(right.page, 5);
    await slow.context.setOffline(true);
    await slow.page.waitForSelector('[data-testid="sync-badge"][data-state="offline"]', { timeout: 20_000 });

    // The phone with the right clock enters Ben's 6 and it lands.
    await tapScore(right.page, ben.id, PARS[4]!, 6);
    await goToHole(right.page, 6);
    await eventually(async () => expect((await serverHole(right, 1, 5))?.strokes).toBe(6));
    // A second later in real time (more than the phones' clock estimates could blur), the slow phone, offline, says 3.
    await new Promise((r) => setTimeout(r, 1_000));
    await tapScore(slow.page, ben.id, PARS[4]!, 3);
    await goToHole(slow.page, 6);
    await slow.context.setOffline(false);

    await eventually(async () => {
      const hole = await serverHole(right, 1, 5);
      expect(hole).toMatchObject({ strokes: 3, disputed: true });
      expect(hole!.history.map((h) => h.strokes)).toContain(6);
    }, 30_000);
    const listed = await trip.org.client.get(`/trips/${trip.tripId}/score-disputes`);
    expect((listed.body.items as { id: string }[]).map((d) => d.id)).toContain(`score:${ben.card}:5`);
    // Both phones show the same winner with the dispute badge.
    for (const p of [slow, right]) {
      await goToHole(p.page, 5);
      await p.page.waitForSelector(`[data-testid="player-hole"][data-player="${ben.id}"][data-strokes="3"] [data-testid="dispute-winner"][data-strokes="3"]`, { timeout: 30_000 });
    }
    await Promise.all([slow.context.close(), right.context.close()]);
  }, 90_000);
});

/** Chromium's own decision on `navigator.storage.persist()`, set as a site permission (CDP). */
const storagePermission = (setting: 'granted' | 'denied') => async (context: BrowserContext, page: Page) => {
  // Counts the app's requests; each still goes to the browser, which decides.
  await page.addInitScript(() => {
    const storage = navigator.storage;
    const real = storage.persist.bind(storage);
    (window as unknown as { persistAsked: number }).persistAsked = 0;
    storage.persist = () => {
      (window as unknown as { persistAsked: number }).persistAsked += 1;
      return real();
    };
  });
  const { targetInfo } = await (await context.newCDPSession(page)).send('Target.getTargetInfo');
  const cdp = await browser.newBrowserCDPSession();
  // Kept attached: DevTools drops its permission overrides when the session that set them goes.
  await cdp.send('Browser.setPermission', { permission: { name: 'persistent-storage' }, setting, origin: server.base, browserContextId: targetInfo.browserContextId });
};

describe("the phone's storage", () => {
  it('is asked to be kept at the first score, and the sync screen says it is kept when the browser grants it', async () => {
    const p = await phone(0, 0, storagePermission('granted'));
    const asked = () => p.page.evaluate(() => (window as unknown as { persistAsked: number }).persistAsked);
    expect(await asked()).toBe(0);
    await goToHole(p.page, 7);
    await tapScore(p.page, trip.players[0]!.id, PARS[6]!, PARS[6]!);
    await eventually(async () => expect(await asked()).toBe(1));
    expect(await p.page.evaluate(() => navigator.storage.persisted())).toBe(true);
    await badge(p.page).click();
    await p.page.waitForSelector('[data-testid="storage-kept"][data-kept="kept"]', { timeout: 10_000 });
    expect(await p.page.getByTestId('storage-kept').innerText()).toContain('will not clear');
    expect(await p.page.getByTestId('storage-warning').count()).toBe(0);
    await p.context.close();
  });

  it('says plainly when unsynced scores sit in storage the browser refused to keep', async () => {
    const p = await phone(1, 0, storagePermission('denied'));
    await p.context.setOffline(true);
    await p.page.waitForSelector('[data-testid="sync-badge"][data-state="offline"]', { timeout: 20_000 });
    await goToHole(p.page, 8);
    await tapScore(p.page, trip.players[1]!.id, PARS[7]!, PARS[7]! + 2);
    await goToHole(p.page, 9);
    await badge(p.page).click();
    await p.page.waitForSelector('[data-testid="storage-kept"][data-kept="not-kept"]', { timeout: 10_000 });
    expect(await p.page.evaluate(() => (window as unknown as { persistAsked: number }).persistAsked)).toBe(1);
    expect(await p.page.evaluate(() => navigator.storage.persisted())).toBe(false);
    const warning = p.page.getByRole('alert').filter({ hasText: 'not on the server yet' });
    await warning.waitFor({ timeout: 10_000 });
    expect(await warning.innerText()).toMatch(/1 change is not on the server yet .* may\s+clear/);
    // Back online, nothing waits: the warning goes.
    await p.context.setOffline(false);
    await p.page.getByTestId('storage-warning').waitFor({ state: 'detached', timeout: 30_000 });
    await p.context.close();
  });
});

describe('one entry per decision', () => {
  it('writes five quick taps on one hole as one entry, the value the golfer settled on', async () => {
    const p = await phone(2);
    const cat = trip.players[2]!;
    await goToHole(p.page, 10);
    const row = p.page.locator(`[data-testid="player-hole"][data-player="${cat.id}"]`);
    // Par, then up to a triple, then back to a double: five taps.
    await row.getByTestId('value').click();
    for (let i = 0; i < 3; i++) await row.getByTestId('plus').click();
    await row.getByTestId('minus').click();
    await p.page.waitForSelector(`[data-testid="player-hole"][data-player="${cat.id}"][data-strokes="${PARS[9]! + 2}"]`);
    // A pause settles it (no need to leave the hole).
    const hole = await eventually(async () => {
      const h = await serverHole(p, 2, 10);
      expect(h?.strokes).toBe(PARS[9]! + 2);
      return h!;
    });
    expect(hole.history).toEqual([]);
    await p.context.close();
  });

  it('lands the last value of a burst cut short by closing the page, at the next open', async () => {
    const p = await phone(3);
    const dan = trip.players[3]!;
    await goToHole(p.page, 11);
    const row = p.page.locator(`[data-testid="player-hole"][data-player="${dan.id}"]`);
    for (let i = 0; i < 3; i++) await row.getByTestId('plus').click();
    await p.page.waitForSelector(`[data-testid="player-hole"][data-player="${dan.id}"][data-strokes="${PARS[10]! + 3}"]`);
    // Offline, so nothing could have reached the server before the page goes mid-burst (the app is closed and opened
    // again: a reload), and the tap is kept only on the phone.
    await p.context.setOffline(true);
    expect(await p.page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('golf.portal.drafts')).length)).toBe(1);
    await p.page.reload();
    await p.page.waitForSelector('[data-testid="sync-badge"]', { timeout: 20_000 });
    await p.context.setOffline(false);
    await eventually(async () => {
      const h = await serverHole(p, 3, 11);
      expect(h?.strokes).toBe(PARS[10]! + 3);
      expect(h!.history).toEqual([]);
    }, 30_000);
    await p.context.close();
  });
});
