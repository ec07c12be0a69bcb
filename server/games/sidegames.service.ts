import { z } from 'zod';
import { roundPlayerIds } from '../../shared/domain/rounds.js';
import type { ErrorDetail } from '../../shared/errors.js';
import { NassauSettings, NassauSides, SkinsSettings, type CreateSideGameBody, type PatchSideGameBody, type PressInput, type SideGame, type SideGameDoc, type SideGameState } from '../../shared/schemas/games.js';
import type { RoundDoc } from '../../shared/schemas/round.js';
import type { AppDeps } from '../deps.js';
import { AppError, zodDetails } from '../http/errors.js';
import { listPlayers } from '../players/players.service.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsOfType, updateDoc } from '../store/docs.js';
import { newDocFields, stripDoc } from '../trips/trip-db.js';
import { assertGameMayChange, assertRoundOpen, loadRoundData, type RoundData } from './round-data.js';
import { checkSideGame, gamePlayers, pressId, sideGameState } from './sidegames.state.js';

type Stored<T> = T & StoredDoc;
export type StoredGame = Stored<SideGameDoc>;
export type Creator = SideGameDoc['createdBy'];

export const sideGameDocId = (gameId: string) => `sidegame:${gameId}`;

export async function listSideGames(db: Database, roundId?: string): Promise<StoredGame[]> {
  const games = await docsOfType<StoredGame>(db, 'sidegame');
  // Games made together (a Nassau in every group) share their time: by name then, group 2 before group 10.
  return games
    .filter((g) => !roundId || g.roundId === roundId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.name.localeCompare(b.name, 'en', { numeric: true }) || a.id.localeCompare(b.id));
}

export async function getSideGame(db: Database, gameId: string): Promise<StoredGame> {
  const game = await db.get<StoredGame>(sideGameDocId(gameId));
  if (!game || game.type !== 'sidegame') throw new AppError('not_found', `no side game ${gameId} on this trip`);
  return game;
}

export function presentSideGame(tripId: string, doc: StoredGame): z.infer<typeof SideGame> {
  return { ...stripDoc(doc), tripId } as z.infer<typeof SideGame>;
}

/** The game and its state, reading the round's scores once per round when `cache` is shared across games. */
export async function withState(db: Database, tripId: string, game: StoredGame, cache = new Map<string, Promise<RoundData>>()) {
  let data = cache.get(game.roundId);
  if (!data) cache.set(game.roundId, (data = loadRoundData(db, game.roundId)));
  return { game: presentSideGame(tripId, game), state: sideGameState(game, await data) as SideGameState };
}

/**
 * Players of a game must be on the trip (422 `unknown_player`), listed once (422 `duplicate_player`) and play the
 * round (422 `unprocessable`). A Nassau needs an 18-hole course when the round has one (422).
 */
async function checkParticipants(db: Database, round: RoundDoc, game: Pick<SideGameDoc, 'kind' | 'participants'>): Promise<void> {
  const players = gamePlayers(game);
  const onTrip = new Set((await listPlayers(db)).map((p) => p.id));
  const inRound = new Set(roundPlayerIds(round));
  const at = (i: number): (string | number)[] => {
    if (Array.isArray(game.participants)) return ['body', 'participants', i];
    const na = game.participants.a.length;
    return i < na ? ['body', 'participants', 'a', i] : ['body', 'participants', 'b', i - na];
  };
  const problem = (code: 'unknown_player' | 'duplicate_player' | 'unprocessable', detail: ErrorDetail) => {
    throw new AppError(code, detail.message, [detail]);
  };
  players.forEach((p, i) => {
    if (!onTrip.has(p)) problem('unknown_player', { path: at(i), message: `player ${p} is not on this trip`, playerId: p });
    if (players.indexOf(p) !== i) problem('duplicate_player', { path: at(i), message: `player ${p} is listed twice`, playerId: p });
    if (!inRound.has(p)) problem('unprocessable', { path: at(i), message: `player ${p} does not play round ${round.name}`, playerId: p });
  });
  if (game.kind === 'nassau' && round.course && round.course.holes.length !== 18) {
    throw new AppError('unprocessable', 'a Nassau is played over 18 holes (front nine, back nine, overall); this course has 9', [{ path: ['body', 'roundId'], message: 'not an 18-hole round' }]);
  }
}

/** `POST …/side-games` (dashboard and portal): checks players and settings, then stores the game. */
export async function createSideGame(deps: AppDeps, db: Database, input: CreateSideGameBody & { confirmCompleted?: boolean }, createdBy: Creator): Promise<StoredGame> {
  const { confirmCompleted, ...body } = input;
  const data = await loadRoundData(db, body.roundId);
  if (createdBy.kind === 'organizer') assertGameMayChange(data.round, confirmCompleted);
  else assertRoundOpen(data.round, 'its games');
  await checkParticipants(db, data.round, body);
  const fields = newDocFields(deps, 'sidegame', deps.newId());
  const name = body.name ?? `${body.kind === 'skins' ? 'Skins' : 'Nassau'} – ${data.round.name}`;
  const doc = { ...fields, ...body, name, createdBy } as StoredGame;
  checkSideGame(doc, data);
  const { rev } = await db.put(doc);
  return { ...doc, _rev: rev };
}

