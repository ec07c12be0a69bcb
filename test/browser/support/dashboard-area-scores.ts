/**
 * The Disputes and corrections tab (issue 24): its data, built through the REST API as organizers and phones make it,
 * and its tour for `npm run screenshots` and the accessibility test (`area: 'scores'`).
 *
 * Four players (Ann, Ben, Cat, Dan) in one group play "Day 1" (par everywhere but Ann's birdie on 2 and Cat's on 6);
 * gross skins for the four at €5 a skin and a gross Nassau Ann v Ben. Two phones of the group enter hole 5 of Ben's
 * card differently (Ann's phone a 3, Cat's phone a 4 two minutes later): the server merges them, the 4 counts and the
 * hole is disputed. The round is completed, a unified settlement plan stored and its first payment confirmed.
 */
import type { Page } from 'playwright-core';
import { api, course18, type Api } from '../../support/client.js';
import { registerByApi, type Organizer } from './dashboard.js';
import type { AreaTour } from './dashboard-areas.js';
import { goToHash, stopper } from './dashboard-areas.js';
import { openSignedIn } from './dashboard-tour-rounds.js';

export interface ScoresTrip {
  owner: Organizer;
  tripId: string;
  roundId: string;
  players: { id: string; name: string }[];
  /** Ben's card, hole 5: Ann's phone 3, Cat's phone 4 (counts). */
  dispute: { scorecardId: string; hole: number };
  /** Portal sessions by player id (the phones' REST and gateway access). */
  portal: Map<string, Api>;
  /** The settlement confirmed before any fix. */
  confirmed: { id: string; cents: number; fromPlayerId: string; toPlayerId: string; status: string };
}

const PARS = course18().holes.map((h) => h.par);

async function must<T = any>(what: string, res: Promise<{ status: number; body: any; text: string }>, ...ok: number[]): Promise<T> {
  const r = await res;
  if (!(ok.length ? ok : [200, 201]).includes(r.status)) throw new Error(`scores trip: ${what}: ${r.status} ${r.text}`);
  return r.body as T;
}

