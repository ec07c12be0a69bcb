/**
 * Course entry from a scorecard (issue 35): an organizer copies the card's rows (par, stroke index, each tee's
 * yardages, the tees' ratings) from a PDF or spreadsheet and pastes them — real Ctrl+V in Chromium, the clipboard
 * holding what copying gives (tabs, the card's Out / In / Total cells). The holes fill across, Out / In / Total are
 * the sums, the saved course read back over REST is what was pasted; a paste that cannot be right says why beside
 * the field and changes nothing; a nine-hole course is played twice as 18 with the odd/even stroke indexes.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { axeViolations, registerByApi, DESKTOP } from './support/dashboard.js';
import { openSignedIn } from './support/dashboard-tour-rounds.js';
import { startPortalServer, type PortalServer } from './support/portal.js';

let server: PortalServer;
let browser: Browser;

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  await mkdir('/tmp/shots', { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

// A parkland card as its PDF copies: label, nine holes, Out, nine holes, In, Total (stroke index has no sums).
const PAR = [4, 5, 4, 3, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 4, 5];
const SI = [9, 3, 13, 17, 1, 7, 15, 5, 11, 10, 4, 18, 2, 14, 6, 16, 12, 8];
const YARDS: Record<string, number[]> = {
  Blue: [412, 538, 371, 188, 446, 402, 167, 521, 395, 384, 431, 176, 552, 362, 418, 201, 389, 540],
  White: [389, 512, 352, 165, 421, 380, 149, 498, 370, 361, 408, 158, 530, 340, 396, 182, 366, 515],
  Red: [341, 451, 305, 128, 372, 330, 118, 440, 322, 315, 355, 121, 468, 296, 348, 142, 318, 455],
};
const RATINGS = { Blue: [73.4, 134], White: [71.1, 129], Red: [70.2, 121] } as const;
const sum = (ns: number[]) => ns.reduce((s, n) => s + n, 0);
/** A row as copied from the card: tab-separated, with Out after hole 9 and In, Total after hole 18. */
const cardRow = (label: string, ns: number[], sums = true) =>
  [label, ...ns.slice(0, 9), ...(sums ? [sum(ns.slice(0, 9))] : ['']), ...ns.slice(9), ...(sums ? [sum(ns.slice(9)), sum(ns)] : ['', ''])].join('\t');

async function clipboardContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: DESKTOP.viewport });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.base });
  return context;
}

/** Pastes `text` into a field the way an organizer does: the clipboard holds it, the field has focus, Ctrl+V. */
async function pasteInto(page: Page, field: Locator, text: string): Promise<void> {
  await page.evaluate((t) => navigator.clipboard.writeText(t), text);
  await field.focus();
  await page.keyboard.press('Control+V');
}

/** Every input of the holes: what a bad paste must leave as it was. */
const holeInputs = (page: Page) => page.locator('.hole-table input').evaluateAll((els) => els.map((e) => `${e.getAttribute('aria-label')}=${(e as HTMLInputElement).value}`));

/** The text of the cell under `column` (Out, In, Total) in the row headed `row`, in the table captioned `table`. */
async function sumCell(page: Page, table: string, row: string, column: string): Promise<string> {
  const t = page.getByRole('table', { name: table });
  const heads = await t.locator('thead th').allTextContents();
  const col = heads.findIndex((h) => h.trim() === column);
  const r = t.getByRole('row').filter({ has: page.getByRole('rowheader', { name: row, exact: true }) });
  return ((await r.locator('th, td').nth(col).textContent()) ?? '').trim();
}

const valuesOf = (page: Page, labels: string[]) => Promise.all(labels.map((l) => page.getByLabel(l, { exact: true }).inputValue()));

