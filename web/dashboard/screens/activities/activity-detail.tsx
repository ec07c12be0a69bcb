/**
 * One activity (`?activity=<id>`): when and where, its counts, and every player's answer, changed one by one by
 * the organizer (`PUT`/`DELETE …/rsvps/:playerId`). Its cost can become an expense from here.
 */
import { useState } from 'preact/hooks';
import { formatMoney, plural } from '../../../common/format.js';
import { useSetRsvp, type Activity, type Rsvp } from '../../api/activities.js';
import { describeFailure } from '../../api/errors.js';
import type { Player } from '../../api/players.js';
import type { Trip } from '../../api/types.js';
import { href } from '../../paths.js';
import { ExpenseDialog } from './activity-expense.js';
import { countsInWords, RSVP_WORDS, whenInWords } from './activity-words.js';

const OPTIONS: { value: Rsvp | ''; label: string }[] = [
  { value: '', label: 'No answer' },
  { value: 'yes', label: RSVP_WORDS.yes },
  { value: 'maybe', label: RSVP_WORDS.maybe },
  { value: 'no', label: RSVP_WORDS.no },
];

export function ActivityDetail({ trip, activity, players, onEdit }: { trip: Trip; activity: Activity; players: Player[]; onEdit: () => void }) {
  const setRsvp = useSetRsvp(trip.id);
  const [saving, setSaving] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [expense, setExpense] = useState(false);
  const answer = new Map(activity.rsvps.map((r) => [r.playerId, r.response]));
  const money = (c: number) => formatMoney(c, trip.currency);
  const change = (p: Player, value: string) => {
    setSaving(p.id);
    setProblem(null);
    setRsvp
      .run({ activityId: activity.id, playerId: p.id, response: value ? (value as Rsvp) : null })
      .catch((e: unknown) => setProblem(`${p.name}’s answer was not saved: ${describeFailure(e)}`))
      .finally(() => setSaving(null));
  };
  const canBook = !activity.expenseId && !!activity.costPerPersonCents && activity.counts.yes > 0;
  return (
    <>
      <p class="crumbs">
        <a href={href('tripActivities', { tripId: trip.id })}>All activities</a>
      </p>
      <div class="page-head">
        <div>
          <h2>{activity.name}</h2>
          <p class="muted">
            {whenInWords(activity)}
            {activity.location ? ` · ${activity.location}` : ''}
          </p>
        </div>
        <div class="actions">
          <button type="button" class="secondary" onClick={onEdit}>
            Change
          </button>
          {canBook ? (
            <button type="button" onClick={() => setExpense(true)}>
              Turn into an expense…
            </button>
          ) : null}
        </div>
      </div>
      {activity.description ? <p>{activity.description}</p> : null}
      <dl class="facts" aria-label="Answers">
        <div>
          <dt>Going</dt>
          <dd>
            {activity.counts.yes}
            {activity.capacity !== undefined ? ` of ${activity.capacity} places` : ''}
          </dd>
        </div>
        <div>
          <dt>Maybe</dt>
          <dd>{activity.counts.maybe}</dd>
        </div>
        <div>
          <dt>Not going</dt>
          <dd>{activity.counts.no}</dd>
        </div>
        <div>
          <dt>No answer</dt>
          <dd>{activity.counts.unanswered}</dd>
        </div>
        {activity.costPerPersonCents !== undefined ? (
          <div>
            <dt>Cost</dt>
            <dd>
              {money(activity.totalCostCents ?? 0)} <span class="small muted">({money(activity.costPerPersonCents)} each)</span>
            </dd>
          </div>
        ) : null}
      </dl>
      {activity.expenseId ? (
        <p class="notice">
          Its cost is booked as an expense: see the <a href={href('tripMoney', { tripId: trip.id })}>Money</a> tab. Answers changed since do not change it.
        </p>
      ) : activity.costPerPersonCents && activity.counts.yes === 0 ? (
        <p class="muted small">Once players say they are going, its cost can become an expense shared by them.</p>
      ) : null}
      <h3>Who is going</h3>
      <p class="muted small" id="rsvp-help">
        Players answer on their phone; change an answer here for them. {activity.spotsLeft !== null ? `${plural(activity.spotsLeft, 'place')} left.` : ''}
      </p>
      {problem ? (
        <p class="notice error" role="alert">
          {problem}
        </p>
      ) : null}
      <div class="table-wrap">
        <table class="table compact rsvp-table" aria-label={`Answers for ${activity.name}`}>
          <thead>
            <tr>
              <th scope="col">Player</th>
              <th scope="col">Answer</th>
            </tr>
          </thead>
          <tbody>
            {players.map((p) => {
              const a = answer.get(p.id);
              return (
                <tr key={p.id} class={a ? `rsvp-${a}` : 'rsvp-none'}>
                  <th scope="row">{p.name}</th>
                  <td>
                    <select aria-label={`${p.name}’s answer`} aria-describedby="rsvp-help" value={a ?? ''} disabled={saving === p.id} onChange={(e) => change(p, e.currentTarget.value)}>
                      {OPTIONS.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p class="muted small">{countsInWords(activity.counts)}</p>
      {expense ? <ExpenseDialog trip={trip} activity={activity} players={players} open={expense} onClose={() => setExpense(false)} /> : null}
    </>
  );
}
