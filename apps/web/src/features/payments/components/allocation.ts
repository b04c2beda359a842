import { inputToCents } from '../../../lib/money-input';

/**
 * An invoice a payment can go to: its open balance now, and what this payment already gives
 * it (zero for a new payment), so `balance + current` is the most it can take.
 */
export type ApplicableInvoice = {
  id: number;
  number: string | null;
  due_date: string | null;
  balance_cents: number;
  current_cents: number;
};

export type AllocationRow = {
  invoice: ApplicableInvoice;
  /** The typed amount in cents: null blank, NaN not an amount. */
  apply_cents: number | null;
  /** The invoice's balance after this payment: negative when more is typed than it owes. */
  remaining_cents: number;
};

export type Allocation = { rows: AllocationRow[]; applied_cents: number; unapplied_cents: number | null };

const availableOf = (invoice: ApplicableInvoice) => invoice.balance_cents + invoice.current_cents;

/** The server's default, shown before it is sent: oldest due first, each the lesser of its balance and what is left. */
export function oldestFirst(amountCents: number, invoices: ApplicableInvoice[]): Map<number, number> {
  const applied = new Map<number, number>();
  let left = Math.max(amountCents, 0);
  for (const invoice of invoices) {
    if (left === 0) break;
    const cents = Math.min(left, availableOf(invoice));
    if (cents > 0) applied.set(invoice.id, cents);
    left -= cents;
  }
  return applied;
}

/**
 * What the typed amounts do, as the biller types: each invoice's remaining balance and the
 * payment's unapplied remainder (null while the payment's amount is blank or not an amount).
 */
export function allocate(amountCents: number | null, invoices: ApplicableInvoice[], typed: Record<string, string>) {
  let applied = 0;
  const rows = invoices.map((invoice): AllocationRow => {
    const cents = inputToCents(typed[invoice.id] ?? '');
    const counted = cents !== null && Number.isInteger(cents) && cents > 0 ? cents : 0;
    applied += counted;
    return { invoice, apply_cents: cents, remaining_cents: availableOf(invoice) - counted };
  });
  const known = amountCents !== null && Number.isInteger(amountCents);
  return { rows, applied_cents: applied, unapplied_cents: known ? amountCents - applied : null } satisfies Allocation;
}

/** The typed amounts as the API's applications: blank and zero rows left out; text that is not an amount kept for the schema to refuse. */
export function applicationsOf(invoices: ApplicableInvoice[], typed: Record<string, string>) {
  return invoices.flatMap((invoice) => {
    const cents = inputToCents(typed[invoice.id] ?? '');
    return cents === null || cents === 0 ? [] : [{ invoice_id: invoice.id, amount_cents: cents }];
  });
}
