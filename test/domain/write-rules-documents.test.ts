import { describe, expect, it } from 'vitest';
import { checkSyncWrite, type WriteFacts, type Writer } from '../../shared/domain/write-rules.js';
import { pointGameDoc } from './support/sync-docs.js';

/*
 * Sync write rules (issue 3, write rules) for a captain's point-game drafts, availability, ride-request windows and
 * the organizers' own document types, with the reason each refusal gives.
 */

const facts: WriteFacts = { scorecards: new Map(), roundStates: new Map([['round1', 'in_progress']]) };
const at = '2027-04-11T09:00:00.000Z';
const captain: Writer = { playerId: 'alpha1', role: 'player' };
const ann: Writer = { playerId: 'annann', role: 'player' };
const organizer: Writer = { playerId: 'zulu01', role: 'organizer' };

describe("a captain's point-game selections: confirmed holes are locked, drafts are not", () => {
  const stored = pointGameDoc({
    _rev: '3-abc',
    selections: [
      { hole: 1, playerIds: ['alpha1', 'bravo1'], confirmed: true },
      { hole: 2, playerIds: ['charl1', 'delta1', 'alpha1'], confirmed: true },
      { hole: 3, playerIds: ['charl1'], confirmed: false },
    ],
  });
  const locked = stored.selections.slice(0, 2);
  const write = (selections: unknown[], extra: Record<string, unknown> = {}) =>
    checkSyncWrite(captain, { ...stored, ...extra, selections, updatedAt: '2027-04-11T09:30:00.000Z' }, stored, facts);

  it('the draft of the current hole can change, be cleared or be confirmed', () => {
    expect(write([...locked, { hole: 3, playerIds: ['delta1', 'bravo1'], confirmed: false }])).toBeNull();
    expect(write(locked)).toBeNull();
    expect(write([...locked, { hole: 3, playerIds: ['bravo1'], confirmed: true }])).toBeNull();
  });

  it('every confirmed hole stays as it was, whatever the order its players are listed in', () => {
    const reordered = [
      { hole: 1, playerIds: ['bravo1', 'alpha1'], confirmed: true },
      { hole: 2, playerIds: ['alpha1', 'delta1', 'charl1'], confirmed: true },
    ];
    expect(write(reordered)).toBeNull();
    expect(write([locked[0], { hole: 2, playerIds: ['charl1', 'delta1'], confirmed: true }])).toBe('hole 2 is confirmed and locked');
    expect(write([locked[0], { ...locked[1], confirmed: false }])).toBe('hole 2 is confirmed and locked');
    expect(write([locked[1]])).toBe('hole 1 is confirmed and locked');
  });

  it("a write carrying the replication's own revision fields is still only a selection change", () => {
    const revisions = { _rev: '4-def', _revisions: { start: 4, ids: ['def', 'abc'] }, _deleted: false };
    expect(write([...locked, { hole: 3, playerIds: [], confirmed: false }], revisions)).toBeNull();
    expect(write(locked, { ...revisions, team: 'Blue' })).toBe('a captain changes only the selections, not team');
  });

  it('a malformed game is refused with the field at fault', () => {
    expect(write([{ hole: 'one', playerIds: [], confirmed: true }])).toMatch(/^not a valid point game: selections\.0\.hole: /);
  });
});

describe('availability: a player writes only their own', () => {
  const doc = (playerId: string, extra: Record<string, unknown> = {}) => ({
    _id: `availability:${playerId}`,
    type: 'availability',
    id: playerId,
    playerId,
    days: ['2027-04-10'],
    updatedBy: { kind: 'player', id: playerId },
    createdAt: at,
    updatedAt: at,
    ...extra,
  });
  const OWN = 'players write only their own availability';

  it('changes their own, but cannot take over or delete another player’s', () => {
    expect(checkSyncWrite(ann, doc('annann', { days: ['2027-04-11'] }), doc('annann'), facts)).toBeNull();
    expect(checkSyncWrite(ann, { _id: 'availability:annann', _deleted: true }, doc('annann'), facts)).toBeNull();
    // A document that is (or was) another player's stays theirs, even rewritten in the writer's name.
    expect(checkSyncWrite(ann, doc('annann', { _id: 'availability:bobbob', id: 'bobbob' }), doc('bobbob'), facts)).toBe(OWN);
    expect(checkSyncWrite(ann, doc('bobbob'), undefined, facts)).toBe(OWN);
    expect(checkSyncWrite(organizer, doc('bobbob', { days: [] }), doc('bobbob'), facts)).toBeNull();
  });

  it("its id is its player's id, even for an organizer", () => {
    expect(checkSyncWrite(organizer, doc('bobbob', { id: 'carlcarl', _id: 'availability:carlcarl' }), undefined, facts)).toBe("an availability document's id is its player's id");
  });
});

