import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activityCounts, activityStats, applyRsvp, groupByDate, yesCount, type ActivityLike, type RsvpResponse } from '../../../shared/domain/activities/activities.js';

const at = (n: number) => `2027-04-10T10:00:0${n}.000Z`;
const activity = (extra: Partial<ActivityLike> = {}): ActivityLike => ({ id: 'dinner01', name: 'Dinner', start: '2027-04-10T20:00', rsvps: [], ...extra });

describe('RSVPs', () => {
  it('takes yeses up to the capacity, then refuses activity_full; no and maybe always pass', () => {
    let a = activity({ capacity: 2 });
    for (const [i, p] of ['al', 'bo'].entries()) a = { ...a, rsvps: (applyRsvp(a, { playerId: p, response: 'yes', at: at(i) }) as { ok: true; value: ActivityLike['rsvps'] }).value };
    const full = applyRsvp(a, { playerId: 'cy', response: 'yes', at: at(3) });
    expect(full).toMatchObject({ ok: false, failure: { code: 'activity_full' } });
    expect(applyRsvp(a, { playerId: 'cy', response: 'maybe', at: at(3) }).ok).toBe(true);
    // A player who already said yes keeps their place when answering yes again.
    expect(applyRsvp(a, { playerId: 'al', response: 'yes', at: at(4) }).ok).toBe(true);
    // Al stepping down frees a place.
    const down = applyRsvp(a, { playerId: 'al', response: 'no', at: at(5) });
    expect(down.ok && yesCount({ rsvps: down.value })).toBe(1);
  });

  it('never lets yeses exceed the capacity, whatever the order of answers', () => {
    const answer = fc.record({ playerId: fc.constantFrom('a1', 'b2', 'c3', 'd4', 'e5', 'f6'), response: fc.constantFrom<RsvpResponse>('yes', 'no', 'maybe') });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(answer, { maxLength: 30 }), (capacity, answers) => {
        let a = activity({ capacity });
        answers.forEach((x, i) => {
          const r = applyRsvp(a, { ...x, at: `2027-04-10T10:00:${String(i).padStart(2, '0')}.000Z` });
          if (r.ok) a = { ...a, rsvps: r.value };
        });
        expect(yesCount(a)).toBeLessThanOrEqual(capacity);
        expect(new Set(a.rsvps.map((r) => r.playerId)).size).toBe(a.rsvps.length);
      }),
    );
  });

  it('replaces a player\'s earlier answer instead of adding a second, and takes any number of yeses without a capacity', () => {
    let a = activity();
    for (const [i, response] of (['maybe', 'no', 'yes'] as const).entries()) {
      const r = applyRsvp(a, { playerId: 'al', response, at: at(i) });
      if (!r.ok) throw new Error('refused');
      a = { ...a, rsvps: r.value };
    }
    expect(a.rsvps).toEqual([{ playerId: 'al', response: 'yes', at: at(2) }]);
    const crowd = Array.from({ length: 50 }, (_, i) => ({ playerId: `p${i}`, response: 'yes' as const, at: at(0) }));
    expect(applyRsvp(activity({ rsvps: crowd }), { playerId: 'late', response: 'yes', at: at(1) }).ok).toBe(true);
  });

  it('counts answers among the trip players and the unanswered', () => {
    const a = activity({ rsvps: [{ playerId: 'al', response: 'yes', at: at(0) }, { playerId: 'bo', response: 'maybe', at: at(1) }, { playerId: 'gone', response: 'yes', at: at(2) }] });
    expect(activityCounts(a, ['al', 'bo', 'cy'])).toEqual({ yes: 1, no: 0, maybe: 1, unanswered: 1 });
  });
});

describe('views and stats', () => {
  it('groups by the local day of the start: a 23:30 start stays on its own day', () => {
    const late = activity({ id: 'late0001', name: 'Late drinks', start: '2027-04-10T23:30' });
    const early = activity({ id: 'early001', name: 'Breakfast', start: '2027-04-11T07:00' });
    const dinner = activity({ id: 'dinner01', name: 'Dinner', start: '2027-04-10T20:00' });
    expect(groupByDate([early, late, dinner]).map((d) => [d.date, d.activities.map((a) => a.id)])).toEqual([
      ['2027-04-10', ['dinner01', 'late0001']],
      ['2027-04-11', ['early001']],
    ]);
  });

  it('adds up attendance and cost per activity, for the trip and per player', () => {
    const dinner = activity({ capacity: 4, costPerPersonCents: 4500, rsvps: [{ playerId: 'al', response: 'yes', at: at(0) }, { playerId: 'bo', response: 'yes', at: at(1) }, { playerId: 'cy', response: 'no', at: at(2) }] });
    const tour = activity({ id: 'tour0001', name: 'Tour', start: '2027-04-11T10:00', rsvps: [{ playerId: 'al', response: 'yes', at: at(0) }, { playerId: 'cy', response: 'maybe', at: at(1) }] });
    const s = activityStats([tour, dinner], ['al', 'bo', 'cy']);
    expect(s.activities).toEqual([
      { activityId: 'dinner01', name: 'Dinner', date: '2027-04-10', yes: 2, no: 1, maybe: 0, unanswered: 0, capacity: 4, fill: 0.5, totalCostCents: 9000 },
      { activityId: 'tour0001', name: 'Tour', date: '2027-04-11', yes: 1, no: 0, maybe: 1, unanswered: 1, capacity: null, fill: null, totalCostCents: null },
    ]);
    expect(s.totals).toEqual({ activities: 2, yes: 3, attendance: 0.5, totalCostCents: 9000 });
    expect(s.players).toEqual([
      { playerId: 'al', yes: 2, maybe: 0, costCents: 4500 },
      { playerId: 'bo', yes: 1, maybe: 0, costCents: 4500 },
      { playerId: 'cy', yes: 0, maybe: 1, costCents: 0 },
    ]);
    expect(activityStats([], ['al']).totals.attendance).toBeNull();
  });

  it('answers rates as exact ratios, not rounded: 9 yeses for 76 places is 9/76', () => {
    const players = Array.from({ length: 38 }, (_, i) => `p${String(i).padStart(2, '0')}`);
    const yes = (ids: string[]) => ids.map((playerId, i) => ({ playerId, response: 'yes' as const, at: at(i % 10) }));
    const gala = activity({ id: 'gala0001', name: 'Gala', capacity: 76, rsvps: yes(players.slice(0, 9)) });
    const quiz = activity({ id: 'quiz0001', name: 'Quiz', start: '2027-04-11T20:00', rsvps: [] });
    const s = activityStats([gala, quiz], players);
    expect(s.activities[0]!.fill).toBe(9 / 76);
    // 9 yeses of 38 players × 2 activities.
    expect(s.totals.attendance).toBe(9 / 76);
  });
});
