/**
 * The state of a side game (skins, Nassau) from the round's data and the `sidegame:` document, with the pure rules
 * (`computeSkins`, `computeNassau`). Shared by the server (REST answers) and the device (offline), so both agree.
 */
import { fail, ok, type ErrorDetail, type Result } from '../../../errors.js';
import type { PressInput, SideGameDoc, SideGameState } from '../../../schemas/games.js';
import { checkSkinsConfig, computeNassau, computeSkins, type NassauConfig, type PressRequest, type SkinsConfig } from '../index.js';
import { ALLOWANCES } from '../../golf/index.js';
import { formatAllowance } from '../../rounds.js';
import { countedHoles, matchHandicaps, playingHandicaps, restrict, scoreTableOf, type RoundData } from './round-data.js';
import { endNassau, nassauEnding, perSkinWithWithdrawals, skinsPlayers } from './out-of-play.js';

type SkinsGame = Extract<SideGameDoc, { kind: 'skins' }>;
type NassauGame = Extract<SideGameDoc, { kind: 'nassau' }>;

/** Everyone who plays in a game. */
export function gamePlayers(game: Pick<SideGameDoc, 'kind' | 'participants'>): string[] {
  return Array.isArray(game.participants) ? [...game.participants] : [...game.participants.a, ...game.participants.b];
}

/**
 * The current state of a side game, computed from the round's scores with the pure rules (`computeSkins`,
 * `computeNassau`). Net skins use each player's Playing Handicap frozen on their scorecard; a net Nassau is match
 * play, so strokes are taken off the lowest Playing Handicap at its allowance (`nassauAllowance`, WHS Appendix C).
 * Picked-up holes (WHS Rule 3.1b) win no skin and lose a Nassau hole (halved when both sides picked up). While the
 * round is open only the holes every participant has finished count (see `countedHoles`), and the money is "so far".
 */
export function sideGameState(game: SideGameDoc, data: RoundData): Result<SideGameState> {
  return game.kind === 'skins' ? skinsState(game, data) : nassauState(game, data);
}

function skinsInput(game: SkinsGame, data: RoundData): Result<{ input: SkinsConfig; complete: boolean }> {
  // A no-show is not in the game (issue 34, `out-of-play.ts`); a game needs two players, so a lone one stays.
  const playing = skinsPlayers(data, game.participants);
  const players = playing.length >= 2 ? playing : game.participants;
  const holes = countedHoles(data, players);
  // Leftover skins follow the declared rule once every hole is in; before that they are still in play.
  const complete = data.final || (holes.length > 0 && holes.length === data.holes.length);
  const c = game.config;
  const table = scoreTableOf(data, players, game.basis);
  if (!table.ok) return table;
  return ok({
    complete,
    input: {
      players,
      holes,
      scores: restrict(table.value, holes),
      mode: skinsMode(c, players.length),
      carryover: c.carryover,
      validation: c.validation,
      leftover: complete ? c.leftover : 'refund',
      carriedIn: c.carriedIn,
    },
  });
}

/**
 * How the game's skins are valued. A buy-in per player (issue 35) makes a pot of the buy-in times the players in the
 * game: a no-show is not in it (see `skinsPlayers`) and pays nothing, a player who withdraws during the round paid in
 * and stays in it. The pot is then shared as any pot (`settleSkins`: every player pays an equal share, the odd cents
 * by the lowest ids, so here each pays exactly the buy-in).
 */
function skinsMode(c: SkinsGame['config'], players: number): SkinsConfig['mode'] {
  if (c.mode === 'per_skin') return { kind: 'per_skin', valueCents: c.cents };
  return { kind: 'pot', potCents: c.mode === 'buy_in' ? c.cents * players : c.cents };
}

/**
 * The holes some players of the game have finished but not all, each with how many cards it still waits for: a skin
 * is decided only once every player in the game has finished the hole (see `countedHoles`; players out of the round
 * are not waited for). Empty once the round is completed.
 */
