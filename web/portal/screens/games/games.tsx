import type { ScreenProps } from '../../ui/shell.js';

export function GamesScreen(_: ScreenProps) {
  return <h1>Games</h1>;
}
