/**
 * Issue 34, test 4: four-ball sides, in a real Chromium, through what the organizer and the golfer see. A four-ball
 * round of two groups of four: on the round's page the organizer pairs every group by handicap (lowest with highest)
 * and then chooses group 2's partners by hand; group 1 plays four holes; Al's phone shows "You & Bo … vs …" and each
 * side's better-ball net; the round page, the team board and a Nassau set up between group 1's sides show the same
 * allowance (85 %, the round's) and the same better-ball net per hole.
 *
 * The expected figures are worked out here by hand (WHS Rules 6.1a and 6.2a, Appendix E), not read from the server.
 * White tee 71.2 / 128, par 72: Course Handicap = Index × 128 / 113 − 0.8; Playing Handicap = CH × 85 %, rounded.
 *   Al 4 → 3.73 → 3.17 → 3; Bo 24 → 26.39 → 22.43 → 22; Cy 12 → 12.79 → 10.87 → 11; Di 9 → 9.40 → 7.99 → 8.
 * By handicap: Al (3) with Bo (22) against Di (8) with Cy (11).
 * Holes 1–4: par 4, 4, 3, 5; stroke index 7, 11, 15, 1. Strokes received: Al 0, 0, 0, 1; Bo 1, 1, 1, 2; Cy 1, 1, 0, 1;
 * Di 1, 0, 0, 1. Gross Al 5 4 3 6, Bo 6 5 4 7, Cy 5 5 4 6, Di 5 4 3 5 → net Al 5 4 3 5, Bo 5 4 3 5, Cy 4 4 4 5,
 * Di 4 4 3 4. Better ball: Al & Bo 5 4 3 5 = 17 (+1 on par 16), Di & Cy 4 4 3 4 = 15 (−1). Nassau: Di & Cy win
 * holes 1 and 4, 2 and 3 halved.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { api, course18, type Api } from '../support/client.js';
import { launchBrowser, pageErrors, phoneContext } from './support/chromium.js';
import { axeViolations, desktopContext, registerByApi, type Organizer } from './support/dashboard.js';
import { openSignedIn } from './support/dashboard-tour-rounds.js';
import { openLink, portalLink, startPortalServer, type PortalServer } from './support/portal.js';
import { goToHole, tripDate, ZONE } from './support/scoring-trip.js';
import type { FaultTrip } from '../sync/support/fault-trip.js';

const SHOTS = '/tmp/shots';
const PLAYERS = [
  { name: 'Al Fenn', handicapIndex: 4 },
  { name: 'Bo Grant', handicapIndex: 24 },
  { name: 'Cy Hale', handicapIndex: 12 },
  { name: 'Di Imre', handicapIndex: 9 },
  { name: 'Ed Jones', handicapIndex: 15 },
  { name: 'Fe Kerr', handicapIndex: 3 },
  { name: 'Gu Lund', handicapIndex: 18 },
  { name: 'Ha Moss', handicapIndex: 7 },
];
const GROSS: Record<string, number[]> = { 'Al Fenn': [5, 4, 3, 6], 'Bo Grant': [6, 5, 4, 7], 'Cy Hale': [5, 5, 4, 6], 'Di Imre': [5, 4, 3, 5] };
const AL_BO_NET = [5, 4, 3, 5];
const DI_CY_NET = [4, 4, 3, 4];

let server: PortalServer;
let browser: Browser;
let owner: Organizer;
let tripId: string;
let roundId: string;
const id: Record<string, string> = {};

async function must(res: Promise<{ status: number; body: any; text: string }>, what: string): Promise<any> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startPortalServer();
  browser = await launchBrowser();
  owner = await registerByApi(server.base, 'Fran Fourball');
  const trip = await must(owner.client.post('/trips', { name: 'Four-ball day', startDate: tripDate(-1), endDate: tripDate(2), timezone: ZONE, currency: 'EUR' }), 'trip');
  tripId = trip.id;
  for (const p of (await must(owner.client.post(`/trips/${tripId}/players/bulk`, { players: PLAYERS }), 'players')).items) id[p.name] = p.id;
  const groups = [PLAYERS.slice(0, 4), PLAYERS.slice(4)].map((g, i) => ({ playerIds: g.map((p) => id[p.name]), teeTime: `09:${i}0`, startingHole: 1 }));
  const round = await must(owner.client.post(`/trips/${tripId}/rounds`, { name: 'Day 1 — Four-ball', date: tripDate(0), course: course18('Old Links'), defaultTee: 'White', format: 'four_ball', groups }), 'round');
  roundId = round.id;
  await must(owner.client.patch(`/trips/${tripId}/rounds/${roundId}/ready`), 'ready');
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** A portal session of `name` (another phone of the group), for entering the group's scores. */
async function portalSession(name: string): Promise<Api> {
  const issued = await must(owner.client.post('/trip-portal/token', { tripId, playerId: id[name] }), 'token');
  return api(server.base, (await must(api(server.base).post('/trip-portal/validate', { token: issued.token }), 'validate')).session);
}

