/**
 * The Players and Links tabs, for their browser tests and `npm run screenshots`: a trip with players made through
 * the REST API (one of whom opened their link, so the Links tab has something to say), a roster CSV with a bad row
 * and a duplicate, and a walk through every view (list, player dialog, import preview, links, a new link with its
 * QR code, the QR sheet).
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { api } from '../../support/client.js';
import { registerByApi, signInInPage, type Organizer } from './dashboard.js';
import { settle } from './tour.js';

async function must(res: Promise<{ status: number; body: any; text: string }>, what: string): Promise<any> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

export const NEW_NAMES = [
  'Ann Byrne', 'Ben Cole', 'Cat Doyle', 'Dan Egan', 'Eve Flynn', 'Finn Gray', 'Gus Hart', 'Hal Ives',
  'Ida Joyce', 'Jon Kane', 'Kay Lynch', 'Liam Moore', 'Mia Nolan', 'Ned Owens', 'Ola Quinn', 'Pat Reid',
];

const emailOf = (name: string, tag: string) => `${name.toLowerCase().replace(/\W+/g, '.')}.${tag}@example.com`;

/**
 * A roster as a spreadsheet exports it: 16 new golfers, a row whose Handicap Index is not a number (line 10), and
 * "Smith, Bob" with Bob Smith's email in capitals (a duplicate of the player already on the trip, to merge).
 */
export function rosterCsv(tag: string): string {
  const rows = NEW_NAMES.map((name, i) => `${name},${emailOf(name, tag)},+44 7700 9001${String(i).padStart(2, '0')},${(4 + i * 1.5).toFixed(1)},${i % 2 ? 'Blue' : 'Red'},${i < 8 ? 'Open' : 'Seniors'},${'ABCD'[i % 4]},${i % 3 ? 'North' : 'South'}`);
  rows.splice(8, 0, `Quentin Bad,quentin.${tag}@example.com,,twelve,Red,Open,A,North`);
  rows.push(`"Smith, Bob",BOB.SMITH.${tag.toUpperCase()}@EXAMPLE.COM,,11.2,Blue,Open,B,South`);
  return ['Name,Email,Phone,HI,Team,Division,Flight,Club', ...rows].join('\r\n') + '\r\n';
}

export interface PlayersTrip {
  owner: Organizer;
  tripId: string;
  tag: string;
  /** Bob Smith, on the trip before the import. */
  bob: { id: string; email: string };
}

/** A trip with Bob Smith on it (the import's duplicate), for the import test and the tour. */
export async function playersTrip(base: string, owner?: Organizer): Promise<PlayersTrip> {
  owner ??= await registerByApi(base, 'Pia Players');
  const tag = `${process.pid}${Date.now().toString(36)}`;
  const trip = await must(owner.client.post('/trips', { name: 'Algarve 2027', startDate: '2027-04-10', endDate: '2027-04-14', timezone: 'Europe/Lisbon', currency: 'EUR' }), 'trip');
  const email = `bob.smith.${tag}@example.com`;
  const bob = await must(owner.client.post(`/trips/${trip.id}/players`, { name: 'Bob Smith', email, handicapIndex: 10.4, team: 'Red' }), 'bob');
  return { owner, tripId: trip.id, tag, bob: { id: bob.id, email } };
}

/** The roster imported through the API (the tour's trip: what the import test does through the page). */
export async function importByApi(base: string, data: PlayersTrip): Promise<void> {
  const players = NEW_NAMES.map((name, i) => ({ name, email: emailOf(name, data.tag), handicapIndex: 4 + i * 1.5, team: i % 2 ? 'Blue' : 'Red', division: i < 8 ? 'Open' : 'Seniors', flight: 'ABCD'[i % 4]!, fields: { Club: i % 3 ? 'North' : 'South' } }));
  const added = await must(data.owner.client.post(`/trips/${data.tripId}/players/bulk`, { players }), 'roster');
  // Two golfers opened their link (one from a phone heard from since), so the Links tab shows both columns filled.
  const tokens = await must(data.owner.client.post('/trip-portal/tokens/bulk', { tripId: data.tripId, playerIds: added.items.slice(0, 3).map((p: { id: string }) => p.id) }), 'tokens');
  for (const t of tokens.items.slice(0, 2)) {
    const v = await must(api(base).post('/trip-portal/validate', { token: t.token }), 'validate');
    await must(api(base, v.session).get('/trip-portal/validate'), 'session');
  }
}

