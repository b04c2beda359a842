/** An item a bill amount is spread over: its weight (standard cents or minutes). */
export type SpreadItem = { weight: number };

/**
 * Spreads `billCents` over the items in proportion to their weights, cents exact (PRODUCT.md):
 * each item gets floor(bill x weight / total), and what rounding leaves goes to the item with
 * the largest weight (the first of equals). With no weight at all the items share equally
 * by the same rule. BigInt arithmetic, so no product overflows or rounds.
 */
export function spreadCents(billCents: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(billCents) || billCents < 0) throw new RangeError('bill must be whole cents >= 0');
  if (weights.length === 0) {
    if (billCents !== 0) throw new RangeError('nothing to spread the bill over');
    return [];
  }
  for (const weight of weights) {
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError('weights must be whole numbers >= 0');
  }
  const total = weights.reduce((sum, weight) => sum + BigInt(weight), 0n);
  const used = total === 0n ? weights.map(() => 1n) : weights.map((weight) => BigInt(weight));
  const denominator = total === 0n ? BigInt(weights.length) : total;
  const bill = BigInt(billCents);
  const shares = used.map((weight) => (bill * weight) / denominator);
  const remainder = bill - shares.reduce((sum, share) => sum + share, 0n);
  let largest = 0;
  for (let index = 1; index < used.length; index += 1) {
    if (used[index]! > used[largest]!) largest = index;
  }
  shares[largest] = shares[largest]! + remainder;
  return shares.map(Number);
}
