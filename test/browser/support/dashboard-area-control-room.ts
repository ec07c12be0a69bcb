/**
 * The Control room tab (issue 24): a trip whose round is in play today, built through the REST API as the organizer
 * and the phones make it, and its tour for `npm run screenshots` and the accessibility test (`area: 'control-room'`).
 *
 * The tour's round has three groups of four: group 1 thru 7 and group 2 thru 5 (Hal has not entered 4 and 5), their
 * phones heard from all the time; group 3 thru 3 (Lou's hole 2 missing) whose phones stopped. Views: the room live,
 * the dashboard offline, group 3 flagged as quiet, and the round completed with its four missing scores.
 *
 * To show a silence of two minutes without waiting for it, the quiet view moves the page's clock forward 85 s (and
 * waits ~38 s of real time after group 3's last request): group 3 then looks silent for > 2 min while groups 1 and 2,
 * heard every half second, stay under the 90 s after which a phone counts as silent. The times shown are the server's.
 */
import type { Page } from 'playwright-core';
import { api, course18, type Api } from '../../support/client.js';
import { registerByApi, type Organizer } from './dashboard.js';
import type { AreaTour } from './dashboard-areas.js';
import { stopper } from './dashboard-areas.js';
import { openSignedIn } from './dashboard-tour-rounds.js';
import { tripDate, ZONE } from './scoring-trip.js';

export const PARS = course18().holes.map((h) => h.par);

export interface RoomPlayer {
  id: string;
  name: string;
  card: string;
}

export interface ControlRoomTrip {
  owner: Organizer;
  tripId: string;
  roundId: string;
  /** Players by group, in the order asked. */
  groups: RoomPlayer[][];
  /** Each player's portal session (the phone's REST access), by player id. */
  portal: Map<string, Api>;
}

async function must<T = any>(what: string, res: Promise<{ status: number; body: any; text: string }>, ...ok: number[]): Promise<T> {
  const r = await res;
  if (!(ok.length ? ok : [200, 201]).includes(r.status)) throw new Error(`control room trip: ${what}: ${r.status} ${r.text}`);
  return r.body as T;
}

/** 09:00, 09:10, … for the `i`th group (from 0). */
const teeTime = (i: number) => `${String(9 + Math.floor(i / 6)).padStart(2, '0')}:${String((i % 6) * 10).padStart(2, '0')}`;

/** A trip in Lisbon with today's round ready, its groups (names) teeing off ten minutes apart from 09:00 on hole 1. */
export async function controlRoomTrip(base: string, groupNames: string[][], owner?: Organizer): Promise<ControlRoomTrip> {
  owner ??= await registerByApi(base, 'Rita Organizer');
  const c = owner.client;
  const trip = await must('trip', c.post('/trips', { name: 'Algarve Golf Week', startDate: tripDate(-1), endDate: tripDate(2), timezone: ZONE, currency: 'EUR', destination: 'Vilamoura' }), 201);
  const tripId = trip.id as string;
  const T = `/trips/${tripId}`;
  const names = groupNames.flat();
  const added = await must<{ items: { id: string; name: string }[] }>('players', c.post(`${T}/players/bulk`, { players: names.map((name, i) => ({ name, handicapIndex: Math.round((4 + ((i * 7) % 30)) * 10) / 10 })) }), 201);
  const byName = new Map(added.items.map((p) => [p.name, p.id] as const));
  const groups = groupNames.map((g, i) => ({ playerIds: g.map((n) => byName.get(n)!), teeTime: teeTime(i), startingHole: 1 }));
  const round = await must('round', c.post(`${T}/rounds`, { name: 'Day 2 — Old Course', date: tripDate(0), course: course18('Old Course'), defaultTee: 'White', groups }), 201);
  const roundId = round.id as string;
  await must('ready', c.patch(`${T}/rounds/${roundId}/ready`), 200);
  const tokens = (await must<{ items: { playerId: string; token: string }[] }>('tokens', c.post('/trip-portal/tokens/bulk', { tripId }), 201, 200)).items;
  const portal = new Map<string, Api>();
  for (const t of tokens) {
    const v = await must('validate', api(base).post('/trip-portal/validate', { token: t.token }), 200);
    portal.set(t.playerId, api(base, v.session as string));
  }
  const player = (n: string): RoomPlayer => ({ id: byName.get(n)!, name: n, card: `${roundId}-${byName.get(n)!}` });
  return { owner, tripId, roundId, groups: groupNames.map((g) => g.map(player)), portal };
}

