/**
 * The Games tab for its browser test, the screenshots and the accessibility test: a trip of four players in two
 * teams built through the REST API, Day 1 scored in full and completed (no game yet: "the group forgot to set
 * skins"), Day 2 ready; and a tour of every view of the tab with games on Day 2 and two competitions.
 */
import type { Page } from 'playwright-core';
import { course18, organizer, type Api } from '../../support/client.js';
import type { AreaTour, AreaVisit } from './dashboard-areas.js';
import { goToHash, stopper } from './dashboard-areas.js';
import { signInInPage } from './dashboard.js';
import { settle } from './tour.js';

export const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4];
export const GAME_PLAYERS = [
  { name: 'Ann Byrne', handicapIndex: 12.4, team: 'USA' },
  { name: 'Ben Okafor', handicapIndex: 18.0, team: 'Europe' },
  { name: 'Cat Duarte', handicapIndex: 7.2, team: 'USA' },
  { name: 'Dan Eriksen', handicapIndex: 24.6, team: 'Europe' },
];

/**
 * Day 1's gross scores: par everywhere but Ann's birdie on 2, Ben's and Cat's on 5, Cat's on 6 and Dan's on 18. Gross
 * skins with carry-over: Ann wins holes 1–2 (2 skins), Cat 3–6 (4), Dan 7–18 (12); Ben none.
 */
export function day1Strokes(player: number, hole: number): number {
  const par = PARS[hole - 1]!;
  const birdie = (player === 0 && hole === 2) || ((player === 1 || player === 2) && hole === 5) || (player === 2 && hole === 6) || (player === 3 && hole === 18);
  return birdie ? par - 1 : par;
}

export interface GamesTrip {
  email: string;
  client: Api;
  tripId: string;
  players: { id: string; name: string }[];
  day1: string;
  day2: string;
}

async function must(res: Promise<{ status: number; body: any; text?: string }>, what: string): Promise<any> {
  const r = await res;
  if (r.status >= 300) throw new Error(`games trip: ${what}: ${r.status} ${r.text ?? JSON.stringify(r.body)}`);
  return r.body;
}

export async function gamesTrip(base: string): Promise<GamesTrip> {
  const org = await organizer(base, 'Gina Games');
  const c = org.client;
  const trip = await must(c.post('/trips', { name: 'Algarve Games', startDate: '2027-04-10', endDate: '2027-04-13', timezone: 'Europe/Lisbon', currency: 'EUR' }), 'trip');
  const T = `/trips/${trip.id}`;
  const players = (await must(c.post(`${T}/players/bulk`, { players: GAME_PLAYERS }), 'players')).items as { id: string; name: string }[];
  const ids = players.map((p) => p.id);
  const round = async (name: string, date: string) => {
    const r = await must(c.post(`${T}/rounds`, { name, date, course: course18('Victoria Course'), defaultTee: 'White', groups: [{ playerIds: ids, teeTime: '09:00', startingHole: 1 }] }), name);
    await must(c.patch(`${T}/rounds/${r.id}/ready`), `${name} ready`);
    return r.id as string;
  };
  const day1 = await round('Day 1', '2027-04-11');
  const day2 = await round('Day 2', '2027-04-12');
  for (const [i, id] of ids.entries()) {
    const scores = PARS.map((_, h) => ({ hole: h + 1, strokes: day1Strokes(i, h + 1) }));
    await must(c.post(`${T}/scorecards/${day1}-${id}/scores/bulk`, { scores }), 'scores');
  }
  await must(c.post(`${T}/rounds/${day1}/complete`), 'complete Day 1');
  return { email: org.email, client: c, tripId: trip.id as string, players, day1, day2 };
}

