/**
 * Formatting of what an organizer or a golfer reads: money (integer cents in the trip's ISO 4217 currency),
 * calendar dates (`YYYY-MM-DD`, which are days, not instants: they are shown without any time zone shift) and
 * instants on the trip's clock (its time zone, 24-hour).
 * Pure: the locale is an argument (default: the browser's).
 */

import { currencyDigits } from '../../shared/domain/money/currency.js';

const moneyFormats = new Map<string, Intl.NumberFormat>();

/**
 * Integer minor units (cents) in a currency, e.g. `formatMoney(123450, 'EUR', 'en-GB')` → "€1,234.50"; yen have no
 * minor unit (`formatMoney(1500, 'JPY')` → "¥1,500"). Exact: the amount goes to Intl as a decimal string, never
 * through a division. `signed` writes the sign of a non-zero amount ("+€12.50", "-€5.00": what a player wins or
 * owes). An unknown currency code is shown as a plain number with the code.
 */
export function formatMoney(cents: number, currency: string, locale?: string, options: { signed?: boolean } = {}): string {
  const key = `${locale ?? ''}|${currency}|${options.signed ? 1 : 0}`;
  let f = moneyFormats.get(key);
  let digits: number;
  try {
    digits = currencyDigits(currency);
    if (!f) {
      f = new Intl.NumberFormat(locale, { style: 'currency', currency, ...(options.signed ? { signDisplay: 'exceptZero' as const } : {}) });
      moneyFormats.set(key, f);
    }
  } catch {
    const sign = options.signed && cents > 0 ? '+' : cents < 0 ? '-' : '';
    return `${sign}${(Math.abs(cents) / 100).toFixed(2)} ${currency}`.trim();
  }
  const abs = String(Math.abs(cents)).padStart(digits + 1, '0');
  const decimal = digits === 0 ? abs : `${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
  // format() takes a decimal string exactly (Intl.NumberFormat v3); older engines read it as a number, still exact
  // for any amount under 2^53 cents.
  return f.format(`${cents < 0 ? '-' : ''}${decimal}` as unknown as number);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(locale: string | undefined, withYear: boolean, weekday: boolean): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${withYear}|${weekday}`;
  let f = dayFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', day: 'numeric', month: 'short', ...(withYear ? { year: 'numeric' } : {}), ...(weekday ? { weekday: 'short' } : {}) });
    dayFormats.set(key, f);
  }
  return f;
}

const asUtcDay = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** A calendar day, e.g. `formatDay('2027-04-10', 'en-GB')` → "10 Apr 2027". */
export function formatDay(iso: string, locale?: string, options: { weekday?: boolean } = {}): string {
  return dayFormat(locale, true, !!options.weekday).format(asUtcDay(iso));
}

/**
 * A span of days, the year said once when both ends share it: "10–14 Apr 2027" (en-GB), "Apr 10 – 14, 2027"
 * (en-US), "30 Dec 2026 – 2 Jan 2027".
 */
export function formatDayRange(start: string, end: string, locale?: string): string {
  if (start === end) return formatDay(start, locale);
  return dayFormat(locale, true, false).formatRange(asUtcDay(start), asUtcDay(end));
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`), e.g. 4 from the 10th to the 14th. */
export function daysFrom(from: string, to: string): number {
  return Math.round((asUtcDay(to).getTime() - asUtcDay(from).getTime()) / 86_400_000);
}

/** "1 player", "16 players": a count with its noun. */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}

/** A list read as a sentence: "a, b and c". */
export function listInWords(items: string[], locale?: string): string {
  return new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }).format(items);
}

/**
 * Every instant an organizer or a golfer reads is on the trip's clock: the trip's IANA time zone (`trip.timezone`,
 * where its tee times are), never the browser's, in one 24-hour format ("14:58"), the day written "Sat 11 Apr".
 * English day and month names, as the rest of the apps' words.
 */
const clockFormats = new Map<string, Intl.DateTimeFormat>();
function clockFormat(timeZone: string, seconds: boolean, day: boolean, year: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${seconds}|${day}|${year}`;
  let f = clockFormats.get(key);
  if (!f) {
    let zone = timeZone;
    try {
      new Intl.DateTimeFormat('en-GB', { timeZone });
    } catch {
      zone = 'UTC'; // not a zone this browser knows (the server checks it is one): UTC, never the browser's own
    }
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      ...(seconds ? { second: '2-digit' as const } : {}),
      ...(day ? { weekday: 'short' as const, day: 'numeric' as const, month: 'short' as const } : {}),
      ...(year ? { year: 'numeric' as const } : {}),
    });
    clockFormats.set(key, f);
  }
  return f;
}

export interface TripClock {
  /** The trip's IANA time zone. */
  timezone: string;
  startDate: string;
  endDate: string;
}

/**
 * An instant on the trip's clock, 24-hour: `formatTripTime('2027-04-11T12:58:00Z', 'Europe/Madrid')` → "14:58";
 * `{ day: true }` → "Sun 11 Apr, 14:58"; `{ day: true, year: true }` → "Sun 11 Apr 2027, 14:58";
 * `{ seconds: true }` → "14:58:07".
 */
export function formatTripTime(at: string | number | Date, timeZone: string, options: { day?: boolean; year?: boolean; seconds?: boolean } = {}): string {
  const d = at instanceof Date ? at : new Date(at);
  if (Number.isNaN(d.getTime())) return '—';
  const withDay = !!options.day || !!options.year;
  const parts = clockFormat(timeZone, !!options.seconds, withDay, !!options.year).formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const clock = [part('hour'), part('minute'), ...(options.seconds ? [part('second')] : [])].join(':');
  if (!withDay) return clock;
  return `${part('weekday')} ${part('day')} ${part('month')}${options.year ? ` ${part('year')}` : ''}, ${clock}`;
}

/** An instant with its date, on the trip's clock: "Sat 10 Apr 2027, 14:58" (an invite's expiry, a payment). */
export function formatInstant(at: string | number | Date, timeZone: string): string {
  return formatTripTime(at, timeZone, { year: true });
}

/**
 * A time in a history list (entries, changes): on a one-day trip the clock alone ("14:58"), on a trip of several
 * days with its day ("Sat 11 Apr, 14:58"), so two entries on different days never read alike.
 */
export function formatHistoryTime(at: string | number | Date, trip: TripClock): string {
  return formatTripTime(at, trip.timezone, { day: trip.startDate !== trip.endDate });
}
