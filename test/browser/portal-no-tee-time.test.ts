/**
 * The phone never tells a group a tee time nobody set (issue 35): the round has a first tee time (08:30) and two
 * groups without tee times, so no golfer's home or schedule says 08:30 is their tee time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { phoneContext, pageErrors } from './support/chromium.js';
import { openLink, portalLink, portalTrip, startBrowserSuite, stopBrowserSuite, type PortalServer } from './support/portal.js';
import type { FaultTrip } from '../sync/support/fault-trip.js';

let server: PortalServer;
let browser: Browser;
let trip: FaultTrip;

beforeAll(async () => {
  ({ server, browser, trip } = await startBrowserSuite((s) => portalTrip(s, { names: ['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal'], groups: [[0, 1, 2, 3], [4, 5, 6, 7]] })));
  const set = await trip.org.client.patch(`/trips/${trip.tripId}/rounds/${trip.roundId}`, { startTime: '08:30' });
  expect(set.status).toBe(200);
}, 90_000);
afterAll(() => stopBrowserSuite(server, browser));

describe('a round without tee times on the phone', () => {
  it('says the tee time is not set, on the home screen and the schedule, for a golfer of the second group', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const link = await portalLink(server, trip, trip.players[5]!.id);
    await openLink(page, link.url);
    await page.getByTestId('today-round').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('tee-time').textContent()).toBe('not set');
    await page.screenshot({ path: '/tmp/shots/portal-no-tee-time.png' });
    await page.evaluate(() => {
      location.hash = location.hash.replace(/^(#\/t\/[^/]+).*/, '$1/trip');
    });
    const mine = page.getByTestId('my-group');
    await mine.waitFor({ timeout: 20_000 });
    expect(await mine.textContent()).toContain('tee time not set yet');
    expect(await page.locator('.sched-item.round').first().textContent()).not.toContain('08:30');
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 60_000);
});
