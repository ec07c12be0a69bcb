/**
 * The apps' one money format (web/common/format.ts), used by the dashboard and by every money figure of the golfer's
 * app: integer minor units in the trip's currency, exact, with the currency's own number of decimals.
 */
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../web/common/format.js';

describe('formatMoney', () => {
  it('shows cents in the currency with its own decimals', () => {
    expect(formatMoney(123450, 'EUR', 'en-GB')).toBe('€1,234.50');
    expect(formatMoney(5, 'USD', 'en-US')).toBe('$0.05');
    expect(formatMoney(-500, 'GBP', 'en-GB')).toBe('-£5.00');
    // Yen have no minor unit: 1,500 minor units are ¥1,500, not ¥15.
    expect(formatMoney(1500, 'JPY', 'en-US')).toBe('¥1,500');
    // Three decimals (Bahraini dinar).
    expect(formatMoney(1234, 'BHD', 'en-US').replace(/\s/g, ' ')).toBe('BHD 1.234');
  });

  it('writes the sign of a win or a debt when asked, and none for zero', () => {
    expect(formatMoney(1250, 'EUR', 'en-GB', { signed: true })).toBe('+€12.50');
    expect(formatMoney(-500, 'USD', 'en-US', { signed: true })).toBe('-$5.00');
    expect(formatMoney(0, 'EUR', 'en-GB', { signed: true })).toBe('€0.00');
  });

  it('is exact for amounts a float division would round', () => {
    // 2^53 − 1 cents: dividing by 100 in floating point cannot hold every digit; the decimal string does.
    expect(formatMoney(9007199254740991, 'USD', 'en-US')).toBe('$90,071,992,547,409.91');
  });

  it('shows an unknown currency code as a plain amount with the code', () => {
    expect(formatMoney(1250, 'XYZW')).toBe('12.50 XYZW');
    expect(formatMoney(-1250, 'nope', undefined, { signed: true })).toBe('-12.50 nope');
  });
});
