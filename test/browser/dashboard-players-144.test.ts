/**
 * The players list at 144 (issue 35): in the order pasted, sorted by surname, Handicap Index or team from one
 * control, a search that finds a player in one step by any part of the name, email or phone, and a phone column;
 * all of it fast at 144. And every table of the Players, Courses, Rounds and Organizers screens has a name a screen
 * reader says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { axeViolations, desktopContext } from './support/dashboard.js';
import { openSignedIn, roundsTrip, type RoundsTrip } from './support/dashboard-tour-rounds.js';
import { startPortalServer, type PortalServer } from './support/portal.js';

const poll = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 15_000 });

let server: PortalServer;
let browser: Browser;
let data: RoundsTrip;

const FIRST = ['Mike', 'Rob', 'Sean', 'Ann', 'Liam', 'Zoe', 'Eve', 'Dan', 'Cat', 'Tom', 'Ian', 'Bea'];
const LAST = ['Walsh', 'Byrne', 'Adams', 'Young', 'Murphy', 'Kelly', 'Doyle', 'Ryan', 'Nolan', 'Egan', 'Quinn', 'Hayes'];
const TEAMS = ['Red', 'Blue', 'Green', 'Gold'];
/** 144 golfers as a roster is pasted (neither by first name nor by surname), a few with no index, a few plus. */
const ROSTER = Array.from({ length: 144 }, (_, i) => {
  const first = FIRST[(i * 5) % 12]!;
  const last = `${LAST[(i * 7) % 12]!}${i % 12 ? String.fromCharCode(97 + Math.floor(i / 12)) : ''}`;
  return {
    name: `${first} ${last}`,
    email: `${first}.${last}.${i}@example.com`.toLowerCase(),
    phone: `+353 87 555 ${String(1000 + i)}`,
    ...(i % 17 === 3 ? {} : { handicapIndex: i % 23 === 5 ? -((i % 4) + 0.5) : ((i * 37) % 360) / 10 }),
    ...(i % 9 === 4 ? {} : { team: TEAMS[(i * 3) % 4] }),
  };
});
ROSTER[101] = { ...ROSTER[101]!, name: 'Rob Fitzgerald', email: 'rob.fitz@example.com', phone: '+353 87 123 4567' };

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  data = await roundsTrip(server.base);
  const res = await data.owner.client.post(`/trips/${data.tripId}/players/bulk`, { players: ROSTER });
  expect(res.status).toBe(201);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const surname = (name: string) => name.trim().split(/\s+/).at(-1)!;
const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
const rowNames = async (page: Page, table: string) =>
  page
    .getByRole('table', { name: table })
    .locator('tbody tr th[scope="row"]')
    .evaluateAll((cells) => cells.map((c) => c.firstChild?.textContent?.trim() ?? ''));

