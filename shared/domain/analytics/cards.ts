import type { PlayedRound, PlayerRef, ScoringDistribution } from '../../schemas/analytics.js';
import { ALLOWANCES } from '../golf/handicap.js';
import { competitionBoard, countedGross, fromDocs, snapshotSource, type DocsByType, type SnapshotCompetition, type SnapshotPlayer, type SnapshotRound, type TeamMatchResult } from '../leaderboards/index.js';
import { LEADERBOARD_DOC_TYPES } from '../../schemas/leaderboards.js';

/**
 * What every analytic reads, prepared once from a trip's documents: players, rounds in trip order, completed cards
 * and finished team matches. Gross, net and par come from the leaderboards' cards (`snapshotSource`), so analytics
 * and leaderboards never disagree about a score.
 *
 * Rules (README, "Analytics"):
 * - Only entered scores count. A player has **played** a round when their scorecard has a score on every hole of the
 *   round's course; partly entered cards and rounds without a course count nowhere.
 * - Net is gross minus the handicap strokes received at the WHS individual stroke play allowance (95 %, Appendix C)
 *   of the handicap frozen on the scorecard, as on the net leaderboard; no Handicap Index plays off scratch.
 * - Trip order of rounds: by date, then name (numbers in names compare as numbers: "Day 2" before "Day 10"), then id.
 */

/** A completed card with its holes. */
export interface PlayedCard extends PlayedRound {
  /** Index of the round in trip order. */
  order: number;
  /** The course's holes in card order with the gross strokes taken. */
  holes: { number: number; par: number; strokes: number }[];
}

/** A finished team match, with its competition. */
export interface FinishedMatch {
  competitionId: string;
  competitionName: string;
  result: TeamMatchResult;
}

/** The prepared trip. */
export interface TripAnalytics {
  docs: DocsByType;
  /** Every player, by name then id. */
  players: SnapshotPlayer[];
  /** Every round, in trip order. */
  rounds: SnapshotRound[];
  /** Completed cards in trip order, then by player name. */
  cards: PlayedCard[];
  /** Every competition, by name then id. */
  competitions: SnapshotCompetition[];
  matches: FinishedMatch[];
}

/** The document types analytics read: those of the leaderboards, and team matches. */
export const ANALYTICS_DOC_TYPES: readonly string[] = [...LEADERBOARD_DOC_TYPES, 'match'];

/** The allowance net scores are taken at: WHS Appendix C, individual stroke play. */
export const NET_ALLOWANCE = ALLOWANCES.individualStrokePlay;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Orders players by name, then id.
 * @example [{ id: 'b', name: 'Al' }, { id: 'a', name: 'Bo' }].sort(byName) // Al, Bo
 */
export function byName(a: { name: string; id?: string; playerId?: string }, b: { name: string; id?: string; playerId?: string }): number {
  return collator.compare(a.name, b.name) || byText(a.playerId ?? a.id ?? '', b.playerId ?? b.id ?? '');
}

/**
 * Orders rounds by date, then name (numeric aware), then id.
 * @example [day10, day2].sort(tripOrder) // Day 2, Day 10 (same date)
 */
export function tripOrder(a: SnapshotRound, b: SnapshotRound): number {
  return byText(a.date, b.date) || collator.compare(a.name, b.name) || byText(a.id, b.id);
}

/**
 * The prepared trip from its documents grouped by type (`player`, `round`, `scorecard`, `score`, `competition`,
 * `match`; other types are ignored).
 * @example prepare({ player: [...], round: [...], scorecard: [...], score: [...] }).cards[0] // { gross: 40, net: 35, … }
 */
