/**
 * Issue 4, "Offline": the device library computes the state of every game (skins, Nassau, a team's point game) from
 * its replicated documents with the same shared functions as the server (`shared/domain/games/state`), so after sync
 * the device's game state EQUALS the server's REST answers — also after a score entered without signal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceTrip } from '../../sync/device/index.js';
import { organizer, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { deadUrl, deviceOpener, fourPlayerTrip, readyRound, restBody, SYNC, value } from './support/device-helpers.js';

const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4];

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let roundId: string;
const id: Record<string, string> = {};
const token: Record<string, string> = {};
const portal: Record<string, Api> = {};
const games: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const trip = await fourPlayerTrip(server.url);
  ({ org, tripId } = trip);
  Object.assign(id, trip.id);
  Object.assign(token, trip.token);
  Object.assign(portal, trip.portal);
  roundId = await readyRound(trip, 'Day 1');

  const sideGame = async (name: string, body: Record<string, unknown>) => {
    const res = await org.client.post(`/trips/${tripId}/side-games`, { roundId, name, ...body });
    expect(res.status, res.text).toBe(201);
    games[name] = res.body.game.id;
  };
  const ids = (names: string[]) => names.map((n) => id[n]);
  await sideGame('Gross skins', { kind: 'skins', basis: 'gross', participants: ids(['Al', 'Bo', 'Cy', 'Di']), config: { mode: 'per_skin', cents: 500 } });
  await sideGame('Net skins', { kind: 'skins', basis: 'net', participants: ids(['Al', 'Bo', 'Cy']), config: { mode: 'pot', cents: 3000 } });
  await sideGame('Nassau', { kind: 'nassau', basis: 'net', participants: { a: ids(['Al']), b: ids(['Bo']) }, config: { stakes: 1000, autoPress: 'original_bets' } });
  for (const team of [
    { team: 'USA', captainId: id.Al },
    { team: 'Europe', captainId: id.Bo },
  ]) {
    const res = await org.client.post(`/trips/${tripId}/rounds/${roundId}/point-games`, team);
    expect(res.status, res.text).toBe(201);
  }

  // Holes 1–6 for Al, Bo, Cy; Di is through 4.
  const scores: Record<string, number[]> = {
    Al: PARS.slice(0, 6).map((p, i) => p + (i % 2)),
    Bo: PARS.slice(0, 6).map((p, i) => p + (i % 3)),
    Cy: PARS.slice(0, 6).map((p, i) => (i === 2 ? p - 1 : p + 1)),
    Di: PARS.slice(0, 4).map((p) => p + 1),
  };
  for (const [name, strokes] of Object.entries(scores)) {
    const res = await portal[name]!.post(`/trip-portal/scorecards/${roundId}-${id[name]}/scores/bulk`, { scores: strokes.map((s, i) => ({ hole: i + 1, strokes: s })) });
    expect(res.status, res.text).toBe(200);
  }
  // USA's captain confirms holes 1 and 2 and drafts hole 3.
  const select = `/trip-portal/trips/${tripId}/rounds/${roundId}/point-game/selections`;
  for (const [hole, names, confirm] of [
    [1, ['Al', 'Cy'], true],
    [2, ['Cy'], true],
    [3, ['Al'], false],
  ] as const) {
    const res = await portal.Al!.post(select, { hole, playerIds: ids([...names]), confirm });
    expect(res.status, res.text).toBe(200);
  }
}, 120_000);

afterAll(() => server?.close());

const openDevice = deviceOpener(() => ({ baseUrl: server.url }));
const open = (name: string, deviceId: string) => openDevice(token[name]!, deviceId);

const rest = (path: string, client: Api = org.client) => restBody(client, path);

const serverSideGame = async (gameId: string) => (await rest(`/trips/${tripId}/side-games/${gameId}`)).state;
const serverPointGame = async (name: string) => rest(`/trip-portal/trips/${tripId}/rounds/${roundId}/point-game`, portal[name]);

/** Every game's state on the device, against the server's answers. */
async function expectSameGames(device: DeviceTrip) {
  for (const [name, gameId] of Object.entries(games)) {
    expect(value(await device.sideGameState(gameId)), name).toEqual(await serverSideGame(gameId));
  }
  for (const [team, member] of [
    ['USA', 'Cy'],
    ['Europe', 'Di'],
  ] as const) {
    const server = await serverPointGame(member);
    const local = value(await device.pointGameState(roundId, team));
    expect(local.state, team).toEqual(server.state);
    expect(local.netScores, team).toEqual(server.netScores);
    expect(local.config, team).toEqual(server.config);
  }
}

