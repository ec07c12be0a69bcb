/**
 * The dashboard's shell: the top bar, the screen the fragment names (lazily loaded, inside a trip's frame for trip
 * screens), who may see it (signed-in screens send a visitor to sign in first and back afterwards), and the dialog
 * that asks to sign in again when the token expires.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { AuthState } from '../auth/session.js';
import { href } from '../paths.js';
import { navigate, useLocation } from '../router.js';
import { routeNamed } from '../routes.js';
import { useServices } from '../screen.js';
import { useFlash } from '../ui/flash.js';
import { LazyScreen } from './lazy.js';
import { nextAfterSignIn } from '../auth/next.js';
import { ReauthDialog } from './reauth-dialog.js';
import { TripLayout } from './trip-layout.js';

function useAuth(): AuthState {
  const { session } = useServices();
  const [state, setState] = useState(session.get());
  useEffect(() => session.subscribe(setState), [session]);
  return state;
}


export function App() {
  const { session } = useServices();
  const auth = useAuth();
  const loc = useLocation();
  const route = routeNamed(loc.name);
  const signedIn = auth.status === 'signed-in';
  const message = useFlash(loc.hash);
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);

  // Who may see the screen: decided before it renders, and again when signing in or out (in this tab or another).
  let redirect: string | null = null;
  if (route?.access === 'signed-in' && !signedIn) redirect = href('signIn', {}, { next: loc.hash === '#/' ? undefined : loc.hash });
  if (route?.access === 'signed-out' && signedIn) redirect = nextAfterSignIn(loc.query);
  useEffect(() => {
    if (redirect) navigate(redirect, true);
  }, [redirect]);

  useEffect(() => {
    document.title = `${route?.title ?? 'Page not found'} · Golf trips`;
    // After moving to another screen, a screen reader starts reading at the new content.
    if (first.current) first.current = false;
    else mainRef.current?.focus({ preventScroll: false });
  }, [loc.hash]);

  return (
    <>
      <a class="skip-link" href="#main" onClick={(e) => (e.preventDefault(), mainRef.current?.focus())}>
        Skip to content
      </a>
      <header class="topbar">
        <a class="brand" href={href(signedIn ? 'trips' : 'signIn')}>
          <svg class="brand-flag" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M6 2v20" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
            <path d="M7 3l11 4-11 4z" fill="#ffd54a" />
          </svg>
          Golf trips <span class="brand-sub">organizer</span>
        </a>
        {signedIn ? (
          <div class="account">
            <span class="account-name">
              <span class="visually-hidden">Signed in as </span>
              {auth.session.user.name || auth.session.user.email}
            </span>
            <button type="button" class="secondary small-button" onClick={() => session.signOut()}>
              Sign out
            </button>
          </div>
        ) : null}
      </header>
      <main id="main" ref={mainRef} tabIndex={-1} class={route?.layout === 'trip' ? 'main wide' : 'main'}>
        {message ? (
          <p class="notice flash" role="status">
            {message}
          </p>
        ) : null}
        {auth.status === 'signed-out' && auth.reason && route?.access !== 'public' ? (
          <p class="notice warn" role="status">
            {auth.reason === 'signed-out-elsewhere' ? 'You were signed out in another tab of this browser.' : 'You are signed out.'}
          </p>
        ) : null}
        {redirect ? null : !route ? (
          <NotFound />
        ) : route.layout === 'trip' ? (
          <TripLayout key={loc.params.tripId} route={route} props={{ params: loc.params, query: loc.query }} />
        ) : (
          // Keyed by the whole address: a link opened on its own screen (a new reset code) starts the screen afresh.
          <LazyScreen key={loc.hash} id={route.name} load={route.load} props={{ params: loc.params, query: loc.query }} />
        )}
      </main>
      {signedIn ? <ReauthDialog session={auth.session} open={auth.reauth} /> : null}
    </>
  );
}

function NotFound() {
  return (
    <>
      <h1>Page not found</h1>
      <p>This address does not lead to a page of the dashboard.</p>
      <a class="button" href={href('trips')}>
        Go to your trips
      </a>
    </>
  );
}
