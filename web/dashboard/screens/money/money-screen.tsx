/** PLACEHOLDER (being built): the Money tab. */
import type { TripScreenProps } from '../../screen.js';

export function MoneyScreen(_props: TripScreenProps) {
  return (
    <section>
      <h2>Money</h2>
      <p>This screen is being built.</p>
    </section>
  );
}
