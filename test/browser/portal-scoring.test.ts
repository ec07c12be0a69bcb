/**
 * Flow 1 of issue 15 in a real Chromium on a phone viewport against the real server process: a golfer opens the
 * link, sees today's round, goes offline, enters 18 holes for the 4 players of the group by tapping, reloads with no
 * signal (the app and every score are still there), comes back online, and the server holds all 72 scores, each
 * once, in one revision. The totals the phone shows are the server's (the shared domain's) numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { pageErrors, phoneContext } from './support/chromium.js';
import { openLink, portalLink, startBrowserSuite, stopBrowserSuite, type PortalServer } from './support/portal.js';
import { goToHole, PARS, scoringTrip, shownStrokes, tapScore, type ScoringTrip } from './support/scoring-trip.js';
import { exchange } from '../sync/support/fault-trip.js';
import { api } from '../support/client.js';

let server: PortalServer;
let browser: Browser;
let trip: ScoringTrip;

beforeAll(async () => {
  ({ server, browser, trip } = await startBrowserSuite(scoringTrip));
});
afterAll(() => stopBrowserSuite(server, browser));

/** The strokes of player `p` on `hole`: par −1 to +3, and two picked-up holes. */
function strokesOf(p: number, hole: number): number | null {
  if ((p === 2 && hole === 7) || (p === 3 && hole === 15)) return null;
  return PARS[hole - 1]! + (((hole * 7 + p * 3) % 5) - 1);
}
const shown = (s: number | null) => (s === null ? 'pickup' : String(s));

interface Lines {
  thru: number;
  gross: number;
  net: number;
  points: number;
  perHole: { hole: number; par: number; net: number | null; strokesReceived: number }[];
}

