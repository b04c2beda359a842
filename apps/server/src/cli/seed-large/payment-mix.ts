/**
 * How the seeded invoices are paid (ADR 0140): each invoice draws one fate. Most are paid on
 * time, some late (an invoice whose late date is after the last day is still open, so the aging
 * has every bucket), some in part, a few overpaid (the rest stays as unapplied credit), the
 * rest not yet. A few paid invoices were first paid by a payment that was voided (a returned
 * check). About 840,000 payments at full scale.
 */
export const PAYMENT_FATES = [
  { fate: 'on_time', share: 0.7 },
  { fate: 'late', share: 0.16 },
  { fate: 'partial', share: 0.06 },
  { fate: 'credit', share: 0.005 },
  { fate: 'unpaid', share: 0.075 },
] as const;
export type PaymentFate = (typeof PAYMENT_FATES)[number]['fate'];

/** Of the invoices paid on time, this share were first paid by a check that came back (a void payment). */
export const RETURNED_CHECK_SHARE = 0.012;
export const RETURNED_CHECK_REASON = 'Check returned unpaid';
/** A late payment arrives 1 to this many days after the due date. */
export const LATE_DAYS_MAX = 120;
/** A partial payment pays 30 % to 70 % of the total, in whole dollars. */
export const PARTIAL_PERCENT = { min: 30, max: 70 } as const;
/** An overpayment leaves $25 to $500 of credit, in steps of $25. */
export const CREDIT_STEP_CENTS = 2_500;
export const CREDIT_STEPS = 20;

/** Methods weighted as a firm's receipts are: mostly checks and ACH. */
export const PAYMENT_METHOD_WEIGHTS = [
  { method: 'check', weight: 45 },
  { method: 'ach', weight: 35 },
  { method: 'card', weight: 12 },
  { method: 'wire', weight: 6 },
  { method: 'cash', weight: 2 },
] as const;

/** Upper bounds of a uniform draw in [0, 1) for each item: the item is the first whose bound is above the draw. */
export function cumulativeBounds(shares: readonly number[]): number[] {
  const total = shares.reduce((sum, share) => sum + share, 0);
  let running = 0;
  return shares.map((share, index) => {
    running += share;
    // The last bound is exactly 1, whatever rounding the sum had.
    return index === shares.length - 1 ? 1 : running / total;
  });
}

/** The fate a draw in [0, 1) picks: what the seeding SQL computes with the same bounds. */
export function fateOf(draw: number): PaymentFate {
  const bounds = cumulativeBounds(PAYMENT_FATES.map((fate) => fate.share));
  const index = bounds.findIndex((bound) => draw < bound);
  return PAYMENT_FATES[index === -1 ? PAYMENT_FATES.length - 1 : index]!.fate;
}

/** A partial payment of a total: PARTIAL_PERCENT of it in whole dollars, at least $1 and at least $1 short. */
export function partialAmount(totalCents: number, draw: number): number {
  const percent = PARTIAL_PERCENT.min + Math.floor(draw * (PARTIAL_PERCENT.max - PARTIAL_PERCENT.min + 1));
  const dollars = Math.floor((totalCents * percent) / 100 / 100) * 100;
  return Math.min(totalCents - 100, Math.max(100, dollars));
}
