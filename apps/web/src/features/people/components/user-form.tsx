import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { userCreateSchema, type UserCreateInput } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { schemaResolver } from '../../../lib/form-resolver';
import { centsToInput, inputToCents } from '../../../lib/money-input';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useRoleOptions, useSaveUser, type UserView } from '../api/users';

type UserFormValues = {
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role_id: string;
  billing_rate_cents: string;
  available_minutes_per_week: string;
};

function formValues(user: UserView | null): UserFormValues {
  return {
    username: user?.username ?? '',
    email: user?.email ?? '',
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
    role_id: user ? String(user.role.id) : '',
    billing_rate_cents: centsToInput(user?.billing_rate_cents ?? null),
    available_minutes_per_week: String((user?.available_minutes_per_week ?? 2400) / 60),
  };
}

/** Hours typed with up to 2 decimals as whole minutes; anything else is left for the schema to refuse. */
function hoursToMinutes(text: string): number | string {
  const trimmed = text.trim();
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 60) : trimmed;
}

function inputOf(values: UserFormValues) {
  return {
    username: values.username,
    email: values.email,
    first_name: values.first_name,
    last_name: values.last_name,
    role_id: values.role_id ? Number(values.role_id) : undefined,
    billing_rate_cents: inputToCents(values.billing_rate_cents) ?? undefined,
    available_minutes_per_week: hoursToMinutes(values.available_minutes_per_week),
  };
}

const FIELDS = new Set([
  'username',
  'email',
  'first_name',
  'last_name',
  'role_id',
  'billing_rate_cents',
  'available_minutes_per_week',
]);

type UserFormProps = { user: UserView | null; onSaved: (user: UserView) => void; onCancel: () => void };

/**
 * /users/create and /users/{id}/edit: names, username (SPEC 5), e-mail, role and hours. No
 * password: a new user chooses his own from the e-mail. The rate of an existing user changes
 * on his page with an effective date, so history keeps its rates.
 */
export function UserForm({ user, onSaved, onCancel }: UserFormProps) {
  const roles = useRoleOptions();
  const save = useSaveUser();
  const [formError, setFormError] = useState<string | null>(null);
  const editing = user !== null;
  const { register, handleSubmit, formState, setError } = useForm<UserFormValues, unknown, UserCreateInput>({
    defaultValues: formValues(user),
    // One schema for both: the edit's version travels beside the form, its rate on his page.
    resolver: schemaResolver(userCreateSchema, inputOf),
  });
  const { errors } = formState;

  async function submit(input: UserCreateInput): Promise<void> {
    setFormError(null);
    try {
      const saved = user
        ? await save.mutateAsync({
            id: user.id,
            version: user.version,
            input: {
              username: input.username,
              email: input.email,
              first_name: input.first_name,
              last_name: input.last_name,
              role_id: input.role_id,
              available_minutes_per_week: input.available_minutes_per_week ?? user.available_minutes_per_week,
            },
          })
        : await save.mutateAsync({ id: null, input });
      onSaved(saved);
    } catch (error) {
      setFormError(showServerErrors(error, setError, (name) => FIELDS.has(name)));
    }
  }

  return (
    <form className="card user-form" noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <div className="form-grid">
        <FormField
          label="First name"
          autoComplete="off"
          error={errors.first_name?.message}
          {...register('first_name')}
        />
        <FormField label="Last name" autoComplete="off" error={errors.last_name?.message} {...register('last_name')} />
        <FormField
          label="Username"
          spellCheck={false}
          autoComplete="off"
          hint="5 to 15 letters, digits, dots, dashes or underscores; used to sign in."
          error={errors.username?.message}
          {...register('username')}
        />
        <FormField
          label="E-mail"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...register('email')}
        />
        <SelectField label="Role" error={errors.role_id?.message} {...register('role_id')}>
          <option value="">Choose a role</option>
          {(roles.data ?? []).map((role) => (
            <option key={role.id} value={role.id}>
              {role.name}
            </option>
          ))}
        </SelectField>
        {!editing && (
          <FormField
            label="Standard billing rate ($/h)"
            inputMode="decimal"
            error={errors.billing_rate_cents?.message}
            {...register('billing_rate_cents')}
          />
        )}
        <FormField
          label="Available hours per week"
          inputMode="decimal"
          error={errors.available_minutes_per_week?.message}
          {...register('available_minutes_per_week')}
        />
      </div>
      {!editing && (
        <p className="field-hint">An e-mail asks the new user to choose his password; you never see or set it.</p>
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : editing ? 'Save changes' : 'Create user and send invitation'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
