/**
 * Leaderboard positions. Equal scores share a position ("T2") and the next position skips accordingly (1, T2, T2, 4).
 * Optional countback ("matching scorecards"), Rules of Golf Committee Procedures 5A(6): the better score over the
 * last 9, then last 6, last 3 and the last hole; if still tied, the last 6, 3 and final hole of the first nine. "If
 * the round is less than 18 holes, the number of holes used in matching scores may be adjusted": 9-hole rounds use
 * the last 6, 3 and 1. Segments are hole numbers on the card (holes 10–18 even after a shotgun start). In a net stroke
 * play competition the same fraction of the handicap is deducted as the segment is of the round — one-half,
 * one-third, one-sixth, one-eighteenth over 18 holes — and fractions are not disregarded (USGA/R&A guidance on
 * matching cards). Stableford points already carry the handicap, so no deduction applies to them.
 */

/** `lower` for strokes, `higher` for points. */
export type RankDirection = 'lower' | 'higher';

/** One line of a leaderboard; `score: null` (no score yet) ranks after everyone with a score, without a position. */
export interface RankEntry {
  id: string;
  score: number | null;
}

/** A run of holes by their numbers on the card, inclusive. */
export interface CountbackSegment {
  from: number;
  to: number;
}

/** The data a countback needs, by entry id. */
export interface CountbackOptions {
  /** Per entry id: hole scores in card order (gross strokes for net stroke play, points for Stableford). */
  holeScores: Readonly<Record<string, readonly (number | null | undefined)[]>>;
  /** Per entry id: the Playing Handicap, for net stroke play (direction `lower`) only. */
  handicaps?: Readonly<Record<string, number>>;
  /** Default: {@link countbackSegments} of the card's length. */
  segments?: readonly CountbackSegment[];
}

/** Which way is better, and whether ties go to a countback. */
export interface RankOptions {
  direction: RankDirection;
  countback?: CountbackOptions;
}

/** One line of the ranked leaderboard. */
export interface RankedEntry {
  id: string;
  score: number | null;
  /** 1-based position, shared by tied entries; `null` without a score. */
  position: number | null;
  /** "1", "T2", or "-" without a score. */
  label: string;
  tied: boolean;
  /** Whether a countback separated this entry from others on the same score. */
  decidedByCountback: boolean;
}

/**
 * The countback segments for a card of `holeCount` holes: 18 → last 9, 6, 3, 1, then the first nine's last 6, 3, 1
 * (Committee Procedures 5A(6)); 9 → last 6, 3, 1; other lengths → the last half, third, sixth and hole.
 * @example countbackSegments(9) // [{ from: 4, to: 9 }, { from: 7, to: 9 }, { from: 9, to: 9 }]
 */
export function countbackSegments(holeCount: number): CountbackSegment[] {
  const last = (k: number, end = holeCount): CountbackSegment => ({ from: end - k + 1, to: end });
  if (holeCount === 18) return [last(9), last(6), last(3), last(1), last(6, 9), last(3, 9), last(1, 9)];
  if (holeCount === 9) return [last(6), last(3), last(1)];
  const sizes = [Math.ceil(holeCount / 2), Math.ceil(holeCount / 3), Math.ceil(holeCount / 6), 1];
  return [...new Set(sizes)].filter((k) => k >= 1 && k <= holeCount).map((k) => last(k));
}

/**
 * Positions for a leaderboard. `direction: 'lower'` for strokes, `'higher'` for points. With `countback`, entries on
 * the same score are separated by the segments in turn; countback applies only when every tied entry has a score on
 * every hole of the segments (on cards of one length), otherwise they stay tied. The result is sorted by position,
 * then id, and depends only on the set of entries, never on their order. Duplicate ids and handicap deductions on
 * points are programmer errors and throw.
 * @example
 * rank([{ id: 'a', score: 70 }, { id: 'b', score: 68 }, { id: 'c', score: 70 }], { direction: 'lower' })
 * // b "1", a "T2", c "T2"
 */
