/**
 * What the round page says about tees (issue 34): a change of tees in words (the new handicaps, that entered holes
 * stay, what could not be copied), and the players a refusal to mark the round ready names as having no tees.
 */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/dashboard/api/errors.js';
import { playersWithoutTees, teeChangeWords } from '../../web/dashboard/screens/rounds/tee-words.js';

const change = (name: string, tee: string | null, playingHandicap: number | null, holesEntered = 0) => ({
  playerId: name.toLowerCase(),
  name,
  from: 'White',
  tee,
  courseHandicap: playingHandicap === null ? null : playingHandicap + 0.24,
  playingHandicap,
  holesEntered,
});

describe('a change of tees in words', () => {
  it('gives each moved player’s new handicaps, says entered holes stay, and names what was not copied', () => {
    const names = new Map([['ann', 'Ann']]);
    expect(teeChangeWords({ changed: [change('Ann', 'Red', 14, 3), change('Bo', 'Red', null)], notCopied: [{ playerId: 'ann', tee: 'Gold', message: 'Old Links has no Gold tees' }] }, names)).toEqual([
      'Ann now plays the Red tees: Course Handicap 14, Playing Handicap 14.',
      'Bo now plays the Red tees (no Handicap Index: off scratch).',
      'Ann (3 holes): the holes already entered stay as entered; net scores, points and games are counted again from the new handicap.',
      'Not copied: Ann keeps their tees, Old Links has no Gold tees.',
    ]);
    expect(teeChangeWords({ changed: [], notCopied: [] }, names)).toEqual(['Nothing changed: those players already played those tees.']);
    const many = ['A', 'B', 'C', 'D'].map((n) => change(n, 'Red', 10));
    expect(teeChangeWords({ changed: many, notCopied: [] }, names)).toEqual(['4 players changed tees, now on the Red tees; the table shows their new handicaps.']);
  });

  it('reads the players without tees from the server’s refusal, and nothing from other errors', () => {
    const refusal = new ApiError('unprocessable', 422, 'round_not_ready', 'the round cannot be ready', [
      { path: ['defaultTee'], message: 'the course has 2 tees and 2 players have none: choose a default tee or a tee for each player', playerIds: ['p1', 'p3'] } as never,
    ]);
    expect(playersWithoutTees(refusal)).toEqual(['p1', 'p3']);
    expect(playersWithoutTees(new ApiError('unprocessable', 422, 'round_not_ready', 'x', [{ path: ['course'], message: 'the round has no course' }]))).toEqual([]);
    expect(playersWithoutTees(new Error('network'))).toEqual([]);
  });
});
