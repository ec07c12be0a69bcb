/**
 * Issue 34: "links die when copied". A working link can be shown again to the trip's organizers
 * (`POST /trips/:tripId/portal-links/show`), so handing a link over (copy, QR code, QR sheet, mailing again) revokes
 * nothing; replacing a link (`POST /trip-portal/token` with `replace`) is the only way a link stops working from the
 * Links screen. The secret is kept sealed, never in plain text, and only while the link works.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsWithPrefix } from '../../server/store/docs.js';
import type { PortalTokenDoc } from '../../server/portal/tokens.js';
import { api, organizer, tripWithPlayers as newTripWithPlayers, type Api } from '../support/client.js';
import { coOrganize, outbox } from '../support/outbox.js';
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

async function mailedToken(to: string): Promise<string> {
  const m = /#token=(gtp_[A-Za-z0-9_-]{43})$/m.exec((await outbox(server.dataDir, to)).at(-1)?.text ?? '');
  if (!m) throw new Error(`no link mailed to ${to}`);
  return m[1]!;
}

const opens = async (token: string) => (await anon.post('/trip-portal/validate', { token })).status;

async function statuses(tripId: string): Promise<string[]> {
  return ((await owner.client.get(`/trips/${tripId}/portal-tokens`)).body.items as { status: string }[]).map((t) => t.status).sort();
}

describe('POST /trips/:tripId/portal-links/show', () => {
  it('shows the mailed link again, makes links only for players with none, and revokes nothing', async () => {
    const al = email('al');
    const { tripId, ids } = await tripWithPlayers([{ name: 'Al', email: al }, { name: 'Cy' }]);
    expect((await owner.client.post(`/trips/${tripId}/portal-tokens/send`, {})).status).toBe(200);
    const mailed = await mailedToken(al);

    // Without `make`: Al's mailed link, and Cy listed as having none.
    const plain = await owner.client.post(`/trips/${tripId}/portal-links/show`, {});
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cache-control')).toBe('no-store');
    expect(plain.body.items.map((l: { playerName: string; token: string }) => [l.playerName, l.token])).toEqual([['Al', mailed]]);
    expect(plain.body.items[0].link).toBe(`${server.config.publicBaseUrl}/portal#token=${mailed}`);
    expect(plain.body.made).toEqual([]);
    expect(plain.body.notShown).toEqual([{ playerId: ids[1], playerName: 'Cy', reason: 'no_link' }]);

    // With `make` (the QR sheet): Cy gets one; asking again shows the same two.
    const sheet = await owner.client.post(`/trips/${tripId}/portal-links/show`, { make: true });
    expect(sheet.body.made).toEqual([ids[1]]);
    expect(sheet.body.notShown).toEqual([]);
    const again = await owner.client.post(`/trips/${tripId}/portal-links/show`, { make: true });
    expect(again.body.made).toEqual([]);
    expect(again.body.items.map((l: { token: string }) => l.token)).toEqual(sheet.body.items.map((l: { token: string }) => l.token));
    expect(again.body.items[0].token).toBe(mailed);

    // Mailing again mails the same link; every link handed over still opens the trip.
    expect((await owner.client.post(`/trips/${tripId}/portal-tokens/send`, {})).status).toBe(200);
    expect(await mailedToken(al)).toBe(mailed);
    for (const l of again.body.items as { token: string }[]) expect(await opens(l.token)).toBe(200);
    expect(await statuses(tripId)).toEqual(['active', 'active']);
  });

  it('keeps the secret only sealed, and not once the link is replaced; replace is what revokes, and the old link is refused', async () => {
    const { tripId, ids } = await tripWithPlayers([{ name: 'Al' }]);
    const first = (await owner.client.post(`/trips/${tripId}/portal-links/show`, { make: true })).body.items[0] as { id: string; token: string };
    const stored = async () => (await docsWithPrefix<PortalTokenDoc>(server.deps.store.registry, 'portaltoken:')).filter((t) => t.tripId === tripId);
    const [doc] = await stored();
    expect(JSON.stringify(doc)).not.toContain(first.token);
    expect(JSON.stringify(doc)).not.toContain(first.token.slice(4));
    expect(doc!.sealedSecret).toMatch(/^v1\./);

    const replaced = await owner.client.post('/trip-portal/token', { tripId, playerId: ids[0], replace: true });
    expect(replaced.status).toBe(201);
    expect(replaced.body.token).not.toBe(first.token);
    const refused = await anon.post('/trip-portal/validate', { token: first.token });
    expect(refused.status).toBe(401);
    expect(refused.body.error.code).toBe('token_revoked');
    expect(await opens(replaced.body.token)).toBe(200);
    const shown = await owner.client.post(`/trips/${tripId}/portal-links/show`, {});
    expect(shown.body.items.map((l: { token: string }) => l.token)).toEqual([replaced.body.token]);
    const old = (await stored()).find((t) => t.id === first.id)!;
    expect(old.revokedAt).toBeDefined();
    expect(old.sealedSecret).toBeUndefined();
  });

  it('lists a working link made before links were kept as not_kept, and makes a second one only when asked', async () => {
    const { tripId, ids } = await tripWithPlayers([{ name: 'Al' }]);
    const issued = await owner.client.post('/trip-portal/token', { tripId, playerId: ids[0] });
    // A token of an older server: its secret was never kept.
    const registry = server.deps.store.registry;
    const doc = (await registry.get<PortalTokenDoc>(`portaltoken:${issued.body.id}`))!;
    const { sealedSecret: _dropped, ...legacy } = doc;
    await registry.put(legacy);
    const shown = await owner.client.post(`/trips/${tripId}/portal-links/show`, {});
    expect(shown.body).toEqual({ items: [], made: [], notShown: [{ playerId: ids[0], playerName: 'Al', reason: 'not_kept' }] });
    const made = await owner.client.post(`/trips/${tripId}/portal-links/show`, { make: true });
    expect(made.body.made).toEqual([ids[0]]);
    // The old link was handed over already: it keeps working beside the new one.
    expect(await opens(issued.body.token)).toBe(200);
    expect(await opens(made.body.items[0].token)).toBe(200);
  });

  it('is for the trip\'s organizers only: a co-organizer sees the links, another account 404, a portal session 401; a bad body 400 changes nothing', async () => {
    const { tripId, ids } = await tripWithPlayers([{ name: 'Al' }, { name: 'Bo' }]);
    const co = await organizer(server.url, 'Co');
    const stranger = await organizer(server.url, 'Stranger');
    expect((await stranger.client.post(`/trips/${tripId}/portal-links/show`, { make: true })).status).toBe(404);
    expect(await statuses(tripId)).toEqual([]);
    await coOrganize(owner.client, co, tripId);
    const seen = await co.client.post(`/trips/${tripId}/portal-links/show`, { make: true });
    expect(seen.status).toBe(200);
    expect(seen.body.items).toHaveLength(2);
    const session = (await anon.post('/trip-portal/validate', { token: seen.body.items[0].token })).body.session as string;
    expect((await api(server.url, session).post(`/trips/${tripId}/portal-links/show`, {})).status).toBe(401);
    expect((await anon.post(`/trips/${tripId}/portal-links/show`, {})).status).toBe(401);

    for (const body of [{ make: 'yes' }, { playerIds: [] }, { playerIds: ['NOT AN ID'] }, { other: 1 }]) {
      const res = await owner.client.post(`/trips/${tripId}/portal-links/show`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
    }
    const unknown = await owner.client.post(`/trips/${tripId}/portal-links/show`, { playerIds: [ids[0], 'nosuchplayer'], make: true });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('player_not_found');
    expect(await statuses(tripId)).toEqual(['active', 'active']);
  });
});
