/**
 * The golfer's phone in a 24-player trip with a shotgun start, in a real Chromium at 390 px (issue 35):
 * - two Mikes (Smith, Taylor) and two Robs whose surnames start alike (Fitzgerald, Fisher) play in one group, beside a
 *   player known by one name: the scorecard and the leaderboard show names that tell them apart ("Mike S.",
 *   "Mike T.", "Rob Fit.", "Rob Fis."), none cut;
 * - the group starts on hole 10; Mike Smith scores holes 10–12 on his phone; Mike Taylor then opens the group's card
 *   on his own phone for the first time: it opens on hole 13, the next hole to play, not on hole 1 or 10.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { course18, organizer } from '../support/client.js';
import { api } from '../support/client.js';
import { exchange } from '../sync/support/fault-trip.js';
import { pageErrors, phoneContext } from './support/chromium.js';
import { openLink, portalLink, startBrowserSuite, stopBrowserSuite, type PortalServer } from './support/portal.js';
import { goToHole, PARS, tapScore, tripDate, ZONE } from './support/scoring-trip.js';

const NAMES = [
  'Mike Smith', 'Mike Taylor', 'Rob Fitzgerald', 'Rob Fisher', 'Tiger', 'Ann Lee', 'Ben Carter', 'Cat Ward',
  'Dan Brown', 'Eve Martin', 'Finn Walsh', 'Gus Price', 'Hal Young', 'Ivy Chen', 'Jack Ross', 'Kim Park',
  'Leo Grant', 'Max Hill', 'Ned Stone', 'Olga Novak', 'Paul King', 'Quinn Bell', 'Ray Ortiz', 'Sam Cole',
];
/** Shotgun: group n starts on its own hole; the Mikes' group (group 1) on hole 10. */
const STARTS = [10, 1, 4, 7, 13, 16];

interface Trip {
  tripId: string;
  roundId: string;
  id: Record<string, string>;
  org: Awaited<ReturnType<typeof organizer>>;
}

async function shotgunTrip(server: PortalServer): Promise<Trip> {
  const org = await organizer(server.base);
  const trip = await org.client.post('/trips', { name: 'Shotgun week', startDate: tripDate(-1), endDate: tripDate(2), timezone: ZONE, currency: 'EUR' });
  if (trip.status !== 201) throw new Error(`trip: ${trip.status} ${trip.text}`);
  const tripId = trip.body.id as string;
  const added = await org.client.post(`/trips/${tripId}/players/bulk`, { players: NAMES.map((name, i) => ({ name, handicapIndex: 4 + i })) });
  if (added.status !== 201) throw new Error(`players: ${added.status} ${added.text}`);
  const id: Record<string, string> = {};
  for (const p of added.body.items as { id: string; name: string }[]) id[p.name] = p.id;
  const groups = STARTS.map((startingHole, g) => ({ playerIds: NAMES.slice(g * 4, g * 4 + 4).map((n) => id[n]!), teeTime: '09:00', startingHole }));
  const round = await org.client.post(`/trips/${tripId}/rounds`, { name: 'Day 2', date: tripDate(0), course: course18(), defaultTee: 'White', groups });
  if (round.status !== 201) throw new Error(`round: ${round.status} ${round.text}`);
  const ready = await org.client.patch(`/trips/${tripId}/rounds/${round.body.id}/ready`);
  if (ready.status !== 200) throw new Error(`ready: ${ready.status} ${ready.text}`);
  return { tripId, roundId: round.body.id as string, id, org };
}

let server: PortalServer;
let browser: Browser;
let trip: Trip;

beforeAll(async () => {
  ({ server, browser, trip } = await startBrowserSuite(shotgunTrip));
  await mkdir('/tmp/shots', { recursive: true });
});
afterAll(() => stopBrowserSuite(server, browser));

/** A golfer's own phone (a fresh browser profile) on their link, synced. */
async function phoneOf(name: string): Promise<{ page: Page; errors: string[]; token: string }> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const errors = pageErrors(page);
  const link = await portalLink(server, trip as never, trip.id[name]!);
  await openLink(page, link.url);
  return { page, errors, token: link.token };
}

/** The names a row shows and whether any is cut (its text wider than its box). */
function shownNames(page: Page, selector: string) {
  return page.$$eval(selector, (els) =>
    els.map((el) => ({
      text: (el.querySelector('[aria-hidden="true"]') ?? el).textContent!.replace(' (me)', '').replace(' (you)', '').trim(),
      cut: el.scrollWidth > el.clientWidth + 1 || getComputedStyle(el).textOverflow === 'ellipsis',
    })),
  );
}

const GROUP1 = ['Mike Smith', 'Mike Taylor', 'Rob Fitzgerald', 'Rob Fisher'];
const SHORT: Record<string, string> = { 'Mike Smith': 'Mike S.', 'Mike Taylor': 'Mike T.', 'Rob Fitzgerald': 'Rob Fit.', 'Rob Fisher': 'Rob Fis.', Tiger: 'Tiger', 'Ann Lee': 'Ann' };

