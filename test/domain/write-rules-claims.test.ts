import { describe, expect, it } from 'vitest';
import { mergeScoreVersions } from '../../shared/domain/scores.js';
import { checkSyncWrite, MAX_CLOCK_AHEAD_MS, type WriteFacts, type Writer } from '../../shared/domain/write-rules.js';

/*
 * What a device may claim in a score it writes through sync (issue 14): the entry is the writing player's own (an
 * organizer may enter one for anyone), and it is not dated more than 5 minutes after the server's clock. A value
 * already known to the server (the stored one or one in its history) is no new claim.
 */

const now = new Date('2026-11-25T12:00:00.000Z');
const facts: WriteFacts = {
  scorecards: new Map([
    ['round1-alpha1', { roundId: 'round1', playerId: 'alpha1', groupId: 'g1' }],
    ['round1-bravo1', { roundId: 'round1', playerId: 'bravo1', groupId: 'g1' }],
  ]),
  roundStates: new Map([['round1', 'in_progress']]),
  now,
};
const alpha: Writer = { playerId: 'alpha1', role: 'player' };
const bravo: Writer = { playerId: 'bravo1', role: 'player' };
const organizer: Writer = { playerId: 'zulu01', role: 'organizer' };

const at = (msFromNow: number) => new Date(now.getTime() + msFromNow).toISOString();
const entry = (strokes: number, by: string, enteredAt: string, deviceId = `phone-${by}`) => ({ strokes, enteredBy: by, deviceId, enteredAt });
function score(e: ReturnType<typeof entry>, history: ReturnType<typeof entry>[] = []) {
  return { _id: 'score:round1-bravo1:7', type: 'score', scorecardId: 'round1-bravo1', roundId: 'round1', playerId: 'bravo1', hole: 7, ...e, history, createdAt: e.enteredAt, updatedAt: e.enteredAt };
}

describe('who a score says entered it', () => {
  it.each([
    ['the writer itself', alpha, 'alpha1', null],
    ['the card owner, written by a partner', alpha, 'bravo1', 'enteredBy must be alpha1, not bravo1'],
    ['another player, written by an organizer', organizer, 'bravo1', null],
    ['the organizer itself', organizer, 'zulu01', null],
  ])('%s', (_label, writer, by, expected) => {
    expect(checkSyncWrite(writer, score(entry(4, by, at(-60_000))), undefined, facts)).toEqual(expected === null ? null : expect.stringContaining(expected));
  });

  it('checks the new value only, not the stored value a player writes over', () => {
    const stored = score(entry(4, 'bravo1', at(-600_000)));
    const mine = score(entry(5, 'alpha1', at(-60_000)), [entry(4, 'bravo1', at(-600_000))]);
    expect(checkSyncWrite(alpha, mine, stored, facts)).toBeNull();
  });

  it("lets a phone send back a merge whose winner is someone else's stored value (RxDB conflict resolution)", () => {
    const stored = score(entry(6, 'bravo1', at(-60_000)));
    const merged = mergeScoreVersions([stored, score(entry(5, 'alpha1', at(-120_000)))]);
    expect(merged.enteredBy).toBe('bravo1');
    expect(checkSyncWrite(alpha, merged, stored, facts)).toBeNull();
  });

  it("lets a value from the stored history be written again, as when a phone resends an older branch's merge", () => {
    const stored = score(entry(6, 'alpha1', at(-60_000)), [entry(5, 'bravo1', at(-120_000))]);
    expect(checkSyncWrite(alpha, score(entry(5, 'bravo1', at(-120_000))), stored, facts)).toBeNull();
  });

  it('refuses a made-up entry in the name of a partner even when a value is stored', () => {
    const stored = score(entry(6, 'alpha1', at(-60_000)));
    expect(checkSyncWrite(alpha, score(entry(3, 'bravo1', at(-30_000))), stored, facts)).toContain('enteredBy must be alpha1');
  });

  it('does not look at who entered a score that is deleted', () => {
    const stored = score(entry(6, 'bravo1', at(-60_000)));
    expect(checkSyncWrite(alpha, { _id: stored._id, _deleted: true }, stored, facts)).toBeNull();
  });
});

describe("when a score says it was entered, against the server's clock", () => {
  it('allows exactly 5 minutes of drift', () => {
    expect(MAX_CLOCK_AHEAD_MS).toBe(300_000);
  });

  it.each([
    ['a minute ago', -60_000, null],
    ['now', 0, null],
    ['4 minutes 59 seconds ahead', 299_000, null],
    ['exactly 5 minutes ahead', 300_000, null],
    ['5 minutes and 1 ms ahead', 300_001, 'more than 5 minutes ahead'],
    ['an hour ahead', 3_600_000, 'more than 5 minutes ahead'],
  ])('%s', (_label, ms, expected) => {
    const result = checkSyncWrite(alpha, score(entry(4, 'alpha1', at(ms))), undefined, facts);
    expect(result).toEqual(expected === null ? null : expect.stringContaining(expected));
  });

  it('refuses a phone whose clock says 2099, organizers included, and names both times', () => {
    const future = score(entry(4, 'zulu01', '2099-01-01T00:00:00.000Z'));
    const reason = checkSyncWrite(organizer, future, undefined, facts);
    expect(reason).toContain('2099-01-01T00:00:00.000Z');
    expect(reason).toContain(now.toISOString());
  });

  it('lets a future-dated value already on the server be kept when a phone writes it back', () => {
    const stored = score(entry(4, 'bravo1', at(3_600_000)));
    expect(checkSyncWrite(bravo, stored, stored, facts)).toBeNull();
  });

  it.each([
    ['strokes', { strokes: 5 }],
    ['who entered it', { enteredBy: 'alpha1' }],
    ['the device', { deviceId: 'phone-other' }],
    ['the time', { enteredAt: at(3_600_001) }],
  ])('treats a value differing from the stored future-dated one only in %s as a new claim, and refuses it', (_field, change) => {
    // An organizer writes (anyone's name passes), so only the clock can refuse; the unchanged value passes.
    const stored = score(entry(4, 'bravo1', at(3_600_000)), [entry(6, 'bravo1', at(3_500_000))]);
    expect(checkSyncWrite(organizer, score(entry(4, 'bravo1', at(3_600_000))), stored, facts)).toBeNull();
    const changed = score({ ...entry(4, 'bravo1', at(3_600_000)), ...change });
    expect(checkSyncWrite(organizer, changed, stored, facts)).toContain("ahead of the server's clock");
  });

  it('checks nothing about time when the caller gives no clock', () => {
    const { now: _now, ...noClock } = facts;
    expect(checkSyncWrite(alpha, score(entry(4, 'alpha1', '2099-01-01T00:00:00.000Z')), undefined, noClock)).toBeNull();
  });

  it('judges who may write the card before what the entry claims', () => {
    const other: WriteFacts = { ...facts, scorecards: new Map([...facts.scorecards, ['round1-charl1', { roundId: 'round1', playerId: 'charl1', groupId: 'g2' }]]) };
    const doc = { ...score(entry(4, 'bravo1', '2099-01-01T00:00:00.000Z')), _id: 'score:round1-charl1:7', scorecardId: 'round1-charl1', playerId: 'charl1' };
    expect(checkSyncWrite(alpha, doc, undefined, other)).toContain('own group');
  });
});
