/** Activities in words: the answers, the counts, and a cost typed in the trip's currency read as cents. */
import { currencyDigits } from '../../../../shared/domain/money/currency.js';
import type { Activity, Rsvp } from '../../api/activities.js';
import { shortDay, timeOf } from '../travel/when.js';

export const RSVP_WORDS: Record<Rsvp, string> = { yes: 'Going', maybe: 'Maybe', no: 'Not going' };

/** "8 going · 1 maybe · 2 not going · 1 no answer". */
export function countsInWords(c: Activity['counts']): string {
  return [`${c.yes} going`, `${c.maybe} maybe`, `${c.no} not going`, `${c.unanswered} no answer`].join(' · ');
}

/** "Sat 11 Apr, 20:00–22:30" (the end's day said when it is another). */
export function whenInWords(a: Pick<Activity, 'start' | 'end'>): string {
  if (!a.end) return `${shortDay(a.start)}, ${timeOf(a.start)}`;
  const sameDay = a.end.slice(0, 10) === a.start.slice(0, 10);
  return `${shortDay(a.start)}, ${timeOf(a.start)}–${sameDay ? '' : `${shortDay(a.end)} `}${timeOf(a.end)}`;
}

/**
 * A cost typed as the organizer writes it ("45", "45.50", "45,50") as integer minor units of `currency`; NaN when it
 * is not an amount with at most the currency's decimals.
 */
export function parseCost(text: string, currency: string): number {
  const t = text.trim().replace(',', '.');
  let digits = 2;
  try {
    digits = currencyDigits(currency);
  } catch {
    // An unknown code: two decimals.
  }
  const m = /^(\d{1,9})(?:\.(\d+))?$/.exec(t);
  if (!m || (m[2] ?? '').length > digits) return Number.NaN;
  return Number(m[1]) * 10 ** digits + Number((m[2] ?? '').padEnd(digits, '0') || '0');
}

/** Cents back as the text of the cost field ("45.50"). */
export function costText(cents: number | undefined, currency: string): string {
  if (cents === undefined) return '';
  let digits = 2;
  try {
    digits = currencyDigits(currency);
  } catch {
    // An unknown code: two decimals.
  }
  if (digits === 0) return String(cents);
  const s = String(cents).padStart(digits + 1, '0');
  return `${s.slice(0, -digits)}.${s.slice(-digits)}`;
}
