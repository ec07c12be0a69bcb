import { describe, expect, it } from 'vitest';
import { checkOrganizerEntries, organizerScore } from '../../shared/domain/score-corrections.js';
import type { ScoreDoc } from '../../shared/schemas/round.js';
import { ScoreDoc as ScoreDocSchema } from '../../shared/schemas/round.js';
import { buildScoreDoc } from '../../sync/device/scores.js';
import { mergeScoreVersions } from '../../shared/domain/scores.js';

const fields = { _id: 'score:abcdef-ghijkl:5', type: 'score' as const, scorecardId: 'abcdef-ghijkl', roundId: 'abcdef', playerId: 'ghijkl', hole: 5 };
const phone = { strokes: 4, enteredBy: 'ghijkl', deviceId: 'phone-a', enteredAt: '2027-04-11T09:00:00.000Z' };
const stored: ScoreDoc = { ...fields, ...phone, history: [], createdAt: phone.enteredAt, updatedAt: phone.enteredAt };
const organizer = (strokes: number | null, reason?: string) => ({ strokes, enteredBy: 'organizer:u1', deviceId: 'dashboard', enteredAt: '2027-04-12T10:00:00.000Z', ...(reason ? { reason } : {}) });

describe('which organizer entries a round takes', () => {
  it.each([
    ['ready', [{ hole: 1, strokes: 4 }], null],
    ['in_progress', [{ hole: 18, strokes: null }], null],
    ['completed', [{ hole: 3, strokes: 4, reason: 'card misread' }], null],
    ['completed', [{ hole: 3, strokes: 4, reason: 'x' }, { hole: 4, strokes: 5 }], 'correction_reason_required'],
    ['draft', [{ hole: 1, strokes: 4 }], 'round_not_ready'],
    ['in_progress', [{ hole: 10, strokes: 4 }], 'unprocessable'],
  ] as const)('a %s round, %j: %s', (state, entries, code) => {
    const r = checkOrganizerEntries(state, entries.some((e) => e.hole === 10) ? 9 : 18, [...entries]);
    expect(r.ok ? null : r.failure.code).toBe(code);
  });

  it('names every hole that lacks a reason, and checks the course before the state', () => {
    const r = checkOrganizerEntries('completed', 18, [{ hole: 3, strokes: 4 }, { hole: 4, strokes: 5, reason: 'ok' }, { hole: 7, strokes: 2 }]);
    expect(r.ok ? [] : r.failure.details!.map((d) => d.hole)).toEqual([3, 7]);
    const past = checkOrganizerEntries('completed', 9, [{ hole: 12, strokes: 4 }]);
    expect(past.ok ? null : past.failure.code).toBe('unprocessable');
  });
});

describe('the corrected score', () => {
  it('makes the entry current and keeps the previous value, who and when, in history; the result is a valid score', () => {
    const next = organizerScore(stored, fields, organizer(5, 'lost ball'))!;
    expect(next).toMatchObject({ strokes: 5, enteredBy: 'organizer:u1', deviceId: 'dashboard', reason: 'lost ball', disputed: false, createdAt: stored.createdAt, updatedAt: '2027-04-12T10:00:00.000Z' });
    expect(next.history).toEqual([phone]);
    expect(ScoreDocSchema.safeParse(next).success).toBe(true);
  });

  it("moves a correction's reason into history with it, and gives the new value only its own", () => {
    const once = organizerScore(stored, fields, organizer(5, 'lost ball'))!;
    const twice = organizerScore(once, fields, { ...organizer(6), enteredAt: '2027-04-12T11:00:00.000Z' })!;
    expect(twice.reason).toBeUndefined();
    expect(twice.history).toEqual([phone, organizer(5, 'lost ball')]);
  });

  it('changes nothing for the same strokes, but settles a disputed hole', () => {
    expect(organizerScore(stored, fields, organizer(4, 'checked'))).toBeUndefined();
    const settled = organizerScore({ ...stored, disputed: true }, fields, organizer(4, 'checked'))!;
    expect(settled).toMatchObject({ strokes: 4, disputed: false, history: [phone] });
  });

  it('starts a hole with no score with an empty history, and takes a picked-up hole', () => {
    expect(organizerScore(undefined, fields, organizer(null))).toMatchObject({ ...fields, strokes: null, history: [], createdAt: '2027-04-12T10:00:00.000Z' });
  });
});

describe("a phone's entry after an organizer's correction", () => {
  it("keeps the correction's reason in history and does not carry it onto the phone's value", () => {
    const corrected = organizerScore(stored, fields, organizer(5, 'lost ball'))!;
    const { _id, ...local } = corrected;
    const doc = buildScoreDoc(_id, { scorecardId: fields.scorecardId, roundId: fields.roundId, playerId: fields.playerId, hole: 5, strokes: 6 }, { ...local, docId: _id }, { playerId: 'ghijkl', deviceId: 'phone-a', at: '2027-04-12T12:00:00.000Z' });
    expect(doc.reason).toBeUndefined();
    expect(doc).toMatchObject({ strokes: 6, enteredBy: 'ghijkl' });
    expect(doc.history).toEqual([phone, organizer(5, 'lost ball')]);
  });
});

describe("a correction's reason through the conflict rule and a dispute's resolution", () => {
  it('keeps the reason of a correction that loses a conflict in history', () => {
    const corrected = organizerScore(stored, fields, organizer(5, 'lost ball'))!;
    const offline = { ...stored, strokes: 6, enteredAt: '2027-04-12T10:30:00.000Z', history: [] };
    const merged = mergeScoreVersions([corrected, offline]);
    expect(merged.strokes).toBe(6);
    expect(merged.reason).toBeUndefined();
    expect(merged.history).toEqual([phone, organizer(5, 'lost ball')]);
  });

  it("resolving a dispute over a correction moves its reason to history, not onto the organizer's new value", () => {
    const corrected = { ...organizerScore(stored, fields, organizer(5, 'lost ball'))!, disputed: true };
    const resolved = organizerScore(corrected, fields, { strokes: 7, enteredBy: 'organizer:u2', deviceId: 'dashboard', enteredAt: '2027-04-13T10:00:00.000Z' })!;
    expect(resolved).toMatchObject({ strokes: 7, disputed: false });
    expect(resolved.reason).toBeUndefined();
    expect(resolved.history).toEqual([phone, organizer(5, 'lost ball')]);
  });
});
