/**
 * Issue 15, the app's leaderboards: `LiveBoards` (sync/device/leaderboards.ts) answers every board and game state
 * exactly as the device library's full functions (and so the server) do, keeps answering so as scores change one by
 * one (the incremental engine), and recomputes only what a change touches.
 */
import { BehaviorSubject, firstValueFrom, ReplaySubject, Subject, type Observable } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { competitionBoard, multiRoundBoard, roundBoard, teamRoundBoard, type DocsByType } from '../../shared/domain/leaderboards/index.js';
import { LIVE_BOARD_TYPES, LiveBoards, type DocChange } from '../../sync/device/leaderboards.js';
import { pointGameState, sideGameState } from '../../sync/device/games.js';
import type { DeviceTrip, TripDocument } from '../../sync/device/index.js';
import { organizer, type Api } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { deviceOpener, fourPlayerTrip, readyRound, restBody, SYNC, value } from './support/device-helpers.js';

const PARS = [4, 4, 3, 5, 4, 4, 3, 4, 5, 4, 3, 4, 5, 4, 4, 3, 5, 4];

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
let day1: string;
let day2: string;
const id: Record<string, string> = {};
const token: Record<string, string> = {};
const portal: Record<string, Api> = {};
const comp: Record<string, string> = {};
const games: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  const trip = await fourPlayerTrip(server.url);
  ({ org, tripId } = trip);
  Object.assign(id, trip.id);
  Object.assign(token, trip.token);
  Object.assign(portal, trip.portal);
  day1 = await readyRound(trip, 'Day 1');
  day2 = await readyRound(trip, 'Day 2');
  for (const [key, body] of [
    ['net', { name: 'Trip Cup', format: 'stroke_net', roundIds: [day1, day2], countback: true }],
    ['cup', { name: 'Ryder Cup', format: 'team_match', roundIds: [day1, day2] }],
  ] as const) {
    const res = await org.client.post(`/trips/${tripId}/competitions`, body);
    expect(res.status, res.text).toBe(201);
    comp[key] = res.body.id;
  }
  const match = await org.client.post(`/trips/${tripId}/competitions/${comp.cup}/matches`, { roundId: day1, format: 'singles', sideA: [id.Al], sideB: [id.Bo] });
  expect(match.status, match.text).toBe(201);
  const ids = (names: string[]) => names.map((n) => id[n]);
  for (const [name, body] of [
    ['skins', { kind: 'skins', basis: 'net', participants: ids(['Al', 'Bo', 'Cy', 'Di']), config: { mode: 'per_skin', cents: 500 } }],
    ['nassau', { kind: 'nassau', basis: 'net', participants: { a: ids(['Al']), b: ids(['Bo']) }, config: { stakes: 1000, autoPress: 'original_bets' } }],
  ] as const) {
    const res = await org.client.post(`/trips/${tripId}/side-games`, { roundId: day1, name, ...body });
    expect(res.status, res.text).toBe(201);
    games[name] = res.body.game.id;
  }
  const pg = await org.client.post(`/trips/${tripId}/rounds/${day1}/point-games`, { team: 'USA', captainId: id.Al });
  expect(pg.status, pg.text).toBe(201);
  const scores: Record<string, number[]> = {
    Al: PARS.slice(0, 9).map((p, i) => p + (i % 2)),
    Bo: PARS.slice(0, 9).map((p, i) => p + (i % 3)),
    Cy: PARS.slice(0, 8).map((p, i) => (i === 2 ? p - 1 : p + 1)),
    Di: PARS.slice(0, 6).map((p) => p + 1),
  };
  for (const [name, strokes] of Object.entries(scores)) {
    for (const roundId of [day1, day2]) {
      const list = roundId === day1 ? strokes : strokes.slice(0, 3);
      const res = await portal[name]!.post(`/trip-portal/scorecards/${roundId}-${id[name]}/scores/bulk`, { scores: list.map((s, i) => ({ hole: i + 1, strokes: s })) });
      expect(res.status, res.text).toBe(200);
    }
  }
}, 120_000);

