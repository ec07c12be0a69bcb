/**
 * What the browser tests share: the real server as a child process (on `localhost`, a secure context, so the
 * service worker and IndexedDB work as on a phone over HTTPS), a trip made through the organizer's REST API, a
 * portal link per player, and opening that link in a phone-sized page.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './chromium.js';
import { freePort } from '../../support/processes.js';
import { startChildServer, type ChildServer } from '../../sync/support/fault-child.js';
import { createTrip, type FaultTrip, type TripPlan } from '../../sync/support/fault-trip.js';

export interface PortalServer extends ChildServer {
  /** `http://localhost:<port>` (the child's own url says 127.0.0.1; both are secure contexts). */
  base: string;
  dataDir: string;
  port: number;
  jwtSecret: string;
  /** Starts the server again on the same port and data (after `stop` or `kill`). */
  restart(): Promise<void>;
  /** Stops it and removes its data directory. */
  dispose(): Promise<void>;
}

export async function startPortalServer(env: Record<string, string> = {}): Promise<PortalServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'golf-portal-'));
  const port = await freePort();
  const jwtSecret = `browser-tests-secret-${'x'.repeat(32)}`;
  let child = await startChildServer({ port, dataDir, jwtSecret, env: { PUBLIC_BASE_URL: `http://localhost:${port}`, ...env } });
  const server: PortalServer = {
    get url() {
      return child.url;
    },
    get pid() {
      return child.pid;
    },
    base: `http://localhost:${port}`,
    dataDir,
    port,
    jwtSecret,
    output: () => child.output(),
    kill: () => child.kill(),
    stop: () => child.stop(),
    async restart() {
      child = await startChildServer({ port, dataDir, jwtSecret, env: { PUBLIC_BASE_URL: `http://localhost:${port}`, ...env } });
    },
    async dispose() {
      await child.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}

/** A trip with one ready round (see fault-trip.ts); four players in one group by default. */
export async function portalTrip(server: PortalServer, plan: TripPlan = { names: ['Ann', 'Ben', 'Cat', 'Dan'], groups: [[0, 1, 2, 3]] }): Promise<FaultTrip> {
  return createTrip(server.base, plan);
}

/** Issues a portal token for the player and answers its link (`/portal#token=…`) and the token's id. */
export async function portalLink(server: PortalServer, trip: FaultTrip, playerId: string): Promise<{ url: string; token: string; tokenId: string }> {
  const issued = await trip.org.client.post('/trip-portal/token', { tripId: trip.tripId, playerId });
  if (issued.status !== 201) throw new Error(`issue token: ${issued.status} ${issued.text}`);
  return { url: `${server.base}/portal#token=${issued.body.token}`, token: issued.body.token, tokenId: issued.body.id };
}

/** Opens a link and waits for the trip's home screen; then for the service worker to control the page. */
export async function openLink(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForSelector('.topbar', { timeout: 20_000 });
  await waitForServiceWorker(page);
}

export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 15_000 });
}

/** Offline as a phone is: the context's network off, and the page told so (`offline` event). */
export async function setOffline(context: BrowserContext, offline: boolean): Promise<void> {
  await context.setOffline(offline);
}

/** What most browser test files start with: the server, a browser, and the trip `makeTrip` builds on the server. */
export async function startBrowserSuite<T>(makeTrip: (server: PortalServer) => Promise<T>): Promise<{ server: PortalServer; browser: Browser; trip: T }> {
  const server = await startPortalServer();
  const browser = await launchBrowser();
  return { server, browser, trip: await makeTrip(server) };
}

/** Closes what `startBrowserSuite` opened (either may be missing when the start failed). */
export async function stopBrowserSuite(server: PortalServer | undefined, browser: Browser | undefined): Promise<void> {
  await browser?.close();
  await server?.dispose();
}