describe('two Mikes and two Robs in one group, on a 390 px phone', () => {
  it('are told apart on the scorecard and the leaderboard, and no name is cut', async () => {
    const { page, errors } = await phoneOf('Mike Smith');
    await page.getByTestId('enter-scores').click();
    await page.waitForSelector('[data-testid="hole-head"][data-hole="10"]', { timeout: 20_000 });
    await page.waitForSelector('[data-testid="player-hole"]');
    const rows = await shownNames(page, '[data-testid="player-name"]');
    expect(rows.map((r) => r.text)).toEqual(GROUP1.map((n) => SHORT[n]));
    expect(rows.filter((r) => r.cut)).toEqual([]);
    // Read aloud, each row still says the full name.
    await page.getByRole('group', { name: 'Mike Taylor' }).waitFor();
    await page.getByRole('button', { name: '+ one stroke more for Rob Fitzgerald' }).waitFor();
    await page.screenshot({ path: '/tmp/shots/portal-scorecard-two-mikes.png', fullPage: true });
    const totals = await page.$$eval('[data-testid="total-row"] th', (ths) => ths.map((th) => th.firstChild!.textContent));
    expect(totals).toEqual(GROUP1.map((n) => SHORT[n]));

    await page.getByRole('navigation', { name: 'Trip screens' }).getByRole('link', { name: /Boards/ }).click();
    await page.waitForSelector('[data-testid="board"] [data-testid="board-row"]', { timeout: 20_000 });
    const board = await shownNames(page, '[data-testid="board-row"] [data-col="name"]');
    expect(board).toHaveLength(24);
    const texts = board.map((b) => b.text);
    for (const n of [...GROUP1, 'Tiger', 'Ann Lee']) expect(texts).toContain(SHORT[n]);
    expect(new Set(texts).size).toBe(24);
    expect(texts.filter((t) => t.includes('…'))).toEqual([]);
    expect(board.filter((b) => b.cut)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/shots/portal-board-two-mikes.png', fullPage: true });
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await page.context().close();
  }, 60_000);
});

describe('a second scorer in the group', () => {
  it('opens the card on the next hole to play from the shotgun start, after another phone scored holes 10–12', async () => {
    const first = await phoneOf('Mike Smith');
    await first.page.getByTestId('enter-scores').click();
    await first.page.waitForSelector('[data-testid="hole-head"][data-hole="10"]', { timeout: 20_000 });
    for (const hole of [10, 11, 12]) {
      if (hole !== 10) await goToHole(first.page, hole);
      for (const n of GROUP1) await tapScore(first.page, trip.id[n]!, PARS[hole - 1]!, PARS[hole - 1]!);
    }
    await goToHole(first.page, 13); // leaving hole 12 writes it
    // The server has the three holes of all four cards.
    const portal = api(server.base, await exchange(server.base, first.token));
    await expect
      .poll(async () => {
        const holes = [];
        for (const n of GROUP1) {
          const res = await portal.get(`/trip-portal/scorecards/${trip.roundId}-${trip.id[n]}/scores`);
          holes.push((res.body.items as { hole: number }[]).map((s) => s.hole).join(','));
        }
        return holes;
      }, { timeout: 30_000 })
      .toEqual(GROUP1.map(() => '10,11,12'));

    // Mike Taylor's phone has never opened the trip: it syncs the trip and opens the group's card.
    const second = await phoneOf('Mike Taylor');
    await second.page.getByTestId('enter-scores').click();
    await second.page.waitForSelector('[data-testid="hole-head"]', { timeout: 20_000 });
    await expect.poll(() => second.page.getAttribute('[data-testid="hole-head"]', 'data-hole'), { timeout: 20_000 }).toBe('13');
    // It stays there: the scores of 10–12 are on this phone, and hole 13 is the one to enter.
    await second.page.waitForSelector(`[data-strip-hole="12"].done`, { timeout: 10_000 });
    expect(await second.page.getAttribute('[data-testid="hole-head"]', 'data-hole')).toBe('13');
    // Once the phone is up to date the hole is pinned in the address, so later scores never move it.
    await expect.poll(() => second.page.evaluate(() => location.hash), { timeout: 15_000 }).toMatch(/\/scorecard\/[^/]+\/13$/);
    await second.page.screenshot({ path: '/tmp/shots/portal-second-scorer-hole13.png', fullPage: true });
    // Scoring hole 13 here: the card stays on 13 once all four are in, until the golfer moves.
    for (const n of GROUP1) await tapScore(second.page, trip.id[n]!, PARS[12]!, PARS[12]!);
    await second.page.waitForSelector(`[data-strip-hole="13"].done`, { timeout: 10_000 });
    expect(await second.page.getAttribute('[data-testid="hole-head"]', 'data-hole')).toBe('13');
    // The first phone, pinned on hole 13 since Mike Smith moved there, stays there as the scores arrive.
    await first.page.waitForSelector(`[data-strip-hole="13"].done`, { timeout: 20_000 });
    expect(await first.page.getAttribute('[data-testid="hole-head"]', 'data-hole')).toBe('13');
    expect(second.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await first.page.context().close();
    await second.page.context().close();
  }, 120_000);
});
