import { describe, expect, it } from 'vitest';
import { invoiceBalanceCents, invoiceDisplayStatus } from './invoice-standing';

describe('how an invoice reads (ADR 0207)', () => {
  const settled = (status: 'pending' | 'partial' | 'paid', applied: number, credit: number, writtenOff: number) =>
    invoiceDisplayStatus({ status, applied_cents: applied, credit_memo_cents: credit, written_off_cents: writtenOff });

  it('reads Credited when a credit memo alone reduced or closed the balance', () => {
    expect(settled('partial', 0, 5_000, 0)).toBe('credited');
    expect(settled('paid', 0, 10_000, 0)).toBe('credited');
    expect(settled('paid', 0, 4_000, 6_000)).toBe('credited');
  });

  it('reads Written off when a write-off alone reduced it', () => {
    expect(settled('partial', 0, 0, 2_500)).toBe('written_off');
  });

  it('lets payments name it once any is applied', () => {
    expect(settled('partial', 1_000, 5_000, 0)).toBe('partial');
    expect(settled('paid', 5_000, 5_000, 0)).toBe('paid');
    expect(settled('pending', 0, 0, 0)).toBe('pending');
  });

  it('leaves draft and void as they are', () => {
    expect(
      invoiceDisplayStatus({ status: 'void', applied_cents: 0, credit_memo_cents: 100, written_off_cents: 0 }),
    ).toBe('void');
    expect(
      invoiceDisplayStatus({ status: 'draft', applied_cents: 0, credit_memo_cents: 0, written_off_cents: 0 }),
    ).toBe('draft');
  });
});

describe("an invoice's balance", () => {
  it('is what is left of the total', () => {
    expect(
      invoiceBalanceCents({ status: 'partial', total_cents: 132_938, applied_cents: 30_000, credited_cents: 2_938 }),
    ).toBe(100_000);
  });

  it('is zero once the invoice is void', () => {
    expect(invoiceBalanceCents({ status: 'void', total_cents: 132_938, applied_cents: 0, credited_cents: 0 })).toBe(0);
  });
});
