/**
 * Figures as golfers write them (issue 35, test 3), in real Chromium through what the organizer and the golfer see:
 *
 * - a plus handicap reads "+" on every screen, printed page and phone that shows one (Pia Plus: Handicap Index +2.1,
 *   Course Handicap +3, Playing Handicap +3 off the White tees 71.2 / 128, par 72, at 95 %), never "-2.1" or "-3";
 * - a Course Handicap is a whole number (WHS Rules of Handicapping, Rule 6.1): Ben's 14.2 is a Course Handicap of
 *   15 (15.285 unrounded), never "15.3";
 * - every time an organizer sees is trip time: the trip is in Tokyo, the browser in Los Angeles (the context's
 *   timezoneId), and a disputed hole's entries read on the trip's clock, 24-hour, with the day (a four-day trip).
 *
 * 24 golfers, six groups of four, one ready round today (in Tokyo), as a trip is.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api, course18, type Api } from '../support/client.js';
import { launchBrowser, pageErrors, PHONE } from './support/chromium.js';
import { registerByApi, type Organizer } from './support/dashboard.js';
import { openSignedIn } from './support/dashboard-tour-rounds.js';
import { openLink, portalLink, startPortalServer, type PortalServer } from './support/portal.js';
import { goToHole } from './support/scoring-trip.js';
import type { FaultTrip } from '../sync/support/fault-trip.js';

const TRIP_ZONE = 'Asia/Tokyo';
const BROWSER_ZONE = 'America/Los_Angeles';
const SHOTS = '/tmp/shots';

let server: PortalServer;
let browser: Browser;
let owner: Organizer;
let tripId: string;
let roundId: string;
let ids: Map<string, string>;
/** The two entries of Ben's hole 5, as the phones stamped them. */
let entries: { strokes: number; at: string }[];

/** A day `n` from today in the trip's zone, `YYYY-MM-DD`. */
function tripDay(n: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TRIP_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/** An instant as a watch in Tokyo reads it, with the day: "Sat 11 Apr, 14:58" (computed here, not by the app). */
function tripClock(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: TRIP_ZONE, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const p = Object.fromEntries(parts.map((x) => [x.type, x.value]));
  return `${p.weekday} ${p.day} ${p.month}, ${p.hour}:${p.minute}`;
}
/** The same instant on the browser's own clock, as the old inbox wrote it ("07:58 PM"). */
const browserClock = (iso: string) => new Intl.DateTimeFormat('en-US', { timeZone: BROWSER_ZONE, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

async function must(what: string, res: Promise<{ status: number; body: any; text: string }>): Promise<any> {
  const r = await res;
  if (r.status !== 200 && r.status !== 201) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

const NAMES: [string, number | null][] = [
  ['Pia Plus', -2.1],
  ['Ben Okafor', 14.2],
  ['Cat Duarte', 19.5],
  ['Dan Eriksen', 24.1],
  ['Quinn Lowe', -0.6],
  ...Array.from({ length: 19 }, (_, i) => [`Golfer ${String.fromCharCode(65 + i)}`, Math.round((3 + i * 1.7) * 10) / 10] as [string, number]),
];

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  owner = await registerByApi(server.base, 'Olga Organizer');
  const c = owner.client;
  tripId = (await must('trip', c.post('/trips', { name: 'Kanto Golf Week', startDate: tripDay(-1), endDate: tripDay(2), timezone: TRIP_ZONE, currency: 'JPY' }))).id;
  const T = `/trips/${tripId}`;
  const added = (await must('players', c.post(`${T}/players/bulk`, { players: NAMES.map(([name, hi]) => (hi === null ? { name } : { name, handicapIndex: hi })) }))).items as { id: string; name: string }[];
  ids = new Map(added.map((p) => [p.name, p.id]));
  const all = added.map((p) => p.id);
  const groups = [0, 1, 2, 3, 4, 5].map((g) => ({ playerIds: all.slice(g * 4, g * 4 + 4), teeTime: `09:${String(g * 10).padStart(2, '0')}`, startingHole: 1 }));
  roundId = (await must('round', c.post(`${T}/rounds`, { name: 'Day 2 — Kasumigaseki', date: tripDay(0), course: course18('Kasumigaseki East'), defaultTee: 'White', groups }))).id;
  await must('ready', c.patch(`${T}/rounds/${roundId}/ready`));
  // Group 1 has played holes 1–4 (par).
  const pars = course18().holes.map((h) => h.par);
  for (const id of all.slice(0, 4)) await must('scores', c.post(`${T}/scorecards/${roundId}-${id}/scores/bulk`, { scores: [1, 2, 3, 4].map((hole) => ({ hole, strokes: pars[hole - 1]! })) }));

  // Two phones of group 1 scored Ben's hole 5 differently (Pia's a 4, then Cat's a 5): the hole is disputed.
  const tokens = (await must('tokens', c.post('/trip-portal/tokens/bulk', { tripId }))).items as { playerId: string; token: string }[];
  const portal = new Map<string, Api>();
  for (const t of tokens) portal.set(t.playerId, api(server.base, (await must('validate', api(server.base).post('/trip-portal/validate', { token: t.token }))).session as string));
  const ben = ids.get('Ben Okafor')!;
  const scorecardId = `${roundId}-${ben}`;
  entries = [];
  for (const [phone, strokes, minutesAgo, rev] of [[ids.get('Pia Plus')!, 4, 7, 'a'], [ids.get('Cat Duarte')!, 5, 3, 'b']] as const) {
    const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
    entries.push({ strokes, at });
    const doc = { _id: `score:${scorecardId}:5`, _rev: `1-${rev.repeat(32)}`, _revisions: { start: 1, ids: [rev.repeat(32)] }, type: 'score', scorecardId, roundId, playerId: ben, hole: 5, strokes, enteredBy: phone, deviceId: `web-${rev.repeat(8)}`, enteredAt: at, history: [], createdAt: at, updatedAt: at };
    const pushed = (await must('phone entry', portal.get(phone)!.post(`/sync/trips/${tripId}/_bulk_docs`, { docs: [doc], new_edits: false }))) as { error?: string }[];
    if (pushed.some((r) => r.error)) throw new Error(`phone entry refused: ${JSON.stringify(pushed)}`);
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

function organizerContext(): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1440, height: 900 }, timezoneId: BROWSER_ZONE });
}

/** Every "-<digit>" that reads as a minus handicap in a text: "-2.1", "(-3)", "PH -3" (a hyphen between words is fine). */
const minusFigures = (text: string) => text.match(/(^|[\s(])[-−]\d+(\.\d)?\b/g) ?? [];

async function rowsOf(page: Page, region: string): Promise<string[][]> {
  return page.getByRole('region', { name: region }).locator('tbody tr').evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('th, td')).map((c) => (c.textContent ?? '').trim())));
}

