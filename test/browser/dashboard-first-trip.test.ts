/**
 * Issue 23, test 1: an organizer sets up a whole trip in the browser, from an empty server, through what they see:
 * register → the trip wizard → 16 players imported from a CSV (one bad row, one duplicate flagged and merged) → a
 * course saved in the library and used for two rounds → Balanced pairings with a keep-apart rule → one player dragged
 * into another group, the rule break and the fairness figures following → every link mailed (the outbox) → each
 * mailed link opens the golfer's app on a phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { course18 } from '../support/client.js';
import { outbox } from '../support/outbox.js';
import { launchBrowser, pageErrors, phoneContext } from './support/chromium.js';
import { desktopContext, openDashboard, registerInPage, uniqueEmail } from './support/dashboard.js';
import { chipOf, dragOnto, groupOf } from './support/dashboard-tour-pairings.js';
import { startPortalServer, waitForServiceWorker, type PortalServer } from './support/portal.js';

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

const NAMES = ['Ann Byrne', 'Ben Cole', 'Cat Doyle', 'Dan Egan', 'Eve Flynn', 'Finn Gray', 'Gus Hart', 'Hal Ives', 'Ida Joyce', 'Jon Kane', 'Kay Lynch', 'Liam Moore', 'Mia Nolan', 'Ned Owens', 'Ola Quinn', 'Pat Reid'];
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

/** 16 golfers, a row whose handicap is not a number, and Ben Cole again under a near name with his email in capitals. */
function roster(tag: string): string {
  const email = (name: string) => `${name.toLowerCase().replace(/\W+/g, '.')}.${tag}@example.com`;
  const rows = NAMES.map((name, i) => `${name},${email(name)},${(3 + i * 1.7).toFixed(1)},${i % 2 ? 'Blue' : 'Red'}`);
  rows.splice(5, 0, `Quentin Bad,quentin.${tag}@example.com,twelve,Red`);
  rows.push(`Benn Cole,${email('Ben Cole').toUpperCase()},11.9,Blue`);
  return ['Name,Email,HI,Team', ...rows].join('\n') + '\n';
}

/** Which group (its number in the card's title) holds a player on the sheet. */
async function groupNumber(page: Page, name: string): Promise<number> {
  return Number(/Group (\d+)/.exec((await groupOf(page, name).locator('h3').textContent()) ?? '')?.[1]);
}

async function earlyLate(page: Page, name: string): Promise<string> {
  const cells = await page.getByRole('table', { name: 'Fairness per player' }).getByRole('row').filter({ hasText: name }).getByRole('cell').allTextContents();
  return `${cells[1]}/${cells[2]}`;
}

const tab = (page: Page, name: string) => page.getByRole('navigation', { name: 'Trip' }).getByRole('link', { name, exact: true }).click();

