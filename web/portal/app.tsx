/**
 * The app shell: which trip, which screen. A link's token is exchanged first; then the route picks the trip (kept
 * on the phone) and the screen. Every trip screen gets the open `DeviceTrip` through `TripContext`.
 */
import { useEffect, useState } from 'preact/hooks';
import type { DeviceTrip } from '../../sync/device/index.js';
import { keptTrip, keptTrips, pendingToken } from './state/keeper.js';
import { TripContext } from './state/hooks.js';
import { addToken, tripFor, type TokenOutcome } from './state/trips.js';
import { waitingForOtherTab$ } from './state/tab-lock.js';
import { href, navigate, useRoute, type Route } from './router.js';
import { TripShell } from './ui/shell.js';
import { LinkProblem } from './ui/link-problem.js';
import { TripsScreen } from './screens/trips.js';

export function App({ token }: { token: string | null }) {
  const [problem, setProblem] = useState<Extract<TokenOutcome, { ok: false }> | null>(null);
  const [exchanging, setExchanging] = useState(!!token);
  const route = useRoute();

  useEffect(() => {
    const given = token ?? (navigator.onLine ? pendingToken() : null);
    if (!given) return;
    setExchanging(true);
    addToken(given)
      .then((outcome) => {
        if (outcome.ok) {
          setProblem(null);
          navigate(href(outcome.key), true);
        } else setProblem(outcome);
      })
      .catch((err: unknown) => setProblem({ ok: false, code: 'error', message: String(err), offline: false }))
      .finally(() => setExchanging(false));
  }, [token]);

  // A link opened offline: exchanged as soon as signal returns.
  useEffect(() => {
    const retry = () => {
      const waiting = pendingToken();
      if (waiting) addToken(waiting).then((o) => (o.ok ? (setProblem(null), navigate(href(o.key), true)) : setProblem(o)));
    };
    addEventListener('online', retry);
    return () => removeEventListener('online', retry);
  }, []);

  if (exchanging) return <main class="center"><p role="status">Opening your link…</p></main>;
  if (problem && route.screen === 'trips') return <LinkProblem problem={problem} />;
  if (route.screen === 'trips' || !route.key) {
    const kept = keptTrips();
    if (kept.length === 1 && !problem) {
      navigate(href(kept[0]!.key), true);
      return null;
    }
    return <TripsScreen trips={kept} />;
  }
  return <TripRoute route={route} />;
}

/** Opens the route's trip (from IndexedDB, no network needed) and renders its screen. */
function TripRoute({ route }: { route: Route }) {
  const key = route.key!;
  const [trip, setTrip] = useState<DeviceTrip | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setTrip(null);
    setError(null);
    tripFor(key).then(
      (t) => live && setTrip(t),
      (err: unknown) => live && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      live = false;
    };
  }, [key]);
  const [elsewhere, setElsewhere] = useState(false);
  useEffect(() => {
    const sub = waitingForOtherTab$.subscribe((keys) => setElsewhere(keys.has(key)));
    return () => sub.unsubscribe();
  }, [key]);
  const kept = keptTrip(key);
  if (error || !kept) {
    return (
      <main class="center">
        <h1>This trip is not on this phone</h1>
        <p>{error ?? 'Open the link your organizer sent you.'}</p>
        <a class="button" href="#/">My trips</a>
      </main>
    );
  }
  if (!trip && elsewhere) {
    return (
      <main class="center">
        <h1>{kept.tripName} is open in another tab</h1>
        <p role="status">This phone keeps a trip open in one tab or window at a time, so what you enter in one is never overwritten by the other. Go back to the other one, or close it: the trip opens here by itself then.</p>
      </main>
    );
  }
  if (!trip) return <main class="center"><p role="status">Opening {kept.tripName}…</p></main>;
  return (
    <TripContext.Provider value={{ trip, kept }}>
      <TripShell route={route} />
    </TripContext.Provider>
  );
}
