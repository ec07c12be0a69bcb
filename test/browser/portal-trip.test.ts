/**
 * The Trip tab in a real Chromium on a phone viewport, against the real server process: the schedule from the
 * phone's documents (my group's tee time and starting hole on the trip's clock), RSVPs (and a full activity's 409),
 * the ride board (ask for a seat, take one that fits), my availability, and the reports (HTML in a sandboxed frame,
 * audio through its signed link). Every write is read back from the server through the organizer's REST API.
 * Offline, my availability and my ride requests are written on the phone (they survive a reload and reach the server
 * when signal returns); RSVPs and reports say they need signal and change nothing.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, pageErrors, phoneContext } from './support/chromium.js';
import { openLink, portalLink, portalTrip, startPortalServer, type PortalServer } from './support/portal.js';
import type { FaultTrip } from '../sync/support/fault-trip.js';
import { tinyMp3 } from '../support/media.js';
import { multipartRequest } from '../support/upload.js';

let server: PortalServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let trip: FaultTrip;
let key: string;
const ids: Record<string, string> = {};
let ann: string;
let ben: string;
let dan: string;

const REPORT_TEXT = 'Ann holed out from the bunker on 14';
const REPORT_HTML = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Day 1 recap</title></head><body><h1>Day 1 recap</h1><p>${REPORT_TEXT}.</p><script>document.body.setAttribute('data-ran', 'yes')</script></body></html>`;

const org = () => trip.org.client;
const ok = async <T = any>(p: Promise<{ status: number; body: T; text?: string }>, status = 200): Promise<T> => {
  const res = await p;
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
};
const go = async (section: string, ...rest: string[]) => {
  await page.evaluate((h) => (location.hash = h), `#/t/${encodeURIComponent(key)}/trip/${[section, ...rest].join('/')}`);
  await page.waitForSelector(`[data-testid="trip-${section}"]`, { timeout: 10_000 });
};
const text = (selector: string) => page.locator(selector).innerText({ timeout: 10_000 });
const board = async () => ok(org().get(`/trips/${trip.tripId}/ride-board`));
const myAvailability = async () => (await ok(org().get(`/trips/${trip.tripId}/availability`))).items.find((a: { playerId: string }) => a.playerId === ann);
/** My requests on the server, polled until `count` arrived (sync sends them after the phone stored them). */
const myRequestsOnServer = async (count: number) => {
  let mine: any[] = [];
  await expect.poll(async () => (mine = (await board()).requests.filter((r: { playerId: string }) => r.playerId === ann)).length, { timeout: 15_000 }).toBe(count);
  return mine;
};

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  // Ann plays with Dan in group 2 (09:20 off the 10th); Ben and Cat go off the 1st at 09:10.
  trip = await portalTrip(server, { names: ['Ann', 'Ben', 'Cat', 'Dan'], groups: [[1, 2], [0, 3]] });
  [ann, ben, , dan] = trip.players.map((p) => p.id) as [string, string, string, string];
  await ok(
    org().patch(`/trips/${trip.tripId}/rounds/${trip.roundId}`, {
      groups: [
        { playerIds: [ben, trip.players[2]!.id], teeTime: '09:10', startingHole: 1 },
        { playerIds: [ann, dan], teeTime: '09:20', startingHole: 10 },
      ],
    }),
  );
  const dinner = await ok(org().post(`/trips/${trip.tripId}/activities`, { name: 'Dinner at the marina', start: '2027-04-11T20:00', end: '2027-04-11T22:30', location: 'Vilamoura marina', capacity: 8, costPerPersonCents: 4550 }), 201);
  const boat = await ok(org().post(`/trips/${trip.tripId}/activities`, { name: 'Boat trip', start: '2027-04-12T15:00', capacity: 1 }), 201);
  ids.dinner = dinner.id;
  ids.boat = boat.id;
  // Ben takes the boat trip's only place.
  await ok(org().put(`/trips/${trip.tripId}/activities/${boat.id}/rsvps/${ben}`, { response: 'yes' }));
  const offer = await ok(org().post(`/trips/${trip.tripId}/ride-offers`, { driverId: ben, origin: 'Hotel Vila Sol', destination: 'Old Links', departureTime: '2027-04-11T08:15', seats: 2 }), 201);
  ids.offer = offer.id;
  const html = await multipartRequest(`${server.base}/trips/${trip.tripId}/reports`, { token: trip.org.token, fields: { title: 'Day 1 recap', description: 'What happened on day 1' }, parts: [{ bytes: new TextEncoder().encode(REPORT_HTML), name: 'recap.html' }] });
  expect(html.status, JSON.stringify(html.body)).toBe(201);
  ids.html = html.body.id;
  const audio = await multipartRequest(`${server.base}/trips/${trip.tripId}/reports`, { token: trip.org.token, fields: { title: 'Voice memo' }, parts: [{ bytes: tinyMp3({ frames: 200 }), name: 'memo.mp3' }] });
  expect(audio.status, JSON.stringify(audio.body)).toBe(201);
  ids.audio = audio.body.id;
  ids.audioFile = new URL(audio.body.audio_url).pathname;

  context = await phoneContext(browser);
  page = await context.newPage();
  errors = pageErrors(page);
  await openLink(page, (await portalLink(server, trip, ann)).url);
  key = `${trip.tripId}:${ann}`;
}, 60_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await server?.dispose();
});

