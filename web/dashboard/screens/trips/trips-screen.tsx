/** The organizer's trips, newest first, a page at a time as the API pages them; and the ways to make a new one. */
import { formatDayRange } from '../../../common/format.js';
import { TRIPS_PAGE_SIZE, useTripsPage } from '../../api/queries.js';
import type { TripListItem } from '../../api/types.js';
import { href } from '../../paths.js';
import type { ScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';

export function TripsScreen({ query }: ScreenProps) {
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const trips = useTripsPage((page - 1) * TRIPS_PAGE_SIZE);
  return (
    <>
      <div class="page-head">
        <h1>Your trips</h1>
        <div class="actions">
          <a class="button" href={href('newTrip')}>
            New trip
          </a>
          <a class="button secondary" href={href('copyTrip')}>
            Copy a past trip
          </a>
        </div>
      </div>
      <QueryView query={trips} loading="Loading your trips…">
        {(p) => (p.total === 0 ? <NoTrips /> : <TripTable trips={p.items} page={page} total={p.total} />)}
      </QueryView>
    </>
  );
}

function NoTrips() {
  return (
    <div class="card empty">
      <h2>No trips yet</h2>
      <p>Start with the trip's name, dates and place; players, courses and rounds come next.</p>
      <div class="actions">
        <a class="button" href={href('newTrip')}>
          Create your first trip
        </a>
      </div>
      <p class="small muted">Invited to co-organize a trip? Open the link in the invite mail.</p>
    </div>
  );
}

function TripTable({ trips, page, total }: { trips: TripListItem[]; page: number; total: number }) {
  const first = (page - 1) * TRIPS_PAGE_SIZE + 1;
  const last = first + trips.length - 1;
  const pages = Math.max(1, Math.ceil(total / TRIPS_PAGE_SIZE));
  return (
    <>
      <div class="table-wrap">
        <table class="table trip-table">
          <caption class="visually-hidden">Your trips, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Trip</th>
              <th scope="col">Dates</th>
              <th scope="col" class="hide-narrow">Destination</th>
              <th scope="col" class="hide-narrow">Your role</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {trips.map((t) => (
              <tr key={t.id}>
                <td>
                  <a href={t.status === 'creating' ? href('tripSetup', { tripId: t.id }) : href('trip', { tripId: t.id })}>{t.name}</a>
                </td>
                <td>{formatDayRange(t.startDate, t.endDate)}</td>
                <td class="hide-narrow">{t.destination ?? '—'}</td>
                <td class="hide-narrow">{t.myRole === 'owner' ? 'Owner' : 'Co-organizer'}</td>
                <td>{t.status === 'creating' ? <span class="badge amber">Being set up</span> : <span class="badge green">Ready</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav class="pager" aria-label="Pages of trips">
        <p class="muted" aria-live="polite">
          {first === last ? `Trip ${first}` : `Trips ${first}–${last}`} of {total}
        </p>
        {pages > 1 ? (
          <ul>
            <li>{page > 1 ? <a class="button secondary" href={href('trips', {}, { page: page - 1 === 1 ? undefined : page - 1 })}>Previous page</a> : null}</li>
            <li>{page < pages ? <a class="button secondary" href={href('trips', {}, { page: page + 1 })}>Next page</a> : null}</li>
          </ul>
        ) : null}
      </nav>
    </>
  );
}
