/**
 * Which board the Leaderboards tab shows and how it is filtered, read from and written to the query string, so a
 * view can be linked, bookmarked and survives a reload. Pure.
 *
 * `?board=round&round=<id>` (a round's players), `board=teams` (its team board), `board=competition&competition=<id>`,
 * `board=multi&rounds=a,b` (a column per round); `basis`, `allowance`; filters `team`, `division`, `flight`.
 */
import type { LeaderboardBasis } from '../../../../shared/schemas/leaderboards.js';
import type { Query } from '../../paths.js';

export type BoardKind = 'round' | 'teams' | 'competition' | 'multi';

export interface BoardView {
  kind: BoardKind;
  roundId: string;
  competitionId: string;
  /** Multi-round: the rounds in column order; empty for every round. */
  roundIds: string[];
  /** Empty: the board's own (a round's format; net over several rounds). */
  basis: LeaderboardBasis | '';
  /** Handicap allowance in percent; `null` for the WHS default of the format. */
  allowance: number | null;
  team: string;
  division: string;
  flight: string;
}

const KINDS: readonly BoardKind[] = ['round', 'teams', 'competition', 'multi'];
const BASES: readonly LeaderboardBasis[] = ['gross', 'net', 'stableford'];

/**
 * The view a query string asks for; anything unknown falls back to the default.
 * @example readView(new URLSearchParams('board=multi&rounds=a,b&basis=gross')) // { kind: 'multi', roundIds: ['a', 'b'], basis: 'gross', … }
 */
export function readView(q: URLSearchParams): BoardView {
  const kind = KINDS.find((k) => k === q.get('board')) ?? 'round';
  const basis = BASES.find((b) => b === q.get('basis')) ?? '';
  const a = q.get('allowance');
  const allowance = a !== null && /^\d{1,3}$/.test(a) && Number(a) <= 100 ? Number(a) : null;
  return {
    kind,
    roundId: q.get('round') ?? '',
    competitionId: q.get('competition') ?? '',
    roundIds: (q.get('rounds') ?? '').split(',').filter(Boolean),
    basis: kind === 'teams' && basis === 'stableford' ? '' : basis,
    allowance,
    team: q.get('team') ?? '',
    division: q.get('division') ?? '',
    flight: q.get('flight') ?? '',
  };
}

/** The query string of a view (empty values left out). */
export function viewQuery(v: BoardView): Query {
  return {
    board: v.kind === 'round' ? undefined : v.kind,
    round: v.kind === 'round' || v.kind === 'teams' ? v.roundId : undefined,
    competition: v.kind === 'competition' ? v.competitionId : undefined,
    rounds: v.kind === 'multi' && v.roundIds.length ? v.roundIds.join(',') : undefined,
    basis: v.kind === 'competition' ? undefined : v.basis,
    allowance: v.kind === 'round' || v.kind === 'multi' ? v.allowance : undefined,
    team: v.team,
    division: v.division,
    flight: v.flight,
  };
}

export interface PlayerFacts {
  id: string;
  team?: string | null | undefined;
  division?: string | null | undefined;
  flight?: string | null | undefined;
}

/**
 * Whether a player passes the view's filters (team, division, flight); a filter left empty passes everyone.
 * @example passes({ team: 'USA', division: '', flight: '' } as BoardView, { id: 'a', team: 'USA' }) // true
 */
export function passes(v: Pick<BoardView, 'team' | 'division' | 'flight'>, p: PlayerFacts | undefined): boolean {
  if (!v.team && !v.division && !v.flight) return true;
  if (!p) return false;
  return (!v.team || p.team === v.team) && (!v.division || p.division === v.division) && (!v.flight || p.flight === v.flight);
}

/** The distinct non-empty values of a field among the players, sorted. */
export function valuesOf(players: readonly PlayerFacts[], field: 'team' | 'division' | 'flight'): string[] {
  return [...new Set(players.map((p) => p[field]).filter((x): x is string => typeof x === 'string' && x !== ''))].sort((a, b) => a.localeCompare(b));
}

export const BASIS_WORDS: Record<LeaderboardBasis, string> = { gross: 'Gross', net: 'Net', stableford: 'Stableford points' };

/** The filters in words, for the printed page: "USA · Division Seniors". */
export function filtersInWords(v: BoardView): string {
  return [v.team ? `Team ${v.team}` : '', v.division ? `Division ${v.division}` : '', v.flight ? `Flight ${v.flight}` : ''].filter(Boolean).join(' · ');
}

/**
 * A to-par number as golfers write it: "E", "+3", "-2".
 * @example toParWords(0) // "E"
 */
export function toParWords(n: number): string {
  return n === 0 ? 'E' : n > 0 ? `+${n}` : String(n);
}
