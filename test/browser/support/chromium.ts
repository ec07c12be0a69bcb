/**
 * The browser of the browser tests: Chromium from the npm package `@sparticuz/chromium` (a headless-shell build
 * shipped inside its tarball, brotli-compressed; no download at install or test time), driven by
 * `playwright-core`. The first `chromiumPath()` of a machine unpacks it into the OS temp folder (3–4 s); later calls
 * reuse it. Vitest's global setup unpacks it once before the workers start, since two first unpacks at once race.
 */
import Chromium from '@sparticuz/chromium';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

let path: Promise<string> | undefined;

export function chromiumPath(): Promise<string> {
  path ??= Chromium.executablePath();
  return path;
}

/**
 * Flags for a closed network and a root user in a container: no sandbox (root), no GPU, and none of Chromium's
 * background calls home (they fail here, many at a time). Not the package's own `args`: they turn off web
 * security, which would hide exactly what these tests check (CORS, CSP, the service worker's scope).
 */
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}

/** A phone: 390×844 (iPhone 12–15), touch, a phone's user agent and scale. */
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true } as const;

export async function phoneContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ ...PHONE, serviceWorkers: 'allow' });
}

/** Console errors and uncaught exceptions of a page, for failure messages. */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`console: ${msg.text()}`);
  });
  return errors;
}
