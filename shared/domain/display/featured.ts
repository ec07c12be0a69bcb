import type { RoundState } from '../../schemas/round.js';

/** What choosing a round needs to know of it. */
export interface RoundForDisplay {
  id: string;
  date: string;
  startTime?: string | undefined;
  state: RoundState;
}

/** Rounds in playing order: by date, then start time (a round without one first), keeping the given order on ties. */
export function inPlayingOrder<R extends RoundForDisplay>(rounds: readonly R[]): R[] {
  return rounds
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.date.localeCompare(b.r.date) || (a.r.startTime ?? '').localeCompare(b.r.startTime ?? '') || a.i - b.i)
    .map(({ r }) => r);
}

/**
 * The round the leaderboard and skins panels show. The organizer's choice wins while that round exists; otherwise
 * the round being played, else the next one ready to play, else the latest completed one (its final board beats an
 * empty one), else the first draft. Undefined for a trip without rounds.
 * @example featuredRound([day1Completed, day2Ready], null) // day2Ready
 */
export function featuredRound<R extends RoundForDisplay>(rounds: readonly R[], chosenId: string | null): R | undefined {
  const ordered = inPlayingOrder(rounds);
  const chosen = chosenId ? ordered.find((r) => r.id === chosenId) : undefined;
  if (chosen) return chosen;
  return (
    ordered.find((r) => r.state === 'in_progress') ??
    ordered.find((r) => r.state === 'ready') ??
    ordered.filter((r) => r.state === 'completed').at(-1) ??
    ordered.find((r) => r.state === 'draft')
  );
}

/**
 * The round the tee sheet panel shows: the organizer's choice while it exists, else the next round still to be
 * played (in progress, ready, then draft: a draft's pairings are already worth posting), else the featured round.
 */
export function teeSheetRound<R extends RoundForDisplay>(rounds: readonly R[], chosenId: string | null): R | undefined {
  const ordered = inPlayingOrder(rounds);
  const chosen = chosenId ? ordered.find((r) => r.id === chosenId) : undefined;
  if (chosen) return chosen;
  return (
    ordered.find((r) => r.state === 'in_progress') ??
    ordered.find((r) => r.state === 'ready') ??
    ordered.find((r) => r.state === 'draft') ??
    featuredRound(ordered, null)
  );
}
