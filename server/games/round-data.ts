import {
  netScores,
  roundDataOf,
  roundOpen,
  scoreTableOf,
  type RoundData as SharedRoundData,
  type ScoreTable,
} from '../../shared/domain/games/state/index.js';
import type { RoundDoc, ScorecardDoc, ScoreDoc } from '../../shared/schemas/round.js';
import { AppError, unwrap } from '../http/errors.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsWithPrefix } from '../store/docs.js';
import { getRound } from '../rounds/round-doc.js';

export {
  countedHoles,
  playingHandicaps,
  restrict,
  snapshotCourseHandicap,
  snapshotPlayingHandicap,
  tableRecord,
  type ScoreTable,
} from '../../shared/domain/games/state/index.js';

type Stored<T> = T & StoredDoc;

/**
 * What every game reads of a round (`shared/domain/games/state`), as loaded from the trip's store: its course holes,
 * the scorecards (with their frozen handicaps) and the gross score per player per hole.
 */
export type RoundData = SharedRoundData<Stored<RoundDoc>, Stored<ScorecardDoc>>;

export async function loadRoundData(db: Database, roundId: string): Promise<RoundData> {
  const round = await getRound(db, roundId);
  const [cards, scores] = await Promise.all([
    docsWithPrefix<Stored<ScorecardDoc>>(db, `scorecard:${roundId}-`),
    docsWithPrefix<Stored<ScoreDoc>>(db, `score:${roundId}-`),
  ]);
  return roundDataOf(round, cards, scores);
}

/** The round must still be open for games to change: a completed round answers 409. */
export function assertRoundOpen(round: RoundDoc, what: string): void {
  unwrap(roundOpen(round, what));
}

/**
 * An organizer may add or change a side game of a completed round once they confirm it (issue 24: the group forgot
 * to set skins): the game then computes from the scores already there. Without `confirmCompleted` the 409 says so.
 */
export function assertGameMayChange(round: RoundDoc, confirmCompleted: boolean | undefined): void {
  if (round.state !== 'completed' || confirmCompleted) return;
  throw new AppError(
    'round_state_conflict',
    `round ${round.name} is completed: send confirmCompleted: true to add or change the game anyway. It computes at once from the scores ` +
      'already there and is final; its money joins the unified and per-organizer settlement plans (a pending plan is planned again, paid and ' +
      'confirmed settlements are never rewritten)',
    [{ path: ['body', 'confirmCompleted'], message: 'the round is completed: confirm to add or change its games', currentState: round.state }],
  );
}

/** Net score per hole (see `netScores`); a course the rules refuse answers its failure. */
export function netTable(data: RoundData, players: readonly string[]): ScoreTable {
  return unwrap(netScores(data, players));
}

/** Gross or net scores of `players`. */
export function scoreTable(data: RoundData, players: readonly string[], basis: 'gross' | 'net'): ScoreTable {
  return unwrap(scoreTableOf(data, players, basis));
}
