/**
 * Issue 34, test 6: tees per player, in a real Chromium, through what the organizer and the golfer see. A round on
 * a course with two tees and none chosen: "Mark ready" names the players without tees and fixes it in place. Then,
 * in play, one player is moved to the forward tee in their row of the round's page: their Course Handicap, Playing
 * Handicap and stroke dots change on the page, on the printed scorecard and on their phone (at its next sync), and
 * the hole already entered stays. A second round made with the New round form starts on a real tee, takes the
 * player's forward tee from the first round, and "everyone on these tees" and "copy the tees of" do what they say.
 *
 * The expected handicaps are worked out here (WHS Rule 6.1a and 6.2a), not read from the server:
 * Course Handicap = Handicap Index × Slope / 113 + (Course Rating − Par); Playing Handicap = CH × 95 %, rounded.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { roundHandicap } from '../../shared/domain/golf/handicap.js';
import { course18 } from '../support/client.js';
import { launchBrowser, pageErrors, phoneContext } from './support/chromium.js';
import { axeViolations, desktopContext, registerByApi, type Organizer } from './support/dashboard.js';
import { openSignedIn } from './support/dashboard-tour-rounds.js';
import { openLink, portalLink, startPortalServer, type PortalServer } from './support/portal.js';
import { goToHole, tapScore, tripDate, ZONE } from './support/scoring-trip.js';
import type { FaultTrip } from '../sync/support/fault-trip.js';

const SHOTS = '/tmp/shots';
const WHITE = { name: 'White', gender: 'M', courseRating: 71.2, slope: 128 };
const RED = { name: 'Red', gender: 'X', courseRating: 68.9, slope: 115 };
const ch = (index: number, tee: { courseRating: number; slope: number }) => (index * tee.slope) / 113 + (tee.courseRating - 72);
const ph = (index: number, tee: { courseRating: number; slope: number }) => Math.floor(ch(index, tee) * 0.95 + 0.5);
const PLAYERS = [
  { name: 'Ada Eighteen', handicapIndex: 18 },
  { name: 'Bo Byrne', handicapIndex: 12.3 },
  { name: 'Cy Cole', handicapIndex: 27.5 },
  { name: 'Di Doyle', handicapIndex: 7.1 },
];
// Course18's hole 16 is stroke index 18: a stroke for a Playing Handicap of 18 or more, none below.
const SI18_HOLE = 16;

let server: PortalServer;
let browser: Browser;
let owner: Organizer;
let tripId: string;
let roundId: string;
let ids: string[];

async function must(res: Promise<{ status: number; body: any; text: string }>, what: string): Promise<any> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startPortalServer();
  browser = await launchBrowser();
  owner = await registerByApi(server.base, 'Tess Tees');
  const c = course18('Quinta Links');
  await must(owner.client.post('/courses', { name: 'Quinta Links', holes: c.holes, tees: [WHITE, RED] }), 'course');
  const trip = await must(owner.client.post('/trips', { name: 'Algarve now', startDate: tripDate(-1), endDate: tripDate(3), timezone: ZONE, currency: 'EUR' }), 'trip');
  tripId = trip.id;
  ids = (await must(owner.client.post(`/trips/${tripId}/players/bulk`, { players: PLAYERS }), 'players')).items.map((p: { id: string }) => p.id);
  const courseId = (await must(owner.client.get('/courses'), 'courses')).items[0].id;
  // Made as the old form's "All tees" made it: every tee of the course, none chosen.
  const round = await must(
    owner.client.post(`/trips/${tripId}/rounds`, { name: 'Day 1', date: tripDate(0), courseId, groups: [{ playerIds: ids, teeTime: '09:10', startingHole: 1 }] }),
    'round',
  );
  roundId = round.id;
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const rowOf = (page: Page, name: string) => page.getByRole('table', { name: 'Handicaps and strokes per player' }).locator('tbody tr', { has: page.getByRole('rowheader', { name, exact: true }) });
/** A row of the round page's handicap table: Course Handicap, Playing Handicap, and the marks per hole (1 per ●). */
async function pageRow(row: Locator): Promise<{ ch: string; ph: string; dots: number[] }> {
  const cells = row.locator('td');
  const dots = await row.locator('.dot-cell').evaluateAll((els) => els.map((e) => (e.textContent === '·' ? 0 : [...(e.textContent ?? '')].reduce((s, c) => s + (c === '●' ? 1 : c === '+' ? -1 : 0), 0))));
  return { ch: (await cells.nth(3).textContent())!.trim(), ph: (await cells.nth(4).textContent())!.trim(), dots };
}
const serverStrokes = async (playerId: string): Promise<number[]> =>
  (await must(owner.client.get(`/trips/${tripId}/rounds/${roundId}/handicaps`), 'handicaps')).players.find((p: any) => p.playerId === playerId).strokesReceived;