export function prepare(docs: DocsByType): TripAnalytics {
  const snapshot = fromDocs(LEADERBOARD_DOC_TYPES.flatMap((t) => docs[t] ?? []));
  const source = snapshotSource(snapshot);
  const players = [...snapshot.players].sort(byName);
  const rounds = [...snapshot.rounds].sort(tripOrder);
  const nameOf = new Map(players.map((p) => [p.id, p.name]));
  const cards: PlayedCard[] = [];
  rounds.forEach((round, order) => {
    if (round.holes.length === 0) return;
    const roundCards: PlayedCard[] = [];
    for (const card of source.cards(round.id, NET_ALLOWANCE)) {
      // Scorecards of someone no longer on the trip are left out, as everywhere a player is listed by name.
      const name = nameOf.get(card.playerId);
      if (name === undefined || card.thru !== round.holes.length) continue;
      roundCards.push({
        playerId: card.playerId,
        name,
        roundId: round.id,
        roundName: round.name,
        date: round.date,
        gross: card.gross,
        net: card.net,
        par: card.par,
        grossToPar: card.gross - card.par,
        netToPar: card.net - card.par,
        order,
        // A picked-up hole (WHS Rule 3.1b) counts at its net double bogey, as on the leaderboard.
        holes: countedGross(card, round.holes).map((strokes, i) => ({ number: round.holes[i]!.number, par: round.holes[i]!.par, strokes: strokes! })),
      });
    }
    cards.push(...roundCards.sort(byName));
  });
  const competitions = [...snapshot.competitions].sort(byName);
  return { docs, players, rounds, cards, competitions, matches: finishedMatches(docs, competitions.filter((c) => c.format === 'team_match')) };
}

/** Finished matches of every `team_match` competition, scored as the competition's leaderboard scores them. */
function finishedMatches(docs: DocsByType, competitions: readonly { id: string; name: string }[]): FinishedMatch[] {
  const out: FinishedMatch[] = [];
  for (const c of competitions) {
    const board = competitionBoard(docs, c.id);
    if (!board.ok || board.value.kind !== 'team_match') continue;
    for (const m of board.value.matches) if (m.finished) out.push({ competitionId: c.id, competitionName: c.name, result: m });
  }
  return out;
}

/**
 * A completed card as the API shows it (without its holes and order).
 * @example publicRound(card) // { playerId, name, roundId, roundName, date, gross, net, par, grossToPar, netToPar }
 */
export function publicRound(card: PlayedCard): PlayedRound {
  const { playerId, name, roundId, roundName, date, gross, net, par, grossToPar, netToPar } = card;
  return { playerId, name, roundId, roundName, date, gross, net, par, grossToPar, netToPar };
}

/** @example playerRef({ id: 'ann001', name: 'Ann' }) // { playerId: 'ann001', name: 'Ann' } */
export function playerRef(p: { id: string; name: string }): PlayerRef {
  return { playerId: p.id, name: p.name };
}

/**
 * Holes by gross score against par: eagle or better ≤ −2, birdie −1, par 0, bogey +1, double bogey or worse ≥ +2.
 * @example scoringOf([{ par: 4, strokes: 3 }, { par: 5, strokes: 8 }]) // { birdies: 1, birdiesOrBetter: 1, doubleBogeysOrWorse: 1, … }
 */
export function scoringOf(holes: Iterable<{ par: number; strokes: number }>): ScoringDistribution {
  const s = { eaglesOrBetter: 0, birdies: 0, birdiesOrBetter: 0, pars: 0, bogeys: 0, doubleBogeysOrWorse: 0 };
  for (const h of holes) {
    const d = h.strokes - h.par;
    if (d <= -2) s.eaglesOrBetter += 1;
    else if (d === -1) s.birdies += 1;
    else if (d === 0) s.pars += 1;
    else if (d === 1) s.bogeys += 1;
    else s.doubleBogeysOrWorse += 1;
  }
  s.birdiesOrBetter = s.eaglesOrBetter + s.birdies;
  return s;
}

/**
 * The mean rounded to 2 decimals, `null` for no values.
 * @example mean([70, 71, 73]) // 71.33
 */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return round2(values.reduce((a, b) => a + b, 0) / values.length);
}

/** @example round2(7.3333) // 7.33 */
export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}
