import type { CompetitionDoc } from '../../schemas/competition.js';
import { scoreDocId, type RoundFormat } from '../../schemas/round.js';
import type { HoleInfo } from '../golf/card.js';
import type { HandicapInputs } from '../golf/handicap.js';

/**
 * The input of every leaderboard: a plain, JSON-shaped picture of a trip built from its replicated documents, so the
 * server (from its store) and the device (from RxDB) hand the same thing to the same pure functions. No clock, no I/O.
 */

/** A player as leaderboards show them. */
export interface SnapshotPlayer {
  id: string;
  name: string;
  /** Team name for team competitions ("USA", "Europe"). */
  team?: string;
}

/** A round: its holes in card order (empty without a course) and the players assigned. */
export interface SnapshotRound {
  id: string;
  name: string;
  date: string;
  format: RoundFormat | string;
  holes: HoleInfo[];
  playerIds: string[];
}

/** The handicap inputs frozen on a scorecard (`HandicapSnapshot`); `tee` is informative. */
export type SnapshotHandicap = HandicapInputs & { tee?: string };

/** One player's scorecard in one round; `handicap: null` when no usable snapshot was frozen (plays off scratch). */
export interface SnapshotScorecard {
  id: string;
  roundId: string;
  playerId: string;
  handicap: SnapshotHandicap | null;
}

/**
 * One hole's gross strokes on a scorecard; `null` when the hole was picked up (WHS Rule 3.1b, `ScoreEntry`). Its
 * `id` is always `score:<scorecardId>:<hole>` (the document id scheme), so a scorecard's hole holds at most one score.
 */
export interface SnapshotScore {
  id: string;
  scorecardId: string;
  hole: number;
  strokes: number | null;
}

export type CompetitionFormat = CompetitionDoc['format'];

/** A competition across chosen rounds. */
export interface SnapshotCompetition {
  id: string;
  name: string;
  format: CompetitionFormat;
  countback: boolean;
  roundIds: string[];
}

/** Everything a leaderboard reads. Arrays are sorted by id by {@link fromDocs}; order never changes a result. */
export interface TripSnapshot {
  players: SnapshotPlayer[];
  rounds: SnapshotRound[];
  scorecards: SnapshotScorecard[];
  scores: SnapshotScore[];
  competitions: SnapshotCompetition[];
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isText = (v: unknown): v is string => typeof v === 'string' && v.length > 0;
const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isInt = (v: unknown, lo: number, hi: number): v is number => Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter(isText) : []);
const FORMATS: readonly string[] = ['stroke_gross', 'stroke_net', 'stableford', 'match_play', 'team_match'];

/**
 * A valid score in its normal form (id from scorecard and hole), or `null` for anything else: strokes are whole
 * numbers 1 to 30 or `null` for a picked-up hole (`ScoreEntry`), holes 1 to 18. Shared by {@link fromDocs}, the full functions and the engine, so
 * all three accept exactly the same scores.
 * @example normalizeScore({ scorecardId: 'r1-p1', hole: 3, strokes: 5 }) // { id: 'score:r1-p1:3', scorecardId: 'r1-p1', hole: 3, strokes: 5 }
 */
export function normalizeScore(doc: unknown): SnapshotScore | null {
  if (!isValidScore(doc)) return null;
  return { id: scoreDocId(doc.scorecardId, doc.hole), scorecardId: doc.scorecardId, hole: doc.hole, strokes: doc.strokes };
}

/**
 * Whether a document or record is a valid score (see {@link normalizeScore}), without building anything.
 * @example isValidScore({ scorecardId: 'r1-p1', hole: 3, strokes: 0 }) // false; … strokes: null } // true (picked up)
 */
export function isValidScore(doc: unknown): doc is { scorecardId: string; hole: number; strokes: number | null } {
  return isObj(doc) && isText(doc.scorecardId) && isInt(doc.hole, 1, 18) && (doc.strokes === null || isInt(doc.strokes, 1, 30));
}

