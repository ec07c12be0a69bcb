/**
 * Rounds in the dashboard (issue 23): a library course reused for rounds of two trips, a round made from it in the
 * page, its handicap table equal to the server's (`…/handicaps`, and once ready each scorecard's lines), and ready,
 * reset and complete each explained before it is done, with the server's refusal of a round not ready said in words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatCourse, formatIndex, formatPlaying, strokesInWords } from '../../web/dashboard/ui/handicap.js';
import { launchBrowser, pageErrors, PHONE } from './support/chromium.js';
import { axeViolations, desktopContext, registerByApi, type Organizer } from './support/dashboard.js';
import { openSignedIn, roundsTour, roundsTrip, ROUND_PLAYERS } from './support/dashboard-tour-rounds.js';
import { startPortalServer, type PortalServer } from './support/portal.js';

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

/** The handicap table as the page shows it, row by row. */
async function tableRows(page: Page) {
  const table = page.getByRole('table', { name: 'Handicaps and strokes per player' });
  await table.waitFor();
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.map((r) => {
      const cells = Array.from({ length: r.children.length }, (_, i) => r.children.item(i)?.textContent?.trim() ?? '');
      // A round with several tees shows a Tees select per player (issue 34): "Round's tees (White)" or "Red · 68.9 / 115".
      const select = r.children.item(2)?.querySelector('select');
      const shown = select ? (select.selectedOptions[0]?.textContent ?? '').replace(/^Round's tees \((.*)\)$/, '$1').replace(/ · .*$/, '') : cells[2];
      return { name: cells[0], tee: shown, index: cells[3], ch: cells[4], ph: cells[5], strokes: r.querySelector('.visually-hidden')?.textContent ?? cells[6] };
    }),
  );
}

async function expectTableEqualsServer(page: Page, owner: Organizer, tripId: string, roundId: string, source: 'preview' | 'scorecards') {
  const server = (await owner.client.get(`/trips/${tripId}/rounds/${roundId}/handicaps`)).body;
  expect(server.source).toBe(source);
  const want = server.players.map((p: any) => ({
    name: p.name,
    tee: p.tee,
    index: formatIndex(p.handicapIndex),
    ch: formatCourse(p.courseHandicap),
    ph: formatPlaying(p.playingHandicap),
    strokes: strokesInWords(server.holes, p.strokesReceived),
  }));
  await expect.poll(() => tableRows(page)).toEqual(want);
  return server;
}

