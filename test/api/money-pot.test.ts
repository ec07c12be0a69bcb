import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

let t: GamesTrip;
let roundId: string;
let competitionId: string;
let pot: string;
const ids = (...names: string[]) => names.map((n) => t.id[n]!);
const holes = (strokes: number) => Array.from({ length: 18 }, () => strokes);
const patch = (body: Record<string, unknown>) => t.org.client.patch(pot, body);
const apply = () => t.org.client.post(`${pot}/apply`);
const get = async () => (await t.org.client.get(pot)).body;
const pct = (...percents: number[]) => percents.map((percent, i) => ({ place: i + 1, percent }));

async function competition(format: string, rounds: string[]): Promise<string> {
  const res = await t.org.client.post(`/trips/${t.tripId}/competitions`, { name: `Cup ${format}`, format, roundIds: rounds });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  t = await gamesTrip([{ name: 'Al' }, { name: 'Bo' }, { name: 'Cy' }, { name: 'Di' }, { name: 'Ed' }]);
  roundId = await t.round([['Al', 'Bo', 'Cy'], ['Di', 'Ed']]);
  competitionId = await competition('stroke_gross', [roundId]);
  pot = `/trips/${t.tripId}/tournament-pot`;
});
afterAll(() => t.server.close());

describe('GET /trips/:tripId/tournament-pot', () => {
  it('answers the defaults before the pot is configured: every player, no entry, nothing applied', async () => {
    const res = await t.org.client.get(pot);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      tripId: t.tripId,
      currency: 'EUR',
      configured: false,
      entryCents: 0,
      everyPlayer: true,
      participants: ids('Al', 'Bo', 'Cy', 'Di', 'Ed'),
      payoutMode: 'percentages',
      payouts: [],
      competitionId: null,
      totalCents: 0,
      applied: null,
      createdAt: null,
      updatedAt: null,
    });
  });

  it('cannot be applied before it is configured: 409 pot_not_ready', async () => {
    const res = await apply();
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('pot_not_ready');
  });
});

