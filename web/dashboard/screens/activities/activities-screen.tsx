/** PLACEHOLDER (being built): the Activities tab. */
import type { TripScreenProps } from '../../screen.js';

export function ActivitiesScreen(_props: TripScreenProps) {
  return (
    <section>
      <h2>Activities</h2>
      <p>This screen is being built.</p>
    </section>
  );
}
