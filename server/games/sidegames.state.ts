import { computeNassau, computeSkins, checkSkinsConfig, type NassauConfig, type PressRequest, type SkinsConfig } from '../../shared/domain/games/index.js';
import type { ErrorDetail, Failure, Result } from '../../shared/errors.js';
import type { PressInput, SideGameDoc, SideGameState } from '../../shared/schemas/games.js';
import { AppError } from '../http/errors.js';
import { countedHoles, playingHandicaps, restrict, scoreTable, type RoundData } from './round-data.js';

type SkinsGame = Extract<SideGameDoc, { kind: 'skins' }>;
type NassauGame = Extract<SideGameDoc, { kind: 'nassau' }>;

/** Everyone who plays in a game. */
export function gamePlayers(game: Pick<SideGameDoc, 'kind' | 'participants'>): string[] {
  return Array.isArray(game.participants) ? [...game.participants] : [...game.participants.a, ...game.participants.b];
}

/**
 * The current state of a side game, computed from the round's scores with the pure rules (`computeSkins`,
 * `computeNassau`). Net games use each player's Playing Handicap frozen on their scorecard. While the round is
 * open only the holes every participant has finished count (see `countedHoles`), and the money is "so far".
 */
export function sideGameState(game: SideGameDoc, data: RoundData): SideGameState {
  return game.kind === 'skins' ? skinsState(game, data) : nassauState(game, data);
}

function skinsInput(game: SkinsGame, data: RoundData): { input: SkinsConfig; complete: boolean } {
  const players = game.participants;
  const holes = countedHoles(data, players);
  // Leftover skins follow the declared rule once every hole is in; before that they are still in play.
  const complete = data.final || (holes.length > 0 && holes.length === data.holes.length);
  const c = game.config;
  return {
    complete,
    input: {
      players,
      holes,
      scores: restrict(scoreTable(data, players, game.basis), holes),
      mode: c.mode === 'pot' ? { kind: 'pot', potCents: c.cents } : { kind: 'per_skin', valueCents: c.cents },
      carryover: c.carryover,
      validation: c.validation,
      leftover: complete ? c.leftover : 'refund',
      carriedIn: c.carriedIn,
    },
  };
}

function skinsState(game: SkinsGame, data: RoundData): SideGameState {
  const { input, complete } = skinsInput(game, data);
  const r = orThrow(computeSkins(input));
  return {
    kind: 'skins',
    final: data.final,
    holesCounted: [...input.holes],
    playingHandicaps: game.basis === 'net' ? playingHandicaps(data, game.participants) : {},
    moneyCents: Object.fromEntries(r.players.map((p) => [p.playerId, p.netCents])),
    holes: r.holes,
    players: r.players,
    carrying: complete ? 0 : r.leftover.skins,
    leftover: complete ? r.leftover : null,
    skinsWon: r.skinsWon,
    potCents: r.potCents,
    paidOutCents: r.paidOutCents,
  };
}

/** The press's bet id as the pure rules name it, for spotting a press requested twice. */
export function pressId(p: PressInput): string {
  return `${p.bet ?? (p.startHole <= 9 ? 'front' : 'back')}/m${p.startHole}`;
}

function nassauInput(game: NassauGame, data: RoundData, presses: readonly PressRequest[]): { input: NassauConfig; holes: number[] } {
  const players = gamePlayers(game);
  const holes = countedHoles(data, players);
  const { a, b } = game.participants;
  return {
    holes,
    input: {
      sides: { a, b },
      scores: restrict(scoreTable(data, players, game.basis), holes),
      stakeCents: game.config.stakes,
      autoPress: game.config.autoPress,
      manualPresses: presses,
      roundComplete: data.final,
    },
  };
}

function nassauState(game: NassauGame, data: RoundData): SideGameState {
  const ignoredPresses: { press: PressInput; reason: string }[] = [];
  const seen = new Set<string>();
  const presses: PressInput[] = [];
  for (const p of game.config.manualPresses) {
    if (seen.has(pressId(p))) ignoredPresses.push({ press: p, reason: `press ${pressId(p)} is requested twice` });
    else presses.push(p);
    seen.add(pressId(p));
  }
  // A press of a bet the scores no longer create (an automatic press undone by an edited score) is set aside, not fatal.
  for (;;) {
    const { input, holes } = nassauInput(game, data, presses);
    const r = computeNassau(input);
    if (r.ok) {
      return {
        kind: 'nassau',
        final: data.final,
        holesCounted: holes,
        playingHandicaps: game.basis === 'net' ? playingHandicaps(data, gamePlayers(game)) : {},
        moneyCents: r.value.totals,
        holes: r.value.holes,
        bets: r.value.bets,
        ignoredPresses,
      };
    }
    const index = r.failure.details?.find((d) => d.path?.[0] === 'manualPresses')?.path?.[1];
    if (typeof index !== 'number' || !presses[index]) throw AppError.from(r.failure);
    ignoredPresses.push({ press: presses[index], reason: r.failure.message });
    presses.splice(index, 1);
  }
}

/**
 * Checks a game's settings with the pure rules before it is stored: 400 `validation_failed` naming the body field
 * (e.g. unequal Nassau sides, a press of a bet that does not exist or outside its holes).
 */
export function checkSideGame(game: SideGameDoc, data: RoundData): void {
  if (game.kind === 'skins') {
    const { input } = skinsInput(game, data);
    inBody(checkSkinsConfig(input));
    return;
  }
  const presses = game.config.manualPresses;
  const ids = presses.map(pressId);
  const twice = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (twice >= 0) throw new AppError('conflict', `press ${ids[twice]} already exists`, [{ path: ['body'], message: 'a bet can be pressed once from each hole' }]);
  inBody(computeNassau(nassauInput(game, data, presses).input));
}

const FIELD: Record<string, (string | number)[]> = { players: ['participants'], sides: ['participants'], stakeCents: ['config', 'stakes'] };

/** Raises a pure rule's failure with detail paths in the request body (`body.config.…`, `body.participants`). */
function inBody<T>(r: Result<T>): T {
  if (r.ok) return r.value;
  const details: ErrorDetail[] = (r.failure.details ?? []).map((d) => {
    const [head, ...rest] = d.path ?? [];
    const mapped = typeof head === 'string' ? (FIELD[head] ?? ['config', head]) : [];
    return { ...d, path: ['body', ...mapped, ...rest] };
  });
  throw AppError.from({ ...r.failure, details } satisfies Failure);
}

function orThrow<T>(r: Result<T>): T {
  if (!r.ok) throw AppError.from(r.failure);
  return r.value;
}
