/**
 * The course library in the dashboard (issue 23): the editor refuses, at the field and before sending, what the API
 * refuses (a repeated stroke index, a par outside 3–6, a Slope Rating past 155, a tee par that is not the holes'
 * sum), saves a course that passes, edits it, deletes another; axe-core finds nothing serious on the list or editor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { course18 } from '../support/client.js';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { axeViolations, desktopContext, registerByApi } from './support/dashboard.js';
import { openSignedIn } from './support/dashboard-tour-rounds.js';
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

const errorOf = (page: Page, label: string) =>
  page.getByLabel(label).evaluate((el) => {
    const ids = (el.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
    return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
  });

describe('course library', () => {
  it('refuses a repeated stroke index and the other course rules while typing, sends nothing until it passes, then saves and edits', async () => {
    const owner = await registerByApi(server.base, 'Cora Courses');
    const trip = await owner.client.post('/trips', { name: 'Algarve 2027', startDate: '2027-04-10', endDate: '2027-04-14', timezone: 'Europe/Lisbon', currency: 'EUR' });
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && new URL(r.url()).pathname.startsWith('/courses')) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await openSignedIn(page, server.base, owner, `#/trips/${trip.body.id}/courses`);
    await page.getByRole('heading', { name: 'No courses yet' }).waitFor();
    expect((await axeViolations(page)).blocking).toEqual([]);

    await page.getByRole('link', { name: 'New course' }).click();
    await page.getByRole('heading', { name: 'New course' }).waitFor();
    const card = course18('Quinta Links');
    await page.getByLabel('Course name').fill('Quinta Links');
    for (const [i, h] of card.holes.entries()) {
      await page.getByLabel(`Hole ${i + 1} par`).fill(String(h.par));
      // Hole 5 repeats hole 4's stroke index 1 (its own is 3).
      await page.getByLabel(`Hole ${i + 1} stroke index`).fill(String(i === 4 ? 1 : h.strokeIndex));
    }
    // Said at the field at once, as the API's schema says it, before any save.
    await expect.poll(() => errorOf(page, 'Hole 5 stroke index')).toContain('Stroke index 1 is already used by hole 4');
    expect(await page.getByLabel('Hole 5 stroke index').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('an 18-hole course uses each stroke index 1–18 once; missing 3', { exact: false }).count()).toBeGreaterThan(0);
    await page.getByLabel('Hole 7 par').fill('7');
    await expect.poll(() => errorOf(page, 'Hole 7 par')).toContain('Must be at most 6');
    await page.getByLabel('Tee 1 name').fill('White');
    await page.getByLabel('Tee 1 Course Rating').fill('71.2');
    await page.getByLabel('Tee 1 Slope Rating').fill('200');
    await expect.poll(() => errorOf(page, 'Tee 1 Slope Rating')).toContain('Slope Rating is at most 155');
    expect((await axeViolations(page)).blocking).toEqual([]);

    // Saving with problems sends nothing and lists every one above the form.
    await page.getByRole('button', { name: 'Save course' }).click();
    await page.locator('.error-summary').waitFor();
    expect(await page.locator('.error-summary li').count()).toBeGreaterThanOrEqual(3);
    expect(sent).toEqual([]);

    await page.getByLabel('Hole 5 stroke index').fill('3');
    await page.getByLabel('Hole 7 par').fill(String(card.holes[6]!.par));
    await page.getByLabel('Tee 1 Slope Rating').fill('128');
    await page.getByLabel('Tee 1 par').fill('71');
    await expect.poll(() => errorOf(page, 'Tee 1 par')).toContain('its holes add up to 72');
    await page.getByLabel('Tee 1 par').fill('72');
    await page.getByRole('button', { name: 'Add a tee' }).click();
    await page.getByLabel('Tee 2 name').fill('Red');
    await page.getByLabel('Tee 2 rated for').selectOption('F');
    await page.getByLabel('Tee 2 Course Rating').fill('72.9');
    await page.getByLabel('Tee 2 Slope Rating').fill('126');
    await expect.poll(() => page.locator('[aria-invalid="true"]').count()).toBe(0);
    await page.getByRole('button', { name: 'Save course' }).click();
    await page.getByRole('status').filter({ hasText: 'Quinta Links is saved in your library.' }).waitFor();
    expect(sent).toEqual(['POST /courses']);
    const saved = (await owner.client.get('/courses')).body.items;
    expect(saved).toHaveLength(1);
    expect(saved[0].holes.map((h: { strokeIndex: number }) => h.strokeIndex)).toEqual(card.holes.map((h) => h.strokeIndex));
    expect(saved[0].tees).toEqual([
      { name: 'White', gender: 'X', courseRating: 71.2, slope: 128, par: 72 },
      { name: 'Red', gender: 'F', courseRating: 72.9, slope: 126 },
    ]);
    expect((await axeViolations(page)).blocking).toEqual([]);

    // Edit: as 9 holes (the front nine's odd indexes pass) the tee's par of 72 is refused at once; the name changes.
    await page.getByRole('link', { name: 'Edit Quinta Links' }).click();
    await page.getByRole('heading', { name: 'Edit Quinta Links' }).waitFor();
    await page.getByLabel('9 holes').check();
    await expect.poll(() => errorOf(page, 'Tee 1 par')).toContain('tee White has par 72, but its holes add up to 36'.replace(/^t/, 'T'));
    await page.getByLabel('18 holes').check();
    await page.getByLabel('Course name').fill('Quinta Links (old)');
    await page.getByLabel('City').fill('Vilamoura');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Quinta Links (old) is saved.' }).waitFor();
    expect((await owner.client.get(`/courses/${saved[0].id}`)).body).toMatchObject({ name: 'Quinta Links (old)', city: 'Vilamoura', version: 2 });

    // Delete, after a dialog that says rounds keep their copy.
    await page.getByRole('button', { name: 'Delete Quinta Links (old)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Quinta Links (old)?' });
    await dialog.getByText('Rounds already made from it keep their own copy').waitFor();
    await dialog.getByRole('button', { name: 'Delete the course' }).click();
    await page.getByRole('heading', { name: 'No courses yet' }).waitFor();
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 90_000);
});
