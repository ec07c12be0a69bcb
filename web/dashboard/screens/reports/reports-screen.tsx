/** PLACEHOLDER (being built): the Trip reports tab. */
import type { TripScreenProps } from '../../screen.js';

export function ReportsScreen(_props: TripScreenProps) {
  return (
    <section>
      <h2>Trip reports</h2>
      <p>This screen is being built.</p>
    </section>
  );
}
