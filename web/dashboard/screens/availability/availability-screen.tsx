/** PLACEHOLDER (being built): the Availability tab. */
import type { TripScreenProps } from '../../screen.js';

export function AvailabilityScreen(_props: TripScreenProps) {
  return (
    <section>
      <h2>Availability</h2>
      <p>This screen is being built.</p>
    </section>
  );
}
