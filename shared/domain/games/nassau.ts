import type { ErrorDetail, Result } from '../../errors.js';
import { fail, ok } from '../../errors.js';
import type { HoleScores, PlayerId } from './common.js';
import { checkPlayersAndScores, isCents, pickedUp, scoreOf } from './common.js';
import type { NassauBetResult, NassauHoleStatus, NassauHoleWinner, NassauSide } from './nassau-match.js';
import { autoPressTriggers, playMatch } from './nassau-match.js';

export type { NassauBetResult, NassauHoleStatus, NassauHoleWinner, NassauSide } from './nassau-match.js';

export interface NassauStakes {
  front: number;
  back: number;
  overall: number;
}

export interface PressRequest {
  /** The side calling the press. */
  side: NassauSide;
  startHole: number;
  /** The id of the bet pressed; default `front` (start hole 1–9) or `back` (10–18). */
  bet?: string;
}

export type AutoPress = 'off' | 'original_bets' | 'presses_on_presses';

export interface NassauConfig {
  sides: { a: readonly PlayerId[]; b: readonly PlayerId[] };
  scores: HoleScores;
  /** Stake per player per bet, in cents: one amount for all three bets, or one each. */
  stakeCents: number | NassauStakes;
  autoPress?: AutoPress;
  manualPresses?: readonly PressRequest[];
  /** The round is over: holes neither side scored count as halved instead of still to play. */
  roundComplete?: boolean;
}

export interface NassauHole {
  hole: number;
  /** Side scores (best ball for teams); null when nobody on the side has a score. */
  a: number | null;
  b: number | null;
  winner: NassauHoleWinner;
}

export interface NassauBet {
  id: string;
  kind: 'front' | 'back' | 'overall' | 'press';
  /** The bet this one presses; null for the three original bets. */
  pressOf: string | null;
  pressedBy: NassauSide | null;
  automatic: boolean;
  holes: number[];
  stakeCents: number;
  status: NassauHoleStatus[];
  aUp: number;
  holesToPlay: number;
  result: NassauBetResult;
  closedOutAfterHole: number | null;
  /** Per player, in cents; sums to zero. */
  moneyCents: Record<PlayerId, number>;
}

export interface NassauResult {
  holes: NassauHole[];
  bets: NassauBet[];
  /** Per player over every bet, in cents; sums to zero. */
  totals: Record<PlayerId, number>;
}

export const NASSAU_HOLES: readonly number[] = Array.from({ length: 18 }, (_, i) => i + 1);
const ORIGINAL_BETS = [
  { id: 'front', holes: NASSAU_HOLES.slice(0, 9) },
  { id: 'back', holes: NASSAU_HOLES.slice(9) },
  { id: 'overall', holes: NASSAU_HOLES },
] as const;

/** Checks sides, stakes and press requests; every problem is listed. */
export function checkNassauConfig(config: NassauConfig): Result<true> {
  const { a, b } = config.sides;
  const base = checkPlayersAndScores([...a, ...b], NASSAU_HOLES, config.scores, 2);
  const details: ErrorDetail[] = base.ok ? [] : [...(base.failure.details ?? [])];
  if (a.length === 0 || b.length === 0) details.push({ path: ['sides'], message: 'each side needs at least one player' });
  if (a.length !== b.length) details.push({ path: ['sides'], message: 'both sides need the same number of players' });
  const stakes = typeof config.stakeCents === 'number' ? [config.stakeCents] : [config.stakeCents.front, config.stakeCents.back, config.stakeCents.overall];
  if (!stakes.every(isCents)) details.push({ path: ['stakeCents'], message: 'stakes must be whole, non-negative cents' });
  if (!['off', 'original_bets', 'presses_on_presses', undefined].includes(config.autoPress)) details.push({ path: ['autoPress'], message: 'unknown autoPress' });
  (config.manualPresses ?? []).forEach((p, i) => {
    if (p.side !== 'a' && p.side !== 'b') details.push({ path: ['manualPresses', i, 'side'], message: 'side must be a or b' });
    if (!NASSAU_HOLES.includes(p.startHole)) details.push({ path: ['manualPresses', i, 'startHole'], message: 'start hole must be 1–18' });
  });
  if (details.length > 0) return fail('validation_failed', details[0]!.message, details);
  return ok(true);
}

