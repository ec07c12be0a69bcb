/**
 * Times and silences of the control room. Times are shown in the trip's time zone (the clock on the course).
 *
 * A phone in the golfer's app syncs live: it is heard from at least every 25 s while it has a network (the sync's
 * longpoll is renewed every `HEARD_EVERY_MS`, sync/device/types.ts, and every score it sends is a request; another
 * app server learns of it within 20 s more, server/portal/last-seen.ts), so a phone not heard from for
 * {@link SILENT_AFTER_MS} has lost its network (or was closed): it is "silent since" the time it was last heard,
 * never "behind" — what it entered meanwhile arrives when it is back. A group whose phones are all silent for longer
 * than the organizer's threshold stands out.
 */
import { useEffect, useState } from 'preact/hooks';
import { formatTripTime } from '../../../common/format.js';
import { HEARD_EVERY_MS } from '../../../../sync/device/types.js';
import type { RoomGroup } from '../../api/control-room.js';

/** Not heard from for this long: the phone is offline. */
export const SILENT_AFTER_MS = 90_000;

/** How often, at least, an open golfers' app with signal is heard from, in seconds, for the screen's words. */
export const HEARD_EVERY_S = HEARD_EVERY_MS / 1000;

/** No new answer for this long (without a failure): the answer on screen is judged as of its own time and says so. */
export const STALE_ANSWER_MS = 10_000;

/** The thresholds the organizer can choose (minutes), and the default. */
export const QUIET_CHOICES = [2, 5, 10, 15, 30] as const;
export const DEFAULT_QUIET_MIN = 10;

/** The threshold named by `?quiet=<minutes>`, or the default. */
export function quietMinutes(query: URLSearchParams): number {
  const n = Number(query.get('quiet'));
  return (QUIET_CHOICES as readonly number[]).includes(n) ? n : DEFAULT_QUIET_MIN;
}

/** "14:05" in the zone (the apps' one trip clock, web/common/format.ts). */
export function clock(iso: string | number, zone: string): string {
  return formatTripTime(iso, zone);
}

/** "14:05:09" in the zone. */
export function clockSeconds(at: string | number, zone: string): string {
  return formatTripTime(at, zone, { seconds: true });
}

/** "40 s", "3 min", "1 h 20 min". */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min`;
  return `${Math.floor(m / 60)} h${m % 60 ? ` ${m % 60} min` : ''}`;
}

/** Today's date (YYYY-MM-DD) in the zone. */
export function todayIn(zone: string, now = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(now));
}

/** A clock for the view: re-renders every `everyMs`, so a silence grows without a new answer (offline too). */
export function useNow(everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(t);
  }, [everyMs]);
  return now;
}

export type Heard =
  | { kind: 'never' }
  | { kind: 'online'; at: string; ageMs: number }
  | { kind: 'silent'; at: string; ageMs: number };

/** A phone (or a group's phones, by its most recent) as heard from at `now`. */
export function heard(lastHeardAt: string | null, now: number): Heard {
  if (!lastHeardAt) return { kind: 'never' };
  const ageMs = Math.max(0, now - Date.parse(lastHeardAt));
  return ageMs > SILENT_AFTER_MS ? { kind: 'silent', at: lastHeardAt, ageMs } : { kind: 'online', at: lastHeardAt, ageMs };
}

/** A group stands out when every phone of it has been silent for longer than the threshold and it has not finished. */
export function isQuiet(group: RoomGroup, now: number, quietMin: number): boolean {
  if (group.status === 'finished') return false;
  const h = heard(group.lastHeardAt, now);
  return h.kind === 'silent' && h.ageMs > quietMin * 60_000;
}
