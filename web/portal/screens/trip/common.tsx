/**
 * What the Trip sections share: the trip's settings and players from the phone's documents, dates and times shown
 * as the trip's wall clock (every time on a trip is a local `YYYY-MM-DD[THH:MM]` in the trip's time zone), the
 * portal REST calls (writes the server must check: a place, a seat) with clear messages, and the offline note.
 */
import { formatMoney } from '../../../common/format.js';
import { useMemo } from 'preact/hooks';
import { DeviceTripError, type DeviceTrip, type TripDocument } from '../../../../sync/device/index.js';
import { useDocs, useOnline, useStatus, useTrip } from '../../state/hooks.js';

export interface TripInfo {
  timezone: string;
  currency: string;
  startDate: string;
  endDate: string;
}

export interface PlayerInfo {
  id: string;
  name: string;
}

/** The trip's settings (`trip:<id>` on the phone), else what the phone kept of it. */
export function useTripInfo(): TripInfo {
  const { kept } = useTrip();
  const docs = useDocs<TripInfo & { type: string }>('trip');
  const doc = docs?.[0];
  return {
    timezone: doc?.timezone ?? 'UTC',
    currency: doc?.currency ?? 'EUR',
    startDate: doc?.startDate ?? kept.startDate,
    endDate: doc?.endDate ?? kept.endDate,
  };
}

/** Player names by id. */
export function usePlayerNames(): Map<string, string> {
  const players = useDocs<PlayerInfo>('player');
  return useMemo(() => new Map((players ?? []).map((p) => [p.id, p.name])), [players]);
}

export const nameOf = (names: Map<string, string>, id: string) => names.get(id) ?? 'A player';

/** `2027-04-11` → `Sun 11 Apr` (the date itself, no time zone shift). */
export function dayLabel(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' });
}

/** `2027-04-11T08:15` → `Sun 11 Apr, 08:15`. */
export const dateTimeLabel = (local: string) => `${dayLabel(local.slice(0, 10))}, ${local.slice(11, 16)}`;

/** Today's date on the trip's clock. */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** Every day from `start` to `end` inclusive. */
export function daysOf(start: string, end: string): string[] {
  const days: string[] = [];
  for (let d = new Date(`${start}T00:00:00Z`); days.length < 62 && d.toISOString().slice(0, 10) <= end; d.setUTCDate(d.getUTCDate() + 1)) days.push(d.toISOString().slice(0, 10));
  return days;
}

/** Integer cents in the trip's currency, for display (the apps' one money format: web/common/format.ts). */
export function money(cents: number, currency: string): string {
  return formatMoney(cents, currency);
}

