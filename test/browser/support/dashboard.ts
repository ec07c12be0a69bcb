/**
 * What the dashboard's browser tests, its accessibility scan and `npm run screenshots` share: a desktop page, an
 * organizer's data made through the REST API, signing in and registering through the page as a person does, axe,
 * and a walk through every screen of the dashboard.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { api, course18, type Api } from '../../support/client.js';
import { codeIn, outbox } from '../../support/outbox.js';
import { settle } from './tour.js';

/** A laptop: the size the dashboard is designed for first. */
export const DESKTOP = { viewport: { width: 1440, height: 900 } } as const;
export const PASSWORD = 'correct horse battery';

export function desktopContext(browser: Browser, viewport: { width: number; height: number } = DESKTOP.viewport): Promise<BrowserContext> {
  return browser.newContext({ viewport });
}

let counter = 0;
export const uniqueEmail = (name: string) => `${name.toLowerCase().replace(/\W+/g, '.')}.${process.pid}.${Date.now()}.${++counter}@example.com`;

/** Opens `/` (or a fragment of it) and waits for the shell's content. */
export async function openDashboard(page: Page, base: string, hash = ''): Promise<void> {
  await page.goto(`${base}/${hash}`);
  await page.waitForSelector('main#main h1');
}

/** Registers through the page: from sign-in, "Create an account", the form. Ends on the trip list (or `next`). */
export async function registerInPage(page: Page, who: { name: string; email: string; password?: string; keep?: boolean }): Promise<void> {
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByLabel('Your name').fill(who.name);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password ?? PASSWORD);
  if (who.keep) await page.getByLabel('Keep me signed in on this computer').check();
  await page.getByRole('button', { name: 'Create account' }).click();
}

/** Signs in through the sign-in form of the page (or of a dialog when `within` names it). */
export async function signInInPage(page: Page, who: { email: string; password?: string; keep?: boolean }, within = 'main'): Promise<void> {
  const scope = page.locator(within);
  await scope.getByLabel('Email').fill(who.email);
  await scope.getByLabel('Password').fill(who.password ?? PASSWORD);
  if (who.keep) await scope.getByLabel('Keep me signed in on this computer').check();
  await scope.getByRole('button', { name: /^Sign in/ }).click();
}

export interface Organizer {
  name: string;
  email: string;
  client: Api;
  id: string;
}

export async function registerByApi(base: string, name: string): Promise<Organizer> {
  const email = uniqueEmail(name);
  const res = await api(base).post('/auth/register', { email, password: PASSWORD, name });
  if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
  return { name, email, client: api(base, res.body.token), id: res.body.user.id };
}

/** Waits for the trip wizard of `tripId` to finish. */
export async function wizardDone(client: Api, tripId: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const s = await client.get(`/trips/${tripId}/wizard/status`);
    if (s.body?.status === 'done') return;
    if (s.body?.status === 'failed') throw new Error(`wizard failed: ${s.text}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('wizard did not finish');
}

/** The code of the newest mail to `to` in the server's outbox (polled until it arrives). */
export async function mailedCode(dataDir: string, to: string): Promise<string> {
  for (let i = 0; i < 200; i++) {
    const mails = await outbox(dataDir, to);
    if (mails.length) return codeIn(mails[mails.length - 1]!);
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

export interface DashboardData {
  owner: Organizer;
  co: Organizer;
  tripId: string;
  pastTripId: string;
  inviteCode: string;
}

/**
 * An organizer with two trips made through the API: "Algarve 2027" (16 players, two rounds, a co-organizer, a
 * pending invite) and last year's "Algarve 2026" to copy.
 */
export async function dashboardData(base: string, dataDir: string): Promise<DashboardData> {
  const owner = await registerByApi(base, 'Sam Organizer');
  const co = await registerByApi(base, 'Kim Helper');
  const names = ['Ann Byrne', 'Ben Cole', 'Cat Doyle', 'Dan Egan', 'Eve Flynn', 'Finn Gray', 'Gus Hart', 'Hal Ives', 'Ida Joyce', 'Jon Kane', 'Kay Lynch', 'Liam Moore', 'Mia Nolan', 'Ned Owens', 'Ola Quinn', 'Pat Reid'];
  const wizard = await owner.client.post('/trips/wizard', {
    trip: { name: 'Algarve 2027', startDate: '2027-04-10', endDate: '2027-04-14', timezone: 'Europe/Lisbon', currency: 'EUR', destination: 'Vilamoura' },
    players: names.map((name, i) => ({ name, ref: `p${i}`, handicapIndex: 4 + i * 1.5 })),
    rounds: [
      { name: 'Day 1', date: '2027-04-11', course: course18('Old Course'), defaultTee: 'White', players: names.map((_, i) => `p${i}`) },
      { name: 'Day 2', date: '2027-04-12', course: course18('Victoria'), defaultTee: 'Yellow', players: names.map((_, i) => `p${i}`) },
    ],
  });
  if (wizard.status !== 202) throw new Error(`wizard: ${wizard.status} ${wizard.text}`);
  const tripId = wizard.body.tripId as string;
  await wizardDone(owner.client, tripId);
  const invite = await owner.client.post(`/trips/${tripId}/organizer-invites`, { email: co.email });
  const accepted = await co.client.post('/organizer-invites/accept', { code: invite.body.code });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.text}`);
  const pending = await owner.client.post(`/trips/${tripId}/organizer-invites`, { email: uniqueEmail('Lee Pending') });
  const past = await owner.client.post('/trips', { name: 'Algarve 2026', startDate: '2026-04-11', endDate: '2026-04-15', timezone: 'Europe/Lisbon', currency: 'EUR', destination: 'Vilamoura' });
  await owner.client.post(`/trips/${past.body.id}/players/bulk`, { players: names.slice(0, 12).map((name) => ({ name })) });
  void dataDir;
  return { owner, co, tripId, pastTripId: past.body.id, inviteCode: pending.body.code };
}

