/**
 * The Pairings tab of the dashboard (issue 23, item 6) in a real Chromium: Balanced pairings of 16 players with a
 * keep-apart rule, tee times, then the sheet adjusted by dragging a player (sortablejs), by the keyboard and menu,
 * and by dragging a group onto another; the rule breaks and the fairness beside the sheet follow each change and
 * the server holds the result. A 144-player sheet renders; every other view of the tab does its main action; axe
 * finds no serious or critical violation on any of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, pageErrors, PHONE } from './support/chromium.js';
import { axeViolations, desktopContext, openDashboard, signInInPage } from './support/dashboard.js';
import { chipOf, dragOnto, groupOf, pairingsTour, pairingsTrip, PAIRING_NAMES, type PairingsTrip } from './support/dashboard-tour-pairings.js';
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

const [ANN, BEN] = [PAIRING_NAMES[0]!, PAIRING_NAMES[1]!];

/** Which group (1-based, in tee order) holds each player, as the server has it. */
async function serverGroups(trip: PairingsTrip): Promise<Map<string, number>> {
  const p = await trip.owner.client.get(`/rounds/${trip.rounds[0]}/pairings`);
  return new Map((p.body.groups as { number: number; players: { name: string }[] }[]).flatMap((g, i) => g.players.map((pl) => [pl.name, i + 1] as const)));
}

/** The number in a group card's title ("Group 3 · 08:16 · hole 1" → 3). */
async function groupNumber(page: Page, name: string): Promise<number> {
  const title = await groupOf(page, name).locator('h3').textContent();
  return Number(/Group (\d+)/.exec(title ?? '')?.[1]);
}

/** A player's early and late tee times in the fairness table. */
async function earlyLate(page: Page, name: string): Promise<[number, number]> {
  const cells = await page.getByRole('table', { name: 'Fairness per player' }).getByRole('row').filter({ hasText: name }).getByRole('cell').allTextContents();
  return [Number(cells[1]), Number(cells[2])];
}

async function expectAxeClean(page: Page, where: string): Promise<void> {
  const r = await axeViolations(page);
  expect(r.passes, `${where}: axe checked nothing`).toBeGreaterThan(0);
  expect(r.blocking, where).toEqual([]);
}