export async function scoresTrip(base: string, owner?: Organizer): Promise<ScoresTrip> {
  owner ??= await registerByApi(base, 'Sam Organizer');
  const c = owner.client;
  const today = new Date().toISOString().slice(0, 10);
  const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const trip = await must('trip', c.post('/trips', { name: 'Algarve Golf Week', startDate: day(-1), endDate: day(2), timezone: 'UTC', currency: 'EUR', destination: 'Vilamoura' }), 201);
  const tripId = trip.id as string;
  const T = `/trips/${tripId}`;
  const rows = [
    { name: 'Ann Byrne', handicapIndex: 8.4 },
    { name: 'Ben Okafor', handicapIndex: 14.2 },
    { name: 'Cat Duarte', handicapIndex: 19.5 },
    { name: 'Dan Eriksen', handicapIndex: 24.1 },
  ];
  const players = (await must<{ items: { id: string; name: string }[] }>('players', c.post(`${T}/players/bulk`, { players: rows }), 201)).items;
  const [ann, ben, cat] = players as [(typeof players)[0], (typeof players)[0], (typeof players)[0]];
  const ids = players.map((p) => p.id);
  const round = await must('round', c.post(`${T}/rounds`, { name: 'Day 1 — Victoria', date: today, course: course18('Victoria Course'), defaultTee: 'White', groups: [{ playerIds: ids, teeTime: '09:00', startingHole: 1 }] }), 201);
  const roundId = round.id as string;
  await must('ready', c.patch(`${T}/rounds/${roundId}/ready`), 200);
  await must('skins', c.post(`${T}/side-games`, { roundId, name: 'Gross skins', kind: 'skins', basis: 'gross', participants: ids, config: { mode: 'per_skin', cents: 500 } }), 201);
  await must('nassau', c.post(`${T}/side-games`, { roundId, name: 'Nassau Ann v Ben', kind: 'nassau', basis: 'gross', participants: { a: [ann.id], b: [ben.id] }, config: { stakes: 1000, autoPress: 'off' } }), 201);

  // Par everywhere, but Ann's birdie on 2 and Cat's on 6; Ben's hole 5 is left to the two phones.
  for (const p of players) {
    const scores = PARS.map((par, i) => ({ hole: i + 1, strokes: (p.id === ann.id && i === 1) || (p.id === cat.id && i === 5) ? par - 1 : par })).filter((s) => !(p.id === ben.id && s.hole === 5));
    await must('scores', c.post(`${T}/scorecards/${roundId}-${p.id}/scores/bulk`, { scores }), 200);
  }

  const tokens = (await must<{ items: { playerId: string; token: string }[] }>('tokens', c.post('/trip-portal/tokens/bulk', { tripId }), 201, 200)).items;
  const portal = new Map<string, Api>();
  for (const t of tokens) {
    const v = await must('validate', api(base).post('/trip-portal/validate', { token: t.token }), 200);
    portal.set(t.playerId, api(base, v.session as string));
  }

  // Two phones scored Ben's hole 5 while offline; their branches reach the gateway as they are (new_edits: false).
  const scorecardId = `${roundId}-${ben.id}`;
  for (const [phone, strokes, minutesAgo, rev] of [[ann, 3, 6, 'a'], [cat, 4, 4, 'b']] as const) {
    const at = new Date(Date.now() - minutesAgo * 60_000).toISOString();
    const doc = {
      _id: `score:${scorecardId}:5`,
      _rev: `1-${rev.repeat(32)}`,
      _revisions: { start: 1, ids: [rev.repeat(32)] },
      type: 'score',
      scorecardId,
      roundId,
      playerId: ben.id,
      hole: 5,
      strokes,
      enteredBy: phone.id,
      deviceId: `phone-${phone.name.split(' ')[0]!.toLowerCase()}`,
      enteredAt: at,
      history: [],
      createdAt: at,
      updatedAt: at,
    };
    const pushed = await must<{ error?: string }[]>('phone entry', portal.get(phone.id)!.post(`/sync/trips/${tripId}/_bulk_docs`, { docs: [doc], new_edits: false }), 201);
    if (pushed.some((r) => r.error)) throw new Error(`scores trip: phone entry refused: ${JSON.stringify(pushed)}`);
  }
  const disputes = await must<{ items: { scorecardId: string; hole: number }[] }>('disputes', c.get(`${T}/score-disputes`), 200);
  if (!disputes.items.some((d) => d.scorecardId === scorecardId && d.hole === 5)) throw new Error(`scores trip: no dispute: ${JSON.stringify(disputes)}`);

  await must('expense', c.post(`${T}/expenses`, { payerId: ann.id, amountCents: 24_000, category: 'food', date: today, description: 'Dinner at the marina', split: { mode: 'equal', playerIds: ids } }), 201);
  await must('complete', c.post(`${T}/rounds/${roundId}/complete`), 200);
  const plan = await must<{ items: { id: string }[] }>('plan', c.post(`${T}/settlements/unified/persist`), 200, 201);
  const first = await must('confirm', c.patch(`${T}/settlements/${plan.items[0]!.id}/complete`), 200);
  return { owner, tripId, roundId, players, dispute: { scorecardId, hole: 5 }, portal, confirmed: { id: first.id, cents: first.cents, fromPlayerId: first.fromPlayerId, toPlayerId: first.toPlayerId, status: first.status } };
}

export const area: AreaTour = {
  area: 'scores',
  async tour(page, base, visit) {
    const data = await scoresTrip(base);
    const seen: string[] = [];
    const stop = stopper(page, visit, seen);
    const t = data.tripId;
    await openSignedIn(page, base, data.owner, `#/trips/${t}/scores`);
    await page.getByRole('heading', { name: 'Ben Okafor, hole 5' }).waitFor();
    await stop('disputes');
    await page.getByRole('button', { name: 'Settle this hole…' }).click();
    await page.getByRole('radio', { name: /3 strokes/ }).check();
    await page.getByLabel('Reason').fill('The paper card says 3');
    await page.getByRole('button', { name: 'Preview what it changes' }).click();
    await page.getByRole('region', { name: 'What it changes' }).waitFor();
    await stop('dispute-preview');
    await goToHash(page, `#/trips/${t}/scores?view=corrections`);
    await stop('corrections');
    await goToHash(page, `#/trips/${t}/scores?card=${data.roundId}-${data.players[2]!.id}&hole=6`);
    await page.getByRole('region', { name: /History of hole 6/ }).getByRole('table').waitFor();
    await stop('correction-hole');
    await page.getByLabel('Strokes on hole 6').fill('4');
    await page.getByLabel('Reason').fill('Two-stroke penalty missed on the card');
    await page.getByRole('button', { name: 'Preview what it changes' }).click();
    await page.getByRole('region', { name: 'What it changes' }).waitFor();
    await stop('correction-preview');
    return seen;
  },
};
