/**
 * Issue 15, the point game screen: a captain's pick is checked on the phone with the server's rules before it is
 * sent (`planPointGamePick`, sync/device/games.ts). For every kind of pick — out of range, a player without a
 * score, a locked or future hole, a stranger, not the captain, a good draft and a confirmation — the phone answers
 * what the server answers to the same pick: the same refusal code and message, or the same selections and state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planPointGamePick } from '../../sync/device/games.js';
import { organizer, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { deviceOpener, fourPlayerTrip, readyRound, SYNC } from './support/device-helpers.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let roundId: string;
const id: Record<string, string> = {};
const token: Record<string, string> = {};
const portal: Record<string, Api> = {};

beforeAll(async () => {
  server = await startTestServer();
  const trip = await fourPlayerTrip(server.url);
  ({ org, tripId } = trip);
  Object.assign(id, trip.id);
  Object.assign(token, trip.token);
  Object.assign(portal, trip.portal);
  roundId = await readyRound(trip, 'Day 1', [['Al', 'Bo', 'Cy', 'Di']]);
  const game = await org.client.post(`/trips/${tripId}/rounds/${roundId}/point-games`, { team: 'USA', captainId: id.Al, targetCount: 35 });
  expect(game.status, game.text).toBe(201);
  // Al through 3, Cy through 1.
  for (const [who, strokes] of [
    ['Al', [5, 4, 4]],
    ['Cy', [4]],
  ] as const) {
    const res = await portal[who]!.post(`/trip-portal/scorecards/${roundId}-${id[who]}/scores/bulk`, { scores: strokes.map((s, i) => ({ hole: i + 1, strokes: s })) });
    expect(res.status, res.text).toBe(200);
  }
}, 120_000);

afterAll(() => server?.close());

const openDevice = deviceOpener(() => ({ baseUrl: server.url }));

describe('a point game pick checked on the phone', () => {
  it('answers what the server answers, refusal or new state', async () => {
    const al = await openDevice(token.Al!, 'pick-al');
    const picks: [string, { hole: number; playerIds: string[]; confirm?: boolean }][] = [
      ['out of range', { hole: 1, playerIds: [], confirm: true }],
      ['stranger', { hole: 1, playerIds: [id.Bo!] }],
      ['twice', { hole: 1, playerIds: [id.Al!, id.Al!] }],
      ['future hole', { hole: 2, playerIds: [id.Al!] }],
      ['draft', { hole: 1, playerIds: [id.Cy!] }],
      ['confirm', { hole: 1, playerIds: [id.Al!, id.Cy!], confirm: true }],
      ['locked hole', { hole: 1, playerIds: [id.Al!], confirm: true }],
      ['no score', { hole: 2, playerIds: [id.Al!, id.Cy!], confirm: true }],
      ['confirm 2', { hole: 2, playerIds: [id.Al!], confirm: true }],
    ];
    const outcomes: string[] = [];
    for (const [what, pick] of picks) {
      await al.awaitInSync(SYNC);
      const mine = await planPointGamePick(al, roundId, id.Al!, pick, new Date().toISOString());
      const res = await portal.Al!.post(`/trip-portal/trips/${tripId}/rounds/${roundId}/point-game/selections`, pick);
      if (mine.ok) {
        expect(res.status, `${what}: ${res.text}`).toBe(200);
        expect(mine.value.view.state, what).toEqual(res.body.state);
        expect(mine.value.doc.selections, what).toEqual(res.body.state.perHole.map((h: { hole: number; playerIds: string[]; confirmed: boolean }) => ({ hole: h.hole, playerIds: h.playerIds, confirmed: h.confirmed })));
        outcomes.push(`${what}: ok`);
      } else {
        expect(res.status, what).toBeGreaterThanOrEqual(400);
        expect({ code: res.body.error?.code, message: res.body.error?.message }, what).toEqual({ code: mine.failure.code, message: mine.failure.message });
        outcomes.push(`${what}: ${mine.failure.code}`);
      }
    }
    expect(outcomes).toEqual([
      'out of range: unprocessable',
      'stranger: unknown_player',
      'twice: duplicate_player',
      'future hole: conflict',
      'draft: ok',
      'confirm: ok',
      'locked hole: conflict',
      'no score: unprocessable',
      'confirm 2: ok',
    ]);
  });

  it('refuses a pick by a teammate who is not the captain, and a player with no game, as the server does', async () => {
    for (const who of ['Cy', 'Bo'] as const) {
      const device = await openDevice(token[who]!, `pick-${who}`);
      await device.awaitInSync(SYNC);
      const mine = await planPointGamePick(device, roundId, id[who]!, { hole: 1, playerIds: [] }, new Date().toISOString());
      const res = await portal[who]!.post(`/trip-portal/trips/${tripId}/rounds/${roundId}/point-game/selections`, { hole: 1, playerIds: [] });
      expect(mine.ok).toBe(false);
      if (mine.ok) return;
      expect({ code: res.body.error?.code, message: res.body.error?.message }).toEqual({ code: mine.failure.code, message: mine.failure.message });
      expect(mine.failure.code).toBe(who === 'Cy' ? 'forbidden' : 'not_found');
    }
  });
});