/**
 * Nassau (issue 4, "Side games"): three match-play bets between side A and side B — the front nine (holes 1–9), the
 * back nine (10–18) and the overall match (1–18) — each worth a stake in cents per player.
 *
 * - Pairwise: one player per side. Team: two (or more, the same number) per side; a side's score on a hole is its
 *   best ball, the lowest score among its players with one. Gross or net is the caller's choice of scores.
 * - A hole is won by the side with the lower score, halved on equal scores. A side with no score (everyone picked up,
 *   WHS Rule 3.1b) loses the hole to a side with one; when both sides picked up the hole is halved. A hole where
 *   neither side has a score or a pick-up is not played yet (`unplayed`): it changes nothing and is still to play,
 *   unless `roundComplete` is set, when it counts as halved.
 * - A bet is decided when a side is up by more holes than remain to play, or when all its holes are played (level:
 *   halved); otherwise it is in progress and moves no money.
 * - Presses: a press is a new bet with the pressed bet's stake, from a start hole to the pressed bet's last hole.
 *   Manual presses are requested as {side, startHole, bet?}: `bet` is the id of the bet pressed (default: `front`
 *   for holes 1–9, `back` for 10–18), possibly itself a press; the start hole must be one of its holes after its
 *   first. Automatic presses (`autoPress`): a side becoming 2 down in a bet (from 1 down, see `autoPressTriggers`)
 *   starts a press from the bet's next hole; never on the bet's last hole. With `original_bets` only the front,
 *   back and overall bets press automatically; with `presses_on_presses` every press can be pressed in turn.
 * - Bet ids: `front`, `back`, `overall`; presses `<pressed id>/a<start hole>` (automatic) or `/m<start hole>` (manual).
 * - Money per bet: each player of the winning side receives the stake, each player of the losing side pays it;
 *   sides have the same size, so every bet (and the totals) sums to zero.
 *
 * @example
 * computeNassau({ sides: { a: ['anna01'], b: ['bert02'] }, scores, stakeCents: 500, autoPress: 'original_bets' })
 * // if bert02 wins holes 1 and 2, the press `front/a3` (holes 3–9, 500 cents) starts for anna01's side
 */