describe('setting up a whole trip from the browser', () => {
  it('goes from an empty server to every golfer holding a working link', async () => {
    const tag = `${process.pid}${Date.now().toString(36)}`;
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);

    // Register, then the wizard.
    await openDashboard(page, server.base);
    await registerInPage(page, { name: 'Sam Organizer', email: uniqueEmail('Sam') });
    await page.getByRole('heading', { name: 'Your trips' }).waitFor();
    await page.getByRole('link', { name: 'Create your first trip' }).click();
    await page.getByLabel('Trip name').fill('Algarve 2027');
    await page.getByLabel('First day').fill('2027-04-10');
    await page.getByLabel('Last day').fill('2027-04-14');
    await page.getByLabel('Time zone').selectOption('Europe/Lisbon');
    await page.getByLabel('Currency').selectOption('EUR');
    await page.getByRole('button', { name: 'Create trip' }).click();
    await page.getByRole('heading', { name: 'Your trip is ready' }).waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Open the trip' }).click();
    const tripId = /#\/trips\/([a-z0-9]+)/.exec(page.url())![1]!;

    // The roster: the bad row says why, the near-name duplicate is flagged and merged, one bulk request.
    await tab(page, 'Players');
    await page.getByRole('link', { name: 'Import a roster' }).click();
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET') writes.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.getByLabel('CSV file').setInputFiles({ name: 'roster.csv', mimeType: 'text/csv', buffer: Buffer.from(roster(tag)) });
    const preview = page.getByRole('table', { name: /as they will be imported/ });
    await preview.waitFor();
    expect(await preview.getByRole('row').filter({ hasText: 'Quentin Bad' }).textContent()).toContain('Handicap Index: not a number');
    const dup = preview.getByRole('row').filter({ hasText: 'Benn Cole' });
    expect(await dup.textContent()).toMatch(/Likely duplicate of row \d+ \(Ben Cole\): same email/);
    await page.getByLabel('What to do with line 19').selectOption('merge');
    await poll(() => page.getByRole('status').filter({ hasText: '18 rows' }).textContent()).toContain('16 to add, 0 to update, 1 skipped (1 bad row), 1 likely duplicate');
    const importButton = page.getByRole('button', { name: /^Import: add 16 players/ });
    await importButton.click();
    await page.getByRole('status').filter({ hasText: /Import done: 16 players added/ }).waitFor();
    expect(writes).toEqual([`POST /trips/${tripId}/players/bulk`]);
    // The import's preview closes once the screen has moved back to the list; until then both tables name the players.
    await page.getByRole('table', { name: /as they will be imported/ }).waitFor({ state: 'detached' });
    const list = page.getByRole('table', { name: 'Players, in the order added' });
    for (const name of NAMES) await list.getByRole('rowheader', { name: new RegExp(`^${name}`) }).waitFor();
    expect(await list.getByRole('rowheader', { name: /Quentin|Benn/ }).count()).toBe(0);

    // A course saved in the library, then two rounds on it.
    await tab(page, 'Courses');
    await page.getByRole('link', { name: 'New course' }).click();
    await page.getByLabel('Course name').fill('Quinta Links');
    for (const [i, h] of course18().holes.entries()) {
      await page.getByLabel(`Hole ${i + 1} par`).fill(String(h.par));
      await page.getByLabel(`Hole ${i + 1} stroke index`).fill(String(h.strokeIndex));
    }
    await page.getByLabel('Tee 1 name').fill('White');
    await page.getByLabel('Tee 1 Course Rating').fill('71.2');
    await page.getByLabel('Tee 1 Slope Rating').fill('128');
    await page.getByRole('button', { name: 'Save course' }).click();
    await page.getByRole('status').filter({ hasText: 'Quinta Links is saved in your library.' }).waitFor();
    for (const name of ['Day 1', 'Day 2']) {
      await tab(page, 'Rounds');
      await page.getByRole('link', { name: 'New round' }).click();
      await page.getByLabel('Round name').fill(name);
      await page.getByLabel('Course', { exact: true }).selectOption({ label: 'Quinta Links (18 holes)' });
      await page.getByLabel('Tees').selectOption({ index: 1 });
      await page.getByText(/All 16 players of the trip play this round/).waitFor();
      await page.getByRole('button', { name: 'Create round' }).click();
      await page.getByRole('heading', { name: new RegExp(`^${name}`) }).waitFor();
    }

    // Pairings of Day 1: a keep-apart rule, Balanced foursomes, tee times.
    await tab(page, 'Pairings');
    await page.getByRole('heading', { name: 'Pair the players' }).waitFor();
    await page.getByLabel('Rule', { exact: true }).selectOption('keep_apart');
    const ids = await page.getByLabel('Players', { exact: true }).locator('option').evaluateAll((os) => os.map((o) => [o.textContent, (o as HTMLOptionElement).value]));
    const idOf = (name: string) => ids.find(([n]) => n === name)![1]!;
    await page.getByLabel('Players', { exact: true }).selectOption([idOf('Ann Byrne'), idOf('Ben Cole')]);
    await page.getByRole('button', { name: 'Add rule' }).click();
    await page.getByRole('list', { name: 'Rules of the trip' }).getByText('Ann Byrne, Ben Cole').waitFor();
    expect(await page.getByLabel('Strategy').inputValue()).toBe('balanced');
    await page.getByLabel('Players per group').selectOption('4');
    await page.getByRole('button', { name: 'Pair players' }).click();
    await poll(() => page.getByTestId('sheet-group').count()).toBe(4);
    expect(await page.getByTestId('sheet-player').count()).toBe(16);
    await poll(() => page.getByTestId('breaks-summary').textContent()).toBe('The rule is kept.');
    await page.getByLabel('Minutes between groups').fill('10');
    await page.getByRole('button', { name: 'Set tee times' }).click();
    await page.getByRole('heading', { name: /^Group 4 · 08:\d\d · hole 1$/ }).waitFor();
    if (await page.getByRole('button', { name: 'Show all 16 players' }).count()) await page.getByRole('button', { name: 'Show all 16 players' }).click();

    // Ann dragged into Ben's group: the rule break shows, her early/late count moves, the server has it.
    const annFrom = await groupNumber(page, 'Ann Byrne');
    const benGroup = await groupNumber(page, 'Ben Cole');
    const annBefore = await earlyLate(page, 'Ann Byrne');
    await dragOnto(page, chipOf(page, 'Ann Byrne'), groupOf(page, 'Ben Cole').locator('.sheet-players'));
    await poll(() => groupNumber(page, 'Ann Byrne')).toBe(benGroup);
    await poll(() => page.getByTestId('breaks-summary').textContent()).toBe('1 of 1 rule broken:');
    if ((annFrom <= 2) !== (benGroup <= 2)) await poll(() => earlyLate(page, 'Ann Byrne')).not.toBe(annBefore);

    // Every link mailed, each opening the golfer's app on a phone.
    await tab(page, 'Links');
    await page.getByRole('button', { name: 'Mail everyone their link' }).click();
    await page.getByRole('dialog', { name: 'Mail every player their link?' }).getByRole('button', { name: 'Mail the links' }).click();
    await page.getByRole('status').filter({ hasText: '16 links mailed.' }).waitFor();
    for (const name of NAMES) {
      const to = `${name.toLowerCase().replace(/\W+/g, '.')}.${tag}@example.com`;
      const mails = await outbox(server.dataDir, to);
      expect(mails, to).toHaveLength(1);
      const link = /(https?:\/\/\S+\/portal#token=[A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;
      const phone = await phoneContext(browser);
      const golfer = await phone.newPage();
      await golfer.goto(link.replace(/^https?:\/\/[^/]+/, server.base));
      await golfer.waitForSelector('.topbar', { timeout: 20_000 });
      expect(await golfer.locator('.trip-title').textContent()).toBe('Algarve 2027');
      expect(await golfer.locator('.trip-player').textContent()).toBe(name);
      await waitForServiceWorker(golfer);
      await phone.close();
    }
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 240_000);
});
