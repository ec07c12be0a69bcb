/**
 * The Games tab (issue 24, test 4): skins added through the screen to a round already completed (the group forgot
 * to set them) compute from its scores after a confirmation, and the money follows into the unified settlement; a
 * Nassau and a competition are created and changed through the screen, as the API then reads them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatMoney } from '../../web/common/format.js';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { desktopContext } from './support/dashboard.js';
import { gamesTrip, openGames, type GamesTrip } from './support/dashboard-area-games.js';
import { startPortalServer, type PortalServer } from './support/portal.js';

let server: PortalServer;
let browser: Browser;

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** The money lines of the page's "Where it stands" card: name → text. */
async function moneyLines(page: Page): Promise<Record<string, string>> {
  const rows = await page.locator('.money-lines li').evaluateAll((lis) => lis.map((li) => [li.querySelector('span')?.textContent ?? '', li.querySelector('strong')?.textContent ?? '']));
  return Object.fromEntries(rows);
}

const eur = (cents: number) => formatMoney(cents, 'EUR');

describe('games', () => {
  let t: GamesTrip;
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    t = await gamesTrip(server.base);
    const context = await desktopContext(browser);
    page = await context.newPage();
    errors = pageErrors(page);
  }, 120_000);

  it('skins added to a completed round compute from its scores once confirmed, and the money follows into the unified settlement', async () => {
    const [ann, ben, cat, dan] = t.players;
    const T = `/trips/${t.tripId}`;
    // Before: the completed round has no game; nobody wins or owes anything from games.
    const before = (await t.client.get(`${T}/settlements/unified`)).body;
    expect(before.nets.map((n: any) => n.sideGamesCents)).toEqual([0, 0, 0, 0]);
    // The API alone refuses the game without the confirmation.
    const refused = await t.client.post(`${T}/side-games`, { kind: 'skins', roundId: t.day1, basis: 'gross', participants: t.players.map((p) => p.id), config: { mode: 'per_skin', cents: 500 } });
    expect(refused.status).toBe(409);

    await openGames(page, server.base, t.email, `#/trips/${t.tripId}/games?round=${t.day1}`);
    await page.getByText('The round is completed: a game added or changed now computes at once from its scores').waitFor();
    await page.getByRole('link', { name: 'Add skins' }).click();
    await page.getByRole('heading', { name: 'New skins game' }).waitFor();
    await page.getByLabel('Name').fill('Forgotten skins');
    await page.getByLabel('Scores compared').selectOption('gross');
    await page.getByLabel(/Value of a skin/).fill('5');
    await page.getByRole('button', { name: 'Add skins' }).click();
    const dialog = page.getByRole('dialog', { name: 'Day 1 is completed' });
    await dialog.getByText('The game computes from the scores already there').waitFor();
    await dialog.getByText('The money follows').waitFor();
    // Nothing is stored before the organizer confirms.
    expect((await t.client.get(`${T}/side-games?roundId=${t.day1}`)).body.items).toEqual([]);
    await dialog.getByRole('button', { name: 'Add it and compute from the scores' }).click();

    // The game's page: final at once, computed from Day 1's scores (Ann holes 1–2, Cat 3–6, Dan 7–18).
    await page.getByRole('heading', { name: /Forgotten skins/ }).waitFor();
    await page.getByText(/^Final: Dan Eriksen 12 skins, Cat Duarte 4 skins,? and Ann Byrne 2 skins\.$/).waitFor();
    const want = { [ann!.id]: -5000, [ben!.id]: -9000, [cat!.id]: -1000, [dan!.id]: 15000 };
    expect(await moneyLines(page)).toEqual({
      'Dan Eriksen': `wins ${eur(15000)}`,
      'Cat Duarte': `owes ${eur(1000)}`,
      'Ann Byrne': `owes ${eur(5000)}`,
      'Ben Okafor': `owes ${eur(9000)}`,
    });
    // Hole 6: the four skins carried from hole 3, each worth €5 from each other player.
    const hole6 = page.getByRole('table', { name: 'Skins hole by hole' }).getByRole('row').filter({ has: page.getByRole('cell', { name: 'Cat Duarte wins 4 skins' }) });
    expect(await hole6.locator('td').allTextContents()).toEqual(['6', '4', '3', 'Cat Duarte wins 4 skins', `${eur(2000)} from each other player`]);

    // The money follows: each player's side-game net in the unified settlement is what the screen says.
    const game = (await t.client.get(`${T}/side-games?roundId=${t.day1}`)).body.items[0];
    expect(game).toMatchObject({ name: 'Forgotten skins', kind: 'skins', basis: 'gross', config: { mode: 'per_skin', cents: 500 } });
    const after = (await t.client.get(`${T}/settlements/unified`)).body;
    expect(Object.fromEntries(after.nets.map((n: any) => [n.playerId, n.sideGamesCents]))).toEqual(want);
    expect(Object.fromEntries(after.nets.map((n: any) => [n.playerId, n.netCents]))).toEqual(want);
    const received = new Map<string, number>();
    for (const tr of after.transfers) {
      received.set(tr.toPlayerId, (received.get(tr.toPlayerId) ?? 0) + tr.cents);
      received.set(tr.fromPlayerId, (received.get(tr.fromPlayerId) ?? 0) - tr.cents);
    }
    expect(Object.fromEntries(received)).toEqual(want);

    // The round's page lists it as final with the same money.
    await page.getByRole('link', { name: 'Games of Day 1' }).click();
    await page.getByRole('link', { name: 'Forgotten skins' }).waitFor();
    await page.getByText('Final', { exact: true }).first().waitFor();
    // The point game cannot follow it, and the page says why.
    await page.getByText('A point game cannot be added to a completed round').waitFor();
    expect(await page.getByRole('button', { name: 'Set up a team’s point game' }).count()).toBe(0);

    // Changing it asks again, and the money follows the new stake.
    await page.getByRole('link', { name: 'Forgotten skins' }).click();
    await page.getByRole('button', { name: 'Change the game' }).click();
    await page.getByLabel(/Value of a skin/).fill('10');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('dialog', { name: 'Day 1 is completed' }).getByRole('button', { name: 'Change it and recompute' }).click();
    await page.getByRole('button', { name: 'Change the game' }).waitFor();
    await expect.poll(() => moneyLines(page)).toEqual({
      'Dan Eriksen': `wins ${eur(30000)}`,
      'Cat Duarte': `owes ${eur(2000)}`,
      'Ann Byrne': `owes ${eur(10000)}`,
      'Ben Okafor': `owes ${eur(18000)}`,
    });
    const doubled = (await t.client.get(`${T}/settlements/unified`)).body;
    expect(Object.fromEntries(doubled.nets.map((n: any) => [n.playerId, n.sideGamesCents]))).toEqual(Object.fromEntries(Object.entries(want).map(([k, v]) => [k, v * 2])));

    // Deleting it says where the money goes first; then the settlement has no game money again.
    await page.getByRole('button', { name: 'Delete game…' }).click();
    const del = page.getByRole('dialog', { name: 'Delete Forgotten skins?' });
    await del.getByText('Its final money leaves the balances and the unified and per-organizer settlement plans').waitFor();
    await del.getByRole('button', { name: 'Delete for good' }).click();
    await page.getByText('No skins or Nassau in this round yet.').waitFor();
    const gone = (await t.client.get(`${T}/settlements/unified`)).body;
    expect(gone.nets.map((n: any) => n.sideGamesCents)).toEqual([0, 0, 0, 0]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }, 120_000);

  it('creates a Nassau through the screen and changes its stakes and presses', async () => {
    const [ann, ben] = t.players;
    const T = `/trips/${t.tripId}`;
    await openGames(page, server.base, t.email, `#/trips/${t.tripId}/games?round=${t.day2}`);
    await page.getByRole('link', { name: 'Add a Nassau' }).click();
    await page.getByRole('heading', { name: 'New Nassau' }).waitFor();
    await page.getByLabel('Ann Byrne').selectOption('a');
    await page.getByLabel('Ben Okafor').selectOption('b');
    await page.getByLabel('Cat Duarte').selectOption('a');
    // Two against one is refused on the page, before anything is sent.
    await page.getByLabel(/Stake per bet/).fill('10');
    await page.getByRole('button', { name: 'Add the Nassau' }).click();
    await page.getByText('Both sides need as many players: side A has 2, side B 1.').first().waitFor();
    expect((await t.client.get(`${T}/side-games?roundId=${t.day2}`)).body.items).toEqual([]);
    await page.getByLabel('Cat Duarte').selectOption('');
    await page.getByRole('button', { name: 'Add the Nassau' }).click();

    await page.getByRole('heading', { name: /Nassau – Day 2/ }).waitFor();
    await page.getByText(`Singles Nassau, Ann Byrne against Ben Okafor: net match play at 100 % of Course Handicaps; ${eur(1000)} a bet`).waitFor();
    // Who receives how many strokes: the match strokes the server computed, in words.
    const created = (await t.client.get(`${T}/side-games?roundId=${t.day2}`)).body.items[0];
    expect(created).toMatchObject({ kind: 'nassau', basis: 'net', participants: { a: [ann!.id], b: [ben!.id] }, config: { stakes: 1000, autoPress: 'off' } });
    const state = (await t.client.get(`${T}/side-games/${created.id}`)).body.state;
    const benStrokes = state.matchStrokes[ben!.id] as number;
    expect(benStrokes).toBeGreaterThan(0);
    await page.getByText(`receives ${benStrokes} strokes`).waitFor();
    await page.getByText('plays off zero', { exact: true }).waitFor();

    await page.getByRole('button', { name: 'Change the game' }).click();
    await page.getByLabel('A different stake for the front nine, back nine and overall').check();
    await page.getByLabel(/Front nine stake/).fill('5');
    await page.getByLabel(/Back nine stake/).fill('5');
    await page.getByLabel(/Overall stake/).fill('10');
    await page.getByLabel('Presses').selectOption('original_bets');
    await page.getByLabel('Handicap allowance (%)').fill('80');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText(`Singles Nassau, Ann Byrne against Ben Okafor: net match play at 80 % of Course Handicaps; front ${eur(500)}, back ${eur(500)}, overall ${eur(1000)}; a side two down presses automatically`).waitFor();
    const changed = (await t.client.get(`${T}/side-games/${created.id}`)).body;
    expect(changed.game.config).toMatchObject({ stakes: { front: 500, back: 500, overall: 1000 }, autoPress: 'original_bets', allowancePercent: 80 });
    expect(changed.state.allowancePercent).toBe(80);
  }, 120_000);

  it('creates a competition through the screen and changes it', async () => {
    const T = `/trips/${t.tripId}`;
    await openGames(page, server.base, t.email, `#/trips/${t.tripId}/games?view=competitions`);
    await page.getByText('No competition yet').waitFor();
    await page.getByRole('link', { name: 'New competition' }).click();
    await page.getByRole('heading', { name: 'New competition' }).waitFor();
    await page.getByLabel('Competition name').fill('Day 1 Stableford');
    await page.getByLabel('Format').selectOption('stableford');
    await page.getByLabel(/^Day 2/).uncheck();
    await page.getByLabel('Handicap allowance (%)').fill('90');
    await page.getByRole('button', { name: 'Create competition' }).click();

    await page.getByRole('heading', { name: 'Day 1 Stableford' }).waitFor();
    await page.getByText('90 % (set for this competition)').waitFor();
    const list = (await t.client.get(`${T}/competitions`)).body.items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: 'Day 1 Stableford', format: 'stableford', roundIds: [t.day1], allowancePercent: 90, countback: false });
    // Its board as the server ranks it, at 90 %.
    const board = (await t.client.get(`${T}/leaderboards/competitions/${list[0].id}`)).body;
    expect(board.allowancePercent).toBe(90);
    const table = page.getByRole('table', { name: 'Competition board' });
    await table.waitFor();
    const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((c) => c.textContent?.trim())));
    // Under each round's points, the strokes the player receives at the competition's 90 %.
    const strokes = (n: number) => (n === 0 ? 'no strokes' : `receives ${n} stroke${n === 1 ? '' : 's'}`);
    expect(rows).toEqual(board.entries.map((e: any) => [e.label, e.name, `${e.rounds[0].points}${strokes(e.rounds[0].playingHandicap)}`, `${e.points} pts`]));
    const day1 = (await t.client.get(`${T}/rounds/${t.day1}/handicaps`)).body.players as { playerId: string; courseHandicap: number }[];
    for (const e of board.entries) expect(e.rounds[0].playingHandicap).toBe(Math.round(day1.find((p) => p.playerId === e.playerId)!.courseHandicap * 0.9));

    await page.getByRole('button', { name: 'Change the competition' }).click();
    await page.getByLabel('Competition name').fill('Algarve Stableford');
    await page.getByLabel(/^Day 2/).check();
    await page.getByLabel('Handicap allowance (%)').fill('');
    await page.getByLabel(/Break ties by countback/).check();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('button', { name: 'Change the competition' }).waitFor();
    await page.getByRole('heading', { name: 'Algarve Stableford', exact: true }).waitFor();
    await page.getByText('95 % (WHS default)').waitFor();
    const changed = (await t.client.get(`${T}/competitions/${list[0].id}`)).body;
    expect(changed).toMatchObject({ name: 'Algarve Stableford', roundIds: [t.day1, t.day2], countback: true });
    expect(changed.allowancePercent).toBeUndefined();
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }, 120_000);

  it('adds a team match to a team competition through the screen; the match and the teams’ points are the server’s', async () => {
    const [ann, ben] = t.players;
    const T = `/trips/${t.tripId}`;
    const cup = (await t.client.post(`${T}/competitions`, { name: 'USA v Europe', format: 'team_match', roundIds: [t.day2] })).body;
    await openGames(page, server.base, t.email, `#/trips/${t.tripId}/games?competition=${cup.id}`);
    await page.getByText('No match yet.').waitFor();
    await page.getByRole('button', { name: 'Add a match' }).click();
    await page.getByLabel('Side A', { exact: true }).selectOption({ label: 'Ann Byrne (USA)' });
    await page.getByLabel('Side B', { exact: true }).selectOption({ label: 'Ann Byrne (USA)' });
    await page.getByRole('button', { name: 'Add the match' }).click();
    // Both sides from one team: the server's refusal, in the form.
    await page.locator('.error-summary').waitFor();
    expect((await t.client.get(`${T}/competitions/${cup.id}/matches`)).body.items).toEqual([]);
    await page.getByLabel('Side B', { exact: true }).selectOption({ label: 'Ben Okafor (Europe)' });
    await page.getByLabel('Points').fill('2');
    await page.getByRole('button', { name: 'Add the match' }).click();
    await page.getByRole('heading', { name: 'Singles · Day 2 · 2 points' }).waitFor();

    const matches = (await t.client.get(`${T}/competitions/${cup.id}/matches`)).body.items;
    expect(matches).toMatchObject([{ roundId: t.day2, format: 'singles', sideA: [ann!.id], sideB: [ben!.id], points: 2 }]);
    const board = (await t.client.get(`${T}/leaderboards/competitions/${cup.id}`)).body;
    const m = board.matches[0];
    const strokes = (s: any) => s.names.map((n: string, i: number) => `${n} (${s.strokes[i] ? `receives ${s.strokes[i]} stroke${s.strokes[i] === 1 ? '' : 's'}` : 'plays off zero'})`).join(' & ');
    await page.getByText(`${m.sideA.team}: ${strokes(m.sideA)} against ${m.sideB.team}: ${strokes(m.sideB)}`).waitFor();
    for (const team of board.teams) await page.getByText(new RegExp(`^${team.team}: ${team.points} points? won`)).waitFor();
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }, 120_000);

  it('sets up a team’s point game on a round not yet completed, with its captain and target', async () => {
    const cat = t.players[2]!;
    const T = `/trips/${t.tripId}`;
    await openGames(page, server.base, t.email, `#/trips/${t.tripId}/games?round=${t.day2}`);
    await page.getByText('No point game in this round.').waitFor();
    await page.getByRole('button', { name: 'Set up a team’s point game' }).click();
    await page.getByLabel('Team').selectOption('USA');
    await page.getByLabel('Captain').selectOption({ label: 'Cat Duarte' });
    await page.getByRole('button', { name: 'Set up the point game' }).click();
    await page.getByRole('heading', { name: 'Team USA' }).waitFor();
    await page.getByText('0 of 20 scores counted (total 0), 20 still to count; next choice on hole 1.').waitFor();
    const games = (await t.client.get(`${T}/rounds/${t.day2}/point-games`)).body.items;
    expect(games).toMatchObject([{ team: 'USA', captainId: cat.id, config: { teamSize: 2, targetCount: 20, holes: 18 } }]);
  }, 120_000);
});