/** Runs axe-core in the page; answers the serious and critical violations (the others are returned apart). */
let axeSource: string | undefined;
export async function axeViolations(page: Page): Promise<{ blocking: string[]; other: string[]; passes: number }> {
  axeSource ??= await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(axeSource);
  const r = (await page.evaluate(
    `window.axe.run(document).then((r) => ({ passes: r.passes.length, violations: r.violations.map((v) => ({ id: v.id, impact: v.impact || 'unknown', help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) })) }))`,
  )) as { passes: number; violations: { id: string; impact: string; help: string; targets: string[] }[] };
  const line = (v: (typeof r.violations)[number]) => `${v.id} (${v.impact}) ${v.help}: ${v.targets.slice(0, 4).join(', ')}`;
  return {
    passes: r.passes,
    blocking: r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map(line),
    other: r.violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical').map(line),
  };
}

export type DashboardVisit = (name: string, page: Page) => Promise<void>;

async function go(page: Page, base: string, hash: string): Promise<void> {
  if (page.url().startsWith(base)) {
    await page.evaluate((h) => {
      location.hash = h;
    }, hash);
  } else await page.goto(`${base}/${hash}`);
  await page.waitForFunction((h) => location.hash === h || location.hash.startsWith('#/sign-in'), hash);
  await settle(page, 'main');
}

/**
 * Every screen of the dashboard, in the order an organizer meets them: signed out (sign-in, register, forgotten
 * password, reset with a code, an invite link), then signed in as the owner of `data` (the trip list, a new trip
 * and its refusal, copying, the wizard's status, each of the trip's tabs, the delete confirmation, an invite link).
 * `main` names the ones `npm run screenshots` also shows on a phone.
 */
export const MAIN_SCREENS = ['sign-in', 'trips', 'new-trip', 'trip-overview', 'trip-organizers', 'trip-settings'];

export async function dashboardTour(page: Page, base: string, data: DashboardData, visit: DashboardVisit): Promise<string[]> {
  const seen: string[] = [];
  const stop = async (name: string) => {
    await settle(page, 'main');
    await visit(name, page);
    seen.push(name);
  };
  await page.goto(`${base}/`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await stop('sign-in');
  await go(page, base, '#/register');
  await stop('register');
  await go(page, base, '#/forgot-password');
  await stop('forgot-password');
  await go(page, base, `#/reset-password?email=${encodeURIComponent(data.owner.email)}&code=abcdef.notarealcode`);
  await stop('reset-password');
  await go(page, base, `#/invites/accept?code=${encodeURIComponent(data.inviteCode)}`);
  await stop('invite-signed-out');

  await go(page, base, '#/sign-in');
  await signInInPage(page, { email: data.owner.email });
  await page.getByRole('heading', { name: 'Your trips' }).waitFor();
  await page.getByRole('link', { name: 'Algarve 2027' }).waitFor();
  await stop('trips');
  await go(page, base, '#/trips/new');
  await stop('new-trip');
  await page.getByLabel('Trip name').fill('Ryder weekend');
  await page.getByLabel('Player 1 name').fill('Al');
  await page.getByLabel('Handicap Index').first().fill('twelve');
  await page.getByRole('button', { name: 'Create trip' }).click();
  await page.locator('.error-summary').waitFor();
  await stop('new-trip-problems');
  await go(page, base, '#/trips/copy');
  await stop('copy-trip');
  await go(page, base, `#/trips/${data.tripId}/setup`);
  await page.getByRole('heading', { name: 'Your trip is ready' }).waitFor();
  await stop('trip-setup');
  await go(page, base, `#/trips/${data.tripId}`);
  await page.getByRole('heading', { name: 'So far' }).waitFor();
  await stop('trip-overview');
  await go(page, base, `#/trips/${data.tripId}/organizers`);
  await page.getByRole('heading', { name: 'Pending invites' }).waitFor();
  await stop('trip-organizers');
  await go(page, base, `#/trips/${data.tripId}/settings`);
  await stop('trip-settings');
  await page.getByRole('button', { name: 'Delete trip…' }).click();
  await page.getByRole('dialog').getByRole('list', { name: 'What is lost' }).waitFor();
  await visit('trip-delete-dialog', page);
  seen.push('trip-delete-dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Keep the trip' }).click();
  await go(page, base, `#/invites/accept?code=${encodeURIComponent(data.inviteCode)}`);
  await stop('invite-signed-in');
  return seen;
}
