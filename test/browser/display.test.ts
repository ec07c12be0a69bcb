/**
 * The TV display in a real Chromium at 1920×1080 against the real server process: it rotates the trip's panels,
 * shows a score within 10 s of it reaching the server, keeps the last data (and says so) while the server is down,
 * recovers by itself after a restart, survives a reload with no answer from the server, and tells a viewer clearly
 * when there is no display behind an address. The organizer previews a private display with a link from the dashboard
 * (a display preview token of that trip; the dashboard's own token opens nothing there).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { startPortalServer, type PortalServer } from './support/portal.js';
import { createTrip, type FaultTrip } from '../sync/support/fault-trip.js';
import type { DisplayPayload } from '../../shared/schemas/display.js';
import { keepPlace, slidesOf, waitingLine } from '../../web/display/slides.js';

const TV = { viewport: { width: 1920, height: 1080 } } as const;
/** The promise: a score on the TV within 10 s of reaching the server. */
const SCORE_VISIBLE_MS = 10_000;

let server: PortalServer;
let browser: Browser;
let trip: FaultTrip;
let code: string;

const player = (name: string) => trip.players.find((p) => p.name === name)!;

async function display(body: Record<string, unknown>): Promise<void> {
  const res = await trip.org.client.put(`/trips/${trip.tripId}/display`, body);
  expect(res.status, res.text).toBe(200);
}

async function score(name: string, hole: number, strokes: number): Promise<void> {
  const res = await trip.org.client.put(`/trips/${trip.tripId}/scorecards/${player(name).card}/scores/${hole}`, { strokes });
  expect(res.status, res.text).toBe(200);
}

/** The text of a player's cell on the leaderboard on screen, or null while the leaderboard is not shown. */
function cell(page: Page, name: string, testid: 'to-par' | 'thru') {
  return page.evaluate(([n, t]) => document.querySelector(`[data-testid="leaderboard"] tr[data-player="${n}"] [data-testid="${t}"]`)?.textContent ?? null, [name, testid] as const);
}

async function waitForLine(page: Page, name: string, toPar: string, thru: string, timeout: number): Promise<void> {
  await page.waitForFunction(
    ([n, p, h]) => {
      const row = document.querySelector(`[data-testid="leaderboard"] tr[data-player="${n}"]`);
      return row?.querySelector('[data-testid="to-par"]')?.textContent === p && row.querySelector('[data-testid="thru"]')?.textContent === h;
    },
    [name, toPar, thru] as const,
    { timeout, polling: 100 },
  );
}

/** Whether the slide on screen fits the space between the header and the rotation bar (nothing cut off at the bottom). */
function fits(page: Page): Promise<boolean> {
  return page.$eval('main.stage', (stage) => {
    const bottom = stage.getBoundingClientRect().bottom;
    return stage.scrollHeight <= stage.clientHeight && Array.from(stage.querySelectorAll('tr, li')).every((e) => e.getBoundingClientRect().bottom <= bottom);
  });
}

/** Serious or critical accessibility violations axe-core finds on the page (evaluated outside the page's CSP). */
async function seriousViolations(page: Page): Promise<string[]> {
  const axe = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axe);
  return page.evaluate(async () => {
    const result = await (globalThis as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string }[] }> } }).axe.run();
    return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
  });
}

