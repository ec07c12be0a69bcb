/**
 * Nothing typed vanishes silently, even when the server's version wins: a golfer changes their availability with no
 * signal while the organizer changes it on the server; back online the organizer's version is kept (documents
 * other than scores resolve to the server's state), and the sync screen shows what the golfer had entered, field by
 * field, until dismissed — across a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { pageErrors, phoneContext } from './support/chromium.js';
import { openLink, portalLink, portalTrip, startBrowserSuite, stopBrowserSuite, type PortalServer } from './support/portal.js';
import type { FaultTrip } from '../sync/support/fault-trip.js';

let server: PortalServer;
let browser: Browser;
let trip: FaultTrip;

beforeAll(async () => {
  ({ server, browser, trip } = await startBrowserSuite(portalTrip));
});
afterAll(() => stopBrowserSuite(server, browser));

describe('a change the server replaced', () => {
  it('is listed on the sync screen with what the golfer entered', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const ann = trip.players[0]!.id;
    await openLink(page, (await portalLink(server, trip, ann)).url);
    const key = `${trip.tripId}:${ann}`;
    const go = (hash: string) => page.evaluate((h) => (location.hash = h), `#/t/${encodeURIComponent(key)}/${hash}`);

    // Online first: Ann answers, and the phone has the server's document.
    await go('trip/availability');
    await page.waitForSelector('[data-testid="av-state"]', { timeout: 15_000 });
    await page.check('[data-testid="av-day-2027-04-11"]');
    await page.click('[data-testid="av-save"]');
    await expect
      .poll(async () => ((await trip.org.client.get(`/trips/${trip.tripId}/availability`)).body.items as { playerId: string; days: string[] | null }[]).find((a) => a.playerId === ann)?.days, { timeout: 15_000 })
      .toEqual(['2027-04-11']);
    await page.waitForSelector('[data-testid="sync-badge"][data-state="online"]', { timeout: 15_000 });

    // Offline, Ann adds a day; meanwhile the organizer sets her availability on the server.
    await context.setOffline(true);
    await page.waitForSelector('[data-testid="sync-badge"][data-state="offline"]', { timeout: 15_000 });
    await page.check('[data-testid="av-day-2027-04-12"]');
    await page.click('[data-testid="av-save"]');
    await page.waitForSelector('[data-testid="sync-badge"][data-pending="1"]', { timeout: 10_000 });
    const set = await trip.org.client.put(`/trips/${trip.tripId}/availability/${ann}`, { days: ['2027-04-13'], note: 'per the organizer' });
    expect(set.status, set.text).toBe(200);

    await context.setOffline(false);
    await page.waitForSelector('[data-testid="sync-badge"][data-state="online"][data-pending="0"]', { timeout: 30_000 });
    const onServer = ((await trip.org.client.get(`/trips/${trip.tripId}/availability`)).body.items as { playerId: string; days: string[] | null }[]).find((a) => a.playerId === ann);
    expect(onServer?.days).toEqual(['2027-04-13']);

    await go('sync');
    const item = page.locator('[data-testid="replaced"] li.refused-item');
    await item.first().waitFor({ timeout: 15_000 });
    const shown = await item.first().innerText();
    expect(shown).toContain(`availability ${ann}`.replace(/^a/, 'A'));
    expect(shown).toMatch(/days: yours 2027-04-11, 2027-04-12, kept 2027-04-13/);

    // Kept across a reload until dismissed.
    await page.reload();
    await page.locator('[data-testid="replaced"] li.refused-item').first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: /^Dismiss: Availability/ }).click();
    await page.waitForSelector('[data-testid="replaced"]', { state: 'detached', timeout: 5_000 });
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 90_000);
});
