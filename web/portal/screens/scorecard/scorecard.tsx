import type { ScreenProps } from '../../ui/shell.js';

export function ScorecardScreen(_: ScreenProps) {
  return <h1>Scorecard</h1>;
}