describe('the players list at 144', () => {
  it('lists every player in the order pasted, sorts by surname, Handicap Index and team, finds one in one step, shows phones', async () => {
    const all = [...(await import('./support/dashboard-tour-rounds.js')).ROUND_PLAYERS.map((p) => p.name), ...ROSTER.map((p) => p.name)];
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const t0 = Date.now();
    await openSignedIn(page, server.base, data.owner, `#/trips/${data.tripId}/players`);
    const added = page.getByRole('table', { name: 'Players, in the order added' });
    await poll(() => added.locator('tbody tr').count()).toBe(all.length);
    expect(Date.now() - t0).toBeLessThan(15_000);
    // Every player on one page, in the order they were pasted (the fixture's eight first, then the roster).
    expect(await rowNames(page, 'Players, in the order added')).toEqual(all);
    await page.getByRole('status').filter({ hasText: `${all.length} players.` }).waitFor();

    // The phone column.
    const rob = added.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Rob Fitzgerald/ }) });
    expect(await rob.getByRole('cell').first().textContent()).toBe('+353 87 123 4567');

    // By surname, as organizers sort a roster (then first name).
    await page.getByLabel('Sort by').selectOption({ label: 'Surname (A–Z)' });
    const byName = page.getByRole('table', { name: 'Players, by surname' });
    await byName.waitFor();
    const names = await rowNames(page, 'Players, by surname');
    expect(names).toHaveLength(all.length);
    expect(names).toEqual([...all].sort((a, b) => collator.compare(surname(a), surname(b)) || collator.compare(a, b)));
    expect(await page.evaluate(() => location.hash)).toContain('sort=name');
    // The order survives a reload (it is in the address).
    await page.reload();
    await byName.waitFor();
    await poll(() => byName.locator('tbody tr').count()).toBe(all.length);

    // By Handicap Index: plus handicaps first, lowest to highest, players with no index last.
    await page.getByLabel('Sort by').selectOption({ label: 'Handicap Index (lowest first)' });
    const byIndex = page.getByRole('table', { name: 'Players, by Handicap Index' });
    await byIndex.waitFor();
    const shown = await byIndex.locator('tbody tr td.num').allTextContents();
    const value = (t: string) => (t.trim() === '—' || t.trim() === '' ? Infinity : t.startsWith('+') ? -Number(t.slice(1)) : Number(t));
    const values = shown.map(value);
    expect(values).toEqual([...values].sort((a, b) => a - b));
    expect(shown[0]).toMatch(/^\+/);
    expect(values.at(-1)).toBe(Infinity);

    // By team: teams A–Z, players with no team last.
    await page.getByLabel('Sort by').selectOption({ label: 'Team' });
    const byTeam = page.getByRole('table', { name: 'Players, by team' });
    await byTeam.waitFor();
    const teams = await byTeam.locator('tbody tr').evaluateAll((rows) => rows.map((r) => (r.querySelector('input[aria-label^="Team of"]') as HTMLInputElement | null)?.value ?? ''));
    const named = teams.filter(Boolean);
    expect(named).toEqual([...named].sort((a, b) => collator.compare(a, b)));
    expect(teams.indexOf('')).toBe(named.length);

    // One step: part of a surname finds the one player; so do part of an email and the digits of a phone.
    const search = page.getByLabel('Find a player');
    const s0 = Date.now();
    await search.fill('fitzg');
    await poll(() => byTeam.locator('tbody tr').count()).toBe(1);
    expect(Date.now() - s0).toBeLessThan(3_000);
    expect(await rowNames(page, 'Players, by team')).toEqual(['Rob Fitzgerald']);
    await page.getByRole('status').filter({ hasText: `1 of ${all.length} players match “fitzg”.` }).waitFor();
    await search.fill('rob.fitz@');
    await poll(() => rowNames(page, 'Players, by team')).toEqual(['Rob Fitzgerald']);
    await search.fill('123 4567');
    await poll(() => rowNames(page, 'Players, by team')).toEqual(['Rob Fitzgerald']);
    await page.screenshot({ path: '/tmp/shots/players-144-search.png' });
    // A player found is changed in place there.
    await page.getByLabel('Team of Rob Fitzgerald').fill('Silver');
    await page.getByLabel('Team of Rob Fitzgerald').press('Tab');
    await poll(async () => ((await data.owner.client.get(`/trips/${data.tripId}/players?limit=500`)).body.items as { name: string; team?: string }[]).find((p) => p.name === 'Rob Fitzgerald')?.team).toBe('Silver');
    await search.fill('nobody like this');
    await page.getByText('No player matches “nobody like this”').waitFor();
    await search.fill('');
    await poll(() => byTeam.locator('tbody tr').count()).toBe(all.length);
    await page.getByLabel('Sort by').selectOption({ label: 'Surname (A–Z)' });
    await byName.waitFor();
    await page.screenshot({ path: '/tmp/shots/players-144.png' });
    expect((await axeViolations(page)).blocking).toEqual([]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('gives every table of Players, Courses, Rounds and Organizers a name', async () => {
    const context = await desktopContext(browser);
    const page = await context.newPage();
    await openSignedIn(page, server.base, data.owner, `#/trips/${data.tripId}/players`);
    const unnamed = () =>
      page.locator('main table').evaluateAll((tables) =>
        tables.filter((t) => !(t.getAttribute('aria-label')?.trim() || t.getAttribute('aria-labelledby') || t.querySelector('caption')?.textContent?.trim())).map((t) => t.outerHTML.slice(0, 80)),
      );
    for (const [hash, table] of [
      [`#/trips/${data.tripId}/players`, 'Players, in the order added'],
      [`#/trips/${data.tripId}/courses`, 'Your courses'],
      [`#/trips/${data.tripId}/rounds`, 'Rounds of the trip'],
      [`#/trips/${data.tripId}/organizers`, 'Organizers of the trip'],
    ] as const) {
      await page.evaluate((h) => {
        location.hash = h;
      }, hash);
      await page.getByRole('table', { name: table }).waitFor();
      expect(await unnamed(), hash).toEqual([]);
    }
    await context.close();
  }, 60_000);
});
