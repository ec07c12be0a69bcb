/**
 * Issue 33 in a real Chromium against the real server process: a tap is a draft for two seconds before it is written
 * (web/portal/state/drafts.ts), and signal may come back inside that window. Two phones of one group, both offline,
 * change Ben's 5 on one hole: Ann's phone taps + (6), Ben's phone taps − (4) a moment later, and signal returns on
 * both 0, 0.5, 1 or 3 s after Ben's tap. Whether Ben's draft is written before or after his phone pulls Ann's 6, it
 * was decided on the 5 his phone showed: a disagreement, listed as a dispute on both phones and by REST, the later
 * entry counting — the same outcome as when both phones wrote offline. A tap made after the phone showed the other
 * phone's value is an ordinary correction: no dispute.
 *
 * One server, trip and pair of phones for every case, each case on a hole of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pageErrors, phoneContext } from './support/chromium.js';
import { openLink, portalLink, startBrowserSuite, stopBrowserSuite, type PortalServer } from './support/portal.js';
import { goToHole, scoringTrip, type ScoringTrip } from './support/scoring-trip.js';

let server: PortalServer;
let browser: Browser;
let trip: ScoringTrip;
interface Phone {
  context: BrowserContext;
  page: Page;
  errors: string[];
}
let ann: Phone;
let ben: Phone;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function phone(playerIndex: number): Promise<Phone> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const errors = pageErrors(page);
  await openLink(page, (await portalLink(server, trip, trip.players[playerIndex]!.id)).url);
  await page.waitForSelector('[data-testid="sync-badge"][data-state="online"]', { timeout: 20_000 });
  await page.getByTestId('enter-scores').click();
  await page.waitForSelector('[data-testid="hole-head"][data-hole="1"]');
  return { context, page, errors };
}

beforeAll(async () => {
  ({ server, browser, trip } = await startBrowserSuite(scoringTrip));
  [ann, ben] = await Promise.all([phone(0), phone(1)]);
}, 90_000);
afterAll(async () => {
  for (const p of [ann, ben]) expect(p?.errors.filter((e) => e.startsWith('pageerror')) ?? []).toEqual([]);
  await stopBrowserSuite(server, browser);
});

const benId = () => trip.players[1]!.id;
const benCard = () => trip.players[1]!.card;
const benRow = () => `[data-testid="player-hole"][data-player="${benId()}"]`;

/** Ben's hole `hole` is 5, entered by the organizer and shown on both phones, which then lose signal. */
async function fiveOnBothThenOffline(hole: number): Promise<void> {
  const put = await trip.org.client.put(`/trips/${trip.tripId}/scorecards/${benCard()}/scores/${hole}`, { strokes: 5 });
  expect(put.status, put.text).toBe(200);
  for (const p of [ann, ben]) {
    await goToHole(p.page, hole);
    await p.page.waitForSelector(`${benRow()}[data-strokes="5"]`, { timeout: 20_000 });
  }
  await Promise.all([ann.context.setOffline(true), ben.context.setOffline(true)]);
  for (const p of [ann, ben]) await p.page.waitForSelector('[data-testid="sync-badge"][data-state="offline"]', { timeout: 20_000 });
}

async function tap(p: Phone, button: 'plus' | 'minus', shows: number): Promise<void> {
  await p.page.locator(benRow()).getByTestId(button).click();
  await p.page.waitForSelector(`${benRow()}[data-strokes="${shows}"]`, { timeout: 5000 });
}

const signalBack = () => Promise.all([ann.context.setOffline(false), ben.context.setOffline(false)]);

/** Both phones show the hole disputed: `winner` counts, `other` is the value it beat; both have pushed everything. */
async function disputeOnBoth(hole: number, winner: number, other: number): Promise<void> {
  for (const p of [ann, ben]) {
    if ((await p.page.getAttribute('[data-testid="hole-head"]', 'data-hole')) !== String(hole)) await goToHole(p.page, hole);
    await p.page.waitForSelector(`${benRow()}[data-strokes="${winner}"] [data-testid="dispute-winner"][data-strokes="${winner}"]`, { timeout: 20_000 });
    await p.page.waitForSelector(`${benRow()} [data-testid="dispute-other"][data-strokes="${other}"]`, { timeout: 5000 });
    await p.page.waitForSelector(`[data-strip-hole="${hole}"].disputed`, { timeout: 5000 });
    await p.page.waitForSelector('[data-testid="sync-badge"][data-pending="0"]', { timeout: 20_000 });
  }
}

