/**
 * The Courses and Rounds tabs and a round's printed pages, for their browser tests and `npm run screenshots`: an
 * organizer's library course and a trip of eight players made through the REST API (among them a 0, an 18 and a
 * plus handicap), a round from the course in two timed groups and made ready, and a walk through every view.
 */
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { course18 } from '../../support/client.js';
import { registerByApi, signInInPage, type Organizer } from './dashboard.js';
import { settle } from './tour.js';

async function must(res: Promise<{ status: number; body: any; text: string }>, what: string): Promise<any> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

/**
 * Index 0.8 plays off 0 on White (71.2/128, par 72) at 95 %, 18.0 off 19… see test/api/rounds-handicaps.test.ts;
 * "Zoe Plus" (+2.4) gives three strokes back.
 */
export const ROUND_PLAYERS = [
  { name: 'Zed Zero', handicapIndex: 0.8 },
  { name: 'Ada Eighteen', handicapIndex: 18 },
  { name: 'Zoe Plus', handicapIndex: -2.4 },
  { name: 'Bo Byrne', handicapIndex: 12.3 },
  { name: 'Cy Cole', handicapIndex: 27.5 },
  { name: 'Di Doyle', handicapIndex: 7.1 },
  { name: 'Ed Egan' },
  { name: 'Flo Flynn', handicapIndex: 36 },
];

export interface RoundsTrip {
  owner: Organizer;
  tripId: string;
  courseId: string;
  roundId: string;
  players: { id: string; name: string }[];
}

/** A saved course (the library), a trip of eight, a round from the course in two groups at 08:00 and 08:10, ready. */
export async function roundsTrip(base: string, owner?: Organizer): Promise<RoundsTrip> {
  owner ??= await registerByApi(base, 'Rory Rounds');
  const c18 = course18('Quinta Links');
  const course = await must(
    owner.client.post('/courses', { name: 'Quinta Links', city: 'Vilamoura', country: 'Portugal', holes: c18.holes, tees: [{ name: 'White', gender: 'X', courseRating: 71.2, slope: 128 }, { name: 'Red', gender: 'F', courseRating: 72.9, slope: 126 }] }),
    'course',
  );
  const trip = await must(owner.client.post('/trips', { name: 'Algarve 2027', startDate: '2027-04-10', endDate: '2027-04-14', timezone: 'Europe/Lisbon', currency: 'EUR' }), 'trip');
  const tripId = trip.id as string;
  const players = (await must(owner.client.post(`/trips/${tripId}/players/bulk`, { players: ROUND_PLAYERS }), 'players')).items as { id: string; name: string }[];
  const ids = players.map((p) => p.id);
  const round = await must(
    owner.client.post(`/trips/${tripId}/rounds`, {
      name: 'Day 1',
      date: '2027-04-11',
      startTime: '08:00',
      courseId: course.id,
      teeName: 'White',
      groups: [
        { playerIds: ids.slice(0, 4), teeTime: '08:00', startingHole: 1 },
        { playerIds: ids.slice(4), teeTime: '08:10', startingHole: 1 },
      ],
    }),
    'round',
  );
  await must(owner.client.patch(`/trips/${tripId}/rounds/${round.id}/ready`, {}), 'ready');
  return { owner, tripId, courseId: course.id, roundId: round.id, players };
}

/** Opens a fragment of the dashboard signed in as `owner` (signing in through the page when asked). */
export async function openSignedIn(page: Page, base: string, owner: Organizer, hash: string): Promise<void> {
  await page.goto(`${base}/${hash}`);
  await page.waitForSelector('main#main h1');
  if (await page.getByRole('heading', { name: 'Sign in' }).count()) {
    await signInInPage(page, { email: owner.email });
    await page.waitForFunction((h) => location.hash === h, hash);
  }
  await settle(page, 'main');
}

async function go(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  await page.waitForFunction((h) => location.hash === h, hash);
  await settle(page, 'main');
}

export type Visit = (name: string, page: Page) => Promise<void>;

/**
 * Every view of the Courses and Rounds tabs and of the print page, in the order an organizer meets them: the library,
 * the editor with a repeated stroke index refused, the rounds, a new round, the ready round with its handicaps and a
 * step's explanation, and each printed document.
 */
