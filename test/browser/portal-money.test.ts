/**
 * The Money screen in a real Chromium at phone size, against the real server process: an expense with a receipt
 * photo added offline waits on the phone (a reload included) and lands once, with its receipt, when signal
 * returns; a bad amount is refused with a message and nothing is written; my settle-up pays through a payment link
 * and "I paid", and shows its last known balance with its age offline.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { deflateSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, pageErrors, phoneContext } from './support/chromium.js';
import { openLink, portalLink, portalTrip, startPortalServer, type PortalServer } from './support/portal.js';
import type { FaultTrip } from '../sync/support/fault-trip.js';

let server: PortalServer;
let browser: Browser;
let trip: FaultTrip;
let context: BrowserContext;
let page: Page;
let errors: string[];

/** CRC-32 (PNG chunks). */
function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

/** A real PNG: 8×8 RGB, a pattern that is different every run (so identical bytes mean these bytes). */
function png(seed: number): Buffer {
  const u32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const chunk = (type: string, data: number[]) => {
    const body = [...type].map((c) => c.charCodeAt(0)).concat(data);
    return [...u32(data.length), ...body, ...u32(crc32(new Uint8Array(body)))];
  };
  const rows = new Uint8Array(8 * (1 + 8 * 3));
  for (let y = 0; y < 8; y++) for (let x = 0; x < 24; x++) rows[y * 25 + 1 + x] = (seed * 31 + y * 24 + x * 7) % 256;
  const idat = [...new Uint8Array(deflateSync(rows))];
  const ihdr = [...u32(8), ...u32(8), 8, 2, 0, 0, 0];
  return Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...chunk('IHDR', ihdr), ...chunk('IDAT', idat), ...chunk('IEND', [])]);
}

const ann = () => trip.players[0]!;
const ben = () => trip.players[1]!;
const cat = () => trip.players[2]!;
const dan = () => trip.players[3]!;

async function serverExpenses() {
  const res = await trip.org.client.get(`/trips/${trip.tripId}/expenses`);
  expect(res.status).toBe(200);
  return res.body.items as { id: string; payerId: string; amountCents: number; split: unknown; shares: { playerId: string; cents: number }[]; receiptId: string | null; description: string }[];
}

/** Entries in the phone's money queue (IndexedDB), read in the page. */
const queuedOnPhone = () =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const req = indexedDB.open('golf-portal-money');
        req.onsuccess = () => {
          const db = req.result;
          if (!db.objectStoreNames.contains('expenses')) return resolve(0);
          const count = db.transaction('expenses').objectStore('expenses').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
        req.onerror = () => reject(req.error);
      }),
  );

let axeSource: string;
/** axe-core over the screen (the shell around it is the accessibility test's): serious and critical violations, as short lines. */
async function blockingA11y(): Promise<string[]> {
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  return (await page.evaluate(
    `window.axe.run('#screen', { resultTypes: ['violations'] }).then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`,
  )) as string[];
}