describe('scoring a whole round offline', () => {
  it('keeps 72 tapped scores through an offline reload and lands each once, in one revision', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const link = await portalLink(server, trip, trip.players[0]!.id);
    await openLink(page, link.url);

    // Trip home: today's round, the group, tee time and starting hole, and what comes next.
    const home = page.getByTestId('today-round');
    await home.waitFor({ timeout: 20_000 });
    expect(await home.textContent()).toContain("Today's round");
    expect(await page.getByTestId('tee-time').textContent()).toBe('09:10');
    expect(await page.getByTestId('starting-hole').textContent()).toBe('1');
    expect(await page.getByTestId('partners').textContent()).toContain('Ben, Cat, Dan');
    const upcoming = await page.getByTestId('upcoming').textContent();
    expect(upcoming).toContain('Day 3');
    expect(upcoming).toContain('Dinner at the marina');
    await page.waitForSelector('[data-testid="sync-badge"][data-state="online"]', { timeout: 20_000 });

    await context.setOffline(true);
    await page.waitForSelector('[data-testid="sync-badge"][data-state="offline"]', { timeout: 20_000 });
    await page.getByTestId('enter-scores').click();
    await page.waitForSelector('[data-testid="hole-head"][data-hole="1"]');
    // Strokes received are marked: Cat (21.5) gets a stroke on the hardest hole, Dan (no index) none.
    expect(await page.locator(`[data-player="${trip.players[2]!.id}"] [data-testid="strokes-received"]`).getAttribute('data-received')).not.toBe('0');
    expect(await page.locator(`[data-player="${trip.players[3]!.id}"] [data-testid="strokes-received"]`).getAttribute('data-received')).toBe('0');

    const started = Date.now();
    for (let hole = 1; hole <= 18; hole++) {
      for (const [p, player] of trip.players.entries()) await tapScore(page, player.id, PARS[hole - 1]!, strokesOf(p, hole));
      if (hole < 18) {
        await page.getByTestId('next-hole').click();
        await page.waitForSelector(`[data-testid="hole-head"][data-hole="${hole + 1}"]`);
      }
    }
    const enterMs = Date.now() - started;
    await page.waitForSelector('[data-testid="sync-badge"][data-pending="72"]', { timeout: 10_000 });
    const totalsBefore = await totals(page);
    expect(Object.values(totalsBefore).map((t) => t.thru)).toEqual([18, 18, 18, 18]);

    // Reload with no signal: the cached shell opens, the trip opens from IndexedDB, every score is there.
    await page.reload();
    await page.waitForSelector('[data-testid="hole-head"][data-hole="18"]', { timeout: 20_000 });
    await page.waitForSelector('[data-testid="total-row"][data-thru="18"]', { timeout: 10_000 });
    const received: Record<string, number[]> = {};
    for (let hole = 1; hole <= 18; hole++) {
      await goToHole(page, hole);
      expect(await shownStrokes(page)).toEqual(Object.fromEntries(trip.players.map((pl, p) => [pl.id, shown(strokesOf(p, hole))])));
      for (const pl of trip.players) (received[pl.id] ??= []).push(Number(await page.locator(`[data-player="${pl.id}"] [data-testid="strokes-received"]`).getAttribute('data-received')));
    }
    expect(await totals(page)).toEqual(totalsBefore);
    expect(await page.getByTestId('sync-badge').getAttribute('data-pending')).toBe('72');

    await context.setOffline(false);
    await page.waitForSelector('[data-testid="sync-badge"][data-state="online"][data-pending="0"]', { timeout: 30_000 });

    // The server: 72 scores, each hole of each card once, with the tapped value and one revision.
    const session = await exchange(server.base, link.token);
    const portal = api(server.base, session);
    for (const [p, player] of trip.players.entries()) {
      const res = await portal.get(`/trip-portal/scorecards/${player.card}/scores`);
      expect(res.status, res.text).toBe(200);
      const items = res.body.items as { hole: number; strokes: number | null }[];
      expect(items.map((s) => s.hole)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
      expect(items.map((s) => s.strokes)).toEqual(Array.from({ length: 18 }, (_, i) => strokesOf(p, i + 1)));
      // The phone showed the domain's numbers, as the server computes them from the same scores.
      const lines = res.body as Lines;
      // Strokes received, hole by hole, as the server gives them (from the handicap frozen on the card).
      expect(received[player.id]).toEqual(lines.perHole.map((l) => l.strokesReceived));
      const parPlayed = lines.perHole.reduce((sum, l) => sum + (l.net === null ? 0 : l.par), 0);
      expect(totalsBefore[player.id]).toEqual({ thru: lines.thru, gross: lines.gross, net: lines.net, points: lines.points, grossToPar: lines.gross - parPlayed, netToPar: lines.net - parPlayed });
    }
    // Handicaps made a difference: the test would not notice a phone ignoring strokes received otherwise.
    const cat = totalsBefore[trip.players[2]!.id]!;
    expect(cat.gross - cat.net).toBeGreaterThan(15);
    const rows = await fetch(`${server.base}/sync/trips/${trip.tripId}/_all_docs?include_docs=true&conflicts=true&startkey=${encodeURIComponent('"score:"')}&endkey=${encodeURIComponent('"score:\ufff0"')}`, {
      headers: { authorization: `Bearer ${session}` },
    }).then((r) => r.json() as Promise<{ rows: { id: string; value: { rev: string }; doc: { _conflicts?: string[] } }[] }>);
    expect(rows.rows).toHaveLength(72);
    expect(new Set(rows.rows.map((r) => r.id)).size).toBe(72);
    expect(rows.rows.filter((r) => !r.value.rev.startsWith('1-')).map((r) => `${r.id} ${r.value.rev}`)).toEqual([]);
    expect(rows.rows.filter((r) => r.doc._conflicts?.length)).toEqual([]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    console.info(`portal-scoring: 72 scores tapped in ${enterMs} ms`);
    await context.close();
  });
});

async function totals(page: import('playwright-core').Page) {
  return page.$$eval('[data-testid="total-row"]', (rows) =>
    Object.fromEntries(
      rows.map((r) => {
        const n = (k: string) => Number(r.getAttribute(`data-${k}`));
        return [r.getAttribute('data-player')!, { thru: n('thru'), gross: n('gross'), net: n('net'), points: n('points'), grossToPar: n('gross-to-par'), netToPar: n('net-to-par') }];
      }),
    ),
  );
}
