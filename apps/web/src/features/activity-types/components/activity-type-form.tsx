import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { activityTypeSchema, type ActivityTypeInput } from '@practice/shared';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormField } from '../../../components/form-field';
import { schemaResolver } from '../../../lib/form-resolver';
import { centsToInput, inputToCents } from '../../../lib/money-input';
import { showServerErrors } from '../../../lib/server-form-errors';
import type { ActivityTypeView } from '../api/activity-type-views';
import { useSaveActivityType } from '../api/save-activity-type';

type ActivityTypeFormValues = {
  name: string;
  code: string;
  default_rate_cents: string;
  rate_effective_from: string;
  billable: boolean;
  active: boolean;
};

function formValues(type: ActivityTypeView | null): ActivityTypeFormValues {
  return {
    name: type?.name ?? '',
    code: type?.code ?? '',
    default_rate_cents: centsToInput(type?.default_rate_cents),
    rate_effective_from: '',
    billable: type?.billable ?? true,
    active: type?.active ?? true,
  };
}

function inputOf(values: ActivityTypeFormValues) {
  return {
    name: values.name,
    code: values.code,
    default_rate_cents: inputToCents(values.default_rate_cents),
    rate_effective_from: values.rate_effective_from || undefined,
    billable: values.billable,
    active: values.active,
  };
}

type ActivityTypeFormProps = {
  type: ActivityTypeView | null;
  /** Closes the form: with the saved type's name after a save, null after Cancel. */
  onDone: (savedName: string | null) => void;
};

/** Create or edit one service code; the form and PUT /activity-types share the schema. */
export function ActivityTypeForm({ type, onDone }: ActivityTypeFormProps) {
  const save = useSaveActivityType();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, control } = useForm<
    ActivityTypeFormValues,
    unknown,
    ActivityTypeInput
  >({ defaultValues: formValues(type), resolver: schemaResolver(activityTypeSchema, inputOf) });
  const { errors } = formState;
  const rate = useWatch({ control, name: 'default_rate_cents' });
  const rateChanged = type !== null && rate !== centsToInput(type.default_rate_cents);

  async function submit(input: ActivityTypeInput): Promise<void> {
    setFormError(null);
    try {
      const saved = await save.mutateAsync({ id: type?.id ?? null, version: type?.version ?? null, input });
      onDone(saved.name);
    } catch (error) {
      setFormError(showServerErrors(error, setError, (name) => name in formValues(null)));
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      {formError && (
        <p className="form-error" role="alert">
          {formError}
        </p>
      )}
      <FormField label="Name" data-autofocus error={errors.name?.message} {...register('name')} />
      <FormField label="Code" spellCheck={false} error={errors.code?.message} {...register('code')} />
      <FormField
        label="Default hourly rate ($)"
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        hint="Leave blank to charge each person's standard rate."
        error={errors.default_rate_cents?.message}
        {...register('default_rate_cents')}
      />
      {rateChanged && (
        <FormField
          label="New rate effective from"
          type="date"
          hint="Blank: from today. Entries already saved keep their rate."
          error={errors.rate_effective_from?.message}
          {...register('rate_effective_from')}
        />
      )}
      <CheckboxField label="Billable" error={errors.billable?.message} {...register('billable')} />
      <CheckboxField label="Active" error={errors.active?.message} {...register('active')} />
      <div className="form-actions">
        <button type="button" className="button" onClick={() => onDone(null)}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : 'Save activity type'}
        </button>
      </div>
    </form>
  );
}
