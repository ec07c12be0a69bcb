import Papa from 'papaparse';
import { currencyDigits } from '../../shared/domain/money/currency.js';

/**
 * Writing CSV for spreadsheets: RFC 4180 quoting and CRLF line ends by papaparse, a UTF-8 byte order mark so Excel
 * reads accents right, and cells that a spreadsheet would run as a formula made plain text (OWASP "CSV injection":
 * a text cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`). A cell that is a plain
 * number ("-12.50", a debt; "+3" to par) is left as it is: a spreadsheet reads it as the number it is, not a formula.
 */

const BOM = '\uFEFF';
/** A text cell a spreadsheet would evaluate, unless it is a plain decimal number. */
const FORMULA = /^(?![+-]?\d+(?:\.\d+)?$)[=+\-@\t\r]/;

export type Cell = string | number | null;

/**
 * The CSV text of a table: header row first.
 * @example toCsv(['Player', 'Total'], [['=HYPERLINK("x")', '-3.50']]) // '\uFEFFPlayer,Total\r\n"\'=HYPERLINK(""x"")",-3.50'
 */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const text = (c: Cell) => (c === null ? '' : String(c));
  return BOM + Papa.unparse({ fields: header.map(text), data: rows.map((r) => r.map(text)) }, { newline: '\r\n', escapeFormulae: FORMULA });
}

/**
 * Integer minor units as a decimal in the currency's own digits, exact (no float division).
 * @example decimalMoney(-1250, 'EUR') // "-12.50"; decimalMoney(1500, 'JPY') // "1500"; decimalMoney(5, 'KWD') // "0.005"
 */
export function decimalMoney(cents: number, currency: string): string {
  const digits = currencyDigits(currency);
  const abs = String(Math.abs(cents)).padStart(digits + 1, '0');
  const decimal = digits === 0 ? abs : `${abs.slice(0, -digits)}.${abs.slice(-digits)}`;
  return cents < 0 ? `-${decimal}` : decimal;
}

const localFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An instant as the wall-clock date and time of a time zone, `YYYY-MM-DD HH:mm` (a spreadsheet reads it as a date).
 * @example localDateTime('2027-04-11T17:05:00Z', 'Europe/Lisbon') // "2027-04-11 18:05"
 */
export function localDateTime(instant: string, timeZone: string): string {
  let f = localFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    localFormats.set(timeZone, f);
  }
  const parts = Object.fromEntries(f.formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}