export function waitingHoles(data: RoundData, players: readonly string[]): { hole: number; cards: number }[] {
  if (data.final) return [];
  const playing = players.filter((p) => !data.cards.get(p)?.outOfPlay);
  const last = new Map(playing.map((p) => [p, Math.max(0, ...(data.gross.get(p)?.keys() ?? []))]));
  const counted = new Set(countedHoles(data, players));
  const furthest = Math.max(0, ...last.values());
  return data.holes
    .map((h) => h.number)
    .filter((h) => h <= furthest && !counted.has(h))
    .map((hole) => ({ hole, cards: playing.filter((p) => last.get(p)! < hole).length }))
    .filter((w) => w.cards > 0);
}

function skinsState(game: SkinsGame, data: RoundData): Result<SideGameState> {
  const prepared = skinsInput(game, data);
  if (!prepared.ok) return prepared;
  const { input, complete } = prepared.value;
  const computed = computeSkins(input);
  if (!computed.ok) return computed;
  const r = input.mode.kind === 'per_skin' ? perSkinWithWithdrawals(computed.value, data, input.mode.valueCents) : computed.value;
  return ok({
    kind: 'skins',
    final: data.final,
    holesCounted: [...input.holes],
    playingHandicaps: game.basis === 'net' ? playingHandicaps(data, input.players) : {},
    moneyCents: Object.fromEntries(r.players.map((p) => [p.playerId, p.netCents])),
    holes: r.holes,
    players: r.players,
    carrying: complete ? 0 : r.leftover.skins,
    leftover: complete ? r.leftover : null,
    skinsWon: r.skinsWon,
    waiting: waitingHoles(data, input.players),
    potCents: r.potCents,
    buyInCents: game.config.mode === 'buy_in' ? game.config.cents : null,
    paidOutCents: r.paidOutCents,
  });
}

/** The press's bet id as the pure rules name it, for spotting a press requested twice. */
export function pressId(p: PressInput): string {
  return `${p.bet ?? (p.startHole <= 9 ? 'front' : 'back')}/m${p.startHole}`;
}

type NassauAllowanceOf = Pick<NassauGame, 'participants'> & { config: Pick<NassauGame['config'], 'allowancePercent'> };

/**
 * Whether a Nassau is the four-ball of a four-ball round (two partners a side) without an allowance of its own: it
 * then plays off the Playing Handicaps frozen on the scorecards, at the round's allowance, so each side's better-ball
 * net is the figure the round page, the team board and the phone show (issue 34: one allowance everywhere).
 */
export function playsRoundAllowance(game: NassauAllowanceOf, round?: { format?: string | undefined }): boolean {
  return game.config.allowancePercent === undefined && round?.format === 'four_ball' && game.participants.a.length === 2 && game.participants.b.length === 2;
}

/**
 * The allowance of a Nassau (WHS Appendix C): the game's setting; else, for the four-ball of a four-ball round, the
 * round's allowance (`formatAllowance`, frozen on its scorecards); else the match play default, 100 % for singles and
 * 90 % for teams (four-ball).
 * @example nassauAllowance({ participants: { a: ['anna01'], b: ['bert02'] }, config: {} }) // 100
 */
export function nassauAllowance(game: NassauAllowanceOf, round?: { format?: string | undefined }): number {
  if (game.config.allowancePercent !== undefined) return game.config.allowancePercent;
  if (playsRoundAllowance(game, round)) return formatAllowance('four_ball');
  return game.participants.a.length === 1 && game.participants.b.length === 1 ? ALLOWANCES.individualMatchPlay : ALLOWANCES.fourBallMatchPlay;
}

/**
 * A net Nassau's handicaps: Playing Handicaps at its allowance and match strokes off the lowest; the four-ball of a
 * four-ball round takes each player's full Playing Handicap frozen on the scorecard (see {@link playsRoundAllowance}).
 */
function nassauHandicaps(game: NassauGame, data: RoundData) {
  const players = gamePlayers(game);
  if (playsRoundAllowance(game, data.round)) {
    const phs = playingHandicaps(data, players);
    return { playingHandicaps: phs, strokes: Object.fromEntries(players.map((p) => [p, phs[p] ?? 0])) };
  }
  return matchHandicaps(data, players, nassauAllowance(game, data.round));
}

