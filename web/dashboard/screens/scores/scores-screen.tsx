/** PLACEHOLDER (being built): the Disputes and corrections tab. */
import type { TripScreenProps } from '../../screen.js';

export function ScoresScreen(_props: TripScreenProps) {
  return (
    <section>
      <h2>Disputes and corrections</h2>
      <p>This screen is being built.</p>
    </section>
  );
}