describe('PATCH /trips/:tripId/tournament-pot', () => {
  it.each([
    ['percentages that do not add up to 100', { payouts: pct(60, 39) }],
    ['percentages over 100', { payouts: pct(60, 50) }],
    ['a percentage with 3 decimals', { payouts: pct(33.333, 66.667) }],
    ['places not starting at 1', { payouts: [{ place: 2, percent: 100 }] }],
    ['a place twice', { payouts: [{ place: 1, percent: 50 }, { place: 1, percent: 50 }] }],
    ['a gap in the places', { payouts: [{ place: 1, percent: 50 }, { place: 3, percent: 50 }] }],
    ['amounts in percentages mode', { payouts: [{ place: 1, cents: 500 }] }],
    ['percentages in amounts mode', { payoutMode: 'amounts', payouts: pct(100) }],
    ['a negative entry', { entryCents: -100 }],
    ['an entry in fractions of a cent', { entryCents: 10.5 }],
    // Found by the fuzzer: an entry whose total over the participants is past exact integers (2^53) was a 500.
    ['an entry beyond any real amount', { entryCents: 7_712_967_174_532_867 }],
    ['an amount beyond any real amount', { payoutMode: 'amounts', payouts: [{ place: 1, cents: 100_000_000_001 }] }],
    ['a negative amount', { payoutMode: 'amounts', payouts: [{ place: 1, cents: -1 }] }],
    ['a participant twice', { participants: ['playerxx1', 'playerxx1'] }],
    ['an unknown mode', { payoutMode: 'shares' }],
    ['an unknown field', { rake: 5 }],
    ['an empty body', {}],
  ])('refuses %s with 400 and changes nothing', async (_label, body) => {
    const before = await get();
    const res = await patch(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(await get()).toEqual(before);
  });

  it('refuses unknown participants with 422 unknown_player naming them, and an unknown competition with 422', async () => {
    const before = await get();
    const res = await patch({ participants: [t.id.Al, 'nosuchplayer1'] });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unknown_player');
    expect(res.body.error.details).toEqual([expect.objectContaining({ path: ['body', 'participants', 1], playerId: 'nosuchplayer1' })]);
    const comp = await patch({ competitionId: 'nosuchcomp1' });
    expect(comp.status).toBe(422);
    expect(comp.body.error.code).toBe('unprocessable');
    expect(await get()).toEqual(before);
  });

  it('configures the pot; the total is the entry times the participants', async () => {
    const res = await patch({ entryCents: 1000, payouts: pct(50, 30, 20), competitionId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      configured: true,
      entryCents: 1000,
      everyPlayer: true,
      participants: ids('Al', 'Bo', 'Cy', 'Di', 'Ed'),
      payoutMode: 'percentages',
      payouts: pct(50, 30, 20),
      competitionId,
      totalCents: 5000,
      applied: null,
      createdAt: expect.any(String),
    });
    expect(await get()).toEqual(res.body);
  });

  it('takes an explicit list of participants, and null to go back to every player', async () => {
    expect((await patch({ participants: ids('Al', 'Cy') })).body).toMatchObject({ everyPlayer: false, participants: ids('Al', 'Cy'), totalCents: 2000 });
    expect((await patch({ participants: null })).body).toMatchObject({ everyPlayer: true, participants: ids('Al', 'Bo', 'Cy', 'Di', 'Ed'), totalCents: 5000 });
  });
});

describe('POST /trips/:tripId/tournament-pot/apply', () => {
  it('answers 409 pot_not_ready while the competition has a round not completed', async () => {
    const res = await apply();
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('pot_not_ready');
    expect((await get()).applied).toBeNull();
  });

  it('pays by the final standings; tied players share the places they occupy; a player without a score gets nothing', async () => {
    // Al and Bo tie on 72, Cy 90, Di 108; Ed enters no score.
    await t.scores(roundId, { Al: holes(4), Bo: holes(4), Cy: holes(5), Di: holes(6) });
    expect((await t.org.client.post(`/trips/${t.tripId}/rounds/${roundId}/complete`)).status).toBe(200);
    const res = await apply();
    expect(res.status, res.text).toBe(200);
    const applied = res.body.applied;
    const [first, second] = applied.standings.slice(0, 2).map((s: { playerId: string }) => s.playerId);
    expect(new Set([first, second])).toEqual(new Set(ids('Al', 'Bo')));
    expect(applied).toEqual({
      at: expect.any(String),
      competitionId,
      standings: [
        { playerId: first, place: 1 },
        { playerId: second, place: 1 },
        { playerId: t.id.Cy, place: 3 },
        { playerId: t.id.Di, place: 4 },
      ],
      // Places 1 and 2 (2500 + 1500) shared by the tied pair; place 3 (1000) to Cy.
      payouts: [
        { playerId: first, cents: 2000 },
        { playerId: second, cents: 2000 },
        { playerId: t.id.Cy, cents: 1000 },
      ],
      entries: ids('Al', 'Bo', 'Cy', 'Di', 'Ed').map((playerId) => ({ playerId, cents: 1000 })),
    });
    expect(await get()).toEqual(res.body);
  });

  it('is idempotent: applying again gives one and the same result', async () => {
    const before = (await get()).applied;
    const again = await apply();
    expect(again.status).toBe(200);
    const { at: _a, ...rest } = again.body.applied;
    const { at: _b, ...restBefore } = before;
    expect(rest).toEqual(restBefore);
    expect((await get()).applied).toEqual(again.body.applied);
  });

  it('clears the result when the configuration changes, and applying again replaces it', async () => {
    const changed = await patch({ payouts: pct(100) });
    expect(changed.body.applied).toBeNull();
    const res = await apply();
    // Both tied players occupy places 1 and 2: 100 % + nothing, shared.
    expect(res.body.applied.payouts.map((p: { cents: number }) => p.cents)).toEqual([2500, 2500]);
    expect(res.body.applied.payouts.map((p: { playerId: string }) => p.playerId).sort()).toEqual(ids('Al', 'Bo').sort());
  });

  it('ranks only the participants, re-placing them among themselves', async () => {
    await patch({ participants: ids('Cy', 'Di', 'Ed'), payouts: pct(70, 30) });
    const res = await apply();
    expect(res.body.totalCents).toBe(3000);
    expect(res.body.applied.standings).toEqual([
      { playerId: t.id.Cy, place: 1 },
      { playerId: t.id.Di, place: 2 },
    ]);
    expect(res.body.applied.payouts).toEqual([
      { playerId: t.id.Cy, cents: 2100 },
      { playerId: t.id.Di, cents: 900 },
    ]);
    await patch({ participants: null });
  });

  it('pays fixed amounts only when they add up to the total (422 otherwise)', async () => {
    await patch({ payoutMode: 'amounts', payouts: [{ place: 1, cents: 3000 }, { place: 2, cents: 1000 }] });
    const short = await apply();
    expect(short.status).toBe(422);
    expect(short.body.error.message).toContain('4000');
    expect((await get()).applied).toBeNull();
    await patch({ payouts: [{ place: 1, cents: 3000 }, { place: 2, cents: 1000 }, { place: 3, cents: 1000 }] });
    const res = await apply();
    expect(res.status).toBe(200);
    expect(res.body.applied.payouts.map((p: { cents: number }) => p.cents)).toEqual([2000, 2000, 1000]);
  });

  it('refuses more paid places than ranked participants with 422', async () => {
    await patch({ payoutMode: 'percentages', payouts: pct(40, 30, 20, 5, 5) });
    const res = await apply();
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable');
  });

  it.each([
    ['no entry', { entryCents: 0, payouts: pct(100) }],
    ['no payouts', { payouts: [] }],
    ['no competition', { payouts: pct(100), competitionId: null }],
    ['no participants', { participants: [] }],
  ])('answers 409 pot_not_ready with %s', async (_label, body) => {
    await patch({ entryCents: 1000, payouts: pct(100), competitionId, participants: null });
    await patch(body);
    const res = await apply();
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('pot_not_ready');
  });

  it('refuses a team match competition with 422: it has no player standings', async () => {
    const cup = await competition('team_match', [roundId]);
    await patch({ entryCents: 1000, payouts: pct(100), competitionId: cup, participants: null });
    const res = await apply();
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('unprocessable');
  });
});

describe('players in the pot', () => {
  it('refuses to delete a participant of a configured pot (409 player_has_money_entries) until taken out of it', async () => {
    const zed = (await t.org.client.post(`/trips/${t.tripId}/players`, { name: 'Zed' })).body.id as string;
    // Following every player, the pot lists Zed as soon as it is written again.
    expect((await get()).participants).toContain(zed);
    await patch({ competitionId });
    const refused = await t.org.client.delete(`/trips/${t.tripId}/players/${zed}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('player_has_money_entries');
    await patch({ participants: ids('Al', 'Bo', 'Cy', 'Di', 'Ed') });
    expect((await t.org.client.delete(`/trips/${t.tripId}/players/${zed}`)).status).toBe(204);
  });
});