export async function roundsTour(page: Page, base: string, data: RoundsTrip, visit: Visit): Promise<string[]> {
  const seen: string[] = [];
  const stop = async (name: string) => {
    await settle(page, 'main');
    await visit(name, page);
    seen.push(name);
  };
  const t = data.tripId;
  await openSignedIn(page, base, data.owner, `#/trips/${t}/courses`);
  await page.getByRole('link', { name: 'Quinta Links', exact: true }).waitFor();
  await stop('courses');
  await go(page, `#/trips/${t}/courses?course=new`);
  await page.getByLabel('Course name').fill('Vale do Lobo Ocean');
  await page.getByLabel('Hole 1 stroke index').fill('3');
  await page.getByLabel('Hole 2 stroke index').fill('3');
  await page.getByText('Stroke index 3 is already used by hole 1').first().waitFor();
  await stop('course-new-refused');
  await go(page, `#/trips/${t}/courses?course=${data.courseId}`);
  await page.getByRole('heading', { name: 'Edit Quinta Links' }).waitFor();
  await stop('course-edit');
  await go(page, `#/trips/${t}/rounds`);
  await page.getByRole('link', { name: 'Day 1', exact: true }).waitFor();
  await stop('rounds');
  await go(page, `#/trips/${t}/rounds?round=new`);
  await page.getByRole('heading', { name: 'New round' }).waitFor();
  await stop('round-new');
  await go(page, `#/trips/${t}/rounds?round=${data.roundId}`);
  await page.getByRole('table', { name: 'Handicaps and strokes per player' }).waitFor();
  await stop('round-ready');
  await page.getByRole('button', { name: 'Complete…' }).click();
  await page.getByRole('dialog', { name: 'Complete the round?' }).waitFor();
  await visit('round-complete-dialog', page);
  seen.push('round-complete-dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  for (const doc of ['scorecards', 'cart-signs', 'tee-sheet', 'alpha']) {
    await go(page, `#/trips/${t}/rounds/${data.roundId}/print?doc=${doc}&paper=a4&per=2`);
    await page.locator('.pr-sheet').first().waitFor();
    await stop(`print-${doc}`);
  }
  return seen;
}

/**
 * `npm run screenshots`: the tour at 1440×900 and 1024×768 (`dashboard-rounds-[1024-]NN-<view>.png`), and each
 * printed document as the printer gets it: the PDF Chromium prints (`dashboard-rounds-print-<doc>.pdf`) and a PNG of
 * the page in print media at the paper's printable size (`…-print-<doc>.png`), since no PDF rasterizer is at hand.
 */
export async function screenshotRounds(browser: Browser, base: string, out: string): Promise<string[]> {
  const written: string[] = [];
  const data = await roundsTrip(base);
  for (const size of [
    { tag: '', viewport: { width: 1440, height: 900 } },
    { tag: '1024-', viewport: { width: 1024, height: 768 } },
  ]) {
    const context = await browser.newContext({ viewport: size.viewport });
    const page = await context.newPage();
    let k = 0;
    await roundsTour(page, base, data, async (name, p) => {
      k += 1;
      const file = join(out, `dashboard-rounds-${size.tag}${String(k).padStart(2, '0')}-${name}.png`);
      await p.screenshot({ path: file });
      written.push(file);
      if ((await p.evaluate(() => document.documentElement.scrollHeight)) > size.viewport.height + 8) {
        const whole = file.replace(/\.png$/, '-full.png');
        await p.screenshot({ path: whole, fullPage: true });
        written.push(whole);
      }
    });
    await context.close();
  }
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await openSignedIn(page, base, data.owner, `#/trips/${data.tripId}/rounds/${data.roundId}/print`);
  // A4's printable area at 96 px per inch (10 mm margins): 277 × 190 mm landscape for scorecards, portrait otherwise.
  for (const [doc, width, height] of [['scorecards', 1047, 718], ['cart-signs', 718, 1047], ['tee-sheet', 718, 1047], ['alpha', 718, 1047]] as const) {
    await go(page, `#/trips/${data.tripId}/rounds/${data.roundId}/print?doc=${doc}&paper=a4&per=2`);
    await page.locator('.pr-sheet').first().waitFor();
    const pdf = join(out, `dashboard-rounds-print-${doc}.pdf`);
    await page.pdf({ path: pdf, preferCSSPageSize: true, printBackground: true });
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width, height });
    const png = join(out, `dashboard-rounds-print-${doc}.png`);
    await page.screenshot({ path: png, fullPage: true });
    await page.emulateMedia({ media: 'screen' });
    await page.setViewportSize({ width: 1440, height: 900 });
    written.push(pdf, png);
  }
  await context.close();
  return written;
}
