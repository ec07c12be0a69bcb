/**
 * Analytics in the dashboard (issue 24): the head-to-head heat map has one cell per pair of players, each written with
 * the server's figures (`GET …/analytics/head-to-head/matrix`) and a sign besides its colour, and said in words to a
 * screen reader; a cell opens that pair's rounds; the MVP bars, the fun stats and the tee-time fairness per player
 * carry the server's numbers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
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

const signed = (n: number) => (n === 0 ? 'E' : n < 0 ? `−${Math.abs(n)}` : `+${n}`);
const record = (w: number, l: number, h: number) => `${w}–${l}${h ? `–${h}` : ''}`;

describe('analytics', () => {
  it('draws the head-to-head matrix as a heat map with the server’s values, one cell per pair', async () => {
    const T = `/trips/${data.tripId}`;
    const matrix = (await data.owner.client.get(`${T}/analytics/head-to-head/matrix`)).body;
    expect(matrix.players).toHaveLength(6);
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openSignedIn(page, server.base, data.owner, `#${T}/analytics?view=head-to-head`);
    const map = page.getByRole('table', { name: 'Everyone against everyone' });
    await map.waitFor();

    const cells = await map.locator('td[data-row]').evaluateAll((tds) =>
      tds.map((td) => ({ row: td.getAttribute('data-row'), col: td.getAttribute('data-col'), shown: td.querySelector('[aria-hidden="true"]')?.textContent?.trim(), words: td.querySelector('.visually-hidden')?.textContent, cls: td.className })),
    );
    // One cell per ordered pair (row against column), none for a player against themself.
    expect(cells).toHaveLength(6 * 5);
    expect(new Set(cells.map((c) => `${c.row}|${c.col}`)).size).toBe(30);
    expect(cells.every((c) => c.row !== c.col)).toBe(true);
    const byName = new Map<string, string>(matrix.players.map((p: any) => [p.playerId, p.name]));
    let compared = 0;
    for (const row of matrix.rows) {
      row.cells.forEach((cell: any, i: number) => {
        const col = matrix.players[i].playerId;
        if (col === row.playerId) return expect(cell).toBeNull();
        const shown = cells.find((c) => c.row === row.playerId && c.col === col)!;
        const sign = cell.won > cell.lost ? '▲' : cell.won < cell.lost ? '▼' : '=';
        // The record and the net strokes written in the square, with a sign: the colour is not alone.
        expect(shown.shown).toBe(`${sign} ${record(cell.won, cell.lost, cell.halved)}${signed(cell.netMargin)}`);
        expect(shown.words).toContain(`${row.name} against ${byName.get(col)}: won ${cell.won}, lost ${cell.lost}, halved ${cell.halved}`);
        expect(shown.words).toContain(`${cell.roundsTogether} round${cell.roundsTogether === 1 ? '' : 's'} together`);
        // The colour follows the record: blue shades when ahead, orange when behind.
        const level = Number(/heat-l(-?\d)/.exec(shown.cls)![1]);
        expect(Math.sign(level)).toBe(Math.sign(cell.won - cell.lost));
        compared++;
      });
    }
    expect(compared).toBe(30);
    // Mirror cells agree: A's wins are B's losses.
    const [a, b] = [matrix.players[0].playerId, matrix.players[1].playerId];
    const ab = matrix.rows[0].cells[1];
    const ba = matrix.rows[1].cells[0];
    expect([ab.won, ab.lost, ab.netMargin]).toEqual([ba.lost, ba.won, -ba.netMargin]);

    // A cell opens the pair: their rounds together, as the head-to-head answers them.
    const h2h = (await data.owner.client.get(`${T}/analytics/head-to-head?playerA=${a}&playerB=${b}`)).body;
    await map.locator(`td[data-row="${a}"][data-col="${b}"] a`).click();
    await page.getByRole('heading', { name: `${h2h.playerA.name} against ${h2h.playerB.name}` }).waitFor();
    const rows = await page.getByRole('table', { name: 'Rounds together' }).locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(h2h.rounds.length);
    h2h.rounds.forEach((r: any, i: number) => expect(rows[i]).toContain(`${r.grossA} / ${r.netA}`));
    await page.getByRole('img', { name: `${h2h.playerA.name} ${h2h.record.winsA} won, ${h2h.playerB.name} ${h2h.record.winsB} won, ${h2h.record.halved} halved` }).waitFor();
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);

  it('shows the MVP, fun stats, rivalries and tee-time fairness with the server’s numbers', async () => {
    const T = `/trips/${data.tripId}`;
    const c = data.owner.client;
    const [mvp, fun, rivalries, fairness] = await Promise.all(
      [`${T}/analytics/mvp`, `${T}/analytics/fun-stats`, `${T}/analytics/rivalries?limit=5&minRounds=1`, `/events/${data.tripId}/fairness`].map(async (p) => (await c.get(p)).body),
    );
    const context = await desktopContext(browser);
    const page = await context.newPage();
    await openSignedIn(page, server.base, data.owner, `#${T}/analytics`);
    const bars = page.getByRole('list', { name: 'MVP standings' }).locator('li');
    await bars.first().waitFor();
    const scoring = mvp.entries.filter((e: any) => e.points > 0);
    expect(await bars.count()).toBe(scoring.length);
    expect(await bars.first().textContent()).toContain(`${scoring[0].label}${scoring[0].name}${scoring[0].points} pts`);
    const birdies = page.locator('.fun-card', { hasText: 'Most birdies' });
    expect(await birdies.locator('.fun-value').textContent()).toBe(`${fun.mostBirdies.value} birdie${fun.mostBirdies.value === 1 ? '' : 's'}`);
    expect(await birdies.locator('.fun-who').textContent()).toBe([...new Set(fun.mostBirdies.leaders.map((l: any) => l.name))].join(', '));

    await page.getByRole('link', { name: 'Head to head', exact: true }).click();
    const closest = page.getByRole('region', { name: 'Closest' }).locator('li');
    await closest.first().waitFor();
    expect(await closest.count()).toBe(rivalries.closest.length);
    const first = rivalries.closest[0];
    expect(await closest.first().textContent()).toContain(`${first.playerA.name} ${first.record.winsA}`);
    expect(await closest.first().textContent()).toContain(`${first.averageMargin} net strokes apart per round on average`);

    await page.getByRole('link', { name: 'Tee-time fairness', exact: true }).click();
    const table = page.getByRole('table', { name: 'Tee-time fairness per player' });
    await table.waitFor();
    const lines = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => ({ name: tr.querySelector('th')?.textContent, score: tr.querySelector('.fair-score strong')?.textContent, leans: Array.from(tr.querySelectorAll('[role="img"]')).map((i) => i.getAttribute('aria-label')) })));
    expect(lines).toHaveLength(fairness.players.filter((p: any) => p.rounds > 0).length);
    for (const p of fairness.players) {
      const line = lines.find((l) => l.name === p.name)!;
      expect(line.score).toBe(String(Math.round(p.score)));
      expect(line.leans).toEqual([`${p.early} early, ${p.late} late`, `${p.front} front nine starts, ${p.back} back nine starts`]);
    }
    // Least even first.
    const scores = lines.map((l) => Number(l.score));
    expect(scores).toEqual([...scores].sort((x, y) => x - y));
    // The score comes with words naming the least even players (issue 34).
    const played = fairness.players.filter((p: any) => p.rounds > 0);
    const lowest = Math.min(...played.map((p: any) => p.score));
    const words = (await page.getByTestId('fairness-words').textContent())!;
    if (lowest < 100) {
      expect(words).toContain(`Least even (${lowest}/100): `);
      for (const n of played.filter((p: any) => p.score === lowest).map((p: any) => p.name).sort((a: string, b: string) => a.localeCompare(b)).slice(0, 3)) expect(words).toContain(n);
    } else expect(words).toContain('Everyone has as many early as late tee times');
    await page.screenshot({ path: '/tmp/shots/analytics-fairness.png', fullPage: true });
    await context.close();
  }, 120_000);
});
