/**
 * The TV display manager in the dashboard (issue 24): the live preview is the real TV page framed at 16:9 (the TV
 * page may be framed by this server's own pages, and only those; every other page by none), it follows the settings
 * as they are saved (panels, order, colours); a refused setting is said at its field and not sent; the display code is
 * made again (the old link stops, the new one opens the TV page) and turned off; a public display gets its address.
 * The preview reads the display with a display preview token (issue 33): the organizer's sign-in reaches no address,
 * history entry, request or storage of the preview's tab.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { desktopContext } from './support/dashboard.js';
import { insightsTrip, type InsightsTrip } from './support/dashboard-area-insights.js';
import { openSignedIn } from './support/dashboard-tour-rounds.js';
import { startPortalServer, type PortalServer } from './support/portal.js';

let server: PortalServer;
let browser: Browser;
let data: InsightsTrip;

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  data = await insightsTrip(server.base);
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const pageHeaders = async (path: string) => (await fetch(`${server.base}${path}`, { headers: { accept: 'text/html' } })).headers;

/** The TV page inside the preview frame. */
async function tv(page: Page): Promise<Frame> {
  const handle = await page.locator('iframe[title="Preview of the TV display"]').elementHandle();
  const frame = await handle!.contentFrame();
  await frame!.waitForSelector('[data-testid="display"]', { timeout: 15_000 });
  return frame!;
}
const rotation = (f: Frame) => f.$$eval('[data-testid="rotation"] li', (lis) => lis.map((li) => li.getAttribute('data-key')?.split('.')[0]));

/** The dashboard's own sign-in, as this tab keeps it (sessionStorage, or localStorage when kept on this computer). */
const dashboardToken = (page: Page) =>
  page.evaluate(() => {
    const raw = sessionStorage.getItem('golf.dashboard.session.v1') ?? localStorage.getItem('golf.dashboard.session.v1');
    return raw ? (JSON.parse(raw) as { token: string }).token : null;
  });

