import type { ErrorDetail, Result } from '../../errors.js';
import { fail, ok } from '../../errors.js';
import type { HoleScores, PlayerId } from './common.js';
import { checkPlayersAndScores, isCents, scoreOf } from './common.js';
import { settleSkins, type SkinsLeftover, type SkinsLeftoverRule, type SkinsMode } from './skins-money.js';

export type { SkinsLeftover, SkinsLeftoverRule, SkinsMode };

export const SKINS_LEFTOVER_RULES: readonly SkinsLeftoverRule[] = ['split_among_winners', 'last_hole_playoff_none', 'refund', 'carry_to_next_round'];

export interface SkinsConfig {
  /** Everyone in the game: each one pays in (per skin or to the pot), scores or not. */
  players: readonly PlayerId[];
  /** Hole numbers in play order (e.g. 10…18, 1…9 for a start on the 10th). Pass the holes finished so far while a
   * round is in progress; the result is then provisional (the last hole passed is not yet validated by the next). */
  holes: readonly number[];
  scores: HoleScores;
  mode: SkinsMode;
  carryover: boolean;
  validation?: boolean;
  leftover: SkinsLeftoverRule;
  /** Skins carried in from an earlier round (`carry_to_next_round`), added to the first hole's skins at stake. */
  carriedIn?: number;
}

export type SkinsHoleOutcome = 'won' | 'tied' | 'not_validated' | 'no_scores';

export interface SkinsHole {
  hole: number;
  /** 1 + the skins carried into this hole. */
  skinsAtStake: number;
  lowScore: number | null;
  /** The players on the lowest score, by id. */
  leaders: PlayerId[];
  outcome: SkinsHoleOutcome;
  /** The player who won the skins at stake (outcome `won`), else null. */
  winner: PlayerId | null;
  skinsWon: number;
  /** Skins carried on to the next hole (after the last hole: into the leftover). */
  carried: number;
  /** Skins lost on this hole because `carryover` is off. */
  dead: number;
  /** Per skin mode: what each other player pays the winner for this hole (skinsWon × valueCents); pot mode: null. */
  centsFromEachOpponent: number | null;
}

export interface SkinsPlayer {
  playerId: PlayerId;
  /** Skins won on holes (leftover shares not included). */
  skins: number;
  paidCents: number;
  receivedCents: number;
  /** receivedCents − paidCents; the players' nets sum to zero. */
  netCents: number;
}


export interface SkinsResult {
  holes: SkinsHole[];
  players: SkinsPlayer[];
  leftover: SkinsLeftover;
  /** Skins won on holes, all players together. */
  skinsWon: number;
  /** Pot mode: the pot; per skin mode: null. */
  potCents: number | null;
  /** Pot mode: cents paid out to skin winners (never more than the pot); per skin mode: null. */
  paidOutCents: number | null;
}

/** Checks a skins configuration; every problem is listed. */
export function checkSkinsConfig(config: SkinsConfig): Result<true> {
  const base = checkPlayersAndScores(config.players, config.holes, config.scores, 2);
  const details: ErrorDetail[] = base.ok ? [] : [...(base.failure.details ?? [])];
  const cents = config.mode.kind === 'pot' ? config.mode.potCents : config.mode.valueCents;
  if (!isCents(cents)) details.push({ path: ['mode'], message: 'money must be whole, non-negative cents' });
  if (!SKINS_LEFTOVER_RULES.includes(config.leftover)) details.push({ path: ['leftover'], message: `unknown leftover rule ${String(config.leftover)}` });
  const carriedIn = config.carriedIn ?? 0;
  if (!Number.isSafeInteger(carriedIn) || carriedIn < 0) details.push({ path: ['carriedIn'], message: 'carriedIn must be a whole number of skins' });
  if (details.length > 0) return fail('validation_failed', details[0]!.message, details);
  return ok(true);
}

/**
 * Skins (issue 4, "Side games"): every hole is a skin; the one player with the lowest score on a hole wins it.
 * Gross or net is the caller's choice: pass the scores to compare.
 *
 * Hole rules, in play order (`holes`), with `skinsAtStake` = 1 + the skins carried into the hole:
 * - Only players with a score on a hole take part in it; a picked-up hole (WHS Rule 3.1b) or a missing score cannot
 *   win a skin, tie one or validate one.
 * - One player alone on the lowest score wins the skins at stake (`won`).
 * - Two or more on the lowest score (`tied`), or nobody with a score (`no_scores`): with `carryover` the skins at
 *   stake carry to the next hole; without it they are dead (nobody wins them, no money moves for them).
 * - Validation (`validation: true`, "the winner must tie or win the next hole"): a hole's winner keeps the skins only
 *   if, on the next hole in play order, they have a score equal to that hole's lowest score (a tie or a win). If they
 *   pick up or anyone beats them there, the hole is `not_validated` and its skins are treated like a tie: they carry
 *   (or are dead without `carryover`). The last hole in `holes` has no next hole and needs no validation. Validation
 *   looks only at scores, so the next hole can validate one skin and be won (or tied) at the same time.
 *
 * Skins still carried after the last hole (the `leftover`) follow one declared rule:
 * - `split_among_winners`: shared by the players who won skins, in proportion to the skins they won.
 * - `last_hole_playoff_none`: no playoff; shared equally by the players tied for the lowest score on the last hole.
 * - `refund`: nobody wins them; their money goes back (pot) or is never collected (per skin).
 * - `carry_to_next_round`: nobody wins them here; `leftover.carriedToNextRound` tells how many to pass as
 *   `carriedIn` to the next round's game, where they join the first hole's skins at stake.
 * When the chosen rule has nobody to share with (no skins won; nobody scored on the last hole) the rule `refund`
 * applies instead, and `leftover.appliedRule` says so.
 *
 * Money (integer cents, always summing to zero across players) is settled by `settleSkins` in `skins-money.ts`.
 *
 * @example
 * computeSkins({
 *   players: ['anna01', 'bert02', 'cara03'], holes: [1, 2],
 *   scores: { anna01: { 1: 4, 2: 3 }, bert02: { 1: 4, 2: 5 }, cara03: { 1: 5, 2: 5 } },
 *   mode: { kind: 'per_skin', valueCents: 500 }, carryover: true, leftover: 'refund',
 * })
 * // hole 1 tied (carries), hole 2 won by anna01 for 2 skins: anna01 +2000, bert02 −1000, cara03 −1000
 */
