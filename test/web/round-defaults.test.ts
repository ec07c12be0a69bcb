/**
 * A new round starts from what it most likely is (issue 35: half the steps): the first day of the trip without a
 * round, the latest round's course and tees, or the library's only course. The organizer changes only what differs.
 */
import { describe, expect, it } from 'vitest';
import type { SavedCourse } from '../../web/dashboard/api/courses.js';
import type { Round } from '../../web/dashboard/api/rounds.js';
import type { Trip } from '../../web/dashboard/api/types.js';
import { newRoundDefaults } from '../../web/dashboard/screens/rounds/round-defaults.js';

const trip = { id: 'trip001', startDate: '2027-04-10', endDate: '2027-04-13' } as Trip;
const holes = (n: number) => Array.from({ length: n }, (_, i) => ({ number: i + 1, par: 4, strokeIndex: i + 1 }));
const course = (id: string, name: string, tees: string[], n = 18) =>
  ({ id, name, holes: holes(n), tees: tees.map((t) => ({ name: t, gender: 'X', courseRating: 71, slope: 125 })) }) as unknown as SavedCourse;
const round = (date: string, c?: SavedCourse, defaultTee?: string) =>
  ({ id: `r${date.replaceAll('-', '')}`, date, name: date, ...(c ? { course: { name: c.name, holes: c.holes, tees: c.tees } } : {}), ...(defaultTee ? { defaultTee } : {}) }) as unknown as Round;

const links = course('links01', 'Quinta Links', ['White', 'Yellow', 'Red']);
const parkland = course('park01', 'Vale Park', ['Blue', 'Red']);

describe('a new round’s defaults', () => {
  it('the first round: the trip’s first day, the only course of the library and its first tee', () => {
    expect(newRoundDefaults(trip, [], [links])).toEqual({ date: '2027-04-10', courseId: 'links01', tee: 'White|X' });
  });

  it('with two courses and no round yet, no course is chosen for the organizer', () => {
    expect(newRoundDefaults(trip, [], [links, parkland])).toEqual({ date: '2027-04-10', courseId: '', tee: '' });
  });

  it('later rounds: the next free day, the latest round’s course and tees', () => {
    const rounds = [round('2027-04-10', parkland, 'Red'), round('2027-04-11', links, 'Yellow')];
    expect(newRoundDefaults(trip, rounds, [links, parkland])).toEqual({ date: '2027-04-12', courseId: 'links01', tee: 'Yellow|X' });
  });

  it('a day left free between rounds is the one offered', () => {
    expect(newRoundDefaults(trip, [round('2027-04-10', links), round('2027-04-12', links)], [links]).date).toBe('2027-04-11');
  });

  it('every day taken: the first day again (two rounds on one day are allowed)', () => {
    const rounds = ['2027-04-10', '2027-04-11', '2027-04-12', '2027-04-13'].map((d) => round(d, links, 'Red'));
    expect(newRoundDefaults(trip, rounds, [links])).toEqual({ date: '2027-04-10', courseId: 'links01', tee: 'Red|X' });
  });

  it('a latest course no longer in the library (or a nine of the same name) is not taken for it', () => {
    const nine = course('nine01', 'Quinta Links', ['White'], 9);
    expect(newRoundDefaults(trip, [round('2027-04-10', links, 'Red')], [nine, parkland])).toEqual({ date: '2027-04-11', courseId: '', tee: '' });
  });

  it('a tee the round named with its rating in brackets is found by it', () => {
    const mixed = { ...links, tees: [...links.tees, { name: 'Red', gender: 'F', courseRating: 73, slope: 128 }] } as SavedCourse;
    expect(newRoundDefaults(trip, [round('2027-04-10', mixed, 'Red (F)')], [mixed]).tee).toBe('Red|F');
  });
});
