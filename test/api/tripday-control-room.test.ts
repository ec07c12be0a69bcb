/**
 * The control room of a round (issue 24): per group thru, missing holes per player and when its phones were last
 * heard from; at the end of the round every missing score with who should have entered it; cheap polling by ETag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredDoc } from '../../server/store/docstore.js';
import { organizer } from '../support/client.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

let t: GamesTrip;
let roundId: string;
const room = (headers?: Record<string, string>) => t.org.client.get(`/trips/${t.tripId}/rounds/${roundId}/control-room`, headers);
type Group = { groupId: string | null; thru: number; status: string; lastHeardAt: string | null; pastLastHole: boolean; players: { name: string; missingHoles: number[]; lastHeardAt: string | null }[] };

beforeAll(async () => {
  t = await gamesTrip([{ name: 'Al' }, { name: 'Bo' }, { name: 'Cy' }, { name: 'Di' }]);
  // Ed and Fy join after the links were handed out: their phones were never heard from.
  const late = await t.org.client.post(`/trips/${t.tripId}/players/bulk`, { players: [{ name: 'Ed' }, { name: 'Fy' }] });
  for (const p of late.body.items as { id: string; name: string }[]) t.id[p.name] = p.id;
  roundId = await t.round([['Al', 'Bo'], ['Cy', 'Di'], ['Ed', 'Fy']]);
});
afterAll(() => t.server.close());

describe('GET /trips/:tripId/rounds/:roundId/control-room', () => {
  it('shows a group that has not started as silent, never heard from', async () => {
    const res = await room();
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('ready');
    expect(res.body.groups).toHaveLength(3);
    const [, , second] = res.body.groups as Group[];
    expect(second).toMatchObject({ thru: 0, status: 'not_started', lastHeardAt: null, pastLastHole: false });
    expect(res.body.roundOver).toBe(false);
    expect(res.body.missingScores).toEqual([]);
  });

  it('counts holes completed by the whole group and the holes each player still misses, with when the phones were heard', async () => {
    await t.scores(roundId, { Al: [4, 5, 3], Bo: [4, 4] });
    const res = await room();
    const [first, , second] = res.body.groups as Group[];
    expect(first!.thru).toBe(2);
    expect(first!.status).toBe('playing');
    expect(first!.players.map((p) => [p.name, p.missingHoles])).toEqual([['Al', []], ['Bo', [3]]]);
    expect(first!.lastHeardAt).not.toBeNull();
    expect(first!.lastHeardAt).toBe([...first!.players.map((p) => p.lastHeardAt!)].sort().at(-1));
    expect(second!.lastHeardAt).toBeNull();
    expect(second!.players.map((p) => p.lastHeardAt)).toEqual([null, null]);
    expect(res.body.state).toBe('in_progress');
    expect(res.body.openDisputes).toBe(0);
  });

  it('answers 304 to If-None-Match while nothing changed, and a new answer after a score', async () => {
    const first = await room();
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    expect((await room({ 'if-none-match': etag })).status).toBe(304);
    await t.org.client.put(`/trips/${t.tripId}/scorecards/${roundId}-${t.id.Cy}/scores/1`, { strokes: 5 });
    const next = await room({ 'if-none-match': etag });
    expect(next.status).toBe(200);
    expect(next.body.updateSeq).not.toEqual(first.body.updateSeq);
    expect((next.body.groups as Group[])[1]!.players.map((p) => p.missingHoles)).toEqual([[], [1]]);
  });

  it('counts the round\'s open disputes', async () => {
    // A hole two phones scored differently, as the gateway's merge leaves it (shared/domain/scores.ts): disputed, the loser in history.
    const db = t.server.deps.store.trip(t.tripId);
    const id = `score:${roundId}-${t.id.Al}:2`;
    const doc = (await db.get<StoredDoc & { history: unknown[]; enteredAt: string }>(id))!;
    await db.put({ ...doc, disputed: true, history: [...doc.history, { strokes: 6, enteredBy: t.id.Bo, deviceId: 'phone-bo', enteredAt: doc.enteredAt }] });
    expect((await room()).body.openDisputes).toBe(1);
    const preview = await t.org.client.post(`/trips/${t.tripId}/score-disputes/${roundId}-${t.id.Al}/2/resolve/preview`, { strokes: 5 });
    expect(preview.body.scores).toEqual([{ hole: 2, strokes: { before: 5, after: 5 }, disputeSettled: true }]);
    expect(preview.body.unchanged).toBe(false);
    expect((await t.org.client.post(`/trips/${t.tripId}/score-disputes/${roundId}-${t.id.Al}/2/resolve`, { strokes: 5 })).status).toBe(200);
    expect((await room()).body.openDisputes).toBe(0);
  });

  it('lists every missing score with who should have entered it once the round is completed', async () => {
    expect((await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/complete`)).status).toBe(200);
    const res = await room();
    expect(res.body.roundOver).toBe(true);
    const missing = res.body.missingScores as { name: string; hole: number; shouldHaveEntered: { name: string }[] }[];
    // Al 15 holes, Bo 16, Cy 17, Di 18, Ed and Fy 18 each.
    expect(missing).toHaveLength(15 + 16 + 17 + 18 + 36);
    expect(missing.find((m) => m.name === 'Bo' && m.hole === 3)!.shouldHaveEntered.map((p) => p.name)).toEqual(['Al', 'Bo']);
    expect(missing.find((m) => m.name === 'Di' && m.hole === 18)!.shouldHaveEntered.map((p) => p.name)).toEqual(['Cy', 'Di']);
  });

  it('is the trip organizers\' only, and 404 for an unknown round', async () => {
    const other = await organizer(t.server.url, 'Other');
    expect((await other.client.get(`/trips/${t.tripId}/rounds/${roundId}/control-room`)).status).toBe(404);
    expect((await t.portal.Al!.get(`/trips/${t.tripId}/rounds/${roundId}/control-room`)).status).toBe(401);
    const unknown = await t.org.client.get(`/trips/${t.tripId}/rounds/zzzzzzzz/control-room`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('round_not_found');
  });

  it('is in /openapi.json', async () => {
    const doc = (await t.org.client.get('/openapi.json')).body;
    expect(doc.paths['/trips/{tripId}/rounds/{roundId}/control-room'].get).toBeDefined();
  });
});
