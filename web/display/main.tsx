/**
 * The TV display (`/display/:accessCode`, `/display/trips/:tripId`): boot. An organizer's preview link
 * (`/display/trips/:tripId#token=<display preview token>`) leaves the address bar before anything renders; the token
 * stays in this tab.
 */
import { render } from 'preact';
import { Display } from './display.js';
import { sourceOf } from './feed.js';
import './display.css';

function session(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

const source = sourceOf(location, session(), (url) => history.replaceState(null, '', url));
const root = document.getElementById('display')!;
root.textContent = ''; // the boot message of index.html
render(<Display source={source} />, root);

// The worker keeps the page and its bundles, so a screen reloaded while the network or the server is down still
// opens, with the last payload feed.ts kept.
if ('serviceWorker' in navigator) {
  navigator.serviceWorker.register('/display/sw.js', { scope: '/display/' }).catch((err: unknown) => console.warn('service worker not registered', err));
}
