/**
 * Games per group (issue 35, test 2), in real Chromium as an organizer does it: a 24-golfer round in six groups
 * gets a Nassau in every group in one action and skins with a buy-in per player; REST then has one Nassau per group
 * (players 1 and 2 against 3 and 4 of the pairings) and the pot the buy-ins make. Before the round is ready the net
 * games say once that strokes are set when it is ready (not "no handicap" 24 times, nor "Playing Handicap —"); on a
 * golfer's phone, the skins board says which holes wait for how many more cards.
 */
import { mkdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { course18, organizer, type Api } from '../support/client.js';
import { launchBrowser, pageErrors, phoneContext } from './support/chromium.js';
import { desktopContext } from './support/dashboard.js';
import { openGames } from './support/dashboard-area-games.js';
import { openLink, startPortalServer, type PortalServer } from './support/portal.js';

const FIRST = ['Ann', 'Ben', 'Cat', 'Dan', 'Eve', 'Finn', 'Gus', 'Hana', 'Ivo', 'Jan', 'Kai', 'Lea', 'Max', 'Nia', 'Oli', 'Pia', 'Quin', 'Rob', 'Sia', 'Tom', 'Uma', 'Vic', 'Wes', 'Xia'];
const PLAYERS = FIRST.map((f, i) => ({ name: `${f} ${['Byrne', 'Okafor', 'Duarte', 'Eriksen', 'Fahy', 'Gallo'][i % 6]}`, handicapIndex: (i * 5.3) % 28 }));

let server: PortalServer;
let browser: Browser;
let client: Api;
let email: string;
let tripId: string;
let roundId: string;
let ids: string[];
let groups: string[][];

async function must(res: Promise<{ status: number; body: any; text?: string }>, what: string): Promise<any> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text ?? JSON.stringify(r.body)}`);
  return r.body;
}

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  await mkdir('/tmp/shots', { recursive: true });
  const org = await organizer(server.base, 'Gina Groups');
  client = org.client;
  email = org.email;
  tripId = (await must(client.post('/trips', { name: 'Algarve 24', startDate: '2027-04-10', endDate: '2027-04-13', timezone: 'Europe/Lisbon', currency: 'EUR' }), 'trip')).id;
  ids = ((await must(client.post(`/trips/${tripId}/players/bulk`, { players: PLAYERS }), 'players')).items as { id: string }[]).map((p) => p.id);
  groups = [0, 1, 2, 3, 4, 5].map((g) => ids.slice(g * 4, g * 4 + 4));
  const body = { name: 'Day 1', date: '2027-04-11', course: course18('Victoria Course'), defaultTee: 'White', groups: groups.map((playerIds) => ({ playerIds })) };
  roundId = (await must(client.post(`/trips/${tripId}/rounds`, body), 'round')).id;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const T = () => `/trips/${tripId}`;
type Game = { id: string; kind: string; name: string; participants: any; config: any };
const gamesOf = async (): Promise<Game[]> => (await must(client.get(`${T()}/side-games?roundId=${roundId}`), 'games')).items;

describe('games per group', () => {
  let page: Page;
  let errors: string[];
  beforeAll(async () => {
    const context = await desktopContext(browser);
    page = await context.newPage();
    errors = pageErrors(page);
  });

  it('a Nassau in every group of a 24-player round in one action: REST has one game per group, 1 and 2 against 3 and 4', async () => {
    await openGames(page, server.base, email, `#/trips/${tripId}/games?round=${roundId}`);
    await page.getByRole('link', { name: 'Nassau in every group' }).click();
    await page.getByRole('heading', { name: 'A Nassau in every group' }).waitFor();
    // Four-ball is the default; the matches of each group are shown before anything is added.
    expect(await page.getByRole('radio', { name: /Four-ball: two against two/ }).isChecked()).toBe(true);
    const plan = page.getByRole('list', { name: 'Matches per group' }).getByRole('listitem');
    await expect.poll(() => plan.count()).toBe(6);
    expect(await plan.first().textContent()).toBe(`Group 1: ${PLAYERS[0]!.name} & ${PLAYERS[1]!.name} v ${PLAYERS[2]!.name} & ${PLAYERS[3]!.name}`);
    // Singles explains what it means in a group of four.
    await page.getByRole('radio', { name: /Singles: every player against each of the others/ }).check();
    await page.getByText('Six matches in a group of four (each player plays three)').waitFor();
    await page.screenshot({ path: '/tmp/shots/games-per-group-singles.png', fullPage: true });
    await page.getByRole('radio', { name: /Four-ball: two against two/ }).check();
    await page.getByLabel('Stake per bet (EUR)').fill('5');
    await page.screenshot({ path: '/tmp/shots/games-per-group-form.png', fullPage: true });
    await page.getByRole('button', { name: 'Add 6 Nassau games' }).click();
    await page.getByText('6 Nassau games added, one in each of 6 groups.').waitFor();
    const games = (await gamesOf()).filter((g) => g.kind === 'nassau');
    expect(games).toHaveLength(6);
    expect(games.map((g) => g.participants)).toEqual(groups.map((g) => ({ a: g.slice(0, 2), b: g.slice(2) })));
    expect(games.every((g) => g.config.stakes === 500)).toBe(true);
    await page.screenshot({ path: '/tmp/shots/games-round-per-group.png', fullPage: true });

    // Again: every group has its Nassau, so the form offers nothing to add.
    await page.getByRole('link', { name: 'Nassau in every group' }).click();
    await expect.poll(() => page.getByRole('list', { name: 'Matches per group' }).getByText(/has a Nassau already \(Nassau – Day 1, group \d\)/).count()).toBe(6);
    await page.screenshot({ path: '/tmp/shots/games-per-group-again.png', fullPage: true });
    expect(await page.getByRole('button', { name: 'Nothing to add' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Cancel' }).click();
  }, 90_000);

  it('skins with a buy-in per player: the pot is the buy-ins of the players in the game', async () => {
    await page.getByRole('link', { name: 'Add skins' }).click();
    await page.getByRole('heading', { name: 'New skins game' }).waitFor();
    await page.getByLabel('How skins are paid').selectOption({ label: 'A buy-in per player: the pot is what the players in it put in' });
    await page.getByLabel('Buy-in per player (EUR)').fill('20');
    await page.getByText('Pot: €480.00 from 24 players.').waitFor();
    await page.screenshot({ path: '/tmp/shots/games-skins-buy-in.png', fullPage: true });
    await page.getByRole('button', { name: 'Add skins' }).click();
    await page.getByRole('heading', { name: /Skins – Day 1/ }).waitFor();
    const skins = (await gamesOf()).find((g) => g.kind === 'skins')!;
    expect(skins.config).toMatchObject({ mode: 'buy_in', cents: 2000 });
    expect(skins.participants).toHaveLength(24);
    const state = (await must(client.get(`${T()}/side-games/${skins.id}`), 'skins')).state;
    expect(state.potCents).toBe(48000);
    await page.getByText('a buy-in of €20.00 a player: a pot of €480.00 from 24 players, shared by the skins won').waitFor();
  });

  it('before the round is ready, the net games say once that strokes are set when it is ready', async () => {
    // Net skins (the page the form opened): one sentence, not a line per player.
    await page.getByText('Strokes are set when the round is ready').waitFor();
    expect(await page.getByText('Strokes are set when the round is ready').count()).toBe(1);
    expect(await page.getByText('no handicap (plays off scratch)').count()).toBe(0);
    await page.screenshot({ path: '/tmp/shots/games-draft-skins.png', fullPage: true });
    const nassau = (await gamesOf()).find((g) => g.kind === 'nassau')!;
    await page.evaluate((h) => (location.hash = h), `#/trips/${tripId}/games?game=${nassau.id}`);
    await page.getByRole('heading', { name: /Nassau – Day 1, group 1/ }).waitFor();
    await page.getByText('Strokes are set when the round is ready').waitFor();
    expect(await page.getByText('Strokes are set when the round is ready').count()).toBe(1);
    expect(await page.getByText(/Playing Handicap —/).count()).toBe(0);
    await page.screenshot({ path: '/tmp/shots/games-draft-nassau.png', fullPage: true });
    expect(errors).toEqual([]);
  });

  it("on a golfer's phone, skins say which holes wait for how many more cards", async () => {
    await must(client.patch(`${T()}/rounds/${roundId}/ready`), 'ready');
    // Group 1 has played three holes, group 2 one; the other 16 golfers have not started.
    for (const [i, id] of groups[0]!.entries()) await must(client.post(`${T()}/scorecards/${roundId}-${id}/scores/bulk`, { scores: [4, 4, 3].map((s, h) => ({ hole: h + 1, strokes: s + (i === h ? -1 : 0) })) }), 'scores');
    for (const id of groups[1]!) await must(client.post(`${T()}/scorecards/${roundId}-${id}/scores/bulk`, { scores: [{ hole: 1, strokes: 5 }] }), 'scores');
    const skins = (await gamesOf()).find((g) => g.kind === 'skins')!;
    const state = (await must(client.get(`${T()}/side-games/${skins.id}`), 'skins')).state;
    expect(state.waiting).toEqual([
      { hole: 1, cards: 16 },
      { hole: 2, cards: 20 },
      { hole: 3, cards: 20 },
    ]);
    const phone = await (await phoneContext(browser)).newPage();
    const phoneErrors = pageErrors(phone);
    const me = groups[0]![0]!;
    const issued = await must(client.post('/trip-portal/token', { tripId, playerId: me }), 'token');
    await openLink(phone, `${server.base}/portal#token=${issued.token}`);
    await phone.evaluate((h) => (location.hash = h), `#/t/${encodeURIComponent(`${tripId}:${me}`)}/leaderboards/game/${encodeURIComponent(skins.id)}`);
    const waiting = phone.getByTestId('skins-waiting').getByRole('listitem');
    await expect.poll(() => waiting.allTextContents(), { timeout: 20_000 }).toEqual(['Hole 1: waiting for 16 more cards on this hole.', 'Hole 2: waiting for 20 more cards on this hole.', 'Hole 3: waiting for 20 more cards on this hole.']);
    await phone.getByText('A skin is decided once every player in the game has finished the hole.').waitFor();
    await phone.screenshot({ path: '/tmp/shots/phone-skins-waiting.png', fullPage: true });
    expect(phoneErrors).toEqual([]);
  });
});
