/**
 * The "around the golf" tabs of the dashboard (issue 24): Travel, Activities and Availability. `aroundTrip` builds a
 * trip through the REST API as an organizer and players would (twelve players, two rounds, flights landing at two
 * airports, a rental car picked up at the airport with a rider asked for, a villa with rooms, a ride offered with a
 * request on it and one open, two activities with answers, most players' availability); `area` walks every view
 * of the three tabs for `npm run screenshots` and the accessibility test. The browser tests of the tabs use both.
 */
import type { Page } from 'playwright-core';
import { course18 } from '../../support/client.js';
import { registerByApi, signInInPage, wizardDone, type Organizer } from './dashboard.js';
import type { AreaTour } from './dashboard-areas.js';
import { goToHash, stopper } from './dashboard-areas.js';
import { settle } from './tour.js';

export const AROUND_NAMES = ['Ann Byrne', 'Ben Okafor', 'Cat Duarte', 'Dan Eriksen', 'Eve Walsh', 'Finn Murphy', 'Gus Tanaka', 'Hal Moreau', 'Ida Novak', 'Jon Silva', 'Kit Larsen', 'Lou Costa'];
export const TRIP_DAYS = ['2027-04-10', '2027-04-11', '2027-04-12', '2027-04-13', '2027-04-14'];

