import { describe, expect, it } from 'vitest';
import { fillInvoiceText, invoiceTextValues } from './invoice-text';

const values = invoiceTextValues({
  client_name: 'Acme & Sons <LLC>',
  client_id: 'C-100',
  period_start: '2026-10-01',
  period_end: '2026-10-31',
  issue_date: '2026-11-02',
  due_date: '2026-12-02',
  total_cents: 123_456,
  firm_name: 'Harbor CPAs',
});

describe('fillInvoiceText (API.md placeholders)', () => {
  it('replaces every named placeholder as text', () => {
    expect(
      fillInvoiceText(
        'Dear {client_name} ({client_id}): work for {period}, invoiced {invoice_date}, due {due_date}, {total}. {firm_name}',
        values,
      ),
    ).toBe(
      'Dear Acme & Sons <LLC> (C-100): work for October 1, 2026 to October 31, 2026, invoiced November 2, 2026, due December 2, 2026, $1,234.56. Harbor CPAs',
    );
  });

  it('leaves template syntax and unknown names exactly as typed', () => {
    const body = '{{7*7}} ${7*7} {unknown} {client_name {constructor} {{client_name}}';
    expect(fillInvoiceText(body, values)).toBe(
      '{{7*7}} ${7*7} {unknown} {client_name {constructor} {Acme & Sons <LLC>}',
    );
  });

  it('does not fill placeholders that a value brings in', () => {
    const sneaky = { ...values, client_name: '{firm_name}' };
    expect(fillInvoiceText('{client_name}', sneaky)).toBe('{firm_name}');
  });

  it('names one day once as the period', () => {
    const oneDay = invoiceTextValues({
      client_name: 'A',
      client_id: 'B',
      period_start: '2026-10-01',
      period_end: '2026-10-01',
      issue_date: null,
      due_date: null,
      total_cents: 0,
      firm_name: 'F',
    });
    expect(oneDay.period).toBe('October 1, 2026');
    expect(oneDay.invoice_date).toBe('');
  });
});
