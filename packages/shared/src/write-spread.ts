/**
 * The write-up/write-down spread of PRODUCT.md: a bill amount different from the standard
 * value of the selected time is spread over the entries in proportion to their value (or,
 * as the firm sets, their minutes), in integer cents, the rounding remainder on the largest
 * item. The WIP page previews with it and POST /invoices records with it, so the figures a
 * biller sees before billing are the figures the invoice gets.
 */

export const SPREAD_BASES = ['value', 'hours'] as const;
export type SpreadBasis = (typeof SPREAD_BASES)[number];

export type SpreadItem = { id: number; standard_cents: number; minutes: number };
export type SpreadLine = { id: number; standard_cents: number; billed_cents: number; write_cents: number };

function weightOf(item: SpreadItem, basis: SpreadBasis): number {
  return basis === 'value' ? item.standard_cents : item.minutes;
}

/**
 * Each item's billed cents: floor(bill x weight / total weight), the cents that floor left
 * over added to the item of the largest weight (the first of equals, so callers pass the
 * items in date, id order). When every weight is zero (free time by value), the other
 * measure weighs instead; when both are zero, the first item takes the bill.
 * Products go through BigInt: cents x cents can pass 2^53.
 */
export function spreadBill(
  items: readonly SpreadItem[],
  billCents: number,
  basis: SpreadBasis = 'value',
): SpreadLine[] {
  if (!Number.isSafeInteger(billCents) || billCents < 0) {
    throw new RangeError('The bill amount must be whole cents, zero or more');
  }
  if (items.length === 0) return [];
  const fallback: SpreadBasis = basis === 'value' ? 'hours' : 'value';
  let weights = items.map((item) => weightOf(item, basis));
  if (weights.every((weight) => weight === 0)) weights = items.map((item) => weightOf(item, fallback));
  const totalWeight = weights.reduce((total, weight) => total + weight, 0);
  const largest = weights.reduce((best, weight, index) => (weight > (weights[best] ?? 0) ? index : best), 0);

  const billed = weights.map((weight) =>
    totalWeight > 0 ? Number((BigInt(billCents) * BigInt(weight)) / BigInt(totalWeight)) : 0,
  );
  const remainder = billCents - billed.reduce((total, cents) => total + cents, 0);
  billed[largest] = (billed[largest] ?? 0) + remainder;

  return items.map((item, index) => {
    const billedCents = billed[index] ?? 0;
    return {
      id: item.id,
      standard_cents: item.standard_cents,
      billed_cents: billedCents,
      write_cents: billedCents - item.standard_cents,
    };
  });
}
