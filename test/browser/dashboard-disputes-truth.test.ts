/**
 * Disputes and previews say only what is true (issue 35), through what the organizer sees, on a four-day trip in
 * Tokyo time with its round still being played:
 *
 * - Ben's hole 5: Ann's phone entered a 5 and corrected it to a 3 itself, then Cat's phone entered a 4 (it counts).
 *   The inbox shows the two values in disagreement (4 and 3), not Ann's replaced 5, and offers only those to choose.
 * - Every value says whose phone entered it ("Cat Duarte's phone"), a player's second device is told apart ("Dan
 *   Eriksen's phone (2nd device)"), never a device id; each time is trip time with its day.
 * - Settling with Ann's 3 previews the Nassau bets that change in words (who is up in a bet still being played),
 *   and none that reads the same before and after ("still being played → still being played").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator } from 'playwright-core';
import { api, course18, type Api } from '../support/client.js';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { desktopContext, registerByApi, type Organizer } from './support/dashboard.js';
import { openSignedIn } from './support/dashboard-tour-rounds.js';
import { startPortalServer, type PortalServer } from './support/portal.js';

const ZONE = 'Asia/Tokyo';

let server: PortalServer;
let browser: Browser;
let owner: Organizer;
let tripId: string;
let players: { id: string; name: string }[];
/** When each phone entry was made, by a name for it. */
const at = {} as Record<'annFirst' | 'annFixed' | 'cat' | 'danPhone' | 'danTablet', string>;

async function must<T = any>(what: string, res: Promise<{ status: number; body: any; text: string }>): Promise<T> {
  const r = await res;
  if (r.status !== 200 && r.status !== 201) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body as T;
}