describe('pairings and tee sheets', () => {
  it('pairs 16 players Balanced with a keep-apart rule, then drags, moves by keyboard and menu, swaps groups: rule breaks and fairness follow, the server holds it', async () => {
    const trip = await pairingsTrip(server.base, { pairSecond: true });
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openDashboard(page, server.base, `#/trips/${trip.tripId}/pairings`);
    await signInInPage(page, { email: trip.owner.email });
    await page.getByRole('heading', { name: 'Pair the players' }).waitFor();
    await page.getByRole('link', { name: 'Pairings', exact: true }).and(page.locator('[aria-current="page"]')).first().waitFor();
    expect(await page.getByText('No groups yet: pair the players above.').count()).toBe(1);

    // Balanced foursomes; a refused group size first (the route's own schema, before sending: none here, the select
    // offers 2–6 only), then the pairing; the keep-apart rule is kept.
    expect(await page.getByLabel('Strategy').inputValue()).toBe('balanced');
    await page.getByLabel('Players per group').selectOption('4');
    await page.getByRole('button', { name: 'Pair players' }).click();
    await expect.poll(() => page.getByTestId('sheet-group').count()).toBe(4);
    expect(await page.getByTestId('sheet-player').count()).toBe(16);
    await expect.poll(() => page.getByTestId('breaks-summary').textContent()).toBe('The rule is kept.');
    expect(await groupNumber(page, ANN)).not.toBe(await groupNumber(page, BEN));

    // Tee times: an interval outside 5–30 is refused at its field, before anything is sent; then a single tee.
    await page.getByLabel('Minutes between groups').fill('45');
    await page.getByRole('button', { name: 'Set tee times' }).click();
    await expect.poll(() => page.locator('#tee-intervalMinutes-error').textContent()).toContain('5 to 30');
    await page.getByLabel('Minutes between groups').fill('10');
    await page.getByRole('button', { name: 'Set tee times' }).click();
    await page.getByRole('heading', { name: /^Group 4 · 08:30 · hole 1$/ }).waitFor();
    await expect.poll(() => page.getByTestId('fairness-summary').textContent()).toContain('over 2 rounds');
    await page.getByRole('button', { name: 'Show all 16 players' }).click();
    await expectAxeClean(page, 'tee sheet');

    // Drag Ann into Ben's group: the rule break shows at once, the fairness of Ann changes, the server follows.
    const annFrom = await groupNumber(page, ANN);
    const benGroup = await groupNumber(page, BEN);
    const annBefore = await earlyLate(page, ANN);
    await dragOnto(page, chipOf(page, ANN), groupOf(page, BEN).locator('.sheet-players'));
    await expect.poll(() => groupNumber(page, ANN)).toBe(benGroup);
    await expect.poll(() => page.getByTestId('breaks-summary').textContent()).toBe('1 of 1 rule broken:');
    expect(await page.getByRole('list', { name: 'Broken rules' }).textContent()).toContain(`${ANN} and ${BEN} should be kept apart but share group ${benGroup}`);
    expect(await groupOf(page, ANN).locator('.player-chip.flagged').count()).toBe(2);
    // Four tee times: groups 1–2 are early, 3–4 late; Ann's other round stays as it was.
    const half = (g: number): [number, number] => (g <= 2 ? [1, 0] : [0, 1]);
    const expected = [0, 1].map((k) => annBefore[k]! - half(annFrom)[k]! + half(benGroup)[k]!);
    await expect.poll(() => earlyLate(page, ANN)).toEqual(expected);
    await expect.poll(async () => (await serverGroups(trip)).get(ANN)).toBe(benGroup);
    expect(await page.getByRole('status').filter({ hasText: `${ANN} moved to group ${benGroup}.` }).count()).toBe(1);

    // The same move back by keyboard and menu: focus Ann's "Move…" button, Enter, choose the group, Enter.
    await page.getByRole('button', { name: `Move ${ANN}…` }).focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: `Move ${ANN}` });
    await menu.waitFor();
    await menu.getByLabel('Move to group').selectOption(String(annFrom - 1));
    await menu.getByRole('button', { name: 'Move', exact: true }).press('Enter');
    await expect.poll(() => groupNumber(page, ANN)).toBe(annFrom);
    // The focus is back on Ann's menu button, in her new group.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${ANN}…`);
    await expect.poll(() => page.getByTestId('breaks-summary').textContent()).toBe('The rule is kept.');
    await expect.poll(async () => (await serverGroups(trip)).get(ANN)).toBe(annFrom);

    // Swap Players from the menu: Ann trades places with a player of Ben's group who is not Ben.
    const other = (await groupOf(page, BEN).getByTestId('sheet-player').allTextContents()).map((t) => PAIRING_NAMES.find((n) => t.includes(n))).find((n) => n && n !== BEN)!;
    await page.getByRole('button', { name: `Move ${ANN}…` }).click();
    await menu.getByLabel('Or swap places with').selectOption({ label: `${other} (group ${benGroup})` });
    await menu.getByRole('button', { name: 'Swap players' }).click();
    await expect.poll(() => groupNumber(page, other)).toBe(annFrom);
    await expect.poll(() => page.getByTestId('breaks-summary').textContent()).toBe('1 of 1 rule broken:');
    await expect.poll(async () => (await serverGroups(trip)).get(other)).toBe(annFrom);

    // Swap two groups by dragging group 1 by its handle onto group 3: their players trade places, tee times stay.
    const before = await serverGroups(trip);
    const firstOf1 = [...before].find(([, g]) => g === 1)![0];
    const firstOf3 = [...before].find(([, g]) => g === 3)![0];
    await dragOnto(page, page.getByTestId('sheet-group').nth(0).locator('.group-handle'), page.getByTestId('sheet-group').nth(2));
    await expect.poll(() => groupNumber(page, firstOf1)).toBe(3);
    expect(await groupNumber(page, firstOf3)).toBe(1);
    await expect.poll(async () => (await serverGroups(trip)).get(firstOf1)).toBe(3);
    expect((await serverGroups(trip)).get(firstOf3)).toBe(1);
    await page.getByRole('heading', { name: /^Group 1 · 08:00 · hole 1$/ }).waitFor();

    // Swap Groups from a group's menu, exchanging tee times: the players stay, the times trade.
    await page.getByRole('button', { name: 'Group 2 actions…' }).click();
    const gmenu = page.getByRole('dialog');
    await gmenu.getByLabel('With group').selectOption('3');
    await gmenu.getByLabel(/Their tee times/).check();
    await gmenu.getByRole('button', { name: 'Swap groups' }).click();
    await page.getByRole('heading', { name: /^Group 2 · 08:30 · hole 1$/ }).waitFor();
    await expect.poll(async () => {
      const p = await trip.owner.client.get(`/rounds/${trip.rounds[0]}/pairings`);
      return p.body.groups.map((g: { teeTime: string }) => g.teeTime).join(' ');
    }).toBe('08:00 08:30 08:20 08:10');

    // What the page shows is what the server holds, after a reload.
    const held = await serverGroups(trip);
    await page.reload();
    await page.getByTestId('sheet-player').first().waitFor();
    for (const [name, g] of held) expect(await groupNumber(page, name), name).toBe(g);
    await expectAxeClean(page, 'tee sheet after changes');
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('renders a 144-player tee sheet (36 groups) with its fairness', async () => {
    const trip = await pairingsTrip(server.base, { count: 144, pairFirst: true, pairSecond: true });
    const context = await desktopContext(browser);
    const page = await context.newPage();
    await openDashboard(page, server.base, `#/trips/${trip.tripId}/pairings`);
    await signInInPage(page, { email: trip.owner.email });
    await expect.poll(() => page.getByTestId('sheet-player').count(), { timeout: 20_000 }).toBe(144);
    expect(await page.getByTestId('sheet-group').count()).toBe(36);
    await page.getByRole('button', { name: 'Show all 144 players' }).waitFor();
    await context.close();
  }, 90_000);

  it('is usable and axe-clean on a phone (390×844): the sheet stacks above its rule breaks and fairness, the menus work', async () => {
    const trip = await pairingsTrip(server.base, { pairFirst: true, pairSecond: true });
    const context = await desktopContext(browser, PHONE.viewport);
    const page = await context.newPage();
    await openDashboard(page, server.base, `#/trips/${trip.tripId}/pairings`);
    await signInInPage(page, { email: trip.owner.email });
    await page.getByTestId('sheet-player').first().waitFor();
    await expectAxeClean(page, 'tee sheet on a phone');
    const from = await groupNumber(page, ANN);
    await page.getByRole('button', { name: `Move ${ANN}…` }).click();
    await page.getByRole('dialog', { name: `Move ${ANN}` }).getByLabel('Move to group').selectOption(String(from === 1 ? 1 : 0));
    await expectAxeClean(page, 'player menu on a phone');
    await page.getByRole('dialog', { name: `Move ${ANN}` }).getByRole('button', { name: 'Move', exact: true }).click();
    await expect.poll(() => groupNumber(page, ANN)).toBe(from === 1 ? 2 : 1);
    await context.close();
  }, 60_000);

  it('walks rotations, copy pairings, waves, round robin and open tee times: each does its work, axe finds nothing serious', async () => {
    const trip = await pairingsTrip(server.base, { pairFirst: true, pairSecond: true });
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openDashboard(page, server.base, `#/trips/${trip.tripId}/pairings`);
    await signInInPage(page, { email: trip.owner.email });
    await page.getByRole('heading', { name: 'Tee sheet' }).waitFor();
    const blocking: string[] = [];
    const seen = await pairingsTour(page, server.base, trip, async (name, p) => {
      const r = await axeViolations(p);
      expect(r.passes, name).toBeGreaterThan(0);
      blocking.push(...r.blocking.map((l) => `${name}: ${l}`));
    });
    expect(seen).toEqual(['pairings-sheet', 'pairings-player-menu', 'pairings-group-menu', 'pairings-rotations', 'pairings-copy', 'pairings-waves', 'pairings-round-robin', 'pairings-open-tee-times']);
    expect(blocking).toEqual([]);

    // Blocking a booked tee time: the server lists the booking by name first; confirming cancels it.
    const booked = (await page.getByRole('button', { name: /^Cancel .* booking at 08:00$/ }).getAttribute('aria-label'))!.replace(/^Cancel (.*) booking at 08:00$/, '$1');
    await page.getByLabel('Blocked times').fill('08:00');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const warning = page.getByRole('alert').filter({ hasText: 'This change would end bookings' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(`${booked} at 08:00: blocked`);
    await warning.getByRole('button', { name: 'Apply and cancel those bookings' }).click();
    await expect.poll(async () => (await trip.owner.client.get(`/rounds/${trip.rounds[0]}/open-tee-times`)).body.slots[0]).toMatchObject({ time: '08:00', blocked: true, players: [] });
    await expectAxeClean(page, 'open tee times after blocking');

    // What each view did is on the server.
    const day2 = await trip.owner.client.get(`/rounds/${trip.rounds[1]}/pairings`);
    // Copied, then made again as the second round with its starting tees swapped.
    expect(day2.body.strategy).toBe('second_round');
    expect(day2.body.groups[0].startingHole).toBe(10);
    expect((await trip.owner.client.get(`/events/${trip.tripId}/round-robin`)).body.participants).toHaveLength(2);
    const open = await trip.owner.client.get(`/rounds/${trip.rounds[0]}/open-tee-times`);
    expect(open.body.config.blockedTimes).toEqual(['08:00']);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);
});
