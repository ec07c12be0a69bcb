/**
 * Issue 33: a decision is written against the state of the hole it was made on (`ScoreBase`, sync/device/scores.ts).
 * A score written over another device's value that arrived after the decision is the same disagreement as two
 * phones writing offline: the shared merge's outcome (winner, history, `disputed`), not an ordinary edit.
 */
import { describe, expect, it } from 'vitest';
import { mergeScoreVersions } from '../../shared/domain/scores.js';
import type { ScoreEntry } from '../../shared/schemas/round.js';
import { buildScoreDoc, changedUnderneath, correctClockPending, CLOCK_PENDING, scoreBase, type ScoreWriter } from '../../sync/device/scores.js';
import type { LocalDoc } from '../../sync/device/schema.js';

const at = (second: number) => `2026-04-11T09:00:${String(second).padStart(2, '0')}.000Z`;
const id = 'score:round1-ben001:1';
const input = (strokes: number | null) => ({ scorecardId: 'round1-ben001', roundId: 'round1', playerId: 'ben001', hole: 1, strokes });
const entry = (strokes: number | null, deviceId: string, second: number, enteredBy = deviceId === 'phone-a' ? 'ann' : 'ben'): ScoreEntry => ({ strokes, enteredBy, deviceId, enteredAt: at(second) });
const onA = (second: number): ScoreWriter => ({ playerId: 'ann', deviceId: 'phone-a', at: at(second) });
const onB = (second: number, pending = false): ScoreWriter => ({ playerId: 'ben', deviceId: 'phone-b', at: at(second), ...(pending ? { pending } : {}) });
const current = (d: LocalDoc) => ({ strokes: d.strokes, deviceId: d.deviceId, enteredAt: d.enteredAt, disputed: d.disputed ?? false, history: (d.history as ScoreEntry[]).map((e) => [e.strokes, e.deviceId]) });

// Ben's 5, synced to both phones (written by phone B at 09:00:00).
const five = buildScoreDoc(id, input(5), undefined, onB(0));
const base = scoreBase(five as unknown as ScoreEntry);

describe('changedUnderneath', () => {
  it('is true only when another device changed the hole since the base', () => {
    const sixByA = buildScoreDoc(id, input(6), five, onA(10));
    expect(changedUnderneath(five, base, 'phone-b')).toBe(false);
    expect(changedUnderneath(sixByA, base, 'phone-b')).toBe(true);
    // A write of this very device in between (an earlier settle of the same hole) is not another opinion.
    expect(changedUnderneath(buildScoreDoc(id, input(4), five, onB(5)), base, 'phone-b')).toBe(false);
    // No score when the golfer tapped; another phone's arrived since.
    expect(changedUnderneath(sixByA, null, 'phone-b')).toBe(true);
    expect(changedUnderneath(undefined, null, 'phone-b')).toBe(false);
    expect(scoreBase(undefined)).toBeNull();
  });
});

describe('buildScoreDoc with the base the decision was made on', () => {
  const sixByA = buildScoreDoc(id, input(6), five, onA(10));

  it('is an ordinary edit when the hole is as the golfer saw it (the control)', () => {
    const doc = buildScoreDoc(id, input(4), five, onB(12), base);
    expect(current(doc)).toEqual({ strokes: 4, deviceId: 'phone-b', enteredAt: at(12), disputed: false, history: [[5, 'phone-b']] });
    // A's 6 seen first, then corrected: its base is A's 6, no dispute.
    const seen = buildScoreDoc(id, input(4), sixByA, onB(12), scoreBase(sixByA as unknown as ScoreEntry));
    expect(current(seen)).toEqual({ strokes: 4, deviceId: 'phone-b', enteredAt: at(12), disputed: false, history: [[5, 'phone-b'], [6, 'phone-a']] });
  });

  it('written over another phone’s value that arrived meanwhile: the merge of both, as if both had written offline', () => {
    const doc = buildScoreDoc(id, input(4), sixByA, onB(12), base);
    expect(current(doc)).toEqual({ strokes: 4, deviceId: 'phone-b', enteredAt: at(12), disputed: true, history: [[5, 'phone-b'], [6, 'phone-a']] });
    // What the replication's conflict handler makes of B's offline write of the same decision against A's push.
    const offline = mergeScoreVersions([sixByA as never, buildScoreDoc(id, input(4), five, onB(12)) as never]) as unknown as LocalDoc;
    expect(current(doc)).toEqual(current(offline));
    expect(doc.createdAt).toBe(five.createdAt);
  });

  it('keeps the other phone’s entry as the value when it is the later one', () => {
    const doc = buildScoreDoc(id, input(4), sixByA, onB(8), base);
    expect(current(doc)).toEqual({ strokes: 6, deviceId: 'phone-a', enteredAt: at(10), disputed: true, history: [[5, 'phone-b'], [4, 'phone-b']] });
    expect(doc.enteredBy).toBe('ann');
  });

  it('is no dispute when both phones settled on the same value', () => {
    const doc = buildScoreDoc(id, input(6), sixByA, onB(12), base);
    expect(current(doc)).toEqual({ strokes: 6, deviceId: 'phone-b', enteredAt: at(12), disputed: false, history: [[5, 'phone-b'], [6, 'phone-a']] });
  });

  it('without a base (a draft an older version left) writes over what is stored, as before', () => {
    expect(current(buildScoreDoc(id, input(4), sixByA, onB(12)))).toEqual({ strokes: 4, deviceId: 'phone-b', enteredAt: at(12), disputed: false, history: [[5, 'phone-b'], [6, 'phone-a']] });
  });

  it('a base of no score, and another phone created the hole meanwhile: a dispute', () => {
    const sevenByA = buildScoreDoc(id, input(7), undefined, onA(3));
    const doc = buildScoreDoc(id, input(null), sevenByA, onB(4), null);
    expect(current(doc)).toEqual({ strokes: null, deviceId: 'phone-b', enteredAt: at(4), disputed: true, history: [[7, 'phone-a']] });
  });

  it('an organizer’s correction arrived meanwhile and counts (it is later): its reason stays with it', () => {
    const corrected = { ...buildScoreDoc(id, input(5), sixByA, { playerId: 'organizer:o1', deviceId: 'rest', at: at(30) }), reason: 'paper card' } as LocalDoc;
    const doc = buildScoreDoc(id, input(4), corrected, onB(20), scoreBase(sixByA as unknown as ScoreEntry));
    expect(current(doc)).toMatchObject({ strokes: 5, deviceId: 'rest', disputed: true });
    expect(doc.reason).toBe('paper card');
  });

  it('an entry stamped on the device’s own clock is in history with its marker, and moved onto the server’s clock before it is sent', () => {
    // (DeviceTrip.enterScore moves a stamp onto the server's clock first when it knows it by the time it writes.)
    const doc = buildScoreDoc(id, input(4), buildScoreDoc(id, input(6), five, onA(30)), onB(40, true), base);
    expect(doc[CLOCK_PENDING]).toEqual([at(40)]);
    expect(current(doc)).toEqual({ strokes: 4, deviceId: 'phone-b', enteredAt: at(40), disputed: true, history: [[5, 'phone-b'], [6, 'phone-a']] });
    const sent = correctClockPending(doc, 60_000, 'phone-b');
    expect(CLOCK_PENDING in sent).toBe(false);
    expect(sent.enteredAt).toBe('2026-04-11T09:01:40.000Z');
    // Only this device's own-clock entries move: A's, and B's 5 stamped on the server's clock, stay.
    expect((sent.history as ScoreEntry[]).map((e) => e.enteredAt)).toEqual([at(0), at(30)]);
  });
});
