import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, course18, organizer, tripBody, type Api } from '../support/client.js';
import { codeIn, coOrganize, outbox, type OutboxMail } from '../support/outbox.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let clockOffsetMs = 0;
let owner: Awaited<ReturnType<typeof organizer>>;

beforeAll(async () => {
  server = await startTestServer({ overrides: { now: () => new Date(Date.now() + clockOffsetMs) } });
  owner = await organizer(server.url, 'Owner');
});
afterAll(() => server.close());

async function newTrip(client: Api, name = 'Shared trip'): Promise<string> {
  const res = await client.post('/trips', tripBody({ name }));
  expect(res.status).toBe(201);
  return res.body.id;
}

let unique = 0;
/** An address nobody has registered yet. */
const freshEmail = (who: string) => `${who}.${process.pid}.${Date.now()}.${++unique}@example.com`;

async function register(email: string, name: string) {
  const res = await api(server.url).post('/auth/register', { email, password: 'correct horse battery', name });
  expect(res.status).toBe(201);
  return { client: api(server.url, res.body.token), id: res.body.user.id as string, email };
}

async function listedTripIds(client: Api): Promise<string[]> {
  return (await client.get('/trips?limit=200')).body.items.map((t: { id: string }) => t.id);
}

describe('an invited email registered by someone else', () => {
  it('gives no access to the trip, its players (emails, phones) or its portal tokens, in any letter case', async () => {
    const tripId = await newTrip(owner.client, 'Private players');
    const invited = freshEmail('cara');
    // Cara is a player with the organizer role and her email, and the owner invites that email.
    const player = await owner.client.post(`/trips/${tripId}/players`, { name: 'Cara', email: invited, phone: '+353 87 123 4567', role: 'organizer' });
    expect(player.status).toBe(201);
    expect((await owner.client.post(`/trips/${tripId}/organizer-invites`, { email: invited })).status).toBe(201);
    const round = await owner.client.post(`/trips/${tripId}/rounds`, { date: '2027-04-11', course: course18(), defaultTee: 'White', playerIds: [player.body.id] });
    expect(round.status).toBe(201);

    // Someone who knows the address registers it first, in capitals: registration proves nothing about the mailbox.
    const squatter = await register(invited.toUpperCase(), 'Not Cara');
    for (const path of [`/trips/${tripId}`, `/trips/${tripId}/players`, `/trips/${tripId}/portal-tokens`, `/trips/${tripId}/organizers`]) {
      const res = await squatter.client.get(path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.code).toBe('trip_not_found');
      expect(res.text).not.toContain('+353');
    }
    expect((await squatter.client.get(`/rounds/${round.body.id}`)).status).toBe(404);
    expect(await listedTripIds(squatter.client)).not.toContain(tripId);
    expect((await squatter.client.post('/trip-portal/token', { tripId, playerId: player.body.id })).status).toBe(404);
    expect((await squatter.client.patch(`/trips/${tripId}/players/${player.body.id}`, { phone: null })).status).toBe(404);
  });
});

