/**
 * Reading rows pasted from a scorecard (issue 35), the parts the browser test does not go through: a row pasted into
 * one nine's cell, rows told apart by their numbers without labels, a card's Out / In / Total dropped only when they
 * are the sums, the same tees rated for men and for women filled together, and a nine played twice from a nine that
 * already carries the even half of an 18-hole card.
 */
import { describe, expect, it } from 'vitest';
import { courseBody, newCourseValues, type CourseValues } from '../../web/dashboard/screens/courses/course-values.js';
import { pasteRows, playNineTwice } from '../../web/dashboard/screens/courses/scorecard-paste.js';
import { CreateCourseBody } from '../../shared/schemas/course-library.js';

const PAR = [4, 5, 4, 3, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 4, 5];
const SI = [9, 3, 13, 17, 1, 7, 15, 5, 11, 10, 4, 18, 2, 14, 6, 16, 12, 8];
const ok = (r: ReturnType<typeof pasteRows>): CourseValues => {
  if (!r.ok) throw new Error(r.problem);
  return r.values;
};

describe('pasting a scorecard', () => {
  it('tells par, stroke index and yardages apart by their numbers when the rows have no labels', () => {
    const yards = PAR.map((p) => p * 100 + 20);
    const v = ok(pasteRows(newCourseValues(), [yards.join(' '), SI.join(', '), PAR.join('\t')].join('\n')));
    expect(v.holes.map((h) => [Number(h.par), Number(h.strokeIndex)])).toEqual(PAR.map((p, i) => [p, SI[i]]));
    expect(v.tees[0]!.lengths).toEqual(yards.map(String));
  });

  it('fills one nine from a cell of that nine, and keeps the other', () => {
    const start = ok(pasteRows(newCourseValues(), PAR.join(' ')));
    const back = ok(pasteRows(start, '5 5 5 5 5 5 5 5 5', { row: { kind: 'par' }, nineStart: 9 }));
    expect(back.holes.map((h) => h.par)).toEqual([...PAR.slice(0, 9), ...Array(9).fill(5)].map(String));
    // Nine numbers in the paste box of an 18-hole course are refused: which nine is not said.
    expect(pasteRows(start, 'Par 5 5 5 5 5 5 5 5 5')).toMatchObject({ ok: false, problem: expect.stringContaining('has 9 numbers; this course has 18 holes') });
  });

  it('drops Out / In / Total only when they are the sums', () => {
    const row = [...PAR.slice(0, 9), 36, ...PAR.slice(9), 36, 72];
    expect(ok(pasteRows(newCourseValues(), `Par ${row.join(' ')}`)).holes.map((h) => Number(h.par))).toEqual(PAR);
    const wrongOut = [...PAR.slice(0, 9), 35, ...PAR.slice(9), 36, 72];
    expect(pasteRows(newCourseValues(), `Par ${wrongOut.join(' ')}`)).toMatchObject({ ok: false, problem: expect.stringContaining('has 21 numbers') });
  });

  it('fills both tees of one name (rated for men and for women) with the yardages, and refuses two stroke index rows', () => {
    const values: CourseValues = { ...newCourseValues(), tees: [{ name: 'Red', gender: 'M', courseRating: '69', slope: '120', par: '' }, { name: 'Red', gender: 'F', courseRating: '71', slope: '124', par: '' }] };
    const yards = PAR.map((p) => p * 80);
    const v = ok(pasteRows(values, `Red tees (yds)\t${yards.join('\t')}`));
    expect(v.tees.map((t) => t.lengths)).toEqual([yards.map(String), yards.map(String)]);
    expect(pasteRows(values, `Men's HCP ${SI.join(' ')}\nLadies HCP ${SI.join(' ')}`)).toMatchObject({ ok: false, problem: expect.stringContaining('2 stroke index rows') });
  });

  it('sends the pasted lengths as numbers the API takes, and leaves them out when none is given', () => {
    const v = ok(pasteRows(newCourseValues(), [`Par ${PAR.join(' ')}`, `SI ${SI.join(' ')}`, `Blue ${PAR.map((p) => p * 100).join(' ')}`, 'Blue 72.4 130'].join('\n')));
    const body = CreateCourseBody.parse({ ...courseBody(v), name: 'Test' });
    expect(body.tees).toEqual([{ name: 'Blue', gender: 'X', courseRating: 72.4, slope: 130, lengths: PAR.map((p) => p * 100) }]);
    expect(courseBody({ ...v, tees: [{ ...v.tees[0]!, lengths: Array(18).fill('') }] }).tees).toEqual([{ name: 'Blue', gender: 'X', courseRating: 72.4, slope: 130 }]);
  });

  it('plays a nine with the even indexes twice: the second nine takes the odd one of each pair', () => {
    const even = [4, 8, 16, 2, 10, 12, 6, 14, 18];
    const nine = ok(pasteRows(newCourseValues(9), `Par 4 4 3 5 4 3 4 4 5\nSI ${even.join(' ')}`));
    const r = playNineTwice(nine);
    if (!r.ok) throw new Error(r.problem);
    expect(r.values.holes.map((h) => Number(h.strokeIndex))).toEqual([...even.map((s) => s - 1), ...even]);
    expect(playNineTwice(newCourseValues(9))).toMatchObject({ ok: false });
  });
});
