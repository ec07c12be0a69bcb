/**
 * The games in plain words: what a skins game or a Nassau stands at, who wins and owes what, and the settings as an
 * organizer would say them. Pure functions of what the API answered; names come from the trip's players.
 */
import { formatMoney, listInWords, plural } from '../../../common/format.js';
import type { Competition, NassauGame, NassauState, SideGame, SkinsGame, SkinsState } from '../../api/games.js';

export type Names = ReadonlyMap<string, string>;
export const nameOf = (names: Names, id: string) => names.get(id) ?? 'a removed player';
export const sideName = (names: Names, ids: readonly string[]) => listInWords(ids.map((id) => nameOf(names, id)));

export const KIND_WORDS: Record<SideGame['kind'], string> = { skins: 'Skins', nassau: 'Nassau' };
export const BASIS_WORDS = { gross: 'gross (strokes as taken)', net: 'net (after handicap strokes)' } as const;

/** The choices of a game's "Scores compared" and a Nassau's "Presses", shared by every form that sets them. */
export const BASIS_OPTIONS = [
  { value: 'net', label: 'Net: after handicap strokes' },
  { value: 'gross', label: 'Gross: strokes as taken' },
];
export const PRESS_OPTIONS = [
  { value: 'off', label: 'Only when called (no automatic press)' },
  { value: 'original_bets', label: 'Automatic when a side is two down' },
  { value: 'presses_on_presses', label: 'Automatic when two down, presses too' },
];

const LEFTOVER_WORDS: Record<SkinsGame['config']['leftover'], string> = {
  refund: 'skins still tied after the last hole are not paid',
  split_among_winners: 'skins still tied after the last hole are shared by the skin winners',
  last_hole_playoff_none: 'skins still tied after the last hole go to nobody',
  carry_to_next_round: 'skins still tied after the last hole carry into the next round’s game',
};

/** The settings of a skins game in one sentence. */
export function skinsSettingsWords(game: SkinsGame, currency: string, state?: Pick<SkinsState, 'potCents' | 'players'>): string {
  const c = game.config;
  const stake =
    c.mode === 'per_skin'
      ? `${formatMoney(c.cents, currency)} a skin from each other player`
      : c.mode === 'buy_in'
        ? `a buy-in of ${formatMoney(c.cents, currency)} a player: a pot of ${formatMoney(state?.potCents ?? c.cents * game.participants.length, currency)} from ${plural(state?.players.length ?? game.participants.length, 'player')}, shared by the skins won`
        : `a pot of ${formatMoney(c.cents, currency)} shared by the skins won`;
  const carry = c.carryover ? 'a tied hole carries its skin to the next hole' : 'a tied hole’s skin is dead';
  const validation = c.validation ? '; the winner of a hole must tie or win the next to keep it' : '';
  return `${game.basis === 'net' ? 'Net' : 'Gross'} skins, ${stake}; ${carry}${validation}; ${LEFTOVER_WORDS[c.leftover]}.`;
}

export function stakeWords(stakes: NassauGame['config']['stakes'], currency: string): string {
  if (typeof stakes === 'number') return `${formatMoney(stakes, currency)} a bet (front nine, back nine, overall)`;
  return `front ${formatMoney(stakes.front, currency)}, back ${formatMoney(stakes.back, currency)}, overall ${formatMoney(stakes.overall, currency)}`;
}

const PRESS_WORDS: Record<NassauGame['config']['autoPress'], string> = {
  off: 'no automatic presses',
  original_bets: 'a side two down presses automatically (on the three bets)',
  presses_on_presses: 'a side two down presses automatically, presses too',
};

export function nassauSettingsWords(game: NassauGame, names: Names, currency: string, allowance: number | null): string {
  const c = game.config;
  const fourBall = game.participants.a.length > 1;
  const sides = `${sideName(names, game.participants.a)} against ${sideName(names, game.participants.b)}`;
  const net = game.basis === 'net' ? `net match play at ${allowance ?? c.allowancePercent ?? (fourBall ? 90 : 100)} % of Course Handicaps` : 'gross match play';
  return `${fourBall ? 'Four-ball (better ball)' : 'Singles'} Nassau, ${sides}: ${net}; ${stakeWords(c.stakes, currency)}; ${PRESS_WORDS[c.autoPress]}${c.manualPresses.length ? `; ${plural(c.manualPresses.length, 'press')} called` : ''}.`;
}

/** Winners first, then losers; those at zero left out. */
export function moneyLines(money: Record<string, number>, names: Names, currency: string): { id: string; name: string; cents: number; text: string }[] {
  return Object.entries(money)
    .filter(([, cents]) => cents !== 0)
    .sort((a, b) => b[1] - a[1] || nameOf(names, a[0]).localeCompare(nameOf(names, b[0])))
    .map(([id, cents]) => ({ id, name: nameOf(names, id), cents, text: cents > 0 ? `wins ${formatMoney(cents, currency)}` : `owes ${formatMoney(-cents, currency)}` }));
}

