/** A trip's frame: header with the sync state, the screen, the tab bar (thumb reach, 56 px targets). */
import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { useTrip } from '../state/hooks.js';
import { href, type Route, type ScreenProps } from '../router.js';
import { SyncBadge } from './sync-badge.js';
import { TokenBanner } from './token-banner.js';
import { HomeScreen } from '../screens/home/home.js';
import { ScorecardScreen } from '../screens/scorecard/scorecard.js';
import { LeaderboardsScreen } from '../screens/leaderboards/leaderboards.js';

/**
 * A screen in a chunk of its own, loaded when first opened: what a golfer needs on the course (home, scorecard,
 * boards) is in the page's bundle; money, the trip's plans, games and the sync details follow. The page names every
 * chunk as `modulepreload` and the service worker keeps them all, so they open offline and at once.
 */
function later(load: () => Promise<ComponentType<ScreenProps>>): ComponentType<ScreenProps> {
  let loaded: ComponentType<ScreenProps> | undefined;
  let loading: Promise<ComponentType<ScreenProps>> | undefined;
  return function LaterScreen(props: ScreenProps) {
    const [Screen, setScreen] = useState<ComponentType<ScreenProps> | undefined>(() => loaded);
    const [failed, setFailed] = useState(false);
    useEffect(() => {
      if (loaded) return;
      let live = true;
      loading ??= load().then((c) => (loaded = c));
      loading.then(
        (c) => live && setScreen(() => c),
        () => {
          loading = undefined;
          if (live) setFailed(true);
        },
      );
      return () => {
        live = false;
      };
    }, []);
    if (Screen) return <Screen {...props} />;
    if (failed) return <p role="alert">This screen could not be loaded. Reload the app with signal once, and it works offline after.</p>;
    return <p role="status">Opening…</p>;
  };
}

const SCREENS: Record<Exclude<Route['screen'], 'trips'>, ComponentType<ScreenProps>> = {
  home: HomeScreen,
  scorecard: ScorecardScreen,
  leaderboards: LeaderboardsScreen,
  games: later(() => import('../screens/games/games.js').then((m) => m.GamesScreen)),
  money: later(() => import('../screens/money/money.js').then((m) => m.MoneyScreen)),
  trip: later(() => import('../screens/trip/trip.js').then((m) => m.TripScreen)),
  sync: later(() => import('../screens/sync/sync.js').then((m) => m.SyncScreen)),
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
