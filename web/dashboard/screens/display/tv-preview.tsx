/**
 * The TV page itself, live, in a 16:9 frame scaled down from the 1920 × 1080 screen it is laid out for: the real
 * display page (`/display/trips/:tripId`) in the organizer's preview mode, which reads the same payload as the TV with
 * a display preview token (that trip's display, read only, for 15 minutes; never the dashboard's sign-in), so it shows
 * the display as configured whether or not it is public or has a code. It polls like the TV (every few seconds), is
 * reloaded at once after the settings are saved, and with each new preview token (every 5 minutes).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { useDisplayPreview } from '../../api/display.js';

const TV_WIDTH = 1920;
const TV_HEIGHT = 1080;

export function TvPreview({ tripId, version }: { tripId: string; version: number }) {
  const preview = useDisplayPreview(tripId);
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(0.3);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const fit = () => setScale(el.clientWidth / TV_WIDTH || 0.3);
    fit();
    const ro = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : null;
    ro?.observe(el);
    return () => ro?.disconnect();
  }, []);
  return (
    <section class="card tv-preview" aria-labelledby="tv-preview-h">
      <h3 id="tv-preview-h">Preview</h3>
      <p class="muted small">The TV page as it is now, live: it turns panels and follows the scores like the TV does. Only you see the “Organizer preview” mark.</p>
      <div class="tv-frame" ref={box} style={{ height: `${TV_HEIGHT * scale}px` }}>
        {preview ? (
          <iframe
            key={`${version}-${preview.token}`}
            src={preview.path}
            title="Preview of the TV display"
            width={TV_WIDTH}
            height={TV_HEIGHT}
            tabIndex={-1}
            style={{ transform: `scale(${scale})` }}
          />
        ) : (
          <p class="muted small">Loading the preview…</p>
        )}
      </div>
      {preview ? (
        <p class="small">
          <a href={preview.path} target="_blank" rel="noopener noreferrer">
            Open the preview full size
          </a>{' '}
          <span class="muted">(a new tab, for 15 minutes; use the TV link to put it on the TV)</span>
        </p>
      ) : null}
    </section>
  );
}
