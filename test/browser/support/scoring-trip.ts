/**
 * Fixtures of the portal scoring tests: a trip happening now (its dates around today in its time zone) with
 * handicapped players in one group of a ready round today, a round tomorrow and a dinner, built through the
 * organizer's REST API; and the scorecard screen driven as a golfer does (taps only).
 */
import type { Page } from 'playwright-core';
import { course18, organizer } from '../../support/client.js';
import type { FaultTrip } from '../../sync/support/fault-trip.js';
import type { PortalServer } from './portal.js';

export const ZONE = 'Europe/Lisbon';
export const PARS = course18().holes.map((h) => h.par);

/** A date `days` from today in the trip's zone, `YYYY-MM-DD`. */
export function tripDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface ScoringTrip extends FaultTrip {
  tomorrowRoundId: string;
}

/** Four players (handicap indexes 4.2, 12.8, 21.5 and none) in one group teeing off 09:10 from hole 1, today. */
export async function scoringTrip(server: PortalServer): Promise<ScoringTrip> {
  const org = await organizer(server.base);
  const trip = await org.client.post('/trips', { name: 'Algarve now', startDate: tripDate(-1), endDate: tripDate(3), timezone: ZONE, currency: 'EUR' });
  if (trip.status !== 201) throw new Error(`trip: ${trip.status} ${trip.text}`);
  const tripId = trip.body.id as string;
  const rows = [
    { name: 'Ann', handicapIndex: 4.2 },
    { name: 'Ben', handicapIndex: 12.8 },
    { name: 'Cat', handicapIndex: 21.5 },
    { name: 'Dan' },
  ];
  const added = await org.client.post(`/trips/${tripId}/players/bulk`, { players: rows });
  if (added.status !== 201) throw new Error(`players: ${added.status} ${added.text}`);
  const items = added.body.items as { id: string; name: string }[];
  const ids = items.map((p) => p.id);
  const round = async (name: string, date: string) => {
    const res = await org.client.post(`/trips/${tripId}/rounds`, { name, date, course: course18(), defaultTee: 'White', groups: [{ playerIds: ids, teeTime: '09:10', startingHole: 1 }] });
    if (res.status !== 201) throw new Error(`round: ${res.status} ${res.text}`);
    const ready = await org.client.patch(`/trips/${tripId}/rounds/${res.body.id}/ready`);
    if (ready.status !== 200) throw new Error(`ready: ${ready.status} ${ready.text}`);
    return res.body.id as string;
  };
  const roundId = await round('Day 2', tripDate(0));
  const tomorrowRoundId = await round('Day 3', tripDate(1));
  const dinner = await org.client.post(`/trips/${tripId}/activities`, { name: 'Dinner at the marina', start: `${tripDate(1)}T20:00`, location: 'Marina' });
  if (dinner.status !== 201) throw new Error(`activity: ${dinner.status} ${dinner.text}`);
  return { tripId, roundId, tomorrowRoundId, org, players: items.map((p) => ({ id: p.id, name: p.name, card: `${roundId}-${p.id}` })) };
}

/** What a golfer taps to put `strokes` on a hole of par `par` (the value starts at par; null = picked up). */
export async function tapScore(page: Page, playerId: string, par: number, strokes: number | null): Promise<void> {
  const row = page.locator(`[data-testid="player-hole"][data-player="${playerId}"]`);
  if (strokes === null) await row.getByTestId('pickup').click();
  else if (strokes === par) await row.getByTestId('value').click();
  else {
    const button = row.getByTestId(strokes > par ? 'plus' : 'minus');
    for (let i = 0; i < Math.abs(strokes - par); i++) await button.click();
  }
  const want = strokes === null ? 'pickup' : String(strokes);
  await page.waitForSelector(`[data-testid="player-hole"][data-player="${playerId}"][data-strokes="${want}"]`, { timeout: 5000 });
}

/** Moves to a hole with the hole strip and waits for it. */
export async function goToHole(page: Page, hole: number): Promise<void> {
  await page.click(`[data-strip-hole="${hole}"]`);
  await page.waitForSelector(`[data-testid="hole-head"][data-hole="${hole}"]`, { timeout: 5000 });
}

/** The strokes each row shows on the current hole, by player id (`pickup` for a picked-up hole, '' if none). */
export async function shownStrokes(page: Page): Promise<Record<string, string>> {
  return page.$$eval('[data-testid="player-hole"]', (rows) => Object.fromEntries(rows.map((r) => [r.getAttribute('data-player'), r.getAttribute('data-strokes') ?? ''])));
}
