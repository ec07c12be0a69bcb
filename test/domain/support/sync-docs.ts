/**
 * Documents as a phone writes them through sync, for the write-rule tests: one builder per type, so a change to a
 * document's shape is made once. `extra` overrides any field.
 */

/** When the documents below were written. */
export const WRITTEN_AT = '2027-04-11T09:00:00.000Z';

type Extra = Record<string, unknown>;

/** A team's point game of round1 with four players and Alpha as captain; hole 1 confirmed. */
export function pointGameDoc(extra: Extra = {}) {
  return {
    _id: 'pointgame:round1-red',
    _rev: '2-abc',
    type: 'pointgame',
    id: 'round1-red',
    roundId: 'round1',
    team: 'Red',
    teamKey: 'red',
    captainId: 'alpha1',
    playerIds: ['alpha1', 'bravo1', 'charl1', 'delta1'],
    config: { teamSize: 4, targetCount: 40, holes: 18 },
    selections: [{ hole: 1, playerIds: ['alpha1', 'bravo1'], confirmed: true }] as { hole: number; playerIds: string[]; confirmed: boolean }[],
    createdAt: WRITTEN_AT,
    updatedAt: WRITTEN_AT,
    ...extra,
  };
}

/** Group 1's scramble score on `hole` of `roundId`. */
export function teamScoreDoc(roundId: string, hole = 3, extra: Extra = {}) {
  return {
    _id: `teamscore:${roundId}-g1:${hole}`,
    type: 'teamscore',
    teamcardId: `${roundId}-g1`,
    roundId,
    hole,
    strokes: 4,
    enteredBy: 'zulu01',
    enteredAt: WRITTEN_AT,
    history: [],
    createdAt: WRITTEN_AT,
    updatedAt: WRITTEN_AT,
    ...extra,
  };
}

/** 10.00 EUR paid by Ann, split equally three ways: the odd cent to the first listed (shared/domain/money/split.ts). */
export function expenseDoc(extra: Extra = {}) {
  return {
    _id: 'expense:dinner01',
    type: 'expense',
    id: 'dinner01',
    payerId: 'annann',
    amountCents: 1000,
    currency: 'EUR',
    exchangeRate: null,
    tripAmountCents: 1000,
    category: 'food',
    date: '2027-04-11',
    description: 'Dinner',
    split: { mode: 'equal', playerIds: ['annann', 'bobbob', 'carlcarl'] },
    participants: [
      { playerId: 'annann', cents: 334 },
      { playerId: 'bobbob', cents: 333 },
      { playerId: 'carlcarl', cents: 333 },
    ],
    receiptId: null,
    createdBy: { kind: 'player', id: 'annann' },
    createdAt: WRITTEN_AT,
    updatedAt: WRITTEN_AT,
    ...extra,
  };
}
