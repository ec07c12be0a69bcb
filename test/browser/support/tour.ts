/**
 * A walk through every screen of the portal and every panel of the TV display, shared by `npm run screenshots` and
 * the accessibility test: at each stop the page is settled (rendered, nothing loading, the DOM quiet) and
 * `visit(name)` runs (a screenshot, an axe scan).
 *
 * The walk finds what the screens offer rather than hard-coding it: after each of the shell's screens it visits the
 * screen's own sub-views (links one or two levels under `…/<screen>/` inside the screen, tabs with `role="tab"`), so a board
 * kind or a trip section added later is visited too.
 */
import type { Browser, Page } from 'playwright-core';
import { openLink } from './portal.js';
import type { RichTrip } from './rich-trip.js';

export const PORTAL_SCREENS = ['home', 'scorecard', 'leaderboards', 'games', 'money', 'trip', 'sync'] as const;

export type Visit = (name: string, page: Page) => Promise<void>;

const slug = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[:/.]/g, ' ')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-')
    .slice(0, 40) || 'view';

/**
 * Waits until the page shows a screen that is done: its main region has content, nothing in it is `aria-busy` or
 * says it is loading, and the DOM has not changed for 300 ms (at most `timeoutMs`, then it goes on).
 */
export async function settle(page: Page, root = 'main', timeoutMs = 8_000): Promise<void> {
  await page.waitForSelector(root, { timeout: timeoutMs });
  await page
    .waitForFunction(
      (sel) => {
        const el = document.querySelector(sel);
        if (!el || el.childElementCount === 0) return false;
        if (el.querySelector('[aria-busy="true"]')) return false;
        return !/^\s*(loading|opening)\b/i.test((el.textContent ?? '').trim());
      },
      root,
      { timeout: timeoutMs },
    )
    .catch(() => undefined);
  // A string, not a function: tsx would wrap named inner functions in a helper the page does not have.
  await page.evaluate(`new Promise((resolve) => {
    let timer;
    let stop;
    let observer;
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      clearTimeout(stop);
      requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
    };
    timer = setTimeout(done, 300);
    stop = setTimeout(done, ${timeoutMs});
    observer = new MutationObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(done, 300);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['class', 'hidden', 'aria-busy'] });
  })`);
}

/** The phone's first sync done: the badge says synced with nothing waiting. */
export async function waitSynced(page: Page, timeoutMs = 30_000): Promise<void> {
  await page.waitForSelector('[data-testid="sync-badge"][data-state="online"][data-pending="0"]', { timeout: timeoutMs });
}

const tripHash = (key: string, screen: string, ...rest: string[]) => `#/t/${encodeURIComponent(key)}/${screen}${rest.map((r) => `/${encodeURIComponent(r)}`).join('')}`;

async function goHash(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  await page.waitForFunction((h) => location.hash === h, hash, { timeout: 5_000 }).catch(() => undefined);
  await settle(page, 'main.screen');
}

/** Sub-views a screen offers: its own links one level down, and its tabs. */
async function subViews(page: Page, key: string, screen: string): Promise<{ kind: 'link' | 'tab'; target: string; label: string }[]> {
  const prefix = tripHash(key, screen) + '/';
  return page.evaluate(
    ({ prefix }) => {
      const main = document.querySelector('main.screen');
      if (!main) return [];
      const found: { kind: 'link' | 'tab'; target: string; label: string }[] = [];
      const seen = new Set<string>();
      for (const a of Array.from(main.querySelectorAll<HTMLAnchorElement>('a[href^="#/t/"]'))) {
        const h = a.getAttribute('href')!;
        // One or two levels down (`trip/rides`, `leaderboards/round/<id>`), not deeper (a board's basis variants).
        if (!h.startsWith(prefix) || h.slice(prefix.length).split('/').length > 2 || seen.has(h)) continue;
        // The sub-view shown already (the screen's default) is the screen's own stop.
        if (a.getAttribute('aria-current') === 'page' || a.getAttribute('aria-selected') === 'true') continue;
        seen.add(h);
        found.push({ kind: 'link', target: h, label: (a.textContent ?? '').trim() || h.slice(prefix.length) });
      }
      const tabs = Array.from(main.querySelectorAll<HTMLElement>('[role="tab"]'));
      tabs.forEach((t, i) => {
        if (t.getAttribute('aria-selected') === 'true') return;
        found.push({ kind: 'tab', target: String(i), label: (t.textContent ?? '').trim() || `tab ${i + 1}` });
      });
      return found;
    },
    { prefix },
  );
}

export interface TourOptions {
  /** Called with what was skipped or went wrong, so the caller can print it. */
  log?: (line: string) => void;
  /** The display's screen (default 1920×1080, a TV). */
  viewport?: { width: number; height: number };
}

/**
 * The portal as `trip.me` on a phone page: every screen and sub-view, the trip list (with a second trip kept on the
 * phone), the banner of a refused token (the link is revoked at the end) and the page of the revoked link opened
 * again. Returns the names visited.
 */
