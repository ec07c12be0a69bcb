import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organizer, tripWithPlayers as newTripWithPlayers, type Api } from '../support/client.js';
import { outbox } from '../support/outbox.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let owner: Awaited<ReturnType<typeof organizer>>;
let anon: Api;

beforeAll(async () => {
  server = await startTestServer();
  owner = await organizer(server.url, 'Owner');
  anon = api(server.url);
});
afterAll(() => server.close());

let n = 0;
const email = (who: string) => `${who}.${process.pid}.${Date.now()}.${++n}@example.com`;

const tripWithPlayers = (players: Record<string, unknown>[]) => newTripWithPlayers(owner.client, players);

/** The portal link in the latest mail to `to`, and its token. */
async function linkMailedTo(to: string) {
  const mails = await outbox(server.dataDir, to);
  const m = /^(http\S+\/portal#token=(gtp_[A-Za-z0-9_-]{43}))$/m.exec(mails.at(-1)?.text ?? '');
  if (!m) throw new Error(`no portal link mailed to ${to}`);
  return { link: m[1]!, token: m[2]!, mails };
}

describe('POST /trips/:tripId/portal-tokens/send', () => {
  it('mails each player with an email their own link, and skips those without one', async () => {
    const al = email('al');
    const bo = email('bo');
    const { tripId, ids } = await tripWithPlayers([{ name: 'Al', email: al }, { name: 'Cy' }, { name: 'Bo', email: bo }]);
    const res = await owner.client.post(`/trips/${tripId}/portal-tokens/send`, {});
    expect(res.status).toBe(200);
    expect(res.body.sent).toEqual([
      { playerId: ids[0], email: al, tokenId: expect.any(String) },
      { playerId: ids[2], email: bo, tokenId: expect.any(String) },
    ]);
    expect(res.body.skipped).toEqual([{ playerId: ids[1], name: 'Cy', reason: 'no_email' }]);

    const alMail = await linkMailedTo(al);
    expect(alMail.mails).toHaveLength(1);
    expect(alMail.mails[0]!.subject).toBe('Your link for Algarve 2027');
    expect(alMail.link).toBe(`${server.config.publicBaseUrl}/portal#token=${alMail.token}`);
    // Each link is that player's own.
    const session = await anon.post('/trip-portal/validate', { token: alMail.token });
    expect(session.status).toBe(200);
    expect(session.body.player.id).toBe(ids[0]);
    const boSession = await anon.post('/trip-portal/validate', { token: (await linkMailedTo(bo)).token });
    expect(boSession.body.player.id).toBe(ids[2]);

    const tokens = (await owner.client.get(`/trips/${tripId}/portal-tokens`)).body.items;
    expect(tokens.map((t: { playerId: string }) => t.playerId).sort()).toEqual([ids[0], ids[2]].sort());
  });

  it('writes to the golfer: what the link opens, offline once opened, the home screen, personal, who sent it; in text and HTML, no API', async () => {
    const al = email('al');
    const { tripId } = await tripWithPlayers([{ name: 'Al <Jr>', email: al }]);
    expect((await owner.client.post(`/trips/${tripId}/portal-tokens/send`, {})).status).toBe(200);
    const { link, mails } = await linkMailedTo(al);
    const mail = mails[0]! as typeof mails[number] & { html?: string };
    const text = mail.text;
    expect(text).toMatch(/^Hi Al <Jr>,$/m);
    expect(text).toContain('your own link to the app of Algarve 2027');
    for (const what of ['scores', 'leaderboards', 'money']) expect(text).toContain(what);
    expect(text).toContain('works on the course with no signal');
    expect(text).toContain('iPhone: open the link in Safari, tap Share, then Add to Home Screen.');
    expect(text).toContain('Android: open the link in Chrome, open the menu (⋮), then Install app or Add to Home screen.');
    expect(text).toContain('This link is personal');
    expect(text).toContain('do not forward it');
    expect(text).toMatch(/^Sent to you by Owner, who organizes Algarve 2027\.$/m);
    for (const api of ['POST', 'GET ', '/trip-portal/', 'Bearer', '{"']) expect(text).not.toContain(api);

    // The HTML part says the same, the link a button, every text escaped.
    expect(mail.html).toContain(`<a href="${link}"`);
    expect(mail.html).toContain('Hi Al &#60;Jr&#62;,');
    expect(mail.html).toContain('<li>iPhone: open the link in Safari, tap Share, then Add to Home Screen.</li>');
    expect(mail.html).not.toContain('<Jr>');
    expect(mail.html).not.toContain('POST');
  });

  it('mails the link the player has: sending again revokes nothing, the links handed out before keep working (issue 34)', async () => {
    const al = email('al');
    const { tripId, ids } = await tripWithPlayers([{ name: 'Al', email: al }]);
    // A link handed out by hand before, and one mailed: the mail carries the player's newest working link.
    const byHand = await owner.client.post('/trip-portal/token', { tripId, playerId: ids[0] });
    expect((await owner.client.post(`/trips/${tripId}/portal-tokens/send`, {})).status).toBe(200);
    const first = await linkMailedTo(al);
    expect(first.token).toBe(byHand.body.token);
    expect((await owner.client.post(`/trips/${tripId}/portal-tokens/send`, { playerIds: [ids[0]] })).status).toBe(200);
    const second = await linkMailedTo(al);
    expect(second.mails).toHaveLength(2);
    expect(second.token).toBe(first.token);
    expect((await anon.post('/trip-portal/validate', { token: second.token })).status).toBe(200);
    const statuses = (await owner.client.get(`/trips/${tripId}/portal-tokens`)).body.items.map((t: { status: string }) => t.status);
    expect(statuses).toEqual(['active']);

    // Replacing is what makes a link stop working; the next mail carries the new one.
    const replaced = await owner.client.post('/trip-portal/token', { tripId, playerId: ids[0], replace: true });
    expect((await owner.client.post(`/trips/${tripId}/portal-tokens/send`, { playerIds: [ids[0]] })).status).toBe(200);
    expect((await linkMailedTo(al)).token).toBe(replaced.body.token);
    expect((await anon.post('/trip-portal/validate', { token: first.token })).body.error.code).toBe('token_revoked');
  });

  it('sends only to the players named, and refuses an unknown one with 404, sending nothing', async () => {
    const al = email('al');
    const bo = email('bo');
    const { tripId, ids } = await tripWithPlayers([{ name: 'Al', email: al }, { name: 'Bo', email: bo }]);
    const only = await owner.client.post(`/trips/${tripId}/portal-tokens/send`, { playerIds: [ids[1]] });
    expect(only.body).toEqual({ sent: [{ playerId: ids[1], email: bo, tokenId: expect.any(String) }], skipped: [] });
    expect(await outbox(server.dataDir, al)).toEqual([]);

    const unknown = await owner.client.post(`/trips/${tripId}/portal-tokens/send`, { playerIds: [ids[0], 'nosuchplayer'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('player_not_found');
    expect(await outbox(server.dataDir, al)).toEqual([]);
  });

  it('is for organizers of the trip only (404), and refuses a bad body with 400', async () => {
    const al = email('al');
    const { tripId } = await tripWithPlayers([{ name: 'Al', email: al }]);
    const stranger = await organizer(server.url, 'Stranger');
    const res = await stranger.client.post(`/trips/${tripId}/portal-tokens/send`, {});
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('trip_not_found');
    const bad = await owner.client.post(`/trips/${tripId}/portal-tokens/send`, { playerIds: 'all' });
    expect(bad.status).toBe(400);
    expect(await outbox(server.dataDir, al)).toEqual([]);
  });
});