/** Signs in through the page at a fragment. */
export async function openSignedIn(page: Page, base: string, who: Organizer, hash: string): Promise<void> {
  await page.goto(`${base}/${hash}`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await signInInPage(page, { email: who.email });
  await page.locator('main h2').first().waitFor();
  await settle(page, 'main');
}

export type Visit = (name: string, page: Page) => Promise<void>;

/** Every view of the Players and Links tabs, for `npm run screenshots` (and the accessibility scan). */
export async function playersTour(page: Page, base: string, visit: Visit): Promise<string[]> {
  const data = await playersTrip(base);
  await importByApi(base, data);
  const seen: string[] = [];
  const stop = async (name: string) => {
    await settle(page, 'main');
    await visit(name, page);
    seen.push(name);
  };
  await openSignedIn(page, base, data.owner, `#/trips/${data.tripId}/players`);
  await page.getByRole('table', { name: 'Players, in the order added' }).waitFor();
  await stop('trip-players');
  await page.getByRole('button', { name: 'Change Ann Byrne' }).click();
  await page.getByRole('dialog', { name: 'Change Ann Byrne' }).waitFor();
  await stop('trip-player-dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('link', { name: 'Import a roster' }).click();
  // Cells pasted from a spreadsheet: three new golfers, a bad row, Ann again as "Byrne, Ann" (same email) and a
  // near name of Ben Cole.
  const paste = [
    'Name\tEmail\tHI\tTeam\tDivision\tFlight\tShirt',
    `Rosa Allen\trosa.${data.tag}@example.com\t8.2\tRed\tOpen\tA\tM`,
    `Sean Burke\tsean.${data.tag}@example.com\t+1.4\tBlue\tOpen\tA\tL`,
    `Tara Cullen\ttara@example\t19\tRed\tSeniors\tC\tS`,
    `\tnobody.${data.tag}@example.com\t60\tBlue\t\t\t`,
    `Byrne, Ann\tANN.BYRNE.${data.tag.toUpperCase()}@EXAMPLE.COM\t3.8\tBlue\t\t\tS`,
    `Ben Coles\t\t5.5\tBlue\tOpen\tB\tXL`,
    `Una Daly\tuna.${data.tag}@example.com\t24.1\tBlue\tSeniors\tD\tM`,
  ].join('\n');
  await page.getByLabel('Or paste from a spreadsheet').fill(paste);
  await page.getByRole('button', { name: 'Preview the pasted rows' }).click();
  await page.getByRole('table', { name: /as they will be imported/ }).waitFor();
  await stop('trip-players-import');
  await page.evaluate((h) => {
    location.hash = h;
  }, `#/trips/${data.tripId}/links`);
  await page.getByRole('table', { name: "Each player's portal link" }).waitFor();
  await stop('trip-links');
  await page.getByRole('button', { name: /^(Show link|Make a link) for Ann Byrne$/ }).click();
  await page.getByRole('img', { name: "QR code of Ann Byrne's link" }).locator('svg').waitFor();
  await stop('trip-links-new-link');
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  await page.getByRole('button', { name: 'Make a QR sheet' }).click();
  await page.locator('.qr-card .qr svg').last().waitFor();
  await stop('trip-links-qr-sheet');
  return seen;
}

/**
 * `npm run screenshots`: the Players and Links views at 1440×900, 1024×768 and on a 390×844 phone (`dashboard-players-[1024-|phone-]NN-<view>.png`,
 * with `-full.png` when a view is taller than its window), in `out`; answers the files written.
 */
export async function screenshotPlayers(browser: Browser, base: string, out: string): Promise<string[]> {
  const written: string[] = [];
  for (const size of [
    { tag: '', viewport: { width: 1440, height: 900 } },
    { tag: '1024-', viewport: { width: 1024, height: 768 } },
    { tag: 'phone-', viewport: { width: 390, height: 844 } },
  ]) {
    const context = await browser.newContext({ viewport: size.viewport });
    const page = await context.newPage();
    let k = 0;
    await playersTour(page, base, async (name, p) => {
      k += 1;
      const file = join(out, `dashboard-players-${size.tag}${String(k).padStart(2, '0')}-${name}.png`);
      await p.screenshot({ path: file });
      written.push(file);
      if ((await p.evaluate(() => document.documentElement.scrollHeight)) > size.viewport.height + 8) {
        const whole = file.replace(/\.png$/, '-full.png');
        await p.screenshot({ path: whole, fullPage: true });
        written.push(whole);
      }
    });
    if (!size.tag) {
      // The QR sheet as printed: its PDF (A4), and the first page as print media at A4's printable size (190 × 277 mm at 96 dpi).
      const pdf = join(out, 'dashboard-players-qr-sheet-a4.pdf');
      await page.pdf({ path: pdf, format: 'A4', printBackground: true });
      written.push(pdf);
      await page.emulateMedia({ media: 'print' });
      await page.setViewportSize({ width: 718, height: 1047 });
      const png = join(out, 'dashboard-players-qr-sheet-print.png');
      await page.screenshot({ path: png });
      written.push(png);
    }
    await context.close();
  }
  return written;
}
