import { describe, expect, it } from 'vitest';
import { fillInvoiceText } from './invoice-text-fill';

const values = {
  client_name: 'Acme {period} LLC',
  client_id: 'ACME',
  period: 'Oct 1, 2026 to Oct 31, 2026',
  invoice_date: 'Nov 1, 2026',
  due_date: 'Dec 1, 2026',
  total: '$1,200.00',
  firm_name: 'Smith & Co',
};

describe('fillInvoiceText', () => {
  it('replaces the seven placeholders with plain text', () => {
    expect(fillInvoiceText('For {client_name} ({client_id}), {period}: {total} due {due_date}.', values)).toBe(
      'For Acme {period} LLC (ACME), Oct 1, 2026 to Oct 31, 2026: $1,200.00 due Dec 1, 2026.',
    );
    expect(fillInvoiceText('{firm_name} {invoice_date}', values)).toBe('Smith & Co Nov 1, 2026');
  });

  it('leaves template syntax and unknown names exactly as typed', () => {
    const body = '{{7*7}} ${7*7} <%= 7*7 %> {unknown} {client_name';
    expect(fillInvoiceText(body, values)).toBe(body);
  });
});
