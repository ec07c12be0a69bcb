/**
 * The Travel tab (issue 24): flights and a rental car added through the page, a player landing with the car given a
 * seat from the airport pick-ups and confirmed, a ride offered and asked for on the ride board and the request put
 * on the ride; after each step the API holds what the page shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { desktopContext } from './support/dashboard.js';
import { aroundTrip, goAround, openAround, type AroundTrip } from './support/dashboard-area-around.js';
import { startPortalServer, type PortalServer } from './support/portal.js';

let server: PortalServer;
let browser: Browser;

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function addFlight(page: Page, f: { player: string; number: string; from: string; departs: string; lands: string }) {
  await page.getByRole('button', { name: 'Add a flight' }).click();
  const d = page.getByRole('dialog', { name: 'Add a flight' });
  await d.getByLabel('Player').selectOption({ label: f.player });
  await d.getByLabel('Which way').selectOption({ label: 'Arriving for the trip' });
  await d.getByLabel('Airline').fill('TAP');
  await d.getByLabel('Flight number').fill(f.number);
  await d.getByLabel('From (airport)').fill(f.from);
  await d.getByLabel('Takes off').fill(f.departs);
  await d.getByLabel('To (airport)').fill('fao');
  await d.getByLabel('Lands').fill(f.lands);
  await d.getByRole('button', { name: 'Add flight' }).click();
  await d.waitFor({ state: 'hidden' });
}

describe('travel', () => {
  it('adds flights and a car, gives a landing player a seat, and matches a ride on the ride board', async () => {
    const data: AroundTrip = await aroundTrip(server.base, { rich: false });
    const T = `/trips/${data.tripId}`;
    const id = (name: string) => data.players.find((p) => p.name === name)!.id;
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openAround(page, server.base, data.owner, `#${T}/travel?view=flights`);
    await page.getByRole('heading', { name: 'No flights yet' }).waitFor();

    // A flight without its player is said at the field, and nothing is sent.
    await page.getByRole('button', { name: 'Add a flight' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a flight' });
    await dialog.getByRole('button', { name: 'Add flight' }).click();
    await dialog.getByText('Choose whose flight it is.').first().waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect((await data.owner.client.get(`${T}/flights`)).body.items).toEqual([]);

    await addFlight(page, { player: 'Ann Byrne', number: 'TP 1337', from: 'LHR', departs: '2027-04-10T07:00', lands: '2027-04-10T10:30' });
    await addFlight(page, { player: 'Ben Okafor', number: 'tp 1402', from: 'DUB', departs: '2027-04-10T07:10', lands: '2027-04-10T10:50' });
    const arrivals = page.getByRole('table', { name: /^Arrivals, / });
    await expect.poll(() => arrivals.locator('tbody th').allTextContents()).toEqual(['Ann Byrne', 'Ben Okafor']);
    const flights = (await data.owner.client.get(`${T}/flights`)).body.items;
    expect(flights.map((f: any) => [f.playerId, f.flightNumber, f.arrivalAirport, f.arrivalTime])).toEqual([
      [id('Ann Byrne'), 'TP 1337', 'FAO', '2027-04-10T10:30'],
      [id('Ben Okafor'), 'TP 1402', 'FAO', '2027-04-10T10:50'],
    ]);

    // Ben's flight is late: changed in place.
    await page.getByRole('button', { name: 'Change Ben Okafor’s flight TP 1402' }).click();
    const change = page.getByRole('dialog', { name: 'Change flight TP 1402' });
    await change.getByLabel('Lands').fill('2027-04-10T11:05');
    await change.getByRole('button', { name: 'Save changes' }).click();
    await change.waitFor({ state: 'hidden' });
    await arrivals.getByText('DUB 07:10 → FAO 11:05').waitFor();
    expect((await data.owner.client.get(`${T}/flights?playerId=${id('Ben Okafor')}`)).body.items.map((f: any) => f.arrivalTime)).toEqual(['2027-04-10T11:05']);

    // A car picked up at Faro, Ann driving.
    await goAround(page, `#${T}/travel?view=cars`);
    await page.getByRole('button', { name: 'Add a rental car' }).click();
    const car = page.getByRole('dialog', { name: 'Add a rental car' });
    await car.getByLabel('Company').fill('Sixt');
    await car.getByLabel('Picked up at').fill('Faro airport');
    await car.getByLabel('Airport code').fill('FAO');
    await car.getByLabel('Pick-up time').fill('2027-04-10T11:00');
    await car.getByLabel('Drop-off time').fill('2027-04-14T15:00');
    await car.getByLabel('Dropped off at').fill('Faro airport');
    await car.getByLabel('Seats').fill('4');
    await car.getByLabel('Driver').selectOption({ label: 'Ann Byrne' });
    await car.getByRole('button', { name: 'Add car' }).click();
    await car.waitFor({ state: 'hidden' });
    await page.getByText('Ann Byrne drives, 0 riders, 3 free seats').waitFor();

    // The pick-ups group Ann and Ben at Faro; Ben is proposed for the car: a seat asked, then confirmed.
    await page.getByRole('heading', { name: /^FAO, .*2 players landing$/ }).waitFor();
    await page.getByRole('button', { name: 'Give Ben Okafor a seat' }).click();
    await page.getByRole('button', { name: 'Confirm Ben Okafor' }).click();
    await page.getByRole('list', { name: 'Riding in the Sixt car' }).getByText('Confirmed').waitFor();
    await page.getByText('Ann Byrne drives, 1 rider, 2 free seats').waitFor();
    const cars = (await data.owner.client.get(`${T}/rental-cars`)).body.items;
    expect(cars).toHaveLength(1);
    expect(cars[0]).toMatchObject({ company: 'Sixt', pickupAirport: 'FAO', seats: 4, driverId: id('Ann Byrne'), freeSeats: 2 });
    expect(cars[0].riders.map((r: any) => [r.playerId, r.status])).toEqual([[id('Ben Okafor'), 'confirmed']]);

    // The ride board: Cat offers a drive to the course, Dan asks for one in a window it fits, and is put on it.
    await goAround(page, `#${T}/travel?view=rides`);
    await page.getByRole('button', { name: 'Offer a ride' }).click();
    const offer = page.getByRole('dialog', { name: 'Offer a ride' });
    await offer.getByLabel('Driver').selectOption({ label: 'Cat Duarte' });
    await offer.getByLabel('Free seats').fill('3');
    await offer.getByLabel('From', { exact: true }).fill('Villa Oliveira');
    await offer.getByLabel('To', { exact: true }).fill('Old Course');
    await offer.getByLabel('Leaves at').fill('2027-04-11T07:45');
    await offer.getByRole('button', { name: 'Offer the ride' }).click();
    await offer.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Ask for a ride' }).click();
    const ask = page.getByRole('dialog', { name: 'Ask for a ride' });
    await ask.getByLabel('Player').selectOption({ label: 'Dan Eriksen' });
    await ask.getByLabel('From', { exact: true }).fill('villa oliveira');
    await ask.getByLabel('To', { exact: true }).fill('old course');
    await ask.getByLabel('Can leave from').fill('2027-04-11T07:30');
    await ask.getByLabel('Can leave until').fill('2027-04-11T08:00');
    await ask.getByRole('button', { name: 'Ask for the ride' }).click();
    await ask.waitFor({ state: 'hidden' });
    await page.getByText('Open', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Put Dan Eriksen with Cat Duarte (07:45)' }).click();
    await page.getByText('Has a ride', { exact: true }).waitFor();
    await page.getByText('2 seats left').waitFor();
    await page.getByRole('list', { name: 'Passengers of Cat Duarte' }).getByText('Dan Eriksen').waitFor();
    const board = (await data.owner.client.get(`${T}/ride-board`)).body;
    expect(board.offers.map((o: any) => [o.driverId, o.seatsLeft, o.passengers.map((p: any) => p.playerId)])).toEqual([[id('Cat Duarte'), 2, [id('Dan Eriksen')]]]);
    expect(board.requests.map((r: any) => [r.playerId, r.status, r.offerId])).toEqual([[id('Dan Eriksen'), 'matched', board.offers[0].id]]);

    // Giving the seat back opens the request again, in the page and on the server.
    await page.getByRole('button', { name: 'Give the seat back' }).click();
    await page.getByText('Open', { exact: true }).waitFor();
    expect((await data.owner.client.get(`${T}/ride-board`)).body.requests[0].status).toBe('open');

    // The figures follow: two players arriving, the airport's seats against those needed.
    await goAround(page, `#${T}/travel`);
    const facts = page.getByRole('definition');
    await expect.poll(() => facts.allTextContents()).toContain('2 players');
    const stats = (await data.owner.client.get(`${T}/travel-stats`)).body;
    expect(stats.arrivalsPerDay).toEqual([{ date: '2027-04-10', players: 2 }]);
    await page.getByText(`${stats.seats.airport.offered} for ${stats.seats.airport.needed} needed`).waitFor();

    await context.close();
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }, 120_000);
});