describe("ride requests: a departure window", () => {
  const request = (earliestDeparture: string, latestDeparture: string) => ({
    _id: 'riderequest:lift0001',
    type: 'riderequest',
    id: 'lift0001',
    playerId: 'annann',
    origin: 'Shannon',
    destination: 'Doonbeg',
    earliestDeparture,
    latestDeparture,
    seats: 1,
    offerId: null,
    createdAt: at,
    updatedAt: at,
  });
  it('may be a single moment, but not end before it starts', () => {
    expect(checkSyncWrite(ann, request('2027-04-10T08:00', '2027-04-10T08:00'), undefined, facts)).toBeNull();
    expect(checkSyncWrite(ann, request('2027-04-10T08:00', '2027-04-10T07:59'), undefined, facts)).toBe('latestDeparture must not be before earliestDeparture');
  });
});

describe("the organizers' documents", () => {
  const competition = (extra: Record<string, unknown> = {}) => ({
    _id: 'competition:cup00001',
    type: 'competition',
    id: 'cup00001',
    name: 'Lahinch Cup',
    format: 'stableford',
    countback: true,
    roundIds: ['round1'],
    createdAt: at,
    updatedAt: at,
    ...extra,
  });

  it('players write no competitions or rounds', () => {
    expect(checkSyncWrite(ann, competition(), undefined, facts)).toBe('only organizers write competition documents');
    expect(checkSyncWrite(ann, { _id: 'round:round1', type: 'round', id: 'round1' }, undefined, facts)).toBe('only organizers write round documents');
  });

  it('an organizer’s document must be valid, naming the field at fault, and named <type>:<id>', () => {
    expect(checkSyncWrite(organizer, competition({ countback: 'yes' }), undefined, facts)).toMatch(/^not a valid competition: countback: /);
    expect(checkSyncWrite(organizer, { _id: 'round:round1', type: 'round', id: 'round1' }, undefined, facts)).toMatch(/^not a valid round: \w+: /);
    expect(checkSyncWrite(organizer, competition(), undefined, facts)).toBeNull();
    expect(checkSyncWrite(organizer, competition({ _id: 'competition:cup00002' }), undefined, facts)).toBe("a competition document's _id must be competition:<id>");
  });

  it('an unknown type is named in the refusal', () => {
    expect(checkSyncWrite(organizer, { _id: 'mystery:1', type: 'mystery' }, undefined, facts)).toBe('documents of type mystery are not written through sync');
  });
});

describe('expenses keep the general document rules', () => {
  const expense = (extra: Record<string, unknown> = {}) => ({
    _id: 'expense:caddie01',
    type: 'expense',
    id: 'caddie01',
    payerId: 'annann',
    amountCents: 5000,
    currency: 'EUR',
    exchangeRate: null,
    tripAmountCents: 5000,
    category: 'golf',
    date: '2027-04-11',
    description: 'Caddie',
    split: { mode: 'equal', playerIds: ['annann', 'bobbob'] },
    participants: [
      { playerId: 'annann', cents: 2500 },
      { playerId: 'bobbob', cents: 2500 },
    ],
    receiptId: null,
    createdBy: { kind: 'player', id: 'annann' },
    createdAt: at,
    updatedAt: at,
    ...extra,
  });

  it('an _id that is not expense:<id> is refused even when the shares are right', () => {
    expect(checkSyncWrite(ann, expense(), undefined, facts)).toBeNull();
    expect(checkSyncWrite(ann, expense({ _id: 'expense:caddie02' }), undefined, facts)).toBe("a expense document's _id must be expense:<id>");
  });

  it('a malformed expense names the field at fault', () => {
    expect(checkSyncWrite(ann, expense({ amountCents: 0 }), undefined, facts)).toMatch(/^not a valid expense: amountCents: /);
  });
});

