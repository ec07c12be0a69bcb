import { describe, expect, it } from 'vitest';
import { checkSyncWrite, type WriteFacts } from '../../shared/domain/write-rules.js';

const facts: WriteFacts = { scorecards: new Map(), roundStates: new Map() };
const now = '2027-04-11T19:00:00.000Z';
const ann = { playerId: 'annann', role: 'player' as const };
const bob = { playerId: 'bobbob', role: 'player' as const };
const org = { playerId: 'orgorg', role: 'organizer' as const };

/** A ride request as a phone writes it on the ride board. */
const request = (extra: Record<string, unknown> = {}) => ({
  _id: 'riderequest:lift0001',
  type: 'riderequest',
  id: 'lift0001',
  playerId: 'annann',
  origin: 'Dublin',
  destination: 'Lahinch',
  earliestDeparture: '2027-04-10T08:00',
  latestDeparture: '2027-04-10T10:00',
  seats: 1,
  offerId: null,
  createdAt: now,
  updatedAt: now,
  ...extra,
});
const deletion = { _id: 'riderequest:lift0001', _deleted: true };

describe('ride requests through sync', () => {
  it.each([
    ['a player asks for a ride for themselves', ann, request(), undefined, null],
    ['a player changes their open request', ann, request({ seats: 2 }), request(), null],
    ['a player withdraws their open request', ann, deletion, request(), null],
    ["an organizer asks for someone's ride", org, request({ playerId: 'bobbob' }), undefined, null],
    ['a player asks for a ride for someone else', bob, request(), undefined, 'only for themselves'],
    ["a player changes another's request", bob, request({ playerId: 'bobbob' }), request(), 'only their own'],
    ["a player deletes another's request", bob, deletion, request(), 'only their own'],
    ['a player marks their request matched', ann, request({ offerId: 'offer0001' }), request(), 'over REST'],
    ['a player changes a matched request', ann, request({ seats: 2, offerId: 'offer0001' }), request({ offerId: 'offer0001' }), 'over REST'],
    ['a player deletes a matched request', ann, deletion, request({ offerId: 'offer0001' }), 'over REST'],
    ['a window that ends before it starts', ann, request({ latestDeparture: '2027-04-10T07:00' }), undefined, 'latestDeparture'],
    ['no seats', ann, request({ seats: 0 }), undefined, 'not a valid riderequest'],
    ['an _id that does not match its id', ann, request({ _id: 'riderequest:other001' }), undefined, '_id must be'],
  ])('%s', (_label, writer, doc, current, expected) => {
    const reason = checkSyncWrite(writer, doc as never, current, facts);
    if (expected === null) expect(reason).toBeNull();
    else expect(reason).toContain(expected);
  });

  it('keeps offers, flights and cars off sync: they change over REST only', () => {
    for (const type of ['rideoffer', 'flight', 'rentalcar', 'accommodation']) {
      expect(checkSyncWrite(ann, { _id: `${type}:x1x1x1`, type, id: 'x1x1x1' }, undefined, facts)).toContain('not written through sync');
    }
  });
});
