import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { course18 } from '../support/client.js';
import { gamesTrip, type GamesTrip } from './games-fixture.js';

/**
 * Games per group (issue 35): a Nassau in every group of a round from its pairings in one request
 * (`POST …/rounds/:roundId/nassau-per-group`), and skins with a buy-in per player whose pot follows the players in
 * the game. 24 golfers in 6 groups of four.
 */
let t: GamesTrip;
const NAMES = Array.from({ length: 24 }, (_, i) => `Golfer ${String.fromCharCode(65 + i)}`);
const groupsOf = (names: string[], sizes: number[]) => {
  const out: string[][] = [];
  let at = 0;
  for (const n of sizes) out.push(names.slice(at, (at += n)));
  return out;
};

beforeAll(async () => {
  t = await gamesTrip(NAMES.map((name, i) => ({ name, handicapIndex: (i * 7) % 30 })));
});
afterAll(() => t.server.close());

type Game = { id: string; kind: string; name: string; roundId: string; basis: string; participants: { a: string[]; b: string[] } | string[]; config: Record<string, unknown> };
type Row = { groupId: string; number: number; players: number; pairedBy: string | null; gameIds: string[]; skipped: string | null; message: string };
const perGroup = (roundId: string) => `/trips/${t.tripId}/rounds/${roundId}/nassau-per-group`;
const gamesOf = async (roundId: string): Promise<Game[]> => (await t.org.client.get(`/trips/${t.tripId}/side-games?roundId=${roundId}`)).body.items;
const ids = (names: string[]) => names.map((n) => t.id[n]!);

