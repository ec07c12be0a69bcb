import type { Result } from '../../errors.js';
import { PICKUP, type HoleScore } from '../golf/card.js';
import { cardFromGross, holeTotals, indexSnapshot, type Basis, type CardSource, type PlayerRoundCard } from './cards.js';
import {
  buildMultiRoundLeaderboard,
  buildTournamentLeaderboard,
  type MultiRoundLeaderboard,
  type MultiRoundOptions,
  type TournamentLeaderboard,
} from './multi-round.js';
import { buildRoundLeaderboard, type RoundLeaderboard, type RoundLeaderboardOptions } from './round.js';
import { byId, normalizeScore, type SnapshotScore, type TripSnapshot } from './snapshot.js';
import { buildTeamMatchLeaderboard, type TeamMatch, type TeamMatchLeaderboard } from './team-match.js';

/**
 * The incremental leaderboard engine: keeps one card per player, round and allowance (gross, net, points, thru and
 * par of the holes played, per-hole strokes and points) and, when a score arrives, updates only that player's card
 * for that round, in constant time; rankings are recomputed on the next read of a leaderboard touching that round
 * and cached until the round changes again. It answers exactly what the full functions (`roundLeaderboard`,
 * `tournamentLeaderboard`, `multiRoundLeaderboard`, `teamMatchLeaderboard`) answer on the same scores: both rank
 * through the same builders, only the cards are kept up to date instead of rebuilt.
 *
 * Players, rounds, scorecards and competitions are fixed at creation; start a new engine when one of them changes.
 */

/** A score document or change: a `score` with `scorecardId`, `hole`, `strokes` (`null`: picked up), or a deletion (`_deleted: true`). */
export interface ScoreInput {
  _id?: string;
  _deleted?: boolean;
  scorecardId?: string;
  hole?: number;
  strokes?: number | null;
}

export interface LeaderboardEngine {
  /**
   * Applies a score document (new or changed value of a hole), or removes it when `_deleted` is true. Invalid
   * documents are ignored. Returns whether any card changed.
   */
  applyScore(doc: ScoreInput): boolean;
  /** Removes the score `score:<scorecardId>:<hole>`; returns whether any card changed. */
  removeScore(id: string): boolean;
  round(roundId: string, options: RoundLeaderboardOptions): Result<RoundLeaderboard>;
  tournament(competitionId: string, options?: { allowancePercent?: number }): Result<TournamentLeaderboard>;
  multiRound(roundIds: readonly string[], basis: Basis, options?: MultiRoundOptions): Result<MultiRoundLeaderboard>;
  teamMatch(matches: readonly TeamMatch[]): Result<TeamMatchLeaderboard>;
  /** The snapshot as it stands: the creation snapshot with the current scores. */
  snapshot(): TripSnapshot;
}

interface Book {
  cards: PlayerRoundCard[];
  byScorecard: Map<string, PlayerRoundCard>;
}

/**
 * An engine over a trip snapshot. Results are cached per question until a round they read changes: treat them as
 * read-only.
 * @example
 * const engine = createLeaderboardEngine(fromDocs(docs));
 * engine.applyScore({ scorecardId: 'round1-ann001', hole: 7, strokes: 4 });
 * engine.round('round1', { basis: 'net' }); // same as roundLeaderboard(fromDocs([...docs, score]), 'round1', { basis: 'net' })
 */
