/**
 * Hash routes (`/portal/#/t/<trip key>/scorecard/<roundId>`): the page is always the one cached shell, so every
 * screen reloads offline. The token of a link (`#token=…`) is taken out before routing (main.tsx).
 */
import { useEffect, useState } from 'preact/hooks';

export interface Route {
  /** `trips` (the list), or a trip screen. */
  screen: 'trips' | 'home' | 'scorecard' | 'leaderboards' | 'games' | 'money' | 'trip' | 'sync';
  key?: string;
  /** The rest of the path after the screen (`scorecard/<roundId>` → `[roundId]`). */
  rest: string[];
}

/** What every trip screen gets from the shell (here, not in the shell: screens never import the shell that imports them). */
export interface ScreenProps {
  route: Route;
}

const SCREENS = new Set(['home', 'scorecard', 'leaderboards', 'games', 'money', 'trip', 'sync']);

export function parseRoute(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] !== 't' || !parts[1]) return { screen: 'trips', rest: [] };
  const screen = parts[2] && SCREENS.has(parts[2]) ? (parts[2] as Route['screen']) : 'home';
  return { screen, key: parts[1], rest: parts.slice(3) };
}

/** The hash of a trip screen: `href(key, 'scorecard', roundId)`. */
export function href(key: string, screen: Exclude<Route['screen'], 'trips'> = 'home', ...rest: string[]): string {
  return `#/t/${encodeURIComponent(key)}/${screen}${rest.map((r) => `/${encodeURIComponent(r)}`).join('')}`;
}

export function navigate(hash: string, replace = false): void {
  if (replace) {
    history.replaceState(null, '', `${location.pathname}${hash}`);
    dispatchEvent(new HashChangeEvent('hashchange'));
  } else location.hash = hash;
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const on = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return route;
}
