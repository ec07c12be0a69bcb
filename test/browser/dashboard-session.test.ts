/**
 * The dashboard's session (issue 23) in a real Chromium: signing out in one tab ends the others; a token that
 * stops working while a form is being filled brings a sign-in dialog over the page, the form keeps its values,
 * and the refused request goes through after signing in; a password reset from the mailed code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { api } from '../support/client.js';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { desktopContext, mailedCode, openDashboard, PASSWORD, registerByApi, signInInPage, type Organizer } from './support/dashboard.js';
import { startPortalServer, type PortalServer } from './support/portal.js';

let server: PortalServer;
let browser: Browser;

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function signedInAt(page: Page, who: Organizer, keep: boolean): Promise<void> {
  await openDashboard(page, server.base, '#/sign-in');
  await signInInPage(page, { email: who.email, keep });
  await page.getByRole('heading', { name: 'Your trips' }).waitFor();
}

describe('signing out', () => {
  it.each([
    ['kept on this computer', true],
    ['kept for the tab only', false],
  ])('in one tab ends the session in every other tab (%s)', async (_what, keep) => {
    const who = await registerByApi(server.base, 'Tabs');
    const context = await desktopContext(browser);
    const one = await context.newPage();
    const two = await context.newPage();
    await signedInAt(one, who, keep);
    if (keep) {
      // Kept on this computer: a second tab opens signed in.
      await openDashboard(two, server.base);
      await two.getByRole('heading', { name: 'Your trips' }).waitFor();
    } else await signedInAt(two, who, false);
    expect(await one.evaluate(() => [sessionStorage.length, localStorage.length])).toEqual(keep ? [0, 1] : [1, 0]);

    await one.getByRole('button', { name: 'Sign out' }).click();
    await one.getByRole('heading', { name: 'Sign in' }).waitFor();
    await two.getByRole('heading', { name: 'Sign in' }).waitFor();
    await two.getByText('You were signed out in another tab of this browser.').waitFor();
    expect(await two.evaluate(() => [sessionStorage.length, localStorage.length])).toEqual([0, 0]);
    // The trips of the account are gone from the page, and a reload stays signed out.
    await two.reload();
    await two.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });
});

describe('a token that stops working', () => {
  it('asks to sign in again over the form, keeps what was typed, and saves it after signing in', async () => {
    const who = await registerByApi(server.base, 'Expiry');
    const trip = await who.client.post('/trips', { name: 'Algarve 2027', startDate: '2027-04-10', endDate: '2027-04-14', timezone: 'Europe/Lisbon', currency: 'EUR' });
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await signedInAt(page, who, false);
    await page.goto(`${server.base}/#/trips/${trip.body.id}/settings`);
    await page.getByLabel('Trip name').fill('Algarve in spring');
    await page.getByLabel('Destination').fill('Vilamoura');

    // Meanwhile the password is reset: every token issued before stops working (401 token_revoked).
    const issuedAt = await page.evaluate(() => JSON.parse(atob(JSON.parse(sessionStorage.getItem('golf.dashboard.session.v1')!).token.split('.')[1])).iat as number);
    await expect.poll(() => Math.floor(Date.now() / 1000), { timeout: 3_000 }).toBeGreaterThan(issuedAt);
    expect((await api(server.base).post('/auth/password-reset', { email: who.email })).status).toBe(202);
    const code = await mailedCode(server.dataDir, who.email);
    expect((await api(server.base).post('/auth/password-reset/confirm', { code, password: 'a brand new password' })).status).toBe(204);

    await page.getByRole('button', { name: 'Save changes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in again to continue' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Email').inputValue()).toBe(who.email);
    // The page behind keeps the values.
    expect(await page.locator('#settings-name').inputValue()).toBe('Algarve in spring');
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in and continue' }).click();
    await dialog.locator('.field-error, .error-summary').first().waitFor();
    expect(await dialog.textContent()).toContain('Wrong email or password');
    await dialog.getByLabel('Password').fill('a brand new password');
    await dialog.getByRole('button', { name: 'Sign in and continue' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect(await dialog.isVisible()).toBe(false);
    await page.getByRole('heading', { name: 'Algarve in spring', level: 1 }).waitFor();
    const saved = await api(server.base, (await api(server.base).post('/auth/login', { email: who.email, password: 'a brand new password' })).body.token).get(`/trips/${trip.body.id}`);
    expect(saved.body).toMatchObject({ name: 'Algarve in spring', destination: 'Vilamoura' });
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
    await context.close();
  });
});

describe('a forgotten password', () => {
  it('mails a code, and the link /#/reset-password?email=&code= sets a new password and signs in', async () => {
    const who = await registerByApi(server.base, 'Forgetful');
    const context = await desktopContext(browser);
    const page = await context.newPage();
    await openDashboard(page, server.base);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    // The sign-in form has an Email field too: wait for the new screen before typing, or the sign-in's may be filled.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(who.email);
    await page.getByRole('button', { name: 'Mail me a code' }).click();
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
    const code = await mailedCode(server.dataDir, who.email);

    // A wrong code is refused at its field; the mailed link fills in the right one.
    await page.goto(`${server.base}/#/reset-password?email=${encodeURIComponent(who.email)}&code=${encodeURIComponent(`${code.split('.')[0]}.wrongwrongwrongwrongwrong`)}`);
    await page.getByLabel('New password').fill('another long password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect.poll(() => page.locator('#reset-code-error').textContent()).toMatch(/not valid/i);
    await page.goto(`${server.base}/#/reset-password?email=${encodeURIComponent(who.email)}&code=${encodeURIComponent(code)}`);
    // The same screen again, for the new address: until it is drawn, the field of the old one is there.
    await expect.poll(() => page.getByLabel('Reset code').inputValue()).toBe(code);
    await page.getByLabel('New password').fill('another long password');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Your trips' }).waitFor();
    await page.getByText('Your password is changed, and you are signed in with it.').waitFor();
    await context.close();
  });
});