describe('tees per player', () => {
  it('a player moved to the forward tee: Course Handicap, Playing Handicap and dots change on the page, the printed card and the phone', async () => {
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const ada = ids[0]!;

    // Two tees, none chosen: the page says so, and "Mark ready" names who has none and fixes it in place.
    await openSignedIn(page, server.base, owner, `#/trips/${tripId}/rounds?round=${roundId}`);
    await page.getByText('4 players have no tees yet').waitFor();
    await page.getByRole('button', { name: 'Mark ready…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark the round ready?' });
    await dialog.getByRole('button', { name: 'Mark ready' }).click();
    await dialog.getByText('No tees yet for:').waitFor();
    expect(await dialog.getByRole('group').textContent()).toContain('Ada Eighteen, Bo Byrne, Cy Cole, Di Doyle');
    await dialog.getByLabel("The round's tees").selectOption({ label: 'White · 71.2 / 128' });
    expect((await axeViolations(page)).blocking).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/tees-ready-refused.png` });
    await dialog.getByRole('button', { name: 'Use these tees and mark ready' }).click();
    await page.getByRole('status').filter({ hasText: 'The round is now ready.' }).waitFor();
    expect((await must(owner.client.get(`/trips/${tripId}/rounds/${roundId}`), 'round')).state).toBe('ready');

    // Off White, 18.0 plays off 19: a stroke on every hole and a second on stroke index 1.
    const white = await pageRow(rowOf(page, 'Ada Eighteen'));
    expect(white.ch).toBe(String(roundHandicap(ch(18, WHITE))));
    expect(white.ph).toBe(String(ph(18, WHITE)));
    expect(white.dots).toEqual(await serverStrokes(ada));
    expect(white.dots.reduce((a, b) => a + b, 0)).toBe(19);
    expect(white.dots[SI18_HOLE - 1]).toBe(1);

    // Ada's phone: PH 19, a stroke on hole 16; she enters hole 1.
    const phone = await phoneContext(browser);
    const mobile = await phone.newPage();
    const link = await portalLink(server, { tripId, roundId, org: owner, players: [] } as unknown as FaultTrip, ada);
    await openLink(mobile, link.url);
    await mobile.getByTestId('enter-scores').click();
    await mobile.waitForSelector('[data-testid="hole-head"][data-hole="1"]');
    const phoneTotals = mobile.locator(`[data-testid="total-row"][data-player="${ada}"] th`);
    // The phone names her by the shortest name unique in the trip (issue 35).
    expect(await phoneTotals.textContent()).toBe(`Ada PH ${ph(18, WHITE)}`);
    await tapScore(mobile, ada, 4, 5);
    await goToHole(mobile, SI18_HOLE);
    const received = mobile.locator(`[data-testid="player-hole"][data-player="${ada}"] [data-testid="strokes-received"]`);
    expect(await received.getAttribute('data-received')).toBe('1');
    await mobile.waitForSelector('[data-testid="sync-badge"][data-state="online"][data-pending="0"]', { timeout: 30_000 });
    await expect.poll(async () => (await must(owner.client.get(`/trips/${tripId}/rounds/${roundId}`), 'round')).state, { timeout: 15_000 }).toBe('in_progress');

    // The organizer moves Ada to the forward tee in her row: the row's figures change, and the page says what happened.
    await openSignedIn(page, server.base, owner, `#/trips/${tripId}/rounds?round=${roundId}`);
    await page.getByText('In play.').waitFor();
    await page.getByLabel('Tees for Ada Eighteen').selectOption({ label: 'Red · 68.9 / 115' });
    const said = page.getByRole('status').filter({ hasText: 'Ada Eighteen now plays the Red tees' });
    await said.waitFor();
    expect(await said.textContent()).toContain(`Course Handicap ${String(roundHandicap(ch(18, RED)))}, Playing Handicap ${ph(18, RED)}.`);
    expect(await said.textContent()).toContain('Ada Eighteen (1 hole): the holes already entered stay as entered');
    await expect.poll(async () => (await pageRow(rowOf(page, 'Ada Eighteen'))).ph).toBe(String(ph(18, RED)));
    const red = await pageRow(rowOf(page, 'Ada Eighteen'));
    expect(red.ch).toBe(String(roundHandicap(ch(18, RED))));
    expect(red.dots).toEqual(await serverStrokes(ada));
    expect(red.dots.reduce((a, b) => a + b, 0)).toBe(14);
    expect(red.dots[SI18_HOLE - 1]).toBe(0);
    // Nobody else moved.
    expect((await pageRow(rowOf(page, 'Bo Byrne'))).ph).toBe(String(ph(12.3, WHITE)));
    expect(await page.getByText('White · 71.2 / 128 · 1 player on other tees').count()).toBe(1);
    expect((await axeViolations(page)).blocking).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/tees-round-page.png`, fullPage: true });

    // The printed scorecard: her row says the tees, PH 14, and its dots are the server's strokes.
    await page.evaluate((h) => (location.hash = h), `#/trips/${tripId}/rounds/${roundId}/print?doc=scorecards&paper=a4`);
    const card = page.getByRole('region', { name: 'Scorecard of group 1' });
    await card.waitFor();
    const printed = card.locator('tr.pr-player', { hasText: 'Ada Eighteen' });
    expect((await printed.locator('th').textContent())!.replace(/\s+/g, ' ').trim()).toBe(`Ada Eighteen PH ${ph(18, RED)} · Red tees`);
    const printedDots = await printed.locator('td:not(.sum)').evaluateAll((tds) => tds.map((td) => [...(td.textContent ?? '')].reduce((s, c) => s + (c === '●' ? 1 : c === '+' ? -1 : 0), 0)));
    expect(printedDots).toEqual(await serverStrokes(ada));
    expect((await card.locator('tr.pr-player', { hasText: 'Bo Byrne' }).locator('th').textContent())).toContain('White tees');
    await page.screenshot({ path: `${SHOTS}/tees-print.png` });

    // The phone follows at its next sync: PH 14, no stroke on hole 16, hole 1 as entered.
    await mobile.waitForFunction(
      ({ id, want }) => document.querySelector(`[data-testid="total-row"][data-player="${id}"] th`)?.textContent === want,
      { id: ada, want: `Ada PH ${ph(18, RED)}` },
      { timeout: 60_000 },
    );
    expect(await received.getAttribute('data-received')).toBe('0');
    expect(await mobile.locator(`[data-testid="total-row"][data-player="${ada}"]`).getAttribute('data-gross')).toBe('5');
    await mobile.screenshot({ path: `${SHOTS}/tees-phone.png`, fullPage: true });
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await phone.close();
    await context.close();
  }, 240_000);

  it('a new round starts on a real tee, takes the forward tee from Day 1; "everyone on" and "copy the tees of" do what they say', async () => {
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openSignedIn(page, server.base, owner, `#/trips/${tripId}/rounds`);
    await page.getByRole('link', { name: 'New round' }).click();
    await page.getByRole('heading', { name: 'New round' }).waitFor();
    await page.getByLabel('Round name').fill('Day 2');
    await page.getByLabel('Date').fill(tripDate(1));
    await page.getByLabel('Course', { exact: true }).selectOption({ label: 'Quinta Links (18 holes)' });
    // A real tee from the start: no "choose later" that leaves every player without one.
    const tees = page.getByLabel('Tees');
    expect(await tees.locator('option').allTextContents()).toEqual(['White (men) — 71.2 / 128', 'Red (everyone) — 68.9 / 115']);
    expect(await tees.evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]!.textContent)).toBe('White (men) — 71.2 / 128');
    await page.screenshot({ path: `${SHOTS}/tees-new-round.png` });
    await page.getByRole('button', { name: 'Create round' }).click();
    await page.getByRole('heading', { name: /^Day 2/ }).waitFor();

    // Day 2 on the same course: Ada keeps her forward tee, the others play the round's White.
    await page.getByLabel('Tees for Ada Eighteen').waitFor();
    expect(await page.getByLabel('Tees for Ada Eighteen').inputValue()).toBe('Red');
    expect(await page.getByLabel('Tees for Bo Byrne').evaluate((s) => (s as HTMLSelectElement).selectedOptions[0]!.textContent)).toBe("Round's tees (White)");
    expect((await pageRow(rowOf(page, 'Ada Eighteen'))).ph).toBe(String(ph(18, RED)));
    expect((await pageRow(rowOf(page, 'Bo Byrne'))).ph).toBe(String(ph(12.3, WHITE)));

    // Everyone on Red.
    await page.getByLabel("Everyone's tees").selectOption({ label: 'Red · 68.9 / 115' });
    await page.getByRole('button', { name: 'Put everyone on these tees' }).click();
    await page.getByRole('status').filter({ hasText: /Bo Byrne now plays the Red tees|changed tees, now on the Red tees/ }).waitFor();
    for (const [i, p] of PLAYERS.entries()) {
      await expect.poll(async () => (await pageRow(rowOf(page, p.name))).ph, { timeout: 10_000 }).toBe(String(ph(p.handicapIndex, RED)));
      expect(await page.getByLabel(`Tees for ${p.name}`).inputValue(), `${i}`).toBe('');
    }
    // Copy the tees of Day 1 back: White for the round, Red for Ada.
    await page.getByLabel('Copy the tees of').selectOption({ label: 'Day 1' });
    await page.getByRole('button', { name: 'Copy tees' }).click();
    await page.getByRole('status').filter({ hasText: 'Bo Byrne now plays the White tees' }).waitFor();
    expect(await page.getByLabel('Tees for Ada Eighteen').inputValue()).toBe('Red');
    await expect.poll(async () => (await pageRow(rowOf(page, 'Bo Byrne'))).ph).toBe(String(ph(12.3, WHITE)));
    const day2 = (await must(owner.client.get(`/trips/${tripId}/rounds`), 'rounds')).items.find((r: any) => r.name === 'Day 2');
    expect(day2).toMatchObject({ defaultTee: 'White', playerTees: { [ids[0]!]: 'Red' } });
    expect((await axeViolations(page)).blocking).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/tees-day2.png`, fullPage: true });
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 180_000);
});