describe('deleting a stored score or team score judges where it is, not its body', () => {
  it('a stored value that no longer parses can still be deleted by whoever may write it', () => {
    const cardFacts: WriteFacts = { ...facts, scorecards: new Map([['round1-alpha1', { roundId: 'round1', playerId: 'alpha1', groupId: 'g1' }]]) };
    const oldScore = { _id: 'score:round1-alpha1:4', type: 'score', scorecardId: 'round1-alpha1', roundId: 'round1', playerId: 'alpha1', hole: 4, strokes: 0 };
    expect(checkSyncWrite(captain, { _id: oldScore._id, _deleted: true }, oldScore, cardFacts)).toBeNull();
    const oldTeamScore = { _id: 'teamscore:round1-g1:4', type: 'teamscore', teamcardId: 'round1-g1', roundId: 'round1', hole: 4, strokes: 0 };
    expect(checkSyncWrite(organizer, { _id: oldTeamScore._id, _deleted: true }, oldTeamScore, facts)).toBeNull();
  });
});

describe('a malformed document is refused with every problem, each with its full path', () => {
  const scoreFacts: WriteFacts = { ...facts, scorecards: new Map([['round1-alpha1', { roundId: 'round1', playerId: 'alpha1', groupId: 'g1' }]]) };
  const entry = { enteredBy: 'alpha1', deviceId: 'phone-1', enteredAt: at };
  const base = { createdAt: at, updatedAt: at };
  // Each document breaks two rules, one of them inside a list, so both problems and the dotted path must show.
  it.each([
    [
      'a competition',
      organizer,
      { ...base, _id: 'competition:cup00001', type: 'competition', id: 'cup00001', name: 'Cup', format: 'stableford', countback: 'yes', roundIds: ['round1', 7] },
      undefined,
      /^not a valid competition: countback: [^;]+; roundIds\.1: [^;]+$/,
    ],
    [
      'a score',
      captain,
      { ...base, ...entry, _id: 'score:round1-alpha1:1', type: 'score', scorecardId: 'round1-alpha1', roundId: 'round1', playerId: 'alpha1', hole: 1, strokes: 0, history: [{ ...entry, enteredBy: '', strokes: 4 }] },
      undefined,
      /^not a valid score: strokes: [^;]+; history\.0\.enteredBy: [^;]+$/,
    ],
    [
      'a team score',
      organizer,
      { ...base, _id: 'teamscore:round1-g1:3', type: 'teamscore', teamcardId: 'round1-g1', roundId: 'round1', hole: 3, strokes: 0, enteredBy: 'zulu01', enteredAt: at, history: [{ strokes: 'x', enteredBy: 'zulu01', enteredAt: at }] },
      undefined,
      /^not a valid team score: strokes: [^;]+; history\.0\.strokes: [^;]+$/,
    ],
    [
      'an expense',
      ann,
      {
        ...base,
        _id: 'expense:caddie01',
        type: 'expense',
        id: 'caddie01',
        payerId: 'annann',
        amountCents: 0,
        currency: 'EUR',
        exchangeRate: null,
        tripAmountCents: 0,
        category: 'golf',
        date: '2027-04-11',
        description: 'Caddie',
        split: { mode: 'equal', playerIds: ['annann'] },
        participants: [{ playerId: 'annann', cents: 'none' }],
        receiptId: null,
        createdBy: { kind: 'player', id: 'annann' },
      },
      undefined,
      /^not a valid expense: amountCents: [^;]+; participants\.0\.cents: [^;]+$/,
    ],
  ] as [string, Writer, Record<string, unknown> & { _id: string }, Record<string, unknown> | undefined, RegExp][])('%s', (_label, writer, doc, current, reason) => {
    expect(checkSyncWrite(writer, doc, current, scoreFacts)).toMatch(reason);
  });

  it("a captain's malformed point game", () => {
    const stored = pointGameDoc({ playerIds: ['alpha1', 'bravo1'], config: { teamSize: 2, targetCount: 10, holes: 18 }, selections: [] });
    const doc = { ...stored, selections: [{ hole: 'one', playerIds: [], confirmed: true }, { hole: 2, playerIds: [], confirmed: 'yes' }] };
    expect(checkSyncWrite(captain, doc, stored, facts)).toMatch(/^not a valid point game: selections\.0\.hole: [^;]+; selections\.1\.confirmed: [^;]+$/);
  });
});
