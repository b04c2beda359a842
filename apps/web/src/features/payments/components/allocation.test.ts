import { describe, expect, it } from 'vitest';
import { allocate, applicationsOf, oldestFirst, type ApplicableInvoice } from './allocation';

const invoice = (id: number, balance: number, current = 0): ApplicableInvoice => ({
  id,
  number: `INV-${id}`,
  due_date: null,
  balance_cents: balance,
  current_cents: current,
});

describe('payment allocation in the form', () => {
  it('applies oldest first, each the lesser of its balance and what is left', () => {
    const open = [invoice(1, 10_000), invoice(2, 5_000), invoice(3, 7_000)];
    expect([...oldestFirst(12_500, open)]).toEqual([
      [1, 10_000],
      [2, 2_500],
    ]);
    expect([...oldestFirst(30_000, open)]).toEqual([
      [1, 10_000],
      [2, 5_000],
      [3, 7_000],
    ]);
    expect([...oldestFirst(0, open)]).toEqual([]);
  });

  it('counts what the payment already gives an invoice as available to it again', () => {
    expect([...oldestFirst(6_000, [invoice(1, 0, 4_000), invoice(2, 5_000)])]).toEqual([
      [1, 4_000],
      [2, 2_000],
    ]);
  });

  it('shows each remaining balance and the unapplied remainder as typed, negative when over', () => {
    const result = allocate(15_000, [invoice(1, 10_000), invoice(2, 5_000, 1_000)], { 1: '100', 2: '2.50' });
    expect(result.rows.map((row) => row.remaining_cents)).toEqual([0, 5_750]);
    expect(result.applied_cents).toBe(10_250);
    expect(result.unapplied_cents).toBe(4_750);
    const over = allocate(5_000, [invoice(1, 3_000)], { 1: '60' });
    expect(over.rows[0]!.remaining_cents).toBe(-3_000);
    expect(over.unapplied_cents).toBe(-1_000);
  });

  it('leaves blank and unreadable amounts out of the sums, and the remainder unknown without an amount', () => {
    const result = allocate(null, [invoice(1, 3_000), invoice(2, 3_000)], { 1: 'abc' });
    expect(result.applied_cents).toBe(0);
    expect(result.unapplied_cents).toBeNull();
    expect(Number.isNaN(result.rows[0]!.apply_cents)).toBe(true);
    expect(result.rows[1]!.apply_cents).toBeNull();
  });

  it('sends typed amounts as applications, blanks and zeros left out', () => {
    expect(applicationsOf([invoice(1, 1), invoice(2, 1), invoice(3, 1)], { 1: '12.34', 2: '', 3: '0' })).toEqual([
      { invoice_id: 1, amount_cents: 1_234 },
    ]);
  });
});