async function openAddForm() {
  await page.click('[data-testid="add-expense"]');
  await page.waitForSelector('[data-testid="expense-form"]');
  // The trip's players are on the phone (replicated): everyone shares by default.
  await page.waitForFunction(() => document.querySelectorAll('.sharer input[type="checkbox"]:checked').length === 4, null, { timeout: 15_000 });
}

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  trip = await portalTrip(server);
  context = await phoneContext(browser);
  page = await context.newPage();
  errors = pageErrors(page);
  const link = await portalLink(server, trip, ann().id);
  await openLink(page, link.url);
  await page.click('.tabbar a[href$="/money"]');
  await page.waitForSelector('[data-testid="add-expense"]');
});
// A test that failed offline must not leave the next ones without signal: each starts online, on its own failure.
afterEach(async () => {
  await context?.setOffline(false);
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('adding an expense', () => {
  it('refuses a bad amount with a message and writes nothing', async () => {
    await openAddForm();
    await page.fill('#exp-desc', 'Range balls');
    for (const [typed, message] of [
      ['12.345', /2 decimals/],
      ['0', /more than zero/],
      ['-4', /more than zero/],
      ['12,30.5', /as a number/],
      ['', /Enter the amount/],
    ] as const) {
      await page.fill('[data-testid="amount"]', typed);
      await page.click('[data-testid="save-expense"]');
      await page.waitForFunction((re) => new RegExp(re).test(document.querySelector('[data-testid="amount-error"]')?.textContent ?? ''), message.source, { timeout: 5_000 });
      expect(await page.isVisible('[data-testid="expense-form"]')).toBe(true);
    }
    expect(await blockingA11y()).toEqual([]);
    expect(await queuedOnPhone()).toBe(0);
    expect(await serverExpenses()).toEqual([]);
    await page.click('.money-form a.secondary'); // cancel
    await page.waitForSelector('[data-testid="add-expense"]');
  });

  it('adds one with a receipt photo offline; it waits through a reload and lands once, receipt attached, when online', async () => {
    const photo = png(Date.now() % 997);
    await openAddForm();
    await context.setOffline(true);
    await page.fill('#exp-desc', 'Dinner at the harbour');
    await page.fill('[data-testid="amount"]', '12.30');
    await page.uncheck(`[data-testid="share-${dan().id}"]`); // Dan was not there
    await page.setInputFiles('[data-testid="photo"]', { name: 'receipt.png', mimeType: 'image/png', buffer: photo });
    await page.click('[data-testid="save-expense"]');
    const row = await page.waitForSelector('[data-testid="queued-expense"]', { timeout: 10_000 });
    const id = (await row.getAttribute('data-id'))!;
    expect(await row.textContent()).toMatch(/Receipt waiting to upload/);
    expect(await row.textContent()).toMatch(/Waiting to send/);

    // A reload with no signal: the app, the expense and its photo are still on the phone.
    await page.reload();
    await page.waitForSelector(`[data-testid="queued-expense"][data-id="${id}"] [data-testid="receipt-waiting"]`, { timeout: 20_000 });
    await page.waitForSelector(`[data-testid="queued-expense"][data-id="${id}"] [data-testid="queue-note"]`, { timeout: 15_000 });
    expect(await page.textContent(`[data-testid="queued-expense"][data-id="${id}"] [data-testid="queue-note"]`)).toMatch(/No signal/);
    expect(await serverExpenses()).toEqual([]);
    expect(await blockingA11y()).toEqual([]);

    await context.setOffline(false);
    // Sent, then back by sync: listed as a stored expense, and the queue is empty.
    await page.waitForSelector(`[data-testid="expense"][data-id="${id}"] [data-testid="show-receipt"]`, { timeout: 30_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="queued-expense"]'), null, { timeout: 10_000 });
    expect(await queuedOnPhone()).toBe(0);

    const stored = await serverExpenses();
    expect(stored).toHaveLength(1);
    const e = stored[0]!;
    expect(e).toMatchObject({ id, payerId: ann().id, amountCents: 1230, description: 'Dinner at the harbour', split: { mode: 'equal', playerIds: expect.arrayContaining([ann().id, ben().id, cat().id]) } });
    expect(e.shares.map((s) => s.cents)).toEqual([410, 410, 410]);
    expect(e.shares.map((s) => s.playerId).sort()).toEqual([ann().id, ben().id, cat().id].sort());
    expect(e.receiptId).toEqual(expect.any(String));
    const receipt = await trip.org.client.get(`/trips/${trip.tripId}/receipts/${e.receiptId}`);
    expect(receipt.body).toMatchObject({ expenseId: id, contentType: 'image/png', size: photo.length });
    const file = await fetch(`${server.base}/trips/${trip.tripId}/receipts/${e.receiptId}/file`, { headers: { authorization: `Bearer ${trip.org.token}` } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);

    // The phone shows the receipt it sent, fetched from the server.
    await page.click(`[data-testid="expense"][data-id="${id}"] [data-testid="show-receipt"]`);
    await page.waitForSelector(`[data-testid="expense"][data-id="${id}"] [data-testid="receipt-image"]`, { timeout: 10_000 });
    expect(errors.filter((m) => m.startsWith('pageerror'))).toEqual([]);
  });
});

describe('my settle-up', () => {
  it('shows what I owe, opens the payee’s payment link, records "I paid", and keeps the balance offline with its age', async () => {
    // Ben paid 40.00 for Ann alone: Ann (paid 12.30, share 4.10 + 40.00) owes 31.80; Cat owes 4.10.
    const paid = await trip.org.client.post(`/trips/${trip.tripId}/expenses`, { payerId: ben().id, amountCents: 4000, category: 'golf', date: '2027-04-11', description: 'Ann’s green fee', split: { mode: 'equal', playerIds: [ann().id] } });
    expect(paid.status).toBe(201);
    expect((await trip.org.client.put(`/trips/${trip.tripId}/players/${ben().id}/payment-preferences`, { paypalMe: 'benpays', preferred: 'paypal' })).status).toBe(200);
    expect((await trip.org.client.post(`/trips/${trip.tripId}/settlements/generate`)).status).toBeLessThan(300);
    const plan = (await trip.org.client.get(`/trips/${trip.tripId}/settlements`)).body.items as { id: string; fromPlayerId: string; toPlayerId: string; cents: number }[];
    const mine = plan.find((s) => s.fromPlayerId === ann().id)!;
    expect(mine).toMatchObject({ toPlayerId: ben().id, cents: 3180 });
    expect(plan.find((s) => s.fromPlayerId === cat().id)).toMatchObject({ toPlayerId: ben().id, cents: 410 });

    const row = `[data-testid="settlement"][data-id="${mine.id}"]`;
    await page.waitForSelector(row, { timeout: 20_000 });
    await page.waitForFunction(() => /I owe\s.*31\.80/.test(document.querySelector('[data-testid="balance"]')?.textContent ?? ''), null, { timeout: 15_000 });
    expect(await page.textContent(row)).toMatch(/I pay Ben/);
    expect(await page.textContent(row)).toMatch(/31\.80/);

    await page.click(`${row} [data-testid="how-to-pay"]`);
    const link = await page.waitForSelector(`${row} [data-testid="payment-links"] a.button`, { timeout: 10_000 });
    expect(await link.getAttribute('href')).toMatch(/paypalme\/benpays\/31\.80EUR/i);
    expect(await blockingA11y()).toEqual([]);

    await page.click(`${row} [data-testid="mark-paid"]`);
    await page.waitForSelector(`${row}[data-status="paid"]`, { timeout: 10_000 });
    const after = (await trip.org.client.get(`/trips/${trip.tripId}/settlements`)).body.items as { id: string; status: string; paidBy: { id: string } | null }[];
    expect(after.find((s) => s.id === mine.id)).toMatchObject({ status: 'paid', paidBy: { id: ann().id } });
    expect(after.filter((s) => s.status !== 'pending')).toHaveLength(1);
    // Paying is counted in my balance: nothing left to pay.
    await page.waitForFunction(() => /I am square/.test(document.querySelector('[data-testid="balance"]')?.textContent ?? ''), null, { timeout: 15_000 });

    // No signal: the last known balance stays, with its age.
    await context.setOffline(true);
    await page.reload();
    // The age comes from the kept answer at once; the balance itself once the phone's database has opened, which on
    // a loaded machine is later: wait for it, it must come without signal.
    await page.waitForSelector('[data-testid="balance-age"]', { timeout: 20_000 });
    await page.waitForSelector('[data-testid="balance-net"]', { timeout: 20_000 });
    expect(await page.textContent('[data-testid="balance"]')).toMatch(/I am square/);
    expect(await page.textContent('[data-testid="balance-age"]')).toMatch(/As of (just now|\d+ min ago)/);
    await context.setOffline(false);
  });

  it('lets the payee confirm the money arrived', async () => {
    // Ben's link on the same phone (a shared phone keeps both): Ann's settlement shows as paid, to confirm.
    const settlements = (await trip.org.client.get(`/trips/${trip.tripId}/settlements`)).body.items as { id: string; fromPlayerId: string; status: string }[];
    const fromAnn = settlements.find((s) => s.fromPlayerId === ann().id)!;
    expect(fromAnn.status).toBe('paid');
    await openLink(page, (await portalLink(server, trip, ben().id)).url);
    await page.click('.tabbar a[href$="/money"]');
    const row = `[data-testid="settlement"][data-id="${fromAnn.id}"]`;
    await page.waitForSelector(`${row}[data-status="paid"]`, { timeout: 20_000 });
    expect(await page.textContent(row)).toMatch(/Ann pays me/);
    await page.click(`${row} [data-testid="confirm-received"]`);
    await page.waitForSelector(`${row}[data-status="confirmed"]`, { timeout: 10_000 });
    const after = (await trip.org.client.get(`/trips/${trip.tripId}/settlements`)).body.items as { id: string; status: string; confirmedBy: { id: string } | null }[];
    expect(after.find((s) => s.id === fromAnn.id)).toMatchObject({ status: 'confirmed', confirmedBy: { id: ben().id } });
    // Cat's settlement to Ben is still pending: Ben may confirm it (cash handed over), Cat's "I paid" is hers.
    expect(after.filter((s) => s.status === 'pending')).toHaveLength(1);
    expect(await page.isVisible(`[data-testid="settlement"][data-status="pending"] [data-testid="mark-paid"]`)).toBe(false);
    expect(errors.filter((m) => m.startsWith('pageerror'))).toEqual([]);
  });

  it('follows an expense added on the phone at once, offline too, marked pending until it is sent and the plan is made again; no reload', async () => {
    // Ben (this phone's link now): paid 40.00 − his 4.10 share, 31.80 received from Ann: owed 4.10, which Cat's
    // pending 4.10 covers.
    const balance = () => page.textContent('[data-testid="balance"]');
    await page.waitForFunction(() => /I am owed\s.*4\.10/.test(document.querySelector('[data-testid="balance"]')?.textContent ?? ''), null, { timeout: 15_000 });
    expect(await page.isVisible('[data-testid="plan-outdated"]')).toBe(false);

    // No signal: the expense waits on the phone, and my settle-up counts it at once (30.00 for the four: +22.50).
    await openAddForm();
    await context.setOffline(true);
    await page.fill('#exp-desc', 'Green fees for the four');
    await page.fill('[data-testid="amount"]', '30');
    await page.click('[data-testid="save-expense"]');
    await page.waitForSelector('[data-testid="queued-expense"]', { timeout: 10_000 });
    await page.waitForFunction(() => /I am owed\s.*26\.60/.test(document.querySelector('[data-testid="balance"]')?.textContent ?? ''), null, { timeout: 10_000 });
    expect(await page.textContent('[data-testid="balance-waiting"]')).toMatch(/Green fees for the four.*not sent yet/);
    // Cat's 4.10 to me is from the plan made before it: said so, in words.
    expect(await page.textContent('[data-testid="plan-outdated"]')).toMatch(/plan is from before the latest expenses/);
    await mkdir('/tmp/shots', { recursive: true });
    await page.screenshot({ path: '/tmp/shots/portal-settle-up-pending.png', fullPage: true });
    expect(await blockingA11y()).toEqual([]);

    // Signal back: sent and synced; the balance stays, no longer waiting; the plan is still the old one.
    await context.setOffline(false);
    await page.waitForFunction(() => !document.querySelector('[data-testid="queued-expense"]') && !document.querySelector('[data-testid="balance-waiting"]'), null, { timeout: 30_000 });
    expect(await balance()).toMatch(/I am owed\s.*26\.60/);
    expect(await page.isVisible('[data-testid="plan-outdated"]')).toBe(true);

    // The organizer makes the plan again: what I receive adds up to my balance, and the note goes.
    expect((await trip.org.client.post(`/trips/${trip.tripId}/settlements/generate`)).status).toBeLessThan(300);
    await page.waitForFunction(() => !document.querySelector('[data-testid="plan-outdated"]'), null, { timeout: 20_000 });
    const toMe = await page.$$eval('[data-testid="settlement"][data-status="pending"]', (rows) => rows.map((r) => r.querySelector('.amount')!.textContent));
    expect(toMe.length).toBeGreaterThan(0);
    expect(await balance()).toMatch(/I am owed\s.*26\.60/);
    await page.screenshot({ path: '/tmp/shots/portal-settle-up-replanned.png', fullPage: true });
    expect(errors.filter((m) => m.startsWith('pageerror'))).toEqual([]);
  }, 90_000);
});

describe('when the server does not take it', () => {
  it('retries after a server error and after a lost answer, and books the expense once', async () => {
    const before = (await serverExpenses()).length;
    let uploads = 0;
    let puts = 0;
    await page.route('**/trip-portal/trips/*/receipts/upload', async (route) => {
      // The first upload meets an overloaded server.
      if (++uploads === 1) return route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":{"code":"unavailable","message":"busy"}}' });
      return route.continue();
    });
    await page.route('**/trip-portal/trips/*/expenses/*', async (route) => {
      if (route.request().method() !== 'PUT') return route.continue();
      // The first PUT reaches the server, which stores the expense, but its answer never reaches the phone.
      if (++puts === 1) {
        await route.fetch();
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    const photo = png(7);
    await openAddForm();
    await page.fill('#exp-desc', 'Taxi to the course');
    await page.fill('[data-testid="amount"]', '30');
    await page.setInputFiles('[data-testid="photo"]', { name: 'taxi.png', mimeType: 'image/png', buffer: photo });
    await page.click('[data-testid="save-expense"]');
    const row = await page.waitForSelector('[data-testid="queued-expense"]', { timeout: 10_000 });
    const id = (await row.getAttribute('data-id'))!;
    // Landed: listed from sync, and nothing left in the queue (retried, or known stored once sync brought it).
    await page.waitForSelector(`[data-testid="expense"][data-id="${id}"]`, { timeout: 40_000 });
    await page.waitForFunction(() => !document.querySelector('[data-testid="queued-expense"]'), null, { timeout: 20_000 });
    expect(await queuedOnPhone()).toBe(0);
    await page.unrouteAll();
    expect(uploads).toBe(2);
    expect(puts).toBeGreaterThanOrEqual(1);
    const stored = (await serverExpenses()).filter((e) => e.description === 'Taxi to the course');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id, amountCents: 3000 });
    expect(stored[0]!.shares.map((x) => x.cents)).toEqual([750, 750, 750, 750]);
    expect((await serverExpenses()).length).toBe(before + 1);
    const file = await fetch(`${server.base}/trips/${trip.tripId}/receipts/${stored[0]!.receiptId}/file`, { headers: { authorization: `Bearer ${trip.org.token}` } });
    expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);
  }, 60_000);

  it('shows a refusal with its reason, keeps the entry and its photo, and sends it without the photo when I say so', async () => {
    const before = (await serverExpenses()).length;
    await openAddForm();
    await page.fill('#exp-desc', 'Caddie tip');
    await page.fill('[data-testid="amount"]', '5');
    // Not an image: the server reads the content and refuses it (415).
    await page.setInputFiles('[data-testid="photo"]', { name: 'note.png', mimeType: 'image/png', buffer: Buffer.from('just some text, not a picture') });
    await page.click('[data-testid="save-expense"]');
    const reason = await page.waitForSelector('[data-testid="queued-expense"] [data-testid="refused-reason"]', { timeout: 15_000 });
    expect(await reason.textContent()).toMatch(/receipt photo was refused \(415\).*JPEG, PNG/);
    expect(await page.isVisible('[data-testid="queued-expense"] [data-testid="receipt-waiting"]')).toBe(true);
    expect(await queuedOnPhone()).toBe(1);
    expect((await serverExpenses()).length).toBe(before);
    expect(await blockingA11y()).toEqual([]);

    page.once('dialog', (d) => void d.accept());
    await page.click('[data-testid="queued-expense"] button:has-text("Send without photo")');
    await page.waitForFunction(() => !document.querySelector('[data-testid="queued-expense"]'), null, { timeout: 15_000 });
    const stored = (await serverExpenses()).filter((e) => e.description === 'Caddie tip');
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ amountCents: 500, receiptId: null });
  });
});