export async function portalTour(page: Page, trip: RichTrip, visit: Visit, options: TourOptions = {}): Promise<string[]> {
  const log = options.log ?? (() => undefined);
  const visited: string[] = [];
  const at = async (name: string) => {
    visited.push(name);
    await visit(name, page);
  };
  const link = await trip.link();
  const key = `${trip.tripId}:${trip.me.id}`;
  await openLink(page, link.url);
  await waitSynced(page);

  for (const screen of PORTAL_SCREENS) {
    await goHash(page, tripHash(key, screen));
    const home = await page.evaluate(() => location.hash);
    await at(screen);
    const views = await subViews(page, key, screen);
    const names = new Set<string>();
    for (const v of views) {
      let name = `${screen}-${slug(v.label)}`;
      while (names.has(name)) name += '-2';
      names.add(name);
      if (v.kind === 'link') {
        await goHash(page, v.target);
      } else {
        const tab = page.locator('main.screen [role="tab"]').nth(Number(v.target));
        if (!(await tab.isVisible())) {
          log(`${name}: tab not visible, skipped`);
          continue;
        }
        await tab.click();
        await settle(page, 'main.screen');
      }
      await at(name);
      if (v.kind === 'tab') {
        // Tabs are the screen's own state: away and back starts it afresh for the next tab.
        await goHash(page, tripHash(key, screen === 'home' ? 'sync' : 'home'));
        await goHash(page, home);
      }
    }
  }

  // The hole two phones scored differently: the dispute badge with both values.
  await goHash(page, tripHash(key, 'scorecard', trip.dispute.roundId, String(trip.dispute.hole)));
  await at('scorecard-dispute');

  // No signal, a score entered: the badge says offline with a write waiting; then back online and synced.
  await page.context().setOffline(true);
  await goHash(page, tripHash(key, 'scorecard', trip.day1.id, '7'));
  const plus = page.locator(`[data-testid="player-hole"][data-player="${trip.me.id}"] [data-testid="plus"]`);
  if (await plus.isEnabled().catch(() => false)) {
    await plus.click();
    await page.waitForSelector('[data-testid="sync-badge"][data-state="offline"]:not([data-pending="0"])', { timeout: 10_000 }).catch(() => log('offline: the badge did not show a waiting write'));
    await settle(page, 'main.screen');
    await at('scorecard-offline');
  } else log('scorecard-offline: no enabled + button on hole 7, skipped');
  await page.context().setOffline(false);
  await waitSynced(page).catch(() => log('back online: the phone did not report synced in 30 s'));

  // A second trip on the phone (the same trip as another player, as on a shared phone): the trip list shows both.
  const other = await trip.link(trip.players[1]!.id);
  await page.goto(other.url);
  await page.waitForSelector('.topbar', { timeout: 20_000 });
  await page.evaluate(() => {
    location.hash = '#/';
  });
  await page.waitForSelector('main.trips', { timeout: 10_000 });
  await settle(page, 'main');
  await at('trips');

  // The link revoked: the next request the phone makes is refused and the banner says what to do.
  const revoked = await trip.org.client.post(`/trips/${trip.tripId}/portal-tokens/${link.tokenId}/revoke`);
  if (revoked.status !== 200) throw new Error(`revoke: ${revoked.status} ${revoked.text}`);
  await page.evaluate((h) => {
    location.hash = h;
  }, tripHash(key, 'home'));
  await page.reload();
  await page.waitForSelector('[data-testid="needs-token"]', { timeout: 30_000 });
  await settle(page, 'main.screen');
  await at('token-refused');

  // The revoked link itself opened again: the page that says to ask for a new one.
  await page.goto(link.url);
  await page.waitForSelector('[data-testid="link-problem"]', { timeout: 20_000 });
  await settle(page, 'main');
  await at('link-refused');
  return visited;
}

/**
 * The TV display by its access code at 1920×1080: every panel of its rotation (the page's clock is driven, so
 * the walk does not wait out the rotation). Returns the names visited.
 */
export async function displayTour(browser: Browser, base: string, code: string, visit: Visit, options: TourOptions = {}): Promise<string[]> {
  const log = options.log ?? (() => undefined);
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1920, height: 1080 }, deviceScaleFactor: 1 });
  const visited: string[] = [];
  try {
    const page = await context.newPage();
    await page.clock.install();
    await page.goto(`${base}/display/${code}`);
    await page.waitForSelector('[data-testid="display"]', { timeout: 20_000 });
    await settle(page, 'body');
    const slides = await page.$$eval('[data-testid="rotation"] li', (lis) => lis.map((li) => li.getAttribute('data-key') ?? ''));
    if (slides.length === 0) {
      visited.push('display');
      await visit('display', page);
      return visited;
    }
    for (let i = 0; i < slides.length; i++) {
      const current = await page.getAttribute('main.stage', 'data-slide').catch(() => null);
      const name = `display-${i + 1}-${slug(current ?? slides[i]!)}`;
      visited.push(name);
      await visit(name, page);
      if (i === slides.length - 1) break;
      const seconds = await page
        .$eval('[data-testid="rotation"] .progress', (el) => parseFloat((el as HTMLElement).style.animationDuration))
        .catch(() => Number.NaN);
      await page.clock.fastForward(Math.round((Number.isFinite(seconds) ? seconds : 10) * 1000) + 50);
      await page
        .waitForFunction((prev) => document.querySelector('main.stage')?.getAttribute('data-slide') !== prev, current, { timeout: 5_000 })
        .catch(() => log(`${name}: the display did not move on to the next panel`));
      await settle(page, 'body');
    }
    return visited;
  } finally {
    await context.close();
  }
}
