/**
 * The golfer's app: boot. Takes the token out of the link (`/portal#token=…`) before anything renders, so it
 * never stays in the address bar or the history; registers the service worker (the offline shell); renders.
 */
import { render } from 'preact';
import { App } from './app.js';
import { resumeAll } from './screens/money/sender.js';
import './styles.css';
// The stylesheets of the screens loaded when first opened (ui/shell.tsx) ride with the page's: esbuild links only
// the entry's CSS.
import './screens/money/money.css';
import './screens/trip/trip.css';
import './screens/games/games.css';
import './screens/sync/sync.css';

/** The token of a link, removed from the URL. */
function takeToken(): string | null {
  const params = new URLSearchParams(location.hash.replace(/^#/, ''));
  const token = params.get('token');
  if (!token) return null;
  history.replaceState(null, '', '/portal/#/');
  return token;
}

const token = takeToken();
// A link opened while the app runs (same page, only the fragment changed) carries its token too.
addEventListener('hashchange', () => {
  const next = takeToken();
  if (next) render(<App token={next} />, root);
});

if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/portal/sw.js', { scope: '/portal' }).catch((err: unknown) => console.warn('service worker not registered', err));
}

const root = document.getElementById('app')!;
root.textContent = ''; // the boot message of index.html
render(<App token={token} />, root);

// Whatever screen the app opens on, expenses (and receipt photos) left waiting in an earlier run start sending.
void resumeAll().catch((err: unknown) => console.warn('waiting expenses not resumed', err));