/** How long ago, in words: `just now`, `5 min ago`, `3 h ago`, `2 days ago`. */
export function age(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'never';
  const min = Math.floor((now - Date.parse(iso)) / 60_000);
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min ago`;
  const h = Math.floor(min / 60);
  return h < 48 ? `${h} h ago` : `${Math.floor(h / 24)} days ago`;
}

export type Outcome<T> = { ok: true; body: T } | { ok: false; code: string; message: string };

export const OFFLINE = 'You are offline. This needs signal: nothing was sent. Try again when you are online.';

const MESSAGES: Record<string, string> = {
  activity_full: 'This activity is full: every place is taken. Nothing was changed.',
  seats_full: 'No seats left on this ride. Nothing was changed.',
  already_booked: 'You already have a seat on this ride.',
  token_revoked: 'Your link no longer works: ask your organizer for a new link.',
  token_expired: 'Your link has expired: ask your organizer for a new link.',
  token_invalid: 'Your link is no longer valid: ask your organizer for a new link.',
};

/** A portal REST call (`/trip-portal/trips/<trip>/<path>`) as this phone's player; never throws. */
export async function call<T>(trip: DeviceTrip, path: string, method = 'GET', body?: unknown): Promise<Outcome<T>> {
  if (!navigator.onLine) return { ok: false, code: 'unreachable', message: OFFLINE };
  try {
    const res = await trip.request(`/trip-portal/trips/${trip.tripId}/${path}`, {
      method,
      ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
    const data = (res.status === 204 ? undefined : await res.json().catch(() => undefined)) as (T & { error?: { code?: string; message?: string } }) | undefined;
    if (res.ok) return { ok: true, body: data as T };
    const code = data?.error?.code ?? `http_${res.status}`;
    return { ok: false, code, message: MESSAGES[code] ?? data?.error?.message ?? `The server answered ${res.status}.` };
  } catch (err) {
    if (err instanceof DeviceTripError) return { ok: false, code: err.code, message: err.code === 'unreachable' ? OFFLINE : (MESSAGES[err.code] ?? err.message) };
    return { ok: false, code: 'error', message: String(err) };
  }
}

/**
 * A write the phone keeps and sync sends (`trip.putDoc`): my availability, my own open ride requests. It works
 * without signal; the gateway's write rule judges it when it is pushed (a refusal shows with its reason). Never throws.
 */
export async function putLocal(trip: DeviceTrip, doc: TripDocument): Promise<Outcome<TripDocument>> {
  try {
    return { ok: true, body: await trip.putDoc(doc) };
  } catch (err) {
    const message = err instanceof DeviceTripError && err.code === 'invalid_doc' ? `This could not be saved: ${err.message}` : `This could not be saved on the phone: ${String(err instanceof Error ? err.message : err)}`;
    return { ok: false, code: err instanceof DeviceTripError ? err.code : 'error', message };
  }
}

/** A new record id as the server makes them: a letter then 19 lowercase letters or digits. */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let id = alphabet[bytes[0]! % 26]!;
  for (let i = 1; i < 20; i++) id += alphabet[bytes[i]! % 36]!;
  return id;
}

/**
 * Where a document written on this phone stands: `refused` (with the server's reason), `waiting` (written after the
 * last moment nothing was pending, while something still is), or `sent`.
 */
export function useDelivery(docId: string, updatedAt: string | null | undefined): { state: 'refused'; reason: string } | { state: 'waiting' | 'sent' } {
  const status = useStatus();
  const refused = status.refused.find((r) => r.docId === docId);
  if (refused) return { state: 'refused', reason: refused.reason };
  if (updatedAt && status.pendingWrites > 0 && (!status.lastSyncedAt || updatedAt > status.lastSyncedAt)) return { state: 'waiting' };
  return { state: 'sent' };
}

/** A line saying where my write stands: on its way (no signal yet) or refused by the server, with why. */
export function Delivery({ docId, updatedAt }: { docId: string; updatedAt: string | null | undefined }) {
  const d = useDelivery(docId, updatedAt);
  if (d.state === 'sent') return null;
  return d.state === 'refused' ? (
    <p class="error-text" role="alert" data-testid="refused">
      The server refused this: {d.reason}. It is kept on this phone only.
    </p>
  ) : (
    <p class="muted" data-testid="waiting">
      <span class="badge warn">Not sent yet</span> Saved on this phone; it goes to the server when you have signal.
    </p>
  );
}

/** While offline: what is shown is what this phone has, as of its last sync. */
export function OfflineNote({ what = 'This is what your phone has' }: { what?: string }) {
  const online = useOnline();
  const status = useStatus();
  if (online && status.state !== 'offline') return null;
  return (
    <p class="trip-note" role="status" data-testid="offline-note">
      Offline. {what}, last synced {age(status.lastSyncedAt)}.
    </p>
  );
}

/** A write's outcome next to its button: an error (alert) or a confirmation (status). */
export function Said({ said }: { said: { ok: boolean; text: string } | null | undefined }) {
  if (!said) return null;
  return said.ok ? (
    <p class="trip-ok" role="status">{said.text}</p>
  ) : (
    <p class="error-text" role="alert" data-testid="trip-error">{said.text}</p>
  );
}
