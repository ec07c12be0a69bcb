/** PLACEHOLDER (being built): the Analytics tab. */
import type { TripScreenProps } from '../../screen.js';

export function AnalyticsScreen(_props: TripScreenProps) {
  return (
    <section>
      <h2>Analytics</h2>
      <p>This screen is being built.</p>
    </section>
  );
}
