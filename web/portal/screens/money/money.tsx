import type { ScreenProps } from '../../ui/shell.js';

export function MoneyScreen(_: ScreenProps) {
  return <h1>Money</h1>;
}
