/**
 * "Mail the links" names every player who has no email, as its confirmation promises (issue 35), however fast the
 * organizer clicks and wherever the player is in the list:
 *
 * - a 24-golfer trip, the links mailed five times, each time the moment the Links tab opens (before its list has
 *   loaded): the answer names the golfer without an email every time (it said "a player" when the click beat the
 *   list);
 * - a 144-golfer trip whose golfer without an email is on the list's third page: named too (the screen named players
 *   from the page it showed, so one on another page was "a player").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { desktopContext, registerByApi, type Organizer } from './support/dashboard.js';
import { openSignedIn } from './support/dashboard-tour-rounds.js';
import { startPortalServer, type PortalServer } from './support/portal.js';

let server: PortalServer;
let browser: Browser;

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const FIRST = ['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal', 'Ivy', 'Jon', 'Kim', 'Lou'];
const LAST = ['Byrne', 'Cole', 'Doyle', 'Egan', 'Flynn', 'Grant', 'Hayes', 'Irwin', 'Joyce', 'Kerr', 'Lynch', 'Moore'];

/** A trip of `count` golfers, all with an email but "Zoe Nomail" (last by name, so on the last page of the list). */
async function tripOf(owner: Organizer, count: number): Promise<string> {
  const trip = await owner.client.post('/trips', { name: `Mail Cup ${count}`, startDate: '2027-04-10', endDate: '2027-04-13', timezone: 'Europe/Lisbon', currency: 'EUR' });
  expect(trip.status, trip.text).toBe(201);
  const tag = `${process.pid}${Date.now().toString(36)}`;
  const players = Array.from({ length: count - 1 }, (_, i) => {
    const name = `${FIRST[i % FIRST.length]} ${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i >= FIRST.length * LAST.length ? ` ${i}` : ''}`;
    return { name, email: `golfer${i}.${tag}@example.com` };
  });
  const added = await owner.client.post(`/trips/${trip.body.id}/players/bulk`, { players: [...players, { name: 'Zoe Nomail' }] });
  expect(added.status, added.text).toBe(201);
  expect(added.body.items).toHaveLength(count);
  return trip.body.id as string;
}

/** Mails everyone from the Links tab and answers the report the screen gives. */
async function mailEveryone(page: Page, sent: number): Promise<string> {
  await page.getByRole('button', { name: 'Mail everyone their link' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mail every player their link?' });
  expect(await confirm.textContent()).toContain('Players without an email are listed afterwards');
  await confirm.getByRole('button', { name: 'Mail the links' }).click();
  const report = page.getByRole('status').filter({ hasText: `${sent} links mailed.` });
  await report.waitFor({ timeout: 60_000 });
  return (await report.textContent()) ?? '';
}

describe('mail the links', () => {
  it('names the golfer without an email on each of 5 runs, each mailed the moment the Links tab opens (24 golfers)', { timeout: 150_000 }, async () => {
    const owner = await registerByApi(server.base, 'Mia Mailer');
    const tripId = await tripOf(owner, 24);
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    for (let run = 1; run <= 5; run++) {
      // From the trip's overview, a fresh load each run (nothing of the list cached), then straight to the button.
      await openSignedIn(page, server.base, owner, `#/trips/${tripId}`);
      await page.evaluate((h) => {
        location.hash = h;
      }, `#/trips/${tripId}/links`);
      const text = await mailEveryone(page, 23);
      expect(text, `run ${run}`).toContain('No email for Zoe Nomail: add one on the Players tab, or give them a QR code.');
      expect(text, `run ${run}`).not.toContain('a player');
      await page.reload();
    }
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });

  it('names the golfer without an email who is on the third page of the list (144 golfers)', { timeout: 150_000 }, async () => {
    const owner = await registerByApi(server.base, 'Max Mailer');
    const tripId = await tripOf(owner, 144);
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openSignedIn(page, server.base, owner, `#/trips/${tripId}/links`);
    const table = page.getByRole('table', { name: "Each player's portal link" });
    await table.waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'Zoe Nomail' }).count()).toBe(0);
    const text = await mailEveryone(page, 143);
    expect(text).toContain('No email for Zoe Nomail: add one on the Players tab, or give them a QR code.');
    await page.screenshot({ path: '/tmp/shots/links-mailed.png' });
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });
});
