/**
 * The Leaderboards tab (issue 24, "every leaderboard the API has, filterable and printable; any figure opens its
 * derivation"), against the rich trip: a team filter kept in the address, a figure's hole-by-hole lines adding up to
 * the figure clicked and equal to the server's, a multi-round total adding up its rounds, and the printed page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { desktopContext } from './support/dashboard.js';
import { boardsTrip, openBoards, type BoardsTrip } from './support/dashboard-area-boards.js';
import { startPortalServer, type PortalServer } from './support/portal.js';

let server: PortalServer;
let browser: Browser;
let data: BoardsTrip;
let page: Page;
let errors: string[];

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  data = await boardsTrip(server.base);
  page = await (await desktopContext(browser)).newPage();
  errors = pageErrors(page);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

interface Line {
  hole: number;
  gross: number | null;
  pickedUp: boolean;
  strokesReceived: number;
  net: number | null;
  points: number | null;
}
interface Entry {
  playerId: string;
  name: string;
  team?: string;
  gross: number;
  net: number;
  points: number;
  holes: (number | null)[];
  perHole: Line[];
}

/** The rows of a table as the page shows them: the text of each cell. */
const rowsOf = (table: ReturnType<Page['getByRole']>, part: 'tbody' | 'tfoot') =>
  table.locator(`${part} tr`).evaluateAll((rows) => rows.map((r) => Array.from(r.children, (c) => (c as HTMLElement).dataset.value ?? c.textContent?.trim() ?? '')));

describe('the round board', () => {
  it('filters by team, keeps the filter in the address, and positions stay those of the field', async () => {
    const { rich } = data;
    await openBoards(page, server.base, rich, `#/trips/${rich.tripId}/leaderboards`);
    const board = page.getByRole('table', { name: rich.day1.name });
    await board.waitFor();
    const api = (await rich.org.client.get(`/trips/${rich.tripId}/leaderboards/rounds/${rich.day1.id}`)).body as { entries: (Entry & { label: string })[] };
    await expect.poll(() => board.locator('tbody tr').count()).toBe(api.entries.length);

    await page.getByLabel('Team').selectOption('USA');
    await page.waitForFunction(() => location.hash.includes('team=USA'));
    const usa = api.entries.filter((e) => e.team === 'USA');
    await expect.poll(() => board.locator('tbody tr').count()).toBe(usa.length);
    const shown = await rowsOf(board, 'tbody');
    expect(shown.map((r) => [r[0], r[1], r[2]])).toEqual(usa.map((e) => [e.label === '-' ? '–' : e.label, e.name, 'USA']));

    // The address is the view: a reload shows the same filtered board.
    await page.reload();
    await page.getByRole('table', { name: rich.day1.name }).waitFor();
    await expect.poll(() => page.getByRole('table', { name: rich.day1.name }).locator('tbody tr').count()).toBe(usa.length);
    expect(await page.getByLabel('Team').inputValue()).toBe('USA');
  });

  it.each(['Net', 'Gross', 'Points'] as const)('opens the holes a player\u2019s %s comes from, adding up to the figure clicked', async (figure) => {
    const { rich } = data;
    await openBoards(page, server.base, rich, `#/trips/${rich.tripId}/leaderboards?round=${rich.day1.id}`);
    const api = (await rich.org.client.get(`/trips/${rich.tripId}/leaderboards/rounds/${rich.day1.id}`)).body as { entries: Entry[] };
    const entry = api.entries.find((e) => e.perHole.some((h) => h.strokesReceived > 0 && h.gross !== null))!;
    const value = figure === 'Net' ? entry.net : figure === 'Gross' ? entry.gross : entry.points;
    await page.getByRole('button', { name: `${figure} ${value}, ${entry.name}: show the holes` }).click();
    const dialog = page.getByRole('dialog', { name: new RegExp(`^${entry.name}: ${figure.toLowerCase()} ${value}`) });
    await dialog.waitFor();
    const table = dialog.getByRole('table', { name: `The holes of ${entry.name} on ${rich.day1.name}` });
    const rows = await rowsOf(table, 'tbody');
    const [total] = await rowsOf(table, 'tfoot');
    const col = { Gross: 3, Net: 5, Points: 6 }[figure];
    // The lines add up to the figure clicked, and the total row says so.
    expect(rows.reduce((s, r) => s + Number(r[col]), 0)).toBe(value);
    expect(Number(total![col])).toBe(value);
    // Net is gross less the strokes received, hole by hole, and every line is the server's.
    const played = entry.perHole.filter((h) => h.gross !== null || h.pickedUp);
    expect(rows.map((r) => r.map(Number))).toEqual(played.map((h) => [h.hole, expect.any(Number), expect.any(Number), entry.holes[h.hole - 1], h.strokesReceived, h.net, h.points]));
    for (const r of rows) if (!r[3]!.includes('picked')) expect(Number(r[5])).toBe(Number(r[3]) - Number(r[4]));
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });
});

