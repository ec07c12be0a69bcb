/**
 * One competition (`?competition=<id>`): what it is and the allowance it plays at, its board as it stands (the
 * tournament ranking, or the team matches and the teams' points), its team matches to add, change or remove, and
 * changing or deleting it with what follows said first.
 */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { plural } from '../../../common/format.js';
import { isApiError } from '../../api/errors.js';
import { useCompetition, useCompetitionBoard, useDeleteCompetition, type Competition, type CompetitionBoard } from '../../api/games.js';
import type { Player } from '../../api/players.js';
import type { Round } from '../../api/rounds.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';
import { flash } from '../../ui/flash.js';
import { LoadFailed, Loading, QueryView } from '../../ui/query-view.js';
import { CompetitionForm } from './competition-form.js';
import { competitionAllowanceWords, COMPETITION_FORMAT_WORDS, type Names } from './game-words.js';
import { TeamMatches } from './team-matches.js';

interface Props {
  tripId: string;
  competitionId: string;
  rounds: Round[];
  players: Player[];
  names: Names;
}

export function CompetitionDetail({ tripId, competitionId, rounds, players, names }: Props) {
  const one = useCompetition(tripId, competitionId);
  if (one.status === 'error' && isApiError(one.error) && one.error.kind === 'not_found') {
    return (
      <p class="notice warn">
        This competition is no longer on the trip. <a href={href('tripGames', { tripId }, { view: 'competitions' })}>See the competitions</a>
      </p>
    );
  }
  return (
    <QueryView query={one} loading="Loading the competition…">
      {(c) => <CompetitionView tripId={tripId} c={c} rounds={rounds} players={players} names={names} />}
    </QueryView>
  );
}