async function listedDisputes(): Promise<{ id: string; strokes: number; disputed: boolean; history: { strokes: number }[] }[]> {
  const listed = await trip.org.client.get(`/trips/${trip.tripId}/score-disputes`);
  expect(listed.status).toBe(200);
  return listed.body.items;
}

async function listedOnServer(hole: number, winner: number, other: number): Promise<void> {
  const id = `score:${benCard()}:${hole}`;
  await expect.poll(async () => (await listedDisputes()).find((s) => s.id === id)?.strokes, { timeout: 10_000 }).toBe(winner);
  const item = (await listedDisputes()).find((s) => s.id === id)!;
  expect(item.disputed).toBe(true);
  expect(item.history.map((h) => h.strokes)).toEqual(expect.arrayContaining([5, other]));
  const scores = await trip.org.client.get(`/trips/${trip.tripId}/scorecards/${benCard()}/scores`);
  expect((scores.body.items as { hole: number; strokes: number }[]).find((s) => s.hole === hole)?.strokes).toBe(winner);
}

describe('two phones changing one hole while offline, signal back while the later tap is still a draft', () => {
  // Signal returns this long after Ben's tap: within the draft's two seconds, or after it was written offline.
  const cases = [
    { hole: 1, backAfterMs: 0 },
    { hole: 2, backAfterMs: 500 },
    { hole: 3, backAfterMs: 1000 },
    { hole: 4, backAfterMs: 3000 },
  ];
  for (const { hole, backAfterMs } of cases) {
    it(`is a dispute on both phones and by REST, the later entry counting (signal back ${backAfterMs} ms after the tap)`, async () => {
      await fiveOnBothThenOffline(hole);
      await tap(ann, 'plus', 6);
      await sleep(1500);
      await tap(ben, 'minus', 4);
      await sleep(backAfterMs);
      await signalBack();
      await disputeOnBoth(hole, 4, 6);
      await listedOnServer(hole, 4, 6);
    }, 60_000);
  }

  it('counts the other phone’s later entry when the draft tapped before it is written after it arrived', async () => {
    const hole = 5;
    await fiveOnBothThenOffline(hole);
    await tap(ben, 'minus', 4);
    await sleep(500);
    await tap(ann, 'plus', 6);
    // Ann moves on: her 6 is written at once, and reaches Ben's phone while his 4 is still a draft.
    await goToHole(ann.page, hole + 1);
    await signalBack();
    await disputeOnBoth(hole, 6, 4);
    await listedOnServer(hole, 6, 4);
  }, 60_000);
});

describe('a tap made after the phone showed the other phone’s value', () => {
  it('is an ordinary correction: no dispute anywhere', async () => {
    const hole = 6;
    await fiveOnBothThenOffline(hole);
    await tap(ann, 'plus', 6);
    await signalBack();
    // Ben's phone shows Ann's 6 (her draft written and pulled), and Ben corrects it from there, within the window.
    await ben.page.waitForSelector(`${benRow()}[data-strokes="6"]`, { timeout: 20_000 });
    await tap(ben, 'minus', 5);
    await tap(ben, 'minus', 4);
    for (const p of [ann, ben]) {
      await p.page.waitForSelector(`${benRow()}[data-strokes="4"]`, { timeout: 20_000 });
      await p.page.waitForSelector('[data-testid="sync-badge"][data-pending="0"]', { timeout: 20_000 });
    }
    const scores = await trip.org.client.get(`/trips/${trip.tripId}/scorecards/${benCard()}/scores`);
    const stored = (scores.body.items as { hole: number; strokes: number; disputed?: boolean; history: { strokes: number }[] }[]).find((s) => s.hole === hole)!;
    expect(stored.strokes).toBe(4);
    expect(stored.disputed ?? false).toBe(false);
    // One entry per decision: 5, then Ann's 6, then Ben's 4 (his 5 on the way there was a draft only).
    expect(stored.history.map((h) => h.strokes)).toEqual([5, 6]);
    expect((await listedDisputes()).map((s) => s.id)).not.toContain(`score:${benCard()}:${hole}`);
    for (const p of [ann, ben]) {
      expect(await p.page.locator(`${benRow()} [data-testid="dispute"]`).count()).toBe(0);
      expect(await p.page.locator(`[data-strip-hole="${hole}"]`).getAttribute('class')).not.toContain('disputed');
    }
  }, 60_000);
});
