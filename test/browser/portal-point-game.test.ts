/**
 * The point game on the phone (issue 15, screen 4), in a real Chromium at phone size against the real server: the
 * captain picks how many net scores count on the hole; a count outside the allowed range is refused on the phone
 * with the reason and nothing is written; a pick in range is written on the phone without signal, shows at once,
 * survives a reload while still offline, and reaches the server by sync once signal returns (the organizer's REST
 * answers it); a pick made offline that the server's game overtook meanwhile (the captain's other phone) is not
 * lost silently; a teammate who is not the captain sees the game read-only.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api, course18, organizer, tripBody } from '../support/client.js';
import { launchBrowser, pageErrors, phoneContext } from './support/chromium.js';
import { openLink, startPortalServer, type PortalServer } from './support/portal.js';

const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4];

let server: PortalServer;
let browser: Browser;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let roundId: string;
const id: Record<string, string> = {};

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  org = await organizer(server.base);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const players = [
    { name: 'Al', handicapIndex: 10, team: 'USA' },
    { name: 'Bo', handicapIndex: 20, team: 'Europe' },
    { name: 'Cy', handicapIndex: 5, team: 'USA' },
    { name: 'Di', handicapIndex: 14, team: 'Europe' },
  ];
  const added = await org.client.post(`/trips/${tripId}/players/bulk`, { players });
  expect(added.status, added.text).toBe(201);
  for (const p of added.body.items as { id: string; name: string }[]) id[p.name] = p.id;
  const round = await org.client.post(`/trips/${tripId}/rounds`, { name: 'Day 1', date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: [id.Al, id.Cy, id.Bo, id.Di] }] });
  expect(round.status, round.text).toBe(201);
  roundId = round.body.id;
  expect((await org.client.patch(`/trips/${tripId}/rounds/${roundId}/ready`)).status).toBe(200);
  // A hard game: 35 of the 36 possible scores of a team of two, so from the first hole at least one must count.
  const game = await org.client.post(`/trips/${tripId}/rounds/${roundId}/point-games`, { team: 'USA', captainId: id.Al, targetCount: 35 });
  expect(game.status, game.text).toBe(201);
  for (const [who, strokes] of [
    ['Al', [6, 4, 4]],
    ['Cy', [4, 5, 3]],
  ] as const) {
    const res = await org.client.post(`/trips/${tripId}/scorecards/${roundId}-${id[who]}/scores/bulk`, { scores: strokes.map((s, i) => ({ hole: i + 1, strokes: s })) });
    expect(res.status, res.text).toBe(200);
  }
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function link(name: string): Promise<string> {
  const issued = await org.client.post('/trip-portal/token', { tripId, playerId: id[name] });
  expect(issued.status, issued.text).toBe(201);
  return `${server.base}/portal#token=${issued.body.token}`;
}

/** The game as the server holds it (the organizer's view). */
async function serverGame() {
  const res = await org.client.get(`/trips/${tripId}/rounds/${roundId}/point-games`);
  expect(res.status, res.text).toBe(200);
  return res.body.items[0] as { selections?: unknown; state: { currentHole: number | null; countedSoFar: number; perHole: { hole: number; playerIds: string[]; confirmed: boolean }[] } };
}

async function openGame(page: Page, name: string) {
  await openLink(page, await link(name));
  await page.evaluate(([t, p, r]) => (location.hash = `#/t/${encodeURIComponent(`${t}:${p}`)}/games/${r}`), [tripId, id[name]!, roundId] as const);
  await page.waitForSelector('[data-testid="point-game"]', { timeout: 20_000 });
}

let axeSource: string;
/** axe-core over the screen (the shell is the accessibility test's): serious and critical violations, as short lines. */
async function blockingA11y(page: Page): Promise<string[]> {
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  return (await page.evaluate(
    `window.axe.run('#screen', { resultTypes: ['violations'] }).then((r) => r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ': ' + v.nodes.map((n) => n.target.join(' ')).join(', ')))`,
  )) as string[];
}