/** A branch of a phone's score document, pushed as the phone's replication does (new_edits: false). */
async function push(phone: Api, doc: Record<string, unknown>, revs: string[]) {
  const pushed = await must<{ error?: string }[]>('push', phone.post(`/sync/trips/${tripId}/_bulk_docs`, { docs: [{ ...doc, _rev: `${revs.length}-${revs[0]}`, _revisions: { start: revs.length, ids: revs } }], new_edits: false }));
  if (pushed.some((r) => r.error)) throw new Error(`refused: ${JSON.stringify(pushed)}`);
}

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  owner = await registerByApi(server.base, 'Sam Organizer');
  const c = owner.client;
  const today = new Date().toISOString().slice(0, 10);
  const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  tripId = (await must('trip', c.post('/trips', { name: 'Chiba Golf Week', startDate: day(-1), endDate: day(2), timezone: ZONE, currency: 'EUR' }))).id;
  const T = `/trips/${tripId}`;
  players = (await must('players', c.post(`${T}/players/bulk`, { players: [{ name: 'Ann Byrne', handicapIndex: 8.4 }, { name: 'Ben Okafor', handicapIndex: 14.2 }, { name: 'Cat Duarte', handicapIndex: 19.5 }, { name: 'Dan Eriksen', handicapIndex: 24.1 }] }))).items;
  const [ann, ben, cat, dan] = players as [(typeof players)[0], (typeof players)[0], (typeof players)[0], (typeof players)[0]];
  const ids = players.map((p) => p.id);
  const roundId = (await must('round', c.post(`${T}/rounds`, { name: 'Day 2 — Kashiwa', date: today, course: course18('Kashiwa'), defaultTee: 'White', groups: [{ playerIds: ids, teeTime: '09:00', startingHole: 1 }] }))).id as string;
  await must('ready', c.patch(`${T}/rounds/${roundId}/ready`));
  await must('nassau', c.post(`${T}/side-games`, { roundId, name: 'Nassau Ann v Ben', kind: 'nassau', basis: 'gross', participants: { a: [ann.id], b: [ben.id] }, config: { stakes: 1000, autoPress: 'off' } }));
  // Seven holes played, par everywhere but Ann's birdie on 2: Ann 1 up in the front nine and the overall, both still
  // being played; Ben's hole 5 and Dan's hole 3 are left to the phones.
  const pars = course18().holes.map((h) => h.par);
  for (const p of players) {
    const scores = pars.slice(0, 7).map((par, i) => ({ hole: i + 1, strokes: p.id === ann.id && i === 1 ? par - 1 : par })).filter((s) => !(p.id === ben.id && s.hole === 5) && !(p.id === dan.id && s.hole === 3));
    await must('scores', c.post(`${T}/scorecards/${roundId}-${p.id}/scores/bulk`, { scores }));
  }
  const tokens = (await must<{ items: { playerId: string; token: string }[] }>('tokens', c.post('/trip-portal/tokens/bulk', { tripId }))).items;
  const portal = new Map<string, Api>();
  for (const t of tokens) portal.set(t.playerId, api(server.base, (await must('validate', api(server.base).post('/trip-portal/validate', { token: t.token }))).session));

  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
  const scoreDoc = (card: { id: string }, hole: number, strokes: number, by: { id: string }, deviceId: string, when: string, history: unknown[] = []) => ({
    _id: `score:${roundId}-${card.id}:${hole}`,
    type: 'score',
    scorecardId: `${roundId}-${card.id}`,
    roundId,
    playerId: card.id,
    hole,
    strokes,
    enteredBy: by.id,
    deviceId,
    enteredAt: when,
    history,
    createdAt: when,
    updatedAt: when,
  });
  // Ben's 5: Ann's phone a 5, corrected by Ann's phone to a 3; then Cat's phone, offline, a 4 (the latest: it counts).
  at.annFirst = minutesAgo(9);
  at.annFixed = minutesAgo(8);
  at.cat = minutesAgo(6);
  const annPhone = 'web-7f3c1a52-0d4e-4b8e-9c61-2f0a9b7e1d33';
  const catPhone = 'web-b6ae86e7-51c2-4f0e-8a3d-6c9e2b4d7f10';
  await push(portal.get(ann.id)!, scoreDoc(ben, 5, 5, ann, annPhone, at.annFirst), ['a'.repeat(32)]);
  await push(portal.get(ann.id)!, scoreDoc(ben, 5, 3, ann, annPhone, at.annFixed, [{ strokes: 5, enteredBy: ann.id, deviceId: annPhone, enteredAt: at.annFirst }]), ['c'.repeat(32), 'a'.repeat(32)]);
  await push(portal.get(cat.id)!, scoreDoc(ben, 5, 4, cat, catPhone, at.cat), ['b'.repeat(32)]);
  // Dan's 3 on his own card from two devices of his: a 3 on his phone, then a 4 on his tablet.
  at.danPhone = minutesAgo(5);
  at.danTablet = minutesAgo(4);
  await push(portal.get(dan.id)!, scoreDoc(dan, 3, 3, dan, 'web-0c8d2e61-9a7b-4c3d-8e5f-1a2b3c4d5e6f', at.danPhone), ['d'.repeat(32)]);
  await push(portal.get(dan.id)!, scoreDoc(dan, 3, 4, dan, 'web-9e8d7c6b-5a4f-4e3d-2c1b-0a9f8e7d6c5b', at.danTablet), ['e'.repeat(32)]);
  const disputes = (await must<{ items: { scorecardId: string; hole: number }[] }>('disputes', c.get(`${T}/score-disputes`))).items;
  expect(disputes.map((d) => d.hole).sort()).toEqual([3, 5]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** An instant as the trip's clock reads it, with the day: "Wed 2 Dec, 14:58" (Tokyo), computed here on its own. */
function tripTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso));
  const part = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${part('weekday')} ${part('day')} ${part('month')}, ${part('hour')}:${part('minute')}`;
}

const cells = async (rows: Locator) => Promise.all((await rows.all()).map(async (r) => (await r.locator('td').allInnerTexts()).map((t) => t.trim())));

describe('disputes and previews say only what is true', () => {
  it('the inbox shows the two values in disagreement, whose phone and when; the preview lists only the bets that change', { timeout: 120_000 }, async () => {
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openSignedIn(page, server.base, owner, `#/trips/${tripId}/scores`);

    // Ben's hole 5: Cat's 4 that counts and Ann's 3; Ann's 5, which her own phone replaced, is not a third value.
    const ben = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Ben Okafor, hole 5' }) });
    await ben.waitFor();
    const rows = ben.getByRole('table', { name: /values entered for hole 5 of Ben Okafor/ }).locator('tbody tr');
    await expect.poll(async () => (await cells(rows)).length).toBe(2);
    expect(await cells(rows)).toEqual([
      ['4 strokes', "Cat Duarte's phone", tripTime(at.cat), 'counts now'],
      ['3 strokes', "Ann Byrne's phone", tripTime(at.annFixed), 'not counted'],
    ]);

    // Dan's two devices told apart.
    const dan = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Dan Eriksen, hole 3' }) });
    expect(await cells(dan.locator('tbody tr'))).toEqual([
      ['4 strokes', "Dan Eriksen's phone (2nd device)", tripTime(at.danTablet), 'counts now'],
      ['3 strokes', "Dan Eriksen's phone", tripTime(at.danPhone), 'not counted'],
    ]);
    expect(await page.locator('main').innerText()).not.toMatch(/device web-|web-[0-9a-f]{8}/);
    await page.screenshot({ path: '/tmp/shots/disputes-inbox.png', fullPage: true });

    // The choices are the two values (and another value), not Ann's replaced 5.
    await ben.getByRole('button', { name: 'Settle this hole…' }).click();
    const choices = ben.getByRole('group', { name: 'The right value' }).getByRole('radio');
    expect(await Promise.all((await choices.all()).map((r) => r.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent?.replace(/\s+/g, ' ').trim())))).toEqual(["4 strokes Cat Duarte's phone (counts now)", "3 strokes Ann Byrne's phone", 'Another value']);

    // Ann's 3: Ben wins hole 5, so the front nine and the overall go from Ann 1 up to all square; the back nine,
    // not begun, does not change and is not listed.
    await ben.getByRole('radio', { name: /^3 strokes/ }).check();
    await ben.getByLabel('Reason').fill('The paper card says 3');
    await ben.getByRole('button', { name: 'Preview what it changes' }).click();
    const shown = ben.getByRole('region', { name: 'What it changes' });
    await shown.waitFor();
    const nassau = await shown.getByRole('list', { name: 'Nassau Ann v Ben' }).locator('li').allInnerTexts();
    expect(nassau).toEqual(['Front nine, still being played: Ann Byrne 1 up → all square', 'Overall (18 holes), still being played: Ann Byrne 1 up → all square']);
    const text = await shown.innerText();
    expect(text).not.toContain('still being played → still being played');
    expect(text).not.toContain('Back nine');
    expect(text).toContain('Nobody wins or owes a different amount.');
    await shown.screenshot({ path: '/tmp/shots/dispute-preview.png' });
    await ben.screenshot({ path: '/tmp/shots/dispute-settle.png' });

    // The hole's history keeps Ann's replaced 5, on her phone, with the day and the time.
    await ben.getByRole('button', { name: 'Cancel' }).click();
    await ben.getByRole('link', { name: 'The card and its history' }).click();
    const history = page.getByRole('region', { name: 'History of hole 5, Ben Okafor' }).locator('tbody tr');
    await expect.poll(async () => (await cells(history)).length).toBe(3);
    expect((await cells(history)).map((r) => r.slice(0, 4))).toEqual([
      ['5', "Ann Byrne's phone", tripTime(at.annFirst), '—'],
      ['3', "Ann Byrne's phone", tripTime(at.annFixed), '—'],
      ['4 counts now', "Cat Duarte's phone", tripTime(at.cat), '—'],
    ]);
    await page.getByRole('region', { name: 'History of hole 5, Ben Okafor' }).screenshot({ path: '/tmp/shots/hole-history.png' });
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });
});
