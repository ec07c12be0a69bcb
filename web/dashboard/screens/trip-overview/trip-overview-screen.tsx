/** A trip at a glance: its settings and what it holds so far. */
import { formatDay, plural } from '../../../common/format.js';
import { useTripContents } from '../../api/queries.js';
import { href } from '../../paths.js';
import type { TripScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';
import { daysFrom } from '../../../common/format.js';

export function TripOverviewScreen({ trip }: TripScreenProps) {
  const contents = useTripContents(trip.id);
  const days = daysFrom(trip.startDate, trip.endDate) + 1;
  return (
    <>
      <h2>The trip</h2>
      <dl class="facts">
        <div>
          <dt>First day</dt>
          <dd>{formatDay(trip.startDate, undefined, { weekday: true })}</dd>
        </div>
        <div>
          <dt>Last day</dt>
          <dd>{formatDay(trip.endDate, undefined, { weekday: true })}</dd>
        </div>
        <div>
          <dt>Length</dt>
          <dd>{plural(days, 'day')}</dd>
        </div>
        <div>
          <dt>Time zone</dt>
          <dd>{trip.timezone.replace(/_/g, ' ')}</dd>
        </div>
        <div>
          <dt>Currency</dt>
          <dd>{trip.currency}</dd>
        </div>
        {trip.destination ? (
          <div>
            <dt>Destination</dt>
            <dd>{trip.destination}</dd>
          </div>
        ) : null}
      </dl>
      {trip.description ? <p class="card">{trip.description}</p> : null}
      <h2>So far</h2>
      <QueryView query={contents} loading="Counting…">
        {(c) => (
          <dl class="facts">
            <div>
              <dt>Players</dt>
              <dd>{c.players}</dd>
            </div>
            <div>
              <dt>Rounds</dt>
              <dd>{c.rounds}</dd>
            </div>
            <div>
              <dt>Scores entered</dt>
              <dd>{c.scores}</dd>
            </div>
            <div>
              <dt>Expenses</dt>
              <dd>{c.expenses}</dd>
            </div>
            <div>
              <dt>Co-organizers</dt>
              <dd>{c.coOrganizers}</dd>
            </div>
          </dl>
        )}
      </QueryView>
      <p>
        <a href={href('tripSettings', { tripId: trip.id })}>Change the trip's name, dates or place</a> ·{' '}
        <a href={href('tripOrganizers', { tripId: trip.id })}>Invite a co-organizer</a>
      </p>
    </>
  );
}