export async function must<T = any>(res: Promise<{ status: number; body: any; text: string }>, what: string): Promise<T> {
  const r = await res;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${r.text}`);
  return r.body as T;
}

export interface AroundTrip {
  owner: Organizer;
  tripId: string;
  players: { id: string; name: string }[];
  rounds: { id: string; name: string; date: string }[];
  carId: string;
  dinnerId: string;
}

/**
 * A trip made through the wizard (players and two rounds), with travel, activities and availability when `rich`
 * (the default); with `rich: false` only the players and rounds, for tests that build the rest in the page.
 */
export async function aroundTrip(base: string, options: { names?: string[]; rich?: boolean; owner?: Organizer } = {}): Promise<AroundTrip> {
  const names = options.names ?? AROUND_NAMES;
  const owner = options.owner ?? (await registerByApi(base, 'Sam Organizer'));
  const c = owner.client;
  const wizard = await must(
    c.post('/trips/wizard', {
      trip: { name: 'Algarve 2027', startDate: TRIP_DAYS[0], endDate: TRIP_DAYS.at(-1), timezone: 'Europe/Lisbon', currency: 'EUR', destination: 'Vilamoura' },
      players: names.map((name, i) => ({ name, ref: `p${i}`, handicapIndex: 4 + (i % 24) })),
      rounds: [
        { name: 'Day 1', date: '2027-04-11', course: course18('Old Course'), defaultTee: 'White', players: names.map((_, i) => `p${i}`) },
        { name: 'Day 2', date: '2027-04-12', course: course18('Victoria'), defaultTee: 'White', players: names.map((_, i) => `p${i}`) },
      ],
    }),
    'wizard',
  );
  const tripId = wizard.tripId as string;
  await wizardDone(c, tripId);
  const T = `/trips/${tripId}`;
  const players = await allPages<{ id: string; name: string }>(owner, `${T}/players`);
  const rounds = (await must<{ items: { id: string; name: string; date: string }[] }>(c.get(`${T}/rounds`), 'rounds')).items.sort((a, b) => a.date.localeCompare(b.date));
  const out: AroundTrip = { owner, tripId, players, rounds, carId: '', dinnerId: '' };
  if (options.rich === false) return out;
  const p = (i: number) => players[i]!.id;

  // Flights: nine land at Faro within the morning, two at Lisbon; everyone but one flies home on the last day.
  const landings = ['10:05', '10:20', '10:40', '10:55', '11:30', '14:10', '14:25', '15:00', '15:20'];
  for (const [i, at] of landings.entries()) {
    await must(
      c.post(`${T}/flights`, { playerId: p(i), direction: 'inbound', airline: i % 2 ? 'Ryanair' : 'TAP', flightNumber: `${i % 2 ? 'FR' : 'TP'} ${1300 + i}`, departureAirport: i % 2 ? 'DUB' : 'LHR', departureTime: `2027-04-10T0${6 + (i % 3)}:00`, arrivalAirport: 'FAO', arrivalTime: `2027-04-10T${at}` }),
      'flight',
    );
  }
  for (const i of [9, 10]) await must(c.post(`${T}/flights`, { playerId: p(i), direction: 'inbound', airline: 'TAP', flightNumber: `TP ${1400 + i}`, departureAirport: 'CDG', departureTime: '2027-04-10T07:00', arrivalAirport: 'LIS', arrivalTime: '2027-04-10T08:45' }), 'flight');
  for (let i = 0; i < 10; i++) await must(c.post(`${T}/flights`, { playerId: p(i), direction: 'outbound', airline: 'TAP', flightNumber: `TP ${1500 + i}`, departureAirport: 'FAO', departureTime: `2027-04-14T1${6 + (i % 3)}:30`, arrivalAirport: 'LHR', arrivalTime: `2027-04-14T1${8 + (i % 2)}:45` }), 'flight');

  // A car picked up at Faro by Ann, with Ben asking for a seat; a villa with rooms.
  const car = await must(c.post(`${T}/rental-cars`, { company: 'Sixt', pickupPlace: 'Faro airport', pickupAirport: 'FAO', pickupTime: '2027-04-10T10:45', dropoffPlace: 'Faro airport', dropoffTime: '2027-04-14T15:00', seats: 5, driverId: p(0), confirmationNumber: 'SX-4471' }), 'car');
  await must(c.post(`${T}/rides/${car.id}/requests`, { playerId: p(1) }), 'car seat');
  await must(
    c.post(`${T}/accommodations`, {
      name: 'Villa Oliveira',
      address: 'Rua das Oliveiras 12, Vilamoura',
      checkIn: '2027-04-10T15:00',
      checkOut: '2027-04-14T11:00',
      rooms: [
        { name: 'Master', capacity: 2, occupantIds: [p(0), p(1)] },
        { name: 'Garden', capacity: 2, occupantIds: [p(2)] },
        { name: 'Loft', capacity: 3, occupantIds: [] },
      ],
    }),
    'villa',
  );

  // The ride board: Cat drives to the course with Dan on board; Eve asks for a ride nobody offers yet.
  const offer = await must(c.post(`${T}/ride-offers`, { driverId: p(2), origin: 'Villa Oliveira', destination: 'Old Course', departureTime: '2027-04-11T07:45', seats: 3 }), 'offer');
  const request = await must(c.post(`${T}/ride-requests`, { playerId: p(3), origin: 'villa oliveira', destination: 'old course', earliestDeparture: '2027-04-11T07:30', latestDeparture: '2027-04-11T08:00' }), 'request');
  await must(c.post(`${T}/ride-offers/${offer.id}/accept`, { requestId: request.id }), 'accept');
  await must(c.post(`${T}/ride-requests`, { playerId: p(4), origin: 'Hotel Tivoli', destination: 'Victoria', earliestDeparture: '2027-04-12T08:00', latestDeparture: '2027-04-12T08:30' }), 'request');

  // Activities with answers.
  const dinner = await must(c.post(`${T}/activities`, { name: 'Team dinner', start: '2027-04-11T20:00', end: '2027-04-11T22:30', location: 'Vilamoura marina', capacity: 12, costPerPersonCents: 4500 }), 'dinner');
  const boat = await must(c.post(`${T}/activities`, { name: 'Boat trip to Benagil', start: '2027-04-13T10:00', location: 'Portimão harbour', capacity: 8 }), 'boat');
  for (const [i, pl] of players.slice(0, 12).entries()) {
    await must(c.put(`${T}/activities/${dinner.id}/rsvps/${pl.id}`, { response: i % 5 === 4 ? 'no' : i % 7 === 6 ? 'maybe' : 'yes' }), 'rsvp');
    if (i % 3 === 0) await must(c.put(`${T}/activities/${boat.id}/rsvps/${pl.id}`, { response: i % 2 ? 'maybe' : 'yes' }), 'rsvp');
  }

  // Availability: all but the last two answered; every fourth leaves a day early and skips Day 2.
  const entries = players.slice(0, -2).map((pl, i) =>
    i % 4 === 3 ? { playerId: pl.id, days: TRIP_DAYS.slice(0, 4), rounds: { [rounds[1]!.id]: false }, note: 'Flying home early' } : { playerId: pl.id, days: TRIP_DAYS },
  );
  await must(c.post(`${T}/availability/bulk`, { entries }), 'availability');
  return { ...out, carId: car.id, dinnerId: dinner.id };
}

async function allPages<T>(owner: Organizer, path: string): Promise<T[]> {
  const out: T[] = [];
  let cursor = '';
  for (;;) {
    const page = await must(owner.client.get(`${path}?limit=500${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`), path);
    out.push(...page.items);
    if (!page.nextCursor) return out;
    cursor = page.nextCursor;
  }
}

/** Opens a fragment of the dashboard, signing in on the way when the page asks. */
export async function openAround(page: Page, base: string, owner: Organizer, hash: string): Promise<void> {
  await page.goto(`${base}/${hash}`);
  await page.waitForSelector('main#main h1');
  if (await page.getByRole('heading', { name: 'Sign in' }).count()) {
    await signInInPage(page, { email: owner.email });
    await page.waitForFunction((h) => location.hash === h, hash);
  }
  await settle(page, 'main');
}

export const goAround = goToHash;

export const area: AreaTour = {
  area: 'around',
  async tour(page, base, visit) {
    const data = await aroundTrip(base);
    const seen: string[] = [];
    const stop = stopper(page, visit, seen);
    const t = `#/trips/${data.tripId}`;
    await openAround(page, base, data.owner, `${t}/travel`);
    await page.getByRole('table', { name: 'Players arriving and leaving per day' }).waitFor();
    await stop('travel-overview');
    await goAround(page, `${t}/travel?view=flights`);
    await page.getByRole('heading', { name: /^Arrivals/ }).waitFor();
    await stop('travel-flights');
    await page.getByRole('button', { name: 'Add a flight' }).click();
    await page.getByRole('dialog').getByLabel('Flight number').waitFor();
    await visit('travel-flight-dialog', page);
    seen.push('travel-flight-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await goAround(page, `${t}/travel?view=cars`);
    await page.getByRole('heading', { name: 'Airport pick-ups' }).waitFor();
    await page.getByText(/players? landing/).first().waitFor();
    await stop('travel-cars');
    await goAround(page, `${t}/travel?view=lodging`);
    await page.getByRole('table', { name: 'Rooms of Villa Oliveira' }).waitFor();
    await stop('travel-lodging');
    await goAround(page, `${t}/travel?view=rides`);
    await page.getByRole('heading', { name: /^Rides offered/ }).waitFor();
    await stop('travel-rides');
    await goAround(page, `${t}/activities`);
    await page.getByRole('link', { name: 'Team dinner', exact: true }).waitFor();
    await stop('activities');
    await goAround(page, `${t}/activities?activity=${data.dinnerId}`);
    await page.getByRole('table', { name: 'Answers for Team dinner' }).waitFor();
    await stop('activity-answers');
    await page.getByRole('button', { name: 'Turn into an expense…' }).click();
    await page.getByRole('dialog').getByLabel('Who paid').waitFor();
    await visit('activity-expense-dialog', page);
    seen.push('activity-expense-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Not now' }).click();
    await goAround(page, `${t}/availability`);
    await page.getByRole('table', { name: 'Availability of each player per day' }).waitFor();
    await stop('availability-days');
    await goAround(page, `${t}/availability?view=rounds`);
    await page.getByRole('table', { name: 'Availability of each player per round' }).waitFor();
    await stop('availability-rounds');
    return seen;
  },
};