function CompetitionView({ tripId, c, rounds, players, names }: { tripId: string; c: Competition; rounds: Round[]; players: Player[]; names: Names }) {
  const [editing, setEditing] = useState(false);
  const board = useCompetitionBoard(tripId, c.id, c.format !== 'match_play');
  const roundNames = c.roundIds.map((id) => rounds.find((r) => r.id === id)?.name ?? 'a removed round');
  return (
    <>
      <p class="crumbs">
        <a href={href('tripGames', { tripId }, { view: 'competitions' })}>All competitions</a>
      </p>
      <div class="page-head">
        <h2>{c.name}</h2>
        <div class="actions">
          {!editing ? (
            <button type="button" class="secondary" onClick={() => setEditing(true)}>
              Change the competition
            </button>
          ) : null}
        </div>
      </div>
      <dl class="facts">
        <div>
          <dt>Format</dt>
          <dd>{COMPETITION_FORMAT_WORDS[c.format]}</dd>
        </div>
        <div>
          <dt>Rounds</dt>
          <dd>{roundNames.join(', ')}</dd>
        </div>
        <div>
          <dt>Handicap allowance</dt>
          <dd>{competitionAllowanceWords(c)}</dd>
        </div>
        <div>
          <dt>Ties</dt>
          <dd>{c.countback ? 'Broken by countback' : 'Share the place'}</dd>
        </div>
      </dl>
      {editing ? (
        <CompetitionForm
          tripId={tripId}
          rounds={rounds}
          competition={c}
          onDone={(saved) => {
            setEditing(false);
            flash(`${saved.name} is saved.`);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : null}
      <section aria-labelledby="board-title">
        <h3 id="board-title">Standing</h3>
        {c.format === 'match_play' ? (
          <p class="muted">A match play competition has no board here: set up its matches as Nassau games or make it a team match competition.</p>
        ) : board.data ? (
          <Board board={board.data} rounds={rounds} />
        ) : board.status === 'error' ? (
          <LoadFailed error={board.error} retry={board.refetch} />
        ) : (
          <Loading what="Loading the board…" />
        )}
      </section>
      {c.format === 'team_match' ? <TeamMatches tripId={tripId} competition={c} rounds={rounds} players={players} names={names} board={board.data?.kind === 'team_match' ? board.data : undefined} /> : null}
      <DeleteCompetition tripId={tripId} c={c} />
    </>
  );
}

/** Under a round's figure: how far the player is (while in play) and the strokes received at the board's allowance. */
function CellNote({ thru, strokes }: { thru: number | null; strokes: number | null }) {
  const parts = [thru !== null && thru > 0 ? `thru ${thru}` : '', strokes === null ? '' : strokes === 0 ? 'no strokes' : strokes < 0 ? `gives back ${plural(-strokes, 'stroke')}` : `receives ${plural(strokes, 'stroke')}`].filter(Boolean);
  return parts.length ? <span class="cell-note">{parts.join(', ')}</span> : null;
}

const toPar = (n: number | null) => (n === null ? '—' : n === 0 ? 'E' : n > 0 ? `+${n}` : String(n));

function Board({ board, rounds }: { board: CompetitionBoard; rounds: Round[] }) {
  if (board.kind === 'team_match') {
    if (!board.teams.length) return <p class="muted">No match yet: add the matches below.</p>;
    return (
      <ul class="team-totals">
        {board.teams.map((t) => (
          <li key={t.team} class="card">
            <strong>{t.team}</strong>: {t.points} {t.points === 1 ? 'point' : 'points'} won ({t.won} won, {t.halved} halved, {t.lost} lost); {t.projected} if every match ended as it stands.
          </li>
        ))}
      </ul>
    );
  }
  const stableford = board.basis === 'stableford';
  const holesOf = (id: string) => rounds.find((r) => r.id === id)?.course?.holes.length ?? 18;
  return (
    <>
      <p class="muted">
        {board.basis === 'gross'
          ? 'Gross strokes against par, summed over the rounds.'
          : `${stableford ? 'Stableford points' : 'Net strokes against par'}, summed over the rounds. Each player receives their Course Handicap × ${board.allowancePercent} % in strokes, shown under each round.`}
      </p>
      {board.entries.length === 0 ? (
        <p class="muted">No scores yet.</p>
      ) : (
        <div class="table-wrap" tabIndex={0} role="region" aria-label="Competition board">
          <table class="table">
            <caption class="visually-hidden">Competition board</caption>
            <thead>
              <tr>
                <th scope="col">Place</th>
                <th scope="col">Player</th>
                {board.roundIds.map((id) => (
                  <th scope="col" key={id}>
                    {rounds.find((r) => r.id === id)?.name ?? 'Round'}
                  </th>
                ))}
                <th scope="col">Total</th>
              </tr>
            </thead>
            <tbody>
              {board.entries.map((e) => (
                <tr key={e.playerId}>
                  <td>{e.label}</td>
                  <th scope="row">{e.name}</th>
                  {e.rounds.map((r, i) => (
                    <td key={board.roundIds[i]}>
                      {r === null ? '—' : stableford ? r.points : toPar(r.toPar)}
                      {r ? <CellNote thru={r.thru < holesOf(board.roundIds[i]!) ? r.thru : null} strokes={board.basis === 'gross' ? null : r.playingHandicap} /> : null}
                    </td>
                  ))}
                  <td>
                    <strong>{stableford ? `${e.points} pts` : e.toParLabel}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

function DeleteCompetition({ tripId, c }: { tripId: string; c: Competition }) {
  const remove = useDeleteCompetition(tripId);
  const [open, setOpen] = useState(false);
  return (
    <section class="card danger-zone" aria-labelledby="delete-comp-head">
      <h3 id="delete-comp-head">Delete this competition</h3>
      <p class="muted">The competition and its board go; the rounds and their scores stay.</p>
      <button type="button" class="danger" onClick={() => setOpen(true)}>
        Delete competition…
      </button>
      <Dialog id="delete-comp" open={open} title={`Delete ${c.name}?`} onClose={() => setOpen(false)}>
        <p>
          The competition, its board{c.format === 'team_match' ? ' and all its team matches' : ''} disappear for every organizer and golfer. The rounds ({plural(c.roundIds.length, 'round')}) and their scores are not touched.
        </p>
        <p>A tournament pot that names this competition is not settled by it any more: check the pot in the Money tab.</p>
        <ConfirmActions
          error={remove.error}
          pending={remove.pending}
          confirm="Delete for good"
          cancel="Keep the competition"
          onCancel={() => setOpen(false)}
          onConfirm={() =>
            remove.run(c.id).then(() => {
              setOpen(false);
              flash(`${c.name} is deleted.`);
              navigate(href('tripGames', { tripId }, { view: 'competitions' }), true);
            })
          }
        />
      </Dialog>
    </section>
  );
}