const stage = (final: boolean, holes: number) => (final ? 'Final' : holes === 0 ? 'Not started' : `After ${plural(holes, 'hole')} every player has finished`);

/** Where a skins game stands, in one or two sentences. */
export function skinsStanding(state: SkinsState, names: Names): string {
  const head = stage(state.final, state.holesCounted.length);
  if (state.holesCounted.length === 0) return `${head}: no hole has a score from every player yet.`;
  const winners = state.players.filter((p) => p.skins > 0).sort((a, b) => b.skins - a.skins);
  const won = winners.length ? listInWords(winners.map((p) => `${nameOf(names, p.playerId)} ${plural(p.skins, 'skin')}`)) : 'no skin won yet';
  const carry = state.carrying > 0 ? (state.final ? `; ${plural(state.carrying, 'skin')} still tied at the end` : `; ${plural(state.carrying, 'skin')} carrying`) : '';
  return `${head}: ${won}${carry}.`;
}

const BET_NAMES: Record<string, string> = { front: 'Front nine', back: 'Back nine', overall: 'Overall' };

export function betName(bet: NassauState['bets'][number], names: Names, game: NassauGame): string {
  if (bet.kind !== 'press') return BET_NAMES[bet.kind] ?? bet.kind;
  const by = bet.pressedBy ? sideName(names, game.participants[bet.pressedBy]) : 'a side';
  const of = bet.pressOf ? (BET_NAMES[bet.pressOf.split('/')[0]!] ?? '').toLowerCase() : '';
  const pressed = bet.pressOf?.includes('/') ? `a press of the ${of}` : `the ${of}`;
  return `Press of ${pressed} from hole ${bet.holes[0]} (${bet.automatic ? 'automatic, ' : ''}by ${by})`;
}

/** One Nassau bet's standing: "Ann Byrne 2 up after 7", "won by Ben Okafor 3 & 2", "all square after 4". */
export function betStanding(bet: NassauState['bets'][number], names: Names, game: NassauGame): string {
  const side = (s: 'a' | 'b') => sideName(names, game.participants[s]);
  const played = bet.status.filter((s) => s.winner !== 'unplayed').length;
  if (bet.result === 'halved') return 'halved';
  // The match ended early because a side withdrew (issue 34): conceded to the other side, or called off.
  if (bet.result === 'void') return 'off: the match ended early';
  if ((bet.result === 'a' || bet.result === 'b') && bet.holesToPlay > 0 && Math.abs(bet.aUp) <= bet.holesToPlay) return `conceded to ${side(bet.result)}`;
  if (bet.result === 'a' || bet.result === 'b') {
    const margin = Math.abs(bet.aUp);
    const closed = bet.closedOutAfterHole !== null && bet.holesToPlay > 0 ? `${margin} & ${bet.holesToPlay}` : `${margin} up`;
    return `won by ${side(bet.result)} ${closed}`;
  }
  if (played === 0) return 'not started';
  if (bet.aUp === 0) return `all square after ${plural(played, 'hole')}`;
  return `${side(bet.aUp > 0 ? 'a' : 'b')} ${Math.abs(bet.aUp)} up after ${plural(played, 'hole')}`;
}

export function nassauStanding(state: NassauState, names: Names, game: NassauGame): string {
  const head = stage(state.final, state.holesCounted.length);
  const main = state.bets.filter((b) => b.kind !== 'press').map((b) => `${BET_NAMES[b.kind]} ${betStanding(b, names, game)}`);
  const presses = state.bets.length - main.length;
  return `${head}: ${main.join('; ')}${presses ? `; ${plural(presses, 'press', 'presses')} in play` : ''}.`;
}

export const COMPETITION_FORMAT_WORDS: Record<Competition['format'], string> = {
  stroke_gross: 'Stroke play, gross',
  stroke_net: 'Stroke play, net',
  stableford: 'Stableford (points)',
  match_play: 'Match play',
  team_match: 'Team matches (Ryder Cup style)',
};

/** The WHS Appendix C allowance a competition plays at without an override. */
export function defaultCompetitionAllowance(format: Competition['format']): string {
  if (format === 'stroke_gross') return 'no handicap (gross)';
  if (format === 'team_match' || format === 'match_play') return '100 % singles, 90 % four-ball (WHS default)';
  return '95 % (WHS default)';
}

export function competitionAllowanceWords(c: Competition): string {
  if (c.format === 'stroke_gross') return 'no handicap (gross)';
  return c.allowancePercent !== undefined ? `${c.allowancePercent} % (set for this competition)` : defaultCompetitionAllowance(c.format);
}
