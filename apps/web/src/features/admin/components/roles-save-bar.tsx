import type { RoleSaveFailure } from '../api/roles';

/** What the page last did: a plain line, or a save that left some roles unsaved. */
export type RolesNotice = { ok: true; text: string } | { ok: false; text: string; failures: RoleSaveFailure[] };

type RolesSaveBarProps = {
  changedNames: string[];
  saving: boolean;
  notice: RolesNotice | null;
  onSave: () => void;
  onDiscard: () => void;
};

const names = new Intl.ListFormat('en', { type: 'conjunction' });

/** "Saved Partner and Staff." */
export function savedText(saved: string[]): string {
  return saved.length === 0 ? '' : `Saved ${names.format(saved)}.`;
}

/**
 * The one Save of the roles editor, kept in view at the bottom of the window with what is
 * unsaved, and the outcome of the last save: which roles were saved and which were not, and why.
 */
export function RolesSaveBar({ changedNames, saving, notice, onSave, onDiscard }: RolesSaveBarProps) {
  const nothing = changedNames.length === 0;
  return (
    <div className="role-save-bar">
      {notice?.ok === true && (
        <p className="form-success" role="status">
          {notice.text}
        </p>
      )}
      {notice?.ok === false && notice.failures.length === 0 && (
        <p className="form-error" role="alert">
          {notice.text}
        </p>
      )}
      {notice?.ok === false && notice.failures.length > 0 && (
        <div className="form-error" role="alert">
          {notice.text && <p>{notice.text}</p>}
          <ul>
            {notice.failures.map((failure) => (
              <li key={failure.name}>
                Not saved: {failure.name}. {failure.message}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="role-save-actions">
        <p className="role-save-pending">
          {nothing ? 'No unsaved changes' : `Unsaved changes to ${names.format(changedNames)}`}
        </p>
        <button type="button" className="button" disabled={nothing || saving} onClick={onDiscard}>
          Discard changes
        </button>
        <button type="button" className="button button-primary" disabled={nothing || saving} onClick={onSave}>
          {saving ? 'Saving...' : 'Save changes'}
        </button>
      </div>
    </div>
  );
}
