/**
 * Late changes on the trip day (issue 34): a player added to a group that has not started (a late arrival, or a
 * player put back), and a player marked as not playing the round, before or after the start (a no-show, a
 * withdrawal), with what it does to the round's games shown first. The player stays on the trip; the holes they
 * entered stay as they are; the games' rules for it are `shared/domain/games/state/out-of-play.ts`.
 */
import { roundPlayerIds } from '../../shared/domain/rounds.js';
import { gamePlayers, sideGameState } from '../../shared/domain/games/state/index.js';
import type { GameEffect, OutOfPlayAnswer } from '../../shared/schemas/late-changes.js';
import type { OutOfPlay, RoundDoc, ScorecardDoc } from '../../shared/schemas/round.js';
import type { SettlementDoc } from '../../shared/schemas/money.js';
import type { AppDeps } from '../deps.js';
import { AppError, unwrap } from '../http/errors.js';
import { loadRoundData } from '../games/round-data.js';
import { listSideGames } from '../games/sidegames.service.js';
import { listPlayers } from '../players/players.service.js';
import { presentPairings, type RoundContext } from '../scheduling/pairings.service.js';
import type { Database, StoredDoc } from '../store/docstore.js';
import { docsOfType } from '../store/docs.js';
import { writeGroupsInPlay } from './in-play.service.js';
import { patchRound } from './rounds.service.js';

type Stored<T> = T & StoredDoc;

const cardDocId = (roundId: string, playerId: string) => `scorecard:${roundId}-${playerId}`;

function inPlayState(round: RoundDoc, what: string): void {
  if (round.state !== 'ready' && round.state !== 'in_progress') {
    const why = round.state === 'draft' ? 'it is not ready yet: change its players and groups on the round' : 'it is completed';
    throw new AppError('round_state_conflict', `${round.name} cannot ${what}: ${why}`, [{ message: why, currentState: round.state }]);
  }
}

async function nameOf(db: Database): Promise<(id: string) => string> {
  const players = new Map((await listPlayers(db)).map((p) => [p.id, p.name] as const));
  return (id) => players.get(id) ?? 'a removed player';
}

/**
 * `POST /rounds/:id/add-player`: a trip player who is in no group of the round joins group `toGroup` (from 1). A
 * player new to the round gets a scorecard with their handicap frozen; the group must not have started (409
 * `group_started`, with what to do instead) and keeps at most 6 players (422).
 */
export async function addPlayerToGroup(deps: AppDeps, ctx: RoundContext, playerId: string, toGroup: number) {
  inPlayState(ctx.round, 'take a new player');
  const name = await nameOf(ctx.db);
  const onTrip = (await listPlayers(ctx.db)).some((p) => p.id === playerId);
  if (!onTrip) throw new AppError('unknown_player', 'this player is not on the trip: add them to the trip first', [{ path: ['body', 'playerId'], message: 'not on this trip' }]);
  const at = ctx.round.groups.findIndex((g) => g.playerIds.includes(playerId));
  if (at >= 0) throw new AppError('unprocessable', `${name(playerId)} is already in group ${at + 1}: use Move… to change their group`, [{ path: ['body', 'playerId'], message: 'already in a group' }]);
  if (!ctx.round.groups[toGroup - 1]) throw new AppError('unprocessable', `there is no group ${toGroup}`, [{ path: ['body', 'toGroup'], message: `the round has ${ctx.round.groups.length} groups` }]);
  const card = await ctx.db.get<Stored<ScorecardDoc>>(cardDocId(ctx.round.id, playerId));
  if (card?.outOfPlay) throw new AppError('conflict', `${name(playerId)} is marked ${card.outOfPlay.kind === 'no_show' ? 'a no-show' : 'withdrawn'}: put them back in the round first`);
  const groups = ctx.round.groups.map((g, i) => ({ playerIds: i === toGroup - 1 ? [...g.playerIds, playerId] : g.playerIds, ...(g.teeTime ? { teeTime: g.teeTime } : {}), ...(g.startingHole ? { startingHole: g.startingHole } : {}) }));
  const round = await patchRound(deps, ctx.tripId, ctx.round.id, { groups });
  return presentPairings(ctx.db, ctx.tripId, round);
}

/** What marking (or unmarking) the player does to the round's games: each game's money before and after. */
async function effects(db: Database, roundId: string, playerId: string, mark: OutOfPlay | null): Promise<GameEffect[]> {
  const [data, games] = await Promise.all([loadRoundData(db, roundId), listSideGames(db, roundId)]);
  const card = data.cards.get(playerId)!;
  const changed = { ...data, cards: new Map(data.cards) };
  const { outOfPlay: _was, ...rest } = card;
  changed.cards.set(playerId, (mark ? { ...rest, outOfPlay: mark } : rest) as typeof card);
  return games
    .filter((g) => gamePlayers(g).includes(playerId))
    .map((g) => {
      const before = unwrap(sideGameState(g, data));
      const after = unwrap(sideGameState(g, changed));
      const ended = after.kind === 'nassau' && after.ended && !(before.kind === 'nassau' && before.ended) ? after.ended.how : null;
      return {
        gameId: g.id,
        name: g.name,
        kind: g.kind,
        before: before.moneyCents,
        after: after.moneyCents,
        ends: ended,
        potCents: after.kind === 'skins' ? after.potCents : null,
        players: after.kind === 'skins' ? after.players.length : gamePlayers(g).length,
      };
    });
}

