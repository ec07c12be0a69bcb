/**
 * The TV display: the trip's name and a clock in its time zone on top, one panel at a time in the middle, the
 * rotation (which panel, which next, time left on this one) and the connection at the bottom.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { DisplayPayload } from '../../shared/schemas/display.js';
import { Feed, type FeedState, type Source } from './feed.js';
import { dayLabel, SlideView } from './panels.js';
import { keepPlace, slidesOf, type Slide } from './slides.js';

/** A time of day in the trip's time zone (the viewer's own zone if the trip's is unknown to this browser). */
export function timeIn(timezone: string, at: number, seconds = false): string {
  const options: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', ...(seconds ? { second: '2-digit' } : {}), hourCycle: 'h23' };
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: timezone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-GB', options).format(at);
  }
}

function dateIn(timezone: string, at: number): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'long', day: 'numeric', month: 'long' };
  try {
    return new Intl.DateTimeFormat('en-GB', { ...options, timeZone: timezone }).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-GB', options).format(at);
  }
}

function Clock({ timezone }: { timezone: string }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return (
    <p class="clock" data-testid="clock" data-timezone={timezone}>
      <time class="clock-time">{timeIn(timezone, now)}</time>
      <span class="clock-date">{dateIn(timezone, now)}</span>
    </p>
  );
}

function tripDates(trip: DisplayPayload['trip']): string {
  const from = dayLabel(trip.startDate);
  const to = dayLabel(trip.endDate, true);
  return trip.startDate === trip.endDate ? to : `${from} – ${to}`;
}

/** The panel on screen, advanced every `rotationSeconds`; stays put (by key) when new data arrives. */
function useRotation(slides: Slide[], seconds: number): number {
  const [key, setKey] = useState<string | null>(null);
  const last = useRef(0);
  const list = useRef(slides);
  list.current = slides;
  const place = keepPlace(key, last.current, slides);
  last.current = place;
  const shownKey = slides[place]!.key;
  const rotating = slides.length > 1;
  useEffect(() => {
    if (!rotating) return;
    const id = setTimeout(() => {
      const now = list.current;
      const at = Math.max(0, now.findIndex((s) => s.key === shownKey));
      setKey(now[(at + 1) % now.length]!.key);
    }, seconds * 1000);
    return () => clearTimeout(id);
  }, [shownKey, seconds, rotating]);
  return place;
}

function Live({ state }: { state: Extract<FeedState, { phase: 'live' }> }) {
  const { payload } = state;
  const slides = useMemo(() => slidesOf(payload), [payload]);
  const seconds = Math.max(5, payload.display.rotationSeconds);
  const current = useRotation(slides, seconds);
  const slide = slides[current]!;
  const updated = timeIn(payload.trip.timezone, state.confirmedAt);
  useEffect(() => {
    document.title = `${payload.trip.name} · Leaderboard`;
  }, [payload.trip.name]);
  return (
    <div class={`screen theme-${payload.display.theme}`} data-testid="display">
      <header class="top">
        <div class="trip">
          <h1 data-testid="trip-name">{payload.trip.name}</h1>
          <p class="sub">{[tripDates(payload.trip), payload.trip.destination].filter(Boolean).join(' · ')}</p>
        </div>
        {state.preview ? (
          <p class="preview-badge" data-testid="preview">
            Organizer preview
          </p>
        ) : null}
        <Clock timezone={payload.trip.timezone} />
      </header>
      <main class="stage" key={slide.key} data-slide={slide.key}>
        <SlideView slide={slide} payload={payload} />
      </main>
      <footer class="bottom">
        <nav aria-label="Panels on this display">
          <ol class="rotation" data-testid="rotation">
            {slides.map((s, i) => (
              <li key={s.key} data-key={s.key} aria-current={i === current ? 'true' : undefined} class={i === current ? 'current' : ''}>
                {s.page > 1 ? (
                  // A later page of a panel: "2/3" right after its first ("Leaderboard 1/3"), the name for screen readers.
                  <span>
                    <span class="visually-hidden">{`${s.label} `}</span>
                    {`${s.page}/${s.pages}`}
                  </span>
                ) : (
                  <span>
                    {s.label}
                    {s.pages > 1 ? ` ${s.page}/${s.pages}` : ''}
                  </span>
                )}
                {i === current && slides.length > 1 ? <span class="progress" style={{ animationDuration: `${seconds}s` }} /> : null}
              </li>
            ))}
          </ol>
        </nav>
        {state.reconnecting ? (
          <p class="connection reconnecting" role="status" data-testid="reconnecting">
            {`Reconnecting — last updated ${updated}`}
          </p>
        ) : (
          <p class="connection" role="status" data-testid="updated">
            <span class="live-dot" aria-hidden="true" />
            {`Live · updated ${updated}`}
          </p>
        )}
      </footer>
    </div>
  );
}

function Message({ title, children, testid }: { title: string; children: ComponentChildren; testid: string }) {
  return (
    <main class="message" data-testid={testid}>
      <h1>{title}</h1>
      {children}
    </main>
  );
}

/** Keeps the screen on while the display is shown, where the browser allows it (a TV stick, a laptop on a stand). */
function useWakeLock(): void {
  useEffect(() => {
    const nav = navigator as Navigator & { wakeLock?: { request(type: 'screen'): Promise<{ release(): Promise<void> }> } };
    if (!nav.wakeLock) return;
    let lock: { release(): Promise<void> } | null = null;
    let live = true;
    const take = () => {
      if (document.visibilityState !== 'visible') return;
      nav.wakeLock!.request('screen').then(
        (l) => (live ? (lock = l) : void l.release()),
        () => undefined, // refused (battery saver, no permission): the screen may sleep, the display still works
      );
    };
    take();
    document.addEventListener('visibilitychange', take); // the lock is dropped whenever the page is hidden
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', take);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}

export function Display({ source }: { source: Source }) {
  const [state, setState] = useState<FeedState>({ phase: 'loading', failures: 0 });
  useWakeLock();
  useEffect(() => {
    const feed = new Feed(source, setState);
    feed.start();
    const wake = () => feed.pollNow();
    const visible = () => document.visibilityState === 'visible' && feed.pollNow();
    addEventListener('online', wake);
    document.addEventListener('visibilitychange', visible);
    return () => {
      feed.stop();
      removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', visible);
    };
  }, [source]);

  if (state.phase === 'live') return <Live state={state} />;
  if (state.phase === 'gone' && state.reason === 'unknown_code') {
    return (
      <Message title="No display for this code" testid="no-display">
        <p>Check the address on the screen. A display code stops working when the organizer makes a new one or turns it off: ask them for the current display link.</p>
      </Message>
    );
  }
  if (state.phase === 'gone' && state.reason === 'preview_refused') {
    return (
      <Message title="This preview has expired" testid="preview-refused">
        <p>An organizer preview works for 15 minutes, and the trip’s display is not public. Open the preview again from the dashboard; for a TV that stays on, use the TV link from the dashboard’s display settings.</p>
      </Message>
    );
  }
  if (state.phase === 'gone') {
    return (
      <Message title="This trip’s display is not public" testid="not-public">
        <p>The organizer can make it public in the dashboard’s display settings, share the display link with its access code, or open this page from the dashboard to preview it.</p>
      </Message>
    );
  }
  return (
    <Message title={state.failures > 0 ? 'Waiting for the server…' : 'Loading the leaderboard…'} testid="loading">
      {state.failures > 0 ? <p role="status">The display will appear as soon as the server answers.</p> : null}
    </Message>
  );
}
