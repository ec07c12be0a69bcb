/**
 * Flow 3 of issue 15 in a real Chromium against the real server process: the organizer revokes a golfer's link
 * while the phone is offline with scores on it. Back online, the app says clearly that the link no longer works,
 * keeps the scores (shown, still waiting), sends nothing; a new link opened in the same page resumes and lands them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { pageErrors, phoneContext } from './support/chromium.js';
import { openLink, portalLink, startBrowserSuite, stopBrowserSuite, type PortalServer } from './support/portal.js';
import { goToHole, PARS, scoringTrip, shownStrokes, tapScore, type ScoringTrip } from './support/scoring-trip.js';

let server: PortalServer;
let browser: Browser;
let trip: ScoringTrip;

beforeAll(async () => {
  ({ server, browser, trip } = await startBrowserSuite(scoringTrip));
});
afterAll(() => stopBrowserSuite(server, browser));

const strokesOf = (p: number, hole: number) => PARS[hole - 1]! + ((p + hole) % 3) - 1;

describe('a link revoked while the phone is offline', () => {
  it('says so on reconnect, keeps the scores, and a new link lands them', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const first = await portalLink(server, trip, trip.players[0]!.id);
    await openLink(page, first.url);
    await page.waitForSelector('[data-testid="sync-badge"][data-state="online"]', { timeout: 20_000 });
    await page.getByTestId('enter-scores').click();
    await page.waitForSelector('[data-testid="hole-head"][data-hole="1"]');

    await context.setOffline(true);
    await page.waitForSelector('[data-testid="sync-badge"][data-state="offline"]', { timeout: 20_000 });
    for (let hole = 1; hole <= 3; hole++) {
      await goToHole(page, hole);
      for (const [p, player] of trip.players.entries()) await tapScore(page, player.id, PARS[hole - 1]!, strokesOf(p, hole));
    }
    await page.waitForSelector('[data-testid="sync-badge"][data-pending="12"]', { timeout: 10_000 });

    const revoked = await trip.org.client.post(`/trips/${trip.tripId}/portal-tokens/${first.tokenId}/revoke`);
    expect(revoked.status).toBe(200);
    await context.setOffline(false);

    // Clear words, nothing lost, nothing sent.
    const banner = page.getByTestId('needs-token');
    await banner.waitFor({ timeout: 30_000 });
    const said = await banner.innerText();
    expect(said).toContain('Ask your organizer for a new link');
    expect(said).toContain('revoked');
    expect(said).toContain('12 changes are kept on this phone');
    expect(await page.getByTestId('sync-badge').getAttribute('data-state')).toBe('needs_token');
    expect(await page.getByTestId('sync-badge').getAttribute('data-pending')).toBe('12');
    const serverScores = async () => {
      const all = await Promise.all(trip.players.map((pl) => trip.org.client.get(`/trips/${trip.tripId}/scorecards/${pl.card}/scores`)));
      return all.map((r) => {
        expect(r.status, r.text).toBe(200);
        return (r.body.items as { hole: number; strokes: number | null }[]).map((s) => [s.hole, s.strokes]);
      });
    };
    expect((await serverScores()).flat()).toEqual([]);
    for (let hole = 1; hole <= 3; hole++) {
      await goToHole(page, hole);
      expect(await shownStrokes(page)).toEqual(Object.fromEntries(trip.players.map((pl, p) => [pl.id, String(strokesOf(p, hole))])));
    }

    // A new link, opened in the same page: the open trip takes the token and what waited lands.
    const second = await portalLink(server, trip, trip.players[0]!.id);
    await page.goto(second.url);
    await page.waitForSelector('[data-testid="sync-badge"][data-state="online"][data-pending="0"]', { timeout: 30_000 });
    expect(await page.getByTestId('needs-token').count()).toBe(0);
    expect(page.url()).not.toContain(second.token);
    expect(await serverScores()).toEqual(trip.players.map((_, p) => [1, 2, 3].map((hole) => [hole, strokesOf(p, hole)])));
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });
});
