import type { ScreenProps } from '../../ui/shell.js';

export function LeaderboardsScreen(_: ScreenProps) {
  return <h1>Leaderboards</h1>;
}