export function createLeaderboardEngine(snapshot: TripSnapshot): LeaderboardEngine {
  const index = indexSnapshot(snapshot);
  const scores = new Map<string, SnapshotScore>();
  /** Gross strokes per hole of every counted scorecard on a known round. */
  const gross = new Map<string, HoleScore[]>();
  const books = new Map<string, Map<number, Book>>();
  const versions = new Map<string, number>();
  const cache = new Map<string, { stamp: string; value: unknown }>();

  for (const card of index.scorecards.values()) {
    const round = index.rounds.get(card.roundId);
    if (round) gross.set(card.id, round.holes.map(() => null));
  }
  for (const s of snapshot.scores) {
    const n = normalizeScore(s);
    if (n) scores.set(n.id, n);
  }
  for (const s of scores.values()) setHole(s.scorecardId, s.hole, s.strokes ?? PICKUP);

  const source: CardSource = {
    index,
    cards(roundId, allowancePercent) {
      const known = books.get(roundId)?.get(allowancePercent);
      if (known) return known.cards;
      const round = index.rounds.get(roundId);
      if (!round) return [];
      const strokeMemo = new Map<number | null, number[]>();
      const cards = (index.scorecardsByRound.get(roundId) ?? []).map((sc) => cardFromGross(round, sc, gross.get(sc.id)!, allowancePercent, strokeMemo));
      const perRound = books.get(roundId) ?? new Map<number, Book>();
      perRound.set(allowancePercent, { cards, byScorecard: new Map(cards.map((c) => [c.scorecardId, c])) });
      books.set(roundId, perRound);
      return cards;
    },
  };

  /** Sets one hole of one scorecard and updates that player's card in every book of the round. */
  function setHole(scorecardId: string, hole: number, value: HoleScore): boolean {
    const card = gross.get(scorecardId);
    if (!card || hole > card.length || card[hole - 1] === value) return false;
    card[hole - 1] = value;
    const roundId = index.scorecards.get(scorecardId)!.roundId;
    const par = index.rounds.get(roundId)!.holes[hole - 1]!.par;
    for (const book of books.get(roundId)?.values() ?? []) updateCard(book.byScorecard.get(scorecardId)!, par, hole - 1, value);
    versions.set(roundId, (versions.get(roundId) ?? 0) + 1);
    return true;
  }

  function removeScore(id: string): boolean {
    const prev = scores.get(id);
    if (!prev) return false;
    scores.delete(id);
    return setHole(prev.scorecardId, prev.hole, null);
  }

  function cached<T>(key: string, roundIds: readonly string[], compute: () => T): T {
    const stamp = roundIds.map((r) => versions.get(r) ?? 0).join(',');
    const hit = cache.get(key);
    if (hit && hit.stamp === stamp) return hit.value as T;
    const value = compute();
    cache.set(key, { stamp, value });
    return value;
  }

  return {
    applyScore(doc) {
      if (doc._deleted === true) {
        const id = doc._id ?? normalizeScore(doc)?.id;
        return id === undefined ? false : removeScore(id);
      }
      const s = normalizeScore(doc);
      if (!s) return false;
      scores.set(s.id, s);
      return setHole(s.scorecardId, s.hole, s.strokes ?? PICKUP);
    },
    removeScore,
    round(roundId, options) {
      const key = JSON.stringify(['round', roundId, options.basis, options.allowancePercent ?? null, options.countback === true]);
      return cached(key, [roundId], () => buildRoundLeaderboard(source, roundId, options));
    },
    tournament(competitionId, options = {}) {
      const roundIds = index.competitions.get(competitionId)?.roundIds ?? [];
      const key = JSON.stringify(['tournament', competitionId, options.allowancePercent ?? null]);
      return cached(key, roundIds, () => buildTournamentLeaderboard(source, competitionId, options));
    },
    multiRound(roundIds, basis, options = {}) {
      const key = JSON.stringify(['multi', roundIds, basis, options.allowancePercent ?? null, options.countback === true]);
      return cached(key, roundIds, () => buildMultiRoundLeaderboard(source, roundIds, basis, options));
    },
    teamMatch(matches) {
      return buildTeamMatchLeaderboard(source, matches);
    },
    snapshot() {
      return {
        players: [...snapshot.players],
        rounds: [...snapshot.rounds],
        scorecards: [...snapshot.scorecards],
        scores: [...scores.values()].sort(byId),
        competitions: [...snapshot.competitions],
      };
    },
  };
}

/**
 * Moves one hole of a card from its old value to `value` (`null` removes it, `pickup` is a picked-up hole): the
 * totals lose the old hole's gross, net, par and Stableford points and gain the new one's, each as
 * {@link holeTotals} counts them (the rules of `strokePlayTotals` and `stablefordTotals`). O(1).
 */
function updateCard(card: PlayerRoundCard, par: number, i: number, value: HoleScore): void {
  const received = card.strokes[i]!;
  const old = holeTotals(card.holes[i], par, received);
  if (old) {
    card.thru -= 1;
    card.gross -= old.gross;
    card.net -= old.net;
    card.par -= par;
    card.pointsTotal -= old.points;
  }
  card.holes[i] = value ?? null;
  const now = holeTotals(value, par, received);
  card.points[i] = now ? now.points : null;
  if (!now) return;
  card.thru += 1;
  card.gross += now.gross;
  card.net += now.net;
  card.par += par;
  card.pointsTotal += now.points;
}
