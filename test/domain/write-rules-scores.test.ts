import { describe, expect, it } from 'vitest';
import { checkSyncWrite, type WriteFacts, type Writer } from '../../shared/domain/write-rules.js';
import { teamScoreDoc } from './support/sync-docs.js';

/*
 * Sync write rules for scores and team scores (issue 3, write rules) beyond scores.test.ts: which scorecard is the
 * writer's own when it is not listed first, rounds without groups, every round state, deletions, and the exact
 * reason given for each refusal.
 */

const at = '2027-04-11T09:00:00.000Z';
type Card = { roundId: string; playerId: string; groupId: string | null };
const card = (roundId: string, playerId: string, groupId: string | null): [string, Card] => [`${roundId}-${playerId}`, { roundId, playerId, groupId }];

/** The writer's own cards are deliberately listed after other players' cards of the same group. */
const facts: WriteFacts = {
  scorecards: new Map([
    card('round0', 'charl1', 'g1'), // charl1 played with alpha1 in an earlier round
    card('round1', 'bravo1', 'g1'),
    card('round1', 'alpha1', 'g1'),
    card('round1', 'delta1', 'g2'),
    card('round1', 'charl1', 'g2'),
    card('round3', 'alpha1', null), // a round without tee groups
    card('round3', 'bravo1', null),
    card('round4', 'alpha1', 'g1'),
    card('round5', 'alpha1', 'g1'),
    card('round6', 'alpha1', 'g1'),
  ]),
  roundStates: new Map([
    ['round0', 'in_progress'],
    ['round1', 'in_progress'],
    ['round3', 'in_progress'],
    ['round4', 'ready'],
    ['round5', 'draft'],
    ['round6', 'completed'],
  ]),
};

const player = (playerId: string): Writer => ({ playerId, role: 'player' });
const organizer: Writer = { playerId: 'zulu01', role: 'organizer' };

/** A score as a phone writes it, entered by `by` (the writing player). */
function score(scorecardId: string, by: string, hole = 1): Record<string, unknown> & { _id: string } {
  const [roundId, playerId] = scorecardId.split('-') as [string, string];
  return { _id: `score:${scorecardId}:${hole}`, type: 'score', scorecardId, roundId, playerId, hole, strokes: 5, enteredBy: by, deviceId: 'phone-1', enteredAt: at, history: [], createdAt: at, updatedAt: at };
}
const OWN_GROUP = 'players enter scores only on scorecards of their own group';
const write = (writer: Writer, doc: Record<string, unknown> & { _id: string }, current?: Record<string, unknown>) => checkSyncWrite(writer, doc, current, facts);

describe("a player's own group is found from the player's own card in that round", () => {
  it.each([
    ["charl1 on alpha1's card: charl1's card in round 1 is in g2 (the first g1 card listed is bravo1's)", 'charl1', 'round1-alpha1', OWN_GROUP],
    ["delta1 on charl1's card: both in g2", 'delta1', 'round1-charl1', null],
    ["alpha1 on bravo1's card: both in g1, alpha1's card listed second", 'alpha1', 'round1-bravo1', null],
    ["charl1 on bravo1's card: partners in round 0 only", 'charl1', 'round1-bravo1', OWN_GROUP],
    ['a player without a card in the round', 'echo01', 'round1-bravo1', OWN_GROUP],
    ["bravo1 on alpha1's card in a round without groups", 'bravo1', 'round3-alpha1', OWN_GROUP],
    ['alpha1 on their own card in a round without groups', 'alpha1', 'round3-alpha1', null],
  ])('%s', (_label, writerId, scorecardId, expected) => {
    expect(write(player(writerId), score(scorecardId, writerId))).toBe(expected);
  });

  it('an organizer enters on any card, in any group or none', () => {
    expect(write(organizer, score('round1-charl1', 'zulu01'))).toBeNull();
    expect(write(organizer, score('round3-bravo1', 'zulu01'))).toBeNull();
  });
});

describe('scores are written only while the round is ready or in progress', () => {
  it.each([
    ['ready', 'round4-alpha1', null],
    ['in_progress', 'round1-alpha1', null],
    ['draft', 'round5-alpha1', 'the round is draft: scores are entered only while it is ready or in progress'],
    ['completed', 'round6-alpha1', 'the round is completed: scores are entered only while it is ready or in progress'],
  ])('%s', (_state, scorecardId, expected) => {
    expect(write(player('alpha1'), score(scorecardId, 'alpha1'))).toBe(expected);
    expect(write(organizer, score(scorecardId, 'zulu01'))).toBe(expected);
  });

  it('a card whose round is gone, and a card that does not exist', () => {
    const gone: WriteFacts = { ...facts, roundStates: new Map() };
    expect(checkSyncWrite(player('alpha1'), score('round1-alpha1', 'alpha1'), undefined, gone)).toBe('the round is gone: scores are entered only while it is ready or in progress');
    expect(write(player('alpha1'), score('round9-alpha1', 'alpha1'))).toBe('no scorecard round9-alpha1');
  });

  it('a score must name its own card, round and player', () => {
    expect(write(player('alpha1'), { ...score('round1-alpha1', 'alpha1'), roundId: 'round0' })).toBe('the score names another round or player than its scorecard');
    expect(write(player('alpha1'), { ...score('round1-alpha1', 'alpha1'), _id: 'score:round1-alpha1:01' })).toBe("a score document's _id must be score:<scorecardId>:<hole>");
    expect(write(player('alpha1'), { ...score('round1-alpha1', 'alpha1'), hole: 19, _id: 'score:round1-alpha1:19' })).toMatch(/^not a valid score: hole: /);
  });
});

