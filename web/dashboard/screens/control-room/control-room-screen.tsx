/** PLACEHOLDER (being built): the Control room tab. */
import type { TripScreenProps } from '../../screen.js';

export function ControlRoomScreen(_props: TripScreenProps) {
  return (
    <section>
      <h2>Control room</h2>
      <p>This screen is being built.</p>
    </section>
  );
}
