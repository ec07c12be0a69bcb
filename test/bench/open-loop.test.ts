import { describe, expect, it } from 'vitest';
import { schedule } from '../../bench/load-open-child.js';
import { openRates, RECORDED_TRIPDAY_RATE } from '../../bench/load-open.js';
import { dayKindOf, dayRate, type DayRequest } from '../../bench/tripday-rate.js';

describe('the trip day request rate (bench/tripday-rate.ts)', () => {
  it('sorts the requests a trip day sends into their kinds', () => {
    expect(dayKindOf('POST', '/sync/trips/t1/_bulk_docs?', true)).toBe('phone push _bulk_docs');
    expect(dayKindOf('POST', '/sync/trips/t1/_all_docs?', true)).toBe('phone push _all_docs');
    expect(dayKindOf('GET', '/sync/trips/t1/_changes?style=all_docs&feed=longpoll&since=3', true)).toBe('phone longpoll _changes');
    expect(dayKindOf('GET', '/sync/trips/t1/_changes?style=all_docs&feed=normal&since=0', true)).toBe('phone pull _changes');
    expect(dayKindOf('GET', '/trip-portal/trips/t1', true)).toBe('phone REST');
    expect(dayKindOf('GET', '/display/codes/ABC123', false)).toBe('TV display poll');
    expect(dayKindOf('GET', '/trips/t1/scorecards/r1-p1/scores', false)).toBe('organizer scorecard read');
    expect(dayKindOf('GET', '/health', false)).toBe('other');
  });

  it('finds the busiest 10 s window and the mix of kinds within it', () => {
    // 60 s: one TV poll a second throughout; 300 pushes between 20 and 25 s; 50 organizer reads between 40 and 50 s.
    const log: DayRequest[] = [
      ...Array.from({ length: 60 }, (_, i): DayRequest => ({ at: i * 1000 + 500, kind: 'TV display poll' })),
      ...Array.from({ length: 300 }, (_, i): DayRequest => ({ at: 20_000 + i * (5000 / 300), kind: 'phone push _bulk_docs' })),
      ...Array.from({ length: 50 }, (_, i): DayRequest => ({ at: 40_000 + i * 200, kind: 'organizer scorecard read' })),
    ];
    const rate = dayRate(log, 60_000);
    // Every window holding [20, 25) holds 300 pushes and 10 polls: windows starting at 15 to 20 s; the first is taken.
    expect(rate.peakPerSecond).toBe(31);
    expect(rate.peakAtMs).toBe(15_000);
    expect(rate.peakMix.get('phone push _bulk_docs')).toBe(30);
    expect(rate.peakMix.get('TV display poll')).toBe(1);
    expect(rate.peakMix.get('organizer scorecard read')).toBe(0);
    // Each kind's own busiest window is its own, and not part of the peak's mix.
    expect(rate.kindPeak.get('organizer scorecard read')).toBe(5);
    expect(rate.mean.get('TV display poll')).toBe(1);
    expect(rate.requests).toBe(410);
  });
});

describe('the open-loop load (bench/load-open.ts)', () => {
  it('sends four times the recorded peak in its mix', () => {
    const { rates, left } = openRates(RECORDED_TRIPDAY_RATE);
    const total = rates.reduce((n, [, r]) => n + r, 0);
    expect(total).toBeCloseTo(4 * RECORDED_TRIPDAY_RATE.peakPerSecond, 6);
    expect(left).toEqual([]);
  });

  it('schedules arrivals at each kind’s rate, in time order, the same for the same seed', () => {
    const arrivals = schedule([['TV display poll', 200], ['phone push _bulk_docs', 50]], 20_000, 7);
    expect(arrivals.every((a, i) => i === 0 || a.at >= arrivals[i - 1]!.at)).toBe(true);
    expect(arrivals.every((a) => a.at >= 0 && a.at < 20_000)).toBe(true);
    const tv = arrivals.filter((a) => a.kind === 'TV display poll').length;
    const pushes = arrivals.filter((a) => a.kind === 'phone push _bulk_docs').length;
    // Poisson: 4,000 and 1,000 expected, a standard deviation of about 63 and 32.
    expect(Math.abs(tv - 4_000)).toBeLessThan(300);
    expect(Math.abs(pushes - 1_000)).toBeLessThan(150);
    expect(schedule([['TV display poll', 200], ['phone push _bulk_docs', 50]], 20_000, 7)).toEqual(arrivals);
  });
});
