/** PLACEHOLDER (being built): the Games tab. */
import type { TripScreenProps } from '../../screen.js';

export function GamesScreen(_props: TripScreenProps) {
  return (
    <section>
      <h2>Games</h2>
      <p>This screen is being built.</p>
    </section>
  );
}