export function rank(entries: readonly RankEntry[], options: RankOptions): RankedEntry[] {
  const ids = new Set(entries.map((e) => e.id));
  if (ids.size !== entries.length) throw new Error('rank: entry ids must be unique');
  if (options.direction === 'higher' && options.countback?.handicaps) {
    throw new Error('rank: handicap fractions apply to net stroke play countback (direction lower), not to points');
  }
  const sign = options.direction === 'lower' ? 1 : -1;
  const byId = (a: RankEntry, b: RankEntry) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const scored: (RankEntry & { score: number })[] = [];
  const unscored: RankEntry[] = [];
  for (const e of entries) (e.score !== null && Number.isFinite(e.score) ? scored.push({ id: e.id, score: e.score }) : unscored.push(e));
  unscored.sort(byId);
  scored.sort((a, b) => sign * (a.score - b.score) || byId(a, b));

  const result: RankedEntry[] = [];
  for (let start = 0; start < scored.length; ) {
    let end = start + 1;
    while (end < scored.length && scored[end]!.score === scored[start]!.score) end += 1;
    const group = scored.slice(start, end);
    const subgroups = options.countback && group.length > 1 ? splitByCountback(group, options.countback, sign) : [group];
    let position = start + 1;
    for (const sub of subgroups) {
      for (const e of sub) {
        const tied = sub.length > 1;
        result.push({ id: e.id, score: e.score, position, label: tied ? `T${position}` : String(position), tied, decidedByCountback: subgroups.length > 1 });
      }
      position += sub.length;
    }
    start = end;
  }
  for (const e of unscored) result.push({ id: e.id, score: e.score, position: null, label: '-', tied: false, decidedByCountback: false });
  return result;
}

/** Splits entries on one score into runs of equal countback, best first; one run when countback cannot apply. */
function splitByCountback<E extends RankEntry>(group: E[], countback: CountbackOptions, sign: number): E[][] {
  const cards = group.map((e) => countback.holeScores[e.id]);
  const n = cards[0]?.length ?? 0;
  if (n === 0 || cards.some((c) => !c || c.length !== n)) return [group];
  const segments = countback.segments ?? countbackSegments(n);
  const keys: number[][] = [];
  for (const [i, e] of group.entries()) {
    const key = segmentKeys(cards[i]!, segments, countback.handicaps?.[e.id] ?? 0);
    if (!key) return [group];
    keys.push(key);
  }
  const compare = (a: number[], b: number[]) => {
    for (let s = 0; s < a.length; s++) if (a[s] !== b[s]) return sign * (a[s]! - b[s]!);
    return 0;
  };
  const order = group.map((e, i) => ({ e, key: keys[i]! })).sort((a, b) => compare(a.key, b.key));
  const runs: E[][] = [];
  order.forEach((o, i) => {
    if (i > 0 && compare(order[i - 1]!.key, o.key) === 0) runs[runs.length - 1]!.push(o.e);
    else runs.push([o.e]);
  });
  return runs;
}

/**
 * Per segment: n × (segment total − handicap × k/n) = n × total − handicap × k, for a segment of k holes of an n-hole
 * card — the exact handicap fraction, kept in whole numbers. `null` when a hole of a segment has no score.
 */
function segmentKeys(card: readonly (number | null | undefined)[], segments: readonly CountbackSegment[], handicap: number): number[] | null {
  const n = card.length;
  const keys: number[] = [];
  for (const { from, to } of segments) {
    if (!(Number.isInteger(from) && Number.isInteger(to) && from >= 1 && from <= to && to <= n)) {
      throw new RangeError(`countback segment ${from}–${to} is not within a card of ${n} holes`);
    }
    let total = 0;
    for (let h = from; h <= to; h++) {
      const s = card[h - 1];
      if (typeof s !== 'number') return null;
      total += s;
    }
    keys.push(n * total - handicap * (to - from + 1));
  }
  return keys;
}
