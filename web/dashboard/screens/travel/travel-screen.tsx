/** PLACEHOLDER (being built): the Travel tab. */
import type { TripScreenProps } from '../../screen.js';

export function TravelScreen(_props: TripScreenProps) {
  return (
    <section>
      <h2>Travel</h2>
      <p>This screen is being built.</p>
    </section>
  );
}
