/**
 * The portal's shell in a real Chromium: the link opens the app and leaves no token behind, the service worker
 * makes it open offline, and the server serves the built files with the right caching.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { pageErrors, phoneContext } from './support/chromium.js';
import { openLink, portalLink, portalTrip, startBrowserSuite, stopBrowserSuite, type PortalServer } from './support/portal.js';
import type { FaultTrip } from '../sync/support/fault-trip.js';
import { request } from 'node:http';

function headerOf(url: string, headers: Record<string, string>, name: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      res.resume();
      resolve(res.headers[name] as string | undefined);
    })
      .on('error', reject)
      .end();
  });
}

function statusOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

let server: PortalServer;
let browser: Browser;
let trip: FaultTrip;

beforeAll(async () => {
  ({ server, browser, trip } = await startBrowserSuite(portalTrip));
});
afterAll(() => stopBrowserSuite(server, browser));

describe('serving the app', () => {
  it('serves the page uncached and the hashed bundles immutable, with a CSP', async () => {
    const page = await fetch(`${server.base}/portal`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await page.text();
    const script = /src="(\/portal\/assets\/main-[A-Z0-9]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const bundle = await fetch(`${server.base}${script}`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(bundle.headers.get('content-type')).toMatch(/^text\/javascript/);
    // Precompressed at build: gzip to a client that takes it (fetch asks for gzip and decodes it), Brotli to a
    // browser that takes that, the plain file to one that takes neither.
    expect(bundle.headers.get('content-encoding')).toBe('gzip');
    expect(await headerOf(`${server.base}${script}`, { 'accept-encoding': 'br, gzip' }, 'content-encoding')).toBe('br');
    expect(bundle.headers.get('vary')).toMatch(/accept-encoding/i);
    const plain = await fetch(`${server.base}${script}`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const [packedText, plainText] = [await bundle.text(), await plain.text()];
    expect(packedText).toBe(plainText);
    // gzip at least halves JavaScript (a bundle sent uncompressed, or compressed twice, would not be).
    expect(Number(bundle.headers.get('content-length'))).toBeLessThan(Number(plain.headers.get('content-length')) / 2);
    // Revalidation answers 304 without the body (node:http: fetch adds `Cache-Control: no-cache` to conditional
    // requests, which rightly defeats freshness).
    expect(await statusOf(`${server.base}/portal/`, { 'if-none-match': page.headers.get('etag')! })).toBe(304);
  });

  it('lets the service worker cover /portal and serves a manifest with installable icons', async () => {
    const sw = await fetch(`${server.base}/portal/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('service-worker-allowed')).toBe('/portal');
    const manifest = await fetch(`${server.base}/portal/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const body = (await manifest.json()) as { start_url: string; display: string; icons: { src: string; sizes: string }[] };
    expect(body.display).toBe('standalone');
    expect(body.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of body.icons) {
      const png = new Uint8Array(await (await fetch(`${server.base}${icon.src}`)).arrayBuffer());
      expect([...png.slice(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
      const size = Number(icon.sizes.split('x')[0]);
      expect(new DataView(png.buffer).getUint32(16)).toBe(size);
    }
  });

  it('does not serve files outside the build, nor shadow the display API', async () => {
    expect((await fetch(`${server.base}/portal/assets/..%2F..%2Fbuild-meta.json`)).status).toBe(404);
    expect((await fetch(`${server.base}/portal/assets/nope-123.js`)).status).toBe(404);
    const api = await fetch(`${server.base}/display/codes/ABCDEFGH23456723`);
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/json/);
    const page = await fetch(`${server.base}/display/ABCDEFGH23456723`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  });
});

describe('opening a link', () => {
  it('exchanges the token, removes it from the address bar and history, and reopens offline', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    const link = await portalLink(server, trip, trip.players[0]!.id);
    await openLink(page, link.url);
    expect(page.url()).not.toContain(link.token);
    expect(await page.textContent('.trip-player')).toBe('Ann');
    const stored = await page.evaluate(() => localStorage.getItem('golf.portal.trips.v1'));
    expect(stored).toContain(trip.tripId);

    // The link's entry in the history was replaced: going back leaves the app (to the blank start page).
    await page.goBack();
    expect(page.url()).toBe('about:blank');
    await page.goForward();
    expect(page.url()).not.toContain(link.token);

    await context.setOffline(true);
    await page.reload();
    await page.waitForSelector('.topbar');
    expect(await page.textContent('.trip-player')).toBe('Ann');
    await page.waitForSelector('[data-testid="sync-badge"][data-state="offline"]', { timeout: 15_000 });
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });

  it('says clearly when a link was revoked', async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const link = await portalLink(server, trip, trip.players[1]!.id);
    expect((await trip.org.client.post(`/trips/${trip.tripId}/portal-tokens/${link.tokenId}/revoke`)).status).toBe(200);
    await page.goto(link.url);
    await page.waitForSelector('[data-testid="link-problem"]');
    expect(await page.textContent('[data-testid="link-problem"] h1')).toBe('Ask your organizer for a new link');
    expect(await page.textContent('[data-testid="link-problem"] [role="alert"]')).toContain('revoked');
    expect(page.url()).not.toContain(link.token);
    await context.close();
  });
});
