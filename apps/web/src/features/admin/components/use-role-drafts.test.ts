import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyFullRole } from '@practice/shared';
import type { RoleView } from '../api/roles';
import { useRoleDrafts } from './use-role-drafts';

function role(id: number, name: string, all = false): RoleView {
  return {
    id,
    key: name.toLowerCase(),
    name,
    permissions: { ...emptyFullRole(), all },
    built_in: false,
    users: 0,
    version: 3,
  };
}

const ROLES = [role(1, 'Administrator', true), role(2, 'Partner'), role(3, 'Staff')];

describe('the roles editor’s drafts', () => {
  it('keep the version a change started from, and a change undone is no change', () => {
    const { result, rerender } = renderHook(({ roles }) => useRoleDrafts(roles), { initialProps: { roles: ROLES } });
    act(() => result.current.setFlag(ROLES[2]!, 'can_edit_clients', true));
    // The page refetched the role after someone else saved it: the draft still holds version 3.
    rerender({ roles: [ROLES[0]!, ROLES[1]!, { ...ROLES[2]!, version: 4 }] });
    expect(result.current.changedRoles.map((item) => item.name)).toEqual(['Staff']);
    expect(result.current.changesToSave().changes[0]!.input).toMatchObject({
      permissions: { can_edit_clients: true },
      version: 3,
    });
    act(() => result.current.setFlag(ROLES[2]!, 'can_edit_clients', false));
    expect(result.current.changedRoles).toEqual([]);
  });

  it('save a role gaining all before the one losing it, and hold all on its last role', () => {
    const { result } = renderHook(() => useRoleDrafts(ROLES));
    expect(result.current.holdsLastAll(ROLES[0]!)).toBe(true);
    act(() => result.current.setFlag(ROLES[2]!, 'can_view_clients', true));
    act(() => result.current.setFlag(ROLES[1]!, 'all', true));
    expect(result.current.holdsLastAll(ROLES[0]!)).toBe(false);
    act(() => result.current.setFlag(ROLES[0]!, 'all', false));
    expect(result.current.holdsLastAll(ROLES[1]!)).toBe(true);
    expect(result.current.changesToSave().changes.map((change) => change.name)).toEqual([
      'Partner',
      'Staff',
      'Administrator',
    ]);
  });

  it('refuse an empty name before sending, in the shared schema’s words', () => {
    const { result } = renderHook(() => useRoleDrafts(ROLES));
    act(() => result.current.rename(ROLES[1]!, '  '));
    expect(result.current.changesToSave()).toEqual({
      changes: [],
      invalid: [{ name: 'Partner', message: expect.stringMatching(/Name/) as unknown }],
    });
  });
});