/** A phone (`scorer`'s portal session) enters par on `holes` for each player of `cards` (all at once, per card). */
export async function phoneEnters(trip: ControlRoomTrip, scorer: RoomPlayer, cards: RoomPlayer[], holes: number[]): Promise<void> {
  const phone = trip.portal.get(scorer.id)!;
  for (const p of cards) {
    if (holes.length === 0) continue;
    const scores = holes.map((hole) => ({ hole, strokes: PARS[hole - 1]!, deviceId: `phone-${scorer.name.toLowerCase()}` }));
    await must(`scores of ${p.name}`, phone.post(`/trip-portal/scorecards/${p.card}/scores/bulk`, { scores }), 200);
  }
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Waits for the room's live line (or the offline notice) to show. */
async function roomShown(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Group 1' }).waitFor({ timeout: 15_000 });
}

export const area: AreaTour = {
  area: 'control-room',
  async tour(page, base, visit) {
    // Before any page script: the page's clock runs as usual until the quiet view moves it.
    await page.clock.install();
    const data = await controlRoomTrip(base, [
      ['Ann', 'Ben', 'Cat', 'Dan'],
      ['Eve', 'Fin', 'Gus', 'Hal'],
      ['Ivy', 'Jon', 'Kim', 'Lou'],
    ]);
    const [g1, g2, g3] = data.groups as [RoomPlayer[], RoomPlayer[], RoomPlayer[]];
    // Group 3's phone: three holes (Lou's second missing), then nothing.
    await phoneEnters(data, g3[0]!, g3.slice(0, 3), range(1, 3));
    await phoneEnters(data, g3[0]!, [g3[3]!], [1, 3]);
    const group3Silent = Date.now();
    await phoneEnters(data, g1[0]!, g1, range(1, 7));
    await phoneEnters(data, g2[0]!, g2.slice(0, 3), range(1, 5));
    await phoneEnters(data, g2[0]!, [g2[3]!], range(1, 3));
    // Groups 1 and 2: phones heard from all the time (a sync request every half second, as a live phone's are).
    let alive = true;
    const heartbeat = (async () => {
      while (alive) {
        await Promise.all([g1[0]!, g2[0]!].map((p) => data.portal.get(p.id)!.get(`/trip-portal/trips/${data.tripId}/rounds`).catch(() => undefined)));
        await new Promise((r) => setTimeout(r, 500));
      }
    })();
    const seen: string[] = [];
    const stop = stopper(page, visit, seen);
    try {
      const room = `#/trips/${data.tripId}/control-room`;
      await openSignedIn(page, base, data.owner, room);
      await roomShown(page);
      await page.getByText('Live. Last updated').waitFor();
      await stop('live');

      await page.context().setOffline(true);
      await page.getByText('Offline: the dashboard cannot reach the server.').waitFor({ timeout: 10_000 });
      await stop('offline');
      await page.context().setOffline(false);
      await page.getByText('Live. Last updated').waitFor({ timeout: 10_000 });

      const waitMs = group3Silent + 38_000 - Date.now();
      if (waitMs > 0) await new Promise((r) => setTimeout(r, waitMs));
      await page.clock.setSystemTime(Date.now() + 85_000);
      await page.getByLabel('Flag a group silent for more than').selectOption('2');
      await page.getByText(/^Quiet for \d+ min/).waitFor({ timeout: 10_000 });
      await stop('quiet-group');

      await page.clock.setSystemTime(Date.now());
      // The day ends with four holes never entered: Dan's 12, Hal's 4 and 5, Lou's 2.
      await phoneEnters(data, g1[0]!, g1.slice(0, 3), range(8, 18));
      await phoneEnters(data, g1[0]!, [g1[3]!], [...range(8, 11), ...range(13, 18)]);
      await phoneEnters(data, g2[0]!, g2.slice(0, 3), range(6, 18));
      await phoneEnters(data, g2[0]!, [g2[3]!], range(6, 18));
      await phoneEnters(data, g3[0]!, g3, range(4, 18));
      await must('complete', data.owner.client.post(`/trips/${data.tripId}/rounds/${data.roundId}/complete`), 200);
      await page.getByRole('heading', { name: /^Missing scores \(\d+\)/ }).waitFor({ timeout: 10_000 });
      await stop('round-over');
    } finally {
      alive = false;
      await heartbeat;
    }
    return seen;
  },
};
