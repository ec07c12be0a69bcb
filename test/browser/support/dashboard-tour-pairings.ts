/**
 * The Pairings tab of the dashboard, for its browser test, `npm run screenshots` and `npm run bench:dashboard`: a
 * trip built through the REST API (players with handicaps, divisions and teams, two rounds, a keep-apart rule),
 * dragging on the tee sheet as a person does (sortablejs listens to pointer events), and a walk through every
 * view of the tab.
 */
import { join } from 'node:path';
import type { Browser, Page, Locator } from 'playwright-core';
import { course18 } from '../../support/client.js';
import { desktopContext, registerByApi, signInInPage, type Organizer } from './dashboard.js';
import { settle } from './tour.js';

export interface PairingsTrip {
  owner: Organizer;
  tripId: string;
  rounds: string[];
  players: { id: string; name: string }[];
}

export const PAIRING_NAMES = ['Ann Byrne', 'Ben Cole', 'Cat Doyle', 'Dan Egan', 'Eve Flynn', 'Finn Gray', 'Gus Hart', 'Hal Ives', 'Ida Joyce', 'Jon Kane', 'Kay Lynch', 'Liam Moore', 'Mia Nolan', 'Ned Owens', 'Ola Quinn', 'Pat Reid'];

async function must(res: Promise<{ status: number; body: any; text: string }>, what: string): Promise<any> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body;
}

/**
 * An organizer's trip of `count` players (the 16 names, then "Player 17"…), two rounds of everyone, and a keep-apart
 * rule (Ann Byrne and Ben Cole, priority 8). `pairSecond` pairs and times the second round (so fairness counts two
 * rounds); `pairFirst` pairs the first (balanced foursomes, single tee from 08:00 every 8 minutes).
 */
export async function pairingsTrip(base: string, opts: { count?: number; owner?: Organizer; pairFirst?: boolean; pairSecond?: boolean } = {}): Promise<PairingsTrip> {
  const count = opts.count ?? 16;
  const owner = opts.owner ?? (await registerByApi(base, 'Pat Pairer'));
  const trip = await must(owner.client.post('/trips', { name: count > 16 ? `Big outing ${count}` : 'Algarve 2027', startDate: '2027-04-10', endDate: '2027-04-14', timezone: 'Europe/Lisbon', currency: 'EUR' }), 'trip');
  const tripId = trip.id as string;
  const rows = Array.from({ length: count }, (_, i) => ({
    name: PAIRING_NAMES[i] ?? `Player ${i + 1}`,
    handicapIndex: Math.round((2 + ((i * 7.3) % 30)) * 10) / 10,
    division: i % 2 ? 'Seniors' : 'Open',
    team: i % 2 ? 'Europe' : 'USA',
  }));
  const players = (await must(owner.client.post(`/trips/${tripId}/players/bulk`, { players: rows }), 'players')).items as { id: string; name: string }[];
  const ids = players.map((p) => p.id);
  const rounds: string[] = [];
  for (const [name, date] of [
    ['Day 1', '2027-04-11'],
    ['Day 2', '2027-04-12'],
  ] as const) {
    const r = await must(owner.client.post(`/trips/${tripId}/rounds`, { name, date, course: course18(name === 'Day 1' ? 'Old Course' : 'Victoria'), defaultTee: 'White', playerIds: ids }), name);
    rounds.push(r.id as string);
  }
  await must(owner.client.put(`/events/${tripId}/rules`, { rules: [{ kind: 'keep_apart', playerIds: [ids[0], ids[1]], priority: 8, note: 'Rivals' }] }), 'rules');
  const pair = async (roundId: string, firstTime: string) => {
    await must(owner.client.post(`/rounds/${roundId}/auto-pair`, { strategy: 'balanced', groupSize: 4, seed: 7 }), 'auto-pair');
    await must(owner.client.post(`/rounds/${roundId}/bulk-tee-times`, { format: 'single', firstTime, intervalMinutes: 8 }), 'tee times');
  };
  if (opts.pairSecond) await pair(rounds[1]!, '09:00');
  if (opts.pairFirst) await pair(rounds[0]!, '08:00');
  return { owner, tripId, rounds, players };
}

/**
 * Drags with the mouse as a person does: press on `from`, move in steps (sortablejs starts a drag after a few
 * pixels and finds the list under the pointer as it moves), release over `to`.
 */
export async function dragOnto(page: Page, from: Locator, to: Locator): Promise<void> {
  // Both ends in the window: the page scrolled so that the middle between them is its middle.
  const a0 = (await from.boundingBox())!;
  const b0 = (await to.boundingBox())!;
  await page.evaluate((y) => window.scrollBy(0, y), (a0.y + b0.y + b0.height) / 2 - page.viewportSize()!.height / 2);
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height * 0.75, { steps: 12 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height * 0.8, { steps: 4 });
  await page.mouse.up();
}

/** The group card (`li`) holding the player named `name`. */
export const groupOf = (page: Page, name: string) => page.getByTestId('sheet-group').filter({ has: page.getByTestId('sheet-player').filter({ hasText: name }) });

/** The chip of a player on the sheet (its name, where a drag starts). */
export const chipOf = (page: Page, name: string) => page.getByTestId('sheet-player').filter({ hasText: name }).locator('.chip-name');

export type PairingsVisit = (name: string, page: Page) => Promise<void>;

