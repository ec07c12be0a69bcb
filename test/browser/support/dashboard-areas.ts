/**
 * The trip-day, money and around-the-golf tabs of the dashboard (issue 24) each have a tour module beside this one,
 * `dashboard-area-<area>.ts`, exporting `area: AreaTour`. `npm run screenshots` photographs every view of every
 * area, and the accessibility test runs axe on each, on a laptop and on a phone, without either knowing the list.
 */
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { settle } from './tour.js';

export type AreaVisit = (name: string, page: Page) => Promise<void>;

export interface AreaTour {
  /** The file-name tag of the area, e.g. `control-room` (screenshots are `dashboard-<area>-NN-<view>.png`). */
  area: string;
  /**
   * Builds the area's data through the REST API on `base` (its own organizer and trip), signs in on `page` (a
   * fresh page, already at the wanted viewport) and opens every view of the area, calling `visit` once each view
   * has settled. Returns the names visited.
   */
  tour(page: Page, base: string, visit: AreaVisit): Promise<string[]>;
}

const HERE = fileURLToPath(new URL('.', import.meta.url));

/** Every area tour module of this folder, in file-name order. */
export async function loadAreaTours(): Promise<AreaTour[]> {
  const files = (await readdir(HERE)).filter((f) => /^dashboard-area-[\w-]+\.ts$/.test(f)).sort();
  const tours: AreaTour[] = [];
  for (const f of files) {
    const m = (await import(new URL(f, import.meta.url).href)) as { area?: AreaTour };
    if (!m.area) throw new Error(`${f} exports no \`area\``);
    tours.push(m.area);
  }
  return tours;
}

/** Opens a fragment of the dashboard in the page already there (no reload) and waits for the screen to settle. */
export async function goToHash(page: Page, hash: string): Promise<void> {
  await page.evaluate((h) => {
    location.hash = h;
  }, hash);
  await page.waitForFunction((h) => location.hash === h, hash);
  await settle(page, 'main');
}

/** A tour's stop: the screen settled, then visited, and its name noted in `seen`. */
export function stopper(page: Page, visit: AreaVisit, seen: string[]): (name: string) => Promise<void> {
  return async (name) => {
    await settle(page, 'main');
    await visit(name, page);
    seen.push(name);
  };
}
