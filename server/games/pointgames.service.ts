import { createHash } from 'node:crypto';
import { applySelection, pointGameRules, pointGameState, type PointGameConfig } from '../../shared/domain/games/index.js';
import { pointGameConfig, pointGameView } from '../../shared/domain/games/state/index.js';
import { roundPlayerIds } from '../../shared/domain/rounds.js';
import type { ErrorDetail } from '../../shared/errors.js';
import type { CreatePointGameBody, PointGame, PointGameDoc } from '../../shared/schemas/games.js';
import type { z } from 'zod';
import type { AppDeps } from '../deps.js';
import { AppError, unwrap } from '../http/errors.js';
import { listPlayers } from '../players/players.service.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsWithPrefix, updateDoc } from '../store/docs.js';
import { newDocFields } from '../trips/trip-db.js';
import { assertRoundOpen, loadRoundData, type RoundData } from './round-data.js';

type Stored<T> = T & StoredDoc;
type StoredPointGame = Stored<PointGameDoc>;

/** A team name as a document key: lowercase letters and digits ("Team USA" → "teamusa"); a hash when none remain. */
export function teamKey(team: string): string {
  const slug = team.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 40);
  return slug || `t${createHash('sha256').update(team).digest('hex').slice(0, 12)}`;
}

export const pointGameId = (roundId: string, key: string) => `${roundId}-${key}`;

/** Point games of a round, one per team, by team name. */
export async function listPointGames(db: Database, roundId: string): Promise<StoredPointGame[]> {
  const games = await docsWithPrefix<StoredPointGame>(db, `pointgame:${roundId}-`);
  return games.sort((a, b) => a.team.localeCompare(b.team));
}

function configOf(doc: PointGameDoc, data: RoundData): PointGameConfig {
  return unwrap(pointGameConfig(doc, data));
}

