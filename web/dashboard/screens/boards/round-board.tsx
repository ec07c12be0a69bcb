/** A round's board (its players), filtered by the view, each figure opening its hole-by-hole lines. */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import type { RoundEntry, RoundLeaderboard } from '../../api/boards.js';
import { formatPlaying } from '../../ui/handicap.js';
import { FigureButton } from './figure-button.js';
import { FIGURE_WORDS, HoleLinesTable, type Figure } from './hole-lines.js';

export function RoundBoardTable({ board, entries, filtered }: { board: RoundLeaderboard; entries: RoundEntry[]; filtered: boolean }) {
  const [open, setOpen] = useState<{ entry: RoundEntry; figure: Figure } | null>(null);
  const stableford = board.basis === 'stableford';
  const figure = (e: RoundEntry, f: Figure, shown: string | number) => (
    <FigureButton label={`${FIGURE_WORDS[f]} ${shown}, ${e.name}: show the holes`} onOpen={() => setOpen({ entry: e, figure: f })}>
      {shown}
    </FigureButton>
  );
  if (entries.length === 0) return <p class="card empty">{filtered ? 'No player of this round matches the filters.' : 'No scorecard in this round yet.'}</p>;
  return (
    <>
      <div class="table-wrap" tabIndex={0} role="region" aria-label="Board, scrolls sideways">
        <table class="table board-table">
          <caption class="visually-hidden">{board.name}</caption>
          <thead>
            <tr>
              <th scope="col">Pos.</th>
              <th scope="col">Player</th>
              <th scope="col">Team</th>
              <th scope="col" class="num">Thru</th>
              <th scope="col" class="num">{stableford ? 'Points' : 'To par'}</th>
              <th scope="col" class="num">Gross</th>
              <th scope="col" class="num">Net</th>
              <th scope="col" class="num">{stableford ? 'To par' : 'Points'}</th>
              <th scope="col" class="num">Hcp</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => {
              const started = e.thru > 0;
              const toPar = started ? figure(e, 'toPar', e.toParLabel) : '–';
              const points = started ? figure(e, 'points', e.points) : '–';
              return (
                <tr key={e.playerId}>
                  <td>{e.label === '-' ? '–' : e.label}</td>
                  <th scope="row">{e.name}</th>
                  <td>{e.team ?? ''}</td>
                  <td class="num">{started ? (e.thru === e.perHole.length ? 'F' : e.thru) : '–'}</td>
                  <td class="num lead-figure">{stableford ? points : toPar}</td>
                  <td class="num">{started ? figure(e, 'gross', e.gross) : '–'}</td>
                  <td class="num">{started ? figure(e, 'net', e.net) : '–'}</td>
                  <td class="num">{stableford ? toPar : points}</td>
                  <td class="num">{e.playingHandicap === null ? '–' : formatPlaying(e.playingHandicap)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Dialog id="derivation" class="derivation" open={open !== null} onClose={() => setOpen(null)} title={open ? `${open.entry.name}: ${FIGURE_WORDS[open.figure].toLowerCase()} ${shownOf(open.entry, open.figure)} on ${board.name}` : ''}>
        {open ? <HoleLinesTable entry={open.entry} board={board} figure={open.figure} caption={`The holes of ${open.entry.name} on ${board.name}`} /> : null}
        <div class="actions">
          <button type="button" class="secondary" onClick={() => setOpen(null)}>
            Close
          </button>
        </div>
      </Dialog>
    </>
  );
}

export function shownOf(e: RoundEntry, f: Figure): string | number {
  return f === 'toPar' ? e.toParLabel : e[f];
}
