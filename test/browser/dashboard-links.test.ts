/**
 * The Links tab (issue 23): every link mailed from the dashboard (read from the outbox) opens the golfer's app on a
 * phone, after which the tab says it was opened and when the phone was last heard from; a new link shown once, copied
 * and as a QR code, replacing the old one; revoking; the QR sheet printed to PDF with every player's name; axe.
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
  expect((await axeViolations(page)).blocking, where).toEqual([]);
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

describe('links', () => {
  it('mails every link, each opens the golfer app on a phone; new link copied and as QR replaces the old; revoke; the QR sheet prints every name', async () => {
    const owner = await registerByApi(server.base, 'Lou Links');
    const trip = (await owner.client.post('/trips', { name: 'Links Cup', startDate: '2027-04-10', endDate: '2027-04-14', timezone: 'Europe/Lisbon', currency: 'EUR' })).body;
    const tag = `${process.pid}${Date.now().toString(36)}`;
    const names = ['Ann Byrne', 'Ben Cole', 'Cat Doyle', 'Dan Egan'];
    const added = await owner.client.post(`/trips/${trip.id}/players/bulk`, { players: [...names.map((name) => ({ name, email: `${name.split(' ')[0]!.toLowerCase()}.${tag}@example.com` })), { name: 'Eve NoMail' }] });
    expect(added.status).toBe(201);
    const players = added.body.items as { id: string; name: string; email?: string }[];

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openSignedIn(page, server.base, owner, `#/trips/${trip.id}/links`);
    const table = page.getByRole('table', { name: "Each player's portal link" });
    await table.waitFor();
    expect(await table.getByRole('row').filter({ hasText: 'Ann Byrne' }).textContent()).toContain('No link');
    await expectAxeClean(page, 'links');

    // Mail everyone: the dialog says the new links replace the old ones first.
    await page.getByRole('button', { name: 'Mail everyone their link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Mail every player their link?' });
    expect(await confirm.textContent()).toContain("replaces the player's earlier one");
    await confirm.getByRole('button', { name: 'Mail the links' }).click();
    await page.getByRole('status').filter({ hasText: '4 links mailed.' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: '4 links mailed.' }).textContent()).toContain('No email for Eve NoMail');

    // Each mailed link opens the golfer's app at /portal on a phone.
    const links: Record<string, string> = {};
    for (const p of players.filter((x) => x.email)) {
      const mails = await outbox(server.dataDir, p.email);
      expect(mails).toHaveLength(1);
      links[p.name] = linkIn(mails[0]!.text)!;
      expect(links[p.name]).toMatch(new RegExp(`^${server.base}/portal#token=`));
    }
    const phone = await phoneContext(browser);
    for (const name of names) {
      const golfer = await phone.newPage();
      await golfer.goto(links[name]!);
      await golfer.waitForSelector('.topbar', { timeout: 20_000 });
      await poll(() => golfer.textContent('.trip-player')).toBe(name);
      await golfer.close();
    }
    await phone.close();

    // The tab now says they opened their link and when their phone was last heard from.
    await page.reload();
    const annRow = table.getByRole('row').filter({ hasText: 'Ann Byrne' });
    await annRow.waitFor();
    await poll(() => annRow.textContent()).toMatch(/Working.*just now.*just now/);
    expect(await table.getByRole('row').filter({ hasText: 'Eve NoMail' }).textContent()).toMatch(/No linkNot yetNever/);

    // Mail Ben alone: a second mail, and his first link stops working.
    await page.getByRole('button', { name: 'Mail link to Ben Cole' }).click();
    const mailBen = page.getByRole('dialog', { name: 'Mail Ben Cole a new link?' });
    expect(await mailBen.textContent()).toContain("Ben Cole's earlier link stops working");
    await mailBen.getByRole('button', { name: 'Mail the link' }).click();
    await page.getByRole('status').filter({ hasText: '1 link mailed.' }).waitFor();
    const benMails = await outbox(server.dataDir, players[1]!.email);
    expect(benMails).toHaveLength(2);
    expect((await api(server.base).post('/trip-portal/validate', { token: links['Ben Cole']!.split('#token=')[1] })).body.error.code).toBe('token_revoked');
    links['Ben Cole'] = linkIn(benMails[1]!.text)!;

    // A new link for Ann: said to replace hers, shown once, copied, as a QR code; her mailed link stops working.
    await page.getByRole('button', { name: 'New link for Ann Byrne' }).click();
    const make = page.getByRole('dialog', { name: 'Make a new link for Ann Byrne?' });
    expect(await make.textContent()).toContain("It replaces Ann Byrne's current link");
    await make.getByRole('button', { name: 'Make a new link' }).click();
    const shown = page.getByRole('dialog', { name: "Ann Byrne's new link" });
    const fresh = await shown.getByLabel("Ann Byrne's link", { exact: true }).inputValue();
    expect(fresh).toMatch(new RegExp(`^${server.base}/portal#token=`));
    await shown.getByRole('button', { name: 'Copy link' }).click();
    await shown.getByText('Copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(fresh);
    await shown.getByRole('img', { name: "QR code of Ann Byrne's link" }).locator('svg path').first().waitFor();
    await expectAxeClean(page, 'new link dialog');
    await shown.getByRole('button', { name: 'Done' }).click();
    const validate = (link: string) => api(server.base).post('/trip-portal/validate', { token: link.split('#token=')[1] });
    expect((await validate(links['Ann Byrne']!)).body.error.code).toBe('token_revoked');
    expect((await validate(fresh)).status).toBe(200);

    // Revoke Ann's link: the fresh one stops working too.
    await page.getByRole('button', { name: "Revoke Ann Byrne's link" }).click();
    await page.getByRole('dialog', { name: "Revoke Ann Byrne's link?" }).getByRole('button', { name: 'Revoke the link' }).click();
    await page.getByRole('status').filter({ hasText: "Ann Byrne's link is revoked." }).waitFor();
    await poll(() => annRow.textContent()).toContain('No link');
    expect((await validate(fresh)).body.error.code).toBe('token_revoked');

    // The QR sheet: new links for everyone, printed: every player's name on the PDF.
    await page.getByRole('button', { name: 'Make a QR sheet…' }).click();
    await page.getByRole('dialog', { name: 'Make a QR sheet for every player?' }).getByRole('button', { name: 'Make the new links' }).click();
    await poll(() => page.locator('.qr-card .qr svg').count()).toBe(5);
    await expectAxeClean(page, 'QR sheet');
    const pdf = await pdfText(new Uint8Array(await page.pdf({ format: 'A4', printBackground: true })));
    for (const p of players) expect(pdf.text).toContain(p.name);
    expect(pdf.text).not.toContain('Mail everyone their link');
    expect(pdf.pages).toBe(1);
    const letter = await pdfText(new Uint8Array(await page.pdf({ format: 'Letter', printBackground: true })));
    for (const p of players) expect(letter.text).toContain(p.name);
    // The sheet's links replaced the mailed ones.
    expect((await validate(links['Ben Cole']!)).body.error.code).toBe('token_revoked');
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
    await page.getByRole('button', { name: 'Make a QR sheet…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Make the new links' }).click();
    await poll(() => page.locator('.qr-card .qr svg').count()).toBe(13);
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = await pdfText(new Uint8Array(await page.pdf({ format, printBackground: true })));
      expect(pdf.pages, format).toBe(2);
      for (const name of names) expect(pdf.text, format).toContain(name);
    }
    await context.close();
  });
});
