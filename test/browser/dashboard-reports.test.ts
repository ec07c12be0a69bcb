/**
 * Trip reports in the dashboard (issue 24): an HTML recap and an MP3 recording uploaded through the screen (a real
 * multipart request with the file chosen in the file field), each shown as golfers will see it (the page in a
 * sandboxed frame from its signed link, scripts not run; the recording in a player whose link serves byte ranges);
 * the limits said before sending and the server's refusals said in words at the file field, nothing stored; a
 * report's title changed and a report deleted.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { htmlPage, tinyMp3, tinyPng } from '../support/media.js';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { axeViolations, desktopContext } from './support/dashboard.js';
import { organizerWithToken } from './support/dashboard-area-insights.js';
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

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

async function choose(page: Page, name: string, mimeType: string, bytes: Uint8Array) {
  await page.getByLabel('File', { exact: true }).setInputFiles({ name, mimeType, buffer: Buffer.from(bytes) });
}

describe('trip reports', () => {
  it('uploads an HTML page and a recording through the screen, shows them as golfers will, refuses what the server refuses, changes and deletes', async () => {
    const owner = await organizerWithToken(server.base, 'Rita Reports');
    const trip = (await owner.client.post('/trips', { name: 'Algarve 2027', startDate: '2027-04-10', endDate: '2027-04-14', timezone: 'Europe/Lisbon', currency: 'EUR' })).body;
    const list = async () => (await owner.client.get(`/trips/${trip.id}/reports`)).body.reports as any[];
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith(`/trips/${trip.id}/reports`) && r.method() === 'POST') uploads.push(r.headers()['content-type'] ?? '');
    });

    await openSignedIn(page, server.base, owner, `#/trips/${trip.id}/reports`);
    await page.getByRole('heading', { name: 'No reports yet' }).waitFor();
    // The limits are on the page before anything is chosen.
    await page.getByText('What you can upload: an HTML page (.html) up to 2 MB, or an MP3 or M4A recording up to 50 MB.').waitFor();

    // An HTML recap whose script must not run where golfers open it.
    const recap = new TextEncoder().encode(
      `<!DOCTYPE html><html><head><title>Day 2</title></head><body><h1>Day 2 recap</h1><p>Ann holed out on 7.</p><script>document.body.insertAdjacentHTML('beforeend', '<p id="ran">script ran</p>')</script></body></html>`,
    );
    await page.getByRole('link', { name: 'Add a report' }).click();
    await page.getByLabel('Title').fill('Day 2 recap');
    await page.getByLabel('Description').fill('Birdies, a hole in one and the dinner.');
    await choose(page, 'day-2.html', 'text/html', recap);
    await page.getByText(`day-2.html: HTML page, 1 KB of the 2 MB allowed.`).waitFor();
    await page.getByRole('button', { name: 'Upload report' }).click();
    await page.locator('#report-title', { hasText: 'Day 2 recap' }).waitFor();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatch(/^multipart\/form-data; boundary=/);
    const [html] = await list();
    expect(html).toMatchObject({ title: 'Day 2 recap', description: 'Birdies, a hole in one and the dinner.', kind: 'html', originalName: 'day-2.html', size: recap.length, sha256: sha256(recap) });
    // As golfers see it: the page in a frame with no permissions, from its signed link on this server.
    const frame = page.locator('iframe[title="Report: Day 2 recap"]');
    expect(await frame.getAttribute('sandbox')).toBe('');
    // Its signed link as a path on this server (the expiry moves on with each reading of the list).
    expect(await frame.getAttribute('src')).toMatch(new RegExp(`^${new URL(html.html_url).pathname}\\?expires=\\d+&signature=[\\w-]+$`));
    await page.frameLocator('iframe[title="Report: Day 2 recap"]').getByRole('heading', { name: 'Day 2 recap' }).waitFor();
    await page.frameLocator('iframe[title="Report: Day 2 recap"]').getByText('Ann holed out on 7.').waitFor();
    expect(await page.frameLocator('iframe[title="Report: Day 2 recap"]').locator('#ran').count()).toBe(0);
    expect((await axeViolations(page)).blocking).toEqual([]);

    // A recording.
    const mp3 = tinyMp3({ frames: 200 });
    await page.getByRole('link', { name: 'Add a report' }).click();
    await page.getByLabel('Title').fill('Prize-giving');
    await choose(page, 'prize-giving.mp3', 'audio/mpeg', mp3);
    await page.getByRole('button', { name: 'Upload report' }).click();
    await page.locator('#report-title', { hasText: 'Prize-giving' }).waitFor();
    const audio = page.getByLabel('Recording: Prize-giving');
    await audio.waitFor();
    const src = (await audio.getAttribute('src'))!;
    expect(src).toMatch(/^\/report-files\//);
    // The player's link works without a sign-in and serves ranges (so golfers can skip through it).
    const ranged = await page.evaluate(async (s) => {
      const r = await fetch(s, { headers: { Range: 'bytes=0-99' } });
      return { status: r.status, type: r.headers.get('content-type'), length: (await r.arrayBuffer()).byteLength };
    }, src);
    expect(ranged).toEqual({ status: 206, type: 'audio/mpeg', length: 100 });
    expect((await list()).map((r) => [r.title, r.kind, r.size, r.sha256])).toEqual([
      ['Prize-giving', 'audio', mp3.length, sha256(mp3)],
      ['Day 2 recap', 'html', recap.length, sha256(recap)],
    ]);

    // Too large for an HTML page: said at once, and never sent.
    await page.getByRole('link', { name: 'Add a report' }).click();
    await page.getByLabel('Title').fill('Photo album');
    await choose(page, 'album.html', 'text/html', htmlPage(3 * 1024 * 1024, 'Album'));
    const fileError = page.locator('#rep-new-file-error');
    await expect.poll(() => fileError.textContent()).toBe('“album.html” is 3 MB; an HTML page can be at most 2 MB. Make the pictures smaller or link to them on the web instead of embedding them.');
    await page.getByRole('button', { name: 'Upload report' }).click();
    await page.locator('.error-summary').getByText(/album\.html” is 3 MB/).waitFor();
    expect(uploads).toHaveLength(2);

    // A photo named like a recording: the browser cannot tell, the server reads the bytes and refuses it (415).
    await choose(page, 'speech.mp3', 'audio/mpeg', tinyPng());
    await expect.poll(() => fileError.count()).toBe(0);
    await page.getByRole('button', { name: 'Upload report' }).click();
    await expect.poll(() => fileError.textContent()).toMatch(/^The server refused the file: its content is not an HTML page \(UTF-8 text\) nor MP3 or M4A audio, whatever its name says\./);
    expect(await page.getByLabel('File', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    // An HTML page over its limit under an audio name: the server's size refusal (413), in words.
    await choose(page, 'big.mp3', 'audio/mpeg', htmlPage(2 * 1024 * 1024 + 500, 'Big'));
    await page.getByRole('button', { name: 'Upload report' }).click();
    await expect.poll(() => fileError.textContent()).toMatch(/^The server refused the file as too large: an HTML report is at most 2 MiB/);
    expect(uploads).toHaveLength(4);
    expect(await list()).toHaveLength(2);
    await page.getByRole('button', { name: 'Cancel' }).click();

    // Change the title and replace the page: golfers see the new one, and the old file's link stops working.
    await page.getByRole('link', { name: 'Day 2 recap', exact: true }).click();
    await page.getByRole('button', { name: 'Change' }).click();
    await page.getByLabel('Title').fill('Day 2 recap — Old Course');
    const fixed = new TextEncoder().encode('<!DOCTYPE html><html><body><h1>Day 2 recap</h1><p>Ann holed out on 8, not 7.</p></body></html>');
    await page.getByLabel('Replace the file (optional)').setInputFiles({ name: 'day-2-fixed.html', mimeType: 'text/html', buffer: Buffer.from(fixed) });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('#report-title', { hasText: 'Day 2 recap — Old Course' }).waitFor();
    await page.frameLocator('iframe[title="Report: Day 2 recap — Old Course"]').getByText('Ann holed out on 8, not 7.').waitFor();
    const changed = (await list()).find((r) => r.kind === 'html');
    expect(changed).toMatchObject({ title: 'Day 2 recap — Old Course', originalName: 'day-2-fixed.html', sha256: sha256(fixed) });
    expect((await fetch(`${server.base}${new URL(html.html_url).pathname}${new URL(html.html_url).search}`)).status).toBe(404);
    await page.getByRole('button', { name: 'Delete…' }).click();
    await page.getByRole('dialog').getByText(/golfers no longer see it in their app/).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete the report' }).click();
    await page.getByRole('link', { name: 'Prize-giving', exact: true }).waitFor();
    expect(await page.getByRole('link', { name: /Day 2 recap/ }).count()).toBe(0);
    expect((await list()).map((r) => r.title)).toEqual(['Prize-giving']);
    expect((await fetch(`${server.base}${new URL(changed.html_url).pathname}${new URL(changed.html_url).search}`)).status).toBe(404);

    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);
});
