/**
 * Issue 34, tests 1 and 2: late changes on the trip day, in a real Chromium, through what the organizer and the
 * golfers see. A round of four groups of three is in play: groups 1 and 2 have teed off (scores in), groups 3 and 4
 * have not. On the tee sheet the organizer marks Gil (group 3) a no-show, adds the late arrival Mo to group 3 and
 * swaps Ivy (group 3) with Jo (group 4); the phones of Ivy and Jo show their new cards at the next sync; the round's
 * board, the skins game and the control room follow. A move of a player of a started group is refused in words,
 * with the alternative. Then Lu (group 4) is marked a no-show with a Nassau against Hal: the preview shows the money
 * first (forfeit: Hal wins the three bets; void: nothing is owed), and the organizer confirms Void.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, course18, type Api } from '../support/client.js';
import { launchBrowser, pageErrors, phoneContext } from './support/chromium.js';
import { axeViolations, desktopContext, registerByApi, type Organizer } from './support/dashboard.js';
import { openSignedIn } from './support/dashboard-tour-rounds.js';
import { openLink, portalLink, startPortalServer, type PortalServer } from './support/portal.js';
import { tripDate, ZONE } from './support/scoring-trip.js';
import type { FaultTrip } from '../sync/support/fault-trip.js';

const SHOTS = '/tmp/shots';
const NAMES = ['Al', 'Bo', 'Cy', 'Di', 'Ed', 'Fi', 'Gil', 'Hal', 'Ivy', 'Jo', 'Kit', 'Lu', 'Mo'];
const FULL = (n: string) => `${n} Player`;

let server: PortalServer;
let browser: Browser;
let owner: Organizer;
let tripId: string;
let roundId: string;
let skinsId: string;
const id: Record<string, string> = {};

async function must(res: Promise<{ status: number; body: any; text: string }>, what: string): Promise<any> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

async function portalSession(name: string): Promise<Api> {
  const issued = await must(owner.client.post('/trip-portal/token', { tripId, playerId: id[name] }), 'token');
  return api(server.base, (await must(api(server.base).post('/trip-portal/validate', { token: issued.token }), 'validate')).session);
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startPortalServer();
  browser = await launchBrowser();
  owner = await registerByApi(server.base, 'Lee Latechange');
  const trip = await must(owner.client.post('/trips', { name: 'Trip day', startDate: tripDate(-1), endDate: tripDate(2), timezone: ZONE, currency: 'EUR' }), 'trip');
  tripId = trip.id;
  const players = NAMES.map((n, i) => ({ name: FULL(n), handicapIndex: 5 + i }));
  for (const p of (await must(owner.client.post(`/trips/${tripId}/players/bulk`, { players }), 'players')).items) id[p.name.split(' ')[0]] = p.id;
  // Mo arrives late: on the trip, in no group.
  const groups = [0, 1, 2, 3].map((g) => ({ playerIds: NAMES.slice(g * 3, g * 3 + 3).map((n) => id[n]), teeTime: `09:${g}0`, startingHole: 1 }));
  const round = await must(owner.client.post(`/trips/${tripId}/rounds`, { name: 'Day 1', date: tripDate(0), course: course18('Old Links'), defaultTee: 'White', groups }), 'round');
  roundId = round.id;
  await must(owner.client.patch(`/trips/${tripId}/rounds/${roundId}/ready`), 'ready');
  const skins = await must(owner.client.post(`/trips/${tripId}/side-games`, { kind: 'skins', roundId, basis: 'gross', participants: NAMES.slice(0, 12).map((n) => id[n]), config: { mode: 'per_skin', cents: 100 } }), 'skins');
  skinsId = skins.game.id;
  await must(owner.client.post(`/trips/${tripId}/side-games`, { kind: 'nassau', roundId, basis: 'gross', participants: { a: [id.Lu], b: [id.Hal] }, config: { stakes: 500 } }), 'nassau');
  // Groups 1 and 2 tee off: hole 1 for each of their players (Al's and Di's phones).
  const al = await portalSession('Al');
  for (const n of ['Al', 'Bo', 'Cy']) await must(al.post(`/trip-portal/scorecards/${roundId}-${id[n]}/scores/bulk`, { scores: [{ hole: 1, strokes: n === 'Al' ? 3 : 4 }] }), `scores of ${n}`);
  const di = await portalSession('Di');
  for (const n of ['Di', 'Ed', 'Fi']) await must(di.post(`/trip-portal/scorecards/${roundId}-${id[n]}/scores/bulk`, { scores: [{ hole: 1, strokes: 5 }] }), `scores of ${n}`);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** The players a phone's scorecard lists for its group, by id. */
