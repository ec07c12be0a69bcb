/** PLACEHOLDER (being built): the Leaderboards tab. */
import type { TripScreenProps } from '../../screen.js';

export function BoardsScreen(_props: TripScreenProps) {
  return (
    <section>
      <h2>Leaderboards</h2>
      <p>This screen is being built.</p>
    </section>
  );
}
