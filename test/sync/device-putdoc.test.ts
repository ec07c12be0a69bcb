/**
 * `DeviceTrip.putDoc` and `docChanges$`: documents other than scores written on the phone with no network (an
 * availability here), checked with the schema sync uses, pushed when signal returns and judged by the gateway's write
 * rule (another player's availability is refused with its reason and stays on the phone); every change one by one.
 */
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeviceTripError, type TripDocument } from '../../sync/device/index.js';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { deadUrl, deviceOpener, SYNC } from './support/device-helpers.js';
import { eventually } from './support/eventually.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let players: { id: string }[];

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  players = (await org.client.post(`/trips/${tripId}/players/bulk`, { players: [{ name: 'Al' }, { name: 'Bo' }] })).body.items;
  const roundId = (await org.client.post(`/trips/${tripId}/rounds`, { name: 'Day one', date: '2027-04-11', course: course18(), defaultTee: 'White', groups: [{ playerIds: players.map((p) => p.id) }] })).body.id;
  expect((await org.client.patch(`/trips/${tripId}/rounds/${roundId}/ready`)).status).toBe(200);
});

afterAll(async () => {
  await server?.close();
  await rm(server.dataDir, { recursive: true, force: true });
});

const open = deviceOpener(() => ({ baseUrl: server.url }));

async function tokenOf(player: number): Promise<string> {
  const res = await org.client.post('/trip-portal/token', { tripId, playerId: players[player]!.id });
  expect(res.status).toBe(201);
  return res.body.token;
}

function availability(playerId: string, days: string[]): TripDocument {
  const at = new Date().toISOString();
  return { _id: `availability:${playerId}`, type: 'availability', id: playerId, playerId, days, note: 'late flight', updatedBy: { kind: 'player', id: playerId }, createdAt: at, updatedAt: at };
}

describe('DeviceTrip.putDoc', () => {
  it('writes my availability with no network, and it lands when signal returns', async () => {
    const al = await open(await tokenOf(0), 'phone-putdoc-al');
    await al.awaitInSync(SYNC);
    const online = al.status();
    expect(online.pendingWrites).toBe(0);
    const changes: { docId: string; doc: TripDocument | null }[] = [];
    const sub = al.docChanges$().subscribe((c) => changes.push(c));

    const base = server.url;
    al.setBaseUrl(await deadUrl());
    const stored = await al.putDoc(availability(players[0]!.id, ['2027-04-11', '2027-04-12']));
    expect(stored._id).toBe(`availability:${players[0]!.id}`);
    expect((await al.docsOfType('availability')).map((d) => d.days)).toEqual([['2027-04-11', '2027-04-12']]);
    expect(changes.map((c) => c.docId)).toContain(`availability:${players[0]!.id}`);
    await eventually(() => expect(al.status().pendingWrites).toBe(1));

    // A second write replaces the first (one document, the latest answer).
    await al.putDoc(availability(players[0]!.id, ['2027-04-12']));
    al.setBaseUrl(base);
    await al.awaitInSync(SYNC);
    const list = await org.client.get(`/trips/${tripId}/availability`);
    expect(list.status).toBe(200);
    const mine = (list.body.items as { playerId: string; days: string[] | null; note: string | null }[]).find((a) => a.playerId === players[0]!.id);
    expect(mine).toMatchObject({ days: ['2027-04-12'], note: 'late flight' });
    sub.unsubscribe();
  });

  it('deletes a document when given `_deleted: true`, and the deletion syncs', async () => {
    const al = await open(await tokenOf(0), 'phone-putdoc-al-del');
    await al.awaitInSync(SYNC);
    const at = new Date().toISOString();
    const request = { _id: 'riderequest:req9al', type: 'riderequest', id: 'req9al', playerId: players[0]!.id, origin: 'Faro airport', destination: 'Old Links', earliestDeparture: '2027-04-10T09:00', latestDeparture: '2027-04-10T11:00', seats: 1, offerId: null, createdAt: at, updatedAt: at };
    await al.putDoc(request as TripDocument);
    await al.awaitInSync(SYNC);
    const onServer = async () => ((await org.client.get(`/trips/${tripId}/ride-board`)).body.requests as { id: string }[]).map((r) => r.id);
    expect(await onServer()).toContain('req9al');

    await al.putDoc({ ...request, _deleted: true } as TripDocument);
    expect((await al.docsOfType('riderequest')).map((d) => d._id)).not.toContain('riderequest:req9al');
    await al.awaitInSync(SYNC);
    expect(await onServer()).not.toContain('req9al');
  });

  it('refuses on the phone what sync never takes or what fails the schema, and writes nothing', async () => {
    const al = await open(await tokenOf(0), 'phone-putdoc-al-2');
    const refused = async (doc: TripDocument) =>
      al.putDoc(doc).then(
        () => undefined,
        (err: unknown) => err as DeviceTripError,
      );
    expect((await refused({ _id: 'trip:x', type: 'trip', id: 'x' }))?.code).toBe('invalid_doc');
    expect((await refused({ _id: 'score:a:1', type: 'score', id: 'a' }))?.code).toBe('invalid_doc');
    const bad = await refused({ ...availability(players[0]!.id, ['not a date']) });
    expect(bad?.code).toBe('invalid_doc');
    expect(bad?.message).toMatch(/days/);
    expect((await refused({ ...availability(players[0]!.id, []), _id: 'availability:other' }))?.message).toMatch(/_id must be availability:<id>/);
    await al.awaitInSync(SYNC);
    const local = await al.docsOfType('availability');
    expect(local.every((d) => !(d.days as string[] | undefined)?.includes('not a date'))).toBe(true);
  });

  it("keeps another player's availability on the phone with the gateway's reason when it is refused", async () => {
    const bo = await open(await tokenOf(1), 'phone-putdoc-bo');
    await bo.awaitInSync(SYNC);
    await bo.putDoc(availability(players[0]!.id, ['2027-04-13']));
    await eventually(() => expect(bo.status().refused.map((r) => r.docId)).toContain(`availability:${players[0]!.id}`), 15_000);
    expect(bo.status().refused.find((r) => r.docId === `availability:${players[0]!.id}`)?.reason).toMatch(/own availability/);
    const list = await org.client.get(`/trips/${tripId}/availability`);
    const al = (list.body.items as { playerId: string; days: string[] | null }[]).find((a) => a.playerId === players[0]!.id);
    expect(al?.days).not.toContain('2027-04-13');
  });
});
