import type { PlayerId } from './common.js';
import { credit, splitCents } from './common.js';

/** How a skin is valued: a fixed amount each, or a pot shared by the skins won. */
export type SkinsMode = { kind: 'per_skin'; valueCents: number } | { kind: 'pot'; potCents: number };
export type SkinsLeftoverRule = 'split_among_winners' | 'last_hole_playoff_none' | 'refund' | 'carry_to_next_round';

/** What became of skins nobody won outright at the end of the round. */
export interface SkinsLeftover {
  skins: number;
  rule: SkinsLeftoverRule;
  /** The rule actually applied: `refund` when the chosen rule had nobody to share with. */
  appliedRule: SkinsLeftoverRule;
  /** Who shares the leftover skins (empty for `refund` and `carry_to_next_round`). */
  recipients: PlayerId[];
  carriedToNextRound: number;
}

export interface SkinsSettlementInput {
  players: readonly PlayerId[];
  mode: SkinsMode;
  /** Skins won on holes per player. */
  skins: ReadonlyMap<PlayerId, number>;
  leftover: SkinsLeftover;
}

export interface SkinsSettlement {
  paid: Map<PlayerId, number>;
  received: Map<PlayerId, number>;
  /** Cents received for skins (holes won and leftover shares), refunds excluded. */
  paidOutToWinners: number;
}

/**
 * Settlement of a skins game in integer cents (issue 4: "money results in cents that the money issue settles").
 * Every amount a player pays is received by another player, so the nets always sum to zero.
 *
 * Per skin mode (`valueCents` = v, n players): for every skin won, each of the other n − 1 players pays the winner v
 * (the winner nets +(n − 1)·v per skin, each other player −v). Leftover skins shared by rule
 * (`split_among_winners`, `last_hole_playoff_none`) are paid for by everyone: each player pays v per leftover skin
 * into a pool of n·v per skin, shared by the recipients (in proportion to skins won, or equally for the players tied
 * on the last hole). With `refund` and `carry_to_next_round` nobody pays for leftover skins.
 *
 * Pot mode (`potCents` = P): every player pays an equal share of P (remainder: the lowest player ids pay one cent
 * more each). P is then paid out by skins:
 * - `split_among_winners` (and skins dead without carryover): P split in proportion to the skins won.
 * - `last_hole_playoff_none`: P split with the k players tied on the last hole sharing the L leftover skins equally
 *   (weights: skins·k, plus L for each of them).
 * - `refund`: the part for skins won, ⌊P·W ÷ (W + L)⌋ for W skins won and L leftover, is split by skins won; the rest
 *   goes back to all players equally (lowest ids first for the odd cents).
 * - `carry_to_next_round`: P split by the skins won in this round; the carried skins count in the next round's game.
 * - Nobody won a skin: the whole pot goes back, every player nets zero.
 * Splits by weight use {@link splitCents}: largest remainder, ties to the lowest player id.
 *
 * @example
 * // pot 10000 cents, 3 players, 1 skin each: everyone pays 3334/3333/3333 and receives the same back.
 * settleSkins({ players: ['a', 'b', 'c'], mode: { kind: 'pot', potCents: 10000 },
 *   skins: new Map([['a', 1], ['b', 1], ['c', 1]]), leftover: { skins: 0, rule: 'refund', appliedRule: 'refund',
 *   recipients: [], carriedToNextRound: 0 } })
 */
export function settleSkins(input: SkinsSettlementInput): SkinsSettlement {
  return input.mode.kind === 'per_skin' ? settlePerSkin(input, input.mode.valueCents) : settlePot(input, input.mode.potCents);
}

function settlePerSkin(input: SkinsSettlementInput, value: number): SkinsSettlement {
  const paid = new Map<PlayerId, number>(input.players.map((p) => [p, 0]));
  const received = new Map<PlayerId, number>(input.players.map((p) => [p, 0]));
  const n = input.players.length;
  for (const winner of input.players) {
    const s = input.skins.get(winner) ?? 0;
    if (s === 0) continue;
    for (const other of input.players) if (other !== winner) credit(paid, other, s * value);
    credit(received, winner, s * value * (n - 1));
  }
  const { leftover } = input;
  if (leftover.skins > 0 && leftover.recipients.length > 0) {
    for (const p of input.players) credit(paid, p, leftover.skins * value);
    const pool = leftover.skins * value * n;
    const weights = leftoverWeights(input);
    for (const [p, cents] of splitCents(pool, weights)) credit(received, p, cents);
  }
  const paidOutToWinners = [...received.values()].reduce((a, b) => a + b, 0);
  return { paid, received, paidOutToWinners };
}

/** Weights for sharing leftover skins: skins won (`split_among_winners`) or equal shares (the tied last hole). */
function leftoverWeights(input: SkinsSettlementInput): [PlayerId, number][] {
  const { recipients, appliedRule } = input.leftover;
  return recipients.map((p) => [p, appliedRule === 'split_among_winners' ? (input.skins.get(p) ?? 0) : 1]);
}

function settlePot(input: SkinsSettlementInput, pot: number): SkinsSettlement {
  const paid = splitCents(pot, input.players.map((p) => [p, 1]));
  const received = new Map<PlayerId, number>(input.players.map((p) => [p, 0]));
  const won = input.players.map((p): [PlayerId, number] => [p, input.skins.get(p) ?? 0]);
  const totalWon = won.reduce((s, [, n]) => s + n, 0);
  const { leftover } = input;
  let awardWeights: [PlayerId, number][] = won;
  let awardCents = pot;
  if (leftover.appliedRule === 'last_hole_playoff_none' && leftover.skins > 0) {
    const k = leftover.recipients.length;
    awardWeights = won.map(([p, n]) => [p, n * k + (leftover.recipients.includes(p) ? leftover.skins : 0)]);
  } else if (leftover.appliedRule === 'refund' && totalWon + leftover.skins > 0) {
    awardCents = Number((BigInt(pot) * BigInt(totalWon)) / BigInt(totalWon + leftover.skins));
  }
  if (awardWeights.every(([, w]) => w === 0)) awardCents = 0;
  if (awardCents > 0) for (const [p, cents] of splitCents(awardCents, awardWeights)) credit(received, p, cents);
  const refundCents = pot - awardCents;
  if (refundCents > 0) for (const [p, cents] of splitCents(refundCents, input.players.map((q) => [q, 1]))) credit(received, p, cents);
  return { paid, received, paidOutToWinners: awardCents };
}
