import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availabilitySummary, availableForRound, dayAnswer, roundAnswer, tripDays, type AvailabilityAnswer } from '../../../shared/domain/availability/summary.js';
import { checkSyncWrite } from '../../../shared/domain/write-rules.js';

const days = ['2027-04-10', '2027-04-11', '2027-04-12'];
const rounds = [
  { id: 'roundone', name: 'Day 1', date: '2027-04-10' },
  { id: 'roundtwo', name: 'Day 2', date: '2027-04-11' },
];
const answers: AvailabilityAnswer[] = [
  { playerId: 'al', days: ['2027-04-10', '2027-04-11'] },
  { playerId: 'bo', days: ['2027-04-11'], rounds: { roundtwo: false } },
  { playerId: 'cy', rounds: { roundone: true } },
];

describe('availability summary', () => {
  it('sorts every player into available, unavailable or unanswered per day and per round', () => {
    const s = availabilitySummary({ playerIds: ['al', 'bo', 'cy', 'di'], tripDays: days, rounds, answers });
    expect(s.days).toEqual([
      { date: '2027-04-10', available: ['al'], unavailable: ['bo'], unanswered: ['cy', 'di'] },
      { date: '2027-04-11', available: ['al', 'bo'], unavailable: [], unanswered: ['cy', 'di'] },
      { date: '2027-04-12', available: [], unavailable: ['al', 'bo'], unanswered: ['cy', 'di'] },
    ]);
    expect(s.rounds).toEqual([
      { roundId: 'roundone', name: 'Day 1', date: '2027-04-10', available: ['al', 'cy'], unavailable: ['bo'], unanswered: ['di'] },
      // Bo can come that day but said he cannot play the round: the explicit answer wins.
      { roundId: 'roundtwo', name: 'Day 2', date: '2027-04-11', available: ['al'], unavailable: ['bo'], unanswered: ['cy', 'di'] },
    ]);
  });

  it('gives pairing the players who can play a round: unanswered ones too unless strict', () => {
    expect(availableForRound(['al', 'bo', 'cy', 'di'], answers, rounds[1]!)).toEqual(['al', 'cy', 'di']);
    expect(availableForRound(['al', 'bo', 'cy', 'di'], answers, rounds[1]!, true)).toEqual(['al']);
  });

  it('lets an explicit yes for a round win over a day the player said they cannot come, and ignores players not on the trip', () => {
    const given: AvailabilityAnswer[] = [{ playerId: 'al', days: [], rounds: { roundone: true } }, { playerId: 'gone', days: days }];
    expect(availableForRound(['al', 'bo'], given, rounds[0]!, true)).toEqual(['al']);
    expect(availableForRound(['al', 'bo'], given, rounds[1]!)).toEqual(['bo']);
    const s = availabilitySummary({ playerIds: ['al'], tripDays: ['2027-04-10'], rounds: [], answers: given });
    expect(s).toEqual({ days: [{ date: '2027-04-10', available: [], unavailable: ['al'], unanswered: [] }], rounds: [] });
  });

  it('puts every player in exactly one list for every day and round', () => {
    const id = fc.constantFrom('al', 'bo', 'cy', 'di', 'ed');
    const answer = fc.record({ playerId: id, days: fc.option(fc.subarray(days), { nil: undefined }), rounds: fc.option(fc.dictionary(fc.constantFrom('roundone', 'roundtwo'), fc.boolean()), { nil: undefined }) });
    fc.assert(
      fc.property(fc.uniqueArray(answer, { selector: (a) => a.playerId }), (given) => {
        const players = ['al', 'bo', 'cy', 'di', 'ed'];
        const s = availabilitySummary({ playerIds: players, tripDays: days, rounds, answers: given });
        for (const who of [...s.days, ...s.rounds]) expect([...who.available, ...who.unavailable, ...who.unanswered].sort()).toEqual(players);
        for (const r of rounds) for (const p of players) expect(s.rounds.find((x) => x.roundId === r.id)![roundAnswer(given.find((a) => a.playerId === p), r)]).toContain(p);
      }),
    );
  });

  it('answers single days and lists the trip days', () => {
    expect(dayAnswer(undefined, '2027-04-10')).toBe('unanswered');
    expect(dayAnswer({ playerId: 'x', days: [] }, '2027-04-10')).toBe('unavailable');
    expect(tripDays('2027-02-27', '2027-03-02')).toEqual(['2027-02-27', '2027-02-28', '2027-03-01', '2027-03-02']);
  });
});

describe('availability through sync', () => {
  const facts = { scorecards: new Map(), roundStates: new Map() };
  const at = '2027-04-09T10:00:00.000Z';
  const doc = (playerId: string, extra: Record<string, unknown> = {}) => ({
    _id: `availability:${playerId}`,
    type: 'availability',
    id: playerId,
    playerId,
    days: ['2027-04-10'],
    updatedBy: { kind: 'player', id: playerId },
    createdAt: at,
    updatedAt: at,
    ...extra,
  });
  const ann = { playerId: 'annann', role: 'player' as const };
  it.each([
    ['a player writes their own', ann, doc('annann'), undefined, null],
    ["a player writes another's", ann, doc('bobbob'), undefined, 'only their own'],
    ["a player deletes another's", ann, { _id: 'availability:bobbob', _deleted: true }, doc('bobbob'), 'only their own'],
    ['an id that is not the player', ann, doc('annann', { id: 'bobbob', _id: 'availability:bobbob' }), undefined, "player's id"],
    ['a malformed day', ann, doc('annann', { days: ['10/04/2027'] }), undefined, 'not a valid availability'],
    ["an organizer writes anyone's", { playerId: 'orgorg', role: 'organizer' as const }, doc('bobbob'), undefined, null],
  ])('%s', (_label, writer, written, current, expected) => {
    const reason = checkSyncWrite(writer, written as never, current, facts);
    if (expected === null) expect(reason).toBeNull();
    else expect(reason).toContain(expected);
  });
});