describe('figures as golfers write them', () => {
  it('plus handicaps read "+" and Course Handicaps are whole numbers on the round, the board, the tee sheet and every printed page', async () => {
    const context = await organizerContext();
    const page = await context.newPage();
    const errors = pageErrors(page);
    const t = `#/trips/${tripId}`;

    // The round's handicap table: Index, Course Handicap, Playing Handicap.
    await openSignedIn(page, server.base, owner, `${t}/rounds?round=${roundId}`);
    await page.getByRole('region', { name: 'Handicap table' }).locator('tbody tr').first().waitFor();
    const table = new Map((await rowsOf(page, 'Handicap table')).map((cells) => [cells[0]!, cells] as const));
    expect(table.size).toBe(24);
    expect(table.get('Pia Plus')!.slice(3, 6)).toEqual(['+2.1', '+3', '+3']);
    expect(table.get('Quinn Lowe')!.slice(3, 6)).toEqual(['+0.6', '+1', '+1']);
    expect(table.get('Ben Okafor')!.slice(3, 6)).toEqual(['14.2', '15', '15']);
    for (const cells of table.values()) {
      expect(cells[4], `Course Handicap of ${cells[0]}`).toMatch(/^\+?\d+$/);
      expect(minusFigures(cells.slice(3, 6).join(' ')), cells[0]).toEqual([]);
    }
    await page.screenshot({ path: `${SHOTS}/figures-handicap-table.png`, fullPage: true });

    // The round's leaderboard: the Hcp column.
    await openSignedIn(page, server.base, owner, `${t}/leaderboards?round=${roundId}`);
    const board = page.getByRole('region', { name: 'Board, scrolls sideways' });
    await board.locator('tbody tr').first().waitFor();
    const pia = board.locator('tbody tr').filter({ has: page.getByRole('rowheader', { name: 'Pia Plus' }) });
    expect(await pia.locator('td').last().textContent()).toBe('+3');
    // Every Hcp cell (the last column; the to-par figures may well be under par, "-6").
    const hcp = await board.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.lastElementChild?.textContent ?? ''));
    expect(hcp).toHaveLength(24);
    for (const h of hcp) expect(h).toMatch(/^(\+?\d+|–)$/);
    await page.screenshot({ path: `${SHOTS}/figures-leaderboard.png`, fullPage: true });

    // The printed pages: scorecards, cart signs, the starter's tee sheet.
    for (const doc of ['scorecards', 'cart-signs', 'tee-sheet']) {
      await openSignedIn(page, server.base, owner, `${t}/rounds/${roundId}/print?doc=${doc}`);
      await page.getByText('Pia Plus').first().waitFor();
      const text = await page.locator('main').innerText();
      expect(text, doc).toMatch(/Pia Plus\s*(PH |\()\+3/);
      expect(minusFigures(text), doc).toEqual([]);
      await page.screenshot({ path: `${SHOTS}/figures-print-${doc}.png`, fullPage: true });
    }

    // The round's tee sheet on Pairings: each player's index on their chip, each group's total.
    await openSignedIn(page, server.base, owner, `${t}/pairings?round=${roundId}`);
    await expect.poll(() => page.getByTestId('sheet-player').count()).toBe(24);
    expect(await page.getByTestId('sheet-player').filter({ hasText: 'Pia Plus' }).innerText()).toContain('+2.1');
    const sheet = (await page.getByTestId('sheet-group').allInnerTexts()).join('\n');
    expect(minusFigures(sheet)).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/figures-tee-sheet.png`, fullPage: true });

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('the golfer’s phone writes the plus Playing Handicap "PH +3" and a disputed hole’s entries on the trip’s clock', async () => {
    const context = await browser.newContext({ ...PHONE, serviceWorkers: 'allow', timezoneId: BROWSER_ZONE });
    const page = await context.newPage();
    const errors = pageErrors(page);
    const pia = ids.get('Pia Plus')!;
    const link = await portalLink(server, { tripId, roundId, org: { client: owner.client }, players: [] } as unknown as FaultTrip, pia);
    await openLink(page, link.url);
    await page.getByTestId('enter-scores').click();
    await page.waitForSelector('[data-testid="hole-head"]');
    const totals = page.getByTestId('totals');
    await totals.waitFor();
    expect(await totals.locator(`[data-testid="total-row"][data-player="${pia}"] th`).innerText()).toMatch(/PH \+3$/);
    for (const th of await totals.locator('[data-testid="total-row"] th').allInnerTexts()) expect(th).toMatch(/PH (\+?\d+|–)$/);

    await goToHole(page, 5);
    const dispute = page.locator(`[data-testid="player-hole"][data-player="${ids.get('Ben Okafor')}"] [data-testid="dispute"]`);
    await dispute.waitFor({ timeout: 20_000 });
    const said = await dispute.innerText();
    for (const e of entries) {
      expect(said).toContain(tripClock(e.at));
      expect(said).not.toContain(browserClock(e.at));
    }
    expect(said).not.toMatch(/\b(AM|PM)\b/);
    await page.screenshot({ path: `${SHOTS}/figures-phone.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('the times an organizer sees are the trip’s, 24-hour, with the day on a trip of several days: the dispute inbox and the hole’s history', async () => {
    const context = await organizerContext();
    const page = await context.newPage();
    const errors = pageErrors(page);
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(BROWSER_ZONE);
    await openSignedIn(page, server.base, owner, `#/trips/${tripId}/scores`);
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ben Okafor, hole 5' }) });
    await item.waitFor();
    const rows = item.getByRole('table', { name: /values entered for hole 5 of Ben Okafor/ }).locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(2);
    const inbox = (await rows.allInnerTexts()).join('\n');
    for (const e of entries) {
      expect(inbox).toContain(tripClock(e.at));
      expect(inbox).not.toContain(browserClock(e.at));
    }
    expect(inbox).not.toMatch(/\b(AM|PM)\b/);
    await page.screenshot({ path: `${SHOTS}/figures-disputes.png`, fullPage: true });

    await openSignedIn(page, server.base, owner, `#/trips/${tripId}/scores?card=${roundId}-${ids.get('Ben Okafor')}&hole=5`);
    const history = page.getByRole('region', { name: /History of hole 5/ }).getByRole('table');
    await history.locator('tbody tr').first().waitFor();
    const said = await history.innerText();
    for (const e of entries) expect(said).toContain(tripClock(e.at));
    expect(said).not.toMatch(/\b(AM|PM)\b/);
    await page.screenshot({ path: `${SHOTS}/figures-hole-history.png`, fullPage: true });
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
