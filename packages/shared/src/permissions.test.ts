import { describe, expect, it } from 'vitest';
import {
  PERMISSION_FLAGS,
  emptyFullRole,
  hasPermission,
  permissionRequiredMessage,
  type FullRole,
} from './permissions';

function roleWith(overrides: Partial<FullRole>): FullRole {
  return { ...emptyFullRole(), ...overrides };
}

describe('hasPermission (SPEC 6)', () => {
  it('grants a flag the role has and refuses one it lacks', () => {
    const staff = roleWith({ can_view_clients: true });
    expect(hasPermission(staff, 'can_view_clients')).toBe(true);
    expect(hasPermission(staff, 'can_edit_clients')).toBe(false);
  });

  it('lets the all flag override every specific flag', () => {
    const admin = roleWith({ all: true });
    for (const flag of PERMISSION_FLAGS) expect(hasPermission(admin, flag), flag).toBe(true);
    expect(hasPermission(admin, 'all')).toBe(true);
  });

  it('grants all-only routes to the all flag alone, not to every specific flag together', () => {
    const everyFlag = roleWith(Object.fromEntries(PERMISSION_FLAGS.map((flag) => [flag, true])));
    expect(hasPermission(everyFlag, 'all')).toBe(false);
  });

  it('refuses everything to a role with no flags, a missing role and a partial role', () => {
    for (const flag of PERMISSION_FLAGS) expect(hasPermission(emptyFullRole(), flag), flag).toBe(false);
    expect(hasPermission(null, 'can_view_clients')).toBe(false);
    expect(hasPermission(undefined, 'all')).toBe(false);
    expect(hasPermission({ can_view_billing: true }, 'can_view_clients')).toBe(false);
    expect(hasPermission({ can_view_billing: true }, 'can_view_billing')).toBe(true);
  });

  it('counts only true, not truthy', () => {
    const odd = { all: 'yes', can_view_clients: 1 } as unknown as FullRole;
    expect(hasPermission(odd, 'can_view_clients')).toBe(false);
  });
});

describe('permissionRequiredMessage (SPEC 6)', () => {
  it("names the permission: 'Permission required: {permission}'", () => {
    expect(permissionRequiredMessage('can_view_ar_ledger')).toBe('Permission required: can_view_ar_ledger');
    expect(permissionRequiredMessage('all')).toBe('Permission required: all');
  });
});

describe('PERMISSION_FLAGS and emptyFullRole', () => {
  it('list every SPEC 3 flag plus can_view_reports, all false', () => {
    expect([...PERMISSION_FLAGS].sort()).toEqual(
      [
        'can_view_time_entries',
        'can_edit_time_entries',
        'can_view_clients',
        'can_edit_clients',
        'can_view_invoices',
        'can_create_invoices',
        'can_edit_invoices',
        'can_view_billing',
        'can_view_payments',
        'can_edit_payments',
        'can_view_ar_ledger',
        'can_view_reports_page',
        'can_view_reports',
        'can_view_users',
        'can_edit_users',
        'can_view_admin_page',
      ].sort(),
    );
    const role = emptyFullRole();
    expect(Object.keys(role).sort()).toEqual(['all', ...PERMISSION_FLAGS].sort());
    expect(Object.values(role).every((value) => value === false)).toBe(true);
  });
});
