import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScoreDoc, type ScoreArchiveDoc, type ScorecardDoc } from '../../shared/schemas/round.js';
import type { StoredDoc } from '../../server/store/docstore.js';
import { updateDoc } from '../../server/store/docs.js';
import { course18, organizer, tripBody } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';

let server: TestServer;
let org: Awaited<ReturnType<typeof organizer>>;
let tripId: string;
/** P1 (index 8.4), P2 (no index), P3 (index 20.1), P4 (index 0). */
let p: string[];

beforeAll(async () => {
  server = await startTestServer();
  org = await organizer(server.url);
  tripId = (await org.client.post('/trips', tripBody())).body.id;
  const res = await org.client.post(`/trips/${tripId}/players/bulk`, {
    players: [{ name: 'P1', handicapIndex: 8.4 }, { name: 'P2' }, { name: 'P3', handicapIndex: 20.1 }, { name: 'P4', handicapIndex: 0 }],
  });
  p = res.body.items.map((x: { id: string }) => x.id);
});
afterAll(() => server.close());

const db = () => server.deps.store.trip(tripId);
const path = (roundId: string, action = '') => `/trips/${tripId}/rounds/${roundId}${action}`;

/** A draft round of P1–P4 in two groups, P2 on the Yellow tee and the others on the default White. */
async function draftRound(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await org.client.post(`/trips/${tripId}/rounds`, {
    date: '2027-04-11',
    course: course18(),
    defaultTee: 'White',
    groups: [{ playerIds: [p[0], p[1]] }, { playerIds: [p[2], p[3]] }],
    playerTees: { [p[1]!]: 'Yellow' },
    ...overrides,
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function readyRound(): Promise<string> {
  const id = await draftRound();
  expect((await org.client.patch(path(id, '/ready'))).status).toBe(200);
  return id;
}

async function cardsOf(roundId: string) {
  const { rows } = await db().query('trip/by_round', { key: [roundId, 'scorecard'], includeDocs: true });
  return rows.map((r) => r.doc as unknown as ScorecardDoc).sort((a, b) => p.indexOf(a.playerId) - p.indexOf(b.playerId));
}

async function scoresOf(roundId: string) {
  return (await db().query('trip/by_round', { key: [roundId, 'score'] })).rows.map((r) => r.id).sort();
}

/** Writes a real score document, as a phone's replication would. */
async function writeScore(roundId: string, playerId: string, hole: number, strokes: number): Promise<string> {
  const now = new Date().toISOString();
  const scorecardId = `${roundId}-${playerId}`;
  const doc = ScoreDoc.parse({ _id: `score:${scorecardId}:${hole}`, type: 'score', scorecardId, roundId, playerId, hole, strokes, enteredBy: 'phone', deviceId: 'phone-1', enteredAt: now, createdAt: now, updatedAt: now });
  await db().put(doc);
  return doc._id;
}

async function getRound(roundId: string) {
  const res = await org.client.get(path(roundId));
  expect(res.status).toBe(200);
  return res.body;
}

describe('PATCH …/ready', () => {
  it.each([
    ['no course', { course: undefined, defaultTee: undefined, playerTees: {} }, [['course']]],
    ['no players', { groups: [], playerTees: {} }, [['playerIds']]],
    ['neither course nor players', { course: undefined, defaultTee: undefined, groups: [], playerTees: {} }, [['course'], ['playerIds']]],
    ['two tees and no tee for some players', { defaultTee: undefined }, [['defaultTee']]],
  ])('refuses a round with %s with 422 round_not_ready naming what is missing', async (_label, overrides, paths) => {
    const id = await draftRound(overrides);
    const res = await org.client.patch(path(id, '/ready'));
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('round_not_ready');
    expect(res.body.error.details.map((d: { path: unknown }) => d.path)).toEqual(paths);
    expect((await getRound(id)).state).toBe('draft');
    expect(await cardsOf(id)).toEqual([]);
  });

  it('makes the round ready with one scorecard per player and their handicap inputs frozen', async () => {
    const id = await draftRound({ playerIds: [p[0]] });
    const res = await org.client.patch(path(id, '/ready'), { ready: true });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('ready');
    expect(typeof res.body.readyAt).toBe('string');
    const cards = await cardsOf(id);
    expect(cards.map((c) => [c._id, c.playerId, c.groupId])).toEqual([
      [`scorecard:${id}-${p[0]}`, p[0], 'g1'],
      [`scorecard:${id}-${p[1]}`, p[1], 'g1'],
      [`scorecard:${id}-${p[2]}`, p[2], 'g2'],
      [`scorecard:${id}-${p[3]}`, p[3], 'g2'],
    ]);
    // Course Handicap (WHS 6.1a, unrounded) and Playing Handicap at the stroke play allowance of 95 % (6.2a).
    expect(cards.map((c) => c.handicap)).toEqual([
      { handicapIndex: 8.4, tee: 'White', courseRating: 71.2, slope: 128, par: 72, holes: 18, courseHandicap: expect.closeTo(8.71504, 5), allowancePercent: 95, playingHandicap: 8 },
      { handicapIndex: null, tee: 'Yellow', courseRating: 69.4, slope: 122, par: 72, holes: 18, courseHandicap: null, allowancePercent: 95, playingHandicap: null },
      { handicapIndex: 20.1, tee: 'White', courseRating: 71.2, slope: 128, par: 72, holes: 18, courseHandicap: expect.closeTo(21.96814, 5), allowancePercent: 95, playingHandicap: 21 },
      { handicapIndex: 0, tee: 'White', courseRating: 71.2, slope: 128, par: 72, holes: 18, courseHandicap: expect.closeTo(-0.8, 9), allowancePercent: 95, playingHandicap: -1 },
    ]);

    // A later change of the player's index does not change the frozen scorecard.
    expect((await org.client.patch(`/trips/${tripId}/players/${p[0]}`, { handicapIndex: 9.9 })).status).toBe(200);
    expect((await cardsOf(id))[0]!.handicap.handicapIndex).toBe(8.4);
    expect((await org.client.patch(`/trips/${tripId}/players/${p[0]}`, { handicapIndex: 8.4 })).status).toBe(200);
  });

  it('freezes the par and hole count of a 9-hole course with one tee', async () => {
    const nine = { name: 'Nine', holes: course18().holes.slice(0, 9), tees: [{ name: 'Only', courseRating: 34.1, slope: 113 }] };
    const id = await draftRound({ course: nine, defaultTee: undefined, playerTees: {} });
    expect((await org.client.patch(path(id, '/ready'))).status).toBe(200);
    // 9-hole Course Handicap (WHS 6.1b): 8.4 ÷ 2 × 113 ÷ 113 + (34.1 − 36) = 2.3; × 95 % = 2.185 → 2
    expect((await cardsOf(id))[0]!.handicap).toEqual({ handicapIndex: 8.4, tee: 'Only', courseRating: 34.1, slope: 113, par: 36, holes: 9, courseHandicap: expect.closeTo(2.3, 9), allowancePercent: 95, playingHandicap: 2 });
  });

  it('refuses to make a ready round ready again with 409 round_state_conflict naming the state', async () => {
    const id = await readyRound();
    const res = await org.client.patch(path(id, '/ready'));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('round_state_conflict');
    expect(res.body.error.details[0]).toMatchObject({ currentState: 'ready', action: 'ready' });
    expect(await cardsOf(id)).toHaveLength(4);
  });

  it('takes a ready round back to draft with {ready:false}, removing its scorecards', async () => {
    const id = await readyRound();
    const res = await org.client.patch(path(id, '/ready'), { ready: false });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('draft');
    expect(res.body).not.toHaveProperty('readyAt');
    expect(await cardsOf(id)).toEqual([]);
    // And it can be made ready again.
    expect((await org.client.patch(path(id, '/ready'))).status).toBe(200);
    expect(await cardsOf(id)).toHaveLength(4);
  });

  it('refuses {ready:false} for a draft round with 409, and for a round with scores with 409 round_has_scores', async () => {
    const draft = await draftRound();
    const res = await org.client.patch(path(draft, '/ready'), { ready: false });
    expect(res.status).toBe(409);
    expect(res.body.error.details[0].currentState).toBe('draft');

    const id = await readyRound();
    await writeScore(id, p[0]!, 1, 4);
    const scored = await org.client.patch(path(id, '/ready'), { ready: false });
    expect(scored.status).toBe(409);
    expect(scored.body.error.code).toBe('round_has_scores');
    expect((await getRound(id)).state).toBe('ready');
    expect(await cardsOf(id)).toHaveLength(4);
  });
});

describe('POST …/complete', () => {
  it('completes a ready round, and refuses to complete it again with 409 naming the state', async () => {
    const id = await readyRound();
    const res = await org.client.post(path(id, '/complete'));
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('completed');
    expect(typeof res.body.completedAt).toBe('string');
    const again = await org.client.post(path(id, '/complete'));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('round_state_conflict');
    expect(again.body.error.details[0].currentState).toBe('completed');
    // Completed rounds keep their course fixed but may be renamed.
    expect((await org.client.patch(path(id), { course: course18('Other') })).status).toBe(409);
    expect((await org.client.patch(path(id), { name: 'Final day' })).body).toMatchObject({ name: 'Final day', state: 'completed' });
  });

  it('completes a round in progress', async () => {
    const id = await readyRound();
    await updateDoc<StoredDoc>(db(), `round:${id}`, (d) => ({ ...d, state: 'in_progress' }));
    const res = await org.client.post(path(id, '/complete'));
    expect(res.status).toBe(200);
    expect(res.body.state).toBe('completed');
  });

  it('refuses to complete a draft round with 409 round_state_conflict', async () => {
    const id = await draftRound();
    const res = await org.client.post(path(id, '/complete'));
    expect(res.status).toBe(409);
    expect(res.body.error.details[0].currentState).toBe('draft');
    expect((await getRound(id)).state).toBe('draft');
  });
});

describe('POST …/reset', () => {
  it.each([['draft'], ['ready']])('refuses to reset a %s round with 409 round_state_conflict', async (state) => {
    const id = state === 'draft' ? await draftRound() : await readyRound();
    const res = await org.client.post(path(id, '/reset'));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('round_state_conflict');
    expect(res.body.error.details[0].currentState).toBe(state);
    expect((await getRound(id)).resetCount).toBe(0);
  });

  it('archives the scores of a completed round and takes it back to ready', async () => {
    const id = await readyRound();
    const scoreIds = [await writeScore(id, p[0]!, 1, 4), await writeScore(id, p[2]!, 1, 6)].sort();
    expect((await org.client.post(path(id, '/complete'))).status).toBe(200);

    const res = await org.client.post(path(id, '/reset'));
    expect(res.status).toBe(200);
    expect(res.body.archivedScores).toBe(2);
    expect(res.body.archiveId).toBe(`${id}-1`);
    expect(res.body.round).toMatchObject({ id, state: 'ready', resetCount: 1 });
    expect(res.body.round).not.toHaveProperty('completedAt');

    const archive = await db().get<ScoreArchiveDoc & StoredDoc>(`scorearchive:${res.body.archiveId}`);
    expect(archive).toMatchObject({ type: 'scorearchive', roundId: id, reason: 'reset', fromState: 'completed' });
    expect(archive!.scores.map((s) => s._id).sort()).toEqual(scoreIds);
    expect(archive!.scores.map((s) => s.strokes).sort()).toEqual([4, 6]);
    expect(await scoresOf(id)).toEqual([]);
    for (const sid of scoreIds) expect(await db().get(sid)).toBeUndefined();
    expect(await cardsOf(id)).toHaveLength(4);
    expect(await getRound(id)).toMatchObject({ state: 'ready', resetCount: 1 });

    // A second reset keeps the first archive and writes a second one.
    await writeScore(id, p[1]!, 2, 5);
    expect((await org.client.post(path(id, '/complete'))).status).toBe(200);
    const second = await org.client.post(path(id, '/reset'));
    expect(second.body).toMatchObject({ archivedScores: 1, archiveId: `${id}-2`, round: { resetCount: 2 } });
    expect((await db().get<ScoreArchiveDoc & StoredDoc>(`scorearchive:${id}-1`))!.scores).toHaveLength(2);
  });

  it('resets a completed round without scores, archiving nothing', async () => {
    const id = await readyRound();
    expect((await org.client.post(path(id, '/complete'))).status).toBe(200);
    const res = await org.client.post(path(id, '/reset'));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ archivedScores: 0, archiveId: null, round: { state: 'ready', resetCount: 1 } });
  });
});

describe('DELETE /trips/:tripId/rounds/:roundId', () => {
  it('refuses to delete a round with scores with 409 round_has_scores, keeping it whole', async () => {
    const id = await readyRound();
    await writeScore(id, p[3]!, 18, 3);
    const res = await org.client.delete(path(id));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('round_has_scores');
    expect((await getRound(id)).state).toBe('ready');
    expect(await cardsOf(id)).toHaveLength(4);
    expect(await scoresOf(id)).toHaveLength(1);
  });

  it('deletes a ready round without scores with 204, removing its scorecards', async () => {
    const id = await readyRound();
    expect(await cardsOf(id)).toHaveLength(4);
    const res = await org.client.delete(path(id));
    expect(res.status).toBe(204);
    expect(await cardsOf(id)).toEqual([]);
    const gone = await org.client.get(path(id));
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('round_not_found');
    expect((await org.client.get(`/trips/${tripId}/rounds`)).body.items.map((r: { id: string }) => r.id)).not.toContain(id);
    expect((await org.client.delete(path(id))).status).toBe(404);
  });

  it('deletes a draft round with 204', async () => {
    const id = await draftRound();
    expect((await org.client.delete(path(id))).status).toBe(204);
    expect((await org.client.get(path(id))).status).toBe(404);
  });
});
