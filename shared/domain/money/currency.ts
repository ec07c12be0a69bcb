/**
 * Currencies and conversion between them, in integer minor units only. A rate is a decimal string so that no float
 * ever touches an amount: the arithmetic is exact BigInt arithmetic and the single rounding is half away from zero.
 */

/** A decimal rate with up to 10 decimals, such as "1.0845" or "0.0067"; zero is refused separately. */
export const RATE_PATTERN = /^(?:0|[1-9]\d{0,8})(?:\.\d{1,10})?$/;

const digitsCache = new Map<string, number>();

/**
 * Minor-unit digits of an ISO 4217 currency, as the runtime's ICU data knows them.
 *
 * @example currencyDigits('USD') // 2
 * @example currencyDigits('JPY') // 0
 * @example currencyDigits('KWD') // 3
 */
export function currencyDigits(code: string): number {
  const upper = code.toUpperCase();
  const cached = digitsCache.get(upper);
  if (cached !== undefined) return cached;
  if (!/^[A-Z]{3}$/.test(upper)) throw new RangeError(`"${code}" is not an ISO 4217 currency code`);
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: upper }).resolvedOptions().maximumFractionDigits ?? 2;
  digitsCache.set(upper, digits);
  return digits;
}

/**
 * Converts an amount in `from` minor units to `to` minor units at `rate` = units of `to` per 1 unit of `from`, a
 * decimal string ("1.0845", up to 10 decimals, > 0). Exact decimal math with BigInt, rounds half away from zero.
 * Throws RangeError on a bad rate.
 *
 * @example convertMinor(10000, 'EUR', 'USD', '1.0845') // 10845: 100.00 EUR is 108.45 USD
 * @example convertMinor(1000, 'JPY', 'USD', '0.0067') // 670: 1000 JPY is 6.70 USD
 */
export function convertMinor(amountMinor: number, from: string, to: string, rate: string): number {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError('amount must be whole minor units');
  if (typeof rate !== 'string' || !RATE_PATTERN.test(rate)) throw new RangeError(`rate "${String(rate)}" must be a decimal number such as "1.0845" (up to 10 decimals)`);
  if (!/[1-9]/.test(rate)) throw new RangeError('rate must be more than zero');
  const [whole, fraction = ''] = rate.split('.') as [string, string?];
  const rateScaled = BigInt(whole + fraction); // rate × 10^fraction.length
  const shift = currencyDigits(to) - currencyDigits(from);
  // amount / 10^fromDigits × rate × 10^toDigits, as one fraction numerator / denominator.
  let numerator = BigInt(amountMinor) * rateScaled;
  let denominator = 10n ** BigInt(fraction.length);
  if (shift >= 0) numerator *= 10n ** BigInt(shift);
  else denominator *= 10n ** BigInt(-shift);
  const result = roundHalfAwayFromZero(numerator, denominator);
  if (result > BigInt(Number.MAX_SAFE_INTEGER) || result < BigInt(Number.MIN_SAFE_INTEGER)) throw new RangeError('converted amount is too large');
  return Number(result);
}

/** numerator / denominator (denominator > 0) rounded to the nearest integer, halves away from zero. */
function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const rounded = (abs * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}