describe('invites', () => {
  it('mails a single-use code to the address, answers it once, and stores only its hash', async () => {
    const tripId = await newTrip(owner.client, 'Mailed invite');
    const email = freshEmail('dan');
    const res = await owner.client.post(`/trips/${tripId}/organizer-invites`, { email: email.toUpperCase() });
    expect(res.status).toBe(201);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toMatchObject({ tripId, email, status: 'pending', createdBy: owner.user.id, mailed: true });
    const days = (Date.parse(res.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    const mails = await outbox(server.dataDir, email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Co-organize Mailed invite');
    expect(codeIn(mails[0]!)).toBe(res.body.code);

    const stored = await server.deps.store.registry.get(`orginvite:${res.body.id}`);
    const secret = (res.body.code as string).split('.')[1]!;
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);

    const listed = (await owner.client.get(`/trips/${tripId}/organizer-invites`)).body.items;
    expect(listed).toEqual([expect.objectContaining({ id: res.body.id, status: 'pending', email })]);
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it('mails a dashboard link to accept, what accepting does, to sign in first, and the expiry; in text and HTML, no API', async () => {
    const tripId = await newTrip(owner.client, 'Linked invite');
    const email = freshEmail('fay');
    const res = await owner.client.post(`/trips/${tripId}/organizer-invites`, { email });
    expect(res.status).toBe(201);
    const mail = (await outbox(server.dataDir, email))[0]! as OutboxMail & { html?: string };
    const base = server.config.publicBaseUrl;
    const link = `${base}/#/invites/accept?code=${encodeURIComponent(res.body.code)}`;
    expect(mail.text.split('\n')).toContain(link);
    expect(mail.text).toContain('Owner invites you to co-organize the golf trip Linked invite');
    expect(mail.text).toContain('Accepting makes you an organizer of Linked invite together with Owner');
    expect(mail.text).toContain(`sign in to the dashboard at ${base}/, or create an account there with this address (${email})`);
    expect(mail.text).toContain(`until ${res.body.expiresAt.slice(0, 10)} ${res.body.expiresAt.slice(11, 16)} UTC`);
    expect(codeIn(mail)).toBe(res.body.code);
    for (const api of ['POST', '/organizer-invites/accept', 'Bearer', '{"']) expect(mail.text).not.toContain(api);
    expect(mail.html).toContain(`<a href="${link}"`);
    expect(mail.html).not.toContain('POST');

    // The link's code is the one the dashboard sends for the signed-in account.
    const fay = await register(email, 'Fay');
    const code = new URLSearchParams(new URL(link).hash.split('?')[1]).get('code');
    expect((await fay.client.post('/organizer-invites/accept', { code })).status).toBe(200);
  });

  it('makes the accepting account a co-organizer by account id, whatever its email, once', async () => {
    const tripId = await newTrip(owner.client, 'Accepted');
    const invite = await owner.client.post(`/trips/${tripId}/organizer-invites`, { email: freshEmail('eve') });
    // Eve signs in with the account she already has, under another address.
    const eve = await register(freshEmail('eve.work'), 'Eve');
    expect((await eve.client.get(`/trips/${tripId}`)).status).toBe(404);

    const accepted = await eve.client.post('/organizer-invites/accept', { code: invite.body.code });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ tripId, name: 'Accepted', myRole: 'organizer' });
    expect((await eve.client.get(`/trips/${tripId}`)).status).toBe(200);
    expect((await eve.client.get(`/trips/${tripId}/players`)).status).toBe(200);
    const listed = (await eve.client.get('/trips?limit=200')).body.items.find((t: { id: string }) => t.id === tripId);
    expect(listed).toMatchObject({ name: 'Accepted', myRole: 'organizer' });
    expect((await eve.client.delete(`/trips/${tripId}`)).status).toBe(403);

    const organizers = (await owner.client.get(`/trips/${tripId}/organizers`)).body.items;
    expect(organizers).toEqual([
      { accountId: owner.user.id, email: owner.email, name: 'Owner', role: 'owner' },
      { accountId: eve.id, email: eve.email, name: 'Eve', role: 'organizer', since: expect.any(String) },
    ]);
    expect((await owner.client.get(`/trips/${tripId}/organizer-invites`)).body.items[0]).toMatchObject({ status: 'accepted', acceptedBy: eve.id });

    // Used up: neither another account nor Eve again.
    const mallory = await register(freshEmail('mallory'), 'Mallory');
    const again = await mallory.client.post('/organizer-invites/accept', { code: invite.body.code });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('code_used');
    expect((await mallory.client.get(`/trips/${tripId}`)).status).toBe(404);
    expect((await eve.client.post('/organizer-invites/accept', { code: invite.body.code })).body.error.code).toBe('code_used');
  });

  it('lets only one of two accounts accepting at the same moment in', async () => {
    const tripId = await newTrip(owner.client, 'Race');
    const invite = await owner.client.post(`/trips/${tripId}/organizer-invites`, { email: freshEmail('race') });
    const a = await register(freshEmail('a'), 'A');
    const b = await register(freshEmail('b'), 'B');
    const answers = await Promise.all([a, b].map((x) => x.client.post('/organizer-invites/accept', { code: invite.body.code })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const organizers = (await owner.client.get(`/trips/${tripId}/organizers`)).body.items;
    expect(organizers).toHaveLength(2);
  });

  it.each([
    ['a code of the wrong shape', () => 'not-a-code'],
    ['an unknown invite', () => `zzzzzzzzzzzz.${'A'.repeat(43)}`],
    ['a known invite with a wrong secret', (code: string) => `${code.split('.')[0]}.${'B'.repeat(43)}`],
  ])('refuses %s with 400 code_invalid, granting nothing', async (_label, forge) => {
    const tripId = await newTrip(owner.client, 'Forged');
    const invite = await owner.client.post(`/trips/${tripId}/organizer-invites`, { email: freshEmail('f') });
    const guesser = await register(freshEmail('guesser'), 'Guesser');
    const res = await guesser.client.post('/organizer-invites/accept', { code: forge(invite.body.code) });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('code_invalid');
    expect((await guesser.client.get(`/trips/${tripId}`)).status).toBe(404);
    expect((await owner.client.get(`/trips/${tripId}/organizer-invites`)).body.items[0].status).toBe('pending');
  });

  it('refuses an expired invite with 410 code_expired', async () => {
    const tripId = await newTrip(owner.client, 'Late');
    const invite = await owner.client.post(`/trips/${tripId}/organizer-invites`, { email: freshEmail('late') });
    clockOffsetMs = 7 * 86_400_000 + 1000;
    let late: Awaited<ReturnType<typeof register>>;
    try {
      // Signed in after the invite expired (a token signed before would have expired by now too).
      late = await register(freshEmail('late.account'), 'Late');
      const res = await late.client.post('/organizer-invites/accept', { code: invite.body.code });
      expect(res.status).toBe(410);
      expect(res.body.error.code).toBe('code_expired');
      expect((await late.client.get(`/trips/${tripId}`)).status).toBe(404);
    } finally {
      clockOffsetMs = 0;
    }
    expect((await owner.client.get(`/trips/${tripId}/organizer-invites`)).body.items[0].status).toBe('pending');
  });

  it('revokes a pending invite: its code stops working; an accepted one is 409', async () => {
    const tripId = await newTrip(owner.client, 'Revoked');
    const invite = await owner.client.post(`/trips/${tripId}/organizer-invites`, { email: freshEmail('r') });
    expect((await owner.client.delete(`/trips/${tripId}/organizer-invites/${invite.body.id}`)).status).toBe(204);
    expect((await owner.client.delete(`/trips/${tripId}/organizer-invites/${invite.body.id}`)).status).toBe(204);
    const taker = await register(freshEmail('taker'), 'Taker');
    const res = await taker.client.post('/organizer-invites/accept', { code: invite.body.code });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('code_invalid');
    expect((await taker.client.get(`/trips/${tripId}`)).status).toBe(404);
    expect((await owner.client.get(`/trips/${tripId}/organizer-invites`)).body.items[0].status).toBe('revoked');

    const second = await owner.client.post(`/trips/${tripId}/organizer-invites`, { email: taker.email });
    expect((await taker.client.post('/organizer-invites/accept', { code: second.body.code })).status).toBe(200);
    const late = await owner.client.delete(`/trips/${tripId}/organizer-invites/${second.body.id}`);
    expect(late.status).toBe(409);
    expect((await owner.client.delete(`/trips/${tripId}/organizer-invites/nosuchinvite`)).status).toBe(404);
  });

  it('leaves the invite unused when an organizer of the trip accepts it (409 already_organizer)', async () => {
    const tripId = await newTrip(owner.client, 'Mine');
    const invite = await owner.client.post(`/trips/${tripId}/organizer-invites`, { email: freshEmail('someone') });
    const res = await owner.client.post('/organizer-invites/accept', { code: invite.body.code });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('already_organizer');
    expect((await owner.client.get(`/trips/${tripId}/organizer-invites`)).body.items[0].status).toBe('pending');
  });

  it('lets only organizers of the trip invite or list invites (404 for others)', async () => {
    const tripId = await newTrip(owner.client, 'Closed');
    const stranger = await register(freshEmail('stranger'), 'Stranger');
    const res = await stranger.client.post(`/trips/${tripId}/organizer-invites`, { email: stranger.email });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('trip_not_found');
    expect((await stranger.client.get(`/trips/${tripId}/organizer-invites`)).status).toBe(404);
    expect(await outbox(server.dataDir, stranger.email)).toEqual([]);
  });

  it('refuses a bad email with 400 and stores nothing', async () => {
    const tripId = await newTrip(owner.client, 'Bad email');
    const res = await owner.client.post(`/trips/${tripId}/organizer-invites`, { email: 'not an email' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect((await owner.client.get(`/trips/${tripId}/organizer-invites`)).body.items).toEqual([]);
  });
});

describe('removing a co-organizer', () => {
  it('ends access at the next request and revokes the invites that account issued', async () => {
    const tripId = await newTrip(owner.client, 'Removal');
    const co = await register(freshEmail('co'), 'Co');
    await coOrganize(owner.client, co, tripId);
    expect((await co.client.get(`/trips/${tripId}/players`)).status).toBe(200);
    // Before being removed, the co-organizer invites a second account of their own.
    const backdoor = await co.client.post(`/trips/${tripId}/organizer-invites`, { email: freshEmail('co.second') });
    expect(backdoor.status).toBe(201);

    expect((await owner.client.delete(`/trips/${tripId}/organizers/${co.id}`)).status).toBe(204);
    const after = await co.client.get(`/trips/${tripId}/players`);
    expect(after.status).toBe(404);
    expect(after.body.error.code).toBe('trip_not_found');
    expect(await listedTripIds(co.client)).not.toContain(tripId);

    const second = await register(freshEmail('co.second.account'), 'Co again');
    const res = await second.client.post('/organizer-invites/accept', { code: backdoor.body.code });
    expect(res.status).toBe(400);
    expect((await second.client.get(`/trips/${tripId}`)).status).toBe(404);
    expect((await owner.client.get(`/trips/${tripId}/organizers`)).body.items.map((o: { accountId: string }) => o.accountId)).toEqual([owner.user.id]);
  });

  it('lets a co-organizer leave but not remove another (403), and never the owner (404)', async () => {
    const tripId = await newTrip(owner.client, 'Leaving');
    const x = await register(freshEmail('x'), 'X');
    const y = await register(freshEmail('y'), 'Y');
    await coOrganize(owner.client, x, tripId);
    await coOrganize(owner.client, y, tripId);
    const refused = await x.client.delete(`/trips/${tripId}/organizers/${y.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await y.client.get(`/trips/${tripId}`)).status).toBe(200);
    expect((await owner.client.delete(`/trips/${tripId}/organizers/${owner.user.id}`)).status).toBe(404);
    expect((await owner.client.delete(`/trips/${tripId}/organizers/nobody`)).status).toBe(404);

    expect((await x.client.delete(`/trips/${tripId}/organizers/${x.id}`)).status).toBe(204);
    expect((await x.client.get(`/trips/${tripId}`)).status).toBe(404);
    expect((await y.client.get(`/trips/${tripId}`)).status).toBe(200);
  });
});

describe('a player with the organizer role', () => {
  it('gives the account registered with that email no dashboard access', async () => {
    const co = await register(freshEmail('plain'), 'Plain');
    const tripId = await newTrip(owner.client, 'Role only');
    expect((await owner.client.post(`/trips/${tripId}/players`, { name: 'Plain', email: co.email, role: 'organizer' })).status).toBe(201);
    expect((await co.client.get(`/trips/${tripId}`)).status).toBe(404);
    expect(await listedTripIds(co.client)).not.toContain(tripId);
  });
});

describe('copying a trip', () => {
  it("carries the source's co-organizer accounts to the copy, and nobody else", async () => {
    const tripId = await newTrip(owner.client, 'Source');
    const co = await register(freshEmail('copyco'), 'Copy Co');
    await coOrganize(owner.client, co, tripId);
    const copy = await owner.client.post('/trips', { copyFromTripId: tripId, startDate: '2028-04-01' });
    expect(copy.status).toBe(201);
    expect((await co.client.get(`/trips/${copy.body.id}`)).status).toBe(200);
    expect((await owner.client.get(`/trips/${copy.body.id}/organizers`)).body.items.map((o: { accountId: string }) => o.accountId)).toEqual([owner.user.id, co.id]);
  });
});
