/**
 * One round: what it is (course, tees, format and allowance, date), its handicap table, and the next steps of its
 * life (ready, back to draft, complete, reset), each saying what it does before it is done.
 */
import { useState } from 'preact/hooks';
import { formatAllowance } from '../../../../shared/domain/rounds.js';
import { Dialog } from '../../../common/dialog.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';
import { formatDay, plural } from '../../../common/format.js';
import { useDeleteRound, useRound, useRoundAction, useRoundHandicaps, type Round, type RoundAction } from '../../api/rounds.js';
import { navigate } from '../../router.js';
import { flash } from '../../ui/flash.js';
import { href } from '../../paths.js';
import { QueryView } from '../../ui/query-view.js';
import { ReadyTeeFix, RoundTees } from './round-tees.js';
import { actionsFor, actionText, describeActionRefusal, STATE_MEANS, STATE_WORDS } from './round-actions.js';
import { EditRoundForm } from './round-form.js';
import { FourBallSides } from './four-ball-sides.js';
import { FORMAT_WORDS } from './round-words.js';

export function RoundDetail({ tripId, roundId }: { tripId: string; roundId: string }) {
  const round = useRound(tripId, roundId);
  return <QueryView query={round} loading="Loading the round…">{(r) => <RoundView tripId={tripId} round={r} />}</QueryView>;
}

function RoundView({ tripId, round }: { tripId: string; round: Round }) {
  const handicaps = useRoundHandicaps(tripId, round.id);
  const [editing, setEditing] = useState(false);
  const allowance = formatAllowance(round.format);
  const tee = round.defaultTee ?? (round.course?.tees.length === 1 ? round.course.tees[0]!.name : null);
  const teeInfo = round.course?.tees.find((t) => t.name === tee);
  const ownTees = Object.keys(round.playerTees).length;
  const par = round.course?.holes.reduce((s, h) => s + h.par, 0);
  return (
    <>
      <p class="crumbs">
        <a href={href('tripRounds', { tripId })}>All rounds</a>
      </p>
      <div class="page-head">
        <h2>
          {round.name} <span class={`badge state-${round.state}`}>{STATE_WORDS[round.state]}</span>
        </h2>
        <div class="actions">
          <a class="button secondary" href={href('roundPrint', { tripId, roundId: round.id })}>
            Print scorecards and sheets
          </a>
          {!editing ? (
            <button type="button" class="secondary" onClick={() => setEditing(true)}>
              Change the round
            </button>
          ) : null}
        </div>
      </div>
      <dl class="facts">
        <div>
          <dt>Date</dt>
          <dd>
            {formatDay(round.date, undefined, { weekday: true })}
            {round.startTime ? `, ${round.startTime}` : ''}
          </dd>
        </div>
        <div>
          <dt>Course</dt>
          <dd>{round.course ? `${round.course.name} · ${round.course.holes.length} holes · par ${par}` : 'None yet'}</dd>
        </div>
        <div>
          <dt>Tees</dt>
          <dd>
            {teeInfo ? `${teeInfo.name} · ${teeInfo.courseRating} / ${teeInfo.slope}` : round.course ? 'Not chosen yet' : '—'}
            {ownTees ? ` · ${plural(ownTees, 'player')} on other tees` : ''}
          </dd>
        </div>
        <div>
          <dt>Format</dt>
          <dd>
            {FORMAT_WORDS[round.format]} · allowance {allowance} %
          </dd>
        </div>
        <div>
          <dt>Players</dt>
          <dd>
            {plural(round.playerIds.length, 'player')}
            {round.groups.length ? ` in ${plural(round.groups.length, 'group')}` : ''}
          </dd>
        </div>
      </dl>
      {editing ? <EditRoundForm tripId={tripId} round={round} onDone={() => setEditing(false)} /> : null}
      <RoundSteps tripId={tripId} round={round} allowance={allowance} />
      <section aria-labelledby="handicaps-title">
        <h3 id="handicaps-title">Handicaps and strokes</h3>
        <QueryView query={handicaps} loading="Loading the handicaps…">
          {(h) => (
            <>
              <p class="muted">
                {h.source === 'scorecards'
                  ? `As frozen on each player's scorecard when the round became ready. Playing Handicap = Course Handicap × ${allowance} %, rounded (WHS Rules 6.1 and 6.2); strokes fall by stroke index (Appendix E).`
                  : `A preview from each player's Handicap Index today, computed the way marking the round ready will freeze it. Playing Handicap = Course Handicap × ${allowance} %, rounded; strokes fall by stroke index.`}{' '}
                ● a stroke received; + a stroke a plus handicap gives back.
              </p>
              <RoundTees tripId={tripId} round={round} data={h} />
            </>
          )}
        </QueryView>
      </section>
      {round.format === 'four_ball' ? <FourBallSides tripId={tripId} round={round} allowance={allowance} /> : null}
      {round.state === 'draft' || round.state === 'ready' ? <DeleteRound tripId={tripId} round={round} /> : null}
    </>
  );
}

