/**
 * Travel (the tab): the figures, flights, rental cars with their airport pick-ups, lodging and the ride board,
 * one view each (`?view=`), so each has its own address.
 */
import { useAllPlayers } from '../../api/players.js';
import { href } from '../../paths.js';
import type { TripScreenProps } from '../../screen.js';
import { QueryView } from '../../ui/query-view.js';
import { CarsView } from './travel-cars.js';
import { FlightsView } from './travel-flights.js';
import { LodgingView } from './travel-lodging.js';
import { TravelOverview } from './travel-overview.js';
import { RidesView } from './travel-rides.js';

const VIEWS = [
  { id: 'overview', label: 'Overview' },
  { id: 'flights', label: 'Flights' },
  { id: 'cars', label: 'Cars and pick-ups' },
  { id: 'lodging', label: 'Lodging' },
  { id: 'rides', label: 'Ride board' },
] as const;

export function TravelScreen({ trip, query }: TripScreenProps) {
  const asked = query.get('view');
  const view = VIEWS.find((v) => v.id === asked)?.id ?? 'overview';
  const players = useAllPlayers(trip.id);
  return (
    <>
      <div class="page-head">
        <div>
          <h2>Travel</h2>
          <p class="muted">How everyone gets there, gets around and where they sleep. Players can add their own flights and rides on their phone.</p>
        </div>
      </div>
      <nav class="subnav" aria-label="Travel">
        <ul>
          {VIEWS.map((v) => (
            <li key={v.id}>
              <a href={href('tripTravel', { tripId: trip.id }, { view: v.id === 'overview' ? undefined : v.id })} aria-current={v.id === view ? 'page' : undefined}>
                {v.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <QueryView query={players} loading="Loading the players…">
        {(ps) => {
          const list = ps.map((p) => ({ id: p.id, name: p.name }));
          if (view === 'flights') return <FlightsView trip={trip} players={list} />;
          if (view === 'cars') return <CarsView trip={trip} players={list} />;
          if (view === 'lodging') return <LodgingView trip={trip} players={list} />;
          if (view === 'rides') return <RidesView trip={trip} players={list} />;
          return <TravelOverview trip={trip} players={list} />;
        }}
      </QueryView>
    </>
  );
}