async function go(page: Page, base: string, hash: string): Promise<void> {
  if (page.url().startsWith(base)) await page.evaluate((h) => void (location.hash = h), hash);
  else await page.goto(`${base}/${hash}`);
  await page.waitForFunction((h) => location.hash === h, hash);
  await settle(page, 'main');
}

/**
 * Every view of the Pairings tab, signed in as the trip's owner (the page must be signed in): the tee sheet (and its
 * menus), rotations, copy pairings, waves, round robin and open tee times, each after its main action. `visit`
 * runs at each stop (a screenshot, an axe scan). Answers the names visited.
 */
export async function pairingsTour(page: Page, base: string, trip: PairingsTrip, visit: PairingsVisit): Promise<string[]> {
  const seen: string[] = [];
  const stop = async (name: string) => {
    await settle(page, 'main');
    await visit(name, page);
    seen.push(name);
  };
  const at = (view?: string) => `#/trips/${trip.tripId}/pairings?round=${trip.rounds[0]}${view ? `&view=${view}` : ''}`;
  await go(page, base, at());
  await page.getByRole('heading', { name: 'Tee sheet' }).waitFor();
  await page.getByTestId('sheet-player').first().waitFor();
  await stop('pairings-sheet');
  await page.getByRole('button', { name: `Move ${PAIRING_NAMES[0]}…` }).click();
  await page.getByRole('dialog', { name: `Move ${PAIRING_NAMES[0]}` }).waitFor();
  await stop('pairings-player-menu');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Group 1 actions…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Swap groups' }).waitFor();
  await stop('pairings-group-menu');
  await page.keyboard.press('Escape');

  await go(page, base, at('rotations'));
  // Both rounds are paired already, so neither is chosen at first (a paired round is kept unless chosen).
  for (const day of ['Day 1', 'Day 2']) await page.getByRole('checkbox', { name: new RegExp(`^${day} ·`) }).check();
  await page.getByTestId('rotation-replaced').waitFor();
  await page.getByRole('button', { name: 'Pair the rounds' }).click();
  await page.getByRole('heading', { name: /^Paired 2 rounds/ }).waitFor();
  await stop('pairings-rotations');

  await go(page, base, at('copy'));
  await page.getByLabel('Move every tee time by some minutes').check();
  await page.getByLabel('Swap starting holes').check();
  await page.getByRole('button', { name: 'Copy pairings' }).click();
  await page.getByRole('heading', { name: /^Copied to/ }).waitFor();
  await page.getByRole('button', { name: 'Make the second round' }).click();
  await page.getByText(/now has 4 groups, first off/).waitFor();
  await stop('pairings-copy');

  await go(page, base, at('waves'));
  await page.getByRole('button', { name: 'Plan the waves' }).click();
  await page.getByRole('heading', { name: 'The wave plan' }).waitFor();
  await stop('pairings-waves');

  await go(page, base, at('round-robin'));
  await page.getByLabel('Who plays').selectOption('teams');
  await page.getByRole('button', { name: /Make (the|a new) schedule/ }).click();
  await page.getByRole('heading', { name: /rounds?, 2 teams/ }).waitFor();
  await stop('pairings-round-robin');

  await go(page, base, at('open'));
  await page.getByRole('button', { name: /^(Open tee times|Save changes)$/ }).click();
  await page.getByRole('heading', { name: 'Availability' }).waitFor();
  await page.getByRole('button', { name: 'Book', exact: true }).click();
  await page.getByRole('button', { name: /^Cancel .* booking at 08:00$/ }).waitFor();
  await stop('pairings-open-tee-times');
  return seen;
}

/**
 * `npm run screenshots` of the Pairings tab: a 16-player trip paired and timed, signed in through the page, every
 * view at 1440×900 (`dashboard-pairings-NN-<view>.png`) and the tee sheet at 1024×768; a `-full.png` where the
 * view is taller than the window. Answers the files written; page errors go to `problems`.
 */
export async function pairingsScreenshots(browser: Browser, base: string, outDir: string, problems: string[]): Promise<string[]> {
  const written: string[] = [];
  const trip = await pairingsTrip(base, { pairFirst: true, pairSecond: true });
  for (const size of [
    { tag: '', viewport: { width: 1440, height: 900 }, only: null as string[] | null },
    { tag: '1024-', viewport: { width: 1024, height: 768 }, only: ['pairings-sheet', 'pairings-player-menu', 'pairings-rotations'] },
  ]) {
    const context = await desktopContext(browser, size.viewport);
    const page = await context.newPage();
    page.on('pageerror', (e) => problems.push(`pageerror (pairings): ${e.message}`));
    await page.goto(`${base}/#/trips/${trip.tripId}/pairings`);
    await signInInPage(page, { email: trip.owner.email });
    await page.getByTestId('sheet-player').first().waitFor();
    let k = 0;
    await pairingsTour(page, base, trip, async (name, p) => {
      k += 1;
      if (size.only && !size.only.includes(name)) return;
      const file = join(outDir, `dashboard-pairings-${size.tag}${String(k).padStart(2, '0')}-${name.replace(/^pairings-/, '')}.png`);
      await p.screenshot({ path: file });
      written.push(file);
      const height = await p.evaluate(() => document.documentElement.scrollHeight);
      if (height > size.viewport.height + 8 && !name.endsWith('menu')) {
        const whole = file.replace(/\.png$/, '-full.png');
        await p.screenshot({ path: whole, fullPage: true });
        written.push(whole);
      }
    });
    await context.close();
  }
  return written;
}
