import { describe, expect, it } from 'vitest';
import { checkSyncWrite, type WriteFacts } from '../../shared/domain/write-rules.js';
import { pointGameDoc, teamScoreDoc } from './support/sync-docs.js';

const facts: WriteFacts = { scorecards: new Map(), roundStates: new Map() };
const stored = pointGameDoc();
const captain = { playerId: 'alpha1', role: 'player' as const };
const teammate = { playerId: 'bravo1', role: 'player' as const };
const organizer = { playerId: 'zulu01', role: 'organizer' as const };
const withSelections = (selections: unknown[], extra: Record<string, unknown> = {}) => ({ ...stored, ...extra, selections, updatedAt: '2027-04-11T09:10:00.000Z' });

describe('point-game selections through sync', () => {
  it.each([
    ['the captain drafts the current hole', captain, withSelections([...stored.selections, { hole: 2, playerIds: ['charl1'], confirmed: false }]), null],
    ['the captain confirms the current hole (RxDB sends _deleted: false)', captain, withSelections([...stored.selections, { hole: 2, playerIds: [], confirmed: true }], { _deleted: false }), null],
    ['a teammate who is not captain', teammate, withSelections([...stored.selections, { hole: 2, playerIds: [], confirmed: false }]), 'captain'],
    ['the captain changing a locked hole', captain, withSelections([{ hole: 1, playerIds: ['alpha1'], confirmed: true }]), 'locked'],
    ['the captain dropping a locked hole', captain, withSelections([]), 'locked'],
    ['the captain selecting a later hole', captain, withSelections([...stored.selections, { hole: 3, playerIds: [], confirmed: false }]), 'rules'],
    ['the captain changing the target', captain, { ...withSelections(stored.selections), config: { ...stored.config, targetCount: 10 } }, 'config'],
    ['the captain naming another captain', captain, { ...withSelections(stored.selections), captainId: 'bravo1' }, 'captainId'],
    ['the captain counting a stranger', captain, withSelections([...stored.selections, { hole: 2, playerIds: ['zulu01'], confirmed: false }]), 'rules'],
    ['an organizer changing anything valid', organizer, { ...withSelections([]), captainId: 'bravo1' }, null],
  ])('%s', (_label, writer, doc, expected) => {
    const result = checkSyncWrite(writer, doc, stored, facts);
    if (expected === null) expect(result).toBeNull();
    else expect(result).toContain(expected);
  });

  it("refuses a captain's pick once the round is completed (as REST does), but not an organizer's change", () => {
    const draft = withSelections([...stored.selections, { hole: 2, playerIds: ['charl1'], confirmed: false }]);
    const roundId = String(stored.roundId);
    const completed: WriteFacts = { scorecards: new Map(), roundStates: new Map([[roundId, 'completed']]) };
    const playing: WriteFacts = { scorecards: new Map(), roundStates: new Map([[roundId, 'in_progress']]) };
    expect(checkSyncWrite(captain, draft, stored, completed)).toBe('the round is completed: the point game is closed');
    expect(checkSyncWrite(captain, draft, stored, playing)).toBeNull();
    expect(checkSyncWrite(organizer, draft, stored, completed)).toBeNull();
  });

  it('refuses a player setting up or deleting a game', () => {
    expect(checkSyncWrite(captain, withSelections([]), undefined, facts)).toContain('only organizers set up');
    expect(checkSyncWrite(captain, { _id: stored._id, _deleted: true }, stored, facts)).toContain('only organizers delete');
    expect(checkSyncWrite(organizer, { _id: stored._id, _deleted: true }, stored, facts)).toBeNull();
  });
});

describe('team scores through sync', () => {
  const teamFacts: WriteFacts = { scorecards: new Map(), roundStates: new Map([['round1', 'in_progress'], ['round2', 'completed']]) };
  const teamScore = (roundId: string, hole = 3) => teamScoreDoc(roundId, hole, { enteredBy: 'organizer:x' });
  it.each([
    ['an organizer on a round in progress', organizer, teamScore('round1'), null],
    ['a player', captain, teamScore('round1'), 'only organizers'],
    ['an organizer on a completed round', organizer, teamScore('round2'), 'completed'],
    ['an id naming another hole', organizer, { ...teamScore('round1'), _id: 'teamscore:round1-g1:4' }, '_id'],
    ['a card of another round', organizer, { ...teamScore('round1'), teamcardId: 'round2-g1', _id: 'teamscore:round2-g1:3' }, 'another round'],
  ])('%s', (_label, writer, doc, expected) => {
    const result = checkSyncWrite(writer, doc, undefined, teamFacts);
    if (expected === null) expect(result).toBeNull();
    else expect(result).toContain(expected);
  });
});
