/**
 * The activities in figures (`activities/stats`): how many, places taken, attendance, the cost of those going, and
 * per player what they said yes and maybe to and what their yeses cost (what each owes once the costs are booked).
 */
import { formatMoney } from '../../../common/format.js';
import { useActivityStats } from '../../api/activities.js';
import { useAllPlayers } from '../../api/players.js';
import type { Trip } from '../../api/types.js';

export function ActivityFigures({ trip }: { trip: Trip }) {
  const stats = useActivityStats(trip.id);
  const players = useAllPlayers(trip.id);
  if (!stats.data) return null;
  const t = stats.data.totals;
  const money = (c: number) => formatMoney(c, trip.currency);
  const names = new Map((players.data ?? []).map((p) => [p.id, p.name]));
  return (
    <>
      <dl class="facts" aria-label="Activities in figures">
        <div>
          <dt>Activities</dt>
          <dd>{t.activities}</dd>
        </div>
        <div>
          <dt>Places taken</dt>
          <dd>{t.yes}</dd>
        </div>
        <div>
          <dt>Attendance</dt>
          <dd>{t.attendance === null ? '—' : `${Math.round(t.attendance * 100)} %`}</dd>
        </div>
        <div>
          <dt>Cost of those going</dt>
          <dd>{money(t.totalCostCents)}</dd>
        </div>
      </dl>
      <details class="activity-players">
        <summary>Per player: what they go to and what it costs them</summary>
        <div class="table-wrap">
          <table class="table compact" aria-label="Activities per player">
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col" class="num">
                  Going
                </th>
                <th scope="col" class="num">
                  Maybe
                </th>
                <th scope="col" class="num">
                  Cost
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.data.players.map((p) => (
                <tr key={p.playerId}>
                  <th scope="row">{names.get(p.playerId) ?? 'A removed player'}</th>
                  <td class="num">{p.yes}</td>
                  <td class="num">{p.maybe}</td>
                  <td class="num">{money(p.costCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
