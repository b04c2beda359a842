import type { RoleView } from '../api/roles';
import { PERMISSION_AREAS } from './permission-areas';
import { roleHolders } from './role-holders';
import type { RoleDrafts } from './use-role-drafts';

type RolesMatrixProps = {
  roles: RoleView[];
  drafts: RoleDrafts;
  onDelete: (role: RoleView) => void;
};

/**
 * Every role side by side (ADR 0214): roles as columns under a header that stays in view while
 * the page scrolls, the flags as rows grouped by area. A flag that `all` covers, and `all` on
 * the last role holding it, show read-only (ADR 0215).
 */
export function RolesMatrix({ roles, drafts, onDelete }: RolesMatrixProps) {
  return (
    <table className="role-matrix">
      <caption className="visually-hidden">Permissions of each role: roles in columns, permissions in rows</caption>
      <colgroup>
        <col className="role-matrix-label-column" />
        {roles.map((role) => (
          <col key={role.id} />
        ))}
      </colgroup>
      <thead>
        <tr>
          <th scope="col">Permission</th>
          {roles.map((role) => (
            <th scope="col" key={role.id}>
              <span className="role-matrix-name">{role.name}</span>
              <span className="role-matrix-holders">{roleHolders(role)}</span>
              {role.built_in && <span className="role-matrix-holders">Built-in</span>}
              {drafts.isChanged(role) && <span className="role-matrix-changed">Changed</span>}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Name</th>
          {roles.map((role) => (
            <td key={role.id}>
              <input
                aria-label={`Name of ${role.name}`}
                value={drafts.draftOf(role).name}
                maxLength={50}
                onChange={(event) => drafts.rename(role, event.target.value)}
              />
            </td>
          ))}
        </tr>
      </tbody>
      {PERMISSION_AREAS.map((area) => (
        <tbody key={area.name}>
          <tr className="role-matrix-area">
            <th scope="rowgroup" colSpan={roles.length + 1}>
              {area.name}
            </th>
          </tr>
          {area.flags.map(({ flag, label }) => (
            <tr key={flag}>
              <th scope="row">{label}</th>
              {roles.map((role) => {
                const covered = flag !== 'all' && drafts.grantsAll(role);
                return (
                  <td key={role.id}>
                    <input
                      type="checkbox"
                      aria-label={`${label} for ${role.name}`}
                      title={covered ? 'Included in all permissions' : undefined}
                      checked={covered || drafts.draftOf(role).permissions[flag] === true}
                      disabled={covered || (flag === 'all' && drafts.holdsLastAll(role))}
                      onChange={(event) => drafts.setFlag(role, flag, event.target.checked)}
                    />
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      ))}
      {roles.some((role) => role.users === 0) && (
        <tbody>
          <tr>
            <th scope="row">
              <span className="visually-hidden">Delete</span>
            </th>
            {roles.map((role) => (
              <td key={role.id}>
                {role.users === 0 && (
                  <button
                    type="button"
                    className="button button-small button-danger"
                    aria-label={`Delete ${role.name}`}
                    onClick={() => onDelete(role)}
                  >
                    Delete
                  </button>
                )}
              </td>
            ))}
          </tr>
        </tbody>
      )}
    </table>
  );
}
