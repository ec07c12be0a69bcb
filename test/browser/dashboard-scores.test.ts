/**
 * Disputes and corrections in the dashboard (issue 24, tests 2 and 3), through what the organizer sees:
 *
 * 2. Two phones disagree on a hole: the dispute is in the inbox with both values; the preview names the skins, the
 *    Nassau and the money that move; applying it changes the round's board and the unified settlement as previewed,
 *    and the payment already confirmed stays as it was.
 * 3. A correction of a completed round's score with a reason (and a hole set to picked up) shows in the hole's
 *    history and on the golfer's phone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { formatMoney } from '../../web/common/format.js';
import { launchBrowser, pageErrors, phoneContext } from './support/chromium.js';
import { desktopContext } from './support/dashboard.js';
import { scoresTrip, type ScoresTrip } from './support/dashboard-area-scores.js';
import { openSignedIn } from './support/dashboard-tour-rounds.js';
import { openLink, startPortalServer, type PortalServer } from './support/portal.js';

let server: PortalServer;
let browser: Browser;
let data: ScoresTrip;

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  data = await scoresTrip(server.base);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const nameOf = (id: string) => data.players.find((p) => p.id === id)!.name;
const player = (name: string) => data.players.find((p) => p.name.startsWith(name))!;
const eur = (cents: number) => formatMoney(Math.abs(cents), 'EUR');

async function board() {
  const r = await data.owner.client.get(`/trips/${data.tripId}/leaderboards/rounds/${data.roundId}`);
  expect(r.status, r.text).toBe(200);
  return new Map((r.body.entries as { playerId: string; gross: number; net: number }[]).map((e) => [e.playerId, e] as const));
}
async function unifiedNets() {
  const r = await data.owner.client.get(`/trips/${data.tripId}/settlements/unified`);
  expect(r.status, r.text).toBe(200);
  return new Map((r.body.nets as { playerId: string; netCents: number }[]).map((n) => [n.playerId, n.netCents] as const));
}
async function settlement(id: string) {
  const r = await data.owner.client.get(`/trips/${data.tripId}/settlements`);
  return (r.body.items as { id: string; cents: number; status: string; fromPlayerId: string; toPlayerId: string }[]).find((s) => s.id === id);
}

async function preview(scope: Page | Locator) {
  await scope.getByRole('button', { name: 'Preview what it changes' }).click();
  const region = scope.getByRole('region', { name: 'What it changes' });
  await region.waitFor();
  return region;
}

describe('disputes and corrections', () => {
  it('settles a hole two phones disagree on: the preview names the skins and money that move, applying moves the board and the settlement, a confirmed payment stays', async () => {
    const ben = player('Ben');
    const boardBefore = await board();
    const netsBefore = await unifiedNets();
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openSignedIn(page, server.base, data.owner, `#/trips/${data.tripId}/scores`);

    // The inbox: both values, who entered them, the one that counts marked.
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ben Okafor, hole 5' }) });
    await item.waitFor();
    const rows = item.getByRole('table', { name: /values entered for hole 5 of Ben Okafor/ }).locator('tbody tr');
    await expect.poll(() => rows.allInnerTexts()).toHaveLength(2);
    const [first, second] = await rows.allInnerTexts();
    expect(first).toMatch(/4 strokes\s+Cat Duarte[\s\S]*counts now/);
    expect(second).toMatch(/3 strokes\s+Ann Byrne[\s\S]*not counted/);

    // Ann's 3: the preview, checked against the server's dry run and against the rules of the two games.
    await item.getByRole('button', { name: 'Settle this hole…' }).click();
    await item.getByRole('radio', { name: /3 strokes/ }).check();
    await item.getByLabel('Reason').fill('The paper card says 3');
    const shown = await preview(page);
    const dry = (await data.owner.client.post(`/trips/${data.tripId}/score-disputes/${data.dispute.scorecardId}/5/resolve/preview`, { strokes: 3, reason: 'The paper card says 3' })).body;
    const text = await shown.innerText();
    expect(text).toContain('Hole 5 of Ben Okafor: 4 → 3; the dispute is settled');
    const skins = shown.getByRole('list', { name: 'Gross skins' });
    // A birdie on 5 wins Ben the skin the par carried; Cat's birdie on 6 then wins only its own.
    expect(await skins.innerText()).toMatch(/Hole 5: tied, the skin carries over → Ben Okafor wins \d+ skins?/);
    expect(await skins.innerText()).toMatch(/Hole 6: Cat Duarte wins \d+ skins → Cat Duarte wins the skin/);
    const skinsGame = dry.sideGames.find((g: { kind: string }) => g.kind === 'skins');
    for (const [id, m] of Object.entries(skinsGame.moneyCents as Record<string, { before: number; after: number }>)) {
      const word = (c: number) => (c > 0 ? `wins ${eur(c)}` : c < 0 ? `owes ${eur(c)}` : 'even');
      expect(await skins.innerText()).toContain(`${nameOf(id)} ${word(m.before)} → ${word(m.after)}`);
    }
    expect(await shown.getByRole('list', { name: 'Nassau Ann v Ben' }).innerText()).toContain('Front nine: Ann Byrne wins → halved');
    const settle = await shown.getByRole('list', { name: 'Settlement' }).innerText();
    expect(dry.unifiedNets.length).toBeGreaterThan(0);
    for (const n of dry.unifiedNets as { playerId: string; name: string; cents: { before: number; after: number } }[]) {
      const word = (c: number) => (c > 0 ? `receives ${eur(c)}` : c < 0 ? `pays ${eur(c)}` : 'even');
      expect(n.cents.before).toBe(netsBefore.get(n.playerId));
      expect(settle).toContain(`${n.name} ${word(n.cents.before)} → ${word(n.cents.after)}`);
    }
    expect(await shown.getByTestId('kept-settlements').innerText()).toContain('already paid or confirmed: it stays as it is, and the difference is settled by the next plan');

    // Apply: the inbox empties, the board and the settlement follow, the confirmed payment is untouched.
    await item.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('status').filter({ hasText: 'Hole 5 of Ben Okafor is settled at 3' }).waitFor();
    await page.getByRole('heading', { name: 'No disputes' }).waitFor();
    expect((await data.owner.client.get(`/trips/${data.tripId}/score-disputes`)).body.items).toEqual([]);
    const boardAfter = await board();
    expect(boardAfter.get(ben.id)!.gross).toBe(boardBefore.get(ben.id)!.gross - 1);
    const netsAfter = await unifiedNets();
    for (const n of dry.unifiedNets as { playerId: string; cents: { after: number } }[]) expect(netsAfter.get(n.playerId)).toBe(n.cents.after);
    expect(netsAfter.get(ben.id)).not.toBe(netsBefore.get(ben.id));
    const kept = await settlement(data.confirmed.id);
    expect(kept && { id: kept.id, cents: kept.cents, fromPlayerId: kept.fromPlayerId, toPlayerId: kept.toPlayerId, status: kept.status }).toEqual(data.confirmed);
    // The hole's history keeps both phones' values and the organizer's, with the reason.
    const history = (await data.owner.client.get(`/trips/${data.tripId}/scorecards/${data.dispute.scorecardId}/scores/5/history`)).body;
    expect(history.entries.map((e: { strokes: number; reason: string | null }) => [e.strokes, e.reason])).toEqual([
      [3, null],
      [4, null],
      [3, 'The paper card says 3'],
    ]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('corrects a completed round’s score with a reason and a hole to picked up: the history shows them and so does the golfer’s phone', async () => {
    const cat = player('Cat');
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openSignedIn(page, server.base, data.owner, `#/trips/${data.tripId}/scores?view=corrections`);
    await page.getByLabel('Round', { exact: true }).selectOption({ label: 'Day 1 — Victoria (completed)' });
    await page.getByLabel('Player’s card').selectOption({ label: 'Cat Duarte' });
    await page.getByText('This round is completed: a correction needs a reason').waitFor();
    await page.getByRole('button', { name: 'Hole 6: 3 strokes' }).click();
    const panel = page.getByRole('region', { name: 'Hole 6, Cat Duarte' });
    await panel.getByRole('region', { name: 'History of hole 6, Cat Duarte' }).getByRole('table').waitFor();

    // No reason: refused at the field, nothing previewed.
    await panel.getByLabel('Strokes on hole 6').fill('5');
    await panel.getByRole('button', { name: 'Preview what it changes' }).click();
    await panel.getByText('Say why').waitFor();
    expect(await panel.getByRole('region', { name: 'What it changes' }).count()).toBe(0);

    await panel.getByLabel('Reason').fill('Two-stroke penalty missed on the card');
    const shown = await preview(panel);
    expect(await shown.innerText()).toContain('Hole 6 of Cat Duarte: 3 → 5');
    await panel.getByRole('button', { name: 'Apply' }).click();
    await panel.getByRole('status').filter({ hasText: 'Hole 6 of Cat Duarte is now 5' }).waitFor();
    const history = panel.getByRole('region', { name: 'History of hole 6, Cat Duarte' }).locator('tbody tr');
    await expect.poll(() => history.count()).toBe(2);
    expect(await history.nth(0).innerText()).toMatch(/^3\s/);
    expect(await history.nth(1).innerText()).toMatch(/^5\s+counts now\s+Sam Organizer \(organizer\), on the dashboard\s+\w{3} \d{1,2} \w{3}, \d\d:\d\d\s+Two-stroke penalty missed on the card/);
    await page.getByRole('button', { name: 'Hole 6: 5 strokes, corrected' }).waitFor();

    // Hole 7 picked up.
    await page.getByRole('button', { name: 'Hole 7: 3 strokes' }).click();
    const seven = page.getByRole('region', { name: 'Hole 7, Cat Duarte' });
    await seven.getByLabel('Picked up (no score on this hole)').check();
    await seven.getByLabel('Reason').fill('Did not hole out');
    await preview(seven);
    expect(await seven.getByRole('region', { name: 'What it changes' }).innerText()).toContain('Hole 7 of Cat Duarte: 3 → picked up');
    await seven.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('button', { name: 'Hole 7: picked up, corrected' }).waitFor();
    const stored = (await data.owner.client.get(`/trips/${data.tripId}/scorecards/${data.roundId}-${cat.id}/scores`)).body.items as { hole: number; strokes: number | null; reason?: string }[];
    expect(stored.filter((s) => s.hole === 6 || s.hole === 7).map((s) => [s.hole, s.strokes, s.reason])).toEqual([
      [6, 5, 'Two-stroke penalty missed on the card'],
      [7, null, 'Did not hole out'],
    ]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();

    // Cat's phone: the corrected value with the organizer's reason.
    const phone = await phoneContext(browser);
    const p = await phone.newPage();
    const phoneErrors = pageErrors(p);
    const issued = await data.owner.client.post('/trip-portal/token', { tripId: data.tripId, playerId: cat.id });
    expect(issued.status, issued.text).toBe(201);
    await openLink(p, `${server.base}/portal#token=${issued.body.token}`);
    await p.evaluate((h) => {
      location.hash = h;
    }, `#/t/${encodeURIComponent(`${data.tripId}:${cat.id}`)}/scorecard/${data.roundId}/6`);
    const row = `[data-testid="player-hole"][data-player="${cat.id}"]`;
    await p.waitForSelector(`${row}[data-strokes="5"] [data-testid="correction"]`, { timeout: 30_000 });
    expect(await p.locator(`${row} [data-testid="correction"]`).innerText()).toContain('Two-stroke penalty missed on the card');
    expect(phoneErrors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await phone.close();
  }, 120_000);
});
