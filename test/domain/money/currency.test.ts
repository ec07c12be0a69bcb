import { describe, expect, it } from 'vitest';
import { convertMinor, currencyDigits, RATE_PATTERN } from '../../../shared/domain/money/currency.js';

describe('currencyDigits', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KWD', 3],
    ['usd', 2],
  ])('knows %s has %i minor-unit digits', (code, digits) => {
    expect(currencyDigits(code)).toBe(digits);
  });

  it('refuses something that is not a currency code', () => {
    expect(() => currencyDigits('DOLLARS')).toThrow(RangeError);
  });
});

describe('convertMinor', () => {
  it.each([
    [10000, 'EUR', 'USD', '1.0845', 10845],
    [1000, 'JPY', 'USD', '0.0067', 670],
    [1234, 'USD', 'JPY', '151.5', 1870], // 12.34 USD × 151.5 = 1869.51 JPY
    [1500, 'JPY', 'USD', '0.00666', 999], // 1500 JPY × 0.00666 = 9.99 USD
    [1000, 'USD', 'KWD', '0.3075', 3075], // 10.00 USD = 3.075 KWD
    [3075, 'KWD', 'USD', '3.2520325203', 1000], // 3.075 KWD = 9.99999... USD, rounds to 10.00
    [1, 'USD', 'USD', '1', 1],
    [0, 'EUR', 'USD', '1.2', 0],
  ])('converts %i %s to %s at %s as %i', (amount, from, to, rate, expected) => {
    expect(convertMinor(amount, from, to, rate)).toBe(expected);
  });

  it('rounds halves away from zero', () => {
    expect(convertMinor(5, 'USD', 'USD', '0.5')).toBe(3);
    expect(convertMinor(-5, 'USD', 'USD', '0.5')).toBe(-3);
    expect(convertMinor(4, 'USD', 'USD', '0.5')).toBe(2);
    expect(convertMinor(1, 'USD', 'JPY', '0.5')).toBe(0); // 0.005 JPY
    expect(convertMinor(100, 'USD', 'JPY', '0.5')).toBe(1); // 0.5 JPY
  });

  it('has no float error where floats would have one', () => {
    // 0.1 × 3 in floats is 0.30000000000000004; 1.005 × 100 is 100.49999999999999.
    expect(convertMinor(3, 'USD', 'USD', '0.1')).toBe(0);
    expect(convertMinor(100, 'USD', 'USD', '1.005')).toBe(101);
    expect(convertMinor(123456789, 'EUR', 'USD', '1.0000000001')).toBe(123456789);
  });

  it.each(['0', '0.0', '-1', '1e3', '01.5', '1.', '.5', '1.12345678901', 'abc', ''])('refuses the rate "%s" with a RangeError', (rate) => {
    expect(() => convertMinor(100, 'EUR', 'USD', rate)).toThrow(RangeError);
  });

  it('refuses a fractional amount', () => {
    expect(() => convertMinor(1.5, 'EUR', 'USD', '1')).toThrow(RangeError);
  });

  it('exports the rate pattern it checks', () => {
    expect(RATE_PATTERN.test('1.0845')).toBe(true);
    expect(RATE_PATTERN.test('1.08451234567')).toBe(false);
  });
});
