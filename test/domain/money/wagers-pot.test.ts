import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { placeAmounts, potNets, potPayouts } from '../../../shared/domain/money/pot.js';
import { wagerMoney, wagerNets } from '../../../shared/domain/money/wagers.js';

const sum = (nets: Record<string, number>) => Object.values(nets).reduce((a, b) => a + b, 0);
const total = (rows: { cents: number }[]) => rows.reduce((a, r) => a + r.cents, 0);

describe('wagerNets', () => {
  it('has the losers pay the stake and the winners receive it, the odd cent to the first listed', () => {
    expect(wagerMoney({ status: 'settled', outcome: 'A', sideA: ['ann', 'bob'], sideB: ['cy'], stakeCents: 1001 })).toEqual({ ann: 501, bob: 500, cy: -1001 });
    expect(wagerMoney({ status: 'settled', outcome: 'B', sideA: ['ann', 'bob'], sideB: ['cy'], stakeCents: 1001 })).toEqual({ ann: -501, bob: -500, cy: 1001 });
  });

  it('moves nothing for a push or an open wager', () => {
    const w = { sideA: ['ann'], sideB: ['bob'], stakeCents: 500 };
    expect(wagerNets([{ ...w, status: 'settled', outcome: 'push' }, { ...w, status: 'open', outcome: null }])).toEqual({});
  });

  it('adds up several wagers per player', () => {
    const w = { status: 'settled', sideA: ['ann'], sideB: ['bob'], stakeCents: 500 };
    expect(wagerNets([{ ...w, outcome: 'A' }, { ...w, outcome: 'A', stakeCents: 200 }, { ...w, outcome: 'B', stakeCents: 100 }])).toEqual({ ann: 600, bob: -600 });
  });

  const ids = fc.uniqueArray(fc.constantFrom('a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8'), { minLength: 2, maxLength: 8 });
  const wager = ids.chain((players) =>
    fc.record({
      cut: fc.integer({ min: 1, max: players.length - 1 }),
      stakeCents: fc.integer({ min: 1, max: 10_000_000 }),
      outcome: fc.constantFrom('A' as const, 'B' as const, 'push' as const, null),
      status: fc.constantFrom('open', 'settled'),
    }).map(({ cut, ...rest }) => ({ ...rest, sideA: players.slice(0, cut), sideB: players.slice(cut) })),
  );

  it('always sums to zero, and a settled win moves exactly the stake each way', () => {
    fc.assert(
      fc.property(fc.array(wager, { maxLength: 20 }), (wagers) => {
        expect(sum(wagerNets(wagers))).toBe(0);
        for (const w of wagers) {
          const m = wagerMoney(w);
          const won = Object.values(m).filter((c) => c > 0).reduce((a, b) => a + b, 0);
          expect(won).toBe(w.status === 'settled' && (w.outcome === 'A' || w.outcome === 'B') ? w.stakeCents : 0);
        }
      }),
    );
  });
});

