import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  EDITABLE_STATUSES,
  formatHours,
  formatHoursMinutes,
  formatMoney,
  timeEntrySchema,
  type TimeEntryInput,
} from '@practice/shared';
import { CheckboxField } from '../../../components/checkbox-field';
import { FormField } from '../../../components/form-field';
import { SelectField } from '../../../components/select-field';
import { TextareaField } from '../../../components/textarea-field';
import { ApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { schemaResolver } from '../../../lib/form-resolver';
import { showServerErrors } from '../../../lib/server-form-errors';
import { STATUS_LABELS } from './status-labels';
import { useSession } from '../../../lib/session-store';
import { useDeleteTimeEntry, useSaveTimeEntry } from '../api/time-entry';
import type { TimeEntry } from '../api/time-views';
import { ActivitySelect } from './activity-select';
import { ClientField } from './client-field';
import { useActivityField } from './use-activity-field';
import { clientLabel } from './client-picker';
import { formValues, inputOf, type TimeEntryDefaults, type TimeEntryFormValues } from './time-entry-values';
import { parseHoursToMinutes } from '../utils/duration';

type TimeEntryFormProps = {
  /** The entry being edited; null records a new one. */
  entry: TimeEntry | null;
  defaults: TimeEntryDefaults;
  onDone: (saved: TimeEntry | null) => void;
  onCancel: () => void;
  /** Fetches the entry again after a stale-version refusal (the page then starts a new form with it). */
  onReload?: () => void;
};

/** A billed entry is locked (PRODUCT.md): it is shown, never offered for change. */
function BilledEntry({ entry, onCancel }: { entry: TimeEntry; onCancel: () => void }) {
  return (
    <div>
      <p className="form-error" role="status">
        This time entry is billed and locked. It changes only when its invoice is voided.
      </p>
      <dl className="definition-grid">
        <div>
          <dt>Client</dt>
          <dd>{clientLabel(entry.client)}</dd>
        </div>
        <div>
          <dt>Activity type</dt>
          <dd>{entry.activity_type.name}</dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>{formatDate(entry.entry_date)}</dd>
        </div>
        <div>
          <dt>Hours</dt>
          <dd className="numeric">
            {formatHours(entry.minutes)} ({formatHoursMinutes(entry.minutes)} h:mm)
          </dd>
        </div>
        <div>
          <dt>Amount</dt>
          <dd className="numeric">{formatMoney(entry.amount_cents, { decimals: true })}</dd>
        </div>
        <div>
          <dt>Narrative</dt>
          <dd>{entry.narrative || '—'}</dd>
        </div>
      </dl>
      <div className="form-actions">
        <button type="button" className="button" onClick={onCancel}>
          Back
        </button>
      </div>
    </div>
  );
}

/**
 * /time_entries/create, /time_entries/{id}/edit and the edit dialog of /profile: one form on
 * the schema POST and PUT /time-entries apply. Who may change whose entry is the server's call.
 */
export function TimeEntryForm({ entry: given, defaults, onDone, onCancel, onReload }: TimeEntryFormProps) {
  // The entry as it was read: its version goes with the save even if a refetch brings a newer one.
  const [entry] = useState(given);
  const { user } = useSession();
  const save = useSaveTimeEntry();
  const remove = useDeleteTimeEntry();
  const [formError, setFormError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const { register, handleSubmit, formState, setError, setValue, control } = useForm<
    TimeEntryFormValues,
    unknown,
    TimeEntryInput
  >({ defaultValues: formValues(entry, defaults), resolver: schemaResolver(timeEntrySchema, inputOf) });
  const { errors } = formState;
  const client = useWatch({ control, name: 'client_id' });
  // Held as a controlled value: the entry's own option is swapped for the listed one when the
  // client's activity types arrive, and an uncontrolled select then fell back to "Choose...".
  const activityValue = useWatch({ control, name: 'activity_type_id' });
  const typedHours = parseHoursToMinutes(useWatch({ control, name: 'minutes' }) ?? '');
  const activityField = useActivityField(register, setValue, client?.id ?? null);

  if (entry?.status === 'billed') return <BilledEntry entry={entry} onCancel={onCancel} />;

  function failed(error: unknown): void {
    setStale(error instanceof ApiError && error.status === 409 && Object.keys(error.details).length === 0);
    setFormError(showServerErrors(error, setError, (name) => name in formValues(null, defaults)));
  }

  async function submit(input: TimeEntryInput): Promise<void> {
    setFormError(null);
    try {
      onDone(await save.mutateAsync({ id: entry?.id ?? null, version: entry?.version ?? null, input }));
    } catch (error) {
      failed(error);
    }
  }

  async function deleteEntry(): Promise<void> {
    if (!entry || !window.confirm('Delete this time entry?')) return;
    setFormError(null);
    try {
      await remove.mutateAsync(entry.id);
      onDone(null);
    } catch (error) {
      failed(error);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      {formError && (
        <div className="form-error" role="alert">
          {formError}
          {stale && onReload && (
            <>
              {' '}
              <button type="button" className="link-button" onClick={onReload}>
                Reload the entry
              </button>
            </>
          )}
        </div>
      )}
      {entry && user && entry.user_id !== user.id && <p className="muted">Recorded by {entry.user.name}.</p>}
      <div className="form-grid">
        <ClientField
          control={control}
          name="client_id"
          label="Client"
          error={errors.client_id?.message}
          onClientChange={() => setValue('activity_type_id', '')}
        />
        <ActivitySelect
          clientId={client?.id ?? null}
          current={entry ? entry.activity_type : null}
          error={errors.activity_type_id?.message}
          {...activityField}
          value={activityValue}
        />
        <FormField label="Date" type="date" error={errors.entry_date?.message} {...register('entry_date')} />
        <FormField
          label="Hours"
          inputMode="decimal"
          autoComplete="off"
          placeholder="1.5 or 1:30"
          hint={typedHours !== null && typedHours > 0 ? `${formatHoursMinutes(typedHours)} (h:mm)` : undefined}
          error={errors.minutes?.message}
          {...register('minutes')}
        />
        <SelectField label="Status" error={errors.status?.message} {...register('status')}>
          {EDITABLE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <CheckboxField label="Billable" error={errors.billable?.message} {...register('billable')} />
        <div className="span-all">
          <TextareaField label="Narrative" rows={3} error={errors.narrative?.message} {...register('narrative')} />
        </div>
      </div>
      <div className="form-actions">
        {entry && (
          <button type="button" className="button button-danger" onClick={() => void deleteEntry()}>
            Delete
          </button>
        )}
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : entry ? 'Save entry' : 'Record time'}
        </button>
      </div>
    </form>
  );
}