/** The team's game with its state: allowed range on the current hole, selections, running total, locked holes. */
export function presentPointGame(tripId: string, doc: StoredPointGame, data: RoundData): z.infer<typeof PointGame> {
  const { config, state, netScores } = unwrap(pointGameView(doc, data));
  return {
    id: doc.id,
    tripId,
    roundId: doc.roundId,
    team: doc.team,
    captainId: doc.captainId,
    playerIds: doc.playerIds,
    config,
    state,
    netScores,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/**
 * `POST /trips/:tripId/rounds/:roundId/point-games`: sets up the point game of one team (the round's players with
 * that team name) and names its captain. Setting it up again replaces it while no hole is selected (409 after).
 * The default target is 10 scores per player over 18 holes: 40 for a team of 4.
 */
export async function setUpPointGame(deps: AppDeps, db: Database, roundId: string, body: CreatePointGameBody): Promise<{ doc: StoredPointGame; created: boolean; data: RoundData }> {
  const data = await loadRoundData(db, roundId);
  assertRoundOpen(data.round, 'its point games');
  const players = await listPlayers(db);
  const teamOf = new Map(players.map((p) => [p.id, p.team] as const));
  const members = roundPlayerIds(data.round).filter((p) => teamOf.get(p) === body.team);
  const refuse = (code: 'unknown_player' | 'unprocessable', path: string, message: string): never => {
    throw new AppError(code, message, [{ path: ['body', path], message }]);
  };
  if (members.length === 0) refuse('unprocessable', 'team', `no player of team ${body.team} plays round ${data.round.name}`);
  if (!teamOf.has(body.captainId)) refuse('unknown_player', 'captainId', `player ${body.captainId} is not on this trip`);
  if (!members.includes(body.captainId)) refuse('unprocessable', 'captainId', `the captain must be a player of team ${body.team} in this round`);
  const teamSize = body.teamSize ?? members.length;
  if (teamSize !== members.length) refuse('unprocessable', 'teamSize', `team ${body.team} has ${members.length} players in this round, not ${teamSize}`);
  const holes = data.holes.length;
  if (holes === 0) refuse('unprocessable', 'team', 'the round has no course yet');
  const targetCount = body.targetCount ?? Math.round((10 * teamSize * holes) / 18);
  const rules = pointGameRules({ players: members, teamSize, targetCount, holes, netScores: {} });
  if (!rules.ok) throw new AppError(rules.failure.code, rules.failure.message, rules.failure.details?.map((d) => ({ ...d, path: ['body', ...(d.path ?? [])] })));

  const key = teamKey(body.team);
  const fields = newDocFields(deps, 'pointgame', pointGameId(roundId, key));
  const doc: StoredPointGame = { ...fields, roundId, team: body.team, teamKey: key, captainId: body.captainId, playerIds: members, config: { teamSize, targetCount, holes }, selections: [] };
  const existing = await db.get<StoredPointGame>(fields._id);
  if (existing) {
    if (existing.team !== body.team) throw new AppError('conflict', `team ${existing.team} already uses the key ${key}: rename one of the teams`);
    if (existing.selections.length > 0) throw new AppError('conflict', `team ${body.team} has already selected scores in this round`);
    const updated = await updateDoc<StoredPointGame>(db, fields._id, (d) => {
      if (d._rev !== existing._rev) throw new AppError('revision_conflict', 'the point game changed meanwhile; retry');
      return { ...doc, createdAt: d.createdAt };
    });
    return { doc: updated!, created: false, data };
  }
  const { rev } = await db.put(doc);
  return { doc: { ...doc, _rev: rev }, created: true, data };
}

/** The point game of the team `playerId` plays for in the round (404 when there is none). */
export async function myPointGame(db: Database, roundId: string, playerId: string): Promise<StoredPointGame> {
  const game = (await listPointGames(db, roundId)).find((g) => g.playerIds.includes(playerId));
  if (!game) throw new AppError('not_found', 'your team has no point game in this round');
  return game;
}

/**
 * The captain's selection for a hole (`applySelection`): only the captain (403); only while the round is open
 * (409); the pure rules refuse a locked or future hole (409 `conflict`), a player not on the team or twice (422),
 * a player without a net score or a count out of the allowed range (422 `unprocessable`).
 */
export async function selectScores(
  db: Database,
  roundId: string,
  playerId: string,
  request: { hole: number; playerIds: string[]; confirm: boolean },
  now: string,
): Promise<{ doc: StoredPointGame; data: RoundData }> {
  const data = await loadRoundData(db, roundId);
  const game = await myPointGame(db, roundId, playerId);
  if (game.captainId !== playerId) throw new AppError('forbidden', `only the captain of team ${game.team} selects the scores that count`);
  assertRoundOpen(data.round, 'the point game');
  const updated = await updateDoc<StoredPointGame>(db, game._id, (doc) => {
    const r = unwrap(applySelection(configOf(doc, data), doc.selections, request));
    return { ...doc, selections: r.selections.map((s) => ({ ...s, playerIds: [...s.playerIds] })), updatedAt: now };
  });
  return { doc: updated!, data };
}

/**
 * Why a round cannot complete yet because of its point games: one detail per team whose game does not have every
 * hole confirmed with exactly the target count (issue 4). For the round completion to call; empty when none.
 */
export async function pointGameCompletionProblems(db: Database, roundId: string): Promise<ErrorDetail[]> {
  const games = await listPointGames(db, roundId);
  if (games.length === 0) return [];
  const data = await loadRoundData(db, roundId);
  return games.flatMap((g) => {
    const r = pointGameState(configOf(g, data), g.selections);
    if (r.ok && r.value.complete) return [];
    const counted = r.ok ? r.value.countedSoFar : 0;
    return [{ message: `team ${g.team} has counted ${counted} of ${g.config.targetCount} scores`, code: 'point_game_incomplete', team: g.team, pointGameId: g.id }];
  });
}