describe('a Nassau in every group', () => {
  it('four-ball in a 24-player round: one game per group, players 1 and 2 against 3 and 4, the stakes as given once', async () => {
    const groups = groupsOf(NAMES, [4, 4, 4, 4, 4, 4]);
    const roundId = await t.round(groups, { ready: false, name: 'Day one' });
    const r = await t.org.client.post(perGroup(roundId), { pairing: 'four_ball', config: { stakes: 500, autoPress: 'original_bets' } });
    expect(r.status).toBe(201);
    expect(r.body.created).toHaveLength(6);
    expect(r.body.groups.map((g: Row) => [g.number, g.pairedBy, g.gameIds.length, g.skipped])).toEqual([1, 2, 3, 4, 5, 6].map((n) => [n, 'order', 1, null]));
    const games = await gamesOf(roundId);
    expect(games).toHaveLength(6);
    expect(games.map((g) => [g.kind, g.basis, g.config.stakes, g.config.autoPress])).toEqual(Array(6).fill(['nassau', 'net', 500, 'original_bets']));
    expect(games.map((g) => g.participants)).toEqual(groups.map((g) => ({ a: ids(g.slice(0, 2)), b: ids(g.slice(2)) })));
    expect(games.map((g) => g.name)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Nassau – Day one, group ${n}`));

    // Again: every group has its Nassau, so nothing is added and each group says why.
    const again = await t.org.client.post(perGroup(roundId), { pairing: 'singles', config: { stakes: 500 } });
    expect(again.status).toBe(201);
    expect(again.body.created).toEqual([]);
    expect(again.body.groups.map((g: Row) => g.skipped)).toEqual(Array(6).fill('has_nassau'));
    expect(again.body.groups[0].message).toContain('has a Nassau already');
    expect(await gamesOf(roundId)).toHaveLength(6);
  });

  it('groups of three and two: a two plays singles, a three is left out for four-ball, and singles then fills only it', async () => {
    const groups = groupsOf(NAMES, [4, 4, 4, 4, 3, 3, 2]);
    const roundId = await t.round(groups, { ready: false });
    const r = await t.org.client.post(perGroup(roundId), { pairing: 'four_ball', config: { stakes: 200 } });
    expect(r.status).toBe(201);
    expect(r.body.groups.map((g: Row) => [g.players, g.pairedBy, g.gameIds.length, g.skipped])).toEqual([
      [4, 'order', 1, null],
      [4, 'order', 1, null],
      [4, 'order', 1, null],
      [4, 'order', 1, null],
      [3, null, 0, 'not_four'],
      [3, null, 0, 'not_four'],
      [2, 'singles', 1, null],
    ]);
    expect(r.body.groups[4].message).toContain('cannot make two sides of two');
    const singles = await t.org.client.post(perGroup(roundId), { pairing: 'singles', config: { stakes: 200 } });
    expect(singles.body.groups.map((g: Row) => [g.gameIds.length, g.skipped])).toEqual([
      [0, 'has_nassau'],
      [0, 'has_nassau'],
      [0, 'has_nassau'],
      [0, 'has_nassau'],
      [3, null],
      [3, null],
      [0, 'has_nassau'],
    ]);
    const games = await gamesOf(roundId);
    expect(games).toHaveLength(5 + 6);
    const [x, y, z] = groups[4]!;
    const ofGroup5 = games.filter((g) => singles.body.groups[4].gameIds.includes(g.id)).map((g) => g.participants);
    expect(ofGroup5).toEqual([
      { a: ids([x!]), b: ids([y!]) },
      { a: ids([x!]), b: ids([z!]) },
      { a: ids([y!]), b: ids([z!]) },
    ]);
  });

  it('singles in a group of four: every player against each of the other three (six matches)', async () => {
    const roundId = await t.round(groupsOf(NAMES, [4, 4, 4, 4, 4, 4]), { ready: false });
    const r = await t.org.client.post(perGroup(roundId), { pairing: 'singles', basis: 'gross', config: { stakes: { front: 100, back: 100, overall: 200 } } });
    expect(r.status).toBe(201);
    expect(r.body.created).toHaveLength(36);
    expect(r.body.groups.every((g: Row) => g.gameIds.length === 6 && g.pairedBy === 'singles')).toBe(true);
    expect(r.body.created[0].name).toBe(`Nassau – Day 3, group 1: ${NAMES[0]} v ${NAMES[1]}`);
  });

  it("a four-ball round's sides are used when it has them; else by handicap when asked", async () => {
    const groups = groupsOf(NAMES, [4, 4, 4, 4, 4, 4]);
    const body = { name: 'Four-ball day', date: '2027-04-11', course: course18(), defaultTee: 'White', format: 'four_ball', groups: groups.map((g) => ({ playerIds: ids(g) })) };
    const made = await t.org.client.post(`/trips/${t.tripId}/rounds`, body);
    const roundId = made.body.id as string;
    expect((await t.org.client.patch(`/trips/${t.tripId}/rounds/${roundId}/ready`)).status).toBe(200);
    // Sides by the organizer in group 1 only: 1 and 3 against 2 and 4.
    const g1 = ids(groups[0]!);
    expect((await t.org.client.put(`/trips/${t.tripId}/rounds/${roundId}/sides`, { by: 'organizer', sides: [[g1[0], g1[2]]] })).status).toBe(200);
    const r = await t.org.client.post(perGroup(roundId), { pairing: 'four_ball', partners: 'handicap', config: { stakes: 500 } });
    expect(r.status).toBe(201);
    expect(r.body.groups.map((g: Row) => g.pairedBy)).toEqual(['sides', 'handicap', 'handicap', 'handicap', 'handicap', 'handicap']);
    const games = await gamesOf(roundId);
    expect(games[0]!.participants).toEqual({ a: [g1[0], g1[2]], b: [g1[1], g1[3]] });
    // By handicap: lowest with highest against the two in the middle, from the Playing Handicaps on the scorecards.
    const h = (await t.org.client.get(`/trips/${t.tripId}/rounds/${roundId}/handicaps`)).body.players as { playerId: string; playingHandicap: number }[];
    const ph = new Map(h.map((p) => [p.playerId, p.playingHandicap]));
    const g2 = ids(groups[1]!).sort((p, q) => ph.get(p)! - ph.get(q)!);
    const sides = games[1]!.participants as { a: string[]; b: string[] };
    expect([...sides.a].sort()).toEqual([g2[0], g2[3]].sort());
    expect([...sides.b].sort()).toEqual([g2[1], g2[2]].sort());
  });

  it('bad requests answer 4xx with where, and add nothing', async () => {
    const roundId = await t.round(groupsOf(NAMES, [4, 4, 4, 4, 4, 4]), { ready: false });
    for (const body of [
      { pairing: 'threesomes', config: { stakes: 500 } },
      { pairing: 'four_ball', config: { stakes: -5 } },
      { pairing: 'four_ball', config: { stakes: 5.5 } },
      { pairing: 'four_ball', partners: 'alphabet', config: { stakes: 500 } },
      { pairing: 'four_ball' },
    ]) {
      const r = await t.org.client.post(perGroup(roundId), body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error.code).toBe('validation_failed');
      expect(r.body.error.details[0].path[0]).toBe('body');
    }
    const noGroups = await t.org.client.post(`/trips/${t.tripId}/rounds`, { name: 'No pairings', date: '2027-04-12', course: course18(), defaultTee: 'White', playerIds: ids(NAMES.slice(0, 8)) });
    const r = await t.org.client.post(perGroup(noGroups.body.id), { pairing: 'four_ball', config: { stakes: 500 } });
    expect(r.status).toBe(422);
    expect(r.body.error.message).toContain('no groups');
    expect((await t.org.client.post(perGroup('nosuchround'), { pairing: 'four_ball', config: { stakes: 500 } })).status).toBe(404);
    expect(await gamesOf(roundId)).toEqual([]);
  });
});

type SkinsState = { potCents: number | null; buyInCents: number | null; paidOutCents: number | null; moneyCents: Record<string, number>; players: { playerId: string; paidCents: number; receivedCents: number; skins: number }[]; holesCounted: number[]; skinsWon: number };

describe('skins with a buy-in per player', () => {
  /** 18 holes for everyone: par 4; on hole h the golfer at index h − 1 makes 3 (a skin), on even holes a second golfer ties it. */
  const cards = (names: string[]) =>
    Object.fromEntries(
      names.map((n, i) => [
        n,
        Array.from({ length: 18 }, (_, h) => (h === i || (h % 2 === 1 && h === i - 1) ? 3 : 4)),
      ]),
    );

  it('the pot is the buy-in times the players in the game and settles to zero, every cent accounted for', async () => {
    const roundId = await t.round(groupsOf(NAMES, [4, 4, 4, 4, 4, 4]));
    const made = await t.org.client.post(`/trips/${t.tripId}/side-games`, { kind: 'skins', roundId, basis: 'gross', participants: ids(NAMES), config: { mode: 'buy_in', cents: 2000, carryover: true, leftover: 'split_among_winners' } });
    expect(made.status).toBe(201);
    expect(made.body.game.config).toMatchObject({ mode: 'buy_in', cents: 2000 });
    expect(made.body.state).toMatchObject({ potCents: 48000, buyInCents: 2000 });
    await t.scores(roundId, cards(NAMES));
    const s = (await t.org.client.get(`/trips/${t.tripId}/side-games/${made.body.game.id}`)).body.state as SkinsState;
    expect(s.holesCounted).toHaveLength(18);
    expect(s.potCents).toBe(48000);
    expect(s.players.every((p) => p.paidCents === 2000)).toBe(true);
    expect(s.players.reduce((a, p) => a + p.receivedCents, 0)).toBe(48000);
    expect(Object.values(s.moneyCents).reduce((a, b) => a + b, 0)).toBe(0);
    expect(s.paidOutCents).toBe(48000);
    // Fewer players, fewer buy-ins: the same game with 7 of them makes a pot of 7 × 2000, odd splits still add up.
    const seven = await t.org.client.patch(`/trips/${t.tripId}/side-games/${made.body.game.id}`, { participants: ids(NAMES.slice(0, 7)), config: { cents: 1001 } });
    expect(seven.status).toBe(200);
    expect(seven.body.state.potCents).toBe(7007);
    expect(seven.body.state.players.reduce((a: number, p: { receivedCents: number }) => a + p.receivedCents, 0)).toBe(7007);
    expect(Object.values(seven.body.state.moneyCents as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('a no-show is not in the game and pays nothing; a player who withdraws paid in and their buy-in stays', async () => {
    const roundId = await t.round(groupsOf(NAMES, [4, 4, 4, 4, 4, 4]));
    const made = await t.org.client.post(`/trips/${t.tripId}/side-games`, { kind: 'skins', roundId, basis: 'gross', participants: ids(NAMES), config: { mode: 'buy_in', cents: 2000, leftover: 'split_among_winners' } });
    const game = `/trips/${t.tripId}/side-games/${made.body.game.id}`;
    const noShow = NAMES[23]!;
    const withdrawn = NAMES[22]!;
    expect((await t.org.client.post(`/rounds/${roundId}/out-of-play`, { playerId: t.id[noShow] })).status).toBe(200);
    let s = (await t.org.client.get(game)).body.state as SkinsState;
    expect(s.potCents).toBe(23 * 2000);
    expect(s.players.map((p) => p.playerId)).not.toContain(t.id[noShow]);
    const all = cards(NAMES.slice(0, 23));
    await t.scores(roundId, { [withdrawn]: all[withdrawn]!.slice(0, 5) });
    expect((await t.org.client.post(`/rounds/${roundId}/out-of-play`, { playerId: t.id[withdrawn] })).status).toBe(200);
    delete all[withdrawn];
    await t.scores(roundId, all);
    s = (await t.org.client.get(game)).body.state as SkinsState;
    expect(s.holesCounted).toHaveLength(18);
    expect(s.potCents).toBe(23 * 2000);
    expect(s.players.find((p) => p.playerId === t.id[withdrawn])!.paidCents).toBe(2000);
    expect(s.players.reduce((a, p) => a + p.receivedCents, 0)).toBe(46000);
    expect(Object.values(s.moneyCents).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('a hole not decided yet says how many cards it waits for', async () => {
    const roundId = await t.round(groupsOf(NAMES, [4, 4, 4, 4, 4, 4]));
    const made = await t.org.client.post(`/trips/${t.tripId}/side-games`, { kind: 'skins', roundId, participants: ids(NAMES), config: { mode: 'buy_in', cents: 1000 } });
    const game = `/trips/${t.tripId}/side-games/${made.body.game.id}`;
    const first = NAMES.slice(0, 4);
    await t.scores(roundId, Object.fromEntries(first.map((n) => [n, [4, 4, 4]])));
    await t.scores(roundId, Object.fromEntries(NAMES.slice(4, 8).map((n) => [n, [5]])));
    let s = (await t.org.client.get(game)).body.state;
    expect(s.holesCounted).toEqual([]);
    expect(s.waiting).toEqual([
      { hole: 1, cards: 16 },
      { hole: 2, cards: 20 },
      { hole: 3, cards: 20 },
    ]);
    await t.scores(roundId, Object.fromEntries(NAMES.slice(4).map((n) => [n, [5]])));
    s = (await t.org.client.get(game)).body.state;
    expect(s.holesCounted).toEqual([1]);
    expect(s.waiting).toEqual([
      { hole: 2, cards: 20 },
      { hole: 3, cards: 20 },
    ]);
  });

  it('a buy-in that is not whole cents is refused with where, and nothing is made', async () => {
    const roundId = await t.round(groupsOf(NAMES, [4, 4, 4, 4, 4, 4]), { ready: false });
    const r = await t.org.client.post(`/trips/${t.tripId}/side-games`, { kind: 'skins', roundId, participants: ids(NAMES), config: { mode: 'buy_in', cents: -1 } });
    expect(r.status).toBe(400);
    expect(r.body.error.details[0].path).toEqual(['body', 'config', 'cents']);
    expect(await gamesOf(roundId)).toEqual([]);
  });
});
