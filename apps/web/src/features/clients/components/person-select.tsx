import type { Ref, SelectHTMLAttributes } from 'react';
import { SelectField } from '../../../components/select-field';
import type { User } from '../../../lib/session-store';

type PersonSelectProps = SelectHTMLAttributes<HTMLSelectElement> & {
  label: string;
  /** Who holds the role now. */
  current: { id: number; name: string } | null;
  me: User | null;
  error?: string;
  ref?: Ref<HTMLSelectElement>;
};

function fullName(user: User): string {
  return [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username;
}

/**
 * A responsible person: nobody, whoever holds the role now, or the signed-in user. The API
 * offers no list of the firm's people yet (docs/decisions/0071), so these are the choices.
 */
export function PersonSelect({ label, current, me, error, ref, ...select }: PersonSelectProps) {
  return (
    <SelectField label={label} error={error} ref={ref} {...select}>
      <option value="">Nobody</option>
      {current && <option value={String(current.id)}>{current.name}</option>}
      {me && me.id !== current?.id && <option value={String(me.id)}>{fullName(me)} (me)</option>}
    </SelectField>
  );
}
