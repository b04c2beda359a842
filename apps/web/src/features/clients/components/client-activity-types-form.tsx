import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { clientActivityTypesSchema, formatMoney, type ClientActivityTypesInput } from '@practice/shared';
import { FormField } from '../../../components/form-field';
import { StatusBadge } from '../../../components/status-badge';
import { schemaResolver } from '../../../lib/form-resolver';
import { centsToInput, inputToCents } from '../../../lib/money-input';
import { showServerErrors } from '../../../lib/server-form-errors';
import { useSaveClientActivityTypes, type ClientActivityType } from '../api/client-activity-types';
import { TableFrame } from '../../../components/table-frame';

type Row = { enabled: boolean; override_rate_cents: string };
type FormValues = { effective_from: string; items: Row[] };

function formValues(types: ClientActivityType[]): FormValues {
  return {
    effective_from: '',
    items: types.map((type) => ({
      enabled: type.enabled,
      override_rate_cents: centsToInput(type.override_rate_cents),
    })),
  };
}

type ClientActivityTypesFormProps = { clientId: number; types: ClientActivityType[] };

/** Enables a subset of the firm's activity types for one client and overrides their rates from a date on. */
export function ClientActivityTypesForm({ clientId, types }: ClientActivityTypesFormProps) {
  const save = useSaveClientActivityTypes(clientId);
  const [message, setMessage] = useState<{ kind: 'error' | 'saved'; text: string } | null>(null);
  const toInput = (values: FormValues) => ({
    effective_from: values.effective_from || undefined,
    items: values.items.map((row, index) => ({
      activity_type_id: types[index]?.activity_type_id,
      enabled: row.enabled,
      override_rate_cents: inputToCents(row.override_rate_cents),
    })),
  });
  const { register, handleSubmit, formState, setError, reset } = useForm<FormValues, unknown, ClientActivityTypesInput>(
    {
      defaultValues: formValues(types),
      resolver: schemaResolver(clientActivityTypesSchema, toInput),
    },
  );
  const { errors } = formState;

  async function submit(input: ClientActivityTypesInput): Promise<void> {
    setMessage(null);
    try {
      const saved = await save.mutateAsync(input);
      reset(formValues(saved.items));
      setMessage({ kind: 'saved', text: 'Activity types and rates saved.' });
    } catch (error) {
      const text = showServerErrors(error, setError, (name) => name === 'effective_from' || name.startsWith('items.'));
      if (text) setMessage({ kind: 'error', text });
    }
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      {message && (
        <p
          className={message.kind === 'error' ? 'form-error' : 'form-success'}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
      <TableFrame>
        <table className="data-table">
          <caption className="visually-hidden">Activity types for this client</caption>
          <thead>
            <tr>
              <th scope="col">Enabled</th>
              <th scope="col" className="wrap">
                Activity type
              </th>
              <th scope="col" className="num">
                Firm rate
              </th>
              <th scope="col" className="num">
                Client rate ($ per hour)
              </th>
            </tr>
          </thead>
          <tbody>
            {types.map((type, index) => {
              const rateError = errors.items?.[index]?.override_rate_cents?.message;
              return (
                <tr key={type.activity_type_id}>
                  <td>
                    <input
                      type="checkbox"
                      className="table-check"
                      aria-label={`Enable ${type.name}`}
                      {...register(`items.${index}.enabled`)}
                    />
                  </td>
                  <td className="wrap">
                    {type.name} <span className="muted">({type.code})</span>{' '}
                    {!type.active && <StatusBadge status="inactive" />}
                  </td>
                  <td className="num">
                    {type.default_rate_cents === null ? (
                      <span className="muted">Staff rate</span>
                    ) : (
                      formatMoney(type.default_rate_cents, { decimals: true })
                    )}
                  </td>
                  <td className="num">
                    <input
                      className="rate-input"
                      type="number"
                      min={0}
                      step="0.01"
                      inputMode="decimal"
                      placeholder="Firm rate"
                      aria-label={`Client rate for ${type.name}`}
                      aria-invalid={rateError ? true : undefined}
                      {...register(`items.${index}.override_rate_cents`)}
                    />
                    {rateError && <p className="field-error">{rateError}</p>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableFrame>
      <div className="form-grid">
        <FormField
          label="Rate changes take effect from"
          type="date"
          hint="Blank: from today. Time already recorded keeps its rate."
          error={errors.effective_from?.message}
          {...register('effective_from')}
        />
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Saving...' : 'Save activity types'}
        </button>
      </div>
    </form>
  );
}
