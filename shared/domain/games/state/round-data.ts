/**
 * What every game reads of a round, built from plain documents (the round, its scorecards, its scores) so the server
 * (from its store) and the device (from RxDB) hand the same picture to the same pure game rules. No clock, no I/O.
 */
import { fail, ok, type Result } from '../../../errors.js';
import type { Hole } from '../../../schemas/course.js';
import type { HandicapSnapshot, RoundDoc, ScorecardDoc, ScoreDoc } from '../../../schemas/round.js';
import { ALLOWANCES, courseHandicapFromSnapshot, matchPlayStrokes, playingHandicap, strokesPerHole } from '../../golf/index.js';
import { PICKED_UP, type HoleScores } from '../common.js';

/** Score per player per hole number: strokes, or `pickup` for a picked-up hole (`strokes: null`, WHS Rule 3.1b). */
export type ScoreTable = Map<string, Map<number, number | typeof PICKED_UP>>;

/** The score fields a game reads. */
export type GameScore = Pick<ScoreDoc, 'roundId' | 'playerId' | 'hole' | 'strokes'>;

/**
 * What every game reads of a round: its course holes, the scorecards (with their frozen handicaps) and the gross
 * score per player per hole. Games compute their state from this with the pure rules of `shared/domain/games`.
 */
export interface RoundData<R extends RoundDoc = RoundDoc, C extends ScorecardDoc = ScorecardDoc> {
  round: R;
  holes: Hole[];
  cards: Map<string, C>;
  gross: ScoreTable;
  /** The round is completed: results are final. */
  final: boolean;
}

/**
 * The round's game data from its documents. Scorecards and scores of other rounds are ignored, as are scores on holes
 * the course does not have.
 */
export function roundDataOf<R extends RoundDoc, C extends ScorecardDoc>(round: R, scorecards: readonly C[], scores: readonly GameScore[]): RoundData<R, C> {
  const holes = round.course?.holes ?? [];
  const gross: ScoreTable = new Map();
  for (const s of scores) {
    if (s.roundId !== round.id || s.hole > holes.length) continue;
    const row = gross.get(s.playerId) ?? new Map<number, number | typeof PICKED_UP>();
    row.set(s.hole, s.strokes ?? PICKED_UP);
    gross.set(s.playerId, row);
  }
  const cards = new Map(scorecards.filter((c) => c.roundId === round.id).map((c) => [c.playerId, c] as const));
  return { round, holes, cards, gross, final: round.state === 'completed' };
}

/** The round must still be open for games to change: a completed round is a `round_state_conflict`. */
export function roundOpen(round: RoundDoc, what: string): Result<true> {
  if (round.state === 'completed') {
    return fail('round_state_conflict', `round ${round.name} is completed: ${what} no longer changes (reset the round first)`, [
      { message: 'the round is completed', currentState: round.state },
    ]);
  }
  return ok(true);
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
 * Appendix E; plus handicaps give strokes back). A player without an index plays off scratch. A picked-up hole
 * stays picked up. `handicaps` overrides the Playing Handicaps (e.g. match strokes off the lowest).
 */
export function netScores(data: RoundData, players: readonly string[], handicaps?: Record<string, number | null>): Result<ScoreTable> {
  const out: ScoreTable = new Map();
  const phs = handicaps ?? playingHandicaps(data, players);
  for (const p of players) {
    const gross = data.gross.get(p);
    if (!gross) continue;
    const ph = phs[p] ?? 0;
    let strokes: readonly number[] = [];
    if (data.holes.length > 0) {
      const r = strokesPerHole(ph, data.holes);
      if (!r.ok) return r;
      strokes = r.value;
    }
    out.set(p, new Map([...gross].map(([hole, g]) => [hole, g === PICKED_UP ? g : g - (strokes[hole - 1] ?? 0)])));
  }
  return ok(out);
}

/** Gross or net scores of `players`; `handicaps` as in {@link netScores}. */
export function scoreTableOf(data: RoundData, players: readonly string[], basis: 'gross' | 'net', handicaps?: Record<string, number | null>): Result<ScoreTable> {
  if (basis === 'net') return netScores(data, players, handicaps);
  return ok(new Map(players.flatMap((p) => (data.gross.has(p) ? [[p, data.gross.get(p)!] as const] : []))));
}

/**
 * Match play handicaps, WHS Rules of Handicapping Appendix C ("Handicap Competitions", match play): each player's
 * Playing Handicap is their Course Handicap (frozen on the scorecard, unrounded) × the allowance, rounded once (Rule
 * 6.2); the lowest Playing Handicap in the match then plays off zero and every other player receives the difference
 * (`matchPlayStrokes`). Singles: 100 %, so a 2 against a 4 gives 0 and 2 strokes; four-ball: 90 %, each player
 * off the lowest of the four. A player without an index plays off a Playing Handicap of 0.
 * @example matchHandicaps(data, ['anna01', 'bert02'], 100) // { playingHandicaps: { anna01: 2, bert02: 4 }, strokes: { anna01: 0, bert02: 2 } }
 */
export function matchHandicaps(data: RoundData, players: readonly string[], allowancePercent: number): { playingHandicaps: Record<string, number | null>; strokes: Record<string, number> } {
  const phs: Record<string, number | null> = {};
  for (const p of players) {
    const card = data.cards.get(p);
    const ch = card ? snapshotCourseHandicap(card.handicap) : null;
    phs[p] = ch === null ? null : playingHandicap(ch, allowancePercent);
  }
  const given = matchPlayStrokes(players.map((p) => phs[p] ?? 0));
  return { playingHandicaps: phs, strokes: Object.fromEntries(players.map((p, i) => [p, given[i]!])) };
}

/**
 * The holes a game counts, in number order. A completed round counts every hole. Otherwise a hole counts once every
 * participant has finished it: has a score (strokes or a pick-up) on it or on a later hole (a missing score before a
 * player's last scored hole is read as a pick-up). So a result never moves because one phone entered its group's hole before another.
 * Players out of the round are not waited for.
 */
export function countedHoles(data: RoundData, players: readonly string[]): number[] {
  const all = data.holes.map((h) => h.number);
  if (data.final) return all;
  if (players.length === 0) return [];
  // A player marked out of the round (a no-show, a withdrawal: `scorecard.outOfPlay`) holds no hole back (issue 34).
  const playing = players.filter((p) => !data.cards.get(p)?.outOfPlay);
  const last = (p: string) => Math.max(0, ...(data.gross.get(p)?.keys() ?? []));
  const thru = playing.length > 0 ? Math.min(...playing.map(last)) : Math.max(...players.map(last));
  return all.filter((h) => h <= thru);
}

/** Only the scores on `holes`, as the pure game functions take them. */
export function restrict(table: ScoreTable, holes: readonly number[]): HoleScores {
  const keep = new Set(holes);
  return new Map([...table].map(([p, row]) => [p, new Map([...row].filter(([h]) => keep.has(h)))]));
}

/** Scores as a JSON record: player → hole → strokes; picked-up holes have no strokes and are left out. */
export function tableRecord(table: ScoreTable): Record<string, Record<string, number>> {
  return Object.fromEntries([...table].map(([p, row]) => [p, Object.fromEntries([...row].flatMap(([h, s]) => (s === PICKED_UP ? [] : [[String(h), s]])))]));
}
