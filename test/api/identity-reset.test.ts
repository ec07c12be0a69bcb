import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organizer, type Api } from '../support/client.js';
import { codeIn, outbox, type OutboxMail } from '../support/outbox.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let clockOffsetMs = 0;
let anon: Api;

beforeAll(async () => {
  server = await startTestServer({ overrides: { now: () => new Date(Date.now() + clockOffsetMs) } });
  anon = api(server.url);
});
afterAll(() => server.close());

/** The reset work runs after the 202; wait for it. */
const settled = () => Promise.allSettled([...server.deps.background]);

async function askReset(email: string) {
  const res = await anon.post('/auth/password-reset', { email });
  expect(res.status).toBe(202);
  await settled();
  return res;
}

async function mailedCode(email: string): Promise<string> {
  const mails = await outbox(server.dataDir, email);
  expect(mails.length).toBeGreaterThan(0);
  return codeIn(mails.at(-1)!);
}

const login = (email: string, password: string) => anon.post('/auth/login', { email, password });

describe('password reset', () => {
  it('answers 202 alike for a registered and an unknown email, and mails only the registered one', async () => {
    const known = await organizer(server.url, 'Known');
    const unknown = `nobody.${Date.now()}@example.com`;
    const a = await askReset(known.email.toUpperCase());
    const b = await askReset(unknown);
    expect(a.body).toEqual(b.body);
    expect(await outbox(server.dataDir, unknown)).toEqual([]);
    const mails = await outbox(server.dataDir, known.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Reset your golf trips password');
    // Only the hash of the secret is stored.
    const code = codeIn(mails[0]!);
    const stored = await server.deps.store.registry.get(`pwreset:${known.user.id}`);
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code.split('.')[1]);
  });

  it('sets a new password once: the old one stops working, the code cannot be used again', async () => {
    const who = await organizer(server.url, 'Forgetful');
    await askReset(who.email);
    const code = await mailedCode(who.email);
    const res = await anon.post('/auth/password-reset/confirm', { code, password: 'a brand new passphrase' });
    expect(res.status).toBe(204);
    expect((await login(who.email, 'correct horse battery')).status).toBe(401);
    const fresh = await login(who.email, 'a brand new passphrase');
    expect(fresh.status).toBe(200);
    expect(fresh.body.user.id).toBe(who.user.id);

    const again = await anon.post('/auth/password-reset/confirm', { code, password: 'yet another passphrase' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('code_used');
    expect((await login(who.email, 'a brand new passphrase')).status).toBe(200);
  });

  it('mails a dashboard link beside the code, in text and HTML, and no API', async () => {
    const who = await organizer(server.url, 'Linked');
    await askReset(who.email);
    const mail = (await outbox(server.dataDir, who.email)).at(-1)! as OutboxMail & { html?: string };
    const code = codeIn(mail);
    const link = `${server.config.publicBaseUrl}/#/reset-password?email=${encodeURIComponent(who.email)}&code=${encodeURIComponent(code)}`;
    expect(mail.text.split('\n')).toContain(link);
    expect(mail.text).toContain('60 minutes');
    for (const api of ['POST', '/auth/password-reset', 'Bearer', '{"']) expect(mail.text).not.toContain(api);
    expect(mail.html).toContain(`<a href="${link.replace('&', '&#38;')}"`);
    expect(mail.html).toContain(code);
    expect(mail.html).not.toContain('POST');

    // What the dashboard reads from the link is what confirms the reset.
    const params = new URLSearchParams(new URL(link).hash.split('?')[1]);
    expect(params.get('email')).toBe(who.email);
    expect((await anon.post('/auth/password-reset/confirm', { code: params.get('code'), password: 'a linked new passphrase' })).status).toBe(204);
    expect((await login(who.email, 'a linked new passphrase')).status).toBe(200);
  });

  it('ends the dashboard tokens issued before the reset; a token signed in after works', async () => {
    const who = await organizer(server.url, 'Stolen');
    const tripId = (await who.client.post('/trips', { name: 'Mine', startDate: '2027-04-10', endDate: '2027-04-12', timezone: 'Europe/Lisbon', currency: 'EUR' })).body.id as string;
    expect((await who.client.get('/auth/me')).status).toBe(200);
    await askReset(who.email);
    const code = await mailedCode(who.email);
    // A few seconds later (tokens carry whole seconds).
    clockOffsetMs = 5000;
    try {
      expect((await anon.post('/auth/password-reset/confirm', { code, password: 'a brand new passphrase' })).status).toBe(204);
      for (const path of ['/auth/me', `/trips/${tripId}`, '/trips']) {
        const old = await who.client.get(path);
        expect(old.status, path).toBe(401);
        expect(old.body.error.code).toBe('token_revoked');
      }
      const fresh = await login(who.email, 'a brand new passphrase');
      const client = api(server.url, fresh.body.token);
      expect((await client.get('/auth/me')).status).toBe(200);
      expect((await client.get(`/trips/${tripId}`)).status).toBe(200);
    } finally {
      clockOffsetMs = 0;
    }
  });

  it('keeps only the latest code: asking again makes the earlier one invalid', async () => {
    const who = await organizer(server.url, 'Twice');
    await askReset(who.email);
    const first = await mailedCode(who.email);
    await askReset(who.email);
    const second = await mailedCode(who.email);
    expect(second).not.toBe(first);
    const old = await anon.post('/auth/password-reset/confirm', { code: first, password: 'a brand new passphrase' });
    expect(old.status).toBe(400);
    expect(old.body.error.code).toBe('code_invalid');
    expect((await anon.post('/auth/password-reset/confirm', { code: second, password: 'a brand new passphrase' })).status).toBe(204);
  });

  it('refuses an expired code with 410 and keeps the password', async () => {
    const who = await organizer(server.url, 'Slow');
    await askReset(who.email);
    const code = await mailedCode(who.email);
    clockOffsetMs = 61 * 60_000;
    try {
      const res = await anon.post('/auth/password-reset/confirm', { code, password: 'a brand new passphrase' });
      expect(res.status).toBe(410);
      expect(res.body.error.code).toBe('code_expired');
    } finally {
      clockOffsetMs = 0;
    }
    expect((await login(who.email, 'correct horse battery')).status).toBe(200);
  });

  it.each([
    ['a made-up code', () => `abcdefghij.${'x'.repeat(43)}`],
    ['a code of the wrong shape', () => 'letmein'],
  ])('refuses %s with 400 code_invalid', async (_label, code) => {
    const res = await anon.post('/auth/password-reset/confirm', { code: code(), password: 'a brand new passphrase' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('code_invalid');
  });

  it('refuses a wrong secret for a real reset, and a short password, changing nothing', async () => {
    const who = await organizer(server.url, 'Target');
    await askReset(who.email);
    const code = await mailedCode(who.email);
    const forged = `${code.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await anon.post('/auth/password-reset/confirm', { code: forged, password: 'attacker passphrase' })).body.error.code).toBe('code_invalid');
    const short = await anon.post('/auth/password-reset/confirm', { code, password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error.code).toBe('validation_failed');
    expect((await login(who.email, 'correct horse battery')).status).toBe(200);
    // The real code still works after both refusals.
    expect((await anon.post('/auth/password-reset/confirm', { code, password: 'a brand new passphrase' })).status).toBe(204);
  });

  it('refuses a bad email with 400', async () => {
    const res = await anon.post('/auth/password-reset', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('limits requests per email (429 with Retry-After) before mailing more', async () => {
    const who = await organizer(server.url, 'Flooded');
    const limit = server.config.rateLimits.passwordReset.points;
    for (let i = 0; i < limit; i++) await askReset(who.email);
    const refused = await anon.post('/auth/password-reset', { email: who.email });
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await settled();
    expect(await outbox(server.dataDir, who.email)).toHaveLength(limit);
  });

  it('counts wrong codes per client address: past the budget, 429 with Retry-After (last: it spends this address)', async () => {
    const budget = server.config.rateLimits.passwordReset.points * 10;
    let status = 0;
    for (let i = 0; i < budget + 1 && status !== 429; i++) {
      const res = await anon.post('/auth/password-reset/confirm', { code: `abcdefghij.${'y'.repeat(43)}`, password: 'a brand new passphrase' });
      status = res.status;
      if (status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      else expect(res.body.error.code).toBe('code_invalid');
    }
    expect(status).toBe(429);
  });
});
