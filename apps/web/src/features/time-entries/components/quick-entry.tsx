import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formatHours, timeEntrySchema, type TimeEntryInput } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { schemaResolver } from '../../../lib/form-resolver';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useSaveTimeEntry } from '../api/time-entry';
import { ActivitySelect } from './activity-select';
import { ClientField } from './client-field';
import { useActivityField } from './use-activity-field';
import { formValues, inputOf, type TimeEntryFormValues } from './time-entry-values';

/**
 * Quick entry for one day by keyboard alone: type a client and Enter, pick the activity,
 * type hours, a narrative, Enter. The client and activity stay for the next entry.
 */
export function QuickEntry({ date }: { date: string }) {
  const save = useSaveTimeEntry();
  const [message, setMessage] = useState<{ kind: 'error' | 'saved'; text: string } | null>(null);
  const { register, handleSubmit, formState, setError, setValue, setFocus, control } = useForm<
    TimeEntryFormValues,
    unknown,
    TimeEntryInput
  >({
    defaultValues: formValues(null, { date }),
    // The day is the one the list shows, whatever it was when the form first rendered.
    resolver: schemaResolver(timeEntrySchema, (values: TimeEntryFormValues) =>
      inputOf({ ...values, entry_date: date }),
    ),
  });
  const { errors } = formState;
  const client = useWatch({ control, name: 'client_id' });
  const activityField = useActivityField(register, setValue, client?.id ?? null);

  async function submit(input: TimeEntryInput): Promise<void> {
    setMessage(null);
    try {
      const saved = await save.mutateAsync({ id: null, version: null, input });
      setMessage({ kind: 'saved', text: `Recorded ${formatHours(saved.minutes)} h for ${saved.client.legal_name}.` });
      setValue('minutes', '');
      setValue('narrative', '');
      setFocus('minutes');
    } catch (error) {
      const text = showServerErrors(error, setError, (name) => name in formValues(null, { date }));
      if (text) setMessage({ kind: 'error', text });
    }
  }

  return (
    <form
      className="quick-entry"
      noValidate
      aria-label="Quick entry"
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      <ClientField
        control={control}
        name="client_id"
        label="Client"
        error={errors.client_id?.message}
        onClientChange={() => setValue('activity_type_id', '')}
      />
      <ActivitySelect clientId={client?.id ?? null} error={errors.activity_type_id?.message} {...activityField} />
      <FormField
        label="Hours"
        inputMode="decimal"
        autoComplete="off"
        placeholder="1.5"
        error={errors.minutes?.message ?? errors.entry_date?.message}
        {...register('minutes')}
      />
      <FormField label="Narrative" autoComplete="off" error={errors.narrative?.message} {...register('narrative')} />
      <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
        Add
      </button>
      {message && (
        <p
          className={message.kind === 'error' ? 'form-error' : 'form-success'}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
    </form>
  );
}
