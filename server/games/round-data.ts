import {
  netScores,
  roundDataOf,
  roundOpen,
  scoreTableOf,
  type RoundData as SharedRoundData,
  type ScoreTable,
} from '../../shared/domain/games/state/index.js';
import type { RoundDoc, ScorecardDoc, ScoreDoc } from '../../shared/schemas/round.js';
import { unwrap } from '../http/errors.js';
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

/** Net score per hole (see `netScores`); a course the rules refuse answers its failure. */
export function netTable(data: RoundData, players: readonly string[]): ScoreTable {
  return unwrap(netScores(data, players));
}

/** Gross or net scores of `players`. */
export function scoreTable(data: RoundData, players: readonly string[], basis: 'gross' | 'net'): ScoreTable {
  return unwrap(scoreTableOf(data, players, basis));
}