afterAll(() => server?.close());

const openDevice = deviceOpener(() => ({ baseUrl: server.url }));

/** Every answer of the live boards next to the device library's full function on the same documents. */
async function expectSameAsFull(live: LiveBoards, device: DeviceTrip) {
  for (const basis of ['gross', 'net', 'stableford'] as const) {
    expect(value(live.roundBoard(day1, { basis }))).toEqual(value(await device.roundLeaderboard(day1, { basis })));
  }
  expect(value(live.roundBoard(day2))).toEqual(value(await device.roundLeaderboard(day2)));
  expect(value(live.multiRoundBoard([day1, day2], { basis: 'gross' }))).toEqual(value(await device.multiRoundLeaderboard([day1, day2], { basis: 'gross' })));
  expect(value(live.competitionBoard(comp.net!))).toEqual(value(await device.competitionLeaderboard(comp.net!)));
  expect(value(live.competitionBoard(comp.cup!))).toEqual(value(await device.competitionLeaderboard(comp.cup!)));
  expect(value(live.sideGameState(games.skins!))).toEqual(value(await device.sideGameState(games.skins!)));
  expect(value(live.sideGameState(games.nassau!))).toEqual(value(await device.sideGameState(games.nassau!)));
  expect(value(live.pointGameState(day1, 'USA'))).toEqual(value(await device.pointGameState(day1, 'USA')));
}

describe('live boards on a device', () => {
  it('answer what the server answers, and follow scores entered on the phone', async () => {
    const device = await openDevice(token.Al!, 'live-al');
    await device.awaitInSync(SYNC);
    const live = new LiveBoards(device);
    await live.ready;
    await expectSameAsFull(live, device);
    // The server's REST boards are the same.
    const boards = `/trip-portal/trips/${tripId}/leaderboards`;
    expect(value(live.roundBoard(day1, { basis: 'gross' }))).toEqual(await restBody(portal.Al!, `${boards}/rounds/${day1}?basis=gross`));
    expect(value(live.competitionBoard(comp.net!))).toEqual(await restBody(portal.Al!, `${boards}/competitions/${comp.net}`));

    // Al enters holes 10 and 11 on the phone (a pick-up on 11): the boards move, and still equal the full functions.
    const before = value(live.roundBoard(day1, { basis: 'gross' }));
    const day2Board = value(live.roundBoard(day2));
    const changed = firstValueFrom(live.changes$);
    await device.enterScore({ scorecardId: `${day1}-${id.Al}`, roundId: day1, playerId: id.Al!, hole: 10, strokes: 7 });
    expect(await changed).toEqual({ type: 'score', rounds: [day1] });
    await device.enterScore({ scorecardId: `${day1}-${id.Al}`, roundId: day1, playerId: id.Al!, hole: 11, strokes: null });
    await waitFor(() => value(live.roundBoard(day1, { basis: 'gross' })).entries.find((e) => e.playerId === id.Al)!.thru === 11);
    const after = value(live.roundBoard(day1, { basis: 'gross' }));
    expect(after).not.toEqual(before);
    expect(after.entries.find((e) => e.playerId === id.Al)!.gross).toBe(before.entries.find((e) => e.playerId === id.Al)!.gross + 7 + (PARS[10]! + 2 + 0));
    await expectSameAsFull(live, device);
    // Day 2 read nothing that changed: its answer is the very same object, not recomputed.
    expect(live.roundBoard(day2).ok && value(live.roundBoard(day2))).toBe(day2Board);
    live.close();
  });

  it('answers the server error codes for what the phone does not hold', async () => {
    const device = await openDevice(token.Bo!, 'live-bo');
    await device.awaitInSync(SYNC);
    const live = new LiveBoards(device);
    await live.ready;
    for (const [mine, full] of [
      [live.roundBoard('nope'), await device.roundLeaderboard('nope')],
      [live.multiRoundBoard([day1, 'nope']), await device.multiRoundLeaderboard([day1, 'nope'])],
      [live.competitionBoard('nope'), await device.competitionLeaderboard('nope')],
      [live.teamRoundBoard(day1), await device.teamRoundLeaderboard(day1)],
      [live.sideGameState('nope'), await device.sideGameState('nope')],
      [live.pointGameState(day1, 'Mars'), await device.pointGameState(day1, 'Mars')],
    ] as const) {
      expect(mine.ok).toBe(false);
      expect(mine).toEqual(full);
    }
    live.close();
  });
});

