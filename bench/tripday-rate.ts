/**
 * The request rate of a trip day (issue 33): every request the app server answered during `bench:tripday`'s day,
 * by kind, and its peak. `bench:tripday` logs each request as its balancer passes the answer on; `bench:load`'s
 * open-loop phase sends four times the peak (bench/load-open.ts).
 *
 * The peak is the busiest 10 s of the day: the 10 s window (slid 1 s at a time) in which the most requests of all
 * kinds were answered. Its mix is each kind's count in that same window, so the kinds' rates add up to the peak
 * (each kind's own busiest window is printed beside it, and is not added up: they fall at different moments).
 */

export const PEAK_WINDOW_MS = 10_000;
const STEP_MS = 1_000;

/**
 * The kinds of a trip day's requests. Phones are the golfer's sync library through the gateway (`/sync/trips/…`):
 * a push asks for the current versions (`POST _all_docs`) then writes (`POST _bulk_docs`); a pull reads the changes
 * (`GET _changes`), a longpoll waits for the next change (held open by design, up to a minute); anything else a
 * phone asks (its session, REST reads) is `phone REST`. The TVs poll the public display view; the organizer reads
 * scorecards through REST.
 */
export const DAY_KINDS = ['phone push _bulk_docs', 'phone push _all_docs', 'phone pull _changes', 'phone longpoll _changes', 'phone REST', 'TV display poll', 'organizer scorecard read', 'other'] as const;
export type DayKind = (typeof DAY_KINDS)[number];

export interface DayRequest {
  /** ms from the day's start, when the answer's headers came back through the balancer. */
  at: number;
  kind: DayKind;
}

export function dayKindOf(method: string, url: string, fromPhone: boolean): DayKind {
  const path = url.split('?')[0] ?? '';
  if (fromPhone) {
    if (method === 'POST' && path.endsWith('/_bulk_docs')) return 'phone push _bulk_docs';
    if (method === 'POST' && path.endsWith('/_all_docs')) return 'phone push _all_docs';
    if (method === 'GET' && path.endsWith('/_changes')) return /(^|[?&])feed=longpoll(&|$)/.test(url.slice(path.length)) ? 'phone longpoll _changes' : 'phone pull _changes';
    return 'phone REST';
  }
  if (method === 'GET' && path.startsWith('/display/')) return 'TV display poll';
  if (method === 'GET' && /^\/trips\/[^/]+\/scorecards\/[^/]+\/scores$/.test(path)) return 'organizer scorecard read';
  return 'other';
}

export interface DayRate {
  /** Requests per second over the whole day, by kind. */
  mean: Map<DayKind, number>;
  /** The busiest window: its start (ms from the day's start), its rate of all kinds, and each kind's rate in it. */
  peakAtMs: number;
  peakPerSecond: number;
  peakMix: Map<DayKind, number>;
  /** Each kind's own busiest window's rate (they fall at different moments: not to be added up). */
  kindPeak: Map<DayKind, number>;
  requests: number;
  dayMs: number;
}

/** Windows of PEAK_WINDOW_MS slid STEP_MS at a time over [0, dayMs]. */
export function dayRate(log: DayRequest[], dayMs: number): DayRate {
  const windows = Math.max(1, Math.floor((dayMs - PEAK_WINDOW_MS) / STEP_MS) + 1);
  const counts = new Map<DayKind, number[]>(DAY_KINDS.map((k) => [k, Array<number>(windows).fill(0)]));
  for (const r of log) {
    // Window w covers [w·STEP, w·STEP + WINDOW).
    const last = Math.min(windows - 1, Math.floor(r.at / STEP_MS));
    const first = Math.max(0, Math.floor((r.at - PEAK_WINDOW_MS) / STEP_MS) + 1);
    const row = counts.get(r.kind)!;
    for (let w = first; w <= last; w++) row[w]! += 1;
  }
  const totals = Array.from({ length: windows }, (_, w) => DAY_KINDS.reduce((n, k) => n + counts.get(k)![w]!, 0));
  const peakWindow = totals.indexOf(Math.max(...totals));
  const perSecond = (n: number) => n / (PEAK_WINDOW_MS / 1000);
  const mean = new Map<DayKind, number>(DAY_KINDS.map((k) => [k, log.filter((r) => r.kind === k).length / Math.max(1, dayMs / 1000)]));
  return {
    mean,
    peakAtMs: peakWindow * STEP_MS,
    peakPerSecond: perSecond(totals[peakWindow]!),
    peakMix: new Map(DAY_KINDS.map((k) => [k, perSecond(counts.get(k)![peakWindow]!)])),
    kindPeak: new Map(DAY_KINDS.map((k) => [k, perSecond(Math.max(...counts.get(k)!))])),
    requests: log.length,
    dayMs,
  };
}

const r1 = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 });

/** Lines for a terminal: the peak and its mix, each kind's mean and own peak. */
export function dayRateLines(rate: DayRate): string[] {
  return [
    `request rate of the day (${rate.requests.toLocaleString('en-US')} requests in ${r1(rate.dayMs / 1000)} s): peak ${r1(rate.peakPerSecond)} requests/s, the busiest ${PEAK_WINDOW_MS / 1000} s window (slid 1 s at a time) starting at ${r1(rate.peakAtMs / 1000)} s`,
    ...DAY_KINDS.filter((k) => rate.mean.get(k)! > 0 || rate.kindPeak.get(k)! > 0).map(
      (k) => `    ${k.padEnd(26)} in the peak window ${r1(rate.peakMix.get(k)!).padStart(6)}/s; over the day ${r1(rate.mean.get(k)!).padStart(6)}/s; its own busiest window ${r1(rate.kindPeak.get(k)!).padStart(6)}/s`,
    ),
  ];
}
