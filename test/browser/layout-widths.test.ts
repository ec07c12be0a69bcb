/**
 * Every screen at the widths people use (issue 35): a laptop (1440 px), a small laptop or a tablet on its side
 * (1024 px) and a phone (390 px). On each, the dashboard's screens of a 24-golfer trip in play, the golfer's app and
 * the TV display (as the organizer previews it in a browser window): nothing spills past its card or the page, no
 * text or choice is cut off (support/layout-check.ts), and axe-core finds no serious or critical violation.
 *
 * One server, one trip, one browser for the whole file; a context per width and app.
 */
import { appendFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, pageErrors, PHONE } from './support/chromium.js';
import { signInInPage } from './support/dashboard.js';
import { describeProblems, layoutProblems } from './support/layout-check.js';
import { startPortalServer, type PortalServer } from './support/portal.js';
import { richTrip, type RichTrip } from './support/rich-trip.js';
import { displayTour, portalTour, settle } from './support/tour.js';
import { href, PATHS, type RouteName } from '../../web/dashboard/paths.js';

const WIDTHS = [
  { name: '1440', viewport: { width: 1440, height: 900 } },
  { name: '1024', viewport: { width: 1024, height: 768 } },
  { name: '390', viewport: PHONE.viewport },
] as const;

let server: PortalServer;
let browser: Browser;
let trip: RichTrip;

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
  trip = await richTrip(server.base, { players: 24 });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

let axeSource: string | undefined;
/**
 * axe-core in the page (through the DevTools protocol, so the page's CSP stays on): the serious and critical
 * violations, and how many rules passed. Only violations are gathered in full (`resultTypes`), which keeps a scan
 * of a long page to a fraction of a second.
 */
async function axeBlocking(page: Page): Promise<{ blocking: string[]; passes: number }> {
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  const r = (await page.evaluate(
    `window.axe.run(document, { resultTypes: ['violations'] }).then((r) => ({ passes: r.passes.length, violations: r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id + ' (' + v.impact + ') ' + v.help + ': ' + v.nodes.slice(0, 4).map((n) => n.target.join(' ')).join(', ')) }))`,
  )) as { passes: number; violations: string[] };
  return { blocking: r.violations, passes: r.passes };
}

/** Layout problems and blocking axe findings of every stop, as lines for one failure message. */
class Findings {
  readonly lines: string[] = [];
  readonly visited: string[] = [];
  constructor(private readonly width: string, private readonly shots = process.env.LAYOUT_SHOTS) {}
  async check(name: string, page: Page): Promise<void> {
    const started = Date.now();
    this.visited.push(name);
    const problems = await layoutProblems(page);
    const found = describeProblems(problems).map((l) => `${name} @${this.width}: ${l}`);
    const axe = await axeBlocking(page);
    expect(axe.passes, `${name}: axe passed no rule`).toBeGreaterThan(0);
    found.push(...axe.blocking.map((l) => `${name} @${this.width}: axe ${l}`));
    this.lines.push(...found);
    if (this.shots) await page.screenshot({ path: `${this.shots}/layout-${name}-${this.width}.png`, fullPage: true });
    // While fixing: LAYOUT_LOG=<file> writes each stop's findings and time as they come.
    if (process.env.LAYOUT_LOG) appendFileSync(process.env.LAYOUT_LOG, `${name} @${this.width} ${Date.now() - started} ms\n${found.map((l) => `  ${l}\n`).join('')}`);
  }
}

/** The dashboard's screens of one trip: its tabs in navigation order, then the round's printables. */
const TRIP_SCREENS = (Object.keys(PATHS) as RouteName[]).filter((n) => PATHS[n].startsWith('/trips/:tripId') && n !== 'tripSetup' && n !== 'roundPrint');

describe('layout at 1440, 1024 and 390 px (nothing spills, nothing cut off, axe clean)', () => {
  it.each(WIDTHS)('the dashboard at $name px', async ({ name: width, viewport }) => {
    const context = await browser.newContext({ viewport, ...(viewport.width < 500 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
    const page = await context.newPage();
    const errors = pageErrors(page);
    const f = new Findings(width);
    const go = async (hash: string) => {
      await page.evaluate((h) => {
        location.hash = h;
      }, hash);
      await page.waitForFunction((h) => location.hash === h, hash);
      await settle(page, 'main');
    };
    await page.goto(`${server.base}/#/sign-in`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await f.check('dashboard-sign-in', page);
    await signInInPage(page, { email: trip.org.email });
    await page.getByRole('heading', { name: 'Your trips' }).waitFor();
    await settle(page, 'main');
    await f.check('dashboard-trips', page);
    await go(href('newTrip'));
    await f.check('dashboard-new-trip', page);
    for (const screen of TRIP_SCREENS) {
      await go(href(screen as 'trip', { tripId: trip.tripId }));
      await f.check(`dashboard-${screen}`, page);
    }
    await go(href('roundPrint', { tripId: trip.tripId, roundId: trip.day1.id }));
    await f.check('dashboard-roundPrint', page);
    await context.close();
    expect(f.visited.length).toBe(TRIP_SCREENS.length + 4);
    expect(f.lines, f.lines.join('\n')).toEqual([]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }, 240_000);

  it.each(WIDTHS)('the golfer’s app at $name px', async ({ name: width, viewport }) => {
    const context = await browser.newContext({ viewport, serviceWorkers: 'allow', ...(viewport.width < 500 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}) });
    const page = await context.newPage();
    const errors = pageErrors(page);
    const f = new Findings(width);
    const visited = await portalTour(page, trip, (name, p) => f.check(`portal-${name}`, p));
    await context.close();
    expect(visited.length).toBeGreaterThanOrEqual(10);
    expect(f.lines, f.lines.join('\n')).toEqual([]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }, 240_000);

  it.each(WIDTHS)('the TV display at $name px', async ({ name: width, viewport }) => {
    const f = new Findings(width);
    const visited = await displayTour(browser, server.base, trip.displayCode, (name, p) => f.check(name, p), { viewport });
    expect(visited.length).toBeGreaterThan(0);
    expect(f.lines, f.lines.join('\n')).toEqual([]);
  }, 60_000);
});