describe('course entry from a scorecard', () => {
  it('fills par, stroke index and three tees from pasted rows, adds up Out / In / Total, saves what was pasted, and refuses a bad paste', async () => {
    const owner = await registerByApi(server.base, 'Paula Paste');
    const trip = await owner.client.post('/trips', { name: 'Carolinas 2027', startDate: '2027-05-10', endDate: '2027-05-13', timezone: 'America/New_York', currency: 'USD' });
    const context = await clipboardContext();
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openSignedIn(page, server.base, owner, `#/trips/${trip.body.id}/courses`);
    await page.getByRole('link', { name: 'New course' }).click();
    await page.getByRole('heading', { name: 'New course' }).waitFor();

    // The organizer's interactions: the name, five pastes, one paste of the ratings, one choice, save.
    await page.getByLabel('Course name').fill('Pine Hollow');
    const box = page.getByLabel('Paste from the scorecard');
    await pasteInto(page, box, cardRow('Par', PAR));
    await page.getByRole('status').filter({ hasText: 'Filled par from the paste' }).waitFor();
    expect(await valuesOf(page, PAR.map((_, i) => `Hole ${i + 1} par`))).toEqual(PAR.map(String));
    // Out / In / Total of par while typing.
    expect(await sumCell(page, 'Front nine (holes 1–9)', 'Par', 'Out')).toBe('36');
    expect(await sumCell(page, 'Back nine (holes 10–18)', 'Par', 'In')).toBe('36');
    expect(await sumCell(page, 'Back nine (holes 10–18)', 'Par', 'Total')).toBe('72');

    // The stroke index row without its label, pasted into its first cell.
    await pasteInto(page, page.getByLabel('Hole 1 stroke index'), SI.join('\t'));
    await expect.poll(() => page.getByLabel('Hole 18 stroke index').inputValue()).toBe(String(SI[17]));
    expect(await valuesOf(page, SI.map((_, i) => `Hole ${i + 1} stroke index`))).toEqual(SI.map(String));

    // Yardages: each row names its tee; the first fills tee 1 and names it, the others add their tees.
    for (const tee of ['Blue', 'White', 'Red']) {
      await pasteInto(page, box, cardRow(tee, YARDS[tee]!));
      await page.getByRole('status').filter({ hasText: `Filled ${tee} yardages` }).waitFor();
    }
    expect(await valuesOf(page, ['Tee 1 name', 'Tee 2 name', 'Tee 3 name'])).toEqual(['Blue', 'White', 'Red']);
    for (const [tee, yards] of Object.entries(YARDS)) {
      expect(await valuesOf(page, yards.map((_, i) => `Hole ${i + 1} yards, ${tee}`))).toEqual(yards.map(String));
      expect(await sumCell(page, 'Front nine (holes 1–9)', `${tee} yards`, 'Out')).toBe(String(sum(yards.slice(0, 9))));
      expect(await sumCell(page, 'Back nine (holes 10–18)', `${tee} yards`, 'In')).toBe(String(sum(yards.slice(9))));
      expect(await sumCell(page, 'Back nine (holes 10–18)', `${tee} yards`, 'Total')).toBe(String(sum(yards)));
    }
    // Out follows typing: one hole changed by hand.
    await page.getByLabel('Hole 1 yards, Blue', { exact: true }).fill('420');
    expect(await sumCell(page, 'Front nine (holes 1–9)', 'Blue yards', 'Out')).toBe(String(sum(YARDS.Blue!.slice(0, 9)) + 8));
    await page.getByLabel('Hole 1 yards, Blue', { exact: true }).fill('412');

    // The three tees' ratings in one paste, as the card's rating box copies.
    await pasteInto(page, box, Object.entries(RATINGS).map(([t, [cr, slope]]) => `${t}\t${cr}\t${slope}`).join('\n'));
    await page.getByRole('status').filter({ hasText: 'Filled Blue ratings, White ratings and Red ratings' }).waitFor();
    expect(await valuesOf(page, ['Tee 1 Course Rating', 'Tee 1 Slope Rating', 'Tee 3 Course Rating', 'Tee 3 Slope Rating'])).toEqual(['73.4', '134', '70.2', '121']);
    await page.getByLabel('Tee 3 rated for').selectOption('F');
    await page.screenshot({ path: '/tmp/shots/course-paste-filled.png', fullPage: true });
    expect((await axeViolations(page)).blocking).toEqual([]);

    // Bad pastes: each says why beside the field, and no hole changes.
    const before = await holeInputs(page);
    const bad: [Locator, string, string][] = [
      [box, cardRow('Par', PAR.slice(0, 17), false), '“Par” row has 17 numbers; this course has 18 holes'],
      [box, cardRow('Par', [...PAR.slice(0, 6), 7, ...PAR.slice(7)]), 'par is 3 to 6 on every hole, and the seventh number is 7'],
      [box, ['HCP', ...SI.slice(0, 4), 9, ...SI.slice(5)].join('\t'), 'each stroke index is used once, and 9 is there twice'],
      [box, `Par\t4\t4\tx\t5`, '“x” is not a number'],
      [box, `${cardRow('Par', PAR)}\n${cardRow('White', [...YARDS.White!.slice(0, 17), 5])}`, 'a hole is 30 to 900 long'],
    ];
    for (const [field, text, message] of bad) {
      await pasteInto(page, field, text);
      await page.getByRole('alert').filter({ hasText: message }).waitFor();
      expect(await holeInputs(page)).toEqual(before);
    }
    // A bad row pasted into a cell says so under that nine's table.
    await pasteInto(page, page.getByLabel('Hole 10 par'), '4 4 3 5 4 4 3 4');
    await page.locator('.hole-wrap').nth(1).getByRole('alert').filter({ hasText: 'has 8 numbers' }).waitFor();
    expect(await holeInputs(page)).toEqual(before);
    await page.screenshot({ path: '/tmp/shots/course-paste-refused.png', fullPage: true });
    // The refused paste stays in the box to fix; emptied, the box leaves the card as it is.
    expect(await box.inputValue()).toContain('White');
    await box.fill('');

    await page.getByRole('button', { name: 'Save course' }).click();
    await page.getByRole('status').filter({ hasText: 'Pine Hollow is saved in your library.' }).waitFor();
    // The list's table is named.
    await page.getByRole('table', { name: 'Your courses' }).waitFor();
    const saved = (await owner.client.get('/courses')).body.items;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ name: 'Pine Hollow', lengthUnit: 'yd', holes: PAR.map((par, i) => ({ number: i + 1, par, strokeIndex: SI[i] })) });
    expect(saved[0].tees).toEqual([
      { name: 'Blue', gender: 'X', courseRating: 73.4, slope: 134, lengths: YARDS.Blue },
      { name: 'White', gender: 'X', courseRating: 71.1, slope: 129, lengths: YARDS.White },
      { name: 'Red', gender: 'F', courseRating: 70.2, slope: 121, lengths: YARDS.Red },
    ]);

    // Opened again, the card shows as saved, sums included.
    await page.getByRole('link', { name: 'Edit Pine Hollow' }).click();
    await page.getByRole('heading', { name: 'Edit Pine Hollow' }).waitFor();
    expect(await sumCell(page, 'Back nine (holes 10–18)', 'Red yards', 'Total')).toBe(String(sum(YARDS.Red!)));
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('plays a nine-hole course twice: holes 10–18 repeat 1–9 with the odd and even stroke indexes', async () => {
    const owner = await registerByApi(server.base, 'Nina Nine');
    const trip = await owner.client.post('/trips', { name: 'Highlands 2027', startDate: '2027-06-01', endDate: '2027-06-03', timezone: 'Europe/London', currency: 'GBP' });
    const context = await clipboardContext();
    const page = await context.newPage();
    await openSignedIn(page, server.base, owner, `#/trips/${trip.body.id}/courses?course=new`);
    await page.getByRole('heading', { name: 'New course' }).waitFor();
    await page.getByLabel('Course name').fill('Braeside Nine');
    await page.getByLabel('9 holes').check();
    const par9 = [4, 4, 3, 5, 4, 3, 4, 4, 5];
    const si9 = [3, 5, 9, 1, 7, 8, 2, 6, 4];
    const yards9 = [356, 401, 152, 488, 372, 139, 410, 344, 502];
    // An 18-number row does not fit 9 holes: refused, nothing changes.
    const box = page.getByLabel('Paste from the scorecard');
    await pasteInto(page, box, cardRow('Par', PAR));
    await page.getByRole('alert').filter({ hasText: 'has 18 numbers; this course has 9 holes' }).waitFor();
    await pasteInto(page, box, [`Hole\t1\t2\t3\t4\t5\t6\t7\t8\t9\tTotal`, `Yellow\t${yards9.join('\t')}\t${sum(yards9)}`, `Par\t${par9.join('\t')}\t${sum(par9)}`, `S.I.\t${si9.join('\t')}`, 'Yellow 34.6 118 36'].join('\n'));
    await page.getByRole('status').filter({ hasText: 'Filled Yellow yardages, par, stroke index and Yellow ratings' }).waitFor();
    expect(await sumCell(page, 'Holes 1–9', 'Par', 'Total')).toBe('36');
    expect(await sumCell(page, 'Holes 1–9', 'Yellow yards', 'Total')).toBe(String(sum(yards9)));

    await page.getByRole('button', { name: 'Play the nine twice (18 holes)' }).click();
    await page.getByRole('status').filter({ hasText: 'holes 1–9 take the odd stroke indexes and 10–18 the even ones' }).waitFor();
    expect(await page.getByLabel('18 holes').isChecked()).toBe(true);
    const out = si9.map((r) => 2 * r - 1);
    const back = si9.map((r) => 2 * r);
    expect(await valuesOf(page, Array.from({ length: 18 }, (_, i) => `Hole ${i + 1} stroke index`))).toEqual([...out, ...back].map(String));
    expect(await valuesOf(page, Array.from({ length: 18 }, (_, i) => `Hole ${i + 1} par`))).toEqual([...par9, ...par9].map(String));
    expect(await sumCell(page, 'Back nine (holes 10–18)', 'Yellow yards', 'Total')).toBe(String(2 * sum(yards9)));
    // The 9-hole Course Rating and par are doubled for 18 holes; the Slope Rating stays.
    expect(await valuesOf(page, ['Tee 1 Course Rating', 'Tee 1 Slope Rating', 'Tee 1 par'])).toEqual(['69.2', '118', '72']);
    await page.screenshot({ path: '/tmp/shots/course-nine-twice.png', fullPage: true });

    await page.getByRole('button', { name: 'Save course' }).click();
    await page.getByRole('status').filter({ hasText: 'Braeside Nine is saved in your library.' }).waitFor();
    const saved = (await owner.client.get('/courses')).body.items[0];
    expect(saved.holes).toEqual([...par9, ...par9].map((par, i) => ({ number: i + 1, par, strokeIndex: [...out, ...back][i] })));
    expect(saved.tees).toEqual([{ name: 'Yellow', gender: 'X', courseRating: 69.2, slope: 118, par: 72, lengths: [...yards9, ...yards9] }]);
    await context.close();
  }, 90_000);
});