/** Day 2 in play with a net skins game, a four-ball Nassau, a point game per team; two competitions with a match. */
export async function gamesOnDay2(base: string, t: GamesTrip): Promise<{ skins: string; nassau: string; tournament: string; cup: string }> {
  const c = t.client;
  const T = `/trips/${t.tripId}`;
  const [ann, ben, cat, dan] = t.players.map((p) => p.id) as [string, string, string, string];
  const ids = [ann, ben, cat, dan];
  for (const [i, id] of ids.entries()) {
    const scores = PARS.slice(0, 9).map((par, h) => ({ hole: h + 1, strokes: par + ((i + h) % 3) - 1 }));
    await must(c.post(`${T}/scorecards/${t.day2}-${id}/scores/bulk`, { scores }), 'Day 2 scores');
  }
  const skins = await must(c.post(`${T}/side-games`, { kind: 'skins', roundId: t.day2, name: 'Net skins', basis: 'net', participants: ids, config: { mode: 'per_skin', cents: 500 } }), 'skins');
  const nassau = await must(c.post(`${T}/side-games`, { kind: 'nassau', roundId: t.day2, name: 'Four-ball Nassau', basis: 'net', participants: { a: [ann, cat], b: [ben, dan] }, config: { stakes: 1000, autoPress: 'original_bets' } }), 'nassau');
  await must(c.post(`${T}/rounds/${t.day2}/point-games`, { team: 'USA', captainId: ann }), 'point game');
  const tournament = await must(c.post(`${T}/competitions`, { name: 'Algarve Cup (net)', format: 'stroke_net', roundIds: [t.day1, t.day2] }), 'competition');
  const cup = await must(c.post(`${T}/competitions`, { name: 'USA v Europe', format: 'team_match', roundIds: [t.day2] }), 'team match');
  await must(c.post(`${T}/competitions/${cup.id}/matches`, { roundId: t.day2, format: 'singles', sideA: [ann], sideB: [ben] }), 'match');
  return { skins: skins.game.id, nassau: nassau.game.id, tournament: tournament.id, cup: cup.id };
}

/** Opens a fragment of the dashboard, signing in through the page when it asks. */
export async function openGames(page: Page, base: string, email: string, hash: string): Promise<void> {
  await page.goto(`${base}/${hash}`);
  await page.waitForSelector('main#main h1');
  if (await page.getByRole('heading', { name: 'Sign in' }).count()) {
    await signInInPage(page, { email });
    await page.waitForFunction((h) => location.hash === h, hash);
  }
  await settle(page, 'main');
}

export const area: AreaTour = {
  area: 'games',
  async tour(page: Page, base: string, visit: AreaVisit): Promise<string[]> {
    const t = await gamesTrip(base);
    const g = await gamesOnDay2(base, t);
    const seen: string[] = [];
    const stop = stopper(page, visit, seen);
    const at = `#/trips/${t.tripId}/games`;
    await openGames(page, base, t.email, `${at}?round=${t.day2}`);
    await page.getByRole('heading', { name: 'Handicap strokes in this round' }).waitFor();
    await stop('round-games');
    await goToHash(page, `${at}?game=${g.skins}`);
    await page.getByRole('heading', { name: 'Hole by hole' }).waitFor();
    await stop('skins');
    await goToHash(page, `${at}?game=${g.nassau}`);
    await page.getByRole('heading', { name: 'The bets' }).waitFor();
    await stop('nassau');
    await goToHash(page, `${at}?round=${t.day2}&new=nassau`);
    await page.getByRole('heading', { name: 'New Nassau' }).waitFor();
    await stop('new-nassau');
    await goToHash(page, `${at}?round=${t.day1}&new=skins`);
    await page.getByRole('heading', { name: 'New skins game' }).waitFor();
    await page.getByLabel(/Value of a skin/).fill('5');
    await page.getByRole('button', { name: 'Add skins' }).click();
    await page.getByRole('dialog', { name: 'Day 1 is completed' }).waitFor();
    await visit('completed-round-confirm', page);
    seen.push('completed-round-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Go back' }).click();
    await goToHash(page, `${at}?round=${t.day1}`);
    await page.getByText('A point game cannot be added to a completed round').waitFor();
    await stop('completed-round');
    await goToHash(page, `${at}?view=competitions`);
    await page.getByRole('link', { name: 'USA v Europe' }).waitFor();
    await stop('competitions');
    await goToHash(page, `${at}?competition=${g.tournament}`);
    await page.getByRole('table', { name: 'Competition board' }).waitFor();
    await stop('competition-board');
    await goToHash(page, `${at}?competition=${g.cup}`);
    await page.getByRole('heading', { name: 'Team matches' }).waitFor();
    await stop('team-matches');
    await goToHash(page, `${at}?view=new-competition`);
    await page.getByRole('heading', { name: 'New competition' }).waitFor();
    await stop('new-competition');
    return seen;
  },
};

