import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { shellPaths } from '../../../config/paths';
import {
  useCreateRole,
  useDeleteRole,
  useRoles,
  useSaveRoleChanges,
  type RolesSaveReport,
  type RoleView,
} from '../api/roles';
import { RoleAtATime } from '../components/role-at-a-time';
import { RolesMatrix } from '../components/roles-matrix';
import { RolesSaveBar, savedText, type RolesNotice } from '../components/roles-save-bar';
import { useRoleDrafts } from '../components/use-role-drafts';
import { useRolesFit } from '../components/use-roles-fit';
import '../admin.css';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** /admin/roles (SPEC 2, the all flag): every role's flags, changed together and saved with one Save. */
export default function AdminRolesPage() {
  const roles = useRoles();
  const list = roles.data ?? [];
  const drafts = useRoleDrafts(list);
  const saveChanges = useSaveRoleChanges();
  const create = useCreateRole();
  const remove = useDeleteRole();
  const pageBox = useRef<HTMLDivElement>(null);
  const oneRole = !useRolesFit(pageBox, list.length);
  const [search, setSearch] = useSearchParams();
  const picked = list.find((role) => String(role.id) === search.get('role')) ?? list[0];
  const [newName, setNewName] = useState('');
  const [notice, setNotice] = useState<RolesNotice | null>(null);

  async function saveAll(): Promise<void> {
    setNotice(null);
    const { changes, invalid } = drafts.changesToSave();
    const report: RolesSaveReport =
      changes.length > 0 ? await saveChanges.mutateAsync(changes) : { saved: [], failed: [] };
    drafts.forget(report.saved.map((change) => change.id));
    const failures = [...invalid, ...report.failed];
    const saved = savedText(report.saved.map((change) => change.input.name));
    setNotice(failures.length === 0 ? { ok: true, text: saved } : { ok: false, text: saved, failures });
  }

  async function run(work: () => Promise<unknown>, done: string): Promise<boolean> {
    setNotice(null);
    try {
      await work();
      setNotice({ ok: true, text: done });
      return true;
    } catch (error) {
      setNotice({ ok: false, text: messageOf(error), failures: [] });
      return false;
    }
  }

  function deleteRole(role: RoleView): void {
    if (!window.confirm(`Delete the role ${role.name}?`)) return;
    void run(() => remove.mutateAsync(role.id), `Role ${role.name} deleted.`).then(
      (deleted) => deleted && drafts.forget([role.id]),
    );
  }

  return (
    <div className="admin-page" ref={pageBox}>
      <PageHeader title="Roles" breadcrumb={[{ label: 'Admin', to: shellPaths.admin.getHref() }]} />
      <p className="field-hint">
        A change reaches everyone holding the role on their next click, without signing in again. A role with all
        permissions has every other one too, and the last role with all permissions keeps it.
      </p>
      {roles.isError && <QueryError error={roles.error} />}
      {roles.isPending && <SkeletonRows label="Loading roles" />}
      {roles.data && picked && (
        <section className="card role-editor" aria-label="Roles and their permissions">
          {oneRole ? (
            <RoleAtATime
              roles={list}
              picked={picked}
              onPick={(role) => setSearch({ role: String(role.id) }, { replace: true })}
              drafts={drafts}
              onDelete={deleteRole}
            />
          ) : (
            <RolesMatrix roles={list} drafts={drafts} onDelete={deleteRole} />
          )}
          <RolesSaveBar
            changedNames={drafts.changedRoles.map((role) => role.name)}
            saving={saveChanges.isPending}
            notice={notice}
            onSave={() => void saveAll()}
            onDiscard={() => {
              drafts.discardAll();
              setNotice(null);
            }}
          />
          <form
            className="filter-bar"
            onSubmit={(event) => {
              event.preventDefault();
              void run(
                () => create.mutateAsync({ name: newName, permissions: {} }),
                `Role ${newName} created: tick its permissions and save.`,
              ).then((created) => created && setNewName(''));
            }}
          >
            <FormField label="New role" value={newName} maxLength={50} onChange={(e) => setNewName(e.target.value)} />
            <button type="submit" className="button" disabled={!newName.trim()}>
              Add role
            </button>
          </form>
        </section>
      )}
    </div>
  );
}