describe('deleting a score', () => {
  it('is judged by the stored score: its card, group and round', () => {
    const stored = score('round1-bravo1', 'bravo1');
    const deletion = { _id: stored._id, _deleted: true };
    expect(write(player('alpha1'), deletion, stored)).toBeNull();
    expect(write(player('charl1'), deletion, stored)).toBe(OWN_GROUP);
    const completed = score('round6-alpha1', 'alpha1');
    expect(write(player('alpha1'), { _id: completed._id, _deleted: true }, completed)).toMatch(/^the round is completed/);
  });

  it('of a score that does not exist is refused', () => {
    expect(write(organizer, { _id: 'score:round1-alpha1:1', _deleted: true })).toBe('documents of type (none) are not written through sync');
  });

  it('a deletion does not need a valid body, but must match the stored id', () => {
    const stored = score('round1-alpha1', 'alpha1');
    expect(write(player('alpha1'), { _id: 'score:round1-alpha1:2', _deleted: true }, stored)).toBe("a score document's _id must be score:<scorecardId>:<hole>");
  });
});

describe('team scores (scramble cards) through sync', () => {
  const teamScore = teamScoreDoc;

  it.each([
    ['ready', 'round4', null],
    ['in_progress', 'round1', null],
    ['draft', 'round5', 'the round is draft: scores are entered only while it is ready or in progress'],
    ['completed', 'round6', 'the round is completed: scores are entered only while it is ready or in progress'],
    ['unknown', 'round9', 'the round is gone: scores are entered only while it is ready or in progress'],
  ])('an organizer on a round that is %s', (_state, roundId, expected) => {
    expect(write(organizer, teamScore(roundId))).toBe(expected);
  });

  it('a team pick-up (strokes null) is a valid team score; 0 strokes is not', () => {
    expect(write(organizer, teamScore('round1', 3, { strokes: null }))).toBeNull();
    expect(write(organizer, teamScore('round1', 3, { strokes: 0 }))).toMatch(/^not a valid team score: strokes: /);
  });

  it('a team card of another round, or a card that only starts like the round id, is refused', () => {
    expect(write(organizer, teamScore('round1', 3, { teamcardId: 'round10-g1', _id: 'teamscore:round10-g1:3' }))).toBe('the team score names another round than its team card');
    expect(write(organizer, teamScore('round1', 3, { _id: 'teamscore:round1-g1:03' }))).toBe("a team score's _id must be teamscore:<teamcardId>:<hole>");
  });

  it('deletions are judged by the stored team score, and only organizers make them', () => {
    const stored = teamScore('round1');
    expect(write(organizer, { _id: stored._id, _deleted: true }, stored)).toBeNull();
    expect(write(player('alpha1'), { _id: stored._id, _deleted: true }, stored)).toBe('only organizers write teamscore documents');
    const completed = teamScore('round6');
    expect(write(organizer, { _id: completed._id, _deleted: true }, completed)).toMatch(/^the round is completed/);
    expect(write(organizer, { _id: 'teamscore:round1-g1:4', _deleted: true }, stored)).toBe("a team score's _id must be teamscore:<teamcardId>:<hole>");
  });
});

describe('documents written through sync keep their type and their _id', () => {
  it('a document cannot change type, but its deletion takes the stored type', () => {
    const stored = score('round1-alpha1', 'alpha1');
    expect(write(organizer, { ...stored, type: 'teamscore' }, stored)).toBe('a score document cannot become a teamscore');
    expect(write(organizer, { _id: stored._id, _deleted: true, type: 'teamscore' }, stored)).toBeNull();
  });

  it('an organizer-only type names itself, and a design document is refused before anything else', () => {
    expect(write(player('alpha1'), { _id: 'round:round1', type: 'round' })).toBe('only organizers write round documents');
    expect(write(organizer, { _id: '_design/scores', type: 'score' })).toBe('design documents are not written through sync');
    expect(write(organizer, { _id: 'x:1' })).toBe('documents of type (none) are not written through sync');
  });

  it('an organizer document must be valid and named <type>:<id>', () => {
    const doc = { _id: 'player:alpha1', type: 'player', id: 'alpha1' };
    expect(write(organizer, doc)).toMatch(/^not a valid player: /);
  });
});