/**
 * `POST /rounds/:id/out-of-play`: marks a player of a ready or started round as not playing it — a no-show when
 * they have no score, a withdrawal after the holes they entered otherwise — without deleting anything. With
 * `preview` nothing is written and the answer says what would change (each game's money, the group they would
 * leave). A player with no score in a group of 3 or more leaves their group, so its phones drop their card at the
 * next sync; the others stay listed, marked.
 */
export async function markOutOfPlay(deps: AppDeps, ctx: RoundContext, body: { playerId: string; nassau: 'forfeit' | 'void'; preview: boolean }): Promise<OutOfPlayAnswer> {
  inPlayState(ctx.round, 'mark a player out');
  const name = await nameOf(ctx.db);
  const card = await ctx.db.get<Stored<ScorecardDoc>>(cardDocId(ctx.round.id, body.playerId));
  if (!card) throw new AppError('unprocessable', `${name(body.playerId)} does not play ${ctx.round.name}`, [{ path: ['body', 'playerId'], message: 'no scorecard in this round' }]);
  if (card.outOfPlay) throw new AppError('conflict', `${name(body.playerId)} is already marked ${card.outOfPlay.kind === 'no_show' ? 'a no-show' : 'withdrawn'}`);
  const data = await loadRoundData(ctx.db, ctx.round.id);
  const afterHole = data.gross.get(body.playerId)?.size ?? 0;
  const mark: OutOfPlay = { kind: afterHole === 0 ? 'no_show' : 'withdrawn', afterHole, nassau: body.nassau, at: deps.now().toISOString() };
  const at = ctx.round.groups.findIndex((g) => g.playerIds.includes(body.playerId));
  const leavesGroup = afterHole === 0 && at >= 0 && ctx.round.groups[at]!.playerIds.length > 2 ? at + 1 : null;
  const games = await effects(ctx.db, ctx.round.id, body.playerId, mark);
  const answer = { playerId: body.playerId, name: name(body.playerId), kind: mark.kind, afterHole, leavesGroup, games };
  if (body.preview) return { ...answer, applied: false };

  // Decided on the card it is written over: a score entered for the player meanwhile is read again (409).
  try {
    await ctx.db.put({ ...card, outOfPlay: mark, updatedAt: mark.at });
  } catch {
    throw new AppError('revision_conflict', `${name(body.playerId)}'s card changed meanwhile: look again and retry`);
  }
  const scoredNow = (await loadRoundData(ctx.db, ctx.round.id)).gross.get(body.playerId)?.size ?? 0;
  if (scoredNow !== afterHole) {
    const fresh = await ctx.db.get<Stored<ScorecardDoc>>(card._id);
    if (fresh) {
      const { outOfPlay: _m, ...undone } = fresh;
      await ctx.db.put({ ...undone, updatedAt: deps.now().toISOString() });
    }
    throw new AppError('revision_conflict', `Nothing changed: a score for ${name(body.playerId)} arrived meanwhile. Look again and retry`);
  }
  let left = leavesGroup;
  if (leavesGroup !== null) {
    const next = {
      ...ctx.round,
      groups: ctx.round.groups.map((g) => ({ ...g, playerIds: g.playerIds.filter((p) => p !== body.playerId) })),
      playerIds: roundPlayerIds(ctx.round),
      updatedAt: mark.at,
    };
    // The group started meanwhile, or the round changed: they stay listed in it, marked.
    left = await writeGroupsInPlay(deps, ctx.db, ctx.round, next).then(
      () => leavesGroup,
      () => null,
    );
  }
  return { ...answer, leavesGroup: left, applied: true };
}

/**
 * `DELETE /rounds/:id/out-of-play/:playerId`: puts a player marked out back in the round (their card plays again;
 * one taken out of their group is put in one with Add to group). Refused (409) once money involving the round's game
 * players has been paid or confirmed: undoing it would change what was settled.
 */
export async function reinstate(deps: AppDeps, ctx: RoundContext, playerId: string, preview: boolean): Promise<OutOfPlayAnswer> {
  inPlayState(ctx.round, 'put a player back');
  const name = await nameOf(ctx.db);
  const card = await ctx.db.get<Stored<ScorecardDoc>>(cardDocId(ctx.round.id, playerId));
  if (!card?.outOfPlay) throw new AppError('unprocessable', `${name(playerId)} is not marked out of ${ctx.round.name}`, [{ path: ['params', 'playerId'], message: 'not out of play' }]);
  const games = await listSideGames(ctx.db, ctx.round.id);
  const involved = new Set(games.filter((g) => gamePlayers(g).includes(playerId)).flatMap((g) => gamePlayers(g)));
  const settled = (await docsOfType<Stored<SettlementDoc>>(ctx.db, 'settlement')).filter((s) => s.status !== 'pending' && (involved.has(s.fromPlayerId) || involved.has(s.toPlayerId)));
  if (settled.length > 0) {
    throw new AppError('conflict', `${name(playerId)} cannot be put back: money between the players of this round's games has already been paid (${settled.length} payment${settled.length === 1 ? '' : 's'})`);
  }
  const answer = { playerId, name: name(playerId), kind: card.outOfPlay.kind, afterHole: card.outOfPlay.afterHole, leavesGroup: null, games: await effects(ctx.db, ctx.round.id, playerId, null) };
  if (preview) return { ...answer, applied: false };
  const { outOfPlay: _gone, ...rest } = card;
  try {
    await ctx.db.put({ ...rest, updatedAt: deps.now().toISOString() });
  } catch {
    throw new AppError('revision_conflict', `${name(playerId)}'s card changed meanwhile: look again and retry`);
  }
  return { ...answer, applied: true };
}
