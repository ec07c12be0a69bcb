/**
 * Sends the queued expenses of a trip when there is signal: the receipt photo first (`POST …/receipts/upload`,
 * multipart field `file`), then the expense under the phone's id with that `receiptId`
 * (`PUT /trip-portal/trips/:tripId/expenses/:expenseId`), which the server stores once and links the receipt to.
 * No signal or a server error: tried again with backoff (5 s doubling to 5 min; at once when the phone is back
 * online). A refusal with a reason (4xx) stops that entry and shows the reason; nothing is ever dropped here.
 */
import { DeviceTripError, type DeviceTrip } from '../../../../sync/device/index.js';
import { tripFor } from '../../state/trips.js';
import { queued, remove, update, type QueuedExpense } from './queue.js';

const FIRST_MS = 5_000;
const MAX_MS = 5 * 60_000;
// A weak signal that never answers must not hold the queue: give up the try and back off.
const UPLOAD_TIMEOUT_MS = 120_000;
const REQUEST_TIMEOUT_MS = 30_000;

interface Runner {
  trip: DeviceTrip;
  running: boolean;
  again: boolean;
  timer?: ReturnType<typeof setTimeout>;
}

const runners = new Map<string, Runner>();

/** Starts (once) sending the queue of a kept trip on this open trip. */
export function startSending(tripKey: string, trip: DeviceTrip): void {
  const known = runners.get(tripKey);
  if (known && known.trip === trip) return;
  runners.set(tripKey, { trip, running: false, again: false });
  void kick(tripKey);
}

/** Try now (a new entry, the player's "try again", signal back). */
export async function kick(tripKey?: string): Promise<void> {
  for (const [key, runner] of runners) {
    if (tripKey && key !== tripKey) continue;
    clearTimeout(runner.timer);
    if (runner.running) {
      runner.again = true;
      continue;
    }
    runner.running = true;
    try {
      do {
        runner.again = false;
        await exclusive(key, () => pass(key, runner)).catch(() => {
          // The phone's storage failed under us (full, evicted): everything stays queued; look again later.
          runner.timer = setTimeout(() => void kick(key), MAX_MS / 10);
        });
      } while (runner.again);
    } finally {
      runner.running = false;
    }
  }
}

/** One sender per trip across the app's tabs (Web Locks), so a photo is never uploaded twice at once. */
async function exclusive(tripKey: string, work: () => Promise<void>): Promise<void> {
  const locks = 'locks' in navigator ? navigator.locks : undefined;
  return locks ? locks.request(`golf-portal-money:${tripKey}`, () => work()).then(() => undefined) : work();
}

async function pass(tripKey: string, runner: Runner): Promise<void> {
  const entries = (await queued(tripKey)).filter((e) => !e.sent && !e.refused);
  let wake = Infinity;
  for (const entry of entries) {
    if (entry.nextAt > Date.now()) {
      wake = Math.min(wake, entry.nextAt);
      continue;
    }
    const outcome = await send(runner.trip, entry);
    if (outcome === 'retry') {
      const next = await update(entry.id, {});
      if (next) wake = Math.min(wake, next.nextAt);
    }
  }
  if (wake < Infinity) runner.timer = setTimeout(() => void kick(tripKey), Math.max(0, wake - Date.now()));
}

type Outcome = 'sent' | 'retry' | 'refused';

async function send(trip: DeviceTrip, entry: QueuedExpense): Promise<Outcome> {
  try {
    let receiptId = entry.receiptId;
    if (entry.photo && !receiptId) {
      const form = new FormData();
      form.append('file', entry.photo, entry.photoName ?? 'receipt.jpg');
      const res = await trip.request(`/trip-portal/trips/${entry.tripId}/receipts/upload`, { method: 'POST', body: form, signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) });
      if (res.status !== 201) return failed(entry, res, 'The receipt photo');
      receiptId = ((await res.json()) as { id: string }).id;
      await update(entry.id, { receiptId });
    }
    const res = await trip.request(`/trip-portal/trips/${entry.tripId}/expenses/${entry.id}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(receiptId ? { ...entry.body, receiptId } : entry.body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (res.status !== 200 && res.status !== 201) return failed(entry, res, 'The expense');
    // The photo is on the server now: the phone lets go of the bytes.
    await update(entry.id, { sent: true, photo: null, lastError: null, refused: null });
    return 'sent';
  } catch (err) {
    const why =
      err instanceof DeviceTripError && err.code === 'unreachable'
        ? 'No signal: it goes as soon as the phone is back online.'
        : err instanceof DeviceTripError && err.code.startsWith('token_')
          ? `Your link was refused (${err.code.replace('token_', '')}): ask your organizer for a new one; this stays on the phone.`
          : `Not sent yet: ${(err as Error).message}`;
    await backoff(entry, why);
    return 'retry';
  }
}

async function failed(entry: QueuedExpense, res: Response, what: string): Promise<Outcome> {
  const reason = await res
    .json()
    .then((b: { error?: { message?: string } }) => b.error?.message)
    .catch(() => undefined);
  // Refusals about the content are final until the player acts; timeouts, rate limits and 5xx are tried again.
  if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) {
    await update(entry.id, { refused: `${what} was refused (${res.status}): ${reason ?? res.statusText}`, attempts: entry.attempts + 1 });
    return 'refused';
  }
  await backoff(entry, `The server could not take it yet (${res.status}); trying again.`);
  return 'retry';
}

async function backoff(entry: QueuedExpense, why: string): Promise<void> {
  const attempts = entry.attempts + 1;
  const delay = Math.min(MAX_MS, FIRST_MS * 2 ** Math.min(attempts - 1, 10));
  await update(entry.id, { attempts, lastError: why, nextAt: Date.now() + delay });
}

/** Every waiting entry of the trip (or of all trips) goes now, whatever its backoff. */
export async function sendNow(tripKey?: string): Promise<void> {
  for (const e of await queued(tripKey)) if (!e.sent && !e.refused && e.nextAt > 0) await update(e.id, { nextAt: 0 });
  await kick(tripKey);
}

/** The player's "try again" on a refused entry. */
export async function retryRefused(id: string, tripKey: string): Promise<void> {
  await update(id, { refused: null, nextAt: 0 });
  await kick(tripKey);
}

/** The player gives up the photo of a refused entry (too large, not an image): the expense goes without it. */
export async function sendWithoutPhoto(id: string, tripKey: string): Promise<void> {
  await update(id, { photo: null, photoName: null, refused: null, nextAt: 0 });
  await kick(tripKey);
}

// Signal back: everything waiting goes now.
addEventListener('online', () => void sendNow());

/**
 * At app start, whatever screen opens: the trips with entries waiting are opened (shared with the screens) and
 * their queue starts sending, so a photo taken yesterday uploads without the player visiting Money.
 */
export async function resumeAll(): Promise<void> {
  const all = await queued();
  // Sent in an earlier run: on the server, and the trip's sync brings them (even if an organizer deleted one since).
  for (const e of all) if (e.sent) await remove(e.id);
  const keys = new Set(all.filter((e) => !e.sent).map((e) => e.tripKey));
  for (const key of keys) {
    tripFor(key).then(
      (trip) => startSending(key, trip),
      () => undefined, // not on this phone any more: the entries wait until its link is opened again
    );
  }
}
