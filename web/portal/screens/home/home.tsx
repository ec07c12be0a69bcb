import type { ScreenProps } from '../../ui/shell.js';

export function HomeScreen(_: ScreenProps) {
  return <h1>Home</h1>;
}