export function computeSkins(config: SkinsConfig): Result<SkinsResult> {
  const checked = checkSkinsConfig(config);
  if (!checked.ok) return checked;
  const holes = playSkinsHoles(config);
  const last = holes.at(-1);
  const leftoverSkins = last ? last.carried : (config.carriedIn ?? 0);
  const skins = new Map<PlayerId, number>(config.players.map((p) => [p, 0]));
  for (const h of holes) if (h.winner !== null) skins.set(h.winner, (skins.get(h.winner) ?? 0) + h.skinsWon);
  const leftover = leftoverOf(config.leftover, leftoverSkins, skins, last?.leaders ?? []);
  const money = settleSkins({ players: config.players, mode: config.mode, skins, leftover });
  const centsPerSkin = config.mode.kind === 'per_skin' ? config.mode.valueCents : null;
  return ok({
    holes: holes.map((h) => ({ ...h, centsFromEachOpponent: centsPerSkin === null ? null : h.skinsWon * centsPerSkin })),
    players: config.players.map((p) => {
      const paidCents = money.paid.get(p) ?? 0;
      const receivedCents = money.received.get(p) ?? 0;
      return { playerId: p, skins: skins.get(p) ?? 0, paidCents, receivedCents, netCents: receivedCents - paidCents };
    }),
    leftover,
    skinsWon: [...skins.values()].reduce((a, b) => a + b, 0),
    potCents: config.mode.kind === 'pot' ? config.mode.potCents : null,
    paidOutCents: config.mode.kind === 'pot' ? money.paidOutToWinners : null,
  });
}

/** The hole-by-hole part of the skins rules (tie, carry, validation), without money. */
function playSkinsHoles(config: SkinsConfig): Omit<SkinsHole, 'centsFromEachOpponent'>[] {
  const out: Omit<SkinsHole, 'centsFromEachOpponent'>[] = [];
  let carry = config.carriedIn ?? 0;
  config.holes.forEach((hole, i) => {
    const { low, leaders } = lowest(config, hole);
    const skinsAtStake = 1 + carry;
    const next = config.holes[i + 1];
    let outcome: SkinsHoleOutcome = low === null ? 'no_scores' : leaders.length > 1 ? 'tied' : 'won';
    // Validation: the winner must tie or win the next hole in play order; the last hole needs none.
    if (outcome === 'won' && config.validation === true && next !== undefined) {
      const nextLow = lowest(config, next).low;
      const winnerNext = scoreOf(config.scores, leaders[0]!, next);
      if (winnerNext === undefined || nextLow === null || winnerNext > nextLow) outcome = 'not_validated';
    }
    const won = outcome === 'won';
    carry = won || !config.carryover ? 0 : skinsAtStake;
    out.push({
      hole,
      skinsAtStake,
      lowScore: low,
      leaders,
      outcome,
      winner: won ? leaders[0]! : null,
      skinsWon: won ? skinsAtStake : 0,
      carried: carry,
      dead: !won && !config.carryover ? skinsAtStake : 0,
    });
  });
  return out;
}

/** The lowest score on `hole` among the players with a score, and who has it (sorted by id). */
function lowest(config: SkinsConfig, hole: number): { low: number | null; leaders: PlayerId[] } {
  let low: number | null = null;
  let leaders: PlayerId[] = [];
  for (const p of config.players) {
    const s = scoreOf(config.scores, p, hole);
    if (s === undefined) continue;
    if (low === null || s < low) {
      low = s;
      leaders = [p];
    } else if (s === low) leaders.push(p);
  }
  return { low, leaders: leaders.sort() };
}

/** Applies the declared leftover rule, falling back to `refund` when there is nobody to share with. */
function leftoverOf(rule: SkinsLeftoverRule, skins: number, won: ReadonlyMap<PlayerId, number>, lastLeaders: PlayerId[]): SkinsLeftover {
  const winners = [...won].filter(([, n]) => n > 0).map(([p]) => p).sort();
  const recipients = skins === 0 ? [] : rule === 'split_among_winners' ? winners : rule === 'last_hole_playoff_none' ? lastLeaders : [];
  const needsRecipients = rule === 'split_among_winners' || rule === 'last_hole_playoff_none';
  const appliedRule: SkinsLeftoverRule = skins > 0 && needsRecipients && recipients.length === 0 ? 'refund' : rule;
  return { skins, rule, appliedRule, recipients, carriedToNextRound: appliedRule === 'carry_to_next_round' ? skins : 0 };
}
