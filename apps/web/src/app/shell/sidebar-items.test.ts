import { describe, expect, it } from 'vitest';
import { emptyFullRole, type FullRole } from '@practice/shared';
import { visibleSidebarItems } from './sidebar-items';

const everyPage = () => true;
const labels = (role: Partial<FullRole>, pageExists: Parameters<typeof visibleSidebarItems>[1] = everyPage) =>
  visibleSidebarItems(role, pageExists).map((item) => item.label);

describe('the sidebar items (SPEC 2)', () => {
  it('shows every item to the all flag', () => {
    expect(labels({ ...emptyFullRole(), all: true })).toEqual([
      'Dashboard',
      'Time Tracking',
      'Team Time',
      'Clients',
      'Billing',
      'Invoices',
      'AR Ledger',
      'Reports',
      'Admin',
      'Support',
      'Guide',
      'Settings',
    ]);
  });

  it('gates each item by its flag', () => {
    const staff = { ...emptyFullRole(), can_view_time_entries: true, can_view_clients: true };
    expect(labels(staff)).toEqual(['Dashboard', 'Time Tracking', 'Clients', 'Support', 'Guide', 'Settings']);
    const money = { ...emptyFullRole(), can_view_billing: true, can_view_ar_ledger: true, can_view_reports_page: true };
    expect(labels(money)).toEqual(['Dashboard', 'Billing', 'AR Ledger', 'Reports', 'Support', 'Guide', 'Settings']);
  });

  it('shows Invoices after Billing with can_view_invoices alone', () => {
    const billing = { ...emptyFullRole(), can_view_billing: true, can_view_invoices: true };
    expect(labels(billing)).toEqual(['Dashboard', 'Billing', 'Invoices', 'Support', 'Guide', 'Settings']);
    expect(labels({ ...emptyFullRole(), can_view_invoices: true })).toContain('Invoices');
  });

  it('shows Team Time only with can_edit_time_entries', () => {
    const manager = { ...emptyFullRole(), can_view_time_entries: true, can_edit_time_entries: true };
    expect(labels(manager)).toContain('Team Time');
    expect(labels({ ...emptyFullRole(), can_view_time_entries: true, can_view_billing: true })).not.toContain(
      'Team Time',
    );
  });

  it('hides an item until its page exists', () => {
    expect(labels({ all: true }, (id) => id === 'dashboard' || id === 'settings')).toEqual(['Dashboard', 'Settings']);
  });
});
