/**
 * What the TV rotates through: one slide per panel the payload carries, in the organizer's order, a long board split
 * over several slides (a line must stay readable at 3 m, so a slide holds a fixed number of them). A panel with
 * nothing to show (no round yet) is left out; if nothing at all is left, one slide introduces the trip.
 *
 * The leaderboard lists the players who have started (and finished); those still to tee off are one line after
 * them ("12 players start at 10:40", their tee times from the tee sheet when the payload has it), not pages of
 * dashes. Skins likewise lists who has won a skin, and counts the rest in one line.
 */
import type { DisplayLeaderboard, DisplayPayload, DisplaySkinsGame } from '../../shared/schemas/display.js';

export const LINES_PER_SLIDE = 10;
/** Two rows of three groups of up to four players; one row when a group is larger (a fivesome, a shotgun team). */
export const GROUPS_PER_SLIDE = 6;
export const LARGE_GROUPS_PER_SLIDE = 3;
const PLAYERS_IN_A_SMALL_GROUP = 4;
export const ROUNDS_PER_SLIDE = 7;
export const SKINS_PER_SLIDE = 10;

type Schedule = NonNullable<DisplayPayload['schedule']>;
type TeeSheet = NonNullable<DisplayPayload['teeSheet']>;

interface Paging {
  /** 1-based page of this panel, and how many it has. */
  page: number;
  pages: number;
}

export type Slide = (
  | { kind: 'leaderboard'; board: DisplayLeaderboard; lines: DisplayLeaderboard['lines']; waiting: string | null }
  | { kind: 'skins'; game: DisplaySkinsGame; standings: DisplaySkinsGame['standings']; waiting: string | null }
  | { kind: 'schedule'; rounds: Schedule }
  | { kind: 'tee_sheet'; sheet: TeeSheet; groups: TeeSheet['groups'] }
  | { kind: 'welcome' }
) &
  Paging & {
    /** Stable across refreshes while the slide still exists (the rotation stays where it is when data changes). */
    key: string;
    /** What the rotation indicator calls it. */
    label: string;
  };

function pages<T>(items: readonly T[], size: number): T[][] {
  if (items.length === 0) return [[]];
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const players = (n: number) => `${n} ${n === 1 ? 'player' : 'players'}`;

/** "12 players start at 10:40", "5 players start between 10:40 and 11:00", or "3 players have not started". */
export function waitingLine(waiting: readonly { name: string }[], sheet: DisplayPayload['teeSheet'], roundName: string): string {
  const times = new Map<string, string>();
  if (sheet && sheet.roundName === roundName) for (const g of sheet.groups) for (const p of g.players) if (g.teeTime) times.set(p.name, g.teeTime);
  const known = [...new Set(waiting.map((p) => times.get(p.name)).filter((t): t is string => !!t))].sort();
  const n = waiting.length;
  if (known.length === 0) return `${players(n)} ${n === 1 ? 'has' : 'have'} not started`;
  if (known.length === 1) return `${players(n)} ${n === 1 ? 'starts' : 'start'} at ${known[0]}`;
  return `${players(n)} start between ${known[0]} and ${known[known.length - 1]}`;
}

/** Pages of `shown` items with the summary line (if any) taking one item's room on the last page. */
function pagesWithNote<T>(shown: readonly T[], note: string | null, size: number): { items: T[]; note: string | null }[] {
  const all: (T | typeof NOTE)[] = note ? [...shown, NOTE] : [...shown];
  return pages(all, size).map((chunk) => ({ items: chunk.filter((x): x is T => x !== NOTE), note: chunk.includes(NOTE) ? note : null }));
}
const NOTE = Symbol('note');

export function slidesOf(payload: DisplayPayload): Slide[] {
  const slides: Slide[] = [];
  for (const panel of payload.display.panels) {
    if (panel === 'leaderboard' && payload.leaderboard && payload.leaderboard.lines.length > 0) {
      const board = payload.leaderboard;
      const waiting = board.lines.filter((l) => l.thru === 0);
      const note = waiting.length > 0 ? waitingLine(waiting, payload.teeSheet, board.roundName) : null;
      const split = pagesWithNote(
        board.lines.filter((l) => l.thru > 0),
        note,
        LINES_PER_SLIDE,
      );
      split.forEach(({ items, note }, i) => slides.push({ kind: 'leaderboard', board, lines: items, waiting: note, page: i + 1, pages: split.length, key: `leaderboard.${i}`, label: 'Leaderboard' }));
    }
    if (panel === 'skins' && payload.skins) {
      payload.skins.forEach((game, g) => {
        const winners = game.standings.filter((s) => s.skins > 0);
        const rest = game.standings.length - winners.length;
        const note = rest === 0 ? null : winners.length === 0 ? `${players(rest)} in the game, no skin won yet` : `${rest} more ${rest === 1 ? 'player' : 'players'} without a skin${game.final ? '' : ' yet'}`;
        const split = pagesWithNote(winners, note, SKINS_PER_SLIDE);
        split.forEach(({ items, note }, i) => slides.push({ kind: 'skins', game, standings: items, waiting: note, page: i + 1, pages: split.length, key: `skins.${g}.${i}`, label: payload.skins!.length > 1 ? game.name : 'Skins' }));
      });
    }
    if (panel === 'schedule' && payload.schedule && payload.schedule.length > 0) {
      const split = pages(payload.schedule, ROUNDS_PER_SLIDE);
      split.forEach((rounds, i) => slides.push({ kind: 'schedule', rounds, page: i + 1, pages: split.length, key: `schedule.${i}`, label: 'Schedule' }));
    }
    if (panel === 'tee_sheet' && payload.teeSheet && payload.teeSheet.groups.length > 0) {
      const sheet = payload.teeSheet;
      const large = sheet.groups.some((g) => g.players.length > PLAYERS_IN_A_SMALL_GROUP);
      const split = pages(sheet.groups, large ? LARGE_GROUPS_PER_SLIDE : GROUPS_PER_SLIDE);
      split.forEach((groups, i) => slides.push({ kind: 'tee_sheet', sheet, groups, page: i + 1, pages: split.length, key: `tee_sheet.${i}`, label: 'Tee sheet' }));
    }
  }
  if (slides.length === 0) slides.push({ kind: 'welcome', page: 1, pages: 1, key: 'welcome', label: 'Welcome' });
  return slides;
}

/** The slide to show after new data: the one with `key` if it still exists, else the one now at the same place. */
export function keepPlace(key: string | null, index: number, slides: readonly Slide[]): number {
  const same = key === null ? -1 : slides.findIndex((s) => s.key === key);
  return same >= 0 ? same : Math.min(index, slides.length - 1);
}
