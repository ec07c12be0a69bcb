/**
 * A hole two phones scored differently: every competing value, the one that counts marked (the shared rule: the
 * latest entry), who entered it on which phone and when. Settled by an organizer, the badge goes away everywhere.
 */
import type { ScoreEntry } from '../../../../shared/schemas/round.js';
import type { ScoreDispute } from '../../../../sync/device/index.js';
import { formatHistoryTime, type TripClock } from '../../../common/format.js';
import { useTrip } from '../../state/hooks.js';
const strokes = (e: ScoreEntry) => (e.strokes === null ? 'picked up' : String(e.strokes));

/** Who entered a value and when, on the trip's clock (the day too on a trip of several days). */
export function writerLabel(e: ScoreEntry, nameOf: (id: string) => string, deviceId: string, clock: TripClock): string {
  const who = e.enteredBy.startsWith('organizer:') ? 'the organizer' : nameOf(e.enteredBy);
  return `${who}${e.deviceId === deviceId ? ' on this phone' : ''}, ${formatHistoryTime(e.enteredAt, clock)}`;
}

export function DisputeNote({ dispute, nameOf, deviceId }: { dispute: ScoreDispute; nameOf: (id: string) => string; deviceId: string }) {
  const clock = useTrip().kept.session.trip;
  return (
    <div class="dispute" data-testid="dispute" role="note">
      <span class="badge bad">⚠ Disputed</span>
      <ul>
        <li data-testid="dispute-winner" data-strokes={dispute.winner.strokes ?? 'pickup'}>
          <strong>{strokes(dispute.winner)}</strong> ✓ counts <span class="muted">({writerLabel(dispute.winner, nameOf, deviceId, clock)})</span>
        </li>
        {dispute.others.map((e) => (
          <li key={`${e.deviceId}-${e.enteredAt}`} data-testid="dispute-other" data-strokes={e.strokes ?? 'pickup'}>
            <s>{strokes(e)}</s> not counted <span class="muted">({writerLabel(e, nameOf, deviceId, clock)})</span>
          </li>
        ))}
      </ul>
      <p class="muted">The latest entry counts. Your organizer can settle it.</p>
    </div>
  );
}
