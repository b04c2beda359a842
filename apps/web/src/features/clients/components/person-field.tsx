import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import type { ClientInput } from '@practice/shared';
import { SearchCombobox } from '../../../components/search-combobox';
import { peopleOptionsQuery, type PersonOption } from '../api/people-options';
import type { ClientFormValues } from './client-form-values';

export type PersonChoice = { id: number; name: string };

type PersonFieldProps = {
  control: Control<ClientFormValues, unknown, ClientInput>;
  name: 'responsible_partner_id' | 'responsible_manager_id';
  label: string;
  /** Who holds the role now, so the box shows a name for the stored id. */
  current: PersonChoice | null;
  error?: string;
};

/**
 * A responsible person picked from the firm's active people, searched on the server; an
 * empty box is nobody. The form keeps the id; the name shown is the one last chosen.
 */
export function PersonField({ control, name, label, current, error }: PersonFieldProps) {
  const [known, setKnown] = useState<PersonChoice | null>(current);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SearchCombobox<PersonChoice, PersonOption>
          label={label}
          name={field.name}
          ref={field.ref}
          value={known && String(known.id) === field.value ? known : null}
          onBlur={field.onBlur}
          onChange={(option) => {
            setKnown(option && { id: option.id, name: option.name });
            field.onChange(option ? String(option.id) : '');
          }}
          error={error}
          placeholder="Nobody: type a name to choose"
          noMatches="No matching people"
          options={peopleOptionsQuery}
          textOf={(person) => person.name}
          renderOption={(option) => (
            <>
              {option.name} <span className="muted">({option.role})</span>
            </>
          )}
        />
      )}
    />
  );
}
