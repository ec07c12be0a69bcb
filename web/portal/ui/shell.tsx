/** A trip's frame: header with the sync state, the screen, the tab bar (thumb reach, 56 px targets). */
import type { ComponentType } from 'preact';
import { useTrip } from '../state/hooks.js';
import { href, type Route, type ScreenProps } from '../router.js';
import { SyncBadge } from './sync-badge.js';
import { TokenBanner } from './token-banner.js';
import { HomeScreen } from '../screens/home/home.js';
import { ScorecardScreen } from '../screens/scorecard/scorecard.js';
import { LeaderboardsScreen } from '../screens/leaderboards/leaderboards.js';
import { GamesScreen } from '../screens/games/games.js';
import { MoneyScreen } from '../screens/money/money.js';
import { TripScreen } from '../screens/trip/trip.js';
import { SyncScreen } from '../screens/sync/sync.js';

const SCREENS: Record<Exclude<Route['screen'], 'trips'>, ComponentType<ScreenProps>> = {
  home: HomeScreen,
  scorecard: ScorecardScreen,
  leaderboards: LeaderboardsScreen,
  games: GamesScreen,
  money: MoneyScreen,
  trip: TripScreen,
  sync: SyncScreen,
};

const TABS: { screen: Exclude<Route['screen'], 'trips' | 'sync'>; label: string; icon: string }[] = [
  { screen: 'home', label: 'Home', icon: '⌂' },
  { screen: 'scorecard', label: 'Score', icon: '✎' },
  { screen: 'leaderboards', label: 'Boards', icon: '☰' },
  { screen: 'money', label: 'Money', icon: '¤' },
  { screen: 'trip', label: 'Trip', icon: '✈' },
];

export function TripShell({ route }: ScreenProps) {
  const { kept } = useTrip();
  const screen = route.screen === 'trips' ? 'home' : route.screen;
  const Screen = SCREENS[screen];
  const active = screen === 'games' ? 'leaderboards' : screen;
  return (
    <div class="shell">
      <header class="topbar">
        <a class="trip-name" href="#/" title="All my trips">
          <span class="trip-title">{kept.tripName}</span>
          <span class="trip-player">{kept.playerName}</span>
        </a>
        <SyncBadge />
      </header>
      <TokenBanner />
      <main class="screen" id="screen">
        <Screen route={route} />
      </main>
      <nav class="tabbar" aria-label="Trip screens">
        {TABS.map((t) => (
          <a key={t.screen} href={href(kept.key, t.screen)} class={t.screen === active ? 'tab active' : 'tab'} aria-current={t.screen === active ? 'page' : undefined}>
            <span class="tab-icon" aria-hidden="true">{t.screen === 'money' ? currencySymbol(kept.session.trip.currency) : t.icon}</span>
            <span class="tab-label">{t.label}</span>
          </a>
        ))}
      </nav>
    </div>
  );
}

const symbols = new Map<string, string>();

/** The Money tab shows the trip's own currency sign ($, £, €, CHF…), not a fixed one. */
export function currencySymbol(currency: string): string {
  let symbol = symbols.get(currency);
  if (symbol === undefined) {
    try {
      symbol = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }).formatToParts(0).find((p) => p.type === 'currency')?.value ?? currency;
    } catch {
      symbol = currency;
    }
    symbols.set(currency, symbol);
  }
  return symbol;
}
