/**
 * Game state on the phone (issue 4, "Offline"): the state of a side game (skins, Nassau) and of a team's point game,
 * computed from the replicated documents with the same shared functions as the server (`shared/domain/games/state`),
 * so a device without signal shows what `GET /trips/:tripId/side-games/:gameId` and
 * `GET /trip-portal/trips/:tripId/rounds/:roundId/point-game` will answer once it syncs. Answers a `Result`:
 * `round_not_found` / `not_found` for what the device does not hold (yet), with the codes the server answers.
 */
import { applySelection } from '../../shared/domain/games/point-game.js';
import { pointGameConfig, pointGameView, roundDataOf, roundOpen, sideGameState as sideGameStateOf, type PointGameView, type RoundData } from '../../shared/domain/games/state/index.js';
import { fail, type Result } from '../../shared/errors.js';
import type { PointGameDoc, SideGameDoc, SideGameState } from '../../shared/schemas/games.js';
import type { RoundDoc, ScorecardDoc, ScoreDoc } from '../../shared/schemas/round.js';
import type { TripDocument } from './types.js';

/** Where the documents come from: a `DeviceTrip` (`docsOfType`) or anything shaped like it. */
export interface GameDocs {
  docsOfType(type: string): Promise<TripDocument[]>;
}

const docId = (doc: TripDocument): unknown => (doc as { id?: unknown }).id;

/** The round's game data (round, its scorecards and scores) as this device holds it. */
export async function roundData(source: GameDocs, roundId: string): Promise<Result<RoundData>> {
  const [rounds, cards, scores] = await Promise.all([source.docsOfType('round'), source.docsOfType('scorecard'), source.docsOfType('score')]);
  const round = rounds.find((r) => docId(r) === roundId) as unknown as RoundDoc | undefined;
  if (!round) return fail('round_not_found', `no round ${roundId} on this trip`);
  return { ok: true, value: roundDataOf(round, cards as unknown as ScorecardDoc[], scores as unknown as ScoreDoc[]) };
}

/**
 * A side game's state, as the `state` of `GET /trips/:tripId/side-games/:gameId`.
 * @example await sideGameState(trip, gameId) // ok({ kind: 'skins', holesCounted: [1, 2], moneyCents: { … }, … })
 */
export async function sideGameState(source: GameDocs, gameId: string): Promise<Result<SideGameState>> {
  const game = (await source.docsOfType('sidegame')).find((g) => docId(g) === gameId) as unknown as SideGameDoc | undefined;
  if (!game) return fail('not_found', `no side game ${gameId} on this trip`);
  const data = await roundData(source, game.roundId);
  return data.ok ? sideGameStateOf(game, data.value) : data;
}

/**
 * A team's point game in a round: its rules (`config`), `state` and the `netScores` it counts, as in
 * `GET /trip-portal/trips/:tripId/rounds/:roundId/point-game`.
 * @example await pointGameState(trip, roundId, 'USA') // ok({ config: { teamSize: 2, … }, state: { currentHole: 3, … }, netScores })
 */
export async function pointGameState(source: GameDocs, roundId: string, team: string): Promise<Result<PointGameView>> {
  // As on the server: an unknown round first, then a team without a game.
  const data = await roundData(source, roundId);
  if (!data.ok) return data;
  const games = (await source.docsOfType('pointgame')) as unknown as PointGameDoc[];
  const game = games.find((g) => g.roundId === roundId && g.team === team);
  if (!game) return fail('not_found', `team ${team} has no point game in this round`);
  return pointGameView(game, data.value);
}

/** A captain's pick for the current hole of the point game: as the body of `POST …/point-game/selections`. */
export interface PointGamePick {
  hole: number;
  playerIds: readonly string[];
  confirm?: boolean;
}

/**
 * The captain's pick checked on the phone with the server's rules (`applySelection` over the net scores the phone
 * holds), before anything is sent: answers the game document as it would be with the pick (`selections`
 * replaced, `updatedAt` = `now`) and its new state, or the failure the server would answer, with its code and
 * message — `not_found` (no game for my team), `forbidden` (not the captain), `round_state_conflict` (completed),
 * `conflict` (a locked or future hole), `unprocessable` (a count out of range, a player without a net score),
 * `unknown_player`, `duplicate_player`. The document is what a captain may write through sync (only `selections`
 * and `updatedAt` change), so it can be written offline once the device library writes documents.
 * @example await planPointGamePick(trip, roundId, 'anna01', { hole: 3, playerIds: ['anna01'], confirm: true }, new Date().toISOString())
 */
export async function planPointGamePick(
  source: GameDocs,
  roundId: string,
  playerId: string,
  pick: PointGamePick,
  now: string,
): Promise<Result<{ doc: PointGameDoc & TripDocument; view: PointGameView }>> {
  const data = await roundData(source, roundId);
  if (!data.ok) return data;
  const games = (await source.docsOfType('pointgame')) as unknown as (PointGameDoc & TripDocument)[];
  const game = games.filter((g) => g.roundId === roundId && g.playerIds.includes(playerId)).sort((a, b) => a.team.localeCompare(b.team))[0];
  if (!game) return fail('not_found', 'your team has no point game in this round');
  if (game.captainId !== playerId) return fail('forbidden', `only the captain of team ${game.team} selects the scores that count`);
  const open = roundOpen(data.value.round, 'the point game');
  if (!open.ok) return open;
  const config = pointGameConfig(game, data.value);
  if (!config.ok) return config;
  const applied = applySelection(config.value, game.selections, { hole: pick.hole, playerIds: pick.playerIds, confirm: pick.confirm === true });
  if (!applied.ok) return applied;
  const doc = { ...game, selections: applied.value.selections.map((s) => ({ ...s, playerIds: [...s.playerIds] })), updatedAt: now };
  const view = pointGameView(doc, data.value);
  return view.ok ? { ok: true, value: { doc, view: view.value } } : view;
}
