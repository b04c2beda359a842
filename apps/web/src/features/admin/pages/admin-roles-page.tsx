import { useState } from 'react';
import { PERMISSION_FLAGS } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { SkeletonRows } from '../../../components/skeleton-rows';
import { TableFrame } from '../../../components/table-frame';
import { shellPaths } from '../../../config/paths';
import { useDeleteRole, useRoles, useSaveRole, type RoleView } from '../api/roles';
import '../admin.css';

const FLAGS = ['all', ...PERMISSION_FLAGS] as const;

/** A flag as people read it: can_view_ar_ledger -> "View AR ledger". */
function flagLabel(flag: string): string {
  if (flag === 'all') return 'All (administrator)';
  return flag
    .replace(/^can_/, '')
    .replace(/_/g, ' ')
    .replace(/^./, (first) => first.toUpperCase())
    .replace(/\bar\b/, 'AR');
}

type Draft = { name: string; permissions: Record<string, boolean> };

const draftOf = (role: RoleView): Draft => ({ name: role.name, permissions: { ...role.permissions } });

/** /admin/roles (SPEC 2, the all flag): the roles by the SPEC 3 flags; each column is saved on its own. */
export default function AdminRolesPage() {
  const roles = useRoles();
  const save = useSaveRole();
  const remove = useDeleteRole();
  const [drafts, setDrafts] = useState<Record<number, Draft>>({});
  const [newName, setNewName] = useState('');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  const draft = (role: RoleView) => drafts[role.id] ?? draftOf(role);
  const change = (role: RoleView, next: Draft) => setDrafts((current) => ({ ...current, [role.id]: next }));
  const dirty = (role: RoleView) =>
    drafts[role.id] !== undefined && JSON.stringify(drafts[role.id]) !== JSON.stringify(draftOf(role));

  async function run(work: () => Promise<unknown>, done: string, roleId?: number): Promise<void> {
    setMessage(null);
    try {
      await work();
      if (roleId !== undefined) setDrafts(({ [roleId]: _saved, ...rest }) => rest);
      setMessage({ ok: true, text: done });
    } catch (error) {
      setMessage({ ok: false, text: error instanceof Error ? error.message : String(error) });
    }
  }

  return (
    <div className="admin-page">
      <PageHeader title="Roles" breadcrumb={[{ label: 'Admin', to: shellPaths.admin.getHref() }]} />
      <p className="field-hint">
        A change reaches everyone holding the role on their next click, without signing in again.
      </p>
      {message && (
        <p className={message.ok ? 'form-success' : 'form-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      {roles.isError && <QueryError error={roles.error} />}
      {roles.isPending && <SkeletonRows label="Loading roles" />}
      {roles.data && (
        <section className="card" aria-label="Roles and their permissions">
          <TableFrame>
            <table className="data-table role-grid">
              <caption className="visually-hidden">Permissions of each role</caption>
              <thead>
                <tr>
                  <th scope="col">Permission</th>
                  {roles.data.map((role) => (
                    <th scope="col" key={role.id}>
                      {role.name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">Name</th>
                  {roles.data.map((role) => (
                    <td key={role.id}>
                      <input
                        aria-label={`Name of ${role.name}`}
                        value={draft(role).name}
                        maxLength={50}
                        size={10}
                        onChange={(event) => change(role, { ...draft(role), name: event.target.value })}
                      />
                    </td>
                  ))}
                </tr>
                {FLAGS.map((flag) => (
                  <tr key={flag}>
                    <th scope="row">{flagLabel(flag)}</th>
                    {roles.data.map((role) => (
                      <td key={role.id}>
                        <input
                          type="checkbox"
                          aria-label={`${role.name}: ${flagLabel(flag)}`}
                          checked={draft(role).permissions[flag] === true}
                          onChange={(event) =>
                            change(role, {
                              ...draft(role),
                              permissions: { ...draft(role).permissions, [flag]: event.target.checked },
                            })
                          }
                        />
                      </td>
                    ))}
                  </tr>
                ))}
                <tr>
                  <th scope="row">People</th>
                  {roles.data.map((role) => (
                    <td key={role.id}>{role.users}</td>
                  ))}
                </tr>
                <tr>
                  <th scope="row">
                    <span className="visually-hidden">Actions</span>
                  </th>
                  {roles.data.map((role) => (
                    <td key={role.id}>
                      <button
                        type="button"
                        className="button button-small button-primary"
                        disabled={!dirty(role) || save.isPending}
                        aria-label={`Save ${role.name}`}
                        onClick={() =>
                          void run(
                            () =>
                              save.mutateAsync({
                                id: role.id,
                                input: { ...draft(role), version: role.version },
                              }),
                            `Role ${draft(role).name} saved.`,
                            role.id,
                          )
                        }
                      >
                        Save
                      </button>{' '}
                      {role.users === 0 && (
                        <button
                          type="button"
                          className="button button-small button-danger"
                          aria-label={`Delete ${role.name}`}
                          onClick={() =>
                            window.confirm(`Delete the role ${role.name}?`) &&
                            void run(() => remove.mutateAsync(role.id), `Role ${role.name} deleted.`, role.id)
                          }
                        >
                          Delete
                        </button>
                      )}
                    </td>
                  ))}
                </tr>
              </tbody>
            </table>
          </TableFrame>
          <form
            className="filter-bar"
            onSubmit={(event) => {
              event.preventDefault();
              void run(
                () => save.mutateAsync({ id: null, input: { name: newName, permissions: {} } }),
                `Role ${newName} created: tick its permissions and save.`,
              ).then(() => setNewName(''));
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
