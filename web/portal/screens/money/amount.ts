/**
 * Money as the phone shows and reads it: integer minor units (cents) only. A typed amount is parsed digit by digit
 * into cents (no float ever holds it), and shown with Intl.NumberFormat in the trip's currency.
 */
import { currencyDigits } from '../../../../shared/domain/money/currency.js';
import { formatMoney } from '../../../common/format.js';

export type Parsed = { ok: true; cents: number } | { ok: false; message: string };

/**
 * "12.30" → 1230 (EUR), "12,3" → 1230, "1500" → 1500 (JPY). One `.` or `,` as the decimal mark; no thousands
 * separators, signs or letters. More decimals than the currency has, zero and too large amounts are refused with a
 * sentence for the player.
 */
export function parseAmount(text: string, currency: string): Parsed {
  const digits = currencyDigits(currency);
  const s = text.trim().replace(/\s+/g, '');
  if (s === '') return { ok: false, message: 'Enter the amount.' };
  if (s.startsWith('-')) return { ok: false, message: 'The amount must be more than zero.' };
  const m = /^(\d+)(?:[.,](\d*))?$/.exec(s);
  if (!m) return { ok: false, message: `Enter the amount as a number, such as ${example(digits)} (no thousands separators).` };
  const whole = m[1]!;
  const frac = m[2] ?? '';
  if (frac.length > digits) {
    return { ok: false, message: digits === 0 ? `${currency} has no decimals: enter whole ${currency}.` : `${currency} has ${digits} decimals at most: ${s} has ${frac.length}.` };
  }
  const minor = `${whole}${frac.padEnd(digits, '0')}`.replace(/^0+(?=\d)/, '');
  if (minor.length > 15) return { ok: false, message: 'That amount is too large.' };
  const cents = Number(minor);
  if (cents <= 0) return { ok: false, message: 'The amount must be more than zero.' };
  return { ok: true, cents };
}

const example = (digits: number) => (digits === 0 ? '1500' : `12.${'3'.padEnd(digits, '0')}`);

/** 1230, 'EUR' → "€12.30" (the phone's locale), exactly (the apps' one money format: web/common/format.ts). */
export function money(cents: number, currency: string): string {
  return formatMoney(cents, currency);
}

/** "just now", "5 min ago", "3 h ago", or the date. */
export function age(iso: string, now = Date.now()): string {
  const min = Math.floor((now - Date.parse(iso)) / 60_000);
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min ago`;
  if (min < 24 * 60) return `${Math.floor(min / 60)} h ago`;
  return new Date(iso).toLocaleDateString();
}