describe('four-ball sides', () => {
  it('sides from the pairings on the round page, on the phone, the board and the Nassau: one allowance, one better-ball net', async () => {
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);

    // The round page: the format's allowance, and the sides section.
    await openSignedIn(page, server.base, owner, `#/trips/${tripId}/rounds?round=${roundId}`);
    await page.getByText('Four-ball · allowance 85 %').waitFor();
    const sides = page.getByRole('region', { name: 'Four-ball sides' });
    await sides.getByText('No sides yet.').first().waitFor();
    await sides.getByRole('button', { name: 'Pair every group by handicap (lowest with highest)' }).click();
    await page.getByRole('status').filter({ hasText: 'Sides paired by handicap' }).waitFor();
    const group = (n: number) => sides.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Group ${n}` }) });
    await group(1).getByText('Al Fenn & Bo Grant vs Di Imre & Cy Hale').waitFor();
    // Group 2 by handicap: Fe (PH 2) with Gu (PH 17) against Ha (PH 6) with Ed (PH 14).
    await group(2).getByText('Fe Kerr & Gu Lund vs Ha Moss & Ed Jones').waitFor();

    // The organizer chooses group 2's partners: Ed with Fe.
    await group(2).getByLabel("Ed Jones's partner").selectOption({ label: `Fe Kerr (PH ${Math.round(((3 * 128) / 113 - 0.8) * 0.85)})` });
    await group(2).getByRole('button', { name: 'Save partners for group 2' }).click();
    await group(2).getByText('Ed Jones & Fe Kerr vs Gu Lund & Ha Moss').waitFor();
    // Group 1 kept its sides.
    await group(1).getByText('Al Fenn & Bo Grant vs Di Imre & Cy Hale').waitFor();
    const server1 = await must(owner.client.get(`/trips/${tripId}/rounds/${roundId}/team-scorecards`), 'cards');
    expect(server1.items.map((c: { name: string }) => c.name)).toEqual(['Al Fenn & Bo Grant', 'Di Imre & Cy Hale', 'Ed Jones & Fe Kerr', 'Gu Lund & Ha Moss']);

    // Group 1 plays four holes (Di's phone enters the group's scores).
    const di = await portalSession('Di Imre');
    for (const [name, strokes] of Object.entries(GROSS)) {
      await must(di.post(`/trip-portal/scorecards/${roundId}-${id[name]}/scores/bulk`, { scores: strokes.map((s, i) => ({ hole: i + 1, strokes: s, deviceId: 'phone-di' })) }), `scores of ${name}`);
    }

    // Al's phone: the side, and each side's better-ball net on the hole and so far.
    const phone = await phoneContext(browser);
    const mobile = await phone.newPage();
    const link = await portalLink(server, { tripId, roundId, org: owner, players: [] } as unknown as FaultTrip, id['Al Fenn']!);
    await openLink(mobile, link.url);
    await mobile.getByTestId('enter-scores').click();
    await mobile.waitForSelector('[data-testid="hole-head"]');
    await goToHole(mobile, 4);
    const banner = mobile.getByTestId('sides');
    await banner.getByRole('heading', { name: 'You & Bo Grant vs Di Imre & Cy Hale' }).waitFor({ timeout: 30_000 });
    const sideOnPhone = (name: string) => mobile.locator(`[data-testid="side-score"][data-side="${name}"]`);
    await expect.poll(async () => sideOnPhone('Al Fenn & Bo Grant').getAttribute('data-net'), { timeout: 30_000 }).toBe('17');
    expect(await sideOnPhone('Al Fenn & Bo Grant').getAttribute('data-hole-net')).toBe(String(AL_BO_NET[3]));
    expect(await sideOnPhone('Di Imre & Cy Hale').getAttribute('data-net')).toBe('15');
    expect(await sideOnPhone('Di Imre & Cy Hale').getAttribute('data-hole-net')).toBe(String(DI_CY_NET[3]));
    expect(await banner.textContent()).toContain("Better-ball net at the round's 85 %");
    await mobile.screenshot({ path: `${SHOTS}/four-ball-phone.png`, fullPage: true });
    expect(pageErrors(mobile).filter((e) => e.startsWith('pageerror'))).toEqual([]);

    // The round page: the same better-ball net per side.
    await openSignedIn(page, server.base, owner, `#/trips/${tripId}/rounds?round=${roundId}`);
    const row = (name: string) => page.locator(`[data-testid="side-row"][data-side="${name}"]`);
    await expect.poll(async () => row('Al Fenn & Bo Grant').getAttribute('data-net'), { timeout: 35_000 }).toBe('17');
    expect(await row('Di Imre & Cy Hale').getAttribute('data-net')).toBe('15');
    expect(await row('Di Imre & Cy Hale').locator('td').last().textContent()).toBe('-1');
    await sides.getByText("round's allowance of 85 %").waitFor();

    // A Nassau between group 1's sides, from the round page.
    await group(1).getByLabel('Nassau stake per bet, per player (EUR)').fill('5');
    await group(1).getByRole('button', { name: 'Set up a Nassau for group 1' }).click();
    await page.getByRole('status').filter({ hasText: 'Nassau set up for group 1' }).waitFor();
    expect((await axeViolations(page)).blocking).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/four-ball-round-page.png`, fullPage: true });
    await group(1).getByRole('link', { name: 'Open the Nassau' }).click();
    await page.getByText('Four-ball (better ball) Nassau').waitFor();
    expect(await page.getByText('net match play at 85 % of Course Handicaps').count()).toBe(1);
    const holes = page.locator('[data-testid="nassau-hole"]');
    await expect.poll(() => holes.count()).toBe(4);
    const nassau = await holes.evaluateAll((rows) => rows.map((r) => [Number(r.getAttribute('data-a')), Number(r.getAttribute('data-b'))]));
    expect(nassau).toEqual(AL_BO_NET.map((n, i) => [n, DI_CY_NET[i]]));
    expect(await page.getByRole('table', { name: 'Better-ball net of each side per hole' }).locator('tbody td:last-child').allTextContents()).toEqual([
      'Di Imre & Cy Hale',
      'Halved',
      'Halved',
      'Di Imre & Cy Hale',
    ]);
    await page.screenshot({ path: `${SHOTS}/four-ball-nassau.png`, fullPage: true });

    // The team board: the same allowance and the same better-ball net.
    await page.evaluate((h) => (location.hash = h), `#/trips/${tripId}/leaderboards?board=teams&round=${roundId}`);
    await page.getByTestId('team-board-allowance').waitFor();
    expect(await page.getByTestId('team-board-allowance').textContent()).toContain('85 %');
    const boardRow = (name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await expect.poll(async () => (await boardRow('Al Fenn & Bo Grant').getByRole('button', { name: /^Net / }).textContent())?.trim()).toBe('17');
    expect((await boardRow('Di Imre & Cy Hale').getByRole('button', { name: /^Net / }).textContent())?.trim()).toBe('15');
    await page.screenshot({ path: `${SHOTS}/four-ball-board.png`, fullPage: true });
    // The players' board of the round says the same allowance (it said 95 % before).
    await page.evaluate((h) => (location.hash = h), `#/trips/${tripId}/leaderboards?round=${roundId}`);
    await page.getByText('handicap allowance 85 %').waitFor();

    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await phone.close();
    await context.close();
  }, 240_000);
});
