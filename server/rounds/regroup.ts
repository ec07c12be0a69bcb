/**
 * What may change in the groups of a round that has scorecards (ready or in progress), issue 34: a withdrawal at
 * 7 am, a late arrival, a swap between two groups that have not teed off must all be possible while the round is in
 * play. The rule, group by group (a group is its place in tee order, as the phones and the tee sheet number it):
 * - A group has started once one of its players has a score. It keeps every player with a score, its tee time and
 *   its starting hole, and takes nobody new. A player of it without a score may leave it (moved or taken out).
 * - A group that has not started may change as a draft round's groups do: players in, out, swapped.
 * - A player with a score never leaves the round: they are marked withdrawn instead (their holes stay as they are).
 * Pure: the service decides on the round and the scores it read, and again on those it reads after its write.
 */
import type { Group } from '../../shared/schemas/round.js';

type GroupShape = Pick<Group, 'playerIds'> & { teeTime?: string | undefined; startingHole?: number | undefined };

export interface RegroupProblem {
  group: number;
  message: string;
}

/** The groups that have started: each one's number (from 1) with its players who have a score. */
export function startedGroups(groups: readonly GroupShape[], scored: ReadonlySet<string>): Map<number, string[]> {
  const out = new Map<number, string[]>();
  groups.forEach((g, i) => {
    const withScores = g.playerIds.filter((p) => scored.has(p));
    if (withScores.length > 0) out.set(i + 1, withScores);
  });
  return out;
}

/**
 * Why `after` cannot replace `before` given the players with a score (`scored`), in the organizer's words; empty
 * when it can. `stay` are players who leave every group but stay in the round (marked out of play).
 */
export function regroupProblems(
  before: readonly GroupShape[],
  after: readonly GroupShape[],
  roundPlayers: readonly string[],
  scored: ReadonlySet<string>,
  name: (id: string) => string,
  stay: ReadonlySet<string> = new Set(),
): RegroupProblem[] {
  const problems: RegroupProblem[] = [];
  const alternative = 'To take a player out of play, mark them withdrawn or a no-show instead.';
  for (const [number, withScores] of startedGroups(before, scored)) {
    const was = before[number - 1]!;
    const now = after[number - 1];
    const who = withScores.map(name).join(', ');
    const gone = withScores.filter((p) => !now?.playerIds.includes(p));
    const joined = (now?.playerIds ?? []).filter((p) => !was.playerIds.includes(p));
    const moved = gone.length > 0 || joined.length > 0;
    const placeChanged = !!now && ((now.teeTime ?? null) !== (was.teeTime ?? null) || (now.startingHole ?? null) !== (was.startingHole ?? null));
    if (gone.length === 0 && joined.length > 0) {
      problems.push({
        group: number,
        message: `Group ${number} has started (${who} ${withScores.length === 1 ? 'has' : 'have'} scores in): it takes nobody new. Put ${joined.map(name).join(', ')} in a group that has not teed off.`,
      });
    } else if (moved) {
      problems.push({
        group: number,
        message: `Group ${number} has started (${who} ${withScores.length === 1 ? 'has' : 'have'} scores in): its players stay as they are${joined.length ? `, and ${joined.map(name).join(', ')} cannot join it` : ''}. ${alternative}`,
      });
    } else if (placeChanged) {
      problems.push({ group: number, message: `Group ${number} has started (${who} ${withScores.length === 1 ? 'has' : 'have'} scores in): its tee time and starting hole stay as they are.` });
    }
  }
  const grouped = new Set(after.flatMap((g) => g.playerIds));
  for (const p of roundPlayers) {
    if (scored.has(p) && !grouped.has(p) && !stay.has(p) && before.some((g) => g.playerIds.includes(p))) {
      const number = before.findIndex((g) => g.playerIds.includes(p)) + 1;
      if (!problems.some((x) => x.group === number)) problems.push({ group: number, message: `${name(p)} has scores in this round and cannot leave it. Mark them withdrawn instead: the holes they played stay as they are.` });
    }
  }
  return problems;
}