export function computeNassau(config: NassauConfig): Result<NassauResult> {
  const checked = checkNassauConfig(config);
  if (!checked.ok) return checked;
  const holes = NASSAU_HOLES.map((hole) => holeResult(config, hole));
  const winners = new Map(holes.map((h) => [h.hole, h.winner]));
  const stakeOf = (id: 'front' | 'back' | 'overall') => (typeof config.stakeCents === 'number' ? config.stakeCents : config.stakeCents[id]);

  type Pending = { id: string; kind: NassauBet['kind']; pressOf: string | null; pressedBy: NassauSide | null; automatic: boolean; holes: readonly number[]; stakeCents: number };
  const queue: Pending[] = ORIGINAL_BETS.map((o) => ({ id: o.id, kind: o.id, pressOf: null, pressedBy: null, automatic: false, holes: o.holes, stakeCents: stakeOf(o.id) }));
  const manual = (config.manualPresses ?? []).map((p) => ({ ...p, bet: p.bet ?? (p.startHole <= 9 ? 'front' : 'back') }));
  const used = new Set<number>();
  const bets: NassauBet[] = [];
  const ids = new Set<string>();
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    const bet = next;
    if (ids.has(bet.id)) return fail('validation_failed', `press ${bet.id} is requested twice`, [{ path: ['manualPresses'], message: `press ${bet.id} is requested twice` }]);
    ids.add(bet.id);
    const match = playMatch(bet.holes, winners);
    bets.push({ ...bet, holes: [...bet.holes], ...match, moneyCents: betMoney(config, match.result, bet.stakeCents) });
    const children: Pending[] = [];
    const pressable = config.autoPress === 'presses_on_presses' || (config.autoPress === 'original_bets' && bet.kind !== 'press');
    if (pressable) {
      for (const t of autoPressTriggers(match.status)) children.push(press(bet, t.side, t.startHole, true));
    }
    for (const [i, req] of manual.entries()) {
      if (req.bet !== bet.id) continue;
      used.add(i);
      if (!bet.holes.includes(req.startHole) || req.startHole === bet.holes[0]) {
        const message = `a press of ${bet.id} must start on one of its holes after the first (${bet.holes[1]}–${bet.holes.at(-1)})`;
        return fail('validation_failed', message, [{ path: ['manualPresses', i, 'startHole'], message }]);
      }
      children.push(press(bet, req.side, req.startHole, false));
    }
    children.sort((x, y) => x.holes[0]! - y.holes[0]! || (x.id < y.id ? -1 : 1));
    queue.push(...children);
  }
  const unknown = manual.findIndex((_, i) => !used.has(i));
  if (unknown >= 0) {
    const message = `no bet ${manual[unknown]!.bet} to press`;
    return fail('validation_failed', message, [{ path: ['manualPresses', unknown, 'bet'], message }]);
  }
  const totals: Record<PlayerId, number> = Object.fromEntries([...config.sides.a, ...config.sides.b].map((p) => [p, 0]));
  for (const bet of bets) for (const [p, cents] of Object.entries(bet.moneyCents)) totals[p] = (totals[p] ?? 0) + cents;
  return ok({ holes, bets, totals });

  function press(parent: Pending, side: NassauSide, startHole: number, automatic: boolean): Pending {
    const from = parent.holes.indexOf(startHole);
    return {
      id: `${parent.id}/${automatic ? 'a' : 'm'}${startHole}`,
      kind: 'press',
      pressOf: parent.id,
      pressedBy: side,
      automatic,
      holes: parent.holes.slice(from),
      stakeCents: parent.stakeCents,
    };
  }
}

/**
 * Side scores (best ball: the lowest score of the side's players who have one) and who won the hole. A side whose
 * players all picked up (WHS Rule 3.1b) has no score and loses the hole to a side with one; two such sides halve it.
 */
function holeResult(config: NassauConfig, hole: number): NassauHole {
  const best = (players: readonly PlayerId[]) => {
    const s = players.map((p) => scoreOf(config.scores, p, hole)).filter((x): x is number => x !== undefined);
    return s.length === 0 ? null : Math.min(...s);
  };
  const a = best(config.sides.a);
  const b = best(config.sides.b);
  const finished = (players: readonly PlayerId[]) => players.some((p) => pickedUp(config.scores, p, hole));
  let winner: NassauHoleWinner;
  if (a === null && b === null) winner = config.roundComplete === true || (finished(config.sides.a) && finished(config.sides.b)) ? 'halved' : 'unplayed';
  else if (b === null || (a !== null && a < b)) winner = 'a';
  else if (a === null || b < a) winner = 'b';
  else winner = 'halved';
  return { hole, a, b, winner };
}

/** Each winner receives the stake, each loser pays it; nothing moves for a halved or unfinished bet. */
function betMoney(config: NassauConfig, result: NassauBetResult, stake: number): Record<PlayerId, number> {
  const aCents = result === 'a' ? stake : result === 'b' ? -stake : 0;
  const money: Record<PlayerId, number> = {};
  for (const p of config.sides.a) money[p] = aCents;
  for (const p of config.sides.b) money[p] = aCents === 0 ? 0 : -aCents;
  return money;
}
