/**
 * Team boards: a round's team scorecards (best ball or scramble) and a team match competition (Ryder Cup style).
 * A team's figure opens its team score hole by hole; a match's status opens who won each hole.
 */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import type { TeamEntry, TeamRoundLeaderboard } from '../../api/boards.js';
import type { CompetitionBoard } from '../../api/games.js';
import { formatPlaying } from '../../ui/handicap.js';
import { FigureButton } from './figure-button.js';
import { BestBallLines } from './team-lines.js';

type TeamMatchBoard = Extract<CompetitionBoard, { kind: 'team_match' }>;
type MatchResult = TeamMatchBoard['matches'][number];

function Close({ onClose }: { onClose: () => void }) {
  return (
    <div class="actions">
      <button type="button" class="secondary" onClick={onClose}>
        Close
      </button>
    </div>
  );
}

export function TeamRoundTable({ tripId, board, names }: { tripId: string; board: TeamRoundLeaderboard; names: (id: string) => string }) {
  const [open, setOpen] = useState<TeamEntry | null>(null);
  const played = open ? open.holes.filter((h) => h.gross !== null) : [];
  const sum = (f: (h: TeamEntry['holes'][number]) => number | null) => played.reduce((s, h) => s + (f(h) ?? 0), 0);
  return (
    <>
      <p class="muted" data-testid="team-board-allowance">
        Net from each player's Playing Handicap at the round's handicap allowance of {board.allowancePercent} % (as frozen on the scorecards).
      </p>
      <div class="table-wrap" tabIndex={0} role="region" aria-label="Board, scrolls sideways">
        <table class="table board-table">
          <caption class="visually-hidden">{board.name}: teams</caption>
          <thead>
            <tr>
              <th scope="col">Pos.</th>
              <th scope="col">Team</th>
              <th scope="col">Players</th>
              <th scope="col" class="num">Thru</th>
              <th scope="col" class="num">To par</th>
              <th scope="col" class="num">Gross</th>
              <th scope="col" class="num">Net</th>
            </tr>
          </thead>
          <tbody>
            {board.entries.map((e) => (
              <tr key={e.teamcardId}>
                <td>{e.label === '-' ? '–' : e.label}</td>
                <th scope="row">{e.name}</th>
                <td>{e.playerIds.map(names).join(', ')}</td>
                <td class="num">{e.thru || '–'}</td>
                <td class="num lead-figure">{e.thru > 0 ? <FigureButton label={`To par ${e.toParLabel}, ${e.name}: show the holes`} onOpen={() => setOpen(e)}>{e.toParLabel}</FigureButton> : '–'}</td>
                <td class="num">{e.thru > 0 ? <FigureButton label={`Gross ${e.gross}, ${e.name}: show the holes`} onOpen={() => setOpen(e)}>{e.gross}</FigureButton> : '–'}</td>
                <td class="num">{e.thru > 0 ? <FigureButton label={`Net ${e.net}, ${e.name}: show the holes`} onOpen={() => setOpen(e)}>{e.net}</FigureButton> : '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Dialog id="derivation" class="derivation wide" open={open !== null} onClose={() => setOpen(null)} title={open ? `${open.name}: gross ${open.gross}, net ${open.net} on ${board.name}` : ''}>
        {open ? (
          <>
            <p>
              {open.format === 'best_ball'
                ? `Best ball: per hole, the best ${open.bestOf} score${open.bestOf === 1 ? '' : 's'} of ${open.playerIds.map(names).join(', ')} (net from each player's handicap strokes).`
                : `Scramble: one team score per hole, less the team handicap's strokes${open.teamHandicap !== null ? ` (team handicap ${formatPlaying(open.teamHandicap)})` : ''}.`}
            </p>
            {open.format === 'best_ball' ? (
              <BestBallLines tripId={tripId} roundId={board.roundId} entry={open} />
            ) : (
            <div class="table-wrap derivation-wrap" tabIndex={0} role="region" aria-label="Lines, scrolls sideways">
              <table class="table compact derivation-table">
                <caption class="visually-hidden">The holes of {open.name}</caption>
                <thead>
                  <tr>
                    <th scope="col">Hole</th>
                    <th scope="col">Team gross</th>
                    <th scope="col">Strokes off</th>
                    <th scope="col">Team net</th>
                  </tr>
                </thead>
                <tbody>
                  {played.map((h) => (
                    <tr key={h.hole}>
                      <th scope="row">{h.hole}</th>
                      <td>
                        {h.gross}
                        {h.pickedUp ? <span class="muted"> (a pick-up counts)</span> : null}
                      </td>
                      <td>{h.net === null || h.gross === null ? '' : h.gross - h.net}</td>
                      <td>{h.net}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr class="derivation-total">
                    <th scope="row">Total</th>
                    <td>{sum((h) => h.gross)}</td>
                    <td>{sum((h) => (h.gross !== null && h.net !== null ? h.gross - h.net : 0))}</td>
                    <td>{sum((h) => h.net)}</td>
                  </tr>
                </tfoot>
              </table>
            </div>
            )}
          </>
        ) : null}
        <Close onClose={() => setOpen(null)} />
      </Dialog>
    </>
  );
}

/** The status with who leads: "USA 2 up thru 14". */
const statusOf = (m: MatchResult) => (m.leaderTeam && m.matchStatus !== 'halved' ? `${m.leaderTeam} ${m.status}` : m.status);

const WINNER = (m: MatchResult, w: 'A' | 'B' | 'halved' | null) => (w === null ? '' : w === 'halved' ? 'Halved' : w === 'A' ? m.sideA.names.join(' & ') : m.sideB.names.join(' & '));

export function TeamMatchView({ board }: { board: TeamMatchBoard }) {
  const [open, setOpen] = useState<MatchResult | null>(null);
  return (
    <>
      <div class="table-wrap" tabIndex={0} role="region" aria-label="Team points, scrolls sideways">
        <table class="table board-table">
          <caption class="visually-hidden">{board.name}: teams</caption>
          <thead>
            <tr>
              <th scope="col">Team</th>
              <th scope="col" class="num">Points</th>
              <th scope="col" class="num">If matches end as they stand</th>
              <th scope="col" class="num">Won</th>
              <th scope="col" class="num">Halved</th>
              <th scope="col" class="num">Lost</th>
            </tr>
          </thead>
          <tbody>
            {board.teams.map((t) => (
              <tr key={t.team}>
                <th scope="row">{t.team}</th>
                <td class="num lead-figure">{t.points}</td>
                <td class="num">{t.projected}</td>
                <td class="num">{t.won}</td>
                <td class="num">{t.halved}</td>
                <td class="num">{t.lost}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>Matches</h3>
      {board.matches.length === 0 ? (
        <p class="card empty">No match set up in this competition yet.</p>
      ) : (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Matches, scrolls sideways">
          <table class="table board-table">
            <caption class="visually-hidden">{board.name}: matches</caption>
            <thead>
              <tr>
                <th scope="col">{board.matches[0]!.sideA.team}</th>
                <th scope="col">{board.matches[0]!.sideB.team}</th>
                <th scope="col">Status</th>
                <th scope="col" class="num">Points</th>
              </tr>
            </thead>
            <tbody>
              {board.matches.map((m) => (
                <tr key={m.id}>
                  <td>{m.sideA.names.join(' & ')}</td>
                  <td>{m.sideB.names.join(' & ')}</td>
                  <td>
                    {m.thru > 0 ? (
                      <FigureButton label={`${statusOf(m)}, ${m.sideA.names.join(' & ')} against ${m.sideB.names.join(' & ')}: show the holes`} onOpen={() => setOpen(m)}>
                        {statusOf(m)}
                      </FigureButton>
                    ) : (
                      m.status
                    )}
                  </td>
                  <td class="num">
                    {m.pointsA}–{m.pointsB}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Dialog id="derivation" class="derivation" open={open !== null} onClose={() => setOpen(null)} title={open ? `${open.sideA.names.join(' & ')} against ${open.sideB.names.join(' & ')}: ${statusOf(open)}` : ''}>
        {open ? (
          <>
            <p>
              Net match play: strokes received {open.sideA.names.map((n, i) => `${n} ${open.sideA.strokes[i]}`).join(', ')}; {open.sideB.names.map((n, i) => `${n} ${open.sideB.strokes[i]}`).join(', ')} (the lowest plays off zero).
            </p>
            <div class="table-wrap derivation-wrap" tabIndex={0} role="region" aria-label="Lines, scrolls sideways">
              <table class="table compact derivation-table">
                <caption class="visually-hidden">Holes of the match</caption>
                <thead>
                  <tr>
                    <th scope="col">Hole</th>
                    <th scope="col">Won by</th>
                  </tr>
                </thead>
                <tbody>
                  {open.holes.flatMap((w, i) =>
                    w === null
                      ? []
                      : [
                          <tr key={i}>
                            <th scope="row">{i + 1}</th>
                            <td>{WINNER(open, w)}</td>
                          </tr>,
                        ],
                  )}
                </tbody>
              </table>
            </div>
            <p class="derivation-sum">
              {open.sideA.team} won {open.holes.filter((h) => h === 'A').length}, {open.sideB.team} won {open.holes.filter((h) => h === 'B').length}, {open.holes.filter((h) => h === 'halved').length} halved: {statusOf(open)}.
            </p>
          </>
        ) : null}
        <Close onClose={() => setOpen(null)} />
      </Dialog>
    </>
  );
}