describe('boards over several rounds', () => {
  it('opens a competition total as its rounds, and a round as its holes', async () => {
    const { rich } = data;
    const cup = rich.competitions[0]!;
    await openBoards(page, server.base, rich, `#/trips/${rich.tripId}/leaderboards?board=competition&competition=${cup.id}`);
    await page.getByRole('table', { name: cup.name }).waitFor();
    const api = (await rich.org.client.get(`/trips/${rich.tripId}/leaderboards/competitions/${cup.id}`)).body as { entries: { name: string; toParLabel: string; toPar: number | null; rounds: ({ toPar: number | null } | null)[] }[] };
    const leader = api.entries[0]!;
    await page.getByRole('button', { name: `Total ${leader.toParLabel}, ${leader.name}: show the rounds` }).click();
    const dialog = page.getByRole('dialog');
    const table = dialog.getByRole('table', { name: `The rounds of ${leader.name}` });
    await table.waitFor();
    const rows = await rowsOf(table, 'tbody');
    const toPar = (s: string) => (s === 'E' ? 0 : Number(s));
    expect(rows.reduce((s, r) => s + toPar(r[5]!), 0)).toBe(leader.toPar);
    // A round of the total opens its holes, whose net less par is that round's figure.
    await dialog.getByRole('button', { name: rich.day1.name }).click();
    const holes = dialog.getByRole('table', { name: `The holes of ${leader.name} on ${rich.day1.name}` });
    await holes.waitFor();
    const [total] = await rowsOf(holes, 'tfoot');
    expect(Number(total![5]) - Number(total![1])).toBe(leader.rounds[0]!.toPar);
    await dialog.getByRole('button', { name: 'Close' }).click();
  });
});

describe('the team board', () => {
  it("opens a best ball team's net as its members' holes, the best net of each hole adding up to it", async () => {
    const { rich } = data;
    await openBoards(page, server.base, rich, `#/trips/${rich.tripId}/leaderboards?board=teams&round=${rich.day1.id}`);
    await page.getByRole('table', { name: `${rich.day1.name}: teams` }).waitFor();
    const api = (await rich.org.client.get(`/trips/${rich.tripId}/leaderboards/rounds/${rich.day1.id}/teams`)).body as { entries: { name: string; net: number; playerIds: string[] }[] };
    const team = api.entries.find((e) => e.name === 'USA')!;
    await page.getByRole('button', { name: `Net ${team.net}, USA: show the holes` }).click();
    const table = page.getByRole('dialog').getByRole('table', { name: 'The holes of USA' });
    await table.waitFor();
    const rows = await rowsOf(table, 'tbody');
    const last = (r: string[]) => Number(r[r.length - 1]);
    expect(rows.reduce((s, r) => s + last(r), 0)).toBe(team.net);
    // Each member cell reads "gross − strokes = net"; the team's net is the best of them.
    for (const r of rows) {
      const nets = r.slice(2, 2 + team.playerIds.length).flatMap((c) => (/= (-?\d+)/.exec(c) ? [Number(/= (-?\d+)/.exec(c)![1])] : []));
      expect(last(r)).toBe(Math.min(...nets));
    }
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  });
});

describe('printing', () => {
  it('prints the board alone, under the trip, the board and the time', async () => {
    const { rich } = data;
    await openBoards(page, server.base, rich, `#/trips/${rich.tripId}/leaderboards?round=${rich.day1.id}&team=Europe`);
    await page.getByRole('table', { name: rich.day1.name }).waitFor();
    await page.emulateMedia({ media: 'print' });
    try {
      const head = page.locator('.board-print-head');
      expect(await head.isVisible()).toBe(true);
      expect(await head.textContent()).toContain(rich.day1.name);
      expect(await head.textContent()).toContain('Team Europe');
      expect(await head.textContent()).toMatch(/As of .*\d/);
      expect(await head.getByText('Algarve Golf Week', { exact: true }).isVisible()).toBe(true);
      for (const hidden of ['nav[aria-label="Trip"]', '.board-controls', '.topbar']) expect(await page.locator(hidden).isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
      const pdf = await page.pdf({ format: 'A4' });
      expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    } finally {
      await page.emulateMedia({ media: 'screen' });
    }
    expect(errors).toEqual([]);
  });
});