describe('rounds', () => {
  it('makes rounds of two trips from one library course; the handicap table is the server’s, previewed then frozen', async () => {
    const data = await roundsTrip(server.base);
    const { owner } = data;
    const other = (await owner.client.post('/trips', { name: 'Scotland 2028', startDate: '2028-06-01', endDate: '2028-06-04', timezone: 'Europe/London', currency: 'GBP' })).body;
    await owner.client.post(`/trips/${other.id}/players/bulk`, { players: ROUND_PLAYERS.slice(0, 4) });
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);

    for (const [tripId, name] of [
      [data.tripId, 'Day 2'],
      [other.id, 'Links day'],
    ] as const) {
      await openSignedIn(page, server.base, owner, `#/trips/${tripId}/rounds`);
      await page.getByRole('link', { name: 'New round' }).click();
      await page.getByRole('heading', { name: 'New round' }).waitFor();
      await page.getByLabel('Round name').fill(name);
      await page.getByLabel('Course', { exact: true }).selectOption({ label: 'Quinta Links (18 holes)' });
      await page.getByLabel('Tees').selectOption({ label: 'White (everyone) — 71.2 / 128' });
      await page.getByLabel('Format').selectOption('stableford');
      await page.getByText(/All \d+ players of the trip play this round/).waitFor();
      if (name === 'Day 2') expect((await axeViolations(page)).blocking).toEqual([]);
      await page.getByRole('button', { name: 'Create round' }).click();
      await page.getByRole('heading', { name: new RegExp(`^${name}`) }).waitFor();
      await page.getByText('Stableford · allowance 95 %').waitFor();
    }
    // The same library course, copied onto a round of each trip.
    const mine = (await owner.client.get(`/trips/${data.tripId}/rounds`)).body.items.find((r: any) => r.name === 'Day 2');
    const theirs = (await owner.client.get(`/trips/${other.id}/rounds`)).body.items[0];
    expect(mine.course.name).toBe('Quinta Links');
    expect(theirs.course).toEqual(mine.course);
    expect(mine.defaultTee).toBe('White');
    expect(theirs.playerIds).toHaveLength(4);

    // The draft's preview in the page is the server's, row for row; then marked ready, the frozen cards'.
    await openSignedIn(page, server.base, owner, `#/trips/${data.tripId}/rounds?round=${mine.id}`);
    await page.getByText('A preview from each player').waitFor();
    const preview = await expectTableEqualsServer(page, owner, data.tripId, mine.id, 'preview');
    expect(preview.players.find((p: any) => p.name === 'Zoe Plus').playingHandicap).toBeLessThan(0);
    expect((await axeViolations(page)).blocking).toEqual([]);
    await page.getByRole('button', { name: 'Mark ready…' }).click();
    const ready = page.getByRole('dialog', { name: 'Mark the round ready?' });
    await ready.getByText(/Freezes each player's handicap into their scorecard/).waitFor();
    expect((await axeViolations(page)).blocking).toEqual([]);
    await ready.getByRole('button', { name: 'Mark ready' }).click();
    await page.getByRole('status').filter({ hasText: 'The round is now ready.' }).waitFor();
    await page.getByText("As frozen on each player's scorecard").waitFor();
    const frozen = await expectTableEqualsServer(page, owner, data.tripId, mine.id, 'scorecards');
    for (const p of frozen.players) {
      const card = (await owner.client.get(`/trips/${data.tripId}/scorecards/${p.scorecardId}/scores`)).body;
      expect(p.strokesReceived).toEqual(card.perHole.map((l: any) => l.strokesReceived));
      expect(p.playingHandicap).toBe(card.playingHandicap);
    }
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('says what ready, reset and complete do before doing them, and why a round cannot be ready', async () => {
    const data = await roundsTrip(server.base);
    const { owner, tripId, roundId } = data;
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);

    // A draft round with two tees and none chosen: the server's refusal, in words.
    const draft = (await owner.client.post(`/trips/${tripId}/rounds`, { name: 'Day 3', date: '2027-04-13', courseId: data.courseId, playerIds: data.players.map((p) => p.id) })).body;
    await openSignedIn(page, server.base, owner, `#/trips/${tripId}/rounds?round=${draft.id}`);
    await page.getByRole('button', { name: 'Mark ready…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark ready' }).click();
    const refusal = page.getByRole('dialog').getByRole('alert');
    await refusal.getByText('The round cannot be ready yet:').waitFor();
    expect(await refusal.textContent()).toContain('The course has 2 tees and 8 players have none: choose a default tee or a tee for each player.');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    // A draft can be deleted, after a dialog.
    const spare = (await owner.client.post(`/trips/${tripId}/rounds`, { name: 'Spare day', date: '2027-04-14', courseId: data.courseId, teeName: 'White' })).body;
    await openSignedIn(page, server.base, owner, `#/trips/${tripId}/rounds?round=${spare.id}`);
    await page.getByRole('button', { name: 'Delete round…' }).click();
    await page.getByRole('dialog', { name: 'Delete Spare day?' }).getByRole('button', { name: 'Delete for good' }).click();
    await page.getByRole('status').filter({ hasText: 'Spare day is deleted.' }).waitFor();
    expect((await owner.client.get(`/trips/${tripId}/rounds/${spare.id}`)).status).toBe(404);
    await openSignedIn(page, server.base, owner, `#/trips/${tripId}/rounds?round=${draft.id}`);
    // Choosing the tees in the round's form fixes it.
    await page.getByRole('button', { name: 'Change the round' }).click();
    await page.getByLabel('Tees', { exact: true }).selectOption('White');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.locator('dl.facts').getByText('White · 71.2 / 128').waitFor();
    await page.getByRole('button', { name: 'Mark ready…' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark ready' }).click();
    await page.getByRole('status').filter({ hasText: 'The round is now ready.' }).waitFor();

    // A round in play: reset says it archives, and does.
    const card = `${roundId}-${data.players[0]!.id}`;
    expect((await owner.client.put(`/trips/${tripId}/scorecards/${card}/scores/1`, { strokes: 5 })).status).toBe(200);
    expect((await owner.client.put(`/trips/${tripId}/scorecards/${card}/scores/2`, { strokes: 4 })).status).toBe(200);
    await openSignedIn(page, server.base, owner, `#/trips/${tripId}/rounds?round=${roundId}`);
    await page.getByText('In play.').waitFor();
    await page.getByRole('button', { name: 'Reset…' }).click();
    const reset = page.getByRole('dialog', { name: 'Reset the round?' });
    await reset.getByText(/out of play into an archive kept with the trip: nothing is deleted/).waitFor();
    expect((await axeViolations(page)).blocking).toEqual([]);
    await reset.getByRole('button', { name: 'Reset and archive the scores' }).click();
    await page.getByRole('status').filter({ hasText: `2 scores moved to the archive ${roundId}-1; the round is ready again.` }).waitFor();
    expect((await owner.client.get(`/trips/${tripId}/rounds/${roundId}`)).body.state).toBe('ready');

    // Complete: says it ends score entry, and does.
    await page.getByRole('button', { name: 'Complete…' }).click();
    const complete = page.getByRole('dialog', { name: 'Complete the round?' });
    await complete.getByText('Ends score entry: golfers can no longer enter or change scores on their phones.').waitFor();
    await complete.getByRole('button', { name: 'Complete the round' }).click();
    await page.getByRole('status').filter({ hasText: 'The round is now completed.' }).waitFor();
    expect((await owner.client.get(`/trips/${tripId}/rounds/${roundId}`)).body.state).toBe('completed');
    await page.getByRole('button', { name: 'Reset…' }).waitFor();
    // The list shows each round's state.
    await page.getByRole('link', { name: 'All rounds' }).click();
    await page.getByRole('row').filter({ hasText: 'Day 1' }).getByText('Completed').waitFor();
    expect((await axeViolations(page)).blocking).toEqual([]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);

  it.each([
    ['a laptop', { width: 1440, height: 900 }],
    ['a phone', PHONE.viewport],
  ])('every view of Courses, Rounds and the print page is axe-clean, on %s', async (_what, viewport) => {
    const data = await roundsTrip(server.base);
    const context = await desktopContext(browser, viewport);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const blocking: string[] = [];
    const seen = await roundsTour(page, server.base, data, async (name, p) => {
      const r = await axeViolations(p);
      expect(r.passes, `${name}: axe passed no rule`).toBeGreaterThan(0);
      blocking.push(...r.blocking.map((l) => `${name}: ${l}`));
    });
    expect(seen).toHaveLength(11);
    expect(blocking).toEqual([]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);
});
