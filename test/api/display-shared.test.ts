import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Api } from '../support/client.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

/**
 * The display payload is built once per state of the trip database and shared by the TVs asking meanwhile (issue 25):
 * a TV's read that starts after a score was acknowledged still shows that score, even while other TVs keep reading.
 */

let t: GamesTrip;
let anon: Api;
let day1: string;
let path: string;

beforeAll(async () => {
  t = await gamesTrip([{ name: 'Al', handicapIndex: 4 }, { name: 'Bo' }, { name: 'Cy', handicapIndex: 12 }, { name: 'Di' }]);
  anon = api(t.server.url);
  day1 = await t.round([['Al', 'Bo'], ['Cy', 'Di']], { name: 'Day 1' });
  await t.scores(day1, { Al: [4], Bo: [5], Cy: [5], Di: [6] });
  expect((await t.org.client.put(`/trips/${t.tripId}/display`, { public: true })).status).toBe(200);
  path = `/display/trips/${t.tripId}`;
});
afterAll(() => t.server.close());

const sha = (text: string) => `"${createHash('sha256').update(text).digest('base64url')}"`;
type Line = { name: string; thru: number | null };

describe('the shared display payload', () => {
  it('shows every acknowledged score to a read started after it, while other TVs poll', async () => {
    let polling = true;
    const seen: string[] = [];
    const pollers = Array.from({ length: 4 }, async () => {
      while (polling) {
        const res = await anon.get(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('etag')).toBe(sha(res.text));
        seen.push(res.headers.get('etag')!);
      }
    });
    try {
      for (let hole = 2; hole <= 9; hole++) {
        await t.scores(day1, { Di: [4 + (hole % 3)] }, hole);
        const res = await anon.get(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('etag')).toBe(sha(res.text));
        expect((res.body.leaderboard.lines as Line[]).find((l) => l.name === 'Di')!.thru).toBe(hole);
        // The organizer's preview is the same payload.
        const preview = await t.org.client.get(`/trips/${t.tripId}/display/data`);
        expect(preview.body).toEqual(res.body);
      }
    } finally {
      polling = false;
      await Promise.all(pollers);
    }
    // The pollers saw the board move as the scores arrived.
    expect(new Set(seen).size).toBeGreaterThan(1);
  });

  it('answers a changed trip (a setting, not a score) at once', async () => {
    const before = await anon.get(path);
    expect((await t.org.client.put(`/trips/${t.tripId}/display`, { public: true, theme: 'light' })).status).toBe(200);
    const after = await anon.get(path, { 'if-none-match': before.headers.get('etag')! });
    expect(after.status).toBe(200);
    expect(after.body.display.theme).toBe('light');
    expect(after.headers.get('etag')).toBe(sha(after.text));
  });

  it('keeps closing at once when the display stops being public', async () => {
    expect((await anon.get(path)).status).toBe(200);
    expect((await t.org.client.put(`/trips/${t.tripId}/display`, { public: false })).status).toBe(200);
    expect((await anon.get(path)).status).toBe(404);
  });
});
