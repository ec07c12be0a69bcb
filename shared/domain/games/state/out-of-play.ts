/**
 * Players marked out of a round (issue 34: a no-show or a withdrawal, `scorecard.outOfPlay`) in the games, by the
 * rules organizers play them:
 * - Skins: a no-show is not in the game (the pot, a whole amount, is shared by those who play). A player who
 *   withdraws keeps the holes they completed as they were decided; the holes after are contested without them, and
 *   in a game per skin they pay nothing for skins won on holes they did not play, nor for leftover skins.
 * - Nassau: when every player of a side is out, the match ends after the last hole the side played. The bets decided
 *   by then stand; the others are either conceded (`forfeit`: the opponent wins them, Rules of Golf 3.2b) or off
 *   (`void`: nothing is owed for them). A four-ball side with one partner left plays on with that partner's ball
 *   (Rules of Golf 23.1), so nothing ends.
 * Pure: the same on the server and on the phones.
 */
import type { OutOfPlay } from '../../../schemas/round.js';
import { credit, splitCents, type PlayerId } from '../common.js';
import type { NassauResult } from '../nassau.js';
import type { SkinsResult } from '../skins.js';
import type { RoundData } from './round-data.js';

/** Who is out of the round, with how they left. */
export function outOfPlay(data: RoundData): Map<PlayerId, OutOfPlay> {
  const out = new Map<PlayerId, OutOfPlay>();
  for (const [p, card] of data.cards) if (card.outOfPlay) out.set(p, card.outOfPlay);
  return out;
}

/** The last hole (by number) a player has a score on; 0 for none. */
export function lastScoredHole(data: RoundData, playerId: PlayerId): number {
  return Math.max(0, ...(data.gross.get(playerId)?.keys() ?? []));
}

/** A player out of the round who never scored a hole: not in its games at all. */
export function neverPlayed(data: RoundData, playerId: PlayerId): boolean {
  return !!data.cards.get(playerId)?.outOfPlay && lastScoredHole(data, playerId) === 0;
}

/** A skins game's players without those who never played (a no-show, or a withdrawal before the first hole). */
export function skinsPlayers(data: RoundData, players: readonly PlayerId[]): PlayerId[] {
  return players.filter((p) => !neverPlayed(data, p));
}

/**
 * A per-skin game's money with withdrawn players paying only for the holes they played: each skin won on a hole is
 * paid by the other players still in on that hole (not out, or out after it), and leftover skins shared by rule by
 * the players still in at the end. Nets sum to zero. Unchanged when nobody is out.
 */
export function perSkinWithWithdrawals(result: SkinsResult, data: RoundData, valueCents: number): SkinsResult {
  const out = outOfPlay(data);
  const players = result.players.map((p) => p.playerId);
  if (!players.some((p) => out.has(p))) return result;
  const inOn = (p: PlayerId, hole: number) => !out.has(p) || hole <= lastScoredHole(data, p);
  const paid = new Map<PlayerId, number>(players.map((p) => [p, 0]));
  const received = new Map<PlayerId, number>(players.map((p) => [p, 0]));
  for (const h of result.holes) {
    if (!h.winner || h.skinsWon === 0) continue;
    const payers = players.filter((p) => p !== h.winner && inOn(p, h.hole));
    for (const p of payers) credit(paid, p, h.skinsWon * valueCents);
    credit(received, h.winner, h.skinsWon * valueCents * payers.length);
  }
  const { leftover } = result;
  if (leftover.skins > 0 && leftover.recipients.length > 0) {
    const payers = players.filter((p) => !out.has(p));
    for (const p of payers) credit(paid, p, leftover.skins * valueCents);
    const weights: [PlayerId, number][] = leftover.recipients.map((p) => [p, leftover.appliedRule === 'split_among_winners' ? (result.players.find((x) => x.playerId === p)?.skins ?? 0) : 1]);
    for (const [p, cents] of splitCents(leftover.skins * valueCents * payers.length, weights)) credit(received, p, cents);
  }
  return {
    ...result,
    players: result.players.map((p) => {
      const paidCents = paid.get(p.playerId) ?? 0;
      const receivedCents = received.get(p.playerId) ?? 0;
      return { ...p, paidCents, receivedCents, netCents: receivedCents - paidCents };
    }),
  };
}

/** How a Nassau ends early: the side whose players are all out, after which hole, and how the organizer chose. */
export interface NassauEnding {
  side: 'a' | 'b';
  afterHole: number;
  how: OutOfPlay['nassau'];
  playerIds: PlayerId[];
}

/** The early end of a Nassau between `sides`, or null while both sides have a player in play. */
export function nassauEnding(data: RoundData, sides: { a: readonly PlayerId[]; b: readonly PlayerId[] }): NassauEnding | null {
  const out = outOfPlay(data);
  const gone = (['a', 'b'] as const).filter((s) => sides[s].length > 0 && sides[s].every((p) => out.has(p)));
  if (gone.length === 0) return null;
  // Both sides out: the side that left first ends the match.
  const at = (s: 'a' | 'b') => Math.max(0, ...sides[s].map((p) => lastScoredHole(data, p)));
  const side = gone.length === 1 ? gone[0]! : at('a') <= at('b') ? 'a' : 'b';
  const players = [...sides[side]];
  // One choice per side: the player marked last decides (they all left by then).
  const last = players.map((p) => out.get(p)!).sort((x, y) => x.at.localeCompare(y.at)).at(-1)!;
  return { side, afterHole: at(side), how: last.nassau, playerIds: players };
}

/**
 * The Nassau's result once the match has ended early: every bet still in progress is won by the other side
 * (`forfeit`) or `void` (no money). Bets already decided keep their result and money.
 */
type EndedBet = Omit<NassauResult['bets'][number], 'result'> & { result: NassauResult['bets'][number]['result'] | 'void' };

export function endNassau(result: NassauResult, sides: { a: readonly PlayerId[]; b: readonly PlayerId[] }, ending: NassauEnding): Omit<NassauResult, 'bets'> & { bets: EndedBet[] } {
  const winner: 'a' | 'b' = ending.side === 'a' ? 'b' : 'a';
  const bets = result.bets.map((bet): EndedBet => {
    if (bet.result !== 'in_progress') return bet;
    if (ending.how === 'void') return { ...bet, result: 'void' as const, moneyCents: Object.fromEntries(Object.keys(bet.moneyCents).map((p) => [p, 0])) };
    const aCents = winner === 'a' ? bet.stakeCents : -bet.stakeCents;
    const money: Record<PlayerId, number> = {};
    for (const p of sides.a) money[p] = aCents;
    for (const p of sides.b) money[p] = -aCents;
    return { ...bet, result: winner, moneyCents: money };
  });
  const totals: Record<PlayerId, number> = Object.fromEntries([...sides.a, ...sides.b].map((p) => [p, 0]));
  for (const bet of bets) for (const [p, cents] of Object.entries(bet.moneyCents)) totals[p] = (totals[p] ?? 0) + cents;
  return { ...result, bets, totals };
}
