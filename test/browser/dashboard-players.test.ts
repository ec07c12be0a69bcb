/**
 * The Players tab (issue 23): a roster imported from a CSV file with a bad row and a duplicate, previewed, merged
 * and written in one bulk request; a team changed in place; one player added (a refusal at its field) and deleted;
 * a 144-player trip paged as the API pages it; every view of the Players and Links tabs axe-clean on a laptop and a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, pageErrors, PHONE } from './support/chromium.js';
import { axeViolations, desktopContext, registerByApi } from './support/dashboard.js';
import { NEW_NAMES, openSignedIn, playersTour, playersTrip, rosterCsv } from './support/dashboard-tour-players.js';
import { startPortalServer, type PortalServer } from './support/portal.js';

/** Waits for a value as the page settles (the browser tests share the machine, so allow time; no fixed sleep). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

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

async function expectAxeClean(page: Page, where: string) {
  const r = await axeViolations(page);
  expect(r.blocking, where).toEqual([]);
}

describe('players', () => {
  it('imports 16 players from a CSV: the bad row says why, the duplicate is merged, one bulk request, the list shows the result', async () => {
    const data = await playersTrip(server.base);
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openSignedIn(page, server.base, data.owner, `#/trips/${data.tripId}/players`);
    await page.getByRole('link', { name: 'Import a roster' }).click();
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET') writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.getByLabel('CSV file').setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(rosterCsv(data.tag)) });
    const preview = page.getByRole('table', { name: /as they will be imported/ });
    await preview.waitFor();
    await poll(() => page.getByRole('status').filter({ hasText: '18 rows' }).textContent()).toContain('16 to add, 1 to update, 1 skipped (1 bad row), 1 likely duplicate');

    const bad = preview.getByRole('row').filter({ hasText: 'Quentin Bad' });
    expect(await bad.textContent()).toContain('Not imported: Handicap Index: not a number');
    const dup = preview.getByRole('row').filter({ hasText: 'Smith, Bob' });
    expect(await dup.textContent()).toContain('Likely duplicate of Bob Smith: same email');
    expect(await page.getByLabel('What to do with line 19').inputValue()).toBe('merge');
    expect(writes).toEqual([]);
    await expectAxeClean(page, 'import preview');

    await page.getByRole('button', { name: 'Import: add 16 players and update 1' }).click();
    await page.getByRole('status').filter({ hasText: 'Import done: 16 players added, 1 updated, 1 skipped (1 row merged).' }).waitFor();
    expect(writes).toEqual([`POST /trips/${data.tripId}/players/bulk`]);

    // The list: Bob Smith kept his name and took the row's team; the 16 are there; Quentin is not.
    await poll(() => page.getByLabel('Team of Bob Smith').inputValue()).toBe('Blue');
    // The import's preview closes once the screen has moved back to the list; until then both tables name the players.
    await page.getByRole('table', { name: /as they will be imported/ }).waitFor({ state: 'detached' });
    const list = page.getByRole('table', { name: 'Players, in the order added' });
    for (const name of NEW_NAMES) await list.getByRole('rowheader', { name: new RegExp(`^${name}`) }).waitFor();
    expect(await list.getByRole('rowheader', { name: /Quentin/ }).count()).toBe(0);
    const listed = (await data.owner.client.get(`/trips/${data.tripId}/players`)).body.items as { name: string; handicapIndex?: number; team?: string }[];
    expect(listed).toHaveLength(17);
    expect(listed.find((p) => p.name === 'Bob Smith')).toMatchObject({ handicapIndex: 11.2, team: 'Blue' });
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });

  it('keeps what the organizer types while the list refetched after the previous save lands', async () => {
    const data = await playersTrip(server.base);
    const context = await desktopContext(browser);
    const page = await context.newPage();
    await openSignedIn(page, server.base, data.owner, `#/trips/${data.tripId}/players`);
    // The list read that follows a save arrives late, as on a slow network: the organizer types meanwhile.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let delayed = 0;
    let holding = false;
    await page.route(`**/trips/${data.tripId}/players*`, async (route) => {
      if (holding && route.request().method() === 'GET') {
        delayed += 1;
        await held;
      }
      await route.continue();
    });
    const team = page.getByLabel('Team of Bob Smith');
    await team.fill('Europe');
    holding = true;
    await team.press('Tab');
    await poll(async () => (await data.owner.client.get(`/trips/${data.tripId}/players`)).body.items[0].team).toBe('Europe');
    await poll(() => delayed).toBeGreaterThan(0);
    await team.fill('Rest of the world');
    const landed = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname.endsWith(`/trips/${data.tripId}/players`));
    release();
    await landed;
    holding = false;
    // Two frames: the list's answer rendered.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await team.inputValue()).toBe('Rest of the world');
    await team.press('Tab');
    await poll(async () => (await data.owner.client.get(`/trips/${data.tripId}/players`)).body.items[0].team).toBe('Rest of the world');
    expect(await team.inputValue()).toBe('Rest of the world');
    await context.close();
  });

  it('edits a team and a role in place, adds a player after the server refuses its email at the field, deletes one after a confirmation', async () => {
    const data = await playersTrip(server.base);
    const context = await desktopContext(browser);
    const page = await context.newPage();
    await openSignedIn(page, server.base, data.owner, `#/trips/${data.tripId}/players`);
    const team = page.getByLabel('Team of Bob Smith');
    await team.fill('Europe');
    await team.press('Tab');
    await poll(async () => (await data.owner.client.get(`/trips/${data.tripId}/players`)).body.items[0].team).toBe('Europe');
    await team.fill('x'.repeat(60) + 'y');
    expect(await team.inputValue()).toHaveLength(60);
    await page.getByLabel('Role of Bob Smith').selectOption('organizer');
    await poll(async () => (await data.owner.client.get(`/trips/${data.tripId}/players`)).body.items[0].role).toBe('organizer');

    await page.getByRole('button', { name: 'Add a player' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a player' });
    await dialog.getByLabel('Name').fill('Cal Duplicate');
    await dialog.getByLabel('Email').fill(data.bob.email.toUpperCase());
    await dialog.getByLabel('Handicap Index').fill('+1.5');
    await dialog.getByRole('button', { name: 'Add a field' }).click();
    await dialog.getByLabel('Field 1 name').fill('Shirt');
    await dialog.getByLabel('Field 1 value').fill('L');
    await dialog.getByRole('button', { name: 'Add player' }).click();
    // The server refuses the email (Bob's): said at the field.
    await poll(() => dialog.locator('#player-email-error').textContent()).toMatch(/is already used by existing player Bob Smith/);
    await expectAxeClean(page, 'player dialog with a refusal');
    await dialog.getByLabel('Email').fill('cal@example.com');
    await dialog.getByRole('button', { name: 'Add player' }).click();
    await page.getByRole('status').filter({ hasText: 'Cal Duplicate added.' }).waitFor();
    await page.getByRole('rowheader', { name: /Cal Duplicate/ }).waitFor();
    expect(await page.getByRole('row').filter({ hasText: 'Cal Duplicate' }).textContent()).toContain('+1.5');
    expect(await page.getByRole('row').filter({ hasText: 'Cal Duplicate' }).textContent()).toContain('Shirt: L');

    await page.getByRole('button', { name: 'Delete Cal Duplicate' }).click();
    await page.getByRole('dialog', { name: 'Delete Cal Duplicate?' }).getByRole('button', { name: 'Delete player' }).click();
    await page.getByRole('status').filter({ hasText: 'Cal Duplicate deleted.' }).waitFor();
    expect(await page.getByRole('rowheader', { name: /Cal Duplicate/ }).count()).toBe(0);
    await expectAxeClean(page, 'players list');
    await context.close();
  });
  // The 144-player list (every player on one page, sorted, searched): test/browser/dashboard-players-144.test.ts.
});

describe('accessibility of the Players and Links tabs', () => {
  it.each([
    ['a laptop', { width: 1440, height: 900 }],
    ['a phone', PHONE.viewport],
  ])('finds no serious or critical violation in any of their views, on %s', async (_what, viewport) => {
    const context = await desktopContext(browser, viewport);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const blocking: string[] = [];
    const seen = await playersTour(page, server.base, async (name, p) => {
      const r = await axeViolations(p);
      expect(r.passes, `${name}: axe passed no rule`).toBeGreaterThan(0);
      blocking.push(...r.blocking.map((l) => `${name}: ${l}`));
    });
    expect(seen).toEqual(['trip-players', 'trip-player-dialog', 'trip-players-import', 'trip-links', 'trip-links-new-link', 'trip-links-qr-sheet']);
    expect(blocking).toEqual([]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });
});