/** A trip's documents grouped by type (`player`, `round`, `score`, …), as the boards and the analytics read them. */
export type DocsByType = Readonly<Record<string, readonly unknown[]>>;

/**
 * The trip snapshot from a list of documents (store rows, RxDB documents, a changes feed): picks players, rounds,
 * scorecards, scores and competitions by `type` and ignores every other type and malformed documents (a malformed
 * version never replaces a good one). Documents are identified by `_id` (else `<type>:<id>`); a later one with the
 * same identity replaces an earlier one, and one with `_deleted: true` removes it. Scores are keyed by scorecard and
 * hole. The result holds one record per id, sorted by id, so the order of distinct documents does not matter.
 * @example
 * fromDocs([
 *   { _id: 'player:ann001', type: 'player', id: 'ann001', name: 'Ann', team: 'USA' },
 *   { _id: 'trip:x', type: 'trip' }, // ignored
 * ]).players // [{ id: 'ann001', name: 'Ann', team: 'USA' }]
 */
export function fromDocs(docs: readonly unknown[], memo?: SnapshotMemo): TripSnapshot {
  const latest = new Map<string, Parsed>();
  for (const doc of docs) {
    if (!isObj(doc)) continue;
    const { key, parsed } = readDoc(doc, memo);
    if (key === null) continue;
    if (doc._deleted === true) {
      latest.delete(key);
      continue;
    }
    if (parsed === null) continue;
    latest.delete(key);
    latest.set(key, parsed);
  }
  // Two different documents giving the same record id (or scorecard and hole): the greater document key wins.
  const chosen = new Map<string, { key: string; parsed: Parsed }>();
  for (const [key, parsed] of latest) {
    const id = `${parsed.kind}\u0000${parsed.item.id}`;
    const other = chosen.get(id);
    if (!other || key > other.key) chosen.set(id, { key, parsed });
  }
  const out: TripSnapshot = { players: [], rounds: [], scorecards: [], scores: [], competitions: [] };
  for (const { parsed } of chosen.values()) (out[parsed.kind] as { id: string }[]).push(parsed.item);
  for (const list of Object.values(out)) (list as { id: string }[]).sort(byId);
  return out;
}

/**
 * What {@link fromDocs} made of each frozen document, kept across calls: a store that hands out the same frozen object
 * for a document until it changes (the server's shared reads) then parses only what changed since the last snapshot,
 * instead of all of a trip's thousands of scores for every state. The records are shared by the snapshots made with
 * the memo, so their users must not change them (the server freezes its snapshots). Only frozen documents are kept:
 * a document that may still change could otherwise answer from an older version of itself.
 */
export type SnapshotMemo = WeakMap<object, { key: string | null; parsed: Parsed | null }>;

/** A document's identity and parsed record, from the memo when it was read before. */
function readDoc(doc: Obj, memo: SnapshotMemo | undefined): { key: string | null; parsed: Parsed | null } {
  const kept = memo?.get(doc);
  if (kept) return kept;
  const read = { key: docKey(doc), parsed: doc._deleted === true ? null : parseDoc(doc) };
  if (memo && Object.isFrozen(doc)) memo.set(doc, read);
  return read;
}

type Parsed =
  | { kind: 'players'; item: SnapshotPlayer }
  | { kind: 'rounds'; item: SnapshotRound }
  | { kind: 'scorecards'; item: SnapshotScorecard }
  | { kind: 'scores'; item: SnapshotScore }
  | { kind: 'competitions'; item: SnapshotCompetition };

/** A parsed item with its kind, or null. (Module level: a function made per document costs a name helper each under tsx.) */
function wrap<K extends Parsed['kind']>(kind: K, item: Extract<Parsed, { kind: K }>['item'] | null): Parsed | null {
  return item === null ? null : ({ kind, item } as Parsed);
}

/** A document of a type leaderboards read, parsed; `null` for other types and malformed documents. */
function parseDoc(doc: Obj): Parsed | null {
  switch (doc.type) {
    case 'player':
      return wrap('players', parsePlayer(doc));
    case 'round':
      return wrap('rounds', parseRound(doc));
    case 'scorecard':
      return wrap('scorecards', parseScorecard(doc));
    case 'score':
      return wrap('scores', normalizeScore(doc));
    case 'competition':
      return wrap('competitions', parseCompetition(doc));
    default:
      return null;
  }
}

