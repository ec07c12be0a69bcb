/**
 * What the round page says about tees (issue 34), pure so it is tested on its own: a change of tees in words, and the
 * players a refusal to mark the round ready names as having no tees.
 */
import { isApiError } from '../../api/errors.js';
import type { RoundTeesResult } from '../../api/round-tees.js';
import { plural } from '../../../common/format.js';
import { formatCourse, formatPlaying } from '../../ui/handicap.js';

/** What a change of tees did, in an organizer's words. */
export function teeChangeWords(r: Pick<RoundTeesResult, 'changed' | 'notCopied'>, names: ReadonlyMap<string, string>): string[] {
  const lines: string[] = [];
  if (r.changed.length === 0) lines.push('Nothing changed: those players already played those tees.');
  else if (r.changed.length <= 3) {
    for (const c of r.changed) {
      if (!c.tee) lines.push(`${c.name} has no tees yet.`);
      else if (c.playingHandicap === null) lines.push(`${c.name} now plays the ${c.tee} tees (no Handicap Index: off scratch).`);
      else lines.push(`${c.name} now plays the ${c.tee} tees: Course Handicap ${formatCourse(c.courseHandicap)}, Playing Handicap ${formatPlaying(c.playingHandicap)}.`);
    }
  } else {
    const tees = [...new Set(r.changed.map((c) => c.tee ?? 'no'))];
    lines.push(`${plural(r.changed.length, 'player')} changed tees${tees.length === 1 ? `, now on the ${tees[0]} tees` : ''}; the table shows their new handicaps.`);
  }
  const scored = r.changed.filter((c) => c.holesEntered > 0);
  if (scored.length) {
    lines.push(
      `${scored.map((c) => `${c.name} (${plural(c.holesEntered, 'hole')})`).join(', ')}: the holes already entered stay as entered; net scores, points and games are counted again from the new handicap.`,
    );
  }
  for (const n of r.notCopied) lines.push(`Not copied: ${n.playerId ? `${names.get(n.playerId) ?? 'a player'} keeps their tees, ` : 'the round keeps its tees, '}${n.message}.`);
  return lines;
}

/** The players a refusal to mark the round ready names as having no tees (the server lists them by id). */
export function playersWithoutTees(error: unknown): string[] {
  if (!isApiError(error) || error.code !== 'round_not_ready') return [];
  return error.issues.flatMap((i) => {
    const ids = (i as unknown as { playerIds?: unknown }).playerIds;
    return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === 'string') : [];
  });
}