function nassauInput(game: NassauGame, data: RoundData, presses: readonly PressRequest[]): Result<{ input: NassauConfig; holes: number[] }> {
  const players = gamePlayers(game);
  const { a, b } = game.participants;
  // A side all out of the round ends the match after its last hole (issue 34, `out-of-play.ts`).
  const ending = nassauEnding(data, game.participants);
  const holes = countedHoles(data, players).filter((h) => !ending || h <= ending.afterHole);
  // Net: strokes off the lowest Playing Handicap in the match (WHS Appendix C), not each player's full handicap.
  const table = scoreTableOf(data, players, game.basis, game.basis === 'net' ? nassauHandicaps(game, data).strokes : undefined);
  if (!table.ok) return table;
  return ok({
    holes,
    input: {
      sides: { a, b },
      scores: restrict(table.value, holes),
      stakeCents: game.config.stakes,
      autoPress: game.config.autoPress,
      manualPresses: presses,
      roundComplete: data.final,
    },
  });
}

function nassauState(game: NassauGame, data: RoundData): Result<SideGameState> {
  const ignoredPresses: { press: PressInput; reason: string }[] = [];
  const seen = new Set<string>();
  const presses: PressInput[] = [];
  for (const p of game.config.manualPresses) {
    if (seen.has(pressId(p))) ignoredPresses.push({ press: p, reason: `press ${pressId(p)} is requested twice` });
    else presses.push(p);
    seen.add(pressId(p));
  }
  const net = game.basis === 'net' ? nassauHandicaps(game, data) : null;
  // A press of a bet the scores no longer create (an automatic press undone by an edited score) is set aside, not fatal.
  for (;;) {
    const prepared = nassauInput(game, data, presses);
    if (!prepared.ok) return prepared;
    const { input, holes } = prepared.value;
    const computed = computeNassau(input);
    const ending = nassauEnding(data, game.participants);
    const r = computed.ok && ending ? ok(endNassau(computed.value, game.participants, ending)) : computed;
    if (r.ok) {
      return ok({
        kind: 'nassau',
        final: data.final,
        holesCounted: holes,
        playingHandicaps: net ? net.playingHandicaps : {},
        moneyCents: r.value.totals,
        holes: r.value.holes,
        bets: r.value.bets,
        ignoredPresses,
        allowancePercent: net ? nassauAllowance(game, data.round) : null,
        matchStrokes: net ? net.strokes : {},
        ended: ending ? { side: ending.side, afterHole: ending.afterHole, how: ending.how, playerIds: ending.playerIds } : null,
      });
    }
    const index = r.failure.details?.find((d) => d.path?.[0] === 'manualPresses')?.path?.[1];
    if (typeof index !== 'number' || !presses[index]) return r;
    ignoredPresses.push({ press: presses[index], reason: r.failure.message });
    presses.splice(index, 1);
  }
}

/**
 * Checks a game's settings with the pure rules before it is stored: `validation_failed` naming the body field
 * (e.g. unequal Nassau sides, a press of a bet that does not exist or outside its holes), `conflict` for a press
 * requested twice.
 */
export function checkSideGame(game: SideGameDoc, data: RoundData): Result<true> {
  if (game.kind === 'skins') {
    const prepared = skinsInput(game, data);
    if (!prepared.ok) return prepared;
    return inBody(checkSkinsConfig(prepared.value.input));
  }
  const presses = game.config.manualPresses;
  const ids = presses.map(pressId);
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0) return fail('conflict', `press ${ids[twice]} already exists`, [{ path: ['body'], message: 'a bet can be pressed once from each hole' }]);
  const prepared = nassauInput(game, data, presses);
  if (!prepared.ok) return prepared;
  return inBody(computeNassau(prepared.value.input));
}

const FIELD: Record<string, (string | number)[]> = { players: ['participants'], sides: ['participants'], stakeCents: ['config', 'stakes'] };

/** A pure rule's failure with detail paths in the request body (`body.config.…`, `body.participants`). */
function inBody(r: Result<unknown>): Result<true> {
  if (r.ok) return ok(true);
  const details: ErrorDetail[] = (r.failure.details ?? []).map((d) => {
    const [head, ...rest] = d.path ?? [];
    const mapped = typeof head === 'string' ? (FIELD[head] ?? ['config', head]) : [];
    return { ...d, path: ['body', ...mapped, ...rest] };
  });
  return { ok: false, failure: { ...r.failure, details } };
}
