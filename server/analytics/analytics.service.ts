import {
  ANALYTICS_DOC_TYPES,
  funStats,
  headToHead as headToHeadOf,
  headToHeadMatrix,
  mvp,
  rivalries as rivalriesOf,
  tripSummary,
} from '../../shared/domain/analytics/index.js';
import type { DocsByType } from '../../shared/domain/leaderboards/index.js';
import type { FunStats, HeadToHead, HeadToHeadMatrix, Mvp, Rivalries, RivalriesQuery, TripSummary } from '../../shared/schemas/analytics.js';
import { unwrap } from '../http/errors.js';
import type { Database } from '../store/docstore.js';
import { docsOfType } from '../store/docs.js';

/**
 * Analytics from a trip's documents (issue 8): only the types analytics read are loaded (players, rounds, scorecards,
 * scores, competitions, matches), and the figures are `shared/domain/analytics`, pure functions a device can run
 * offline. Domain failures become AppErrors (an unknown player: 404 `player_not_found`).
 */
async function load(db: Database): Promise<DocsByType> {
  const lists = await Promise.all(ANALYTICS_DOC_TYPES.map((type) => docsOfType(db, type)));
  return Object.fromEntries(ANALYTICS_DOC_TYPES.map((type, i) => [type, lists[i]!]));
}

export async function summary(db: Database): Promise<TripSummary> {
  return tripSummary(await load(db));
}

export async function headToHead(db: Database, playerA: string, playerB: string): Promise<HeadToHead> {
  return unwrap(headToHeadOf(await load(db), playerA, playerB));
}

export async function matrix(db: Database): Promise<HeadToHeadMatrix> {
  return headToHeadMatrix(await load(db));
}

export async function mostValuable(db: Database): Promise<Mvp> {
  return mvp(await load(db));
}

export async function fun(db: Database): Promise<FunStats> {
  return funStats(await load(db));
}

export async function rivalries(db: Database, query: RivalriesQuery): Promise<Rivalries> {
  return rivalriesOf(await load(db), query);
}
