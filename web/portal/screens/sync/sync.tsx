import type { ScreenProps } from '../../ui/shell.js';

export function SyncScreen(_: ScreenProps) {
  return <h1>Sync</h1>;
}
