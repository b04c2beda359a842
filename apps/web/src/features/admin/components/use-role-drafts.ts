import { useState } from 'react';
import { roleSchema, type Permission } from '@practice/shared';
import type { RoleChange, RoleSaveFailure, RoleView } from '../api/roles';

/** A role as the editor holds it until Save: the version is the one the change started from. */
export type RoleDraft = { name: string; permissions: Record<string, boolean>; version: number };

const draftFrom = (role: RoleView): RoleDraft => ({
  name: role.name,
  permissions: { ...role.permissions },
  version: role.version,
});

function differs(draft: RoleDraft, role: RoleView): boolean {
  return (
    draft.name !== role.name ||
    Object.entries(role.permissions).some(([flag, on]) => (draft.permissions[flag] === true) !== on)
  );
}

/** The role gains `all` (saved first) or loses it (saved last), so the firm keeps one all role throughout. */
function allOrder(role: RoleView, draft: RoleDraft): number {
  if (draft.permissions.all === role.permissions.all) return 1;
  return draft.permissions.all ? 0 : 2;
}

/** The roles editor's unsaved changes, one draft per role touched, shared by the matrix and the phone view. */
export function useRoleDrafts(roles: RoleView[]) {
  const [drafts, setDrafts] = useState<Record<number, RoleDraft>>({});

  const draftOf = (role: RoleView) => drafts[role.id] ?? draftFrom(role);
  const edit = (role: RoleView, change: (draft: RoleDraft) => RoleDraft) =>
    setDrafts((current) => ({ ...current, [role.id]: change(current[role.id] ?? draftFrom(role)) }));
  const changedRoles = roles.filter((role) => {
    const draft = drafts[role.id];
    return draft !== undefined && differs(draft, role);
  });

  return {
    draftOf,
    changedRoles,
    isChanged: (role: RoleView) => changedRoles.includes(role),
    rename: (role: RoleView, name: string) => edit(role, (draft) => ({ ...draft, name })),
    setFlag: (role: RoleView, flag: Permission, on: boolean) =>
      edit(role, (draft) => ({ ...draft, permissions: { ...draft.permissions, [flag]: on } })),
    /** `all` implies every flag: they show ticked and cannot be changed while it is on. */
    grantsAll: (role: RoleView) => draftOf(role).permissions.all === true,
    /** The server refuses taking `all` from the last role that has it (409): its box is read-only. */
    holdsLastAll: (role: RoleView) =>
      draftOf(role).permissions.all === true &&
      !roles.some((other) => other.id !== role.id && draftOf(other).permissions.all === true),
    forget: (ids: number[]) =>
      setDrafts((current) => Object.fromEntries(Object.entries(current).filter(([id]) => !ids.includes(Number(id))))),
    discardAll: () => setDrafts({}),
    /**
     * The changes to send, in an order the server accepts, and those refused here by the shared
     * role schema the route also parses.
     */
    changesToSave(): { changes: RoleChange[]; invalid: RoleSaveFailure[] } {
      const changes: RoleChange[] = [];
      const invalid: RoleSaveFailure[] = [];
      const ordered = [...changedRoles].sort((a, b) => allOrder(a, draftOf(a)) - allOrder(b, draftOf(b)));
      for (const role of ordered) {
        const { name, permissions, version } = draftOf(role);
        const parsed = roleSchema.safeParse({ name: name.trim(), permissions, version });
        if (parsed.success) changes.push({ id: role.id, name: role.name, input: parsed.data });
        else invalid.push({ name: role.name, message: parsed.error.issues[0]?.message ?? 'Invalid role' });
      }
      return { changes, invalid };
    },
  };
}

export type RoleDrafts = ReturnType<typeof useRoleDrafts>;
