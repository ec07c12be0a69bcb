/**
 * Figures as golfers write them (issue 35): plus handicaps with "+" (never a minus), a Course Handicap as the whole
 * number of WHS Rule 6.1, and every instant on the trip's clock (its time zone, 24-hour, the day on a trip of
 * several days) — the shared formatters of web/common/handicap.ts and web/common/format.ts.
 */
import { describe, expect, it } from 'vitest';
import { formatCourse, formatCourseExact, formatIndex, formatPlaying } from '../../web/common/handicap.js';
import { formatHistoryTime, formatInstant, formatTripTime } from '../../web/common/format.js';

describe('handicaps', () => {
  it.each([
    [-2.1, '+2.1'],
    [2.1, '2.1'],
    [0, '0.0'],
    [-0.04, '0.0'],
    [54, '54.0'],
    [null, '—'],
  ])('writes the Handicap Index %s as %s', (v, text) => expect(formatIndex(v)).toBe(text));

  it.each([
    [15.308, '15'],
    [22.0, '22'],
    [22.5, '23'],
    [1.1, '1'],
    // Plus: -1.2 is a "+1" Course Handicap; -2.5 rounds upwards on the signed value (towards zero), "+2".
    [-1.2, '+1'],
    [-3.179, '+3'],
    [-2.5, '+2'],
    [-0.4, '0'],
    // Binary floating point: 18.4 × 113 / 113 − 0.9 is 17.499…9 in doubles and is 17.5 in golf, so 18.
    [(18.4 * 113) / 113 - 0.9, '18'],
    [null, '—'],
  ])('writes the Course Handicap %s as the whole number %s', (v, text) => expect(formatCourse(v)).toBe(text));

  it('never writes a plus handicap with a minus, nor a Course Handicap with a decimal', () => {
    for (let v = -10; v <= 60; v += 0.137) {
      expect(formatCourse(v)).toMatch(/^\+?\d+$/);
      expect(formatIndex(v)).toMatch(/^\+?\d+\.\d$/);
      expect(formatPlaying(Math.round(v))).toMatch(/^\+?\d+$/);
    }
  });

  it.each([
    [-3, '+3'],
    [3, '3'],
    [0, '0'],
    [-0, '0'],
    [null, '—'],
  ])('writes the Playing Handicap %s as %s', (v, text) => expect(formatPlaying(v)).toBe(text));

  it('keeps the unrounded Course Handicap for an explanation, "+" for plus', () => {
    expect(formatCourseExact(15.308)).toBe('15.3');
    expect(formatCourseExact(-1.24)).toBe('+1.2');
  });
});

describe('times on the trip’s clock', () => {
  // 12:58 UTC is 14:58 in Madrid (summer time) and 21:58 in Tokyo, whatever the zone of the machine running this.
  const at = '2027-04-10T12:58:07Z';

  it('writes the clock in the trip’s zone, 24-hour', () => {
    expect(formatTripTime(at, 'Europe/Madrid')).toBe('14:58');
    expect(formatTripTime(at, 'Asia/Tokyo')).toBe('21:58');
    expect(formatTripTime(at, 'America/Los_Angeles')).toBe('05:58');
    expect(formatTripTime(at, 'Europe/Madrid', { seconds: true })).toBe('14:58:07');
    expect(formatTripTime(Date.parse(at), 'UTC')).toBe('12:58');
  });

  it('writes the day as "Sat 10 Apr", with the year when asked', () => {
    expect(formatTripTime(at, 'Europe/Madrid', { day: true })).toBe('Sat 10 Apr, 14:58');
    // Late evening in UTC is the next morning in Tokyo: the day is the trip's day.
    expect(formatTripTime('2027-04-10T22:05:00Z', 'Asia/Tokyo', { day: true })).toBe('Sun 11 Apr, 07:05');
    expect(formatInstant(at, 'Europe/Madrid')).toBe('Sat 10 Apr 2027, 14:58');
  });

  it('gives history times their day on a trip of several days, the clock alone on a one-day trip', () => {
    expect(formatHistoryTime(at, { timezone: 'Europe/Madrid', startDate: '2027-04-09', endDate: '2027-04-12' })).toBe('Sat 10 Apr, 14:58');
    expect(formatHistoryTime(at, { timezone: 'Europe/Madrid', startDate: '2027-04-10', endDate: '2027-04-10' })).toBe('14:58');
  });

  it('falls back to UTC, never the browser’s zone, for a zone the browser does not know; "—" for no instant', () => {
    expect(formatTripTime(at, 'Not/AZone')).toBe('12:58');
    expect(formatTripTime('not a time', 'UTC')).toBe('—');
  });
});
