/**
 * Flow 2 of issue 15 in a real Chromium against the real server process: two phones of one group (two browser
 * contexts, each with its own IndexedDB) score the same hole differently while offline and come online together.
 * Both end up showing the same value (the shared rule's winner, the later entry) with a dispute badge naming both
 * values, the organizer's dispute list has the hole, and a hole both phones agreed on is no dispute.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { pageErrors, phoneContext } from './support/chromium.js';
import { openLink, portalLink, startBrowserSuite, stopBrowserSuite, type PortalServer } from './support/portal.js';
import { goToHole, PARS, scoringTrip, tapScore, type ScoringTrip } from './support/scoring-trip.js';

let server: PortalServer;
let browser: Browser;
let trip: ScoringTrip;

beforeAll(async () => {
  ({ server, browser, trip } = await startBrowserSuite(scoringTrip));
});
afterAll(() => stopBrowserSuite(server, browser));

async function phone(playerIndex: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const errors = pageErrors(page);
  await openLink(page, (await portalLink(server, trip, trip.players[playerIndex]!.id)).url);
  await page.waitForSelector('[data-testid="sync-badge"][data-state="online"]', { timeout: 20_000 });
  await page.getByTestId('enter-scores').click();
  await page.waitForSelector('[data-testid="hole-head"][data-hole="1"]');
  return { context, page, errors };
}

describe('two phones scoring one hole differently offline', () => {
  it('shows both phones the same winner and a dispute badge, and the server lists the dispute', async () => {
    const [ann, ben] = [trip.players[0]!, trip.players[1]!];
    const a = await phone(0);
    const b = await phone(1);
    await Promise.all([a.context.setOffline(true), b.context.setOffline(true)]);
    await a.page.waitForSelector('[data-testid="sync-badge"][data-state="offline"]', { timeout: 20_000 });
    await b.page.waitForSelector('[data-testid="sync-badge"][data-state="offline"]', { timeout: 20_000 });

    // Hole 1, Ann's card: her phone says 5, then Ben's phone says 3 (entered later, so it counts).
    await tapScore(a.page, ann.id, PARS[0]!, 5);
    // A second later in real time: each phone stamps the server's time as it knows it (sync/device/clock.ts), and
    // under load the two estimates may differ by more than the few milliseconds between two taps of a test.
    await new Promise((r) => setTimeout(r, 1_000));
    await tapScore(b.page, ann.id, PARS[0]!, 3);
    // Hole 2, Ben's card: both phones agree on par.
    for (const p of [a.page, b.page]) {
      await goToHole(p, 2);
      await tapScore(p, ben.id, PARS[1]!, PARS[1]!);
      await goToHole(p, 1);
    }
    expect(await a.page.getByTestId('dispute').count()).toBe(0);

    await Promise.all([a.context.setOffline(false), b.context.setOffline(false)]);
    const annRow = `[data-testid="player-hole"][data-player="${ann.id}"]`;
    for (const { page } of [a, b]) {
      await page.waitForSelector(`${annRow}[data-strokes="3"] [data-testid="dispute-winner"][data-strokes="3"]`, { timeout: 30_000 });
      await page.waitForSelector(`${annRow} [data-testid="dispute-other"][data-strokes="5"]`, { timeout: 10_000 });
      await page.waitForSelector('[data-testid="sync-badge"][data-pending="0"]', { timeout: 30_000 });
      await page.waitForSelector('[data-strip-hole="1"].disputed', { timeout: 10_000 });
      expect(await page.locator('[data-strip-hole="2"]').getAttribute('class')).not.toContain('disputed');
      expect(await page.locator(`${annRow} [data-testid="dispute"]`).innerText()).toMatch(/3 ✓ counts[\s\S]*5 not counted/);
    }
    // Each phone's badge names who entered what on which phone: the winner was Ben's phone.
    expect(await a.page.locator(`${annRow} [data-testid="dispute-winner"]`).innerText()).toContain('Ben');
    expect(await b.page.locator(`${annRow} [data-testid="dispute-winner"]`).innerText()).toContain('Ben on this phone');

    const listed = await trip.org.client.get(`/trips/${trip.tripId}/score-disputes`);
    expect(listed.status).toBe(200);
    const items = listed.body.items as { id: string; strokes: number; disputed: boolean; history: { strokes: number }[] }[];
    expect(items.map((s) => [s.id, s.strokes, s.disputed])).toEqual([[`score:${ann.card}:1`, 3, true]]);
    expect(items[0]!.history.map((h) => h.strokes)).toContain(5);

    // The sync screen lists it too, linking to the hole.
    await a.page.click('[data-testid="sync-badge"]');
    await a.page.waitForSelector(`[data-testid="dispute-item"][data-score="score:${ann.card}:1"]`, { timeout: 10_000 });
    expect(await a.page.locator('[data-testid="dispute-item"]').count()).toBe(1);

    // The organizer settles it: both phones drop the badge and show the settled value with the reason.
    const settled = await trip.org.client.post(`/trips/${trip.tripId}/score-disputes/${ann.card}/1/resolve`, { strokes: 5, reason: 'the paper card says 5' });
    expect(settled.status, settled.text).toBe(200);
    // The sync screen's list empties once the settlement arrives; the scorecard shows it.
    await a.page.waitForSelector('[data-testid="dispute-item"]', { state: 'detached', timeout: 20_000 });
    await a.page.evaluate((h) => {
      location.hash = h;
    }, `#/t/${encodeURIComponent(`${trip.tripId}:${ann.id}`)}/scorecard/${trip.roundId}/1`);
    for (const { page } of [a, b]) {
      await page.waitForSelector(`${annRow}[data-strokes="5"] [data-testid="correction"]`, { timeout: 20_000 });
      expect(await page.locator(`${annRow} [data-testid="correction"]`).innerText()).toContain('the paper card says 5');
      expect(await page.locator('[data-testid="dispute"]').count()).toBe(0);
      expect(await page.locator('[data-strip-hole="1"]').getAttribute('class')).not.toContain('disputed');
    }
    for (const p of [a, b]) expect(p.errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await Promise.all([a.context.close(), b.context.close()]);
  }, 60_000);
});

describe('a score the server refuses', () => {
  it('is listed with the reason on the sync screen, stays on the card as entered, and can be dismissed', async () => {
    const cat = trip.players[2]!;
    const { context, page, errors } = await phone(2);
    await page.evaluate((h) => {
      location.hash = h;
    }, `#/t/${encodeURIComponent(`${trip.tripId}:${cat.id}`)}/scorecard/${trip.tomorrowRoundId}/1`);
    // The card of the round before has a hole 1 too: until the new address is drawn, it is the one on the page.
    await expect.poll(() => page.locator('.scorecard h1').innerText()).toBe('Day 3');
    await page.waitForSelector('[data-testid="hole-head"][data-hole="1"]');
    await context.setOffline(true);
    await page.waitForSelector('[data-testid="sync-badge"][data-state="offline"]', { timeout: 20_000 });
    await tapScore(page, cat.id, PARS[0]!, 6);
    // Meanwhile the organizer closes the round: the phone's score can no longer be accepted.
    expect((await trip.org.client.post(`/trips/${trip.tripId}/rounds/${trip.tomorrowRoundId}/complete`)).status).toBe(200);
    await context.setOffline(false);

    await page.waitForSelector('[data-testid="sync-badge"].has-refused', { timeout: 30_000 });
    // The card shows what was typed, now read-only (the round is completed).
    await page.waitForSelector('[data-testid="read-only"]', { timeout: 10_000 });
    expect(await page.locator(`[data-testid="player-hole"][data-player="${cat.id}"]`).getAttribute('data-strokes')).toBe('6');
    await page.click('[data-testid="sync-badge"]');
    const refused = page.getByTestId('refused');
    // The screen names the player once the phone's player list is read (it renders at once, names a moment later).
    await page.waitForSelector('[data-testid="refused"] >> text=Score of Cat, hole 1', { timeout: 10_000 });
    const text = await refused.innerText();
    expect(text).toContain('Score of Cat, hole 1');
    expect(text).toMatch(/completed/);
    const scores = await trip.org.client.get(`/trips/${trip.tripId}/scorecards/${trip.tomorrowRoundId}-${cat.id}/scores`);
    expect(scores.body.items).toEqual([]);
    await page.getByRole('button', { name: 'Dismiss: Score of Cat, hole 1' }).click();
    await page.waitForSelector('[data-testid="refused"]', { state: 'detached', timeout: 5000 });
    expect(await page.getByTestId('sync-badge').getAttribute('class')).not.toContain('has-refused');
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });
});
