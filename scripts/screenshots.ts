/**
 * `npm run screenshots`: a PNG of every screen of the golfer's app at 390×844, of every panel of the TV display
 * at 1920×1080, and of every screen of the organizer's dashboard at 1440×900 (`dashboard-NN-<screen>.png`; the
 * main ones also at 1024×768 and on a 390×844 phone), in `screenshots/` (git-ignored); a screen taller than its
 * window also gets a `-full.png` of all of it, so anyone can look at the apps without a phone.
 *
 * Builds the web apps (web/build.ts, into `WEB_DIR`, default `dist/web`), starts the real server as a child process
 * on a free port with a temporary data directory, makes a realistic trip through the REST API
 * (test/browser/support/rich-trip.ts: 12 players, today's round in play, games, money, plans), opens the portal as
 * a player and walks every screen (test/browser/support/tour.ts). Prints the files written.
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWeb } from '../web/build.js';
import { launchBrowser, pageErrors, phoneContext, PHONE } from '../test/browser/support/chromium.js';
import { startPortalServer, type PortalServer } from '../test/browser/support/portal.js';
import { richTrip } from '../test/browser/support/rich-trip.js';
import { displayTour, portalTour, settle } from '../test/browser/support/tour.js';
import { dashboardData, dashboardTour, MAIN_SCREENS } from '../test/browser/support/dashboard.js';
import { pairingsScreenshots } from '../test/browser/support/dashboard-tour-pairings.js';
import { screenshotPlayers } from '../test/browser/support/dashboard-tour-players.js';
import { screenshotRounds } from '../test/browser/support/dashboard-tour-rounds.js';
import { loadAreaTours } from '../test/browser/support/dashboard-areas.js';
import type { Browser } from 'playwright-core';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const OUT = join(ROOT, 'screenshots');

async function main(): Promise<void> {
  const built = await buildWeb();
  console.log(`web apps built into ${relative(ROOT, built.outDir) || built.outDir} in ${built.ms} ms`);
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  let server: PortalServer | undefined;
  let browser: Browser | undefined;
  const written: string[] = [];
  const problems: string[] = [];
  try {
    server = await startPortalServer();
    browser = await launchBrowser();
    const trip = await richTrip(server.base, { players: 12 });
    console.log(`trip ${trip.tripId}: ${trip.players.length} players, ${trip.docs} documents; the portal opens as ${trip.me.name}`);

    const context = await phoneContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    let n = 0;
    await portalTour(
      page,
      trip,
      async (name, p) => {
        n += 1;
        const file = join(OUT, `portal-${String(n).padStart(2, '0')}-${name}.png`);
        await p.screenshot({ path: file });
        written.push(file);
        // A screen longer than the phone: also the whole of it, on a phone as tall as the screen (so the fixed
        // tab bar stays at the bottom instead of floating over the middle of a stitched capture).
        const height = await p.evaluate(() => document.documentElement.scrollHeight);
        if (height > PHONE.viewport.height + 8) {
          const whole = file.replace(/\.png$/, '-full.png');
          await p.setViewportSize({ width: PHONE.viewport.width, height: Math.min(height, 8000) });
          await settle(p, 'main', 2_000);
          await p.screenshot({ path: whole });
          await p.setViewportSize(PHONE.viewport);
          written.push(whole);
        }
      },
      { log: (line) => problems.push(line) },
    );
    await context.close();
    problems.push(...errors.filter((e) => e.startsWith('pageerror')));

    await displayTour(
      browser,
      server.base,
      trip.displayCode,
      async (name, p) => {
        const file = join(OUT, `${name}.png`);
        await p.screenshot({ path: file });
        written.push(file);
      },
      { log: (line) => problems.push(line) },
    );

    // The organizer's dashboard: every screen on a laptop; the main ones on a small laptop (1024) and a phone.
    const data = await dashboardData(server.base, server.dataDir);
    const sizes = [
      { tag: '', viewport: { width: 1440, height: 900 }, only: null },
      { tag: '1024-', viewport: { width: 1024, height: 768 }, only: MAIN_SCREENS },
      { tag: 'phone-', viewport: PHONE.viewport, only: MAIN_SCREENS },
    ];
    for (const size of sizes) {
      const desk = await browser.newContext({ viewport: size.viewport });
      const deskPage = await desk.newPage();
      const deskErrors = pageErrors(deskPage);
      let k = 0;
      await dashboardTour(deskPage, server.base, data, async (name, p) => {
        k += 1;
        if (size.only && !size.only.includes(name)) return;
        const file = join(OUT, `dashboard-${size.tag}${String(k).padStart(2, '0')}-${name}.png`);
        await p.screenshot({ path: file });
        written.push(file);
        const height = await p.evaluate(() => document.documentElement.scrollHeight);
        if (height > size.viewport.height + 8) {
          const whole = file.replace(/\.png$/, '-full.png');
          await p.screenshot({ path: whole, fullPage: true });
          written.push(whole);
        }
      });
      await desk.close();
      problems.push(...deskErrors.filter((e) => e.startsWith('pageerror')));
    }
    written.push(...(await pairingsScreenshots(browser, server.base, OUT, problems)));
    written.push(...(await screenshotPlayers(browser, server.base, OUT)));
    written.push(...(await screenshotRounds(browser, server.base, OUT)));
    // The trip-day, money and around-the-golf tabs: every view on a laptop and on a phone.
    for (const tour of await loadAreaTours()) {
      for (const size of [{ tag: '', viewport: { width: 1440, height: 900 } }, { tag: '1024-', viewport: { width: 1024, height: 768 } }, { tag: 'phone-', viewport: PHONE.viewport }]) {
        const ctx = await browser.newContext({ viewport: size.viewport });
        const areaPage = await ctx.newPage();
        const areaErrors = pageErrors(areaPage);
        let k = 0;
        await tour.tour(areaPage, server.base, async (name, p) => {
          k += 1;
          const file = join(OUT, `dashboard-${tour.area}-${size.tag}${String(k).padStart(2, '0')}-${name}.png`);
          await p.screenshot({ path: file });
          written.push(file);
          const height = await p.evaluate(() => document.documentElement.scrollHeight);
          if (height > size.viewport.height + 8) {
            const whole = file.replace(/\.png$/, '-full.png');
            await p.screenshot({ path: whole, fullPage: true });
            written.push(whole);
          }
        });
        await ctx.close();
        problems.push(...areaErrors.filter((e) => e.startsWith('pageerror')).map((e) => `${tour.area}: ${e}`));
      }
    }
  } finally {
    await browser?.close();
    await server?.dispose();
  }
  const files = (await readdir(OUT)).sort();
  console.log(`\n${written.length} screenshots in ${relative(process.cwd(), OUT) || OUT}/:`);
  for (const f of files) console.log(`  ${f}`);
  if (problems.length) {
    console.log('\nnoted on the way:');
    for (const p of problems) console.log(`  ${p}`);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