function RoundSteps({ tripId, round, allowance }: { tripId: string; round: Round; allowance: number }) {
  const act = useRoundAction(tripId, round.id);
  const [open, setOpen] = useState<RoundAction | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const text = open ? actionText(open, allowance) : null;
  return (
    <section class="card" aria-labelledby="steps-title">
      <h3 id="steps-title">Where the round stands</h3>
      <p>
        <strong>{STATE_WORDS[round.state]}.</strong> {STATE_MEANS[round.state]}
      </p>
      {done ? (
        <p class="notice" role="status">
          {done}
        </p>
      ) : null}
      <div class="actions">
        {actionsFor(round.state).map((a) => {
          const t = actionText(a, allowance);
          return (
            <button key={a} type="button" class={a === 'ready' || a === 'complete' ? undefined : 'secondary'} onClick={() => (setDone(null), setOpen(a))}>
              {t.label}
            </button>
          );
        })}
      </div>
      <Dialog id="round-action" open={!!open} title={text?.title ?? ''} onClose={() => setOpen(null)}>
        {text ? (
          <>
            <ul class="does">
              {text.does.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
            {act.error ? (
              <div class="notice error" role="alert">
                {describeActionRefusal(act.error).map((line) => (
                  <p key={line}>{line}</p>
                ))}
              </div>
            ) : null}
            {act.error && open === 'ready' ? <ReadyTeeFix tripId={tripId} round={round} error={act.error} onFixed={() => void act.run('ready').then((r) => (setOpen(null), setDone(`The round is now ${STATE_WORDS[r.round.state].toLowerCase()}.`)), () => undefined)} /> : null}
            <div class="actions">
              <button
                type="button"
                class={text.danger ? 'danger' : undefined}
                disabled={act.pending}
                onClick={() =>
                  void act.run(open!).then(
                    (r) => {
                      setOpen(null);
                      if (open === 'reset') setDone(r.archivedScores ? `${plural(r.archivedScores, 'score')} moved to the archive ${r.archiveId}; the round is ready again.` : 'The round is ready again; it had no scores to archive.');
                      else setDone(`The round is now ${STATE_WORDS[r.round.state].toLowerCase()}.`);
                    },
                    () => undefined,
                  )
                }
              >
                {act.pending ? 'Working…' : text.confirm}
              </button>
              <button type="button" class="secondary" onClick={() => setOpen(null)}>
                Cancel
              </button>
            </div>
          </>
        ) : null}
      </Dialog>
    </section>
  );
}

/** Deleting a round that has no scores (the server refuses one with scores: reset first, which archives them). */
function DeleteRound({ tripId, round }: { tripId: string; round: Round }) {
  const remove = useDeleteRound(tripId);
  const [open, setOpen] = useState(false);
  return (
    <section class="card danger-zone" aria-labelledby="delete-round-head">
      <h3 id="delete-round-head">Delete this round</h3>
      <p class="muted">Removes the round with its scorecards, pairings and tee times. A round with scores cannot be deleted.</p>
      <button type="button" class="danger" onClick={() => setOpen(true)}>
        Delete round…
      </button>
      <Dialog id="delete-round" open={open} title={`Delete ${round.name}?`} onClose={() => setOpen(false)}>
        <p>The round, its scorecards with their frozen handicaps, its groups and tee times are deleted for every organizer and golfer. The course stays in your library.</p>
        <ConfirmActions
          error={remove.error}
          pending={remove.pending}
          confirm="Delete for good"
          cancel="Keep the round"
          onCancel={() => setOpen(false)}
          onConfirm={() =>
            remove.run(round.id).then(() => {
              setOpen(false);
              flash(`${round.name} is deleted.`);
              navigate(href('tripRounds', { tripId }), true);
            })
          }
        />
      </Dialog>
    </section>
  );
}
