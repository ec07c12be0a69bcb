import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOARD_DOC_TYPES, multiRoundBoard, roundBoard, type DocsByType } from '../../shared/domain/leaderboards/index.js';
import { docsOfType } from '../../server/store/docs.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

/**
 * The round and multi-round boards of one state share one leaderboard snapshot of the trip (issue 25). Each answer
 * must equal the board computed from scratch (shared/domain/leaderboards/boards.ts) on the documents as they are,
 * after every acknowledged score, while other readers keep reading; and the answers must not be changed by later
 * boards of the same snapshot.
 */

let t: GamesTrip;
let day1: string;
let day2: string;

beforeAll(async () => {
  t = await gamesTrip([{ name: 'Al', handicapIndex: 4.2 }, { name: 'Bo', handicapIndex: 12 }, { name: 'Cy' }, { name: 'Di', handicapIndex: 20.5 }]);
  day1 = await t.round([['Al', 'Bo'], ['Cy', 'Di']], { name: 'Day 1' });
  day2 = await t.round([['Al', 'Cy'], ['Bo', 'Di']], { name: 'Day 2' });
  await t.scores(day1, { Al: [4, 3, 5], Bo: [5, 4], Cy: [6], Di: [7, 6, 5, 4] });
});
afterAll(() => t.server.close());

async function fromScratch(): Promise<DocsByType> {
  const db = t.server.deps.store.trip(t.tripId);
  const lists = await Promise.all(BOARD_DOC_TYPES.map((type) => docsOfType(db, type)));
  return Object.fromEntries(BOARD_DOC_TYPES.map((type, i) => [type, lists[i]!])) as DocsByType;
}

const base = () => `/trip-portal/trips/${t.tripId}/leaderboards`;

describe('boards from the shared snapshot', () => {
  it('equal the boards computed from scratch after every acknowledged score, while others read', async () => {
    let reading = true;
    const readers = ['Bo', 'Cy'].map(async (name) => {
      while (reading) {
        await t.portal[name]!.get(`${base()}/rounds/${day1}?basis=net`);
        await t.portal[name]!.get(`${base()}/multi-round?roundIds=${day1},${day2}`);
      }
    });
    try {
      for (let hole = 2; hole <= 8; hole++) {
        await t.scores(hole % 2 ? day1 : day2, { Cy: [3 + (hole % 4)], Al: [4] }, hole);
        const [net, gross, multi] = await Promise.all([
          t.portal.Al!.get(`${base()}/rounds/${day1}?basis=net`),
          t.portal.Di!.get(`${base()}/rounds/${day2}?basis=gross`),
          t.portal.Al!.get(`${base()}/multi-round?roundIds=${day1},${day2}`),
        ]);
        const docs = await fromScratch();
        const expectOk = <T>(r: { ok: boolean; value?: T }) => {
          expect(r.ok).toBe(true);
          return JSON.parse(JSON.stringify(r.value));
        };
        expect(net.body).toEqual(expectOk(roundBoard(docs, day1, { basis: 'net' })));
        expect(gross.body).toEqual(expectOk(roundBoard(docs, day2, { basis: 'gross' })));
        expect(multi.body).toEqual(expectOk(multiRoundBoard(docs, [day1, day2], { basis: 'net' })));
      }
    } finally {
      reading = false;
      await Promise.all(readers);
    }
  });

  it('answer an unknown round 404 as before', async () => {
    expect((await t.portal.Al!.get(`${base()}/rounds/zzzzzzzz`)).status).toBe(404);
    const multi = await t.portal.Al!.get(`${base()}/multi-round?roundIds=${day1},zzzzzzzz`);
    expect(multi.status).toBe(404);
    expect(multi.body.error.code).toBe('round_not_found');
  });
});
