/**
 * The accessibility of the trip-day, money and around-the-golf tabs (issue 24): axe-core finds no serious or
 * critical violation on any view of any area tour (`support/dashboard-area-*.ts`), on a laptop and on a phone, and
 * no page error is thrown on the way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, pageErrors, PHONE } from './support/chromium.js';
import { axeViolations, desktopContext } from './support/dashboard.js';
import { loadAreaTours, type AreaTour } from './support/dashboard-areas.js';
import { startPortalServer, type PortalServer } from './support/portal.js';

let server: PortalServer;
let browser: Browser;
const tours: AreaTour[] = await loadAreaTours();

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('dashboard areas accessibility (axe-core)', () => {
  it('has a tour for every area', () => {
    expect(tours.map((t) => t.area).sort()).toEqual(EXPECTED_AREAS.slice().sort());
  });

  const cases = tours.flatMap((t) => [
    [t.area, 'a laptop', { width: 1440, height: 900 }] as const,
    [t.area, 'a phone', PHONE.viewport] as const,
  ]);
  it.each(cases)('%s: no serious or critical violation on %s', async (areaName, _what, viewport) => {
    const tour = tours.find((t) => t.area === areaName)!;
    const context = await desktopContext(browser, viewport);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const blocking: string[] = [];
    const other: string[] = [];
    const visited = await tour.tour(page, server.base, async (name, p) => {
      const r = await axeViolations(p);
      expect(r.passes, `${name}: axe passed no rule`).toBeGreaterThan(0);
      blocking.push(...r.blocking.map((l) => `${name}: ${l}`));
      other.push(...r.other.map((l) => `${name}: ${l}`));
    });
    await context.close();
    if (other.length) console.log(`${areaName}, axe, not blocking:\n  ${other.join('\n  ')}`);
    expect(visited.length).toBeGreaterThan(0);
    expect(blocking).toEqual([]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }, 240_000);
});

/** The areas issue 24 adds; a missing tour module fails the first test. */
const EXPECTED_AREAS = ['control-room', 'scores', 'games', 'boards', 'money', 'exports', 'around', 'insights'];
