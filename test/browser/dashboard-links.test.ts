/**
 * The Links tab (issues 23 and 34): every link mailed from the dashboard (read from the outbox) opens the golfer's
 * app on a phone, after which the tab says it was opened and when the phone was last heard from. Handing links over
 * again (a player's link copied and as a QR code, "Copy all links", the QR sheet, mailing again) leaves every mailed
 * link working (issue 34: each of these used to make new links and revoke the mailed ones); "Replace link" is the one
 * action that stops a link, says so, and the old link is refused afterwards. The QR sheet printed to PDF; axe.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { api } from '../support/client.js';
import { outbox } from '../support/outbox.js';
import { launchBrowser, pageErrors, phoneContext } from './support/chromium.js';
import { axeViolations, registerByApi } from './support/dashboard.js';
import { openSignedIn } from './support/dashboard-tour-players.js';
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
  const { blocking } = await axeViolations(page);
  expect(blocking, `${where}: ${blocking.join(' | ')}`).toEqual([]);
}

async function pdfText(bytes: Uint8Array): Promise<{ pages: number; text: string }> {
  const doc = await getDocument({ data: bytes, useSystemFonts: false, isEvalSupported: false }).promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    text += ` ${(content.items as { str?: string }[]).map((i) => i.str ?? '').join(' ')}`;
  }
  const pages = doc.numPages;
  await doc.destroy();
  return { pages, text };
}

const linkIn = (text: string) => /(https?:\/\/\S+\/portal#token=[A-Za-z0-9_-]+)/.exec(text)?.[1];

/** Opens each link on a phone page: the golfer's app loads the trip as that player. */
async function opensOnPhone(links: Record<string, string>) {
  const phone = await phoneContext(browser);
  for (const [name, link] of Object.entries(links)) {
    const golfer = await phone.newPage();
    await golfer.goto(link);
    await golfer.waitForSelector('.topbar', { timeout: 20_000 });
    await poll(() => golfer.textContent('.trip-player')).toBe(name);
    await golfer.close();
  }
  await phone.close();
}

