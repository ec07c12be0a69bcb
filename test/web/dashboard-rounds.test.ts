/**
 * The pure helpers of the dashboard's Courses, Rounds and print pages (issue 23): handicaps and stroke marks in
 * words, a course as typed and as the API takes it (checked by the API's own schema), a round's steps and their
 * refusals, and what the printed pages list (starts with shotgun letters, the starter's order, the A–Z list).
 */
import { describe, expect, it } from 'vitest';
import { CreateCourseBody } from '../../shared/schemas/course-library.js';
import { ApiError } from '../../web/dashboard/api/errors.js';
import { courseBody, newCourseValues, num, valuesOfCourse, withHoleCount } from '../../web/dashboard/screens/courses/course-values.js';
import { alphaList, cardsOf, chunk, groupStarts, isShotgun, pageRule, startInWords, starterOrder } from '../../web/dashboard/screens/round-print/print-model.js';
import { actionsFor, actionText, describeActionRefusal } from '../../web/dashboard/screens/rounds/round-actions.js';
import { formatIndex, formatPlaying, strokeMarks, strokesInWords } from '../../web/dashboard/ui/handicap.js';

describe('handicaps in words', () => {
  it.each([
    [14.2, '14.2'],
    [0, '0.0'],
    [-2.4, '+2.4'],
    [15.308, '15.3'],
    [null, '—'],
  ])('writes the index or Course Handicap %s as %s', (v, text) => expect(formatIndex(v)).toBe(text));

  it('writes a plus Playing Handicap with "+", scratch as 0', () => {
    expect([formatPlaying(-3), formatPlaying(0), formatPlaying(19), formatPlaying(null)]).toEqual(['+3', '0', '19', '—']);
  });

  it('marks ● per stroke received and + per stroke given back', () => {
    expect([strokeMarks(0), strokeMarks(1), strokeMarks(2), strokeMarks(-1)]).toEqual(['', '●', '●●', '+']);
  });

  it('says where strokes fall', () => {
    const holes = [1, 2, 3, 4].map((number) => ({ number }));
    expect(strokesInWords(holes, [0, 1, 0, 2])).toBe('holes 2 and 4 (2 on 4)');
    expect(strokesInWords(holes, [0, 0, -1, 0])).toBe('gives back on hole 3');
    expect(strokesInWords(holes, [1, 1, 1, 1])).toBe('every hole');
    expect(strokesInWords(holes, [0, 0, 0, 0])).toBe('none');
  });
});

describe('a course as typed', () => {
  it('sends numbers as numbers, leaves out what is empty, and passes the API schema once complete', () => {
    const v = newCourseValues(9);
    v.name = 'Nine';
    v.holes = v.holes.map((h, i) => ({ ...h, strokeIndex: String(i + 1) }));
    v.tees = [{ name: 'Yellow', gender: 'X', courseRating: '35,2', slope: '118', par: '' }];
    const body = courseBody(v);
    expect(body.tees).toEqual([{ name: 'Yellow', gender: 'X', courseRating: 35.2, slope: 118 }]);
    expect(body).not.toHaveProperty('city');
    expect(CreateCourseBody.safeParse(body).success).toBe(true);
  });

  it('keeps a half-typed number as typed, so the schema refuses it', () => {
    expect([num(''), num(' 4 '), num('4x')]).toEqual([undefined, 4, '4x']);
    const v = newCourseValues(9);
    v.holes[0]!.strokeIndex = 'one';
    const r = CreateCourseBody.safeParse(courseBody(v));
    expect(r.success).toBe(false);
    expect(r.error!.issues.some((i) => i.path.join('.') === 'holes.0.strokeIndex')).toBe(true);
  });

  it('keeps the hole lengths a tee was saved with; at 18 holes the back nine’s are asked for, never silently dropped', () => {
    const holes = Array.from({ length: 9 }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: i + 1 }));
    const saved = { id: 'c1', name: 'Nine', lengthUnit: 'm' as const, holes, tees: [{ name: 'Y', gender: 'X' as const, courseRating: 35, slope: 120, lengths: holes.map(() => 300) }], version: 1, createdAt: '', updatedAt: '' };
    const v = valuesOfCourse(saved);
    expect((courseBody(v).tees as { lengths?: number[] }[])[0]!.lengths).toHaveLength(9);
    // The lengths typed stay; the holes added have none yet, and the API's schema says so at hole 10 until filled.
    const eighteen = courseBody(withHoleCount(v, 18));
    expect((eighteen.tees as { lengths?: (number | undefined)[] }[])[0]!.lengths).toEqual([...holes.map(() => 300), ...holes.map(() => undefined)]);
    const refused = CreateCourseBody.safeParse(eighteen);
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.some((i) => i.path.join('.') === 'tees.0.lengths.9')).toBe(true);
  });

  it('puts the back nine aside when set to 9 holes and brings it back at 18', () => {
    const v = newCourseValues(18);
    v.holes[12]!.strokeIndex = '2';
    const nine = withHoleCount(v, 9);
    expect(nine.holes).toHaveLength(9);
    expect(withHoleCount(nine, 18).holes[12]!.strokeIndex).toBe('2');
  });
});

