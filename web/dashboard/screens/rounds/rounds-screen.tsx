/**
 * A trip's rounds (the Rounds tab): the list, a new round from a library course (`?round=new`), and one round with
 * its handicaps and steps (`?round=<id>`), so each view has its own address.
 */
import { formatDay, plural } from '../../../common/format.js';
import { useRounds } from '../../api/rounds.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import type { TripScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';
import { STATE_WORDS } from './round-actions.js';
import { RoundDetail } from './round-detail.js';
import { NewRoundForm } from './round-form.js';
import { FORMAT_WORDS } from './round-words.js';

export function RoundsScreen({ trip, query }: TripScreenProps) {
  const open = query.get('round');
  if (open === 'new') return <NewRoundForm trip={trip} onDone={(r) => navigate(href('tripRounds', { tripId: trip.id }, { round: r.id }))} onCancel={() => navigate(href('tripRounds', { tripId: trip.id }))} />;
  if (open) return <RoundDetail key={open} tripId={trip.id} roundId={open} />;
  return <RoundList tripId={trip.id} />;
}

function RoundList({ tripId }: { tripId: string }) {
  const rounds = useRounds(tripId);
  return (
    <>
      <div class="page-head">
        <div>
          <h2>Rounds</h2>
          <p class="muted">Each round is made from a course of your library, with its tees and format. Open one for its handicaps, its steps and its printed pages.</p>
        </div>
        <div class="actions">
          <a class="button secondary" href={href('tripCourses', { tripId })}>
            Your courses
          </a>
          <a class="button" href={href('tripRounds', { tripId }, { round: 'new' })}>
            New round
          </a>
        </div>
      </div>
      <QueryView query={rounds} loading="Loading the rounds…">
        {(list) =>
          list.items.length === 0 ? (
            <div class="card empty">
              <h3>No rounds yet</h3>
              <p>Make the first round from a course of your library.</p>
            </div>
          ) : (
            <div class="table-wrap">
              <table class="table" aria-label="Rounds of the trip">
                <thead>
                  <tr>
                    <th scope="col">Round</th>
                    <th scope="col">Date</th>
                    <th scope="col">Course</th>
                    <th scope="col">Format</th>
                    <th scope="col">Players</th>
                    <th scope="col">State</th>
                  </tr>
                </thead>
                <tbody>
                  {list.items.map((r) => (
                    <tr key={r.id}>
                      <td>
                        <a href={href('tripRounds', { tripId }, { round: r.id })}>{r.name}</a>
                      </td>
                      <td>
                        {formatDay(r.date)}
                        {r.startTime ? `, ${r.startTime}` : ''}
                      </td>
                      <td>{r.course ? `${r.course.name}${r.defaultTee ? ` · ${r.defaultTee}` : ''}` : '—'}</td>
                      <td>{FORMAT_WORDS[r.format]}</td>
                      <td>
                        {plural(r.playerIds.length, 'player')}
                        {r.groups.length ? `, ${plural(r.groups.length, 'group')}` : ''}
                      </td>
                      <td>
                        <span class={`badge state-${r.state}`}>{STATE_WORDS[r.state]}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </QueryView>
    </>
  );
}