const cardPlayers = (page: Page) => page.$$eval('[data-testid="player-hole"]', (rows) => rows.map((r) => r.getAttribute('data-player')).sort());
const ids = (...names: string[]) => names.map((n) => id[n]!).sort();

async function phoneOf(name: string) {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const link = await portalLink(server, { tripId, roundId, org: owner, players: [] } as unknown as FaultTrip, id[name]!);
  await openLink(page, link.url);
  await page.getByTestId('enter-scores').click();
  await page.waitForSelector('[data-testid="player-hole"]');
  return { context, page };
}

describe('late changes on the trip day', () => {
  it('test 1: a withdrawal, a late arrival and a swap in groups that have not started; the phones, board, skins and control room follow; a started group refuses in words', async () => {
    const ivy = await phoneOf('Ivy');
    const jo = await phoneOf('Jo');
    await expect.poll(() => cardPlayers(ivy.page), { timeout: 20_000 }).toEqual(ids('Gil', 'Hal', 'Ivy'));
    await expect.poll(() => cardPlayers(jo.page), { timeout: 20_000 }).toEqual(ids('Jo', 'Kit', 'Lu'));

    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openSignedIn(page, server.base, owner, `#/trips/${tripId}/pairings?round=${roundId}`);
    await page.getByText('Day 1 is being played. Groups that have not teed off still change').waitFor();
    const sheet = page.getByTestId('tee-sheet');
    const group = (n: number) => sheet.getByRole('listitem').filter({ has: page.getByRole('heading', { name: new RegExp(`^Group ${n}\\b`) }) }).first();
    await group(1).getByText('Teed off').waitFor();
    expect(await group(3).getByText('Teed off').count()).toBe(0);

    // A started group: its player with a score stays, and the screen says what to do instead.
    await page.getByRole('button', { name: `Move ${FULL('Al')}…` }).click();
    const held = page.getByRole('dialog', { name: `Move ${FULL('Al')}` });
    await held.getByText(`has teed off and ${FULL('Al')} has scores in: they stay in this group. To take ${FULL('Al')} out of play, mark them withdrawn`).waitFor();
    await held.getByRole('button', { name: `Take ${FULL('Al')} out of the round…` }).waitFor();
    await page.screenshot({ path: `${SHOTS}/late-started-group.png` });
    await held.getByRole('button', { name: 'Close' }).click();
    // Dragged into a started group anyway: the server refuses in words, with the alternative, and the sheet stays.
    await page.getByRole('button', { name: 'Group 1 actions…' }).click();
    await page.getByRole('dialog', { name: /^Swap Group 1/ }).getByText('its players, tee time and hole stay as they are').waitFor();
    await page.getByRole('dialog', { name: /^Swap Group 1/ }).getByRole('button', { name: 'Close' }).click();

    // 7 am: Gil (group 3) will not play. The preview comes first.
    await page.getByRole('button', { name: `Move ${FULL('Gil')}…` }).click();
    await page.getByRole('dialog', { name: `Move ${FULL('Gil')}` }).getByRole('button', { name: `Take ${FULL('Gil')} out of the round…` }).click();
    const out = page.getByRole('dialog', { name: `Take ${FULL('Gil')} out of Day 1` });
    await out.getByText(`${FULL('Gil')} has no score yet: they are marked a no-show`).waitFor();
    await out.getByText('They leave group 3, whose phones drop their card at the next sync.').waitFor();
    await out.getByRole('region', { name: /Skins.*what changes/ }).waitFor();
    await page.screenshot({ path: `${SHOTS}/late-no-show-preview.png` });
    await out.getByRole('button', { name: `Mark ${FULL('Gil')} as a no-show` }).click();
    await page.getByRole('status').filter({ hasText: `${FULL('Gil')} is marked a no-show` }).waitFor();
    await expect.poll(async () => (await group(3).textContent()) ?? '').not.toContain(FULL('Gil'));
    await page.getByRole('list', { name: 'In the round, in no group' }).getByText('No-show').waitFor();

    // A late arrival: Mo joins group 3 (groups that teed off are not offered).
    const late = page.getByRole('region', { name: 'Late changes' });
    await expect.poll(() => late.getByLabel('To group').locator('option').allTextContents(), { timeout: 10_000 }).toEqual([expect.stringMatching(/^Group 3 \(09:20\), 2 players/), expect.stringMatching(/^Group 4 \(09:30\), 3 players/)]);
    await late.getByLabel('Add a player').selectOption({ label: FULL('Mo') });
    await late.getByLabel('To group').selectOption({ index: 0 });
    await late.getByRole('button', { name: 'Add to group' }).click();
    await page.getByRole('status').filter({ hasText: `${FULL('Mo')} joined group 3` }).waitFor();
    await group(3).getByText(FULL('Mo')).waitFor();

    // A swap between the two groups that have not teed off: Ivy (3) with Jo (4).
    await page.getByRole('button', { name: `Move ${FULL('Ivy')}…` }).click();
    const menu = page.getByRole('dialog', { name: `Move ${FULL('Ivy')}` });
    // Read once the menu is open (allTextContents does not wait for it).
    await expect.poll(() => menu.getByLabel('Move to group').locator('option').allTextContents(), { timeout: 10_000 }).toEqual([expect.stringMatching(/^Group 4/)]);
    await menu.getByText('Groups that have teed off are not offered').waitFor();
    await menu.getByLabel('Or swap places with').selectOption({ label: `${FULL('Jo')} (group 4)` });
    await menu.getByRole('button', { name: 'Swap players' }).click();
    await page.getByRole('status').filter({ hasText: `${FULL('Ivy')} and ${FULL('Jo')} swapped places.` }).waitFor();
    await expect.poll(async () => (await group(4).textContent()) ?? '', { timeout: 10_000 }).toContain(FULL('Ivy'));
    expect((await axeViolations(page)).blocking).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/late-tee-sheet.png`, fullPage: true });

    // Both groups' phones show their new card at the next sync.
    await expect.poll(() => cardPlayers(ivy.page), { timeout: 30_000 }).toEqual(ids('Ivy', 'Kit', 'Lu'));
    await expect.poll(() => cardPlayers(jo.page), { timeout: 30_000 }).toEqual(ids('Hal', 'Jo', 'Mo'));
    await jo.page.screenshot({ path: `${SHOTS}/late-phone-new-group.png`, fullPage: true });
    // Gil's phone: out of the round, in words.
    const gil = await phoneOf('Gil');
    await gil.page.getByTestId('read-only').getByText('You are out of this round: marked a no-show by your organizer.').waitFor({ timeout: 30_000 });
    await gil.page.screenshot({ path: `${SHOTS}/late-phone-no-show.png`, fullPage: true });

    // The round's board: Mo is on it, Gil is not.
    await page.evaluate((h) => (location.hash = h), `#/trips/${tripId}/leaderboards?round=${roundId}`);
    await page.getByRole('rowheader', { name: FULL('Mo') }).waitFor({ timeout: 20_000 });
    expect(await page.getByRole('rowheader', { name: FULL('Gil') }).count()).toBe(0);
    // Skins: Gil is not in the game any more.
    const skins = await must(owner.client.get(`/trips/${tripId}/side-games/${skinsId}`), 'skins');
    expect(skins.state.players.map((p: { playerId: string }) => p.playerId)).not.toContain(id.Gil);
    // The control room: group 3 is Hal, Jo and Mo; Gil is not waited for.
    await page.evaluate((h) => (location.hash = h), `#/trips/${tripId}/control-room`);
    const room3 = page.getByRole('region', { name: 'Group 3' });
    await room3.getByText(FULL('Mo')).waitFor({ timeout: 20_000 });
    expect(await room3.getByText(FULL('Jo')).count()).toBeGreaterThan(0);
    expect(await page.getByText(FULL('Gil')).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/late-control-room.png`, fullPage: true });

    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    for (const c of [ivy.context, jo.context, gil.context, context]) await c.close();
  }, 240_000);

  it('test 2: a no-show after the start; the preview shows the money first (forfeit, then void), and the Nassau and skins follow', async () => {
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openSignedIn(page, server.base, owner, `#/trips/${tripId}/pairings?round=${roundId}`);
    await page.getByRole('button', { name: `Move ${FULL('Lu')}…` }).click();
    await page.getByRole('dialog', { name: `Move ${FULL('Lu')}` }).getByRole('button', { name: `Take ${FULL('Lu')} out of the round…` }).click();
    const out = page.getByRole('dialog', { name: `Take ${FULL('Lu')} out of Day 1` });
    const nassau = out.getByRole('region', { name: /Nassau.*what changes/ });
    // Forfeit (the default): Hal wins the three bets, €5 each.
    await nassau.getByText(`The match ends: ${FULL('Lu')}'s side concedes the bets not yet decided.`).waitFor();
    const row = (name: string) => nassau.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
    expect(await row(FULL('Hal')).getByRole('cell').allTextContents()).toEqual(['€0.00', '+€15.00']);
    expect(await row(FULL('Lu')).getByRole('cell').allTextContents()).toEqual(['€0.00', '-€15.00']);
    await page.screenshot({ path: `${SHOTS}/late-nassau-forfeit-preview.png` });
    // Void: nothing is owed.
    await out.getByLabel(/Void/).check();
    await nassau.getByText('The match ends: the bets not yet decided are off, nothing is owed for them.').waitFor();
    await nassau.getByText("Nobody's money changes so far.").waitFor();
    expect((await axeViolations(page)).blocking).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/late-nassau-void-preview.png` });
    await out.getByRole('button', { name: `Mark ${FULL('Lu')} as a no-show` }).click();
    await page.getByRole('status').filter({ hasText: `${FULL('Lu')} is marked a no-show` }).waitFor();

    // The Nassau's page: its bets are off.
    await page.evaluate((h) => (location.hash = h), `#/trips/${tripId}/games`);
    await page.getByText(/Front nine off: the match ended early/).first().waitFor({ timeout: 20_000 });
    await page.screenshot({ path: `${SHOTS}/late-games.png`, fullPage: true });
    const games = await must(owner.client.get(`/trips/${tripId}/side-games?roundId=${roundId}`), 'games');
    const nassauGame = games.items.find((g: { kind: string }) => g.kind === 'nassau');
    const state = (await must(owner.client.get(`/trips/${tripId}/side-games/${nassauGame.id}`), 'nassau')).state;
    expect(state.ended).toMatchObject({ how: 'void', afterHole: 0 });
    expect(state.moneyCents).toEqual({ [id.Lu!]: 0, [id.Hal!]: 0 });
    const skins = await must(owner.client.get(`/trips/${tripId}/side-games/${skinsId}`), 'skins');
    expect(skins.state.players.map((p: { playerId: string }) => p.playerId)).not.toContain(id.Lu);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 180_000);
});
