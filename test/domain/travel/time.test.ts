import { describe, expect, it } from 'vitest';
import { itineraryProblem } from '../../../shared/domain/travel/flights.js';
import { minutesBetween, utcMinutes, wallMinutes, zoneOffsetMinutes } from '../../../shared/domain/travel/time.js';

describe('local times', () => {
  it('reads Lisbon summer time as UTC+1 and New York winter time as UTC−5', () => {
    expect(utcMinutes('2027-04-10T12:00', 'Europe/Lisbon')).toBe(wallMinutes('2027-04-10T11:00'));
    expect(utcMinutes('2027-01-10T12:00', 'America/New_York')).toBe(wallMinutes('2027-01-10T17:00'));
    expect(zoneOffsetMinutes('Asia/Kolkata', Date.UTC(2027, 0, 1))).toBe(330);
  });

  it('compares as instants when both zones are known, else as the wall-clock times given', () => {
    const dep = { local: '2027-04-10T10:00', timeZone: 'Asia/Tokyo' };
    const arr = { local: '2027-04-09T22:00', timeZone: 'Pacific/Honolulu' };
    // Tokyo 10:00 = 01:00Z; Honolulu 22:00 the day before = 08:00Z: a 7 h flight back across the date line.
    expect(minutesBetween(dep, arr)).toBe(7 * 60);
    expect(minutesBetween({ local: dep.local }, { local: arr.local })).toBe(-12 * 60);
  });

  it('keeps the offset after a spring-forward for a skipped wall-clock time', () => {
    // Lisbon skips 01:00–02:00 on 2027-03-28.
    expect(utcMinutes('2027-03-28T03:00', 'Europe/Lisbon')).toBe(wallMinutes('2027-03-28T02:00'));
  });
});

describe('itineraryProblem', () => {
  const inbound = { id: 'in', playerId: 'p', direction: 'inbound' as const, departureTime: '2027-04-10T08:00', arrivalTime: '2027-04-10T11:00' };
  it('accepts a return that leaves after the arrival', () => {
    expect(itineraryProblem([inbound, { ...inbound, id: 'out', direction: 'outbound', departureTime: '2027-04-14T18:00', arrivalTime: '2027-04-14T21:00' }])).toBeNull();
  });
  it('names the pair when the return leaves before the arrival lands', () => {
    const out = { ...inbound, id: 'out', direction: 'outbound' as const, departureTime: '2027-04-10T10:30', arrivalTime: '2027-04-10T13:00' };
    expect(itineraryProblem([inbound, out])).toEqual({ inbound, outbound: out });
  });
  it('uses the time zones when both are given', () => {
    const inZ = { ...inbound, arrivalTimeZone: 'Europe/Lisbon' }; // 11:00 Lisbon = 10:00Z
    const out = { ...inbound, id: 'out', direction: 'outbound' as const, departureTime: '2027-04-10T12:30', departureTimeZone: 'Europe/Madrid', arrivalTime: '2027-04-10T15:00' }; // 10:30Z
    expect(itineraryProblem([inZ, out])).toBeNull();
    expect(itineraryProblem([inZ, { ...out, departureTime: '2027-04-10T11:30' }])).not.toBeNull(); // 09:30Z
  });
});
