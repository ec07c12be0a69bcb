/**
 * A board over several rounds (the multi-round board, or a stroke play / Stableford competition): a column per
 * round and the total. A round's figure opens that round's hole lines; the total opens the rounds it adds up.
 */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { useRoundBoard, type MultiEntry, type MultiRoundLeaderboard } from '../../api/boards.js';
import { QueryView } from '../../ui/query-view.js';
import { toParWords } from './board-view.js';
import { FigureButton } from './figure-button.js';
import { HoleLinesTable, type Figure } from './hole-lines.js';

type Open = { entry: MultiEntry; round: number | null };

export function MultiBoardTable({ tripId, board, entries, filtered, roundName, title }: { tripId: string; board: MultiRoundLeaderboard; entries: MultiEntry[]; filtered: boolean; roundName: (id: string) => string; title: string }) {
  const [open, setOpen] = useState<Open | null>(null);
  const stableford = board.basis === 'stableford';
  const figure: Figure = stableford ? 'points' : 'toPar';
  const colOf = (c: NonNullable<MultiEntry['rounds'][number]>) => (stableford ? String(c.points) : c.toPar === null ? '–' : toParWords(c.toPar));
  if (entries.length === 0) return <p class="card empty">{filtered ? 'No player matches the filters.' : 'No scorecard in these rounds yet.'}</p>;
  const dialogTitle = open ? `${open.entry.name}: ${open.round === null ? `total ${stableford ? `${open.entry.points} points` : open.entry.toParLabel}` : `${roundName(board.roundIds[open.round]!)}, ${colOf(open.entry.rounds[open.round]!)}`}` : '';
  return (
    <>
      <div class="table-wrap" tabIndex={0} role="region" aria-label="Board, scrolls sideways">
        <table class="table board-table">
          <caption class="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Pos.</th>
              <th scope="col">Player</th>
              <th scope="col">Team</th>
              {board.roundIds.map((id) => (
                <th scope="col" class="num" key={id}>
                  {roundName(id)}
                </th>
              ))}
              <th scope="col" class="num">{stableford ? 'Points' : 'To par'}</th>
              <th scope="col" class="num">Gross</th>
              <th scope="col" class="num">Net</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.playerId}>
                <td>{e.label === '-' ? '–' : e.label}</td>
                <th scope="row">{e.name}</th>
                <td>{e.team ?? ''}</td>
                {e.rounds.map((c, i) => (
                  <td class="num" key={board.roundIds[i]}>
                    {c && c.thru > 0 ? (
                      <FigureButton label={`${roundName(board.roundIds[i]!)} ${colOf(c)}, ${e.name}: show the holes`} onOpen={() => setOpen({ entry: e, round: i })}>
                        {colOf(c)}
                      </FigureButton>
                    ) : (
                      '–'
                    )}
                  </td>
                ))}
                <td class="num lead-figure">
                  {e.holesPlayed > 0 ? (
                    <FigureButton label={`Total ${stableford ? e.points : e.toParLabel}, ${e.name}: show the rounds`} onOpen={() => setOpen({ entry: e, round: null })}>
                      {stableford ? e.points : e.toParLabel}
                    </FigureButton>
                  ) : (
                    '–'
                  )}
                </td>
                <td class="num">{e.gross}</td>
                <td class="num">{e.net}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Dialog id="derivation" class="derivation" open={open !== null} onClose={() => setOpen(null)} title={dialogTitle}>
        {open === null ? null : open.round === null ? (
          <RoundsOfTotal board={board} entry={open.entry} roundName={roundName} onRound={(i) => setOpen({ entry: open.entry, round: i })} />
        ) : (
          <>
            <RoundLines tripId={tripId} board={board} entry={open.entry} roundIndex={open.round} figure={figure} roundName={roundName} />
            <p>
              <button type="button" class="link-button" onClick={() => setOpen({ entry: open.entry, round: null })}>
                See how the rounds add up to the total
              </button>
            </p>
          </>
        )}
        <div class="actions">
          <button type="button" class="secondary" onClick={() => setOpen(null)}>
            Close
          </button>
        </div>
      </Dialog>
    </>
  );
}

/** The total's derivation: each round's figures, added up. */
function RoundsOfTotal({ board, entry, roundName, onRound }: { board: MultiRoundLeaderboard; entry: MultiEntry; roundName: (id: string) => string; onRound: (i: number) => void }) {
  const played = entry.rounds.flatMap((c, i) => (c && c.thru > 0 ? [{ c, i }] : []));
  const sum = (f: (c: NonNullable<MultiEntry['rounds'][number]>) => number) => played.reduce((s, r) => s + f(r.c), 0);
  return (
    <>
      <div class="table-wrap derivation-wrap" tabIndex={0} role="region" aria-label="Lines, scrolls sideways">
        <table class="table compact derivation-table">
          <caption class="visually-hidden">The rounds of {entry.name}</caption>
          <thead>
            <tr>
              <th scope="col">Round</th>
              <th scope="col">Holes</th>
              <th scope="col">Gross</th>
              <th scope="col">Net</th>
              <th scope="col">Points</th>
              <th scope="col">To par</th>
            </tr>
          </thead>
          <tbody>
            {played.map(({ c, i }) => (
              <tr key={c.roundId}>
                <th scope="row">
                  <button type="button" class="link-button" onClick={() => onRound(i)}>
                    {roundName(board.roundIds[i]!)}
                  </button>
                </th>
                <td>{c.thru}</td>
                <td>{c.gross}</td>
                <td>{c.net}</td>
                <td>{c.points}</td>
                <td>{c.toPar === null ? '–' : toParWords(c.toPar)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr class="derivation-total">
              <th scope="row">Total</th>
              <td>{sum((c) => c.thru)}</td>
              <td>{sum((c) => c.gross)}</td>
              <td>{sum((c) => c.net)}</td>
              <td>{sum((c) => c.points)}</td>
              <td>{toParWords(sum((c) => c.toPar ?? 0))}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      <p class="derivation-sum">
        {board.basis === 'stableford' ? `${entry.points} points: each round's Stableford points added up.` : `${entry.toParLabel}: each round's ${board.basis} score to the par of the holes played, added up.`} Open a round for its holes.
      </p>
    </>
  );
}

/** One round's lines of a player, from that round's board at this board's basis and allowance. */
function RoundLines({ tripId, board, entry, roundIndex, figure, roundName }: { tripId: string; board: MultiRoundLeaderboard; entry: MultiEntry; roundIndex: number; figure: Figure; roundName: (id: string) => string }) {
  const roundId = board.roundIds[roundIndex]!;
  const q = useRoundBoard(tripId, roundId, board.basis, board.allowancePercent);
  return (
    <QueryView query={q} loading="Loading the holes…">
      {(rb) => {
        const line = rb.entries.find((x) => x.playerId === entry.playerId);
        return line ? <HoleLinesTable entry={line} board={rb} figure={figure} caption={`The holes of ${entry.name} on ${roundName(roundId)}`} /> : <p>No scorecard in this round.</p>;
      }}
    </QueryView>
  );
}
