import type { HoleScores } from '../../shared/domain/games/index.js';
import { ALLOWANCES, courseHandicapFromSnapshot, playingHandicap, strokesPerHole } from '../../shared/domain/golf/index.js';
import type { Hole } from '../../shared/schemas/course.js';
import type { HandicapSnapshot, RoundDoc, ScorecardDoc, ScoreDoc } from '../../shared/schemas/round.js';
import { AppError, unwrap } from '../http/errors.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsWithPrefix } from '../store/docs.js';
import { getRound } from '../rounds/rounds.service.js';

type Stored<T> = T & StoredDoc;
export type ScoreTable = Map<string, Map<number, number>>;

/**
 * What every game reads of a round: its course holes, the scorecards (with their frozen handicaps) and the gross
 * score per player per hole. Games compute their state from this with the pure rules of `shared/domain`.
 */
export interface RoundData {
  round: Stored<RoundDoc>;
  holes: Hole[];
  cards: Map<string, Stored<ScorecardDoc>>;
  gross: ScoreTable;
  /** The round is completed: results are final. */
  final: boolean;
}

export async function loadRoundData(db: Database, roundId: string): Promise<RoundData> {
  const round = await getRound(db, roundId);
  const [cards, scores] = await Promise.all([
    docsWithPrefix<Stored<ScorecardDoc>>(db, `scorecard:${roundId}-`),
    docsWithPrefix<Stored<ScoreDoc>>(db, `score:${roundId}-`),
  ]);
  const holes = round.course?.holes ?? [];
  const gross: ScoreTable = new Map();
  for (const s of scores) {
    if (s.roundId !== roundId || s.hole > holes.length) continue;
    const row = gross.get(s.playerId) ?? new Map<number, number>();
    row.set(s.hole, s.strokes);
    gross.set(s.playerId, row);
  }
  return { round, holes, cards: new Map(cards.map((c) => [c.playerId, c])), gross, final: round.state === 'completed' };
}

/** The round must still be open for games to change: a completed round answers 409. */
export function assertRoundOpen(round: RoundDoc, what: string): void {
  if (round.state === 'completed') {
    throw new AppError('round_state_conflict', `round ${round.name} is completed: ${what} no longer changes (reset the round first)`, [
      { message: 'the round is completed', currentState: round.state },
    ]);
  }
}

/**
 * The Playing Handicap frozen on a scorecard (WHS Rule 6.2, at the allowance of the round's format). Cards frozen
 * before the snapshot carried it are recomputed from their inputs; null when the player has no Handicap Index.
 */
export function snapshotPlayingHandicap(s: HandicapSnapshot): number | null {
  if (s.playingHandicap !== undefined) return s.playingHandicap;
  const ch = courseHandicapFromSnapshot(s);
  return ch === null ? null : playingHandicap(ch, s.allowancePercent ?? ALLOWANCES.individualStrokePlay);
}

/** The unrounded Course Handicap frozen on a scorecard (recomputed for older cards); null without an index. */
export function snapshotCourseHandicap(s: HandicapSnapshot): number | null {
  return s.courseHandicap !== undefined ? s.courseHandicap : courseHandicapFromSnapshot(s);
}

/** Playing Handicap per player (null: no scorecard or no index, so no strokes). */
export function playingHandicaps(data: RoundData, players: readonly string[]): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const p of players) {
    const card = data.cards.get(p);
    out[p] = card ? snapshotPlayingHandicap(card.handicap) : null;
  }
  return out;
}

/**
 * Net score per hole: gross − the strokes the player's Playing Handicap gives on the hole by stroke index (WHS
 * Appendix E; plus handicaps give strokes back). A player without an index plays off scratch.
 */
export function netTable(data: RoundData, players: readonly string[]): ScoreTable {
  const out: ScoreTable = new Map();
  const phs = playingHandicaps(data, players);
  for (const p of players) {
    const gross = data.gross.get(p);
    if (!gross) continue;
    const ph = phs[p] ?? 0;
    const strokes = data.holes.length > 0 ? unwrap(strokesPerHole(ph, data.holes)) : [];
    out.set(p, new Map([...gross].map(([hole, g]) => [hole, g - (strokes[hole - 1] ?? 0)])));
  }
  return out;
}

/** Gross or net scores of `players`. */
export function scoreTable(data: RoundData, players: readonly string[], basis: 'gross' | 'net'): ScoreTable {
  if (basis === 'net') return netTable(data, players);
  return new Map(players.flatMap((p) => (data.gross.has(p) ? [[p, data.gross.get(p)!] as const] : [])));
}

/**
 * The holes a game counts, in number order. A completed round counts every hole. Otherwise a hole counts once every
 * participant has finished it: has a score on it or on a later hole (a missing score before a player's last scored
 * hole is a pick-up). So a result never moves because one phone entered its group's hole before another.
 */
export function countedHoles(data: RoundData, players: readonly string[]): number[] {
  const all = data.holes.map((h) => h.number);
  if (data.final) return all;
  if (players.length === 0) return [];
  const thru = Math.min(...players.map((p) => Math.max(0, ...(data.gross.get(p)?.keys() ?? []))));
  return all.filter((h) => h <= thru);
}

/** Only the scores on `holes`, as the pure game functions take them. */
export function restrict(table: ScoreTable, holes: readonly number[]): HoleScores {
  const keep = new Set(holes);
  return new Map([...table].map(([p, row]) => [p, new Map([...row].filter(([h]) => keep.has(h)))]));
}

/** Scores as a JSON record: player → hole → strokes. */
export function tableRecord(table: ScoreTable): Record<string, Record<string, number>> {
  return Object.fromEntries([...table].map(([p, row]) => [p, Object.fromEntries([...row].map(([h, s]) => [String(h), s]))]));
}
