/**
 * The derivation of a figure of a round board: the hole-by-hole lines the server computed it from (gross, strokes
 * received, net, Stableford points), added up in a total row equal to the figure, and one sentence saying how.
 */
import type { RoundEntry, RoundLeaderboard } from '../../api/boards.js';
import { formatCourse, formatCourseExact, formatPlaying } from '../../ui/handicap.js';
import { toParWords } from './board-view.js';

export type Figure = 'gross' | 'net' | 'toPar' | 'points';

export const FIGURE_WORDS: Record<Figure, string> = { gross: 'Gross', net: 'Net', toPar: 'To par', points: 'Points' };

/** The holes of a line that count: played or picked up, with the gross they count for (a pick-up at net double bogey). */
export function countedLines(entry: RoundEntry) {
  return entry.perHole.flatMap((h, i) => (h.gross !== null || h.pickedUp ? [{ ...h, counted: entry.holes[i] ?? h.gross ?? 0 }] : []));
}

/** The sums of the counted lines: what the board's figures are. */
export function lineTotals(entry: RoundEntry) {
  const lines = countedLines(entry);
  const sum = (f: (l: (typeof lines)[number]) => number) => lines.reduce((s, l) => s + f(l), 0);
  return { holes: lines.length, par: sum((l) => l.par), gross: sum((l) => l.counted), strokes: sum((l) => l.strokesReceived), net: sum((l) => l.net ?? 0), points: sum((l) => l.points ?? 0) };
}

/** The sentence under the lines: how the figure comes out of the total row. */
function howItAddsUp(entry: RoundEntry, board: Pick<RoundLeaderboard, 'basis'>, figure: Figure): string {
  const t = lineTotals(entry);
  const holes = `${t.holes} hole${t.holes === 1 ? '' : 's'}`;
  switch (figure) {
    case 'gross':
      return `Gross ${entry.gross}: the strokes of the ${holes} played added up (a picked-up hole counts its net double bogey).`;
    case 'net':
      return `Net ${entry.net}: gross ${t.gross} less ${t.strokes} handicap stroke${t.strokes === 1 ? '' : 's'} received over the ${holes} played.`;
    case 'points':
      return `${entry.points} Stableford points: the points of the ${holes} played added up (2 for a net par, 1 more per stroke under, 0 for a net double bogey or a pick-up).`;
    case 'toPar': {
      const played = board.basis === 'gross' ? t.gross : t.net;
      return entry.toPar === null ? 'No hole played yet.' : `${board.basis === 'gross' ? 'Gross' : 'Net'} ${played} less par ${t.par} of the ${holes} played: ${toParWords(played - t.par)}.`;
    }
  }
}

export function HoleLinesTable({ entry, board, figure, caption }: { entry: RoundEntry; board: Pick<RoundLeaderboard, 'basis' | 'allowancePercent'>; figure: Figure; caption: string }) {
  const lines = countedLines(entry);
  const t = lineTotals(entry);
  const hi = (f: 'gross' | 'net' | 'points' | 'par') => (f === figure || (figure === 'toPar' && (f === 'par' || f === (board.basis === 'gross' ? 'gross' : 'net'))) ? 'figure-col' : undefined);
  const left = entry.perHole.length - lines.length;
  return (
    <>
      <p class="derivation-handicap">
        {entry.playingHandicap === null
          ? 'No Handicap Index: plays off scratch, no strokes received.'
          : `Playing Handicap ${formatPlaying(entry.playingHandicap)}${entry.courseHandicap !== null ? ` (Course Handicap ${formatCourse(entry.courseHandicap)}: ${formatCourseExact(entry.courseHandicap)} before rounding, × ${board.allowancePercent} %)` : ''}: strokes received on the holes by stroke index.`}
      </p>
      {lines.length === 0 ? (
        <p>No hole played yet.</p>
      ) : (
        <div class="table-wrap derivation-wrap" tabIndex={0} role="region" aria-label="Lines, scrolls sideways">
          <table class="table compact derivation-table">
            <caption class="visually-hidden">{caption}</caption>
            <thead>
              <tr>
                <th scope="col">Hole</th>
                <th scope="col" class={hi('par')}>Par</th>
                <th scope="col" class="si-col">Stroke index</th>
                <th scope="col" class={hi('gross')}>Gross</th>
                <th scope="col">Strokes received</th>
                <th scope="col" class={hi('net')}>Net</th>
                <th scope="col" class={hi('points')}>Points</th>
              </tr>
            </thead>
            <tbody>
              {lines.map((l) => (
                <tr key={l.hole}>
                  <th scope="row">{l.hole}</th>
                  <td class={hi('par')}>{l.par}</td>
                  <td class="si-col">{l.strokeIndex}</td>
                  <td class={hi('gross')} data-value={l.counted}>
                    {l.pickedUp ? (
                      <>
                        {l.counted} <span class="muted">(picked up)</span>
                      </>
                    ) : (
                      l.counted
                    )}
                  </td>
                  <td>{l.strokesReceived}</td>
                  <td class={hi('net')}>{l.net}</td>
                  <td class={hi('points')}>{l.points}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr class="derivation-total">
                <th scope="row">Total</th>
                <td class={hi('par')}>{t.par}</td>
                <td class="si-col" />
                <td class={hi('gross')}>{t.gross}</td>
                <td>{t.strokes}</td>
                <td class={hi('net')}>{t.net}</td>
                <td class={hi('points')}>{t.points}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      <p class="derivation-sum">{howItAddsUp(entry, board, figure)}</p>
      {left > 0 && lines.length > 0 ? <p class="muted">{left} hole{left === 1 ? '' : 's'} not played yet.</p> : null}
    </>
  );
}