describe("a round's steps", () => {
  it('offers the steps of each state', () => {
    expect(actionsFor('draft')).toEqual(['ready']);
    expect(actionsFor('ready')).toEqual(['complete', 'unready']);
    expect(actionsFor('in_progress')).toEqual(['complete', 'reset']);
    expect(actionsFor('completed')).toEqual(['reset']);
  });

  it('says what ready freezes, at the format’s allowance, and that reset archives', () => {
    expect(actionText('ready', 85).does.join(' ')).toMatch(/Freezes each player's handicap.*at 85 %/);
    expect(actionText('reset', 95).does.join(' ')).toContain('archive');
    expect(actionText('complete', 95).does.join(' ')).toContain('Ends score entry');
  });

  it('explains a refusal to ready with each of the server’s problems', () => {
    const e = new ApiError('unprocessable', 422, 'round_not_ready', 'the round cannot be ready', [
      { path: ['course'], message: 'the round has no course' },
      { path: ['defaultTee'], message: 'the course has 2 tees: choose a defaultTee or a tee for every player' },
    ]);
    expect(describeActionRefusal(e)).toEqual(['The round cannot be ready yet:', 'The round has no course.', 'The course has 2 tees: choose a default tee or a tee for every player.']);
    expect(describeActionRefusal(new ApiError('conflict', 409, 'round_has_scores', 'x'))[0]).toMatch(/Reset it instead/);
  });
});

describe('what the printed pages list', () => {
  const g = (id: string, number: number, playerIds: string[], teeTime?: string, startingHole?: number) => ({ id, number, playerIds, teeTime, startingHole });

  it('letters groups that share a hole at the same time (a shotgun’s 1A, 1B) and orders them for the starter', () => {
    const groups = [g('a', 1, ['p1'], undefined, 1), g('b', 2, ['p2'], undefined, 4), g('c', 3, ['p3'], undefined, 1)];
    const starts = groupStarts(groups, '08:30');
    expect(starts.map((s) => s.holeLabel)).toEqual(['1A', '4', '1B']);
    expect(isShotgun(starts)).toBe(true);
    expect(starterOrder(starts).map((s) => s.holeLabel)).toEqual(['1A', '1B', '4']);
    expect(startInWords(starts[2]!, true)).toBe('Shotgun 08:30 · hole 1B');
  });

  it('keeps plain numbers for a single tee with intervals, and a two-tee start by time', () => {
    const starts = groupStarts([g('a', 1, [], '08:00', 1), g('b', 2, [], '08:00', 10), g('c', 3, [], '08:10', 1)]);
    expect(starts.map((s) => s.holeLabel)).toEqual(['1', '10', '1']);
    expect(isShotgun(starts)).toBe(false);
    expect(startInWords(starts[1]!, false)).toBe('08:00 · hole 10');
  });

  it('lists every player once A–Z with group, time and hole; players in no group too', () => {
    const groups = [g('a', 1, ['p2', 'p1'], '08:00')];
    const rows = alphaList(
      [
        { playerId: 'p1', name: 'Zoë Zed' },
        { playerId: 'p2', name: 'ann Able' },
        { playerId: 'p3', name: 'Émile Eck' },
        { playerId: 'p1', name: 'Zoë Zed' },
      ],
      groups,
      groupStarts(groups),
      'en',
    );
    expect(rows.map((r) => [r.name, r.group, r.time, r.hole])).toEqual([
      ['ann Able', 1, '08:00', '1'],
      ['Émile Eck', null, null, null],
      ['Zoë Zed', 1, '08:00', '1'],
    ]);
  });

  it('makes one card per group and cards of four for players in no group', () => {
    const players = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((playerId) => ({ playerId }));
    const cards = cardsOf(players, [g('g1', 1, ['b', 'a'])]);
    expect(cards.map((c) => c.players.map((p) => p.playerId).join(''))).toEqual(['ba', 'cdef', 'g']);
    expect(chunk([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
  });

  it('prints scorecards landscape and the lists portrait, on the paper chosen', () => {
    expect(pageRule('a4', 'scorecards')).toContain('size: A4 landscape');
    expect(pageRule('letter', 'alpha')).toContain('size: letter portrait');
  });
});