describe('potPayouts', () => {
  const pct = [
    { place: 1, percent: 50 },
    { place: 2, percent: 30 },
    { place: 3, percent: 20 },
  ];

  it('pays places in order', () => {
    const standings = [
      { playerId: 'ann', place: 1 },
      { playerId: 'bob', place: 2 },
      { playerId: 'cy', place: 3 },
      { playerId: 'di', place: 4 },
    ];
    expect(potPayouts({ totalCents: 4000, mode: 'percentages', payouts: pct, standings })).toEqual([
      { playerId: 'ann', cents: 2000 },
      { playerId: 'bob', cents: 1200 },
      { playerId: 'cy', cents: 800 },
    ]);
  });

  it('has tied players share the places they occupy, the odd cent to the first listed', () => {
    const standings = [
      { playerId: 'ann', place: 1 },
      { playerId: 'bob', place: 2 },
      { playerId: 'cy', place: 2 },
      { playerId: 'di', place: 2 },
      { playerId: 'ed', place: 5 },
    ];
    // Places 2, 3 and 4 pay 30 % + 20 % + 0 of 1001 = 300 + 200 (after the largest remainder) shared by three.
    const paid = potPayouts({ totalCents: 1001, mode: 'percentages', payouts: pct, standings });
    expect(placeAmounts(1001, 'percentages', pct)).toEqual([501, 300, 200]);
    expect(paid).toEqual([
      { playerId: 'ann', cents: 501 },
      { playerId: 'bob', cents: 167 },
      { playerId: 'cy', cents: 167 },
      { playerId: 'di', cents: 166 },
    ]);
  });

  it('pays fixed amounts in amounts mode', () => {
    const payouts = [
      { place: 2, cents: 300 },
      { place: 1, cents: 700 },
    ];
    expect(potPayouts({ totalCents: 1000, mode: 'amounts', payouts, standings: [{ playerId: 'x', place: 1 }, { playerId: 'y', place: 1 }] })).toEqual([
      { playerId: 'x', cents: 500 },
      { playerId: 'y', cents: 500 },
    ]);
  });

  /** Standings of `n` players with random ties, in order (competition ranking). */
  const standingsArb = fc.array(fc.boolean(), { minLength: 1, maxLength: 12 }).map((tiedWithPrevious) => {
    const rows: { playerId: string; place: number }[] = [];
    tiedWithPrevious.forEach((tied, i) => rows.push({ playerId: `p${i}`, place: i > 0 && tied ? rows[i - 1]!.place : i + 1 }));
    return rows;
  });
  /** Percentages with up to 2 decimals summing to exactly 100, for `k` places. */
  const percentsArb = (k: number) =>
    fc.array(fc.integer({ min: 0, max: 10_000 }), { minLength: k, maxLength: k }).map((w) => {
      const weights = w.some((x) => x > 0) ? w : w.map((_, i) => (i === 0 ? 1 : 0));
      return placeAmounts(10_000, 'percentages', weights.map((x, i) => ({ place: i + 1, percent: x / 100 }))).map((h, i) => ({ place: i + 1, percent: h / 100 }));
    });

  it('pays out exactly the total when at least as many players are ranked as places pay (percentages)', () => {
    fc.assert(
      fc.property(
        standingsArb.chain((standings) => fc.tuple(fc.constant(standings), fc.integer({ min: 1, max: standings.length }).chain(percentsArb), fc.integer({ min: 0, max: 100_000_000 }))),
        ([standings, payouts, totalCents]) => {
          const paid = potPayouts({ totalCents, mode: 'percentages', payouts, standings });
          expect(total(paid)).toBe(totalCents);
          expect(paid.every((p) => Number.isSafeInteger(p.cents) && p.cents > 0)).toBe(true);
          // Tied players get amounts at most one cent apart.
          for (const place of new Set(standings.map((s) => s.place))) {
            const group = standings.filter((s) => s.place === place).map((s) => paid.find((p) => p.playerId === s.playerId)?.cents ?? 0);
            expect(Math.max(...group) - Math.min(...group)).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });

  it('pays out exactly the total in amounts mode', () => {
    fc.assert(
      fc.property(
        standingsArb.chain((standings) => fc.tuple(fc.constant(standings), fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: standings.length }))),
        ([standings, amounts]) => {
          const totalCents = amounts.reduce((a, b) => a + b, 0);
          const paid = potPayouts({ totalCents, mode: 'amounts', payouts: amounts.map((cents, i) => ({ place: i + 1, cents })), standings });
          expect(total(paid)).toBe(totalCents);
        },
      ),
    );
  });

  it('gives a ledger (each participant −entry, each payee +payout) that sums to zero, unranked participants included', () => {
    fc.assert(
      fc.property(
        standingsArb.chain((standings) =>
          fc.tuple(fc.constant(standings), fc.integer({ min: 1, max: standings.length }).chain(percentsArb), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 1_000_000 })),
        ),
        ([standings, payouts, unranked, entryCents]) => {
          const participants = [...standings.map((s) => s.playerId), ...Array.from({ length: unranked }, (_, i) => `unranked${i}`)];
          const totalCents = entryCents * participants.length;
          const applied = { payouts: potPayouts({ totalCents, mode: 'percentages', payouts, standings }), entries: participants.map((playerId) => ({ playerId, cents: entryCents })) };
          const nets = potNets(applied);
          expect(sum(nets)).toBe(0);
          for (let i = 0; i < unranked; i++) expect(nets[`unranked${i}`]).toBe(-entryCents);
        },
      ),
    );
  });
});

describe('potNets', () => {
  it('charges each entry and credits each payout', () => {
    expect(potNets({ entries: [{ playerId: 'a', cents: 500 }, { playerId: 'b', cents: 500 }], payouts: [{ playerId: 'a', cents: 1000 }] })).toEqual({ a: 500, b: -500 });
  });

  it('moves nothing without an applied pot', () => {
    expect(potNets(null)).toEqual({});
    expect(potNets(undefined)).toEqual({});
  });
});
