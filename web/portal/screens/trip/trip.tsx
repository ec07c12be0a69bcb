import type { ScreenProps } from '../../ui/shell.js';

export function TripScreen(_: ScreenProps) {
  return <h1>Trip</h1>;
}
