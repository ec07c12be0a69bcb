import { describe, expect, it } from 'vitest';
import { matchRides, releaseSeats, samePlace, seatsLeft, takeSeats, type BoardOffer } from '../../../shared/domain/travel/ride-board.js';
import { travelStats } from '../../../shared/domain/travel/stats.js';

const offer = (over: Partial<BoardOffer> = {}): BoardOffer => ({ id: 'o1', driverId: 'd', origin: 'Dublin', destination: 'Portmarnock Links', departureTime: '2027-04-10T09:00', seats: 3, passengers: [], ...over });
const holder = (playerId: string, seats = 1) => ({ playerId, seats, requestId: null, at: '2027-01-01T00:00:00.000Z' });

describe('seats on an offer', () => {
  it('takes seats while there are enough and refuses the rest with seats_full', () => {
    const taken = takeSeats(offer({ passengers: [holder('a', 2)] }), holder('b'));
    expect(taken.ok && taken.value.map((p) => p.playerId)).toEqual(['a', 'b']);
    const full = takeSeats(offer({ passengers: [holder('a', 2)] }), holder('b', 2));
    expect(!full.ok && full.failure.code).toBe('seats_full');
  });
  it('refuses the driver and a player already seated', () => {
    const own = takeSeats(offer(), holder('d'));
    expect(!own.ok && own.failure.code).toBe('unprocessable');
    const twice = takeSeats(offer({ passengers: [holder('a')] }), holder('a'));
    expect(!twice.ok && twice.failure.code).toBe('already_booked');
  });
  it('releases a seat, or answers not_found', () => {
    const r = releaseSeats(offer({ passengers: [holder('a'), holder('b')] }), 'a');
    expect(r.ok && r.value.passengers.map((p) => p.playerId)).toEqual(['b']);
    const none = releaseSeats(offer(), 'a');
    expect(!none.ok && none.failure.code).toBe('not_found');
    expect(seatsLeft(offer({ passengers: [holder('a', 2)] }))).toBe(1);
  });
});

describe('matchRides', () => {
  const request = { id: 'r1', playerId: 'p', origin: 'dublin', destination: 'Portmarnock', earliestDeparture: '2027-04-10T08:00', latestDeparture: '2027-04-10T10:00', seats: 1, offerId: null };
  it('matches by place (loosely), window and seats, earliest first', () => {
    const offers = [offer({ id: 'late', departureTime: '2027-04-10T09:30' }), offer({ id: 'early', departureTime: '2027-04-10T08:15' }), offer({ id: 'out', departureTime: '2027-04-10T10:01' }), offer({ id: 'full', seats: 1, passengers: [holder('x')] }), offer({ id: 'elsewhere', origin: 'Cork' }), offer({ id: 'mine', driverId: 'p' })];
    expect(matchRides(offers, [request])).toEqual([{ requestId: 'r1', playerId: 'p', offerIds: ['early', 'late'] }]);
  });
  it('lists no match for a matched request', () => {
    expect(matchRides([offer()], [{ ...request, offerId: 'o1' }])).toEqual([]);
  });
  it('compares places without case, accents or punctuation', () => {
    expect(samePlace('Málaga Airport', 'malaga-airport')).toBe(true);
    expect(samePlace('Lisbon', 'Faro')).toBe(false);
  });
});

describe('travelStats', () => {
  it('counts players per day, players with no travel and seats offered versus needed', () => {
    const s = travelStats({
      playerIds: ['a', 'b', 'c', 'd', 'e'],
      flights: [
        { playerId: 'a', direction: 'inbound', departureTime: '2027-04-10T06:00', arrivalTime: '2027-04-10T09:00' },
        { playerId: 'a', direction: 'inbound', departureTime: '2027-04-10T03:00', arrivalTime: '2027-04-10T05:00' },
        { playerId: 'b', direction: 'inbound', departureTime: '2027-04-09T22:00', arrivalTime: '2027-04-11T01:00' },
        { playerId: 'a', direction: 'outbound', departureTime: '2027-04-14T18:00', arrivalTime: '2027-04-14T21:00' },
      ],
      cars: [{ driverId: 'a', pickupAirport: 'FAO', seats: 5, riders: [] }, { driverId: 'c', seats: 4, riders: [] }],
      offers: [{ driverId: 'c', seats: 3, passengers: [{ playerId: 'd', seats: 2 }] }],
      requests: [{ playerId: 'd', seats: 2, offerId: 'o' }, { playerId: 'b', seats: 1, offerId: null }],
    });
    expect(s.arrivalsPerDay).toEqual([{ date: '2027-04-10', players: 1 }, { date: '2027-04-11', players: 1 }]);
    expect(s.departuresPerDay).toEqual([{ date: '2027-04-14', players: 1 }]);
    expect(s.playersWithoutTravel).toEqual(['e']);
    expect(s.seats).toEqual({ rideBoard: { offered: 3, taken: 2, requested: 3, unmatched: 1 }, airport: { offered: 4, needed: 1 }, offered: 7, needed: 4 });
  });
});
