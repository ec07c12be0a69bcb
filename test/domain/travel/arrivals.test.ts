import { describe, expect, it } from 'vitest';
import { groupArrivals, proposeRides, type ProposalCar } from '../../../shared/domain/travel/arrivals.js';

const arr = (playerId: string, airport: string, arrivalTime: string, flightId = `f${playerId}${arrivalTime.slice(11, 13)}`) => ({ flightId, playerId, airport, arrivalTime });

describe('groupArrivals', () => {
  it('opens a group at its first landing and keeps arrivals up to the window later', () => {
    const groups = groupArrivals([arr('a', 'FAO', '2027-04-10T10:00'), arr('b', 'FAO', '2027-04-10T11:00'), arr('c', 'FAO', '2027-04-10T11:01'), arr('d', 'LIS', '2027-04-10T10:30')], 60);
    expect(groups.map((g) => [g.airport, g.from, g.to, g.arrivals.map((a) => a.playerId)])).toEqual([
      ['FAO', '2027-04-10T10:00', '2027-04-10T11:00', ['a', 'b']],
      ['LIS', '2027-04-10T10:30', '2027-04-10T10:30', ['d']],
      ['FAO', '2027-04-10T11:01', '2027-04-10T11:01', ['c']],
    ]);
  });

  it('counts a player once per airport, by their last landing', () => {
    const groups = groupArrivals([arr('a', 'FAO', '2027-04-10T08:00'), arr('a', 'FAO', '2027-04-10T12:00'), arr('b', 'FAO', '2027-04-10T12:30')], 60);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.arrivals.map((a) => [a.playerId, a.arrivalTime])).toEqual([
      ['a', '2027-04-10T12:00'],
      ['b', '2027-04-10T12:30'],
    ]);
  });

  it('splits days apart even at the same clock time', () => {
    expect(groupArrivals([arr('a', 'FAO', '2027-04-10T10:00'), arr('b', 'FAO', '2027-04-11T10:00')], 360)).toHaveLength(2);
  });
});

describe('proposeRides', () => {
  const car = (id: string, over: Partial<ProposalCar> = {}): ProposalCar => ({ id, pickupAirport: 'FAO', pickupTime: '2027-04-10T10:30', seats: 3, driverId: undefined, riders: [], ...over });
  const group = groupArrivals(['a', 'b', 'c', 'd', 'e'].map((p, i) => arr(p, 'FAO', `2027-04-10T10:${String(i * 10).padStart(2, '0')}`)), 60);
  const lodgings = [
    { id: 'villa', name: 'Villa', checkIn: '2027-04-10T15:00', occupantIds: ['a', 'c'] },
    { id: 'hotel', name: 'Hotel', checkIn: '2027-04-10T14:00', occupantIds: ['b', 'd', 'e'] },
  ];

  it('fills free seats (seats − driver − riders), drivers excluded, lodging-mates first, the rest unassigned', () => {
    const [g] = proposeRides(group, [car('car1', { driverId: 'a', seats: 3 }), car('car2', { driverId: 'b', seats: 3, pickupTime: '2027-04-10T11:00' })], lodgings, 60);
    expect(g!.rides.map((r) => [r.carId, r.destination?.accommodationId, r.freeSeats, r.proposedPlayerIds])).toEqual([
      ['car1', 'villa', 2, ['c']],
      ['car2', 'hotel', 2, ['d', 'e']],
    ]);
    expect(g!.unassignedPlayerIds).toEqual([]);
  });

  it('leaves out cars at another airport or far from the window, and lists who finds no seat', () => {
    const [g] = proposeRides(group, [car('lis', { pickupAirport: 'LIS' }), car('late', { pickupTime: '2027-04-10T13:00' }), car('ok', { seats: 2, riders: [{ playerId: 'z', status: 'requested', at: 'x' }] })], lodgings, 60);
    expect(g!.rides.map((r) => [r.carId, r.freeSeats, r.proposedPlayerIds])).toEqual([['ok', 0, []]]);
    expect(g!.rides[0]!.destination).toEqual({ accommodationId: 'hotel', name: 'Hotel' });
    expect(g!.unassignedPlayerIds).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('does not propose players who already ride in a car', () => {
    const [g] = proposeRides(group, [car('c1', { seats: 9, riders: [{ playerId: 'c', status: 'confirmed', at: 'x' }] })], lodgings, 60);
    // The car goes to the first lodging by check-in (the hotel): its guests first, then the others.
    expect(g!.rides[0]!.proposedPlayerIds).toEqual(['b', 'd', 'e', 'a']);
  });
});
