/**
 * The state of a team's point game from the round's data and its `pointgame:` document (`pointGameState` of the pure
 * rules over the players' net scores). Shared by the server (REST answers) and the device (offline).
 */
import { fail, ok, type Result } from '../../../errors.js';
import type { PointGame, PointGameDoc } from '../../../schemas/games.js';
import type { z } from 'zod';
import { pointGameState, type PointGameConfig } from '../index.js';
import { netScores, tableRecord, type RoundData } from './round-data.js';

type PointGameAnswer = z.infer<typeof PointGame>;

/** What the point game answers besides its document's fields: the rules, the state and the net scores counted. */
export type PointGameView = Pick<PointGameAnswer, 'config' | 'state' | 'netScores'>;

/** The pure rules' input for a team's game: its players, its settings and their net scores. */
export function pointGameConfig(doc: Pick<PointGameDoc, 'playerIds' | 'config'>, data: RoundData): Result<PointGameConfig> {
  const net = netScores(data, doc.playerIds);
  if (!net.ok) return net;
  return ok({ players: doc.playerIds, ...doc.config, netScores: net.value });
}

/**
 * The team's game state: allowed range on the current hole, selections, running total, locked holes, and the net
 * scores they count. Stored selections the rules refuse are a `conflict`.
 */
export function pointGameView(doc: Pick<PointGameDoc, 'team' | 'playerIds' | 'config' | 'selections'>, data: RoundData): Result<PointGameView> {
  const net = netScores(data, doc.playerIds);
  if (!net.ok) return net;
  const config: PointGameConfig = { players: doc.playerIds, ...doc.config, netScores: net.value };
  const r = pointGameState(config, doc.selections);
  if (!r.ok) return fail('conflict', `the stored selections of team ${doc.team} break the rules: ${r.failure.message}`, r.failure.details);
  const { teamSize, targetCount, holes, ...state } = r.value;
  return ok({ config: { teamSize, targetCount, holes }, state, netScores: tableRecord(net.value) });
}