/** A source whose lists the test sets by hand: deletions, invalid versions, structure changes. */
class HandSource {
  readonly lists = new Map<string, BehaviorSubject<TripDocument[]>>();
  constructor(docs: Record<string, TripDocument[]>) {
    for (const t of LIVE_BOARD_TYPES) this.lists.set(t, new BehaviorSubject(docs[t] ?? []));
  }
  docsOfType$(type: string): Observable<TripDocument[]> {
    return this.lists.get(type)!.asObservable();
  }
  set(type: string, docs: TripDocument[]) {
    this.lists.get(type)!.next(docs);
  }
  get docs(): DocsByType {
    return Object.fromEntries([...this.lists].map(([t, s]) => [t, s.value]));
  }
}

describe('live boards against the shared functions', () => {
  it('follow deleted and invalid scores and changed players as fromDocs reads them', async () => {
    const device = await openDevice(token.Cy!, 'live-cy');
    await device.awaitInSync(SYNC);
    const docs = Object.fromEntries(await Promise.all(LIVE_BOARD_TYPES.map(async (t) => [t, await device.docsOfType(t)] as const)));
    const source = new HandSource(docs);
    const live = new LiveBoards(source);
    await live.ready;
    const check = () => {
      const d = source.docs;
      for (const basis of ['gross', 'net'] as const) expect(live.roundBoard(day1, { basis })).toEqual(roundBoard(d, day1, { basis }));
      expect(live.multiRoundBoard([day1, day2])).toEqual(multiRoundBoard(d, [day1, day2], {}));
      expect(live.competitionBoard(comp.net!)).toEqual(competitionBoard(d, comp.net!));
      expect(live.competitionBoard(comp.cup!)).toEqual(competitionBoard(d, comp.cup!));
      expect(live.teamRoundBoard(day1)).toEqual(teamRoundBoard(d, day1, {}));
    };
    check();
    const scores = source.lists.get('score')!.value;
    const cyHole3 = `score:${day1}-${id.Cy}:3`;
    // A score gone (deleted on the server), then another one invalid.
    source.set('score', scores.filter((s) => s._id !== cyHole3));
    check();
    expect(value(live.roundBoard(day1)).entries.find((e) => e.playerId === id.Cy)!.thru).toBe(7);
    source.set('score', scores.filter((s) => s._id !== cyHole3).map((s) => (s._id === `score:${day1}-${id.Bo}:1` ? { ...s, strokes: 0 } : s)));
    check();
    // The score back; then a player renamed (the engine is rebuilt).
    source.set('score', scores);
    check();
    source.set('player', source.lists.get('player')!.value.map((p) => (p.id === id.Di ? { ...p, name: 'Diana' } : p)));
    check();
    expect(value(live.roundBoard(day1)).entries.some((e) => e.name === 'Diana')).toBe(true);
    // Games read the same documents.
    expect(value(live.sideGameState(games.skins!))).toEqual(value(await sideGameState({ docsOfType: async (t) => source.lists.get(t)!.value }, games.skins!)));
    expect(value(live.pointGameState(day1, 'USA'))).toEqual(value(await pointGameState({ docsOfType: async (t) => source.lists.get(t)!.value }, day1, 'USA')));
    live.close();
  });

  it('take scores one by one from a change stream, as from the whole list', async () => {
    const device = await openDevice(token.Di!, 'live-di');
    await device.awaitInSync(SYNC);
    const docs = Object.fromEntries(await Promise.all(LIVE_BOARD_TYPES.map(async (t) => [t, await device.docsOfType(t)] as const)));
    const truth = new Map(docs.score!.map((d) => [d._id, d] as const));
    const changes = new Subject<DocChange>();
    const NEVER_UNTIL = new ReplaySubject<TripDocument[]>(1);
    const source = Object.assign(new HandSource(docs), { docChanges$: () => changes.asObservable() });
    // A change before the first list arrives is kept for it.
    const early = { ...truth.get(`score:${day1}-${id.Al}:1`)!, strokes: 9 };
    const live = new LiveBoards({ docsOfType$: (t) => (t === 'score' ? NEVER_UNTIL.asObservable() : source.docsOfType$(t)), docChanges$: source.docChanges$ });
    changes.next({ docId: early._id, type: 'score', doc: early });
    truth.set(early._id, early);
    NEVER_UNTIL.next(docs.score!);
    await live.ready;
    const check = () => {
      const d = { ...source.docs, score: [...truth.values()] };
      for (const basis of ['gross', 'net'] as const) expect(live.roundBoard(day1, { basis })).toEqual(roundBoard(d, day1, { basis }));
      expect(live.competitionBoard(comp.net!)).toEqual(competitionBoard(d, comp.net!));
      expect(live.competitionBoard(comp.cup!)).toEqual(competitionBoard(d, comp.cup!));
    };
    check();
    const seen: unknown[] = [];
    live.changes$.subscribe((c) => seen.push(c));
    const send = (docId: string, doc: TripDocument | null) => {
      if (doc) truth.set(docId, doc);
      else truth.delete(docId);
      changes.next({ docId, type: 'score', doc });
    };
    const bo2 = truth.get(`score:${day2}-${id.Bo}:2`)!;
    send(bo2._id, { ...bo2, strokes: 2 }); // changed
    check();
    send(bo2._id, { ...bo2, strokes: 2, updatedAt: 'later' } as TripDocument); // nothing a board reads
    send(`score:${day1}-${id.Cy}:5`, null); // deleted
    check();
    const newHole = { ...truth.get(`score:${day1}-${id.Di}:1`)!, _id: `score:${day1}-${id.Di}:7`, hole: 7, strokes: null };
    send(newHole._id, newHole); // a new hole, picked up
    check();
    changes.next({ docId: 'player:x', type: 'player', doc: null }); // other types come as lists
    expect(seen).toEqual([
      { type: 'score', rounds: [day2] },
      { type: 'score', rounds: [day1] },
      { type: 'score', rounds: [day1] },
    ]);
    expect(live.docs('score')).toHaveLength(truth.size);
    live.close();
  });

  it('does not announce a list whose scores did not change', async () => {
    const source = new HandSource({});
    const live = new LiveBoards(source);
    await live.ready;
    const seen: unknown[] = [];
    live.changes$.subscribe((c) => seen.push(c));
    const score = { _id: 'score:r1-a:1', type: 'score', scorecardId: 'r1-a', roundId: 'r1', playerId: 'a', hole: 1, strokes: 4 } as TripDocument;
    source.set('score', [score]);
    source.set('score', [{ ...score, updatedAt: 'later' } as TripDocument]);
    source.set('score', [{ ...score, strokes: 5 } as TripDocument]);
    source.set('round', []);
    expect(seen).toEqual([
      { type: 'score', rounds: ['r1'] },
      { type: 'score', rounds: ['r1'] },
      { type: 'round', rounds: [] },
    ]);
    live.close();
  });
});

async function waitFor(cond: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
