/** Words and exact amounts of the Money tab: parsing what an organizer types into integer cents, and the names of states. */
import { currencyDigits } from '../../../../shared/domain/money/currency.js';
import { formatMoney } from '../../../common/format.js';

/**
 * What an organizer typed ("12", "12.5", "1,234.50", "€ 12.50") as integer minor units of `currency`, exactly (the
 * digits are read as text, never through a float); null when it is not an amount with at most the currency's
 * decimals. Negative amounts are not amounts here.
 */
export function parseCents(input: string, currency: string): number | null {
  const digits = safeDigits(currency);
  if (input.includes('-')) return null;
  const text = input.trim().replace(/^[^\d.]+/, '').replace(/[^\d.]+$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const m = /^(\d+)(?:\.(\d*))?$/.exec(text) ?? /^()\.(\d+)$/.exec(text);
  if (!m) return null;
  const whole = m[1] || '0';
  const frac = m[2] ?? '';
  if (frac.length > digits) return null;
  const cents = Number(whole + frac.padEnd(digits, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as an organizer types them back ("12.50", "1500" for yen), for a field's starting value. */
export function centsToInput(cents: number, currency: string): string {
  const digits = safeDigits(currency);
  if (digits === 0) return String(cents);
  const s = String(Math.abs(cents)).padStart(digits + 1, '0');
  return `${cents < 0 ? '-' : ''}${s.slice(0, -digits)}.${s.slice(-digits)}`;
}

function safeDigits(currency: string): number {
  try {
    return currencyDigits(currency);
  } catch {
    return 2;
  }
}

/** Money in the trip's currency, and the signed form for what a player is owed (+) or owes (−). */
export const money = (cents: number, currency: string) => formatMoney(cents, currency);
export const signedMoney = (cents: number, currency: string) => formatMoney(cents, currency, undefined, { signed: true });

export const CATEGORY_WORDS: Record<string, string> = {
  lodging: 'Lodging',
  golf: 'Golf',
  food: 'Food',
  drinks: 'Drinks',
  transport: 'Transport',
  activities: 'Activities',
  gear: 'Gear',
  other: 'Other',
};

export const SETTLEMENT_WORDS: Record<string, { label: string; tone: string }> = {
  pending: { label: 'Not paid yet', tone: 'amber' },
  paid: { label: 'Paid, not confirmed', tone: '' },
  confirmed: { label: 'Confirmed', tone: 'green' },
};

export const PLAN_WORDS: Record<string, { title: string; what: string }> = {
  plain: { title: 'Expenses only', what: 'Settles what people spent for each other, nothing else.' },
  unified: { title: 'Everything', what: 'Expenses, the games of completed rounds, settled wagers and the tournament pot, in one set of payments.' },
  organizer: { title: 'Through one organizer', what: 'Everyone who owes pays one organizer, who then pays everyone who is owed. More payments, but one person to deal with.' },
};

export const SOURCE_WORDS: Record<string, string> = {
  expense: 'Expense',
  side_game: 'Game',
  wager: 'Wager',
  pot_entry: 'Pot entry',
  pot_payout: 'Pot payout',
  settled: 'Already paid',
};
