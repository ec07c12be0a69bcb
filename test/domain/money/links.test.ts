import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { paymentLinks } from '../../../shared/domain/money/links.js';
import { PaymentPreferences } from '../../../shared/schemas/payments.js';

const all: PaymentPreferences = { venmo: 'sam-golf', paypalMe: 'SamGolf', cashApp: 'samgolf', zelle: 'sam@example.com', cash: true };

describe('paymentLinks', () => {
  it('builds a link for each app with the amount written from cents', () => {
    const links = paymentLinks(all, 1234, 'USD', 'Pinehurst: Al to Sam');
    expect(links.map((l) => [l.method, l.url])).toEqual([
      ['venmo', 'https://venmo.com/sam-golf?txn=pay&amount=12.34&note=Pinehurst%3A%20Al%20to%20Sam'],
      ['paypal', 'https://www.paypal.com/paypalme/SamGolf/12.34USD'],
      ['cashapp', 'https://cash.app/$samgolf/12.34'],
      ['zelle', null],
      ['cash', null],
    ]);
    expect(links[3]!.instructions).toContain('sam@example.com');
    expect(links[3]!.instructions).toContain('12.34 USD');
  });

  it('lists the preferred method first', () => {
    expect(paymentLinks({ ...all, preferred: 'zelle' }, 100, 'USD', 'm').map((l) => l.method)).toEqual(['zelle', 'venmo', 'paypal', 'cashapp', 'cash']);
  });

  it('lists only the methods the player gave', () => {
    expect(paymentLinks({ paypalMe: 'sam', cash: false, preferred: 'venmo' }, 100, 'USD', 'm').map((l) => l.method)).toEqual(['paypal']);
    expect(paymentLinks({}, 100, 'USD', 'm')).toEqual([]);
  });

  it.each([
    [5, 'USD', '0.05'],
    [100000, 'USD', '1000.00'],
    [1234, 'JPY', '1234'],
    [1234, 'KWD', '1.234'],
    [7, 'KWD', '0.007'],
  ])('writes %i minor units of %s as %s', (cents, currency, text) => {
    expect(paymentLinks({ paypalMe: 'sam' }, cents, currency, 'm')[0]!.url).toBe(`https://www.paypal.com/paypalme/sam/${text}${currency}`);
  });

  it('gives Venmo a link only in US dollars and Cash App only in dollars or pounds', () => {
    const eur = paymentLinks({ venmo: 'sam-golf', cashApp: 'sam' }, 500, 'EUR', 'm');
    expect(eur.map((l) => l.url)).toEqual([null, null]);
    expect(eur[0]!.instructions).toMatch(/US dollars only/);
    expect(paymentLinks({ cashApp: 'sam' }, 500, 'GBP', 'm')[0]!.url).toBe('https://cash.app/$sam/5.00');
  });

  it('URL-encodes the memo', () => {
    const url = paymentLinks({ venmo: 'sam-golf' }, 100, 'USD', 'a&b=c?#d é')[0]!.url!;
    expect(new URL(url).searchParams.get('note')).toBe('a&b=c?#d é');
    expect(new URL(url).searchParams.get('amount')).toBe('1.00');
  });

  it('refuses an amount that is not whole positive cents', () => {
    expect(() => paymentLinks(all, 12.5, 'USD', 'm')).toThrow(RangeError);
    expect(() => paymentLinks(all, 0, 'USD', 'm')).toThrow(RangeError);
  });
});

describe('PaymentPreferences', () => {
  const messages = (value: unknown) => PaymentPreferences.safeParse(value).error?.issues.map((i) => i.message);

  it('accepts every method filled in', () => {
    expect(PaymentPreferences.parse({ ...all, preferred: 'venmo' })).toEqual({ ...all, preferred: 'venmo' });
    expect(PaymentPreferences.parse({ zelle: '+1 (555) 123-4567' }).zelle).toBe('+1 (555) 123-4567');
  });

  it.each<[string, unknown, RegExp]>([
    ['a Venmo handle with a leading @', { venmo: '@sam-golf' }, /without the leading @/],
    ['a Venmo handle shorter than 5', { venmo: 'sam' }, /5–30/],
    ['a cashtag with its $', { cashApp: '$sam' }, /without the leading \$/],
    ['a cashtag starting with a digit', { cashApp: '1sam' }, /starting with a letter/],
    ['a PayPal.me name with a dot', { paypalMe: 'sam.golf' }, /1–20 letters or digits/],
    ['a Zelle contact that is neither email nor phone', { zelle: 'sam' }, /email address or phone number/],
    ['an unknown method', { preferred: 'bitcoin' }, /./],
    ['an unknown field', { iban: 'DE00' }, /./],
  ])('refuses %s with one clear message', (_, value, message) => {
    const found = messages(value);
    expect(found).toHaveLength(1);
    expect(found![0]).toMatch(message);
  });

  it('converts to JSON Schema for the OpenAPI document', () => {
    expect(() => z.toJSONSchema(PaymentPreferences)).not.toThrow();
  });
});
