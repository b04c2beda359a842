import { CheckboxField } from '../../../components/checkbox-field';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import type { RoleView } from '../api/roles';
import { PERMISSION_AREAS } from './permission-areas';
import { roleHolders } from './role-holders';
import type { RoleDrafts } from './use-role-drafts';

type RoleAtATimeProps = {
  roles: RoleView[];
  picked: RoleView;
  onPick: (role: RoleView) => void;
  drafts: RoleDrafts;
  onDelete: (role: RoleView) => void;
};

/**
 * The roles editor on a phone (ADR 0214): one role picked, then its flags by area. Changes to
 * several roles are kept while picking another, and the one Save sends them all.
 */
export function RoleAtATime({ roles, picked, onPick, drafts, onDelete }: RoleAtATimeProps) {
  const draft = drafts.draftOf(picked);
  return (
    <div className="role-at-a-time">
      <SelectField
        label="Role"
        value={picked.id}
        onChange={(event) => {
          const role = roles.find((item) => item.id === Number(event.target.value));
          if (role) onPick(role);
        }}
      >
        {roles.map((role) => (
          <option key={role.id} value={role.id}>
            {drafts.isChanged(role) ? `${role.name} (changed)` : role.name}
          </option>
        ))}
      </SelectField>
      <p className="field-hint">
        {roleHolders(picked)}
        {picked.built_in && ', built-in'}
      </p>
      <FormField
        label="Name"
        aria-label={`Name of ${picked.name}`}
        value={draft.name}
        maxLength={50}
        onChange={(event) => drafts.rename(picked, event.target.value)}
      />
      {PERMISSION_AREAS.map((area) => (
        <fieldset key={area.name} className="plain-fieldset role-area">
          <legend>{area.name}</legend>
          {area.flags.map(({ flag, label }) => {
            const covered = flag !== 'all' && drafts.grantsAll(picked);
            return (
              <CheckboxField
                key={flag}
                label={label}
                aria-label={`${label} for ${picked.name}`}
                checked={covered || draft.permissions[flag] === true}
                disabled={covered || (flag === 'all' && drafts.holdsLastAll(picked))}
                onChange={(event) => drafts.setFlag(picked, flag, event.target.checked)}
              />
            );
          })}
        </fieldset>
      ))}
      {picked.users === 0 && (
        <button type="button" className="button button-danger" onClick={() => onDelete(picked)}>
          Delete {picked.name}
        </button>
      )}
    </div>
  );
}