describe('TV display manager', () => {
  it('lets only this server frame the TV page, and no page frame the dashboard or the portal', async () => {
    const tvPage = await pageHeaders(`/display/${data.displayCode}`);
    expect(tvPage.get('content-security-policy')).toContain("frame-ancestors 'self'");
    expect(tvPage.get('x-frame-options')).toBe('SAMEORIGIN');
    expect((await pageHeaders(`/display/trips/${data.tripId}`)).get('x-frame-options')).toBe('SAMEORIGIN');
    for (const path of ['/', '/portal']) {
      const h = await pageHeaders(path);
      expect(h.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(h.get('x-frame-options')).toBe('DENY');
    }
  });

  it('opens the preview full size with a display preview token: no trace of the organizer’s sign-in in its address, history, requests, storage or source', async () => {
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openSignedIn(page, server.base, data.owner, `#/trips/${data.tripId}/display`);
    await tv(page);
    const signIn = (await dashboardToken(page))!;
    expect(signIn).toMatch(/^ey/);
    const secrets = [signIn, data.owner.token];
    const holdsNone = (text: string, what: string) => {
      for (const s of secrets) expect(text.includes(s), `${what} holds the dashboard token`).toBe(false);
    };
    // What the dashboard itself puts in the page: the frame's address and the link's.
    const link = page.getByRole('link', { name: 'Open the preview full size' });
    holdsNone((await link.getAttribute('href'))!, 'the link');
    holdsNone((await page.locator('iframe[title="Preview of the TV display"]').getAttribute('src'))!, 'the frame');

    // Every request the new tab makes, and where it goes.
    const seen: string[] = [];
    context.on('request', (r) => {
      // The dashboard's own requests carry its sign-in, as they should; every other one (the new tab's) must not.
      if (r.isNavigationRequest() || r.frame().page() !== page) seen.push(`${r.url()} ${r.headers().authorization ?? ''}`);
    });
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    const navigated: string[] = [];
    tab.on('framenavigated', (f) => {
      if (f === tab.mainFrame()) navigated.push(f.url());
    });
    await tab.waitForSelector('[data-testid="display"]', { timeout: 15_000 });
    // It is the display, in preview mode, live from the server.
    expect(await tab.textContent('[data-testid="preview"]')).toBe('Organizer preview');
    expect(await tab.textContent('[data-testid="trip-name"]')).toBe('Algarve Golf Week');
    expect(await tab.$$eval('[data-testid="rotation"] li', (lis) => lis.length)).toBeGreaterThan(0);
    // Its address is the trip's display page, the token taken out of it.
    expect(tab.url()).toBe(`${server.base}/display/trips/${data.tripId}`);
    // The tab's history, as the browser keeps it.
    const cdp = await context.newCDPSession(tab);
    const kept = (await cdp.send('Page.getNavigationHistory')) as { entries: { url: string; userTypedURL: string }[] };
    expect(kept.entries.length).toBeGreaterThan(0);
    for (const e of kept.entries) holdsNone(`${e.url} ${e.userTypedURL}`, 'a history entry');
    expect(await tab.evaluate(() => window.history.length)).toBe(kept.entries.length);
    for (const u of navigated) holdsNone(u, 'a navigation');
    // Its source, its storage, and what it sent.
    holdsNone(await tab.content(), 'the page source');
    holdsNone(await tab.evaluate(() => JSON.stringify({ ...sessionStorage }) + JSON.stringify({ ...localStorage }) + document.cookie), 'the tab’s storage');
    expect(seen.some((r) => r.includes(`/trips/${data.tripId}/display/preview`))).toBe(true);
    for (const r of seen) holdsNone(r, `the request ${r.split(' ')[0]}`);
    // Someone at that screen who opens the dashboard in the same tab finds it signed out.
    await tab.goto(`${server.base}/`);
    await tab.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 90_000);

  it('previews the real TV page as configured and follows each saved change; makes, remakes and turns off the code', async () => {
    const c = data.owner.client;
    const T = `/trips/${data.tripId}`;
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'PUT' && r.url().endsWith(`${T}/display`)) puts.push(r.postData() ?? '');
    });
    await openSignedIn(page, server.base, data.owner, `#${T}/display`);
    let frame = await tv(page);
    expect(await frame.textContent('[data-testid="preview"]')).toBe('Organizer preview');
    expect(await frame.textContent('[data-testid="trip-name"]')).toBe('Algarve Golf Week');
    expect(await rotation(frame)).toEqual(['leaderboard', 'schedule', 'tee_sheet']);
    expect(await frame.getAttribute('[data-testid="display"]', 'class')).toContain('theme-dark');
    // The frame is the 1920 × 1080 page scaled to the card's width: 16:9.
    const box = (await page.locator('.tv-frame').boundingBox())!;
    expect(Math.abs(box.width / box.height - 16 / 9)).toBeLessThan(0.03);

    // A refused setting is said at its field and not sent.
    await page.getByLabel('Seconds per panel').fill('3');
    await page.getByRole('button', { name: 'Save the display' }).click();
    await page.locator('#disp-rotationSeconds-error').getByText('Must be at least 5.').waitFor();
    expect(puts).toEqual([]);

    // Tee sheet first, no leaderboard, light colours, 10 s: the preview shows it.
    await page.getByLabel('Seconds per panel').fill('10');
    await page.getByRole('checkbox', { name: 'Leaderboard' }).uncheck();
    await page.getByRole('button', { name: 'Move Tee sheet earlier' }).click();
    await page.getByRole('button', { name: 'Move Tee sheet earlier' }).click();
    await page.getByLabel('Colours').selectOption('light');
    await page.getByLabel('Round', { exact: true }).selectOption(data.roundIds[2]!);
    await page.getByRole('button', { name: 'Save the display' }).click();
    await page.getByText('Saved. The TV shows it within a few seconds.').waitFor();
    const saved = (await c.get(`${T}/display`)).body;
    expect(saved).toMatchObject({ panels: ['tee_sheet', 'skins', 'schedule'], rotationSeconds: 10, theme: 'light', leaderboard: { roundId: data.roundIds[2], basis: null } });
    // The frame is reloaded on saving: read it afresh until it shows the new settings.
    await expect.poll(async () => rotation(await tv(page)), { timeout: 15_000 }).toEqual(['tee_sheet', 'schedule']);
    frame = await tv(page);
    expect(await frame.getAttribute('[data-testid="display"]', 'class')).toContain('theme-light');
    expect(await frame.textContent('main.stage[data-slide^="tee_sheet"]')).toContain('Day 3 — Pinhal');

    // The fixture's code is in use but unknown here: a new one replaces it; the old link stops, the new one opens.
    const card = page.getByRole('region', { name: 'Open it on the clubhouse TV' });
    await card.getByText(/A display code is in use since/).waitFor();
    await card.getByRole('button', { name: 'Make a new code…' }).click();
    await page.getByRole('dialog').getByText(/stops at once/).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Make a new code' }).click();
    const link = card.getByRole('link', { name: /^The TV link: / });
    await link.waitFor();
    const url = (await link.getAttribute('href'))!;
    const code = /\/display\/([A-Z2-7]{16})$/.exec(url)![1]!;
    expect(code).not.toBe(data.displayCode);
    expect((await fetch(`${server.base}/display/codes/${data.displayCode}`)).status).toBe(404);
    const tvTab = await context.newPage();
    await tvTab.goto(url);
    await tvTab.waitForSelector('[data-testid="display"]', { timeout: 15_000 });
    expect(await tvTab.$('[data-testid="preview"]')).toBeNull();
    expect(await tvTab.$$eval('[data-testid="rotation"] li', (lis) => lis.map((li) => li.getAttribute('data-key')?.split('.')[0]))).toEqual(['tee_sheet', 'schedule']);
    await tvTab.close();

    await card.getByRole('button', { name: 'Turn the code off…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Turn it off' }).click();
    await card.getByText(/No display code yet/).waitFor();
    expect((await c.get(`${T}/display`)).body.accessCode.active).toBe(false);
    expect((await fetch(`${server.base}/display/codes/${code}`)).status).toBe(404);

    // Public: the trip's address is given and answers.
    await page.getByLabel('Anyone with the trip’s display address may open it').check();
    await page.getByRole('button', { name: 'Save the display' }).click();
    const publicLink = card.getByRole('link', { name: /^The public display address: / });
    await publicLink.waitFor();
    expect(await publicLink.getAttribute('href')).toBe(`${server.base}/display/trips/${data.tripId}`);
    expect((await fetch(`${server.base}/display/trips/${data.tripId}`, { headers: { accept: 'application/json' } })).status).toBe(200);

    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);
});
