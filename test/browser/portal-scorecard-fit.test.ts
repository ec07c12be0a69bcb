/**
 * The scorecard without friction on a 390×844 phone with a four-ball (issue 25), in a real Chromium:
 * - the whole group's buttons and "next hole" are on screen, above the tab bar, without scrolling;
 * - a hole entered and one not entered yet are told apart at a glance (in sunlight: fill, not a thin border);
 * - the −/+ buttons' accessible names start with what they show, so voice control's "tap plus" finds them;
 * - the Money tab's sign is the trip's currency.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { organizer } from '../support/client.js';
import { phoneContext, PHONE } from './support/chromium.js';
import { openLink, portalLink, startBrowserSuite, stopBrowserSuite, type PortalServer } from './support/portal.js';
import { PARS, scoringTrip, tapScore, tripDate, ZONE, type ScoringTrip } from './support/scoring-trip.js';

let server: PortalServer;
let browser: Browser;
let trip: ScoringTrip;

beforeAll(async () => {
  ({ server, browser, trip } = await startBrowserSuite(scoringTrip));
});
afterAll(() => stopBrowserSuite(server, browser));

async function scorecard(): Promise<Page> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  await openLink(page, (await portalLink(server, trip, trip.players[0]!.id)).url);
  await page.waitForSelector('[data-testid="sync-badge"][data-state="online"]', { timeout: 20_000 });
  await page.getByTestId('enter-scores').click();
  await page.waitForSelector('[data-testid="hole-head"][data-hole="1"]');
  return page;
}

describe('the scorecard on a phone', () => {
  it('fits the four players and the next-hole button above the tab bar, with no scroll', async () => {
    const page = await scorecard();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const tabbar = (await page.getByRole('navigation', { name: 'Trip screens' }).boundingBox())!;
    expect(tabbar.y + tabbar.height).toBeLessThanOrEqual(PHONE.viewport.height + 1);
    const controls = [
      ...(await page.getByRole('button', { name: /^[−+] one stroke/ }).all()),
      ...(await page.getByRole('button', { name: 'Picked up' }).all()),
      page.getByRole('button', { name: 'Hole 2 →' }),
    ];
    expect(controls.length).toBe(4 * 3 + 1);
    for (const control of controls) {
      const box = (await control.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, await control.getAttribute('aria-label') ?? await control.innerText()).toBeLessThanOrEqual(tabbar.y);
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThanOrEqual(44);
    }
    await page.context().close();
  });

  it('tells an entered score from a hole not entered yet at a glance', async () => {
    const page = await scorecard();
    await tapScore(page, trip.players[1]!.id, PARS[0]!, PARS[0]! + 1);
    const look = (player: number) =>
      page.locator(`[data-testid="player-hole"][data-player="${trip.players[player]!.id}"] [data-testid="value"]`).evaluate((el) => {
        const s = getComputedStyle(el);
        return { background: s.backgroundColor, color: s.color, border: s.borderTopStyle, text: `${el.querySelector('.num')?.textContent} ${el.querySelector('small')?.textContent}`, entered: el.getAttribute('data-entered') };
      });
    const entered = await look(1);
    const notYet = await look(2);
    expect(entered.entered).toBe('true');
    expect(notYet.entered).toBe('false');
    // Entered: a solid dark fill with light figures; not entered: white behind a dashed border, and it says so.
    expect(luminance(entered.background)).toBeLessThan(0.1);
    expect(luminance(entered.color)).toBeGreaterThan(0.8);
    expect(luminance(notYet.background)).toBeGreaterThan(0.9);
    expect(notYet.border).toBe('dashed');
    expect(notYet.text).toBe(`${PARS[0]} not entered`);
    expect(entered.text).toBe(`${PARS[0]! + 1} bogey`);
    await page.context().close();
  });

  it('names −/+ by what they show first, so "tap plus" by voice finds them', async () => {
    const page = await scorecard();
    const ben = trip.players[1]!;
    await page.getByRole('button', { name: `+ one stroke more for ${ben.name}` }).click();
    await page.waitForSelector(`[data-testid="player-hole"][data-player="${ben.id}"][data-strokes="${PARS[0]! + 1}"]`);
    await page.getByRole('button', { name: `− one stroke less for ${ben.name}` }).click();
    await page.waitForSelector(`[data-testid="player-hole"][data-player="${ben.id}"][data-strokes="${PARS[0]}"]`);
    for (const button of await page.getByTestId('plus').all()) expect(await button.getAttribute('aria-label')).toMatch(/^\+ /);
    for (const button of await page.getByTestId('minus').all()) expect(await button.getAttribute('aria-label')).toMatch(/^− /);
    await page.context().close();
  });

  it("shows the trip's own currency on the Money tab", async () => {
    const org = await organizer(server.base);
    const signs: Record<string, string> = {};
    for (const currency of ['USD', 'GBP', 'EUR']) {
      const t = await org.client.post('/trips', { name: `Trip in ${currency}`, startDate: tripDate(-1), endDate: tripDate(2), timezone: ZONE, currency });
      expect(t.status).toBe(201);
      const [player] = (await org.client.post(`/trips/${t.body.id}/players/bulk`, { players: [{ name: 'Ann' }] })).body.items as { id: string }[];
      const { url } = await portalLink(server, { tripId: t.body.id, org } as never, player!.id);
      const context = await phoneContext(browser);
      const page = await context.newPage();
      await openLink(page, url);
      const money = page.getByRole('navigation', { name: 'Trip screens' }).getByRole('link', { name: /Money/ });
      await money.waitFor({ timeout: 20_000 });
      signs[currency] = (await money.locator('.tab-icon').innerText()).trim();
      await context.close();
    }
    expect(signs).toEqual({ USD: '$', GBP: '£', EUR: '€' });
  });
});

/** Relative luminance (WCAG) of a computed `rgb(…)` colour. */
function luminance(rgb: string): number {
  const [r, g, b] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
