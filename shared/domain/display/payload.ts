import type { DisplayLeaderboard, DisplayPanel, DisplayPayload, DisplaySettings, DisplaySkinsGame } from '../../schemas/display.js';
import type { RoundLeaderboard } from '../../schemas/leaderboards.js';
import type { RoundFormat } from '../../schemas/round.js';
import { inPlayingOrder, type RoundForDisplay } from './featured.js';

/**
 * Shapes the aggregated display payload from what the trip holds. This is the privacy boundary of the public display:
 * every field is copied by name into a new object, so nothing a document carries (emails, phones, token ids, money,
 * handicap indexes, player ids) reaches a TV unless it is named here.
 */

/** A round as the schedule and tee sheet need it. */
export interface DisplayRound extends RoundForDisplay {
  name: string;
  format: RoundFormat;
  course?: { name: string } | undefined;
  groups: { number: number; playerIds: string[]; teeTime?: string | undefined; startingHole?: number | undefined }[];
}

/** A player as the display may name them. */
export interface DisplayPlayer {
  id: string;
  name: string;
  team?: string | undefined;
}

/** A skins game and its current state, as the side games service answers them (money included: dropped here). */
export interface SkinsInput {
  game: { name: string; basis: 'gross' | 'net' };
  state: { final: boolean; holesCounted: number[]; carrying: number; players: { playerId: string; skins: number }[] };
}

export interface DisplayInput {
  trip: { name: string; startDate: string; endDate: string; destination?: string | undefined; timezone: string };
  settings: Pick<DisplaySettings, 'panels' | 'rotationSeconds' | 'theme'>;
  rounds: readonly DisplayRound[];
  players: readonly DisplayPlayer[];
  /** The round of the leaderboard and skins panels (`featuredRound`), and its board (null when it has none). */
  featuredRoundId: string | null;
  board: RoundLeaderboard | null;
  /** Skins games of the featured round. */
  skins: readonly SkinsInput[];
  /** The round of the tee sheet (`teeSheetRound`). */
  teeSheetRoundId: string | null;
}

/** Shown for a player id the trip no longer has (a deleted player still named in an old round). */
export const UNKNOWN_PLAYER = 'Former player';

/**
 * The payload a display shows: the trip, the display settings, and one entry per configured panel, in no other
 * order than the settings give (the client rotates through `display.panels`).
 * @example buildDisplayPayload({ ...input, settings: { panels: ['schedule'], rotationSeconds: 20, theme: 'dark' } }) // { trip, display, schedule }
 */
export function buildDisplayPayload(input: DisplayInput): DisplayPayload {
  const { trip, settings } = input;
  const names = new Map(input.players.map((p) => [p.id, p]));
  const shown = (id: string) => {
    const p = names.get(id);
    return p ? { name: p.name, ...(p.team ? { team: p.team } : {}) } : { name: UNKNOWN_PLAYER };
  };
  const panels = new Set<DisplayPanel>(settings.panels);
  const payload: DisplayPayload = {
    trip: { name: trip.name, startDate: trip.startDate, endDate: trip.endDate, destination: trip.destination ?? null, timezone: trip.timezone },
    display: { panels: [...settings.panels], rotationSeconds: settings.rotationSeconds, theme: settings.theme },
  };
  if (panels.has('leaderboard')) payload.leaderboard = input.board ? leaderboardPanel(input.board) : null;
  if (panels.has('skins')) payload.skins = input.skins.map((s) => skinsPanel(s, shown));
  if (panels.has('schedule')) {
    payload.schedule = inPlayingOrder(input.rounds).map((r) => ({
      name: r.name,
      date: r.date,
      startTime: r.startTime ?? null,
      courseName: r.course?.name ?? null,
      format: r.format,
      state: r.state,
      featured: r.id === input.featuredRoundId,
    }));
  }
  if (panels.has('tee_sheet')) {
    const round = input.rounds.find((r) => r.id === input.teeSheetRoundId);
    payload.teeSheet = round
      ? {
          roundName: round.name,
          date: round.date,
          courseName: round.course?.name ?? null,
          groups: [...round.groups]
            .sort((a, b) => (a.teeTime ?? '99:99').localeCompare(b.teeTime ?? '99:99') || a.number - b.number)
            .map((g) => ({ number: g.number, teeTime: g.teeTime ?? null, startingHole: g.startingHole ?? null, players: g.playerIds.map(shown) })),
        }
      : null;
  }
  return payload;
}

/** The board's lines without player ids, playing handicaps or hole-by-hole cards. */
export function leaderboardPanel(board: RoundLeaderboard): DisplayLeaderboard {
  return {
    roundName: board.name,
    basis: board.basis,
    par: board.par,
    lines: board.entries.map((e) => ({
      name: e.name,
      ...(e.team ? { team: e.team } : {}),
      position: e.position,
      label: e.label,
      tied: e.tied,
      thru: e.thru,
      toPar: e.toPar,
      toParLabel: e.toParLabel,
      gross: e.gross,
      net: e.net,
      points: e.points,
    })),
  };
}

/** Skins won per player, most first (then by name); what each player owes or is owed is not shown. */
export function skinsPanel(input: SkinsInput, shown: (playerId: string) => { name: string; team?: string }): DisplaySkinsGame {
  const standings = input.state.players
    .map((p) => ({ ...shown(p.playerId), skins: p.skins }))
    .sort((a, b) => b.skins - a.skins || a.name.localeCompare(b.name));
  return {
    name: input.game.name,
    basis: input.game.basis,
    final: input.state.final,
    holesCounted: input.state.holesCounted.length,
    carrying: input.state.carrying,
    standings,
  };
}
