/**
 * A hole's full history (`…/scores/:hole/history`): every value it had, oldest first, who entered it (a player or an
 * organizer, by name), when, on which device and why; the one that counts now marked.
 */
import { useTrip } from '../../api/queries.js';
import { useScoreHistory } from '../../api/score-fixes.js';
import { QueryView } from '../../ui/query-view.js';
import { deviceText, strokesText, whenText } from './score-words.js';

export function HoleHistory({ tripId, scorecardId, hole, playerName, hasScore }: { tripId: string; scorecardId: string; hole: number; playerName: string; hasScore: boolean }) {
  const history = useScoreHistory(tripId, scorecardId, hole, hasScore);
  const trip = useTrip(tripId).data;
  const title = `History of hole ${hole}, ${playerName}`;
  if (!hasScore) {
    return (
      <section class="hole-history" aria-label={title}>
        <h4>History</h4>
        <p class="muted">No value was ever entered for this hole.</p>
      </section>
    );
  }
  return (
    <section class="hole-history" aria-label={title}>
      <h4>History</h4>
      <QueryView query={history} loading="Loading the history…">
        {(h) => (
          <div class="table-wrap" tabIndex={0} role="region" aria-label={`Every value of hole ${hole}, oldest first`}>
            <table class="table compact">
              <caption class="visually-hidden">{title}, oldest first</caption>
              <thead>
                <tr>
                  <th scope="col">Value</th>
                  <th scope="col">Entered by</th>
                  <th scope="col">When</th>
                  <th scope="col">Where</th>
                  <th scope="col">Why</th>
                </tr>
              </thead>
              <tbody>
                {h.entries.map((e) => (
                  <tr key={`${e.enteredAt}-${e.deviceId}-${String(e.strokes)}`} class={e.current ? 'current' : undefined}>
                    <td>
                      <strong>{strokesText(e.strokes)}</strong> {e.current ? <span class="badge green">counts now</span> : null}
                    </td>
                    <td>{e.by.name ? (e.by.kind === 'organizer' ? `${e.by.name} (organizer)` : e.by.name) : e.by.kind === 'organizer' ? 'an organizer' : 'a removed player'}</td>
                    <td>{trip ? whenText(e.enteredAt, trip) : '—'}</td>
                    <td>{deviceText(e.deviceId)}</td>
                    <td>{e.reason ?? <span class="muted">—</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            {h.disputed ? <p class="notice warn">Two phones disagree on this hole: settle it by choosing the right value.</p> : null}
          </div>
        )}
      </QueryView>
    </section>
  );
}
