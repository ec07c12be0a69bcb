/**
 * The travel figures (`travel-stats`): players arriving and leaving per day, seats offered against seats needed
 * (ride board and airport), and who has entered no travel at all.
 */
import { formatDay, listInWords, plural } from '../../../common/format.js';
import { useTravelStats } from '../../api/travel.js';
import type { Trip } from '../../api/types.js';
import { href } from '../../paths.js';
import { QueryView } from '../../ui/query-view.js';

export function TravelOverview({ trip, players }: { trip: Trip; players: { id: string; name: string }[] }) {
  const stats = useTravelStats(trip.id);
  const names = new Map(players.map((p) => [p.id, p.name]));
  const to = (view: string) => href('tripTravel', { tripId: trip.id }, { view });
  return (
    <QueryView query={stats} loading="Loading the travel figures…">
      {(s) => {
        const days = [...new Set([...s.arrivalsPerDay.map((d) => d.date), ...s.departuresPerDay.map((d) => d.date)])].sort();
        const count = (list: { date: string; players: number }[], day: string) => list.find((d) => d.date === day)?.players ?? 0;
        const short = s.seats.airport.needed - s.seats.airport.offered;
        return (
          <>
            <dl class="facts" aria-label="Travel in figures">
              <div>
                <dt>Arriving</dt>
                <dd>{plural(s.arrivalsPerDay.reduce((n, d) => n + d.players, 0), 'player')}</dd>
              </div>
              <div>
                <dt>Leaving</dt>
                <dd>{plural(s.departuresPerDay.reduce((n, d) => n + d.players, 0), 'player')}</dd>
              </div>
              <div>
                <dt>Airport seats</dt>
                <dd>
                  {s.seats.airport.offered} for {s.seats.airport.needed} needed
                </dd>
              </div>
              <div>
                <dt>Ride board seats</dt>
                <dd>
                  {s.seats.rideBoard.taken} taken of {s.seats.rideBoard.offered}; {s.seats.rideBoard.unmatched} still asked
                </dd>
              </div>
            </dl>
            {short > 0 ? (
              <p class="notice warn">
                {plural(short, 'player')} flying in {short === 1 ? 'has' : 'have'} no seat in a car from the airport. <a href={to('cars')}>See the airport pick-ups</a>.
              </p>
            ) : null}
            {s.playersWithoutTravel.length ? (
              <p class="notice">
                No travel entered yet for{' '}
                {s.playersWithoutTravel.length <= 10 ? listInWords(s.playersWithoutTravel.map((id) => names.get(id) ?? id)) : plural(s.playersWithoutTravel.length, 'player')} (no flight, car, ride or seat).
              </p>
            ) : null}
            <h3>Day by day</h3>
            {days.length === 0 ? (
              <p class="muted">
                No flights yet. <a href={to('flights')}>Add the players’ flights</a> to see who lands and leaves each day.
              </p>
            ) : (
              <div class="table-wrap">
                <table class="table compact" aria-label="Players arriving and leaving per day">
                  <thead>
                    <tr>
                      <th scope="col">Day</th>
                      <th scope="col" class="num">
                        Arriving
                      </th>
                      <th scope="col" class="num">
                        Leaving
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {days.map((d) => (
                      <tr key={d}>
                        <th scope="row">{formatDay(d, undefined, { weekday: true })}</th>
                        <td class="num">{count(s.arrivalsPerDay, d)}</td>
                        <td class="num">{count(s.departuresPerDay, d)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </>
        );
      }}
    </QueryView>
  );
}
