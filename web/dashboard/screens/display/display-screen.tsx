/** PLACEHOLDER (being built): the TV display tab. */
import type { TripScreenProps } from '../../screen.js';

export function DisplayScreen(_props: TripScreenProps) {
  return (
    <section>
      <h2>TV display</h2>
      <p>This screen is being built.</p>
    </section>
  );
}
