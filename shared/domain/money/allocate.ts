/**
 * Dividing an amount of integer minor units (cents) between recipients by weight, exactly: the parts always sum to
 * the amount. The rule for the cents that do not divide (stated to users in the README): largest remainder first
 * (Hamilton's method), and among equal remainders the recipient listed first.
 *
 * @example allocate(1000, [1, 1, 1]) // [334, 333, 333]: the odd cent goes to the first listed
 * @example allocate(-1000, [1, 1, 1]) // [-334, -333, -333]: a negative amount mirrors a positive one
 */
export function allocate(amount: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(amount)) throw new RangeError('amount must be whole minor units');
  if (weights.length === 0) throw new RangeError('at least one recipient');
  if (weights.some((w) => !Number.isSafeInteger(w) || w < 0)) throw new RangeError('weights must be whole, non-negative numbers');
  const total = weights.reduce((a, b) => a + b, 0);
  if (total === 0) throw new RangeError('the weights must not all be zero');
  if (amount < 0) return allocate(-amount, weights).map((x) => (x === 0 ? 0 : -x));
  // BigInt: amount × weight can pass 2^53 for large amounts and weights.
  const big = BigInt(amount);
  const bigTotal = BigInt(total);
  const parts = weights.map((w) => {
    const product = big * BigInt(w);
    return { base: product / bigTotal, remainder: product % bigTotal };
  });
  let left = amount - parts.reduce((sum, p) => sum + Number(p.base), 0);
  const order = parts.map((_, i) => i).sort((a, b) => (parts[b]!.remainder > parts[a]!.remainder ? 1 : parts[b]!.remainder < parts[a]!.remainder ? -1 : a - b));
  const result = parts.map((p) => Number(p.base));
  for (const i of order) {
    if (left === 0) break;
    result[i]! += 1;
    left -= 1;
  }
  return result;
}

/** An equal split: `allocate(amount, [1, 1, …])`. */
export function splitEvenly(amount: number, recipients: number): number[] {
  return allocate(amount, Array.from({ length: recipients }, () => 1));
}
