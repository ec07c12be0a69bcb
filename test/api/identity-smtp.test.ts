import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

/** A message as the SMTP server received it: the envelope, and the raw message with quoted-printable undone. */
interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  headers: string;
  body: string;
}

const received: Received[] = [];
let smtp: SMTPServer;
let server: TestServer;

/** Undoes quoted-printable (RFC 2045 §6.7): soft line breaks and =XX escapes. */
function unquote(s: string): string {
  return s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

beforeAll(async () => {
  // A real SMTP server on a loopback port: plain SMTP with a login, as a small relay would offer; it refuses
  // recipients at bounce.invalid the way a mail server refuses an unknown mailbox (550).
  smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'golf' && auth.password === 's3cret') callback(null, { user: 'golf' });
      else callback(new Error('invalid credentials'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address.endsWith('@bounce.invalid')) callback(Object.assign(new Error('no such mailbox'), { responseCode: 550 }));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Uint8Array[] = [];
      stream.on('data', (c: Buffer) => chunks.push(new Uint8Array(c)));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.indexOf('\r\n\r\n');
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          headers: raw.slice(0, split),
          body: unquote(raw.slice(split + 4)),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  server = await startTestServer({ config: { mail: { smtpUrl: `smtp://golf:s3cret@127.0.0.1:${port}`, from: 'Golf trips <trips@golf.test>' } } });
});
afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const mailsTo = (address: string) => received.filter((m) => m.to.includes(address));

describe('mail over SMTP (SMTP_URL)', () => {
  it('uses the SMTP adapter', () => {
    expect(server.deps.mailer.kind).toBe('smtp');
  });

  it('delivers each player their portal link: recipient, sender, subject and a link that opens their session', async () => {
    const owner = await organizer(server.url, 'Owner');
    const tripId = (await owner.client.post('/trips', tripBody({ name: 'Links by mail' }))).body.id as string;
    const al = `al.${Date.now()}@example.com`;
    const players = await owner.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Al', email: al }, { name: 'Bo', email: 'bo@bounce.invalid' }] });
    const [alId, boId] = players.body.items.map((p: { id: string }) => p.id);

    const res = await owner.client.post(`/trips/${tripId}/portal-tokens/send`, {});
    expect(res.status).toBe(200);
    expect(res.body.sent).toEqual([{ playerId: alId, email: al, tokenId: expect.any(String) }]);
    // The server refused Bo's mailbox: reported, and the token made for him revoked.
    expect(res.body.skipped).toEqual([{ playerId: boId, name: 'Bo', reason: 'mail_failed' }]);
    const boTokens = (await owner.client.get(`/trips/${tripId}/portal-tokens`)).body.items.filter((t: { playerId: string }) => t.playerId === boId);
    expect(boTokens.map((t: { status: string }) => t.status)).toEqual(['revoked']);

    const [mail] = mailsTo(al);
    expect(mail).toBeDefined();
    expect(mail!.user).toBe('golf');
    expect(mail!.from).toBe('trips@golf.test');
    expect(mail!.headers).toMatch(/^To: al\.\d+@example\.com$/m);
    expect(mail!.headers).toMatch(/^Subject: Your link for Links by mail$/m);
    // Plain text and HTML, as alternatives of one message.
    expect(mail!.headers).toMatch(/^Content-Type: multipart\/alternative;/m);
    expect(mail!.body).toMatch(/^Content-Type: text\/plain/m);
    expect(mail!.body).toMatch(/^Content-Type: text\/html/m);
    const link = /(http\S+\/portal#token=(gtp_[A-Za-z0-9_-]{43}))/.exec(mail!.body);
    expect(link?.[1]).toBe(`${server.config.publicBaseUrl}/portal#token=${link?.[2]}`);
    const session = await api(server.url).post('/trip-portal/validate', { token: link![2] });
    expect(session.status).toBe(200);
    expect(session.body.player.id).toBe(alId);
  });

  it('delivers a co-organizer invite whose code is accepted', async () => {
    const owner = await organizer(server.url, 'Owner');
    const tripId = (await owner.client.post('/trips', tripBody({ name: 'Invite by mail' }))).body.id as string;
    const co = await organizer(server.url, 'Co');
    const invite = await owner.client.post(`/trips/${tripId}/organizer-invites`, { email: co.email });
    expect(invite.body.mailed).toBe(true);
    const [mail] = mailsTo(co.email);
    expect(mail!.headers).toMatch(/^Subject: Co-organize Invite by mail$/m);
    expect(mail!.body).toContain(invite.body.code);
    expect((await co.client.post('/organizer-invites/accept', { code: invite.body.code })).status).toBe(200);
  });

  it('answers the invite with mailed: false when the mail server refuses the address, code still usable', async () => {
    const owner = await organizer(server.url, 'Owner');
    const tripId = (await owner.client.post('/trips', tripBody())).body.id as string;
    const invite = await owner.client.post(`/trips/${tripId}/organizer-invites`, { email: 'nobody@bounce.invalid' });
    expect(invite.status).toBe(201);
    expect(invite.body.mailed).toBe(false);
    const co = await organizer(server.url, 'Co');
    expect((await co.client.post('/organizer-invites/accept', { code: invite.body.code })).status).toBe(200);
  });
});