/**
 * Orders records by id (code unit order), the one order every list in this module uses.
 * @example [{ id: 'b' }, { id: 'a' }].sort(byId) // [{ id: 'a' }, { id: 'b' }]
 */
export function byId(a: { id: string }, b: { id: string }): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function docKey(doc: Obj): string | null {
  if (isText(doc._id)) return doc._id;
  if (doc.type === 'score') return normalizeScore(doc)?.id ?? null;
  return isText(doc.type) && isText(doc.id) ? `${doc.type}:${doc.id}` : null;
}

function parsePlayer(doc: Obj): SnapshotPlayer | null {
  if (!isText(doc.id)) return null;
  const player: SnapshotPlayer = { id: doc.id, name: isText(doc.name) ? doc.name : doc.id };
  if (typeof doc.team === 'string' && doc.team.trim() !== '') player.team = doc.team.trim();
  return player;
}

function parseRound(doc: Obj): SnapshotRound | null {
  if (!isText(doc.id)) return null;
  const course = isObj(doc.course) ? doc.course : undefined;
  const raw = course && Array.isArray(course.holes) ? course.holes : [];
  const holes: HoleInfo[] = [];
  for (const h of raw) {
    if (!isObj(h) || !isInt(h.number, 1, 18) || !isInt(h.par, 1, 10) || !isInt(h.strokeIndex, 1, 18)) return roundWith(doc, doc.id, []);
    holes.push({ number: h.number, par: h.par, strokeIndex: h.strokeIndex });
  }
  return roundWith(doc, doc.id, holes);
}

function roundWith(doc: Obj, id: string, holes: HoleInfo[]): SnapshotRound {
  return {
    id,
    name: isText(doc.name) ? doc.name : id,
    date: typeof doc.date === 'string' ? doc.date : '',
    format: isText(doc.format) ? doc.format : 'stroke_play',
    holes,
    playerIds: texts(doc.playerIds),
  };
}

function parseScorecard(doc: Obj): SnapshotScorecard | null {
  if (!isText(doc.id) || !isText(doc.roundId) || !isText(doc.playerId)) return null;
  // A player marked out of the round (a no-show, a withdrawal: issue 34) leaves its boards; the scores stay stored.
  if (isObj(doc.outOfPlay)) return null;
  return { id: doc.id, roundId: doc.roundId, playerId: doc.playerId, handicap: parseHandicap(doc.handicap) };
}

/**
 * A usable handicap snapshot, or `null`: finite figures, a positive slope, 9 or 18 holes.
 * @example parseHandicap({ handicapIndex: 14.2, tee: 'White', courseRating: 71.6, slope: 125, par: 72, holes: 18 }) // the same
 */
export function parseHandicap(h: unknown): SnapshotHandicap | null {
  if (!isObj(h)) return null;
  const index = h.handicapIndex === null ? null : isNum(h.handicapIndex) ? h.handicapIndex : undefined;
  if (index === undefined || !isNum(h.courseRating) || !isNum(h.slope) || h.slope <= 0 || !isNum(h.par)) return null;
  if (h.holes !== 9 && h.holes !== 18) return null;
  const out: SnapshotHandicap = { handicapIndex: index, courseRating: h.courseRating, slope: h.slope, par: h.par, holes: h.holes };
  if (typeof h.tee === 'string') out.tee = h.tee;
  return out;
}

function parseCompetition(doc: Obj): SnapshotCompetition | null {
  if (!isText(doc.id) || typeof doc.format !== 'string' || !FORMATS.includes(doc.format)) return null;
  return {
    id: doc.id,
    name: isText(doc.name) ? doc.name : doc.id,
    format: doc.format as CompetitionFormat,
    countback: doc.countback === true,
    roundIds: texts(doc.roundIds),
  };
}
