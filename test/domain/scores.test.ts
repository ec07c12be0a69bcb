import { describe, expect, it } from 'vitest';
import { compareEntries, mergeScoreVersions, sameScoreVersion } from '../../shared/domain/scores.js';
import { checkSyncWrite, type WriteFacts } from '../../shared/domain/write-rules.js';

const entry = (strokes: number, deviceId: string, enteredAt: string, enteredBy = 'p1') => ({ strokes, deviceId, enteredAt, enteredBy });

function permutations<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]));
}

describe('the score conflict rule', () => {
  const a = entry(4, 'phone-a', '2027-04-11T09:00:00.000Z');
  const b = entry(5, 'phone-b', '2027-04-11T09:05:00.000Z');
  const c = entry(6, 'phone-c', '2027-04-11T09:05:00.000Z');

  it('picks the latest entry, then the greater device id', () => {
    expect(compareEntries(a, b)).toBeLessThan(0);
    expect(compareEntries(b, c)).toBeLessThan(0);
    expect(mergeScoreVersions([a, b, c]).strokes).toBe(6);
  });

  it('gives the same result whatever order the versions arrive in', () => {
    const results = permutations([a, b, c]).map((p) => JSON.stringify(mergeScoreVersions(p)));
    expect(new Set(results).size).toBe(1);
  });

  it('keeps every losing value in history and marks disagreement as disputed', () => {
    const merged = mergeScoreVersions([a, b]);
    expect(merged).toMatchObject({ strokes: 5, deviceId: 'phone-b', disputed: true, history: [a] });
  });

  it('is idempotent: merging a merged version again changes nothing', () => {
    const once = mergeScoreVersions([a, b]);
    expect(mergeScoreVersions([once, a])).toEqual(once);
    expect(mergeScoreVersions([once, once])).toEqual(once);
    expect(sameScoreVersion(mergeScoreVersions([once, b]), once)).toBe(true);
  });

  it('does not call equal strokes from two devices a dispute', () => {
    expect(mergeScoreVersions([entry(4, 'x', '2027-01-01T00:00:00Z'), entry(4, 'y', '2027-01-01T00:01:00Z')]).disputed).toBe(false);
  });

  it('a picked-up value (strokes: null, WHS Rule 3.1b) sorts below any number, is a value of its own and merges the same in any order', () => {
    const at = '2027-04-11T10:00:00.000Z';
    const pickup = { strokes: null, deviceId: 'phone-a', enteredAt: at, enteredBy: 'p1' };
    const one = entry(1, 'phone-a', at);
    expect(compareEntries(pickup, one)).toBeLessThan(0);
    expect(compareEntries(one, pickup)).toBeGreaterThan(0);
    expect(compareEntries(pickup, { ...pickup })).toBe(0);
    // Same time, device and player: the number wins; the pick-up is kept in history and the hole is disputed.
    const merged = mergeScoreVersions([pickup, one]);
    expect(merged).toMatchObject({ strokes: 1, disputed: true, history: [pickup] });
    expect(JSON.stringify(mergeScoreVersions([one, pickup]))).toBe(JSON.stringify(merged));
    // A later pick-up wins over an earlier number, and is not confused with it.
    const later = { ...pickup, enteredAt: '2027-04-11T11:00:00.000Z' };
    expect(mergeScoreVersions([one, later])).toMatchObject({ strokes: null, history: [one], disputed: true });
    expect(sameScoreVersion(mergeScoreVersions([later]), mergeScoreVersions([{ ...later, strokes: 0 as unknown as null }]))).toBe(false);
  });
});

describe('sync write rules', () => {
  const facts: WriteFacts = {
    scorecards: new Map([
      ['round1-alpha1', { roundId: 'round1', playerId: 'alpha1', groupId: 'g1' }],
      ['round1-bravo1', { roundId: 'round1', playerId: 'bravo1', groupId: 'g1' }],
      ['round1-charl1', { roundId: 'round1', playerId: 'charl1', groupId: 'g2' }],
      ['round2-alpha1', { roundId: 'round2', playerId: 'alpha1', groupId: null }],
      ['round2-bravo1', { roundId: 'round2', playerId: 'bravo1', groupId: null }],
    ]),
    roundStates: new Map([
      ['round1', 'in_progress'],
      ['round2', 'completed'],
    ]),
  };
  const score = (card: string, hole = 1) => {
    const [roundId, playerId] = card.split('-') as [string, string];
    return { _id: `score:${card}:${hole}`, type: 'score', scorecardId: card, roundId, playerId, hole, strokes: 4, enteredBy: 'alpha1', deviceId: 'd', enteredAt: '2027-04-11T09:00:00Z', history: [], createdAt: '2027-04-11T09:00:00Z', updatedAt: '2027-04-11T09:00:00Z' };
  };
  const player = { playerId: 'alpha1', role: 'player' as const };
  const organizer = { playerId: 'zulu01', role: 'organizer' as const };

  it.each([
    ['my own card', player, score('round1-alpha1'), null],
    ["my group partner's card", player, score('round1-bravo1'), null],
    ["another group's card", player, score('round1-charl1'), 'own group'],
    ['a card of a completed round', player, score('round2-alpha1'), 'completed'],
    ["any card, as organizer", organizer, score('round1-charl1'), null],
    ['a completed round, as organizer', organizer, score('round2-bravo1'), 'completed'],
    ['a score whose _id does not match its hole', player, { ...score('round1-alpha1'), _id: 'score:round1-alpha1:2' }, '_id'],
    ['a score naming another player than its card', player, { ...score('round1-alpha1'), playerId: 'bravo1' }, 'another round or player'],
    ['a score of 0 strokes', player, { ...score('round1-alpha1'), strokes: 0 }, 'not a valid score'],
    ['a trip document', organizer, { _id: 'trip:abcdef', type: 'trip' }, 'not written through sync'],
    ['a player document, as player', player, { _id: 'player:alpha1', type: 'player' }, 'only organizers'],
    ['a design document', organizer, { _id: '_design/trip', type: 'x' }, 'design'],
    ['an unknown type', organizer, { _id: 'x:1', type: 'mystery' }, 'not written through sync'],
  ])('%s: %s', (_label, writer, doc, expected) => {
    const result = checkSyncWrite(writer, doc as { _id: string }, undefined, facts);
    if (expected === null) expect(result).toBeNull();
    else expect(result).toContain(expected);
  });

  it('judges a deletion by the stored document', () => {
    const stored = score('round1-charl1');
    expect(checkSyncWrite(player, { _id: stored._id, _deleted: true }, stored, facts)).toContain('own group');
    expect(checkSyncWrite(organizer, { _id: stored._id, _deleted: true }, stored, facts)).toBeNull();
  });

  it('refuses a change of type', () => {
    expect(checkSyncWrite(organizer, { _id: 'score:round1-alpha1:1', type: 'player' }, score('round1-alpha1'), facts)).toContain('cannot become');
  });
});
