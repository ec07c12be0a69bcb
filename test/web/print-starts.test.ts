/**
 * Tee times never set are never printed or told (issue 35): a round with a first tee time and groups without tee
 * times prints no time and no starting letters on its cards, and the phone tells no group that time; a real shotgun
 * still letters its doubled holes. Cart signs are per cart: partners of a four-ball side together, else players 1 and
 * 2, 3 and 4; the odd one out of a three rides alone.
 */
import { describe, expect, it } from 'vitest';
import { cardsOf, cartsOf, groupStarts, isShotgun, startInWords } from '../../web/dashboard/screens/round-print/print-model.js';
import { myTeeTime } from '../../web/portal/screens/home/rounds.js';
import type { RoundDoc } from '../../shared/schemas/round.js';

const g = (id: string, number: number, playerIds: string[], teeTime?: string, startingHole?: number) => ({ id, number, playerIds, teeTime, startingHole });

describe('a round whose groups have no tee times', () => {
  const groups = [g('a', 1, ['p1', 'p2']), g('b', 2, ['p3', 'p4']), g('c', 3, ['p5', 'p6']), g('d', 4, ['p7', 'p8'])];

  it('prints no time and no letters, though the round has a first tee time', () => {
    const starts = groupStarts(groups, '08:30');
    expect(starts.map((s) => s.time)).toEqual([null, null, null, null]);
    expect(starts.map((s) => s.holeLabel)).toEqual(['1', '1', '1', '1']);
    expect(isShotgun(starts)).toBe(false);
    expect(starts.map((s) => startInWords(s, false))).toEqual([null, null, null, null]);
  });

  it('tells no golfer on the phone the round’s first tee time as their group’s', () => {
    const round = { id: 'r1', date: '2027-04-11', startTime: '08:30', groups, playerIds: [] } as unknown as RoundDoc;
    expect(myTeeTime(round, 'p5', [], [])).toBeUndefined();
    const timed = { ...round, groups: [g('a', 1, ['p1'], '08:30'), g('b', 2, ['p5'], '08:40')] } as unknown as RoundDoc;
    expect(myTeeTime(timed, 'p5', [], [])).toBe('08:40');
  });

  it('gives the first tee time to the one group of a round of one group, and to every group of a shotgun by holes', () => {
    expect(groupStarts([g('a', 1, ['p1'])], '08:30').map((s) => startInWords(s, false))).toEqual(['08:30 · hole 1']);
    const one = { id: 'r1', date: '2027-04-11', startTime: '08:30', groups: [g('a', 1, ['p1', 'p2'])], playerIds: [] } as unknown as RoundDoc;
    expect(myTeeTime(one, 'p2', [], [])).toBe('08:30');
    const shotgun = groupStarts([g('a', 1, [], undefined, 1), g('b', 2, [], undefined, 4), g('c', 3, [], undefined, 1)], '08:30');
    expect(shotgun.map((s) => s.holeLabel)).toEqual(['1A', '4', '1B']);
    expect(isShotgun(shotgun)).toBe(true);
  });

  it('letters only groups that share a hole at one set time', () => {
    const starts = groupStarts([g('a', 1, [], '08:00', 1), g('b', 2, [], '08:00', 1), g('c', 3, [], undefined, 1)], '07:50');
    expect(starts.map((s) => s.holeLabel)).toEqual(['1A', '1B', '1']);
    expect(startInWords(starts[2]!, false)).toBe('hole 1');
  });
});

describe('cart signs', () => {
  const players = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((playerId) => ({ playerId }));
  const ids = (carts: { players: { playerId: string }[] }[]) => carts.map((c) => c.players.map((p) => p.playerId).join(''));

  it('pairs a foursome in pairing order into two carts, and a three into a cart of two and a single rider', () => {
    const cards = cardsOf(players, [g('g1', 1, ['d', 'a', 'b', 'c']), g('g2', 2, ['e', 'f', 'g'])]);
    const carts = cartsOf(cards);
    expect(ids(carts)).toEqual(['da', 'bc', 'ef', 'g']);
    expect(carts.map((c) => [c.group?.number, c.cart, c.carts])).toEqual([
      [1, 1, 2],
      [1, 2, 2],
      [2, 1, 2],
      [2, 2, 2],
    ]);
  });

  it('puts the partners of a four-ball side in one cart', () => {
    const cards = cardsOf(players.slice(0, 4), [g('g1', 1, ['a', 'b', 'c', 'd'])]);
    expect(ids(cartsOf(cards, new Map([['g1', [['a', 'd'], ['b', 'c']]]])))).toEqual(['ad', 'bc']);
    // Sides that do not cover the group (a player moved since) fall back to pairing order.
    expect(ids(cartsOf(cards, new Map([['g1', [['a', 'x'], ['b', 'c']]]])))).toEqual(['ab', 'cd']);
  });
});