describe('the Trip tab on a phone', () => {
  it('shows the schedule on the trip clock: my group, tee time, starting hole, partners, and the activities', async () => {
    await go('schedule');
    const day = '[data-testid="day-2027-04-11"]';
    await page.waitForSelector(`${day} [data-testid="my-group"]`, { timeout: 15_000 });
    expect(await text(`${day} [data-testid="my-group"]`)).toBe('Group 2, tee time 09:20, starting hole 10 · with Dan');
    expect(await text(day)).toContain('Old Links');
    await page.waitForSelector(`${day} >> text=Dinner at the marina`, { timeout: 15_000 });
    expect(await text(day)).toMatch(/20:00\s+Dinner at the marina/);
    expect(await text('[data-testid="trip-zone"]')).toContain('Europe/Lisbon');
    // Every day of the trip is listed, in order.
    const days = await page.locator('[data-testid^="day-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(days).toEqual(['day-2027-04-10', 'day-2027-04-11', 'day-2027-04-12', 'day-2027-04-13', 'day-2027-04-14']);
  });

  it('answers an RSVP, which the server has; a full activity says so and refuses a yes', async () => {
    await go('activities');
    const dinner = `[data-testid="activity-${ids.dinner}"]`;
    const boat = `[data-testid="activity-${ids.boat}"]`;
    await page.waitForSelector(boat, { timeout: 15_000 });
    expect(await text(`${dinner} [data-testid="places"]`)).toBe('0 going · 8 of 8 places left · €45.50 per person');
    await page.click(`${dinner} [data-testid="rsvp-yes"]`);
    await page.waitForSelector(`${dinner}[data-mine="yes"]`, { timeout: 10_000 });
    expect(await text(`${dinner} [data-testid="places"]`)).toContain('7 of 8 places left');
    const onServer = await ok(org().get(`/trips/${trip.tripId}/activities/${ids.dinner}`));
    expect(onServer.rsvps.map((r: { playerId: string; response: string }) => [r.playerId, r.response])).toEqual([[ann, 'yes']]);

    await page.waitForSelector(`${boat}[data-full="true"] [data-testid="full"]`, { timeout: 15_000 });
    expect(await text(`${boat} [data-testid="full"]`)).toBe('Full');
    await page.click(`${boat} [data-testid="rsvp-yes"]`);
    await page.waitForSelector(`${boat} [data-testid="trip-error"]`, { timeout: 10_000 });
    expect(await text(`${boat} [data-testid="trip-error"]`)).toContain('This activity is full');
    expect(await text(`${boat} [data-testid="my-rsvp"]`)).toBe('not answered');
    const boatOnServer = await ok(org().get(`/trips/${trip.tripId}/activities/${ids.boat}`));
    expect(boatOnServer.rsvps.map((r: { playerId: string }) => r.playerId)).toEqual([ben]);
  });

  it('asks for a seat on the ride board and takes the offer that fits, with the seats left', async () => {
    await go('rides');
    const offer = `[data-testid="offer-${ids.offer}"]`;
    await page.waitForSelector(offer, { timeout: 15_000 });
    expect(await text(`${offer} [data-testid="seats-left"]`)).toBe('2 of 2 seats left');
    await page.click('[data-testid="request-form"] summary');
    await page.fill('#request-origin', 'hotel vila sol');
    await page.fill('#request-destination', 'Old Links');
    await page.fill('#request-from', '2027-04-11T08:00');
    await page.fill('#request-to', '2027-04-11T08:30');
    await page.click('[data-testid="request-form"] button[type="submit"]');
    await page.waitForSelector('[data-testid="request-form"] >> text=Your request is on the board.', { timeout: 10_000 });
    const mine = await myRequestsOnServer(1);
    expect(mine[0]).toMatchObject({ origin: 'hotel vila sol', destination: 'Old Links', earliestDeparture: '2027-04-11T08:00', latestDeparture: '2027-04-11T08:30', seats: 1, status: 'open' });

    await page.waitForSelector(`${offer} [data-testid="take-seat"] >> text=fits your request`, { timeout: 15_000 });
    await page.click(`${offer} [data-testid="take-seat"]`);
    await page.waitForSelector(`${offer} [data-testid="seats-left"] >> text=1 of 2 seats left`, { timeout: 10_000 });
    expect(await text(`${offer} [data-testid="seats-left"]`)).toBe('1 of 2 seats left · with you');
    const after = await ok(org().get(`/trips/${trip.tripId}/ride-board`));
    const taken = after.offers.find((o: { id: string }) => o.id === ids.offer);
    expect(taken.passengers.map((p: { playerId: string; requestId: string | null }) => [p.playerId, p.requestId])).toEqual([[ann, mine[0].id]]);
    expect(taken.seatsLeft).toBe(1);
    expect(after.requests.find((r: { id: string }) => r.id === mine[0].id).status).toBe('matched');
    await page.waitForSelector(`[data-testid="request-${mine[0].id}"] >> text=Seat found`, { timeout: 10_000 });
    // The ride is on my schedule once sync brings the offer.
    await go('schedule');
    await page.waitForSelector('[data-testid="day-2027-04-11"] >> text=Ride to Old Links', { timeout: 15_000 });
  });

  it('sets my availability, which the server has', async () => {
    await go('availability');
    await page.waitForSelector('[data-testid="av-state"]', { timeout: 10_000 });
    expect(await text('[data-testid="av-state"]')).toBe('You have not answered yet.');
    for (const day of ['2027-04-10', '2027-04-11', '2027-04-12']) await page.check(`[data-testid="av-day-${day}"]`);
    await page.fill('#av-note', 'Flying home on the 13th');
    await page.click('[data-testid="av-save"]');
    await page.waitForSelector('text=Your availability is saved.', { timeout: 10_000 });
    await expect.poll(myAvailability, { timeout: 15_000 }).toMatchObject({ answered: true, days: ['2027-04-10', '2027-04-11', '2027-04-12'], note: 'Flying home on the 13th' });
    expect(await text('[data-testid="av-state"]')).toMatch(/^Answered (just now|1 min ago)\.$/);
  });

  it('opens an HTML report in a sandboxed frame and plays audio through its signed link', async () => {
    await go('reports');
    await page.waitForSelector(`[data-testid="report-${ids.audio}"]`, { timeout: 15_000 });
    await page.click(`[data-testid="report-${ids.html}"]`);
    const frame = await page.waitForSelector('[data-testid="report-frame"]', { timeout: 10_000 });
    expect(await frame.getAttribute('sandbox')).toBe('');
    const src = (await frame.getAttribute('src'))!;
    expect(src).toMatch(new RegExp(`^${server.base}/report-files/${trip.tripId}/${ids.html}/[a-z0-9]+\\?expires=\\d+&signature=`));
    const content = (await frame.contentFrame())!;
    await content.waitForSelector('p', { timeout: 10_000 });
    expect(await content.locator('p').innerText()).toBe(`${REPORT_TEXT}.`);
    // No script ran inside the report (sandbox without allow-scripts).
    expect(await content.locator('body').getAttribute('data-ran')).toBeNull();

    await go('reports', ids.audio!);
    const audio = await page.waitForSelector('[data-testid="report-audio"]', { timeout: 10_000 });
    const audioSrc = (await audio.getAttribute('src'))!;
    expect(new URL(audioSrc).pathname).toBe(ids.audioFile);
    expect(audioSrc).toMatch(/\?expires=\d+&signature=/);
    expect(await audio.evaluate((a: HTMLAudioElement) => a.controls)).toBe(true);
    const file = await fetch(audioSrc);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('audio/mpeg');
    // The player could read the file (its duration is known once the metadata arrived).
    await page.waitForFunction(() => (document.querySelector('[data-testid="report-audio"]') as HTMLAudioElement).readyState >= 1, null, { timeout: 10_000 });
  });

  // The Trip tab's own content (the shell around it is tested with the shell).
  it('has no serious or critical accessibility violation in any section (axe-core)', async () => {
    const axe = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
    const screens: [section: string, ready: string, ...rest: string[]][] = [
      ['schedule', '[data-testid="my-group"]'],
      ['activities', `[data-testid="activity-${ids.boat}"]`],
      ['rides', `[data-testid="offer-${ids.offer}"]`],
      ['availability', '[data-testid="av-state"]'],
      ['reports', `[data-testid="report-${ids.html}"]`],
      ['reports', '[data-testid="report-frame"]', ids.html!],
    ];
    for (const [section, ready, ...rest] of screens) {
      await go(section, ...rest);
      await page.waitForSelector(ready, { timeout: 10_000 });
      if (section === 'rides') await page.click('[data-testid="offer-form"] summary');
      await page.evaluate(axe);
      const found = await page.evaluate(async () => {
        const result = await (window as unknown as { axe: { run: (ctx: unknown, o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe.run('.trip-tab', { resultTypes: ['violations'] });
        return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      });
      expect(found, section).toEqual([]);
    }
  });

  it('offline: availability and a ride request are saved on the phone, survive a reload and reach the server with signal; RSVPs and reports say they need signal', async () => {
    const [matched] = await myRequestsOnServer(1);
    await context.setOffline(true);
    await go('activities');
    const dinner = `[data-testid="activity-${ids.dinner}"]`;
    await page.waitForSelector('[data-testid="offline-note"]', { timeout: 10_000 });
    await page.click(`${dinner} [data-testid="rsvp-maybe"]`);
    await page.waitForSelector(`${dinner} [data-testid="trip-error"]`, { timeout: 10_000 });
    expect(await text(`${dinner} [data-testid="trip-error"]`)).toContain('You are offline');
    expect(await text(`${dinner} [data-testid="my-rsvp"]`)).toBe('Yes, I go');

    // Ask for a seat with no signal: on the board at once, marked as not sent yet.
    await go('rides');
    await page.click('[data-testid="request-form"] summary');
    await page.fill('#request-origin', 'Marina');
    await page.fill('#request-destination', 'Airport');
    await page.fill('#request-from', '2027-04-14T17:00');
    await page.fill('#request-to', '2027-04-14T18:30');
    await page.fill('#request-seats', '2');
    await page.click('[data-testid="request-form"] button[type="submit"]');
    await page.waitForSelector('[data-testid="request-form"] >> text=It goes to the server when you have signal', { timeout: 10_000 });
    const offlineRequest = page.locator('[data-testid^="request-"]', { hasText: 'Marina → Airport' });
    await offlineRequest.waitFor({ timeout: 10_000 });
    const requestTestId = (await offlineRequest.getAttribute('data-testid'))!;
    const requestId = requestTestId.slice('request-'.length);
    expect(await offlineRequest.innerText()).toMatch(/You, 2 seats, leaving Wed 14 Apr, 17:00–18:30/);
    expect(await offlineRequest.locator('[data-testid="waiting"]').innerText()).toContain('Not sent yet');
    expect(await page.inputValue('#request-origin')).toBe('');

    // Change my availability with no signal: shown at once as my answer.
    await go('availability');
    await page.check('[data-testid="av-day-2027-04-13"]');
    await page.fill('#av-note', 'Flying home on the 14th');
    await page.click('[data-testid="av-save"]');
    await page.waitForSelector('text=Your availability is saved on this phone.', { timeout: 10_000 });
    expect(await text('[data-testid="av-state"]')).toBe('Answered just now.');
    await page.waitForSelector('[data-testid="trip-availability"] [data-testid="waiting"]', { timeout: 10_000 });

    // A reload with no signal: both are still on the phone.
    await page.reload();
    await page.waitForSelector('[data-testid="av-day-2027-04-13"]:checked', { timeout: 20_000 });
    for (const day of ['2027-04-10', '2027-04-11', '2027-04-12']) expect(await page.isChecked(`[data-testid="av-day-${day}"]`)).toBe(true);
    expect(await page.isChecked('[data-testid="av-day-2027-04-14"]')).toBe(false);
    expect(await page.inputValue('#av-note')).toBe('Flying home on the 14th');
    await go('rides');
    await page.waitForSelector(`[data-testid="${requestTestId}"] >> text=Marina → Airport`, { timeout: 15_000 });
    // Nothing reached the server yet.
    expect((await board()).requests.map((r: { id: string }) => r.id)).toEqual([matched.id]);
    expect(await myAvailability()).toMatchObject({ days: ['2027-04-10', '2027-04-11', '2027-04-12'], note: 'Flying home on the 13th' });

    await go('reports');
    await page.waitForSelector(`[data-testid="report-${ids.html}"]`, { timeout: 10_000 });
    await page.click(`[data-testid="report-${ids.html}"]`);
    expect(await text('[data-testid="report-waiting"]')).toContain('Opening a report needs signal');
    await context.setOffline(false);
    await page.waitForSelector('[data-testid="report-frame"]', { timeout: 15_000 });

    // Back online: sync sent both, stored as the server's routes store them.
    const mine = await myRequestsOnServer(2);
    expect(mine.find((r) => r.id === requestId)).toMatchObject({ origin: 'Marina', destination: 'Airport', earliestDeparture: '2027-04-14T17:00', latestDeparture: '2027-04-14T18:30', seats: 2, status: 'open', offerId: null });
    await expect.poll(myAvailability, { timeout: 15_000 }).toMatchObject({ answered: true, days: ['2027-04-10', '2027-04-11', '2027-04-12', '2027-04-13'], note: 'Flying home on the 14th' });
    const onServer = await ok(org().get(`/trips/${trip.tripId}/activities/${ids.dinner}`));
    expect(onServer.rsvps.map((r: { playerId: string; response: string }) => [r.playerId, r.response])).toEqual([[ann, 'yes']]);

    // Withdrawn with no signal: gone from the phone at once, and from the server once signal returns.
    await context.setOffline(true);
    await go('rides');
    await page.click(`[data-testid="${requestTestId}"] >> text=Withdraw my request`);
    await page.waitForSelector(`[data-testid="${requestTestId}"]`, { state: 'detached', timeout: 10_000 });
    expect((await myRequestsOnServer(2)).map((r) => r.id)).toContain(requestId);
    await context.setOffline(false);
    expect((await myRequestsOnServer(1)).map((r) => r.id)).toEqual([matched.id]);

    // Asked and withdrawn before it ever left the phone: nothing reaches the server, and nothing is refused.
    await context.setOffline(true);
    await page.click('[data-testid="request-form"] summary');
    await page.fill('#request-origin', 'Harbour', { timeout: 5_000 });
    await page.fill('#request-destination', 'Station');
    await page.click('[data-testid="request-form"] button[type="submit"]');
    const never = page.locator('[data-testid^="request-"]', { hasText: 'Harbour → Station' });
    await never.waitFor({ timeout: 10_000 });
    await never.locator('text=Withdraw my request').click();
    await never.waitFor({ state: 'detached', timeout: 10_000 });
    await context.setOffline(false);
    await page.evaluate((h) => (location.hash = h), `#/t/${encodeURIComponent(key)}/sync`);
    await page.waitForSelector('[data-testid="sync-state"][data-state="online"] [data-testid="pending-writes"] >> text=0 changes', { timeout: 15_000 });
    expect(await page.locator('text=Nothing refused.').count()).toBe(1);
    // The gateway refused none of this phone's writes (it keeps every refused document).
    expect((await ok(org().get(`/trips/${trip.tripId}/sync/rejections`))).items).toEqual([]);
    expect((await myRequestsOnServer(1)).map((r) => r.id)).toEqual([matched.id]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }, 60_000);
});
