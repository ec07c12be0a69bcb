/**
 * A trip's frame: its name and dates, the tabs of its screens (from the route table), and the screen, which gets
 * the loaded trip.
 */
import { formatDayRange } from '../../common/format.js';
import { useTrip } from '../api/queries.js';
import { href } from '../paths.js';
import { TRIP_NAV_SECTIONS, type TripRoute } from '../routes.js';
import type { ScreenProps } from '../screen.js';
import { useServices } from '../screen.js';
import { QueryView } from '../ui/query-view.js';
import { LazyScreen } from './lazy.js';

export function TripLayout({ route, props }: { route: TripRoute; props: ScreenProps }) {
  const tripId = props.params.tripId!;
  const trip = useTrip(tripId);
  const { session } = useServices();
  return (
    <QueryView query={trip} loading="Loading the trip…" noAccess="You no longer have access to this trip: you are not one of its organizers any more, or it was deleted.">
      {(t) => {
        const myRole: 'owner' | 'organizer' = t.ownerId === session.current()?.user.id ? 'owner' : 'organizer';
        return (
          <>
            <header class="trip-header">
              <p class="crumbs">
                <a href={href('trips')}>Your trips</a>
              </p>
              <h1 class="trip-title">{t.name}</h1>
              <p class="trip-meta">
                {formatDayRange(t.startDate, t.endDate)}
                {t.destination ? ` · ${t.destination}` : ''}
                {myRole === 'organizer' ? ' · you co-organize this trip' : ''}
              </p>
              <nav class="trip-nav" aria-label="Trip">
                {TRIP_NAV_SECTIONS.map((g) => (
                  <div class="nav-group" key={g.section}>
                    <span class="nav-group-label" aria-hidden="true">
                      {g.section}
                    </span>
                    <ul aria-label={g.section}>
                      {g.routes.map((r) => (
                        <li key={r.name}>
                          <a href={href(r.name as 'trip', { tripId })} aria-current={r.name === route.name ? 'page' : undefined}>
                            {r.nav}
                          </a>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </nav>
            </header>
            <div class="trip-screen">
              <LazyScreen key={route.name} id={route.name} load={route.load} props={{ ...props, trip: t, myRole }} />
            </div>
          </>
        );
      }}
    </QueryView>
  );
}
