/** A round's format in words. */
import type { Round } from '../../api/rounds.js';

export const FORMAT_WORDS: Record<Round['format'], string> = {
  stroke_play: 'Stroke play',
  stableford: 'Stableford',
  match_play: 'Match play',
  four_ball: 'Four-ball',
  scramble: 'Scramble',
  best_ball: 'Best ball',
};
