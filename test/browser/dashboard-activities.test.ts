/**
 * The Activities tab (issue 24): an activity made in the page (and one the server refuses, said at its field),
 * players' answers set one by one with the counts following, the cost turned into an expense after the dialog
 * says what it books, a change and a deletion; the API holds what the page shows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, pageErrors } from './support/chromium.js';
import { desktopContext } from './support/dashboard.js';
import { aroundTrip, openAround } from './support/dashboard-area-around.js';
import { startPortalServer, type PortalServer } from './support/portal.js';

let server: PortalServer;
let browser: Browser;

beforeAll(async () => {
  server = await startPortalServer();
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('activities', () => {
  it('creates an activity, sets answers with the counts following, books its cost and deletes it', async () => {
    const data = await aroundTrip(server.base, { rich: false });
    const T = `/trips/${data.tripId}`;
    const id = (name: string) => data.players.find((p) => p.name === name)!.id;
    const context = await desktopContext(browser);
    const page = await context.newPage();
    const errors = pageErrors(page);
    await openAround(page, server.base, data.owner, `#${T}/activities`);
    await page.getByRole('heading', { name: 'No activities yet' }).waitFor();

    // A start outside the trip's days is refused at its field; nothing is made.
    await page.getByRole('button', { name: 'New activity' }).click();
    const d = page.getByRole('dialog', { name: 'New activity' });
    await d.getByLabel('Name').fill('Team dinner');
    await d.getByLabel('Starts').fill('2027-05-01T20:00');
    await d.getByLabel('Places').fill('10');
    await d.getByLabel('Cost per person (EUR)').fill('45.50');
    await d.getByRole('button', { name: 'Add activity' }).click();
    await d.locator('#activity-start-error').getByText(/^Choose a day of the trip \(.+\)\.$/).waitFor();
    expect((await data.owner.client.get(`${T}/activities`)).body.items).toEqual([]);
    await d.getByLabel('Starts').fill('2027-04-11T20:00');
    await d.getByLabel('Ends').fill('2027-04-11T22:30');
    await d.getByLabel('Where').fill('Vilamoura marina');
    await d.getByRole('button', { name: 'Add activity' }).click();
    await d.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { name: /Apr 11, 2027|11 Apr 2027/ }).waitFor();
    await page.getByText('10 places, 10 left · €45.50 each, €0.00 for those going').waitFor();
    const [made] = (await data.owner.client.get(`${T}/activities`)).body.items;
    expect(made).toMatchObject({ name: 'Team dinner', start: '2027-04-11T20:00', end: '2027-04-11T22:30', location: 'Vilamoura marina', capacity: 10, costPerPersonCents: 4550 });

    // Answers, one player at a time; the counts follow in the page and on the server.
    await page.getByRole('link', { name: 'Answers for Team dinner' }).click();
    await page.getByRole('table', { name: 'Answers for Team dinner' }).waitFor();
    const answers: [string, string][] = [
      ['Ann Byrne', 'Going'],
      ['Ben Okafor', 'Going'],
      ['Cat Duarte', 'Maybe'],
      ['Dan Eriksen', 'Not going'],
    ];
    for (const [name, answer] of answers) {
      const select = page.getByLabel(`${name}’s answer`);
      await select.selectOption({ label: answer });
      await expect.poll(() => select.isEnabled()).toBe(true);
    }
    const facts = page.locator('dl[aria-label="Answers"]');
    await expect.poll(() => facts.locator('dd').allTextContents()).toEqual(['2 of 10 places', '1', '1', '8', '€91.00 (€45.50 each)']);
    const one = (await data.owner.client.get(`${T}/activities/${made.id}`)).body;
    expect(one.counts).toEqual({ yes: 2, maybe: 1, no: 1, unanswered: 8 });
    expect(Object.fromEntries(one.rsvps.map((r: any) => [r.playerId, r.response]))).toEqual({ [id('Ann Byrne')]: 'yes', [id('Ben Okafor')]: 'yes', [id('Cat Duarte')]: 'maybe', [id('Dan Eriksen')]: 'no' });

    // Taking an answer back: Dan has not answered any more.
    await page.getByLabel('Dan Eriksen’s answer').selectOption({ label: 'No answer' });
    await expect.poll(() => facts.locator('dd').allTextContents()).toEqual(['2 of 10 places', '1', '0', '9', '€91.00 (€45.50 each)']);

    // The expense: the dialog says what it books before anything is booked.
    await page.getByRole('button', { name: 'Turn into an expense…' }).click();
    const x = page.getByRole('dialog', { name: 'Turn Team dinner into an expense?' });
    await x.getByText('€45.50 per person × 2 players going').waitFor();
    await x.getByText('Ann Byrne and Ben Okafor').waitFor();
    expect((await data.owner.client.get(`${T}/activities/${made.id}`)).body.expenseId).toBeNull();
    await x.getByLabel('Who paid').selectOption({ label: 'Ben Okafor' });
    await x.getByRole('button', { name: 'Book €91.00' }).click();
    await x.getByText(/Booked: an expense of €91.00 paid by Ben Okafor/).waitFor();
    await x.getByRole('button', { name: 'Close' }).click();
    await page.getByText('Its cost is booked as an expense').waitFor();
    expect(await page.getByRole('button', { name: 'Turn into an expense…' }).count()).toBe(0);
    const booked = (await data.owner.client.get(`${T}/activities/${made.id}`)).body;
    const expense = (await data.owner.client.get(`${T}/expenses/${booked.expenseId}`)).body;
    expect(expense).toMatchObject({ amountCents: 9100, payerId: id('Ben Okafor'), category: 'activities' });

    // A change, then the deletion, explained first.
    await page.getByRole('button', { name: 'Change' }).click();
    const edit = page.getByRole('dialog', { name: 'Change Team dinner' });
    await edit.getByLabel('Name').fill('Dinner at the marina');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await page.getByRole('heading', { name: 'Dinner at the marina' }).waitFor();
    await page.getByRole('link', { name: 'All activities' }).click();
    // Per player, what their answers cost them: the server's figures.
    await page.getByText('Per player: what they go to and what it costs them').click();
    const ann = page.getByRole('table', { name: 'Activities per player' }).getByRole('row', { name: /^Ann Byrne/ });
    await expect.poll(() => ann.locator('td').allTextContents()).toEqual(['1', '0', '€45.50']);
    const perPlayer = (await data.owner.client.get(`${T}/activities/stats`)).body.players.find((p: any) => p.playerId === id('Ann Byrne'));
    expect(perPlayer).toEqual({ playerId: id('Ann Byrne'), yes: 1, maybe: 0, costCents: 4550 });
    await page.getByRole('button', { name: 'Delete Dinner at the marina…' }).click();
    const del = page.getByRole('dialog', { name: 'Delete Dinner at the marina?' });
    await del.getByText('The expense made from its cost stays in Money').waitFor();
    await del.getByRole('button', { name: 'Delete the activity' }).click();
    await page.getByRole('heading', { name: 'No activities yet' }).waitFor();
    expect((await data.owner.client.get(`${T}/activities`)).body.items).toEqual([]);
    expect((await data.owner.client.get(`${T}/expenses/${booked.expenseId}`)).status).toBe(200);

    await context.close();
    expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
  }, 120_000);
});