/** Settings given are merged into the game's and checked again as a whole, against the game's kind. */
function mergeGame(game: StoredGame, patch: PatchSideGameBody, now: string): StoredGame {
  const next = { ...game, updatedAt: now } as Record<string, unknown>;
  if (patch.name !== undefined) next.name = patch.name;
  if (patch.basis !== undefined) next.basis = patch.basis;
  if (patch.participants !== undefined) {
    const wanted = game.kind === 'skins' ? z.array(z.string()) : NassauSides;
    if (!wanted.safeParse(patch.participants).success) {
      const message = game.kind === 'skins' ? 'a skins game lists its players' : 'a Nassau lists its sides {a, b}';
      throw new AppError('validation_failed', message, [{ path: ['body', 'participants'], message }]);
    }
    next.participants = patch.participants;
  }
  if (patch.config !== undefined) {
    const schema = game.kind === 'skins' ? SkinsSettings : NassauSettings;
    const r = schema.safeParse({ ...game.config, ...patch.config });
    if (!r.success) throw new AppError('validation_failed', `invalid ${game.kind} settings: ${r.error.issues[0]!.message}`, zodDetails(r.error, ['body', 'config']));
    next.config = r.data;
  }
  return next as StoredGame;
}

/** `PATCH …/side-games/:gameId`: while the round is not completed (409 otherwise), unless the organizer confirms (`confirmCompleted`). */
export async function patchSideGame(deps: AppDeps, db: Database, gameId: string, patch: PatchSideGameBody): Promise<{ game: StoredGame; data: RoundData }> {
  const current = await getSideGame(db, gameId);
  const data = await loadRoundData(db, current.roundId);
  assertGameMayChange(data.round, patch.confirmCompleted);
  const merged = mergeGame(current, patch, deps.now().toISOString());
  if (patch.participants !== undefined) await checkParticipants(db, data.round, merged);
  if (patch.participants !== undefined || patch.config !== undefined) checkSideGame(merged, data);
  const updated = await updateDoc<StoredGame>(db, current._id, (doc) => {
    if (doc._rev !== current._rev) throw new AppError('revision_conflict', 'the game changed while this edit was checked; read it again and retry');
    return merged;
  });
  return { game: updated!, data };
}

export async function deleteSideGame(db: Database, gameId: string): Promise<void> {
  const game = await getSideGame(db, gameId);
  await db.bulkDocs([{ _id: game._id, _rev: game._rev!, _deleted: true }]);
}

/** `POST …/presses`: a manual Nassau press (422 for skins; 409 when that bet is already pressed from that hole). */
export async function addPress(deps: AppDeps, db: Database, gameId: string, press: PressInput): Promise<{ game: StoredGame; data: RoundData }> {
  const current = await getSideGame(db, gameId);
  if (current.kind !== 'nassau') throw new AppError('unprocessable', 'presses belong to a Nassau; this is a skins game');
  const data = await loadRoundData(db, current.roundId);
  assertRoundOpen(data.round, 'its games');
  if (current.config.manualPresses.some((p) => pressId(p) === pressId(press))) {
    throw new AppError('conflict', `bet ${pressId(press).split('/m')[0]} is already pressed from hole ${press.startHole}`);
  }
  const next: StoredGame = { ...current, config: { ...current.config, manualPresses: [...current.config.manualPresses, press] }, updatedAt: deps.now().toISOString() };
  checkSideGame(next, data);
  return { game: await save(db, current, next), data };
}

/**
 * A player joins a skins game of a round they play, before it has results: no participant has a score yet (409
 * `conflict` after that; Nassau sides are fixed at creation). Joining twice changes nothing.
 */
export async function joinSideGame(deps: AppDeps, db: Database, gameId: string, playerId: string): Promise<{ game: StoredGame; data: RoundData }> {
  const current = await getSideGame(db, gameId);
  const data = await loadRoundData(db, current.roundId);
  if (current.kind !== 'skins') throw new AppError('conflict', 'Nassau sides are fixed when the game is created');
  if (current.participants.includes(playerId)) return { game: current, data };
  assertRoundOpen(data.round, 'its games');
  if (!roundPlayerIds(data.round).includes(playerId)) throw new AppError('unprocessable', `you do not play round ${data.round.name}`);
  if (hasResults(current, data)) throw new AppError('conflict', 'the game already has results: players join before its first score');
  const next: StoredGame = { ...current, participants: [...current.participants, playerId], updatedAt: deps.now().toISOString() };
  return { game: await save(db, current, next), data };
}

/** A game has results once any of its players has a score in the round. */
export function hasResults(game: SideGameDoc, data: RoundData): boolean {
  return data.final || gamePlayers(game).some((p) => (data.gross.get(p)?.size ?? 0) > 0);
}

async function save(db: Database, current: StoredGame, next: StoredGame): Promise<StoredGame> {
  const updated = await updateDoc<StoredGame>(db, current._id, (doc) => {
    if (doc._rev !== current._rev) throw new AppError('revision_conflict', 'the game changed meanwhile; read it again and retry');
    return next;
  });
  return updated!;
}