describe('links', () => {
  it('mails every link; copy, QR code, copy all, the QR sheet and mailing again leave every mailed link working; replace is the one way to stop a link', { timeout: 150_000 }, async () => {
    const owner = await registerByApi(server.base, 'Lou Links');
    const trip = (await owner.client.post('/trips', { name: 'Links Cup', startDate: '2027-04-10', endDate: '2027-04-14', timezone: 'Europe/Lisbon', currency: 'EUR' })).body;
    const tag = `${process.pid}${Date.now().toString(36)}`;
    const names = ['Ann Byrne', 'Ben Cole', 'Cat Doyle', 'Dan Egan'];
    const added = await owner.client.post(`/trips/${trip.id}/players/bulk`, { players: [...names.map((name) => ({ name, email: `${name.split(' ')[0]!.toLowerCase()}.${tag}@example.com` })), { name: 'Eve NoMail' }] });
    expect(added.status).toBe(201);
    const players = added.body.items as { id: string; name: string; email?: string }[];
    const validate = (link: string) => api(server.base).post('/trip-portal/validate', { token: link.split('#token=')[1] });

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openSignedIn(page, server.base, owner, `#/trips/${trip.id}/links`);
    const table = page.getByRole('table', { name: "Each player's portal link" });
    await table.waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'Ann Byrne' }).textContent()).toContain('No link');
    expect(await page.locator('.lead').textContent()).toContain('nothing stops working');
    await expectAxeClean(page, 'links');

    // Mail everyone.
    await page.getByRole('button', { name: 'Mail everyone their link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Mail every player their link?' });
    expect(await confirm.textContent()).toContain('nothing stops working');
    await confirm.getByRole('button', { name: 'Mail the links' }).click();
    await page.getByRole('status').filter({ hasText: '4 links mailed.' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: '4 links mailed.' }).textContent()).toContain('No email for Eve NoMail');

    // Each mailed link opens the golfer's app at /portal on a phone.
    const mailed: Record<string, string> = {};
    for (const p of players.filter((x) => x.email)) {
      const mails = await outbox(server.dataDir, p.email);
      expect(mails).toHaveLength(1);
      mailed[p.name] = linkIn(mails[0]!.text)!;
      expect(mailed[p.name]).toMatch(new RegExp(`^${server.base}/portal#token=`));
    }
    await opensOnPhone(mailed);

    // The tab now says they opened their link and when their phone was last heard from.
    await page.reload();
    const annRow = table.getByRole('row').filter({ hasText: 'Ann Byrne' });
    await annRow.waitFor();
    await poll(() => annRow.textContent()).toMatch(/Working.*just now.*just now/);
    expect(await table.getByRole('row').filter({ hasText: 'Eve NoMail' }).textContent()).toMatch(/No linkNot yetNever/);

    // Ann's link, copied and as a QR code: the link she was mailed.
    await page.getByRole('button', { name: 'Show link for Ann Byrne' }).click();
    const shown = page.getByRole('dialog', { name: "Ann Byrne's link" });
    expect(await shown.textContent()).toContain('the link Ann Byrne already has');
    expect(await shown.getByLabel("Ann Byrne's link", { exact: true }).inputValue()).toBe(mailed['Ann Byrne']);
    await shown.getByRole('button', { name: 'Copy link' }).click();
    await shown.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(mailed['Ann Byrne']);
    await shown.getByRole('img', { name: "QR code of Ann Byrne's link" }).locator('svg path').first().waitFor();
    await expectAxeClean(page, 'shown link dialog');
    await page.screenshot({ path: '/tmp/shots/links-shown.png' });
    await shown.getByRole('button', { name: 'Done' }).click();

    // Mail Ben alone again: the same link.
    await page.getByRole('button', { name: 'Mail link to Ben Cole' }).click();
    const mailBen = page.getByRole('dialog', { name: 'Mail Ben Cole their link?' });
    expect(await mailBen.textContent()).toContain('nothing stops working');
    await mailBen.getByRole('button', { name: 'Mail the link' }).click();
    await page.getByRole('status').filter({ hasText: '1 link mailed.' }).waitFor();
    const benMails = await outbox(server.dataDir, players[1]!.email);
    expect(benMails).toHaveLength(2);
    expect(linkIn(benMails[1]!.text)).toBe(mailed['Ben Cole']);

    // Copy all links: one line per player, name and link; Eve (no email, no link) gets one on the way.
    await page.getByRole('button', { name: 'Copy all links' }).click();
    await page.getByRole('status').filter({ hasText: 'Copied 5 links, one line per player.' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Copied 5 links' }).textContent()).toContain('Eve NoMail had no link');
    const clip = await page.evaluate(() => navigator.clipboard.readText());
    expect(await page.getByLabel('All links, one line per player').inputValue()).toBe(clip);
    const lines = clip.split('\n');
    expect(lines).toHaveLength(5);
    const evesLink = linkIn(lines.find((l) => l.startsWith('Eve NoMail: '))!)!;
    for (const name of names) expect(lines).toContain(`${name}: ${mailed[name]}`);
    await page.screenshot({ path: '/tmp/shots/links-copy-all.png', fullPage: true });

    // The QR sheet: the links that exist; nothing new is made.
    await page.getByRole('button', { name: 'Make a QR sheet' }).click();
    await poll(() => page.locator('.qr-card .qr svg').count()).toBe(5);
    expect(await page.getByRole('status').filter({ hasText: 'The QR sheet below' }).textContent()).toContain('No link was changed.');
    await expectAxeClean(page, 'QR sheet');
    const pdf = await pdfText(new Uint8Array(await page.pdf({ format: 'A4', printBackground: true })));
    for (const p of players) expect(pdf.text).toContain(p.name);
    expect(pdf.text).not.toContain('Mail everyone their link');
    expect(pdf.pages).toBe(1);
    const letter = await pdfText(new Uint8Array(await page.pdf({ format: 'Letter', printBackground: true })));
    for (const p of players) expect(letter.text).toContain(p.name);

    // After all that, every mailed link (and Eve's) still opens the trip on a phone.
    await opensOnPhone({ ...mailed, 'Eve NoMail': evesLink });
    const tokens = (await owner.client.get(`/trips/${trip.id}/portal-tokens`)).body.items as { status: string }[];
    expect(tokens.map((t) => t.status)).toEqual(['active', 'active', 'active', 'active', 'active']);

    // Replace Ann's link: confirmed, saying the old one stops working; afterwards it is refused, the new one works.
    await page.getByRole('button', { name: 'Replace link for Ann Byrne' }).click();
    const replace = page.getByRole('dialog', { name: "Replace Ann Byrne's link?" });
    expect(await replace.textContent()).toContain('the old link stops working now');
    await page.screenshot({ path: '/tmp/shots/links-replace-confirm.png' });
    await replace.getByRole('button', { name: 'Replace the link' }).click();
    const fresh = page.getByRole('dialog', { name: "Ann Byrne's new link" });
    const freshLink = await fresh.getByLabel("Ann Byrne's link", { exact: true }).inputValue();
    expect(freshLink).not.toBe(mailed['Ann Byrne']);
    expect(await fresh.textContent()).toContain('no longer works');
    await fresh.getByRole('button', { name: 'Done' }).click();
    expect((await validate(mailed['Ann Byrne']!)).body.error.code).toBe('token_revoked');
    expect((await validate(freshLink)).status).toBe(200);
    for (const name of ['Ben Cole', 'Cat Doyle', 'Dan Egan']) expect((await validate(mailed[name]!)).status, name).toBe(200);
    // The old link on a phone: the app asks for a new link instead of opening the trip.
    const phone = await phoneContext(browser);
    const stale = await phone.newPage();
    await stale.goto(mailed['Ann Byrne']!);
    await poll(async () => (await stale.textContent('body')) ?? '').toMatch(/new link/i);
    await phone.close();
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });

  it('prints 12 QR cards to a page, on A4 and on Letter', async () => {
    const owner = await registerByApi(server.base, 'Sheet Maker');
    const trip = (await owner.client.post('/trips', { name: 'Sheet Cup', startDate: '2027-04-10', endDate: '2027-04-14', timezone: 'Europe/Lisbon', currency: 'EUR' })).body;
    const names = Array.from({ length: 13 }, (_, i) => `Golfer ${String.fromCharCode(65 + i)}`);
    expect((await owner.client.post(`/trips/${trip.id}/players/bulk`, { players: names.map((name) => ({ name })) })).status).toBe(201);
    const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
    const page = await context.newPage();
    await openSignedIn(page, server.base, owner, `#/trips/${trip.id}/links`);
    await page.getByRole('button', { name: 'Make a QR sheet' }).click();
    await poll(() => page.locator('.qr-card .qr svg').count()).toBe(13);
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = await pdfText(new Uint8Array(await page.pdf({ format, printBackground: true })));
      expect(pdf.pages, format).toBe(2);
      for (const name of names) expect(pdf.text, format).toContain(name);
    }
    await context.close();
  });
});
