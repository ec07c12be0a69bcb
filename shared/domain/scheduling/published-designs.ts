/**
 * Published rotation designs, kept as data (a combinatorial design is a fact, not code).
 *
 * 32 players in 8 foursomes over 10 rounds with no pair meeting twice: the original Social Golfer Problem (CSPLib
 * problem 10), whose 10-round instance 8-4-10 was open until Alejandro Aguado constructed a solution in 2004. Ten
 * rounds is the counting bound: each round a player meets 3 new partners, and 3 × 11 > 31. The table below is the
 * solution published with the Wolfram Demonstrations Project's "Social Golfer Problem" (as a 32-player, 11-round
 * table in foursomes whose last round only repeats pairs; its first 10 rounds are the 8-4-10 solution). Players are
 * the 32 letters A–P and a–p; each row is one round of eight foursomes. `test/domain/scheduling/rotation.test.ts`
 * checks every round is a partition of the 32 and no pair meets twice.
 */
const SOCIAL_GOLFER_8_4_10 = [
  'ABCD EFGH IJKL MNOP abcd efgh ijkl mnop',
  'AEIm BcgH DFKp dfkP aeiM bCGh jLNo JlnO',
  'Aflo Bhkm DGiN aFLO bHKM CeJP cEjp dgIn',
  'AciL BdjK bDJk FgoP fGOp aCIl EhMn eHmN',
  'AgKN BElP DHIo dhiO beLp Cfjm cFJM aGkn',
  'AhJp BFin cDmO bfIN eGKl CdMo EgkL aHjP',
  'AdeF BGJo aDEf chlN iKmP CHLn bgjO IkMp',
  'AbnP aBNp DglM ceko fHiJ CEKO FhIj dGLm',
  'AGjM BeIO DhLP agJm cfKn CFkN bEio dHlp',
  'AHkO BfLM Dejn bFlm cGIP Cgip dEJN ahKo',
] as const;

const LETTERS = 'ABCDEFGHIJKLMNOPabcdefghijklmnop';

/** The rounds of a letter table, players numbered by their letter's place in {@link LETTERS}. */
function parseTable(rows: readonly string[]): number[][][] {
  return rows.map((row) => row.split(' ').map((group) => [...group].map((letter) => LETTERS.indexOf(letter))));
}

/** The 8-4-10 social golfer solution: 10 rounds of 32 players in foursomes, no pair twice. */
export function socialGolfer32(): number[][][] {
  return parseTable(SOCIAL_GOLFER_8_4_10);
}
