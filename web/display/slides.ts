/**
 * What the TV rotates through: one slide per panel the payload carries, in the organizer's order, a long board split
 * over several slides (a line must stay readable at 3 m, so a slide holds a fixed number of them). A panel with
 * nothing to show (no round yet) is left out; if nothing at all is left, one slide introduces the trip.
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
  | { kind: 'leaderboard'; board: DisplayLeaderboard; lines: DisplayLeaderboard['lines'] }
  | { kind: 'skins'; game: DisplaySkinsGame; standings: DisplaySkinsGame['standings'] }
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

export function slidesOf(payload: DisplayPayload): Slide[] {
  const slides: Slide[] = [];
  for (const panel of payload.display.panels) {
    if (panel === 'leaderboard' && payload.leaderboard && payload.leaderboard.lines.length > 0) {
      const board = payload.leaderboard;
      const split = pages(board.lines, LINES_PER_SLIDE);
      split.forEach((lines, i) => slides.push({ kind: 'leaderboard', board, lines, page: i + 1, pages: split.length, key: `leaderboard.${i}`, label: 'Leaderboard' }));
    }
    if (panel === 'skins' && payload.skins) {
      payload.skins.forEach((game, g) => {
        const split = pages(game.standings, SKINS_PER_SLIDE);
        split.forEach((standings, i) => slides.push({ kind: 'skins', game, standings, page: i + 1, pages: split.length, key: `skins.${g}.${i}`, label: payload.skins!.length > 1 ? game.name : 'Skins' }));
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
