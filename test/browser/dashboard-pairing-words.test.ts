/**
 * Pairing results in an organizer's words (issue 35): 24 golfers, three rounds paired at once on the Pairings tab's
 * Rotations view. The result says what the organizer cares about (how often pairs meet over the trip, how many
 * different partners each golfer meets) and nothing of how the schedule was computed ("Method: cyclic 24/4 design +
 * search").
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { course18 } from '../support/client.js';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { desktopContext, openDashboard, registerByApi, signInInPage } from './support/dashboard.js';
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

const NAMES = ['Ann', 'Bob', 'Carl', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal', 'Ida', 'Jon', 'Kay', 'Liam', 'Mia', 'Ned', 'Ola', 'Pat', 'Quin', 'Rory', 'Sam', 'Tom', 'Uma', 'Vic', 'Wes', 'Zoe'].map((n) => `${n} Golfer`);

describe('pairing results in words', () => {
  it('three rounds of 24 paired at once: the result says how often pairs meet and how many partners each golfer meets, never the method', { timeout: 120_000 }, async () => {
    const owner = await registerByApi(server.base, 'Rita Rotor');
    const c = owner.client;
    const tripId = (await c.post('/trips', { name: 'Kerry 2027', startDate: '2027-06-01', endDate: '2027-06-05', timezone: 'Europe/Dublin', currency: 'EUR' })).body.id as string;
    const ids = ((await c.post(`/trips/${tripId}/players/bulk`, { players: NAMES.map((name, i) => ({ name, handicapIndex: i + 1 })) })).body.items as { id: string }[]).map((p) => p.id);
    for (const [i, course] of ['Old Course', 'Victoria', 'Ballybunion'].entries()) {
      const r = await c.post(`/trips/${tripId}/rounds`, { name: `Day ${i + 1}`, date: `2027-06-0${i + 2}`, course: course18(course), defaultTee: 'White', playerIds: ids });
      expect(r.status, r.text).toBe(201);
    }
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openDashboard(page, server.base, `#/trips/${tripId}/pairings?view=rotations`);
    await signInInPage(page, { email: owner.email });
    await page.getByRole('heading', { name: 'Pair several rounds' }).waitFor();
    await page.getByRole('button', { name: 'Pair the rounds' }).click();
    const result = page.getByRole('status').filter({ has: page.getByRole('heading', { name: 'Paired 3 rounds: Day 1, Day 2 and Day 3' }) });
    await result.waitFor({ timeout: 60_000 });
    const text = await result.innerText();
    expect(text).not.toMatch(/method|design|search|cyclic|24\/4/i);
    expect(await page.getByTestId('rotation-claim').textContent()).toMatch(/^Over the trip's 3 rounds/);
    expect(await page.getByTestId('rotation-partners').textContent()).toMatch(/different partners/);
    mkdirSync('/tmp/shots', { recursive: true });
    await result.screenshot({ path: '/tmp/shots/pairing-result.png' });
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });
});
