/**
 * Accessibility (issue 15, flow 6): axe-core finds no serious or critical violation on any screen of the golfer's
 * app at 390×844 (every screen of the shell, every sub-view a screen links to or tabs between, a disputed hole, the
 * scorecard offline with a write waiting, the trip list, the refused-link banner and the page of a revoked link) nor
 * on any panel of the TV display at 1920×1080, over a realistic trip
 * (support/rich-trip.ts). Minor and moderate findings are printed, not failed.
 *
 * axe runs inside the page through the DevTools protocol (`page.evaluate` of its source), which the page's CSP
 * (`script-src 'self'`, no inline script) does not govern, so the pages are scanned with their real CSP on.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, pageErrors, phoneContext } from './support/chromium.js';
import { startPortalServer, type PortalServer } from './support/portal.js';
import { richTrip, type RichTrip } from './support/rich-trip.js';
import { displayTour, portalTour, PORTAL_SCREENS } from './support/tour.js';

interface Finding {
  stop: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

let server: PortalServer;
let browser: Browser;
let trip: RichTrip;
let axeSource: string;
const scanned: string[] = [];

beforeAll(async () => {
  axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  server = await startPortalServer();
  browser = await launchBrowser();
  trip = await richTrip(server.base, { players: 12 });
}, 60_000);
afterAll(async () => {
  console.log(`axe scanned ${scanned.length} views:\n  ${scanned.join('\n  ')}`);
  await browser?.close();
  await server?.dispose();
});

/** Runs axe over the whole page; answers every violation with its impact and the elements it names. */
async function scan(page: Page, stop: string): Promise<Finding[]> {
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  const result = (await page.evaluate(
    `window.axe.run(document).then((r) => ({ passes: r.passes.length, violations: r.violations.map((v) => ({ id: v.id, impact: v.impact || 'unknown', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })) }))`,
  )) as { passes: number; violations: Omit<Finding, 'stop'>[] };
  // A scan that checked nothing (an empty page, axe not running) must not pass as clean.
  if (result.passes === 0) throw new Error(`${stop}: axe passed no rule at all: the page was not scanned`);
  scanned.push(`${stop} (${result.passes} rules passed, ${result.violations.length} violated)`);
  return result.violations.map((v) => ({ stop, ...v }));
}

function report(findings: Finding[]): { blocking: Finding[] } {
  const blocking = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  const others = findings.filter((f) => !blocking.includes(f));
  if (others.length) console.log(`axe, not blocking:\n${others.map(line).join('\n')}`);
  return { blocking };
}

const line = (f: Finding) => `  ${f.stop}: ${f.id} (${f.impact}) ${f.help} — ${f.targets.slice(0, 5).join(', ')}${f.targets.length > 5 ? ` … ${f.targets.length} in all` : ''}`;

describe('accessibility (axe-core)', () => {
  it('finds no serious or critical violation on any screen of the portal', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const findings: Finding[] = [];
    const notes: string[] = [];
    const visited = await portalTour(page, trip, async (stop, p) => void findings.push(...(await scan(p, stop))), { log: (l) => notes.push(l) });
    await context.close();
    if (notes.length) console.log(`tour notes:\n  ${notes.join('\n  ')}`);
    // Every screen of the shell was scanned, plus a disputed hole, offline entry, the trip list, a refused link.
    expect(visited).toEqual(expect.arrayContaining([...PORTAL_SCREENS, 'scorecard-dispute', 'scorecard-offline', 'trips', 'token-refused', 'link-refused']));
    const { blocking } = report(findings);
    expect(blocking.map(line), `serious or critical violations:\n${blocking.map(line).join('\n')}`).toEqual([]);
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }, 120_000);

  it('finds no serious or critical violation on any panel of the TV display', async () => {
    const findings: Finding[] = [];
    const visited = await displayTour(browser, server.base, trip.displayCode, async (stop, p) => void findings.push(...(await scan(p, stop))));
    // The trip has a round board, skins and a tee sheet: the display has several panels, each scanned.
    expect(visited.length).toBeGreaterThan(1);
    const { blocking } = report(findings);
    expect(blocking.map(line), `serious or critical violations:\n${blocking.map(line).join('\n')}`).toEqual([]);
  }, 60_000);
});
