/**
 * A hole's full history (`…/scores/:hole/history`): every value it had, oldest first, who entered it (a player or an
 * organizer, by name, and on whose phone), when and why; the one that counts now marked.
 */
import { useTrip } from '../../api/queries.js';
import { useScoreHistory } from '../../api/score-fixes.js';
import { QueryView } from '../../ui/query-view.js';
import { devicesInWords, strokesText, whenText } from './score-words.js';

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
        {(h) => {
          const byName = new Map(h.entries.map((e) => [e.enteredBy, e.by.name ? (e.by.kind === 'organizer' ? `${e.by.name} (organizer)` : e.by.name) : e.by.kind === 'organizer' ? 'an organizer' : 'a removed player'] as const));
          const enteredOn = devicesInWords(h.entries, (by) => byName.get(by) ?? 'a removed player');
          return (
            <div class="table-wrap" tabIndex={0} role="region" aria-label={`Every value of hole ${hole}, oldest first`}>
              <table class="table compact">
                <caption class="visually-hidden">{title}, oldest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Value</th>
                    <th scope="col">Entered on</th>
                    <th scope="col">When</th>
                    <th scope="col">Why</th>
                  </tr>
                </thead>
                <tbody>
                  {h.entries.map((e) => (
                    <tr key={`${e.enteredAt}-${e.deviceId}-${String(e.strokes)}`} class={e.current ? 'current' : undefined}>
                      <td>
                        <strong>{strokesText(e.strokes)}</strong> {e.current ? <span class="badge green">counts now</span> : null}
                      </td>
                      <td>{enteredOn(e)}</td>
                      <td>{trip ? whenText(e.enteredAt, trip) : '—'}</td>
                      <td>{e.reason ?? <span class="muted">—</span>}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {h.disputed ? <p class="notice warn">Two phones disagree on this hole: settle it by choosing the right value.</p> : null}
            </div>
          );
        }}
      </QueryView>
    </section>
  );
}
