/**
 * Payment links for a settlement: deep links into Venmo, PayPal.me and Cash App with the amount filled in, and
 * instructions for Zelle and cash. Amounts are written from integer minor units, never through a float.
 */
import type { PaymentLink, PaymentMethod, PaymentPreferences } from '../../schemas/payments.js';
import { currencyDigits } from './currency.js';

const ORDER: readonly PaymentMethod[] = ['venmo', 'paypal', 'cashapp', 'zelle', 'cash'];

/**
 * The ways to pay `amountCents` of `currency` to a player with these preferences, the preferred method first, then
 * Venmo, PayPal, Cash App, Zelle, cash. Venmo links only for USD and Cash App links only for USD and GBP (what those
 * apps pay in); otherwise the method is listed with no url and says so. User input is URL-encoded.
 *
 * @example paymentLinks({ venmo: 'sam-golf' }, 1234, 'USD', 'Pinehurst')[0].url
 * // 'https://venmo.com/sam-golf?txn=pay&amount=12.34&note=Pinehurst'
 */
export function paymentLinks(prefs: PaymentPreferences, amountCents: number, currency: string, memo: string): PaymentLink[] {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) throw new RangeError('amount must be whole minor units, more than zero');
  const code = currency.toUpperCase();
  const amount = formatMinor(amountCents, code);
  const shown = `${amount} ${code}`;
  const links = new Map<PaymentMethod, PaymentLink>();
  if (prefs.venmo) {
    const handle = prefs.venmo;
    links.set('venmo', {
      method: 'venmo',
      label: `Venmo @${handle}`,
      url: code === 'USD' ? `https://venmo.com/${encodeURIComponent(handle)}?txn=pay&amount=${amount}&note=${encodeURIComponent(memo)}` : null,
      instructions: code === 'USD' ? `Pay ${shown} to @${handle} on Venmo, note "${memo}".` : `Venmo pays in US dollars only: pay @${handle} the equivalent of ${shown}, or choose another method.`,
    });
  }
  if (prefs.paypalMe) {
    const name = prefs.paypalMe;
    links.set('paypal', {
      method: 'paypal',
      label: `PayPal.me/${name}`,
      url: `https://www.paypal.com/paypalme/${encodeURIComponent(name)}/${amount}${code}`,
      instructions: `Pay ${shown} to paypal.me/${name}, note "${memo}".`,
    });
  }
  if (prefs.cashApp) {
    const tag = prefs.cashApp;
    const supported = code === 'USD' || code === 'GBP';
    links.set('cashapp', {
      method: 'cashapp',
      label: `Cash App $${tag}`,
      url: supported ? `https://cash.app/$${encodeURIComponent(tag)}/${amount}` : null,
      instructions: supported ? `Pay ${shown} to $${tag} on Cash App, note "${memo}".` : `Cash App pays in US dollars and pounds only: pay $${tag} the equivalent of ${shown}, or choose another method.`,
    });
  }
  if (prefs.zelle) {
    links.set('zelle', {
      method: 'zelle',
      label: `Zelle ${prefs.zelle}`,
      url: null,
      instructions: `Send ${shown} with Zelle to ${prefs.zelle}, memo "${memo}".`,
    });
  }
  if (prefs.cash === true) {
    links.set('cash', { method: 'cash', label: 'Cash', url: null, instructions: `Pay ${shown} in cash, in person ("${memo}").` });
  }
  const order = prefs.preferred ? [prefs.preferred, ...ORDER.filter((m) => m !== prefs.preferred)] : ORDER;
  return order.flatMap((m) => links.get(m) ?? []);
}

/** 1234 cents of USD → "12.34", 1234 JPY → "1234", 1234 fils of KWD → "1.234". */
function formatMinor(amount: number, currency: string): string {
  const digits = currencyDigits(currency);
  const text = String(amount);
  if (digits === 0) return text;
  const padded = text.padStart(digits + 1, '0');
  return `${padded.slice(0, -digits)}.${padded.slice(-digits)}`;
}
