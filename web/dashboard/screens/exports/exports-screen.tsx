/** PLACEHOLDER (being built): the Exports tab. */
import type { TripScreenProps } from '../../screen.js';

export function ExportsScreen(_props: TripScreenProps) {
  return (
    <section>
      <h2>Exports</h2>
      <p>This screen is being built.</p>
    </section>
  );
}
