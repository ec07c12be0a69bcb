/**
 * The first visit downloads each bundle once (issue 25): the page fetches its module scripts, then the service
 * worker precaches the same content-hashed files from the HTTP cache. Bundles are the same for every origin, so they
 * are served without `Vary: Origin`: a module script is fetched with an Origin header and the precache without one,
 * and with Vary the precache missed the HTTP cache and fetched every bundle a second time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Response } from 'playwright-core';
import { phoneContext } from './support/chromium.js';
import { openLink, portalLink, portalTrip, startBrowserSuite, stopBrowserSuite, type PortalServer } from './support/portal.js';
import type { FaultTrip } from '../sync/support/fault-trip.js';

let server: PortalServer;
let browser: Browser;
let trip: FaultTrip;

beforeAll(async () => {
  ({ server, browser, trip } = await startBrowserSuite(portalTrip));
});
afterAll(() => stopBrowserSuite(server, browser));

describe('the first visit of the golfer app', () => {
  it('downloads each bundle once: the service worker precaches from the HTTP cache', async () => {
    const context = await phoneContext(browser);
    const downloads: Promise<{ path: string; bytes: number; by: string }>[] = [];
    context.on('response', (res: Response) => {
      const path = new URL(res.url()).pathname;
      if (!path.startsWith('/portal/assets/') || !path.endsWith('.js') || res.status() !== 200) return;
      const by = res.request().serviceWorker() ? 'worker' : 'page';
      downloads.push(res.request().sizes().then((s) => ({ path, bytes: s.responseBodySize, by })));
    });
    const page = await context.newPage();
    await openLink(page, (await portalLink(server, trip, trip.players[0]!.id)).url);
    const all = await Promise.all(downloads);
    const paths = [...new Set(all.map((d) => d.path))];
    expect(paths.length).toBeGreaterThan(0);
    // The worker asked for every bundle too (its precache), and the bytes came over the wire once per bundle.
    expect(all.filter((d) => d.by === 'worker').map((d) => d.path).sort()).toEqual([...paths].sort());
    for (const path of paths) expect(all.filter((d) => d.path === path && d.bytes > 0).length, path).toBe(1);
    await context.close();
  });

  it('serves bundles to every origin alike, without Vary: Origin', async () => {
    const html = await (await fetch(`${server.base}/portal/`)).text();
    const bundle = /src="(\/portal\/assets\/main-[^"]+\.js)"/.exec(html)![1]!;
    for (const origin of [undefined, 'https://elsewhere.example', server.base]) {
      const headers: Record<string, string> = { 'accept-encoding': 'br', ...(origin ? { origin } : {}) };
      const res = await fetch(`${server.base}${bundle}`, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('cache-control')).toContain('immutable');
    }
  });
});
