/** Small formatting helpers of the boards. */
import { formatMoney } from '../../../common/format.js';

/** "E", "+3", "-2" (as the server's `toParLabel`), or "-" when nothing was played. */
export function toPar(n: number | null | undefined): string {
  if (n === null || n === undefined) return '-';
  return n === 0 ? 'E' : n > 0 ? `+${n}` : `${n}`;
}

/** Integer cents as money of the trip's currency ("+€12.50", "-$5.00"); the sign is always written (web/common/format.ts). */
export function money(cents: number, currency: string | undefined): string {
  if (currency) return formatMoney(cents, currency, undefined, { signed: true });
  return `${cents > 0 ? '+' : cents < 0 ? '-' : ''}${(Math.abs(cents) / 100).toFixed(2)}`;
}

export const docId = (d: unknown): string => String((d as { id?: unknown }).id ?? '');
