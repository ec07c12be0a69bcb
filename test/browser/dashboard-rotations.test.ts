/**
 * Rotations over the whole trip (issue 34, test 5) in a real Chromium: 24 golfers, Day 1 paired by hand, Day 2 drawn
 * at random, Day 3 rotated alone on the Pairings tab's Rotations view. The page keeps Days 1–2 as they are (the
 * server's groups are unchanged), says how many pairs play together twice over the trip's three rounds, and that
 * claim equals the count made from the rounds' pairings over REST; the repeats are no more than the best of 200
 * random Day 3s; the fairness score comes with words naming the players it is unfair to.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createRng } from '../../shared/domain/scheduling/random.js';
import { course18 } from '../support/client.js';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { desktopContext, openDashboard, registerByApi, signInInPage } from './support/dashboard.js';
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

const NAMES = ['Ann', 'Bob', 'Carl', 'Dan', 'Eve', 'Fay', 'Gus', 'Hal', 'Ida', 'Jon', 'Kay', 'Liam', 'Mia', 'Ned', 'Ola', 'Pat', 'Quin', 'Rory', 'Sam', 'Tom', 'Uma', 'Vic', 'Wes', 'Zoe'].map((n) => `${n} Golfer`);

/** Pairs by the rounds they share, from the groups given. */
function shared(rounds: string[][][]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  rounds.forEach((round, r) =>
    round.forEach((g) => {
      const m = [...g].sort();
      m.forEach((a, i) => m.slice(i + 1).forEach((b) => out.set(`${a}|${b}`, [...(out.get(`${a}|${b}`) ?? []), r])));
    }),
  );
  return out;
}
const repeatsOf = (rounds: string[][][]) => [...shared(rounds).values()].reduce((s, r) => s + Math.max(0, r.length - 1), 0);

