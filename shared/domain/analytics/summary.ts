import type { PlayerSummary, TripSummary } from '../../schemas/analytics.js';
import type { DocsByType } from '../leaderboards/index.js';
import { mean, prepare, publicRound, scoringOf, type PlayedCard } from './cards.js';

/**
 * Trip summary (issue 8): rounds played, scoring averages, birdies and better, best rounds — over completed cards
 * only (a score on every hole, see `prepare`).
 *
 * - Averages are means over a player's (or the trip's) completed cards, rounded to 2 decimals.
 * - Scoring counts the holes of completed cards by gross score against the hole's par.
 * - A best round is the lowest to par (gross or net), the earlier round in trip order first on equal scores, then
 *   the player's name; the trip lists up to {@link BEST_ROUNDS}.
 */

/** How many best rounds the trip summary lists per basis. */
export const BEST_ROUNDS = 3;

/**
 * The trip summary.
 * @example tripSummary(docs) // { roundsScheduled: 3, roundsPlayed: 2, players: [{ name: 'Al', averageGross: 84.5, … }], … }
 */
export function tripSummary(docs: DocsByType): TripSummary {
  const trip = prepare(docs);
  const players: PlayerSummary[] = trip.players.map((p) => {
    const cards = trip.cards.filter((c) => c.playerId === p.id);
    return {
      playerId: p.id,
      name: p.name,
      ...(p.team !== undefined ? { team: p.team } : {}),
      roundsPlayed: cards.length,
      holesPlayed: cards.reduce((n, c) => n + c.holes.length, 0),
      averageGross: mean(cards.map((c) => c.gross)),
      averageNet: mean(cards.map((c) => c.net)),
      averageGrossToPar: mean(cards.map((c) => c.grossToPar)),
      averageNetToPar: mean(cards.map((c) => c.netToPar)),
      bestGross: best(cards, 'grossToPar', 1)[0] ?? null,
      bestNet: best(cards, 'netToPar', 1)[0] ?? null,
      scoring: scoringOf(cards.flatMap((c) => c.holes)),
    };
  });
  return {
    roundsScheduled: trip.rounds.length,
    roundsPlayed: new Set(trip.cards.map((c) => c.roundId)).size,
    cardsCompleted: trip.cards.length,
    holesPlayed: trip.cards.reduce((n, c) => n + c.holes.length, 0),
    averageGross: mean(trip.cards.map((c) => c.gross)),
    averageNet: mean(trip.cards.map((c) => c.net)),
    scoring: scoringOf(trip.cards.flatMap((c) => c.holes)),
    players,
    bestRounds: { gross: best(trip.cards, 'grossToPar', BEST_ROUNDS), net: best(trip.cards, 'netToPar', BEST_ROUNDS) },
  };
}

/** The `n` lowest cards on a to-par figure; `cards` is in trip order, then name, and the sort keeps that order on ties. */
function best(cards: readonly PlayedCard[], key: 'grossToPar' | 'netToPar', n: number) {
  return [...cards].sort((a, b) => a[key] - b[key]).slice(0, n).map(publicRound);
}