async function tvPage(): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext(TV);
  const page = await context.newPage();
  return { context, page, errors: pageErrors(page) };
}

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  trip = await createTrip(server.base, { names: ['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay'], groups: [[0, 1, 2], [3, 4, 5]] });
  const ids = trip.players.map((p) => p.id);
  const groups = await trip.org.client.patch(`/trips/${trip.tripId}/rounds/${trip.roundId}`, {
    groups: [
      { playerIds: ids.slice(3), teeTime: '09:10' },
      { playerIds: ids.slice(0, 3), teeTime: '09:00', startingHole: 1 },
    ],
  });
  expect(groups.status, groups.text).toBe(200);
  await display({ panels: ['leaderboard', 'tee_sheet', 'schedule'], rotationSeconds: 5 });
  const issued = await trip.org.client.post(`/trips/${trip.tripId}/display/access-code`);
  expect(issued.status, issued.text).toBe(201);
  code = issued.body.code;
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('the panels', () => {
  it('shows the trip, a clock in its time zone, and rotates through every panel, a long tee sheet over several slides; players yet to start in one line', async () => {
    // A public trip of 14 players in 7 pairs: the tee sheet (6 groups a slide) needs two slides; three players have
    // started, so the leaderboard lists them and sums up the eleven others in one line with their tee times.
    const names = ['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal', 'Ida', 'Jon', 'Kim', 'Lou', 'Max', 'Ned'];
    const big = await createTrip(server.base, { names, groups: [0, 2, 4, 6, 8, 10, 12].map((i) => [i, i + 1]) });
    const ids = big.players.map((p) => p.id);
    // Tee times given latest first: the sheet lists them in playing order.
    const pairs = [6, 5, 4, 3, 2, 1, 0].map((g) => ({ playerIds: ids.slice(g * 2, g * 2 + 2), teeTime: `08:${String(g * 8).padStart(2, '0')}` }));
    expect((await big.org.client.patch(`/trips/${big.tripId}/rounds/${big.roundId}`, { groups: pairs })).status).toBe(200);
    const skins = await big.org.client.post(`/trips/${big.tripId}/side-games`, { kind: 'skins', roundId: big.roundId, basis: 'gross', participants: ids.slice(0, 3), config: { mode: 'per_skin', cents: 500 } });
    expect(skins.status, skins.text).toBe(201);
    for (const [i, strokes] of [3, 4, 4].entries()) {
      expect((await big.org.client.put(`/trips/${big.tripId}/scorecards/${big.players[i]!.card}/scores/1`, { strokes })).status).toBe(200);
    }
    const config = await big.org.client.put(`/trips/${big.tripId}/display`, { panels: ['skins', 'leaderboard', 'tee_sheet', 'schedule'], rotationSeconds: 5, public: true });
    expect(config.status, config.text).toBe(200);

    const { context, page, errors } = await tvPage();
    await page.goto(`${server.base}/display/trips/${big.tripId}`);
    await page.waitForSelector('[data-testid="display"]', { timeout: 15_000 });
    expect(await page.textContent('[data-testid="trip-name"]')).toBe('Algarve 2027');
    expect(await page.$('[data-testid="preview"]')).toBeNull();

    // The clock is the trip's time (Europe/Lisbon), not the machine's: compare with the time there, a minute apart at most.
    const clock = await page.textContent('[data-testid="clock"] time');
    const lisbon = (at: number) => new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Europe/Lisbon' }).format(at);
    expect([lisbon(Date.now() - 60_000), lisbon(Date.now())]).toContain(clock);

    // Every slide named in the indicator, in the organizer's order; the current one marked.
    expect(await page.$$eval('[data-testid="rotation"] li', (items) => items.map((li) => li.textContent))).toEqual(['Skins', 'Leaderboard', 'Tee sheet 1/2', 'Tee sheet 2/2', 'Schedule']);
    const current = () => page.$eval('[data-testid="rotation"] [aria-current="true"]', (li) => li.textContent);
    expect(await current()).toBe('Skins');
    // Ann's 3 beat Ben's and Cat's 4 on hole 1: one skin, and no money on the screen; the two without a skin in a line.
    expect(await page.$$eval('[data-testid="skins"] tbody tr', (rows) => rows.map((r) => [r.querySelector('.name')?.textContent, r.querySelector('.num')?.textContent]))).toEqual([['Ann', '1']]);
    expect(await page.textContent('[data-testid="waiting"]')).toBe('2 more players without a skin yet');
    expect(await page.textContent('[data-testid="display"]')).not.toMatch(/€|\$|5\.00|cents/);

    await page.waitForSelector('[data-slide="leaderboard.0"]', { timeout: 8_000 });
    expect(await current()).toBe('Leaderboard');
    const first = await page.$$eval('[data-testid="leaderboard"] tbody tr', (rows) => rows.map((r) => r.getAttribute('data-player')));
    expect(first[0]).toBe('Ann'); // one under after a hole: first
    expect(first.slice(1).sort()).toEqual(['Ben', 'Cat']); // level, tied second
    // Dan (the pair at 08:08) to Ned (08:48): eleven players, from their groups' tee times.
    expect(await page.textContent('[data-testid="waiting"]')).toBe('11 players start between 08:08 and 08:48');
    expect(await fits(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await page.waitForSelector('[data-slide="tee_sheet.0"]', { timeout: 8_000 });
    expect(await current()).toBe('Tee sheet 1/2');
    const groups = await page.$$eval('[data-testid="tee-sheet"] > li', (items) => items.map((li) => [li.querySelector('.time')?.textContent, Array.from(li.querySelectorAll('.players .name'), (n) => n.textContent)]));
    expect(groups).toEqual([0, 1, 2, 3, 4, 5].map((g) => [`08:${String(g * 8).padStart(2, '0')}`, names.slice(g * 2, g * 2 + 2)]));
    expect(await fits(page)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});

describe('the display by access code', () => {
  it('shows a new score within 10 s, keeps the last data while the server is down, and recovers after a restart', async () => {
    const { context, page, errors } = await tvPage();
    await page.goto(`${server.base}/display/${code}`);
    await page.waitForSelector('[data-testid="display"]', { timeout: 15_000 });
    // The organizer narrows the display to the leaderboard: the TV follows its settings too.
    await display({ panels: ['leaderboard'], rotationSeconds: 5 });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="rotation"] li').length === 1, null, { timeout: 10_000 });
    // Nobody has started: no board of dashes, one line (the tee sheet is not on this display, so no tee times).
    expect(await cell(page, 'Ann', 'to-par')).toBeNull();
    expect(await page.textContent('[data-testid="waiting"]')).toBe('6 players have not started');

    // Hole 1 is a par 4: a 3 is one under.
    await score('Ann', 1, 3);
    const posted = Date.now();
    await waitForLine(page, 'Ann', '-1', '1', SCORE_VISIBLE_MS);
    const firstMs = Date.now() - posted;
    expect(firstMs).toBeLessThan(SCORE_VISIBLE_MS);
    await page.waitForSelector('[data-testid="updated"]');

    // The server goes away: the data stays, with a note saying since when.
    await server.stop();
    const note = await page.waitForSelector('[data-testid="reconnecting"]', { timeout: 15_000 });
    expect(await note.textContent()).toMatch(/^Reconnecting — last updated \d\d:\d\d$/);
    expect(await cell(page, 'Ann', 'to-par')).toBe('-1');
    expect(await page.textContent('[data-testid="trip-name"]')).toBe('Algarve 2027');

    // It comes back: the page finds it by itself, and a newer score (hole 2, par 4, a 3 again: two under) shows.
    await server.restart();
    await score('Ann', 2, 3);
    const reposted = Date.now();
    await waitForLine(page, 'Ann', '-2', '2', SCORE_VISIBLE_MS);
    const recoveredMs = Date.now() - reposted;
    await page.waitForSelector('[data-testid="updated"]', { timeout: 5_000 });
    expect(await page.$('[data-testid="reconnecting"]')).toBeNull();

    // A reload while the data cannot be fetched still shows the last data, from the browser's storage, and says so.
    await page.route('**/display/codes/**', (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.waitForSelector('[data-testid="reconnecting"]', { timeout: 10_000 });
    expect(await cell(page, 'Ann', 'to-par')).toBe('-2');
    await page.unroute('**/display/codes/**');
    await page.waitForSelector('[data-testid="updated"]', { timeout: 10_000 });
    expect(await cell(page, 'Ann', 'to-par')).toBe('-2');
    // Polling revalidates with the kept ETag: while nothing changes, each answer is a 304 without a body.
    const unchanged = await page.waitForResponse((r) => r.url().includes(`/display/codes/${code}`), { timeout: 8_000 });
    expect(unchanged.status()).toBe(304);
    expect(await unchanged.request().headerValue('if-none-match')).toMatch(/^"[A-Za-z0-9_-]+"$/);

    // The server is down and the screen reloads: the display's service worker serves the page, the kept payload
    // fills it, and it goes on trying.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 10_000 });
    await server.stop();
    await page.reload();
    await page.waitForSelector('[data-testid="reconnecting"]', { timeout: 15_000 });
    expect(await cell(page, 'Ann', 'to-par')).toBe('-2');
    await server.restart();
    await page.waitForSelector('[data-testid="updated"]', { timeout: 15_000 });

    console.info(`display: score on screen ${firstMs} ms after the server had it; after a restart ${recoveredMs} ms`);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 60_000);

  it('says clearly that there is no display for an unknown, malformed or revoked code', async () => {
    const { context, page } = await tvPage();
    await page.goto(`${server.base}/display/ABCDEFGH23456723`);
    await page.waitForSelector('[data-testid="no-display"]', { timeout: 10_000 });
    expect(await page.textContent('[data-testid="no-display"] h1')).toBe('No display for this code');
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto(`${server.base}/display/not-a-code`);
    await page.waitForSelector('[data-testid="no-display"]', { timeout: 10_000 });

    // A code the organizer revokes stops showing the trip on a screen already showing it, and after a reload.
    await page.goto(`${server.base}/display/${code.toLowerCase()}`);
    await page.waitForSelector('[data-testid="display"]', { timeout: 10_000 });
    expect((await trip.org.client.delete(`/trips/${trip.tripId}/display/access-code`)).status).toBe(204);
    await page.waitForSelector('[data-testid="no-display"]', { timeout: 10_000 });
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('golf.display.last')))).toEqual([]);
    await context.close();
  });
});

describe('the display by trip', () => {
  it('opens an organizer preview of a private display from a link with a display preview token, and nothing without it', async () => {
    await display({ panels: ['leaderboard', 'tee_sheet'], rotationSeconds: 30, public: false });
    const minted = await trip.org.client.post(`/trips/${trip.tripId}/display/preview-token`);
    expect(minted.status, minted.text).toBe(201);
    const preview = minted.body.token as string;
    expect(minted.body.path).toBe(`/display/trips/${trip.tripId}#token=${preview}`);
    const { context, page, errors } = await tvPage();
    await page.goto(`${server.base}${minted.body.path}`);
    await page.waitForSelector('[data-testid="display"]', { timeout: 15_000 });
    expect(page.url()).toBe(`${server.base}/display/trips/${trip.tripId}`);
    expect(await page.textContent('[data-testid="preview"]')).toBe('Organizer preview');
    expect(await cell(page, 'Ann', 'to-par')).toBe('-2');
    expect(await page.evaluate(() => Object.values(sessionStorage))).toContain(preview);
    expect(await page.evaluate(() => Object.values(localStorage).join(''))).not.toContain(preview);

    // A reload keeps the preview (the token stays in this tab), and it is live: a new score shows.
    await page.reload();
    await page.waitForSelector('[data-testid="preview"]', { timeout: 15_000 });
    await score('Ben', 1, 4);
    await waitForLine(page, 'Ben', 'E', '1', SCORE_VISIBLE_MS);
    expect(errors).toEqual([]);

    // Another screen without the token: the trip's display is not public.
    const other = await browser.newContext(TV);
    const anon = await other.newPage();
    await anon.goto(`${server.base}/display/trips/${trip.tripId}`);
    await anon.waitForSelector('[data-testid="not-public"]', { timeout: 10_000 });
    expect(await anon.textContent('[data-testid="not-public"] h1')).toBe('This trip’s display is not public');
    expect(await anon.$('[data-testid="display"]')).toBeNull();

    // A preview link whose token is refused (forged, or the organizer's dashboard token itself) says the preview is
    // over, and keeps no token.
    for (const token of [`${preview.slice(0, -4)}AAAA`, trip.org.token]) {
      const stale = await other.newPage();
      await stale.goto(`${server.base}/display/trips/${trip.tripId}#token=${token}`);
      await stale.waitForSelector('[data-testid="preview-refused"]', { timeout: 10_000 });
      expect(await stale.textContent('[data-testid="preview-refused"] h1')).toBe('This preview has expired');
      expect(stale.url()).toBe(`${server.base}/display/trips/${trip.tripId}`);
      expect(await stale.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('golf.display.token')))).toEqual([]);
      expect(await stale.$('[data-testid="display"]')).toBeNull();
      await stale.close();
    }

    // The organizer makes it public: that screen shows it on its own, without a preview badge.
    await display({ panels: ['leaderboard'], rotationSeconds: 30, public: true });
    await anon.waitForSelector('[data-testid="display"]', { timeout: 20_000 });
    expect(await anon.$('[data-testid="preview"]')).toBeNull();
    expect(await cell(anon, 'Ben', 'to-par')).toBe('E');
    await other.close();
    await context.close();
  }, 60_000);
});

describe('what the display rotates through (web/display/slides.ts)', () => {
  const base: DisplayPayload = {
    trip: { name: 'T', startDate: '2027-04-10', endDate: '2027-04-14', destination: null, timezone: 'Europe/Lisbon' },
    display: { panels: ['tee_sheet', 'leaderboard', 'skins', 'schedule'], rotationSeconds: 20, theme: 'dark' },
  };
  const line = (i: number) => ({ name: `P${i}`, position: null, label: '-', tied: false, thru: 0, toPar: null, toParLabel: '-', gross: 0, net: 0, points: 0 });
  const started = (i: number) => ({ ...line(i), position: i + 1, label: String(i + 1), thru: 9, toPar: i, toParLabel: i === 0 ? 'E' : `+${i}`, gross: 36 + i, net: 36 + i, points: 18 });
  const group = (number: number, size: number) => ({ number, teeTime: null, startingHole: null, players: Array.from({ length: size }, (_, i) => ({ name: `G${number}P${i}` })) });
  const sheet = (sizes: number[]) => ({ roundName: 'Day 1', date: '2027-04-11', courseName: null, groups: sizes.map((n, i) => group(i + 1, n)) });

  it('follows the organizer’s order, splits long panels, and leaves out panels with nothing to show', () => {
    const slides = slidesOf({
      ...base,
      leaderboard: { roundName: 'Day 1', basis: 'net', par: 72, lines: Array.from({ length: 21 }, (_, i) => started(i)) },
      skins: [],
      schedule: [],
      teeSheet: sheet([4, 4, 4, 4, 4, 4, 4]),
    });
    expect(slides.map((s) => [s.key, s.label, s.page, s.pages])).toEqual([
      ['tee_sheet.0', 'Tee sheet', 1, 2],
      ['tee_sheet.1', 'Tee sheet', 2, 2],
      ['leaderboard.0', 'Leaderboard', 1, 3],
      ['leaderboard.1', 'Leaderboard', 2, 3],
      ['leaderboard.2', 'Leaderboard', 3, 3],
    ]);
    expect(slides.map((s) => (s.kind === 'leaderboard' ? s.lines.length : s.kind === 'tee_sheet' ? s.groups.length : 0))).toEqual([6, 1, 10, 10, 1]);
  });

  it('lists the players who have started and sums up those still to tee off in one line, not pages of them', () => {
    // 24 players, 8 of them started (the first two groups): one page, not three; the 16 others by their tee times.
    const teeSheet = { roundName: 'Day 1', date: '2027-04-11', courseName: null, groups: [0, 1, 2, 3, 4, 5].map((g) => ({ number: g + 1, teeTime: `10:${String(g * 10).padStart(2, '0')}`, startingHole: 1, players: [0, 1, 2, 3].map((k) => ({ name: `P${g * 4 + k}` })) })) };
    const lines = Array.from({ length: 24 }, (_, i) => (i < 8 ? started(i) : line(i)));
    const slides = slidesOf({ ...base, display: { ...base.display, panels: ['leaderboard'] }, teeSheet, leaderboard: { roundName: 'Day 1', basis: 'net', par: 72, lines } });
    expect(slides).toHaveLength(1);
    const [board] = slides;
    expect(board!.kind === 'leaderboard' && board!.lines.map((l) => l.name)).toEqual(['P0', 'P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7']);
    expect(board!.kind === 'leaderboard' && board!.waiting).toBe('16 players start between 10:20 and 10:50');
    // One group left, at one time; no tee sheet for the round shown: a count only.
    expect(waitingLine([{ name: 'P20' }, { name: 'P21' }], teeSheet, 'Day 1')).toBe('2 players start at 10:50');
    expect(waitingLine([{ name: 'P20' }], teeSheet, 'Day 1')).toBe('1 player starts at 10:50');
    expect(waitingLine([{ name: 'P20' }, { name: 'P21' }], teeSheet, 'Day 2')).toBe('2 players have not started');
    // Ten players started and a line for the rest: the line takes a line's room, on a page of its own.
    const full = slidesOf({ ...base, display: { ...base.display, panels: ['leaderboard'] }, teeSheet, leaderboard: { roundName: 'Day 1', basis: 'net', par: 72, lines: lines.map((l, i) => (i < 10 ? started(i) : l)) } });
    expect(full.map((s) => (s.kind === 'leaderboard' ? [s.lines.length, s.waiting] : null))).toEqual([
      [10, null],
      [0, '14 players start between 10:20 and 10:50'],
    ]);
  });

  it('lists the skins won and counts the players without one', () => {
    const standings = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'].map((name, i) => ({ name, skins: i < 2 ? 2 - i : 0 }));
    const slides = slidesOf({ ...base, display: { ...base.display, panels: ['skins'] }, skins: [{ name: 'Skins', basis: 'gross', final: false, holesCounted: 5, carrying: 2, standings }] });
    expect(slides.map((s) => (s.kind === 'skins' ? [s.standings.map((x) => x.name), s.waiting] : null))).toEqual([[['A', 'B'], '10 more players without a skin yet']]);
    const none = slidesOf({ ...base, display: { ...base.display, panels: ['skins'] }, skins: [{ name: 'Skins', basis: 'gross', final: false, holesCounted: 0, carrying: 3, standings: standings.map((x) => ({ ...x, skins: 0 })) }] });
    expect(none.map((s) => (s.kind === 'skins' ? [s.standings.length, s.waiting] : null))).toEqual([[0, '12 players in the game, no skin won yet']]);
  });

  it('puts fewer groups on a slide when one has more than four players, so every name fits', () => {
    const slides = slidesOf({ ...base, teeSheet: sheet([5, 4, 4, 2]) });
    expect(slides.map((s) => (s.kind === 'tee_sheet' ? s.groups.map((g) => g.number) : []))).toEqual([
      [1, 2, 3],
      [4],
    ]);
  });

  it('names each skins game when there are several, and welcomes when there is nothing yet', () => {
    const game = (name: string) => ({ name, basis: 'gross' as const, final: false, holesCounted: 0, carrying: 0, standings: [] });
    expect(slidesOf({ ...base, skins: [game('Front'), game('Back')] }).map((s) => s.label)).toEqual(['Front', 'Back']);
    expect(slidesOf({ ...base, skins: [game('Only')] }).map((s) => s.label)).toEqual(['Skins']);
    expect(slidesOf({ ...base, leaderboard: null, teeSheet: null }).map((s) => s.kind)).toEqual(['welcome']);
  });

  it('stays on the slide on screen when new data arrives, or at the same place when it is gone', () => {
    const before = slidesOf({ ...base, teeSheet: sheet([4]), leaderboard: { roundName: 'D', basis: 'net', par: 72, lines: [line(1)] } });
    const after = slidesOf({ ...base, display: { ...base.display, panels: ['skins', 'leaderboard', 'tee_sheet'] }, skins: [], teeSheet: sheet([4]), leaderboard: { roundName: 'D', basis: 'net', par: 72, lines: [line(1)] } });
    expect(keepPlace(before[1]!.key, 1, after)).toBe(0); // the leaderboard, now first
    expect(keepPlace('schedule.0', 5, after)).toBe(after.length - 1);
  });
});