describe('rotations over the whole trip', () => {
  it('Day 3 rotated against a hand-made Day 1 and a drawn Day 2: what the page claims is the trip\'s count from REST, Days 1–2 unchanged, no worse than 200 draws', async () => {
    const owner = await registerByApi(server.base, 'Rita Rotor');
    const c = owner.client;
    const tripId = (await c.post('/trips', { name: 'Kerry 2027', startDate: '2027-06-01', endDate: '2027-06-05', timezone: 'Europe/Dublin', currency: 'EUR' })).body.id as string;
    const players = (await c.post(`/trips/${tripId}/players/bulk`, { players: NAMES.map((name, i) => ({ name, handicapIndex: i + 1 })) })).body.items as { id: string; name: string }[];
    const ids = players.map((p) => p.id);
    const name = new Map(players.map((p) => [p.id, p.name]));
    // Day 1 by hand: the list four by four, tee times from 08:00. Day 2 drawn at random, with tee times. Day 3 open.
    const day1Groups = Array.from({ length: 6 }, (_, g) => ({ playerIds: ids.slice(g * 4, g * 4 + 4), teeTime: `08:${String(g * 10).padStart(2, '0')}`, startingHole: 1 }));
    const day1 = (await c.post(`/trips/${tripId}/rounds`, { name: 'Day 1', date: '2027-06-02', course: course18('Old Course'), defaultTee: 'White', groups: day1Groups })).body.id as string;
    const day2 = (await c.post(`/trips/${tripId}/rounds`, { name: 'Day 2', date: '2027-06-03', course: course18('Victoria'), defaultTee: 'White', playerIds: ids })).body.id as string;
    expect((await c.post(`/rounds/${day2}/auto-pair`, { strategy: 'random', groupSize: 4, seed: 12 })).status).toBe(200);
    expect((await c.post(`/rounds/${day2}/bulk-tee-times`, { format: 'single', firstTime: '09:00', intervalMinutes: 10 })).status).toBe(200);
    const day3 = (await c.post(`/trips/${tripId}/rounds`, { name: 'Day 3', date: '2027-06-04', course: course18('Ballybunion'), defaultTee: 'White', playerIds: ids })).body.id as string;
    const groupsOf = async (roundId: string): Promise<string[][]> => ((await c.get(`/rounds/${roundId}/pairings`)).body.groups as { playerIds: string[] }[]).map((g) => g.playerIds);
    const before = [await groupsOf(day1), await groupsOf(day2)];

    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openDashboard(page, server.base, `#/trips/${tripId}/pairings?view=rotations`);
    await signInInPage(page, { email: owner.email });
    await page.getByRole('heading', { name: 'Pair several rounds' }).waitFor();
    // Only the round with no groups is chosen; the two paired by hand or by draw are kept.
    expect(await page.getByRole('checkbox', { name: /^Day 1 ·/ }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: /^Day 2 ·/ }).isChecked()).toBe(false);
    expect(await page.getByRole('checkbox', { name: /^Day 3 ·/ }).isChecked()).toBe(true);
    expect(await page.getByTestId('rotation-kept').textContent()).toContain('Kept as they are: Day 1 and Day 2.');
    // Before pairing, the fairness shown is the trip's as it stands: Days 1 and 2, the rounds with tee times.
    await page.getByRole('heading', { name: 'Tee-time fairness over the trip now' }).waitFor();
    await page.getByText('over 2 rounds with tee times').waitFor();
    mkdirSync('/tmp/shots', { recursive: true });
    await page.screenshot({ path: '/tmp/shots/rotations-form.png', fullPage: true });
    await page.getByRole('button', { name: 'Pair the rounds' }).click();
    await page.getByRole('heading', { name: 'Paired 1 round: Day 3' }).waitFor();

    // Days 1–2 as they were; the claim is the whole trip's count from the rounds as the server holds them.
    expect([await groupsOf(day1), await groupsOf(day2)]).toEqual(before);
    const trip = [...before, await groupsOf(day3)];
    const pairs = shared(trip);
    const byMeetings = new Map<number, number>();
    for (const r of pairs.values()) if (r.length > 1) byMeetings.set(r.length, (byMeetings.get(r.length) ?? 0) + 1);
    const claim = (await page.getByTestId('rotation-claim').textContent())!;
    expect(claim).toMatch(/^Over the trip's 3 rounds/);
    const twice = byMeetings.get(2) ?? 0;
    const thrice = byMeetings.get(3) ?? 0;
    if (twice + thrice === 0) expect(claim).toBe("Over the trip's 3 rounds nobody plays with anyone twice.");
    else {
      if (twice) expect(claim).toContain(`${twice} pair${twice === 1 ? '' : 's'} play together twice`);
      expect(claim).toContain(thrice ? `${thrice} pair${thrice === 1 ? '' : 's'}${twice ? '' : ' play together'} three times` : 'nobody three times');
    }
    // Each repeated pair is listed with the days they share.
    const lines = await page.getByTestId('rotation-repeats').getByRole('listitem').allTextContents();
    const expected = [...pairs.entries()]
      .filter(([, r]) => r.length > 1)
      .map(([key, r]) => ({ names: key.split('|').map((id) => name.get(id)!), days: r.map((i) => `Day ${i + 1}`) }));
    expect(lines).toHaveLength(expected.length);
    for (const e of expected) {
      const days = e.days.length === 2 ? `${e.days[0]} and ${e.days[1]}` : `${e.days[0]}, ${e.days[1]} and ${e.days[2]}`;
      expect(lines.some((l) => l === `${e.names[0]} & ${e.names[1]}: ${days}` || l === `${e.names[1]} & ${e.names[0]}: ${days}`), `${e.names.join(' & ')}: ${days}`).toBe(true);
    }
    // Day 3 adds no repeat of its own, and beats (or equals) the best of 200 random Day 3s.
    expect(repeatsOf(trip)).toBe(repeatsOf(before));
    const rng = createRng(34);
    let best = Infinity;
    for (let i = 0; i < 200; i++) {
      const order = rng.shuffle(ids);
      best = Math.min(best, repeatsOf([...before, Array.from({ length: 6 }, (_, g) => order.slice(g * 4, g * 4 + 4))]));
    }
    expect(repeatsOf(trip)).toBeLessThanOrEqual(best);

    // The fairness score has words naming the least even players, as the server scores them.
    const fairness = (await c.get(`/events/${tripId}/fairness`)).body as { roundIds: string[]; players: { name: string; score: number }[] };
    expect(fairness.roundIds).toEqual([day1, day2, day3]);
    const lowest = Math.min(...fairness.players.map((p) => p.score));
    const words = (await page.getByTestId('fairness-words').textContent())!;
    if (lowest < 100) {
      expect(words).toContain(`Least even (${lowest}/100): `);
      const worst = fairness.players.filter((p) => p.score === lowest).map((p) => p.name).sort((a, b) => a.localeCompare(b));
      for (const n of worst.slice(0, 3)) expect(words).toContain(n);
    }
    const partners = (await page.getByTestId('rotation-partners').textContent())!;
    expect(partners).toMatch(/different partners/);

    await page.screenshot({ path: '/tmp/shots/rotations-day3.png', fullPage: true });
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  }, 120_000);
});
