import { describe, expect, it } from 'vitest';
import { auditChanges, auditSummary, fieldLabel, valueText } from './audit-text';

const names = { 'client:25': 'Acme Ltd (ACME)', 'invoice:95': 'INV-55', 'user:3': 'Sam Staff' };

describe('the audit trail in words', () => {
  it('labels fields without their units and id suffixes', () => {
    expect(fieldLabel('amount_cents')).toBe('Amount');
    expect(fieldLabel('activity_type_id')).toBe('Activity type');
    expect(fieldLabel('tax_rate_bp')).toBe('Tax rate');
    expect(fieldLabel('can_view_invoices')).toBe('Can view invoices');
  });

  it('shows money as money, time as hours, ids by name and dates as dates', () => {
    expect(valueText('amount_cents', 32_500, names)).toBe('$325.00');
    expect(valueText('amount_cents', -500, names)).toBe('[$5.00]');
    expect(valueText('minutes', 1, names)).toBe('0:01 h');
    expect(valueText('minutes', 90, names)).toBe('1.5 h');
    expect(valueText('available_minutes_per_week', 2400, names)).toBe('40.0 h');
    expect(valueText('client_id', 25, names)).toBe('Acme Ltd (ACME)');
    expect(valueText('client_id', 'C-10001', names)).toBe('C-10001');
    expect(valueText('invoice_id', 96, names)).toBe('a draft invoice');
    expect(valueText('billable', true, names)).toBe('Yes');
    expect(valueText('due_date', '2026-12-21', names)).toBe('12/21/2026');
    expect(valueText('applications', [{ invoice_id: 95, amount_cents: 32_500 }], names)).toBe(
      'Invoice INV-55, Amount $325.00',
    );
    expect(valueText('permissions', { all: false, can_view_clients: true }, names)).toBe('Can view clients');
    expect(valueText('expense_ids', [10, 11], names)).toBe('2 expenses');
    expect(valueText('role', { id: 13, name: 'Seasonal preparer' }, names)).toBe('Seasonal preparer');
    expect(valueText('time_entry_ids', [4], names)).toBe('1 time entry');
    expect(valueText('time_entry_ids', [4, 5], names)).toBe('2 time entries');
  });

  it('lists only what an update changed, and what a new record holds', () => {
    const before = { status: 'draft', number: null, version: 1, client_id: 25, total_cents: 100 };
    const after = { status: 'pending', number: 'INV-55', version: 2, client_id: 25, total_cents: 100 };
    expect(auditChanges({ before, after, names })).toEqual([
      { label: 'Status', before: 'draft', after: 'pending' },
      { label: 'Number', before: '—', after: 'INV-55' },
    ]);
    const created = {
      memo: '',
      status: 'active',
      tax_cents: 0,
      amount_cents: 500,
      client_id: 25,
      expense_ids: [],
      refund_id: 7,
    };
    expect(auditChanges({ before: null, after: created, names })).toEqual([
      { label: 'Client', before: null, after: 'Acme Ltd (ACME)' },
      { label: 'Amount', before: null, after: '$5.00' },
      { label: 'Status', before: null, after: 'active' },
    ]);
  });

  it('says what happened to which record, by its number or name', () => {
    const row = { action: 'issue', entity: 'invoice', before: null, after: null, record: 'INV-55', names };
    expect(auditSummary(row)).toBe('Issued invoice INV-55');
    expect(auditSummary({ ...row, action: 'create', entity: 'time_entry', record: null })).toBe('Created time entry');
    expect(
      auditSummary({ ...row, action: 'delete', entity: 'client', record: null, before: { legal_name: 'Gone LLC' } }),
    ).toBe('Deleted client Gone LLC');
  });
});