describe('the point game screen', () => {
  it('refuses an out-of-range count on the phone, and keeps a pick made offline until it syncs', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openGame(page, 'Al');
    expect(await page.getAttribute('[data-testid="point-game"]', 'data-captain')).toBe('true');
    // Hole 1 of 18, 35 to count with at most 34 after it: at least 1 must count, at most 2.
    await page.waitForSelector('[data-testid="pg-current"][data-hole="1"]');
    await page.waitForSelector('[data-testid="sync-badge"][data-state="online"][data-pending="0"]', { timeout: 15_000 });

    // From here on the phone has no signal.
    await context.setOffline(true);
    await page.waitForSelector('[data-testid="pg-offline"]', { timeout: 5_000 });
    expect(await page.getAttribute('[data-testid="pg-range"]', 'data-min')).toBe('1');
    expect(await page.getAttribute('[data-testid="pg-range"]', 'data-max')).toBe('2');
    expect(await page.getAttribute('button[data-count="0"]', 'data-allowed')).toBe('false');
    expect(await page.getAttribute('button[data-count="1"]', 'data-allowed')).toBe('true');

    // 0 is out of range: the reason is shown, nothing is picked.
    await page.click('button[data-count="0"]');
    const reason = await page.textContent('[data-testid="pg-problem"]');
    expect(reason).toContain('At least 1 must count on hole 1');
    expect(reason).toContain('35 of 35');
    expect(reason).toContain('at most 34');
    // Ticking no score and confirming is refused on the phone too: nothing is written (no write waits, no hole in
    // the list) and nothing is confirmed.
    await page.click('[data-testid="pg-confirm"]');
    expect(await page.textContent('[data-testid="pg-problem"]')).toContain('At least 1 must count');
    expect(await page.$('[data-testid="pg-notice"]')).toBeNull();
    expect(await page.getAttribute('[data-testid="sync-badge"]', 'data-pending')).toBe('0');
    expect(await page.$('[data-testid="pg-holes"]')).toBeNull();
    expect(await page.getAttribute('[data-testid="pg-current"]', 'data-hole')).toBe('1');

    // Count 1: the lowest net score of the hole is picked (Cy net 4; Al 6 gross, net 5).
    await page.click('button[data-count="1"]');
    expect(await page.$('[data-testid="pg-problem"]')).toBeNull();
    expect(await page.isChecked(`input[data-player="${id.Cy}"]`)).toBe(true);
    expect(await page.isChecked(`input[data-player="${id.Al}"]`)).toBe(false);
    // Both instead, by hand; then confirm, still without signal: written on the phone and shown at once.
    await page.check(`input[data-player="${id.Al}"]`);
    expect(await page.getAttribute('button[data-count="2"]', 'aria-pressed')).toBe('true');
    await page.click('[data-testid="pg-confirm"]');
    await page.waitForSelector('[data-testid="pg-notice"]');
    const notice = await page.textContent('[data-testid="pg-notice"]');
    expect(notice).toContain('Hole 1 confirmed: 2 scores count.');
    expect(notice).toContain('Saved on this phone');
    await page.waitForSelector('[data-testid="pg-current"][data-hole="2"]', { timeout: 5_000 });
    await page.waitForSelector('[data-testid="pg-holes"] tr[data-hole="1"][data-confirmed="true"]');
    expect(await page.textContent('[data-testid="pg-counted"]')).toBe('2 / 35');
    expect(Number(await page.getAttribute('[data-testid="sync-badge"]', 'data-pending'))).toBeGreaterThan(0);
    expect(await page.$('[data-testid="pg-problem"]')).toBeNull();
    expect(await blockingA11y(page)).toEqual([]);
    // A draft for hole 2 too, still offline: one score, the lowest net (Al net 4; Cy 5).
    await page.click('button[data-count="1"]');
    expect(await page.isChecked(`input[data-player="${id.Al}"]`)).toBe(true);
    expect(await page.isChecked(`input[data-player="${id.Cy}"]`)).toBe(false);
    await page.click('[data-testid="pg-save"]');
    await page.waitForSelector('[data-testid="pg-holes"] tr[data-hole="2"][data-confirmed="false"]', { timeout: 5_000 });
    expect(await page.textContent('[data-testid="pg-notice"]')).toContain('Draft for hole 2 saved.');
    // The server has none of it yet.
    expect((await serverGame()).state.perHole).toEqual([]);

    // Reloaded while still offline (the app comes from the service worker, the game from the phone's database):
    // the pick and the draft are there.
    await page.reload();
    await page.waitForSelector('[data-testid="point-game"]', { timeout: 20_000 });
    await page.waitForSelector('[data-testid="pg-holes"] tr[data-hole="1"][data-confirmed="true"]', { timeout: 10_000 });
    await page.waitForSelector('[data-testid="pg-holes"] tr[data-hole="2"][data-confirmed="false"]');
    expect(await page.getAttribute('[data-testid="pg-current"]', 'data-hole')).toBe('2');
    expect(await page.textContent('[data-testid="pg-counted"]')).toBe('2 / 35');
    expect(await page.isChecked(`input[data-player="${id.Al}"]`)).toBe(true);
    expect(await page.isChecked(`input[data-player="${id.Cy}"]`)).toBe(false);
    expect(Number(await page.getAttribute('[data-testid="sync-badge"]', 'data-pending'))).toBeGreaterThan(0);
    expect((await serverGame()).state.perHole).toEqual([]);

    // Signal returns: sync pushes the game, the gateway accepts it, and the server holds the confirmed hole and the draft.
    await context.setOffline(false);
    await page.waitForSelector('[data-testid="sync-badge"][data-state="online"][data-pending="0"]', { timeout: 20_000 });
    const synced = await serverGame();
    expect(synced.state.perHole).toEqual([
      expect.objectContaining({ hole: 1, playerIds: [id.Al, id.Cy], confirmed: true }),
      expect.objectContaining({ hole: 2, playerIds: [id.Al], confirmed: false }),
    ]);
    expect(synced.state.currentHole).toBe(2);
    expect(synced.state.countedSoFar).toBe(2);
    expect(await page.$('[data-testid="pg-refused"]')).toBeNull();

    // Online, hole 2 confirmed with both: the same local write, pushed at once.
    await page.click('button[data-count="2"]');
    await page.click('[data-testid="pg-confirm"]');
    await page.waitForSelector('[data-testid="pg-current"][data-hole="3"]', { timeout: 5_000 });
    expect(await page.textContent('[data-testid="pg-notice"]')).not.toContain('Saved on this phone');
    await expect.poll(async () => (await serverGame()).state.countedSoFar, { timeout: 20_000, interval: 250 }).toBe(4);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });

  it('shows the game read-only to a teammate who is not the captain', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await openGame(page, 'Cy');
    await page.waitForSelector('[data-testid="pg-readonly"]', { timeout: 15_000 });
    expect(await page.getAttribute('[data-testid="point-game"]', 'data-captain')).toBe('false');
    expect(await page.textContent('[data-testid="pg-readonly"]')).toContain('Only the captain, Al, picks');
    expect(await page.$('[data-testid="pg-confirm"]')).toBeNull();
    expect(await page.$('button[data-count]')).toBeNull();
    // What the captain confirmed is there: holes 1 and 2, four scores.
    await page.waitForSelector('[data-testid="pg-holes"] tr[data-hole="2"][data-confirmed="true"]', { timeout: 15_000 });
    expect(await page.textContent('[data-testid="pg-counted"]')).toBe('4 / 35');
    await context.close();
  });
  it('says so when a pick made offline was overtaken on the server meanwhile (the captain\'s other phone)', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await openGame(page, 'Al');
    await page.waitForSelector('[data-testid="pg-current"][data-hole="3"]', { timeout: 15_000 });
    await page.waitForSelector('[data-testid="sync-badge"][data-state="online"][data-pending="0"]', { timeout: 15_000 });
    await context.setOffline(true);
    await page.waitForSelector('[data-testid="pg-offline"]', { timeout: 5_000 });
    // Offline on this phone: a draft for hole 3 with one score.
    await page.click('button[data-count="1"]');
    await page.click('[data-testid="pg-save"]');
    await page.waitForSelector('[data-testid="pg-holes"] tr[data-hole="3"][data-confirmed="false"]', { timeout: 5_000 });
    const mine = (await page.$$eval('input[data-player]', (els) => (els as HTMLInputElement[]).filter((e) => e.checked).map((e) => e.dataset.player))) as string[];
    expect(mine).toHaveLength(1);

    // Meanwhile the captain's other phone confirms hole 3 with both scores through the portal REST API.
    const other = await org.client.post('/trip-portal/token', { tripId, playerId: id.Al });
    const session = (await api(server.base).post('/trip-portal/validate', { token: other.body.token })).body.session as string;
    const res = await fetch(`${server.base}/trip-portal/trips/${tripId}/rounds/${roundId}/point-game/selections`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session}` },
      body: JSON.stringify({ hole: 3, playerIds: [id.Al, id.Cy], confirm: true }),
    });
    expect(res.status, await res.clone().text()).toBe(200);

    // Signal returns: the server's version wins (hole 3 confirmed with both), and the phone says the draft it held
    // for hole 3 was not applied instead of dropping it without a word.
    await context.setOffline(false);
    await page.waitForSelector('[data-testid="pg-replaced"][data-holes="3"]', { timeout: 20_000 });
    expect(await page.textContent('[data-testid="pg-replaced"]')).toContain('hole 3');
    await page.waitForSelector('[data-testid="pg-holes"] tr[data-hole="3"][data-confirmed="true"]', { timeout: 10_000 });
    await page.waitForSelector('[data-testid="sync-badge"][data-pending="0"]', { timeout: 10_000 });
    const game = await serverGame();
    expect(game.state.perHole.find((h) => h.hole === 3)).toEqual(expect.objectContaining({ playerIds: [id.Al, id.Cy], confirmed: true }));
    expect(game.state.countedSoFar).toBe(6);
    expect(await page.$('[data-testid="pg-notice"]')).toBeNull();
    expect(await blockingA11y(page)).toEqual([]);
    await page.click('[data-testid="pg-replaced-ok"]');
    await page.waitForSelector('[data-testid="pg-replaced"]', { state: 'detached', timeout: 5_000 });
    await context.close();
  });
});
