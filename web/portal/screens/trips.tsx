/** My trips: every trip kept on this phone, most recently opened first. */
import type { KeptTrip } from '../state/keeper.js';
import { href } from '../router.js';

export function TripsScreen({ trips }: { trips: KeptTrip[] }) {
  return (
    <main class="page trips">
      <h1>My trips</h1>
      {trips.length === 0 ? (
        <p>Open the link your organizer sent you to add your trip to this phone.</p>
      ) : (
        <ul class="cards">
          {[...trips].sort((a, b) => b.openedAt.localeCompare(a.openedAt)).map((t) => (
            <li key={t.key}>
              <a class="card link-card" href={href(t.key)}>
                <strong>{t.tripName}</strong>
                <span>{t.startDate} – {t.endDate} · as {t.playerName}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
