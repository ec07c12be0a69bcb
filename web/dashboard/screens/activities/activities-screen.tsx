/**
 * Activities (the tab): what the group does besides golf, day by day, with who is going, the attendance figures
 * and the cost. `?activity=<id>` opens one with every player's answer. Adding and changing are in a dialog;
 * deleting is explained first.
 */
import { useState } from 'preact/hooks';
import { Dialog } from '../../../common/dialog.js';
import { formatDay, formatMoney, plural } from '../../../common/format.js';
import { useActivitiesByDate, useDeleteActivity, type Activity } from '../../api/activities.js';
import { useAllPlayers } from '../../api/players.js';
import type { Trip } from '../../api/types.js';
import { href } from '../../paths.js';
import { navigate } from '../../router.js';
import type { TripScreenProps } from '../../screen.js';
import { ConfirmActions } from '../../ui/confirm-actions.js';
import { QueryView } from '../../ui/query-view.js';
import { ActivityDetail } from './activity-detail.js';
import { ActivityFigures } from './activity-stats.js';
import { ActivityDialog } from './activity-form.js';
import { countsInWords, whenInWords } from './activity-words.js';

export function ActivitiesScreen({ trip, query }: TripScreenProps) {
  const days = useActivitiesByDate(trip.id);
  const players = useAllPlayers(trip.id);
  const [editing, setEditing] = useState<Activity | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Activity | null>(null);
  const open = query.get('activity');
  return (
    <>
      <QueryView query={days} loading="Loading the activities…">
        {(d) => {
          const all = d.days.flatMap((x) => x.activities);
          const one = open ? all.find((a) => a.id === open) : undefined;
          if (open && one) {
            return (
              <QueryView query={players} loading="Loading the players…">
                {(ps) => <ActivityDetail trip={trip} activity={one} players={ps} onEdit={() => setEditing(one)} />}
              </QueryView>
            );
          }
          return (
            <>
              <div class="page-head">
                <div>
                  <h2>Activities</h2>
                  <p class="muted">Dinners, tours and everything else besides golf. Players say on their phone whether they are going; open an activity to see or change their answers.</p>
                </div>
                <div class="actions">
                  <button type="button" onClick={() => setEditing('new')}>
                    New activity
                  </button>
                </div>
              </div>
              {open ? (
                <p class="notice warn" role="alert">
                  This activity is not on the trip any more.
                </p>
              ) : null}
              {all.length === 0 ? (
                <div class="card empty">
                  <h3>No activities yet</h3>
                  <p>Add the first one: a dinner, a tour, a night out. Players then answer whether they are going.</p>
                </div>
              ) : (
                <>
                  <ActivityFigures trip={trip} />
                  {d.days.map((day) => (
                    <section key={day.date} aria-labelledby={`day-${day.date}`}>
                      <h3 id={`day-${day.date}`}>{formatDay(day.date, undefined, { weekday: true })}</h3>
                      <ul class="activity-list">
                        {day.activities.map((a) => (
                          <ActivityCard key={a.id} trip={trip} activity={a} onEdit={() => setEditing(a)} onDelete={() => setDeleting(a)} />
                        ))}
                      </ul>
                    </section>
                  ))}
                </>
              )}
            </>
          );
        }}
      </QueryView>
      <ActivityDialog trip={trip} activity={editing === 'new' ? null : editing} open={editing !== null} onClose={() => setEditing(null)} />
      {deleting ? <DeleteDialog trip={trip} activity={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}

function ActivityCard({ trip, activity: a, onEdit, onDelete }: { trip: Trip; activity: Activity; onEdit: () => void; onDelete: () => void }) {
  const money = (c: number) => formatMoney(c, trip.currency);
  return (
    <li class="card activity-card">
      <div class="activity-main">
        <h4>
          <a href={href('tripActivities', { tripId: trip.id }, { activity: a.id })}>{a.name}</a>
        </h4>
        <p class="muted">
          {whenInWords(a)}
          {a.location ? ` · ${a.location}` : ''}
        </p>
        <p class="activity-counts">
          <span class="badge green">{a.counts.yes} going</span> <span class="badge amber">{a.counts.maybe} maybe</span> <span class="badge red">{a.counts.no} not going</span>{' '}
          <span class="badge">{a.counts.unanswered} no answer</span>
          <span class="visually-hidden">{countsInWords(a.counts)}</span>
        </p>
        <p class="small muted">
          {a.capacity !== undefined ? `${plural(a.capacity, 'place')}, ${a.spotsLeft} left` : 'No limit on places'}
          {a.costPerPersonCents !== undefined ? ` · ${money(a.costPerPersonCents)} each, ${money(a.totalCostCents ?? 0)} for those going` : ''}
          {a.expenseId ? ' · booked as an expense' : ''}
        </p>
      </div>
      <div class="actions tight">
        <a class="button secondary small" href={href('tripActivities', { tripId: trip.id }, { activity: a.id })} aria-label={`Answers for ${a.name}`}>
          Answers
        </a>
        <button type="button" class="secondary small" onClick={onEdit} aria-label={`Change ${a.name}`}>
          Change
        </button>
        <button type="button" class="secondary small" onClick={onDelete} aria-label={`Delete ${a.name}…`}>
          Delete…
        </button>
      </div>
    </li>
  );
}

function DeleteDialog({ trip, activity, onClose }: { trip: Trip; activity: Activity; onClose: () => void }) {
  const del = useDeleteActivity(trip.id);
  return (
    <Dialog id="delete-activity" open title={`Delete ${activity.name}?`} onClose={onClose}>
      <ul class="plain-list">
        <li>The activity and every player’s answer to it go ({countsInWords(activity.counts)}).</li>
        <li>{activity.expenseId ? 'The expense made from its cost stays in Money: delete it there if it should go too.' : 'No expense was made from it.'}</li>
      </ul>
      <ConfirmActions
        error={del.error}
        pending={del.pending}
        confirm="Delete the activity"
        pendingLabel="Deleting…"
        cancel="Keep it"
        onConfirm={async () => {
          await del.run(activity.id);
          onClose();
          navigate(href('tripActivities', { tripId: trip.id }), true);
        }}
        onCancel={onClose}
      />
    </Dialog>
  );
}
