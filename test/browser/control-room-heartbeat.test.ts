/**
 * Issue 34: "the control room calls online phones silent, or nearly". In a real Chromium against the real server:
 * - the golfers' app open on a phone with signal and nothing entered is heard by the server at intervals well inside
 *   the control room's 90 s (before: every 58–60 s, as its sync's longpoll waited the server's full minute);
 * - the control room, left for another tab while the phone goes on being heard and opened again after more than
 *   90 s, never shows that group silent (before: it showed the answer kept from the first visit against the present
 *   clock, "silent since …", until its next poll);
 * - the screen says in words when a phone counts as silent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { LAST_SEEN_WRITE_MS } from '../../server/portal/last-seen.js';
import { HEARD_EVERY_MS } from '../../sync/device/types.js';
import { SILENT_AFTER_MS } from '../../web/dashboard/screens/control-room/room-time.js';
import { pageErrors, phoneContext } from './support/chromium.js';
import { controlRoomTrip, type ControlRoomTrip } from './support/dashboard-area-control-room.js';
import { desktopContext } from './support/dashboard.js';
import { openSignedIn } from './support/dashboard-tour-rounds.js';
import { openLink, startBrowserSuite, stopBrowserSuite, type PortalServer } from './support/portal.js';
import { waitSynced } from './support/tour.js';

let server: PortalServer;
let browser: Browser;
let trip: ControlRoomTrip;

beforeAll(async () => {
  ({ server, browser, trip } = await startBrowserSuite((s) => controlRoomTrip(s.base, [['Ann', 'Ben']])));
}, 120_000);
afterAll(() => stopBrowserSuite(server, browser));

/** Watching for this long covers several beats and the room's 90 s, so the room's kept answer would read silent. */
const WATCH_MS = SILENT_AFTER_MS + 5_000;

describe('an idle phone with signal in the control room', () => {
  it('is heard well inside the silent threshold, and the room opened again never shows its group silent', { timeout: 240_000 }, async () => {
    // The real defaults: a beat missed, plus another app server's delay in learning of it, still inside 90 s.
    expect(2 * HEARD_EVERY_MS + LAST_SEEN_WRITE_MS).toBeLessThan(SILENT_AFTER_MS);

    const [ann] = trip.groups[0]!;
    const issued = await trip.owner.client.post('/trip-portal/token', { tripId: trip.tripId, playerId: ann!.id });
    expect(issued.status).toBe(201);
    const phone = await phoneContext(browser);
    const golfer = await phone.newPage();
    await openLink(golfer, `${server.base}/portal#token=${issued.body.token}`);
    await waitSynced(golfer);

    const desk = await desktopContext(browser);
    const room = await desk.newPage();
    const errors = pageErrors(room);
    const roomHash = `#/trips/${trip.tripId}/control-room`;
    await openSignedIn(room, server.base, trip.owner, roomHash);
    const group = room.getByRole('region', { name: 'Group 1' });
    await expect.poll(async () => (await group.textContent()) ?? '', { timeout: 15_000 }).toMatch(/Phones online/);
    expect(await room.locator('.room-threshold').textContent()).toMatch(/silent.*not heard from it for 90 seconds/);
    await room.screenshot({ path: '/tmp/shots/control-room-threshold.png' });

    // Every text the group's card ever shows from now on, as the organizer would see it.
    await room.evaluate(() => {
      const w = window as unknown as { groupTexts: string[] };
      w.groupTexts = [];
      const note = () => {
        const card = document.querySelector('section.room-group');
        if (card) w.groupTexts.push(card.textContent ?? '');
      };
      new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    // The organizer goes to another tab; the phone lies idle on the table with signal.
    await room.evaluate(() => (location.hash = location.hash.replace('/control-room', '/players')));
    await room.getByRole('heading', { name: 'Players', level: 2 }).waitFor();

    // What the server says it heard, read as the control room reads it, every second.
    const ages: number[] = [];
    const started = Date.now();
    while (Date.now() - started < WATCH_MS) {
      const res = await trip.owner.client.get(`/trips/${trip.tripId}/rounds/${trip.roundId}/control-room`);
      expect(res.status).toBe(200);
      const heard = (res.body.groups as { number: number | null; lastHeardAt: string | null }[]).find((g) => g.number === 1)!.lastHeardAt;
      ages.push(Date.now() - Date.parse(heard!));
      await new Promise((r) => setTimeout(r, 1_000));
    }
    const oldest = Math.max(...ages);
    // Heard at least every 25 s (with a few seconds for the test machine), never near 90 s.
    expect(oldest, `ages seen: ${ages.map((a) => Math.round(a / 1000)).join(' ')}`).toBeLessThan(HEARD_EVERY_MS + 8_000);

    // Back to the control room after more than 90 s: the group is never shown silent, not even for a moment.
    await room.evaluate((h) => (location.hash = h), roomHash);
    await expect.poll(async () => (await group.textContent()) ?? '', { timeout: 15_000 }).toMatch(/Phones online/);
    await room.waitForTimeout(3_000);
    const texts = await room.evaluate(() => (window as unknown as { groupTexts: string[] }).groupTexts);
    expect(texts.length).toBeGreaterThan(0);
    // Up to Ben's row (Ben has no phone: he is rightly silent since the trip was set up): the group and Ann's phone.
    const groupAndAnn = texts.map((t) => t.slice(0, t.indexOf('Ben0')));
    expect(groupAndAnn.every((t) => t.includes('Ann0'))).toBe(true);
    expect(groupAndAnn.filter((t) => /silent/i.test(t))).toEqual([]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await desk.close();
    await phone.close();
  });
});
