/**
 * The Leaderboards tab for its browser test, the screenshots and the accessibility test: the rich trip (Day 1 in
 * play, a two-round net competition and a Day 1 Stableford), topped up with flights on a few players and a team
 * match competition on Day 1, Day 1 also scored as best ball by team; a tour of every kind of board, a filter and a derivation dialog.
 */
import type { Page } from 'playwright-core';
import type { AreaTour } from './dashboard-areas.js';
import { goToHash, stopper } from './dashboard-areas.js';
import { signInInPage } from './dashboard.js';
import { richTrip, type RichTrip } from './rich-trip.js';
import { settle } from './tour.js';

export interface BoardsTrip {
  rich: RichTrip;
  /** The team match competition (USA v Europe on Day 1, one singles). */
  cupId: string;
}

async function must(res: Promise<{ status: number; body: any; text?: string }>, what: string): Promise<any> {
  const r = await res;
  if (r.status >= 300) throw new Error(`boards trip: ${what}: ${r.status} ${r.text ?? JSON.stringify(r.body)}`);
  return r.body;
}

export async function boardsTrip(base: string): Promise<BoardsTrip> {
  const rich = await richTrip(base);
  const c = rich.org.client;
  const T = `/trips/${rich.tripId}`;
  // Flights A and B on alternate players (the rich trip has teams but no flights).
  for (const [i, p] of rich.players.entries()) await must(c.patch(`${T}/players/${p.id}`, { flight: i < rich.players.length / 2 ? 'A' : 'B' }), 'flight');
  const cup = await must(c.post(`${T}/competitions`, { name: 'USA v Europe', format: 'team_match', roundIds: [rich.day1.id] }), 'team match');
  const [a, b] = rich.day1.groups[0]!.playerIds;
  await must(c.post(`${T}/competitions/${cup.id}/matches`, { roundId: rich.day1.id, format: 'singles', sideA: [a], sideB: [b] }), 'match');
  // Day 1 also played as best ball by team (the best net ball of each team counts).
  await must(c.post(`${T}/rounds/${rich.day1.id}/convert-to-team-scorecards`, { format: 'best_ball', teams: 'teams', bestOf: 1 }), 'team cards');
  return { rich, cupId: cup.id as string };
}

/** Opens a fragment of the dashboard as the rich trip's organizer, signing in through the page when it asks. */
export async function openBoards(page: Page, base: string, rich: RichTrip, hash: string): Promise<void> {
  await page.goto(`${base}/${hash}`);
  await page.waitForSelector('main#main h1');
  if (await page.getByRole('heading', { name: 'Sign in' }).count()) {
    await signInInPage(page, { email: rich.org.email });
    await page.waitForFunction((h) => location.hash === h, hash);
  }
  await settle(page, 'main');
}

export const goTo = goToHash;

export const area: AreaTour = {
  area: 'boards',
  async tour(page, base, visit) {
    const { rich, cupId } = await boardsTrip(base);
    const seen: string[] = [];
    const stop = stopper(page, visit, seen);
    const at = `#/trips/${rich.tripId}/leaderboards`;
    await openBoards(page, base, rich, at);
    await page.getByRole('table', { name: rich.day1.name }).waitFor();
    await stop('round');
    await page.getByRole('button', { name: /^Net \d+, / }).first().click();
    await page.getByRole('dialog').getByRole('table').waitFor();
    await visit('derivation', page);
    seen.push('derivation');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await goTo(page, `${at}?round=${rich.day1.id}&team=USA&flight=A`);
    await stop('round-filtered');
    await goTo(page, `${at}?board=teams&round=${rich.day1.id}`);
    await page.getByRole('table', { name: `${rich.day1.name}: teams` }).waitFor();
    await stop('teams');
    await page.getByRole('button', { name: /^Net \d+, USA/ }).click();
    await page.getByRole('dialog').getByRole('table').waitFor();
    await visit('team-derivation', page);
    seen.push('team-derivation');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await goTo(page, `${at}?board=competition&competition=${rich.competitions[0]!.id}`);
    await page.getByRole('table', { name: rich.competitions[0]!.name }).waitFor();
    await stop('competition');
    await goTo(page, `${at}?board=competition&competition=${cupId}`);
    await page.getByRole('heading', { name: 'Matches' }).waitFor();
    await stop('team-match');
    await goTo(page, `${at}?board=multi&basis=gross`);
    await page.getByRole('table', { name: 'Several rounds added up' }).waitFor();
    await stop('multi-round');
    return seen;
  },
};