describe('game state on the device', () => {
  it("equals the server's after the scores synced", async () => {
    const cy = await open('Cy', 'phone-cy-1');
    await cy.awaitInSync(SYNC);
    await expectSameGames(cy);
    // Not trivially equal: the state holds what was entered and selected.
    const skins = value(await cy.sideGameState(games['Gross skins']!));
    expect(skins).toMatchObject({ kind: 'skins', final: false, holesCounted: [1, 2, 3, 4] });
    const usa = value(await cy.pointGameState(roundId, 'USA'));
    expect(usa.state).toMatchObject({ currentHole: 3, countedSoFar: 3, lockedHoles: [1, 2] });
    expect(usa.config).toMatchObject({ teamSize: 2 });
  });

  it('moves at once with a score entered offline, and equals the server again once synced', async () => {
    const cy = await open('Cy', 'phone-cy-2');
    await cy.awaitInSync(SYNC);
    const before = value(await cy.sideGameState(games['Gross skins']!));

    cy.setBaseUrl(await deadUrl());
    // Cy keeps Di's card: hole 5 for Di counts hole 5 for the four-ball skins.
    await cy.enterScore({ scorecardId: `${roundId}-${id.Di}`, roundId, playerId: id.Di!, hole: 5, strokes: 3 });
    const offline = value(await cy.sideGameState(games['Gross skins']!));
    expect(offline.holesCounted).toEqual([1, 2, 3, 4, 5]);
    expect(await serverSideGame(games['Gross skins']!)).toEqual(before);

    cy.setBaseUrl(server.url);
    await cy.awaitInSync(SYNC);
    expect(await serverSideGame(games['Gross skins']!)).toEqual(offline);
    await expectSameGames(cy);
  });

  it('counts a picked-up hole (strokes: null) entered offline as the server does', async () => {
    const cy = await open('Cy', 'phone-cy-4');
    await cy.awaitInSync(SYNC);
    cy.setBaseUrl(await deadUrl());
    // Di picks up hole 6 (Cy keeps the card): the hole is finished for every skins player, and Di wins nothing on it.
    await cy.enterScore({ scorecardId: `${roundId}-${id.Di}`, roundId, playerId: id.Di!, hole: 6, strokes: null });
    const offline = value(await cy.sideGameState(games['Gross skins']!));
    expect(offline.holesCounted).toEqual([1, 2, 3, 4, 5, 6]);
    if (offline.kind === 'skins') expect(offline.holes.find((h) => h.hole === 6)!.leaders).not.toContain(id.Di);

    cy.setBaseUrl(server.url);
    await cy.awaitInSync(SYNC);
    expect(await serverSideGame(games['Gross skins']!)).toEqual(offline);
    await expectSameGames(cy);
  });

  it('answers the failures the server answers', async () => {
    const cy = await open('Cy', 'phone-cy-3');
    await cy.awaitInSync(SYNC);
    expect(await cy.sideGameState('zzzzzzzz')).toMatchObject({ ok: false, failure: { code: 'not_found' } });
    expect(await cy.pointGameState(roundId, 'Mars')).toMatchObject({ ok: false, failure: { code: 'not_found' } });
    expect(await cy.pointGameState('zzzzzzzz', 'USA')).toMatchObject({ ok: false, failure: { code: 'round_not_found' } });
  });
});
